/**
 * @module bench/lib/cold-recall
 * One fresh process's first recalls, for bench/scale.ts (run as a child process):
 * `node --import tsx bench/lib/cold-recall.ts --db file.db | --pg URL --user U --budget 512 --warm 1 --q "..." --q "..."`.
 * It starts as the server does — opens the store, migrates, and with `--warm 1` runs
 * MemoryService.warmUp and, unless `--sample 0`, MemoryService.warmUpOnSample (src/server.ts does both) — then asks each `--q` once in order and prints one
 * JSON line: start-up wall ms (open + migrate + warm-ups), warm-up ms, sample warm-up ms, and wall/CPU ms of each
 * recall. The first recall of a process is not the whole cold cost: V8 compiles a regular
 * expression to native code on its second use, so the second recall of a process without the
 * warm-up paid 150-250 ms more (docs/recall-architecture.md, session 6).
 */
import type { MemoryStore } from '../../src/core/ports.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPostgresStore } from '../../src/store/postgres/create.ts';

function args(name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < process.argv.length - 1; i++) if (process.argv[i] === `--${name}`) out.push(process.argv[i + 1]);
  return out;
}
const one = (name: string, fallback: string) => args(name)[0] ?? fallback;

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const t0 = performance.now();
const db = one('db', '');
const store: MemoryStore = db ? new SqliteMemoryStore(db) : await createPostgresStore(one('pg', ''));
await store.migrate();
const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
const warm = one('warm', '1') === '1' ? await service.warmUp() : null;
// `--sample 1` (the default, as src/server.ts does): then the warm-up over a made-up conversation in a scratch in-memory store.
let sampleMs = 0;
if (one('warm', '1') === '1' && one('sample', '1') === '1') {
  const scratch = new SqliteMemoryStore(':memory:');
  sampleMs = (await service.warmUpOnSample(scratch)).ms;
  await scratch.close();
}
const startMs = performance.now() - t0;
const recalls: { wall: number; cpu: number }[] = [];
for (const query of args('q')) {
  const c0 = cpuMs();
  const w0 = performance.now();
  await service.recall({ query, sessionId: null, userId: one('user', ''), maxTokens: Number(one('budget', '512')) });
  recalls.push({ wall: performance.now() - w0, cpu: cpuMs() - c0 });
}
process.stdout.write(`${JSON.stringify({ startMs, warmMs: warm?.ms ?? 0, sampleMs, recalls })}\n`);
// No close: closing runs PRAGMA optimize and a full-text merge, which would change the measured file.
process.exit(0);
