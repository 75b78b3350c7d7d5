/**
 * @module test/bench/heldout-fixtures
 * The held-out recall probe sets load and cover what issue 14 asks for: at least 6 users and 40
 * probes, every kind, distinct users. (Whether recall passes them is measured by
 * bench/recall-probes-heldout.ts, not gated here: they are held out.)
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { HELDOUT_DIR, HELDOUT_KINDS, loadProbeSets } from '../../bench/lib/heldout-probes.ts';

test('held-out probe sets load and cover every kind', () => {
  const sets = loadProbeSets(fileURLToPath(HELDOUT_DIR));
  expect(sets.length).toBeGreaterThanOrEqual(6);
  expect(new Set(sets.map((s) => s.user_id)).size).toBe(sets.length);
  const probes = sets.flatMap((s) => s.probes);
  expect(probes.length).toBeGreaterThanOrEqual(40);
  for (const k of HELDOUT_KINDS) expect(probes.filter((p) => p.kind === k).length).toBeGreaterThanOrEqual(5);
});
