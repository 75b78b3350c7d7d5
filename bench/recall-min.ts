/**
 * @module bench/recall-min
 * `node --import tsx bench/recall-min.ts --db /tmp/p10k.db [--reps 6] [--replay]`: the figures that
 * separate two trees on a loaded machine, over a SQLite file built by bench/recall-profile.ts (one
 * user, the scale question set, 512 tokens). After the server's warm-up and one pass (whose contexts
 * give the digest, the same as recall-profile's), each question is asked `--reps` times and its
 * minimum CPU kept: printed is the mean of those minimums over the questions, with p50/p99/mean of
 * every recall. A minimum is what the code costs when nothing else ran in between (no GC, no other
 * process); p50 and p99 move by ±20 % between runs at a load of 8. `--replay` also records one
 * pass's store calls and replays them per RecallIndex method, `--reps` times, keeping each method's
 * minimum CPU per recall (better-sqlite3 is synchronous: a call's time is its CPU). Run it from each
 * tree on its own copy of the file, alternately (session 16, docs/recall-architecture.md).
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { MemoryService } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { QUESTIONS } from './lib/scale-gen.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}
const DB = arg('db', '/tmp/recall-profile-10000.db');
const REPS = Math.max(1, Number(arg('reps', '6')));
const USER = 'scale-user';
const cpuMs = (t0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(t0);
  return (c.user + c.system) / 1000;
};

const store = new SqliteMemoryStore(DB);
await store.migrate();
const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), logger: { info() {}, warn() {}, error() {} } });
await service.warmUp();
const ask = (query: string) => service.recall({ query, sessionId: null, userId: USER, maxTokens: 512 });
const digest = createHash('sha256');
for (const q of QUESTIONS) digest.update((await ask(q)).context);
const min = QUESTIONS.map(() => Infinity);
const all: number[] = [];
for (let r = 0; r < REPS; r++) {
  for (const [i, q] of QUESTIONS.entries()) {
    const t0 = process.cpuUsage();
    await ask(q);
    const ms = cpuMs(t0);
    all.push(ms);
    min[i] = Math.min(min[i], ms);
  }
}
all.sort((a, b) => a - b);
const pct = (p: number) => all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)];
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(
  `mean of per-question minimum CPU ${mean(min).toFixed(2)} ms (${REPS} reps); CPU p50 ${pct(50).toFixed(2)}, p99 ${pct(99).toFixed(2)}, mean ${mean(all).toFixed(2)} ms over ${all.length}; contexts ${digest.digest('hex').slice(0, 12)}; load ${loadavg()[0].toFixed(1)}`,
);

if (process.argv.includes('--replay')) {
  // One pass's calls per method, recorded through the store's own methods, then replayed alone.
  type Method = (...a: unknown[]) => Promise<unknown>;
  const target = store as unknown as Record<string, Method>;
  const calls = new Map<string, unknown[][]>();
  const originals = new Map<string, Method>();
  let recording = false;
  // The reads recall makes (RecallIndex and the session/listing reads), not the store's own helpers (their time is in these).
  const READS = ['lexicalCandidates', 'termFrequencies', 'corpusStats', 'scopeNames', 'turnsAround', 'turnsAt', 'turnsBetween', 'getMemories', 'getTurns', 'memoriesByKeys', 'retractedByKeys', 'activeInSlots', 'eventsBetween', 'memoryHistory', 'recentTurns', 'listMemories', 'vectorSearch', 'scopesOfUser'];
  const methods = READS.filter((m) => typeof target[m] === 'function');
  for (const m of methods) {
    const f = target[m].bind(store) as Method;
    originals.set(m, f);
    target[m] = (...a: unknown[]) => {
      if (recording) calls.set(m, [...(calls.get(m) ?? []), a]);
      return f(...a);
    };
  }
  recording = true;
  for (const q of QUESTIONS) await ask(q);
  recording = false;
  const out: string[] = [];
  let total = 0;
  for (const [m, list] of calls) {
    let best = Infinity;
    for (let r = 0; r < REPS; r++) {
      const t0 = process.cpuUsage();
      for (const a of list) await originals.get(m)!(...a);
      best = Math.min(best, cpuMs(t0) / QUESTIONS.length);
    }
    total += best;
    out.push(`${m} ${best.toFixed(3)} (${(list.length / QUESTIONS.length).toFixed(1)} calls)`);
  }
  console.log(`store calls replayed, minimum CPU per recall ${total.toFixed(2)} ms: ${out.join(', ')}`);
}
await store.close();
