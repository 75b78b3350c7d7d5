/**
 * @module bench/recall-profile
 * `node --import tsx bench/recall-profile.ts --turns 10000 --db /tmp/p10k.db`: the per-query cost
 * of a warm recall, for profiling (`node --cpu-prof --import tsx bench/recall-profile.ts ...`).
 * Builds one user from the scale generator (MemoryService.importTurns) into the SQLite file once (kept between runs, so two
 * trees can be compared on the same rows), then asks the scale question set `--reps` times at
 * `--budget` tokens and prints CPU p50/p99 per recall, the store calls per recall (by RecallIndex
 * method) and a digest of the contexts (the same digest means the same contexts came back).
 * `--backend postgres` builds the user in the schema `recall_profile_<turns>` of the test
 * database instead (kept too) and reports wall time as well (the server's CPU is not in ours).
 * `--set retrieve.lexicalLimit=150,...` overrides recall tunables for the run.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { MemoryStore } from '../src/core/ports.ts';
import { MemoryService, type TurnInput } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { createPostgresStore } from '../src/store/postgres/create.ts';
import { urlWithSchema } from '../test/store/pg-harness.ts';
import { generateTurns, QUESTIONS } from './lib/scale-gen.ts';
import { applySets } from './lib/tunables.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}
const TURNS = Number(arg('turns', '1000'));
const DB = arg('db', `/tmp/recall-profile-${TURNS}.db`);
const REPS = Number(arg('reps', '10'));
const BUDGET = Number(arg('budget', '512'));
const USER = 'scale-user';
const PG = arg('backend', 'sqlite') === 'postgres';
// `--set retrieve.smoothTop=50,...`: recall tunables for this run (bench/lib/tunables.ts).
if (arg('set', '')) applySets(arg('set', ''));
const open = async (path: string): Promise<MemoryStore> => (PG ? createPostgresStore(urlWithSchema(`recall_profile_${TURNS}`)) : new SqliteMemoryStore(path));

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** The store with every call counted by method name. */
function counted(store: MemoryStore, calls: Map<string, number>): MemoryStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
        return v.apply(target, args);
      };
    },
  });
}

async function build(): Promise<void> {
  if (!PG && existsSync(DB)) return;
  const tmp = `${DB}.building`;
  const store = await open(tmp);
  await store.migrate();
  if (PG && (await store.corpusStats(`u:${USER}`, 'turn')).count >= TURNS) return store.close();
  const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
  // The ingest pipeline in 500-turn transactions (MemoryService.importTurns: what POST /turns would store).
  let batch: TurnInput[] = [];
  let i = 0;
  for (const t of generateTurns(TURNS)) {
    batch.push({ sessionId: t.sessionId, userId: USER, timestamp: t.timestamp, messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }], withMemories: false });
    if (batch.length === 500) {
      await svc.importTurns(batch);
      batch = [];
    }
    if (++i % 10000 === 0) console.error(`  ${i} turns`);
  }
  await svc.importTurns(batch);
  await store.close();
  if (!PG) copyFileSync(tmp, DB);
}

await build();
const raw = await open(DB);
await raw.migrate();
const calls = new Map<string, number>();
const store = counted(raw, calls);
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
const digest = createHash('sha256');
for (const q of QUESTIONS) digest.update((await svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: BUDGET })).context);
calls.clear();
const cpu: number[] = [];
const wall: number[] = [];
const byQuestion = new Map<string, number[]>();
for (let rep = 0; rep < REPS; rep++) {
  for (const q of QUESTIONS) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: BUDGET });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    byQuestion.set(q, [...(byQuestion.get(q) ?? []), (c.user + c.system) / 1000]);
  }
}
const slowest = [...byQuestion].map(([q, xs]) => [q, pct(xs, 50)] as const).sort((a, b) => b[1] - a[1]).slice(0, 6);
console.log(`slowest questions (CPU p50): ${slowest.map(([q, x]) => `${x.toFixed(1)} ms ${JSON.stringify(q)}`).join('; ')}`);
const n = REPS * QUESTIONS.length;
const perRecall = [...calls].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(1)}`);
console.log(`${PG ? 'postgres' : 'sqlite'} turns ${TURNS} budget ${BUDGET}: recall wall p50 ${pct(wall, 50).toFixed(2)} ms, p99 ${pct(wall, 99).toFixed(2)} ms; CPU p50 ${pct(cpu, 50).toFixed(2)} ms, p99 ${pct(cpu, 99).toFixed(2)} ms, mean ${(cpu.reduce((a, b) => a + b, 0) / n).toFixed(2)} ms over ${n}; store calls per recall ${([...calls.values()].reduce((a, b) => a + b, 0) / n).toFixed(1)} (${perRecall.join(', ')}); contexts ${digest.digest('hex').slice(0, 12)}; load ${loadavg()[0].toFixed(1)}`);
await raw.close();
