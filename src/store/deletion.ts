/**
 * @module store/deletion
 * What deleting a session does to the facts that remain: when a deleted memory had superseded
 * an older one, the older one becomes current again (unless another surviving row already
 * holds that single-valued key), so the user's current facts stay coherent. Pure: both SQL
 * backends load the rows, ask this module, and apply the answer.
 */
import type { MemoryRecord } from '../core/types.ts';

export interface ReactivationPlan {
  /** Rows to make current again: status active, active true, superseded_by/valid_to cleared. */
  reactivate: string[];
  /** Surviving rows whose supersedes/superseded_by link points at a deleted row: clear the link. */
  unlinkSupersedes: string[];
  unlinkSupersededBy: string[];
}

/**
 * @param deleted   memories being deleted
 * @param linked    surviving memories that a deleted row links to, or that link to one
 * @param activeNow surviving active rows of the scopes/keys involved (deleted ones excluded)
 */
export function planReactivation(deleted: readonly MemoryRecord[], linked: readonly MemoryRecord[], activeNow: readonly MemoryRecord[]): ReactivationPlan {
  const gone = new Set(deleted.map((m) => m.id));
  const slot = (m: MemoryRecord) => `${m.scope}\u0000${m.subject}\u0000${m.key}`;
  const taken = new Set(activeNow.filter((m) => !gone.has(m.id) && m.active && m.singleValued).map(slot));
  const reactivate: string[] = [];
  const unlinkSupersedes: string[] = [];
  const unlinkSupersededBy: string[] = [];
  const survivors = linked.filter((m) => !gone.has(m.id));
  // Oldest deletions first, so a chain A ← B ← C with B and C deleted revives A.
  const byId = new Map(survivors.map((m) => [m.id, m]));
  for (const d of [...deleted].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const prev = d.supersedes ? byId.get(d.supersedes) : undefined;
    if (!prev || prev.supersededBy !== d.id || prev.status !== 'superseded' || prev.deletedAt) continue;
    if (prev.singleValued && taken.has(slot(prev))) continue;
    reactivate.push(prev.id);
    if (prev.singleValued) taken.add(slot(prev));
  }
  const revived = new Set(reactivate);
  for (const m of survivors) {
    if (m.supersedes && gone.has(m.supersedes)) unlinkSupersedes.push(m.id);
    if (m.supersededBy && gone.has(m.supersededBy) && !revived.has(m.id)) unlinkSupersededBy.push(m.id);
  }
  return { reactivate, unlinkSupersedes, unlinkSupersededBy };
}
