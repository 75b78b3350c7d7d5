/** The outcome each reconciler op stands for (core/reconcile/op-outcomes), row by row. */
import { describe, expect, test } from 'vitest';
import { countOpOutcomes, opOutcome, type MemoryOpOutcome } from '../../src/core/reconcile/op-outcomes.ts';
import type { MemoryOp, MemoryRecord } from '../../src/core/types.ts';

const insert: MemoryOp = { kind: 'insert', memory: { id: 'm1' } as MemoryRecord };
const update = (patch: Partial<MemoryRecord>): MemoryOp => ({ kind: 'update', id: 'm0', patch });

describe('opOutcome', () => {
  test.each<[string, MemoryOp, MemoryOpOutcome]>([
    ['a new row', insert, 'inserted'],
    ['ended by a newer value', update({ active: false, status: 'superseded', supersededBy: 'm1' }), 'superseded'],
    ['taken back', update({ active: false, status: 'retracted' }), 'retracted'],
    ['stopped holding', update({ active: false, status: 'historical' }), 'ended'],
    ['confidence up', update({ confidence: 0.95, updatedAt: '2024-01-01T00:00:00Z' }), 'reinforced'],
    ['a refresh that keeps it active', update({ status: 'active', updatedAt: '2024-01-01T00:00:00Z' }), 'reinforced'],
  ])('%s → %s', (_name, op, outcome) => {
    expect(opOutcome(op)).toBe(outcome);
  });

  test('counts every outcome, zeros included', () => {
    expect(countOpOutcomes([insert, insert, update({ status: 'superseded' }), update({ confidence: 1 })])).toEqual({
      inserted: 2,
      superseded: 1,
      reinforced: 1,
      retracted: 0,
      ended: 0,
    });
  });
});
