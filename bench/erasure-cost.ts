/**
 * Cost of SQLite erasure (store.erase(): WAL checkpoint + truncate) for 500 one-memory hard deletes: none (baseline), one erase
 * after the batch (what mem0 delete-by-filter does), one erase per delete. Same run, wall and CPU time.
 * Run: node --import tsx bench/erasure-cost.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { memory } from '../test/store/conformance.ts';
const N = 500;
for (const mode of ['deleteMemory x500 (baseline, no erase)', 'deleteMemory x500 + one erase()', 'deleteMemory + erase() each']) {
  const db = join(mkdtempSync(join(tmpdir(), 'eb-')), 'm.db');
  const store = new SqliteMemoryStore(db);
  await store.migrate();
  const rows = Array.from({ length: N }, (_, i) => memory('u:x', 'note', `value number ${i} zq${i}`, { singleValued: false }));
  await store.transaction('u:x', async (tx) => { for (const r of rows) await tx.insertMemory(r); });
  const t0 = performance.now(); const c0 = process.cpuUsage();
  for (const r of rows) { await store.deleteMemory('u:x', r.id); if (mode.endsWith('each')) await store.erase(); }
  if (mode.includes('one erase')) await store.erase();
  const c = process.cpuUsage(c0);
  console.log(`${mode}: ${N} deletes, wall ${(performance.now() - t0).toFixed(0)} ms, cpu ${((c.user + c.system) / 1000).toFixed(0)} ms`);
  await store.close();
}
