/**
 * @module core/reconcile/op-outcomes
 * What a turn did to memory, counted per outcome from the reconciler's ops: a new row is
 * `inserted`; an update that ends a row says how (`superseded`, `retracted`, `ended` for a
 * value that stopped holding); any other update (confidence up, refreshed) is `reinforced`.
 * The metrics edge turns these counts into counters.
 */
import type { MemoryOp } from '../types.ts';

export const MEMORY_OP_OUTCOMES = ['inserted', 'superseded', 'reinforced', 'retracted', 'ended'] as const;
export type MemoryOpOutcome = (typeof MEMORY_OP_OUTCOMES)[number];

/** Status an update sets → the outcome it stands for. */
const STATUS_OUTCOME: Record<string, MemoryOpOutcome> = {
  superseded: 'superseded',
  retracted: 'retracted',
  historical: 'ended',
};

export function opOutcome(op: MemoryOp): MemoryOpOutcome {
  if (op.kind === 'insert') return 'inserted';
  const status = op.patch.status;
  return (status !== undefined && STATUS_OUTCOME[status]) || 'reinforced';
}

/** Counts per outcome (every outcome present, zeros included). */
export function countOpOutcomes(ops: readonly MemoryOp[]): Record<MemoryOpOutcome, number> {
  const counts = Object.fromEntries(MEMORY_OP_OUTCOMES.map((o) => [o, 0])) as Record<MemoryOpOutcome, number>;
  for (const op of ops) counts[opOutcome(op)]++;
  return counts;
}
