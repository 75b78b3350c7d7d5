// A place key's new value that only contains the current one (a region, a country) confirms it instead of
// superseding it. Before: "I grew up in Cork before moving to England." after "I work … in Leeds" ended Leeds and
// made England the user's location (fixtures/recall-probes/paraphrase-s11, physio user).
import { expect, test } from 'vitest';
import { reconcile, type ReconcileInput } from '../../src/core/reconcile/reconcile.ts';
import type { MemoryCandidate, MemoryRecord } from '../../src/core/types.ts';
import { expectContexts, withOfflineApp } from './offline-app.ts';

const scope = { key: 'u:alice', userId: 'alice', agentId: null };
/** Containment as the lexicon gives it at the edge, here a fixed table: region → places in it. */
const IN: Record<string, string[]> = { england: ['leeds', 'bristol'], portugal: ['lisbon', 'porto'], ireland: ['cork'] };
const placeContains = (outer: string, inner: string) => (IN[outer.toLowerCase()] ?? []).includes(inner.toLowerCase());

function run(steps: Array<{ key: string; value: string }>, contains = true): MemoryRecord[] {
  const rows = new Map<string, MemoryRecord>();
  let n = 0;
  steps.forEach((s, i) => {
    const ts = `2024-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`;
    const candidates: MemoryCandidate[] = [{ type: 'fact', subject: 'user', confidence: 0.9, op: 'assert', evidence: s.value, ...s }];
    const input: ReconcileInput = { scope, turn: { id: `t${i}`, sessionId: 's', timestamp: ts }, candidates, existing: [...rows.values()].filter((r) => r.active), now: ts, newId: () => `m${++n}`, ...(contains ? { placeContains } : {}) };
    for (const op of reconcile(input)) {
      if (op.kind === 'insert') rows.set(op.memory.id, { ...op.memory });
      else Object.assign(rows.get(op.id)!, op.patch);
    }
  });
  return [...rows.values()];
}
const activeValues = (rows: MemoryRecord[], key: string) => rows.filter((r) => r.active && r.key === key).map((r) => r.value);

test.each([
  // The region holds the current place: no move, the city stays.
  [[['location', 'Leeds'], ['location', 'England']], 'location', ['Leeds']],
  [[['hometown', 'Cork'], ['hometown', 'Ireland']], 'hometown', ['Cork']],
  // A place inside the current region is more precise: it supersedes.
  [[['location', 'England'], ['location', 'Leeds']], 'location', ['Leeds']],
  // A different place is a move.
  [[['location', 'Leeds'], ['location', 'Lisbon']], 'location', ['Lisbon']],
  [[['location', 'Leeds'], ['location', 'Portugal']], 'location', ['Portugal']],
  // Not a place key: an employer named like a region still supersedes.
  [[['employer', 'Leeds'], ['employer', 'England']], 'employer', ['England']],
] as Array<[Array<[string, string]>, string, string[]]>)('%j → %s %j', (steps, key, want) => {
  expect(activeValues(run(steps.map(([k, v]) => ({ key: k, value: v }))), key)).toEqual(want);
});

test('without a containment predicate (no lexicon) the newer place supersedes as before', () => {
  expect(activeValues(run([{ key: 'location', value: 'Leeds' }, { key: 'location', value: 'England' }], false), 'location')).toEqual(['England']);
});

test('through the service, with WordNet: a city stays the location when a later turn names its country', async () => {
  await withOfflineApp(['I work as a physiotherapist at a sports clinic in Leeds.', 'I grew up in Cork before moving to England.'], async (ask) => {
    await expectContexts(ask, [['Which city do I live in?', ['leeds']]]);
    const ctx = (await ask('Which city do I live in?')).toLowerCase();
    expect(ctx).not.toMatch(/location: england/);
  });
});
