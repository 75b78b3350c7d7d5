// Run by mutex.test.ts as `node --import tsx` (a fresh process, how the server runs — vitest's own
// hooks would hide the effect): the CPU cost of 200k plain awaits before and after 5,000 uses of
// the store locks (KeyedMutex as PostgreSQL uses it, SQLite store transactions). An
// AsyncLocalStorage anywhere on that path makes every later await ~2.6× dearer (issue 16).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyedMutex, Mutex } from '../../src/store/mutex.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

async function awaitCost(n: number): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await Promise.resolve(i);
    const d = process.cpuUsage(t0);
    best = Math.min(best, d.user + d.system);
  }
  return best;
}

// Before any lock was ever used (the store's migration takes its lock too).
const before = await awaitCost(200_000);
const dir = mkdtempSync(join(tmpdir(), 'await-cost-'));
const store = new SqliteMemoryStore(join(dir, 'm.db'));
await store.migrate();
const keyed = new KeyedMutex();
const plain = new Mutex();
for (let i = 0; i < 5000; i++) {
  await keyed.run(`user-${i % 50}`, async () => {
    await Promise.resolve();
  });
  if (i % 10 === 0) await plain.run(() => undefined);
  if (i % 25 === 0) await store.transaction(`u:${i % 7}`, async (tx) => tx.activeMemories(`u:${i % 7}`));
}
// The store closed first: its background work (a checkpoint, statistics) was counted as the awaits' CPU now and then
// (×1.8–2.0 on a quiet machine); what an AsyncLocalStorage leaves behind is process-wide and outlives the store.
await store.close();
const after = await awaitCost(200_000);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ before, after }));
