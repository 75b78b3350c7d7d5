/**
 * @module bench/recall-profile
 * `node --import tsx bench/recall-profile.ts --turns 10000 --db /tmp/p10k.db`: the per-query cost
 * of a warm recall, for profiling (`node --cpu-prof --import tsx bench/recall-profile.ts ...`).
 * Builds one user from the scale generator (MemoryService.importTurns) into the SQLite file once (kept between runs, so two
 * trees can be compared on the same rows), then asks the scale question set `--reps` times at
 * `--budget` tokens and prints CPU p50/p99 per recall, the store calls per recall (by RecallIndex
 * method) and a digest of the contexts (the same digest means the same contexts came back).
 * `--backend postgres` builds the user in the schema `recall_profile_<turns>` of the test
 * database instead (kept too; `--schema NAME` picks another) and reports wall time as well (the server's CPU is not in ours).
 * `--set retrieve.lexicalLimit=150,...` overrides recall tunables for the run.
 * `--statements` (SQLite) also times every statement run and prints the costliest per recall.
 * `--only WORDS` asks only the questions that contain WORDS (`A|B`: either).
 * `--profile FILE` writes a V8 CPU profile of the measured passes alone (after the warm-up and the digest pass; open it
 * in Chrome DevTools or read it with a script), unlike `node --cpu-prof`, which also records start-up and first runs.
 * `--slowest N` prints the N slowest questions (CPU p50) and the N slowest recalls (CPU ms) with a per-stage breakdown
 * (wall ms): ranking (retrieve, its store calls included), store (every store call of the recall, overlapping calls
 * counted each), assembly (lines and packing) and the rest (gate, changes, arcs, sequels, histories).
 * `--pool 1` (PostgreSQL) runs on one connection and adds the server's CPU per recall (that
 * backend's utime + stime from /proc: the server must run on this machine).
 * `--warm-up` first runs MemoryService.warmUp, as the server does at start: without it the first
 * measured pass still pays one-time costs (V8 compiles a regular expression to machine code on its
 * second run; chrono-node's take ~0.3 s at the second dated question). The CPU mean of each pass
 * is printed, so the first pass can be compared with the others.
 * `--yield` turns the event loop between recalls (a `setImmediate`), as a server does between requests: V8 then runs
 * its minor GC task (posted when new space is 80 % full, `--minor-gc-task-trigger`) between recalls instead of a
 * scavenge inside the next recall that runs out of room. Without it every recall of a pass runs in one task and every
 * scavenge lands inside a recall. The CPU spent between recalls (those scavenges) is printed per recall, so the total
 * stays comparable with a run without `--yield`.
 * Every recall's CPU is also split by thread (Linux: `/proc/self/task/<pid>/schedstat`, nanoseconds): the main thread
 * (our code, SQLite, the GC's own share of a pause) against the process's other threads (V8's parallel scavenge and
 * concurrent marking helpers, compiler threads), which `process.cpuUsage` counts too. Printed as main-thread p50/p99
 * and, with `--slowest N`, per recall. `--steady K` also prints p50/p99 over the passes from the K-th on (0-based): V8
 * keeps optimizing the recall path through the first passes after a warm-up (its compiler threads' CPU is in the
 * process CPU of the recalls they overlap), so a long run's later passes are the steady state. It also counts the steady
 * recalls holding 2 ms or more of the other threads' CPU and prints the p99 of the rest, and with `--slowest N` lists the
 * N slowest steady recalls as main thread + other threads, with the GC pause inside and the pass (session 24: the steady
 * tail is first TurboFan compiles landing on random questions, docs/recall-architecture.md).
 * `--warm-up-sample` then runs the server's second warm-up too (MemoryService.warmUpOnSample over a scratch in-memory
 * store, as server.ts does once listening): recall's code over rows, before the measured passes.
 * The GC pauses of the main thread are read from `perf_hooks` ('gc' entries, on the same clock as the recalls): each
 * recall's pauses are summed, and the steady figures are also printed over the recalls with no pause inside (what the
 * recall path itself costs, against what a scavenge that happens to land in it adds). `--mark` prints each pass's start
 * (ms since start) to stderr and each slowest recall's start, to place V8's `--trace-gc` / `--trace-opt` lines.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import type { MemoryStore } from '../src/core/ports.ts';
import { MemoryService, type TurnInput } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { createPostgresStore } from '../src/store/postgres/create.ts';
import { urlWithSchema } from '../test/store/pg-harness.ts';
import { generateTurns, QUESTIONS as ALL_QUESTIONS } from './lib/scale-gen.ts';
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
// `--only WORDS`: just the questions containing WORDS, `A|B` either (profiling the slow questions).
const QUESTIONS = ALL_QUESTIONS.filter((q) => arg('only', '').split('|').some((w) => q.includes(w)));
const PG = arg('backend', 'sqlite') === 'postgres';
// `--set retrieve.smoothTop=50,...`: recall tunables for this run (bench/lib/tunables.ts).
if (arg('set', '')) applySets(arg('set', ''));
const SCHEMA = arg('schema', `recall_profile_${TURNS}`);
const POOL = Number(arg('pool', '0'));
/** CPU ns of the main thread so far (sum_exec_runtime; 0 off Linux). */
const MAIN_SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const HAS_SCHEDSTAT = existsSync(MAIN_SCHEDSTAT);
const mainCpuNs = (): number => (HAS_SCHEDSTAT ? Number(readFileSync(MAIN_SCHEDSTAT, 'utf8').split(' ')[0]) : 0);
/** CPU ms of every thread of the process so far, by thread id (Linux). */
const threadsCpu = (): Map<string, number> => {
  const out = new Map<string, number>();
  if (!HAS_SCHEDSTAT) return out;
  for (const t of readdirSync('/proc/self/task')) {
    try {
      out.set(t, Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // the thread ended
    }
  }
  return out;
};
const open = async (path: string): Promise<MemoryStore> => (PG ? createPostgresStore(urlWithSchema(SCHEMA), POOL > 0 ? { poolSize: POOL } : {}) : new SqliteMemoryStore(path));
/** CPU ms of a process so far (utime + stime from /proc/PID/stat, in clock ticks of 10 ms). */
const procCpuMs = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

/** Statement text → [runs, ms, rows] while `--statements` is on (SQLite only: better-sqlite3 is synchronous, so wall is its CPU). */
const statements = new Map<string, [number, number, number]>();
function timeStatements(): void {
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  db.close();
  for (const m of ['all', 'get', 'run']) {
    const orig = proto[m] as (...a: unknown[]) => unknown;
    proto[m] = function (this: { source: string }, ...a: unknown[]) {
      const t0 = performance.now();
      const out = orig.apply(this, a);
      const e = statements.get(this.source) ?? [0, 0, 0];
      statements.set(this.source, [e[0] + 1, e[1] + performance.now() - t0, e[2] + (Array.isArray(out) ? out.length : 1)]);
      return out;
    };
  }
}
if (process.argv.includes('--statements')) timeStatements();

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** Wall ms spent in each store method (calls asked together overlap, so the sum can exceed the recall's wall). */
const callMs = new Map<string, number>();
/** The store with every call counted (and timed, wall) by method name. */
function counted(store: MemoryStore, calls: Map<string, number>): MemoryStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.set(String(prop), (calls.get(String(prop)) ?? 0) + 1);
        const t0 = performance.now();
        const out = v.apply(target, args);
        const done = () => callMs.set(String(prop), (callMs.get(String(prop)) ?? 0) + performance.now() - t0);
        if (out instanceof Promise) out.then(done, done);
        else done();
        return out;
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
/** Wall ms per observer stage ('ranking', 'assembly') of the recall being measured. */
const stageMs = new Map<string, number>();
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), observer: { stage: (name, ms) => stageMs.set(name, (stageMs.get(name) ?? 0) + ms) } });
const warm = process.argv.includes('--warm-up') ? await svc.warmUp() : null;
// `--warm-up-sample`: then the server's second warm-up, the sample conversation in a scratch store (server.ts).
const sampleWarm = process.argv.includes('--warm-up-sample') ? await warmOnSample() : null;
async function warmOnSample(): Promise<{ recalls: number; ms: number }> {
  const scratch = new SqliteMemoryStore(':memory:');
  try {
    return await svc.warmUpOnSample(scratch);
  } finally {
    await scratch.close();
  }
}
const digest = createHash('sha256');
for (const q of QUESTIONS) digest.update((await svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: BUDGET })).context);
// One connection: its backend's CPU is the server's share of every recall.
const backend = PG && POOL === 1 ? Number(((await (raw as unknown as { pool: { all(sql: string): Promise<Array<Record<string, unknown>>> } }).pool.all('SELECT pg_backend_pid() AS pid'))[0].pid)) : 0;
const server0 = backend ? procCpuMs(backend) : 0;
calls.clear();
callMs.clear();
statements.clear();
const PROFILE = arg('profile', '');
const inspector = PROFILE ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
}
const threads0 = threadsCpu();
/** Main-thread GC pauses over the measured passes: [start ms, duration ms, major]. */
const gcs: Array<[number, number, boolean]> = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([e.startTime, e.duration, ((e as { detail?: { kind?: number } }).detail?.kind ?? 0) !== perfConstants.NODE_PERFORMANCE_GC_MINOR]);
});
gcObserver.observe({ entryTypes: ['gc'] });
const cpu: number[] = [];
const wall: number[] = [];
const byQuestion = new Map<string, number[]>();
const passMeans: number[] = [];
/** ...and of its main thread alone. */
const passMainMeans: number[] = [];
/** Every measured recall: question, CPU ms, wall ms and its stages (wall ms). */
const recalls: Array<{ q: string; cpu: number; main: number; wall: number; ranking: number; store: number; assembly: number; at: number }> = [];
/** Main-thread CPU ms of each measured recall. */
const mainCpu: number[] = [];
const storeTotal = () => [...callMs.values()].reduce((a, b) => a + b, 0);
const YIELD = process.argv.includes('--yield');
/** `--mark`: each pass's start time (ms since start) to stderr, to place V8's `--trace-gc` / `--trace-opt` lines. */
const MARK = process.argv.includes('--mark');
/** CPU ms spent between recalls (with `--yield`: the turn of the event loop, where V8's minor GC task runs). */
let between = 0;
for (let rep = 0; rep < REPS; rep++) {
  const before = cpu.length;
  if (MARK) console.error(`pass ${rep} at ${performance.now().toFixed(0)} ms`);
  for (const q of QUESTIONS) {
    if (YIELD) {
      const y0 = process.cpuUsage();
      await new Promise((r) => setImmediate(r));
      const y = process.cpuUsage(y0);
      between += (y.user + y.system) / 1000;
    }
    stageMs.clear();
    const s0 = storeTotal();
    const m0 = mainCpuNs();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: BUDGET });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    mainCpu.push((mainCpuNs() - m0) / 1e6);
    cpu.push((c.user + c.system) / 1000);
    recalls.push({ q, cpu: cpu.at(-1)!, main: mainCpu.at(-1)!, wall: wall.at(-1)!, ranking: stageMs.get('ranking') ?? 0, store: storeTotal() - s0, assembly: stageMs.get('assembly') ?? 0, at: t0 });
    byQuestion.set(q, [...(byQuestion.get(q) ?? []), (c.user + c.system) / 1000]);
  }
  passMeans.push(cpu.slice(before).reduce((a, b) => a + b, 0) / (cpu.length - before));
  passMainMeans.push(mainCpu.slice(before).reduce((a, b) => a + b, 0) / (cpu.length - before));
}
const threads1 = threadsCpu();
// The observer's entries arrive on a later turn of the event loop (a timer: one setImmediate is not enough).
await new Promise((r) => setTimeout(r, 50));
gcObserver.disconnect();
/** GC pause ms of the main thread inside each measured recall. */
const gcIn = recalls.map((x) => gcs.reduce((a, [at, ms]) => a + (at >= x.at && at < x.at + x.wall ? ms : 0), 0));
if (inspector) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(PROFILE, JSON.stringify(profile));
  inspector.disconnect();
}
const serverCpu = backend ? `; server CPU mean ${((procCpuMs(backend) - server0) / (REPS * QUESTIONS.length)).toFixed(2)} ms (backend ${backend})` : '';
const SLOWEST = Number(arg('slowest', '0'));
const slowest = [...byQuestion].map(([q, xs]) => [q, pct(xs, 50)] as const).sort((a, b) => b[1] - a[1]).slice(0, Math.max(6, SLOWEST));
console.log(`slowest questions (CPU p50): ${slowest.map(([q, x]) => `${x.toFixed(1)} ms ${JSON.stringify(q)}`).join('; ')}`);
const n = REPS * QUESTIONS.length;
if (SLOWEST > 0) {
  console.log(`slowest ${SLOWEST} recalls (CPU ms, main thread's share; wall ms: ranking incl. its store calls / store calls of the whole recall / assembly / rest):`);
  for (const x of [...recalls].sort((a, b) => b.cpu - a.cpu).slice(0, SLOWEST)) {
    const rest = Math.max(0, x.wall - x.ranking - x.assembly);
    console.log(`  ${x.cpu.toFixed(1).padStart(5)} ms cpu (main ${x.main.toFixed(1)})  wall ${x.wall.toFixed(1)}: ranking ${x.ranking.toFixed(1)} / store ${x.store.toFixed(1)} / assembly ${x.assembly.toFixed(1)} / rest ${rest.toFixed(1)}; gc ${gcIn[recalls.indexOf(x)]!.toFixed(1)}  ${JSON.stringify(x.q)}${MARK ? ` at ${x.at.toFixed(0)} ms` : ''}`);
  }
}
const perRecall = [...calls].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(1)}`);
console.log(`${PG ? 'postgres' : 'sqlite'} turns ${TURNS} budget ${BUDGET}: recall wall p50 ${pct(wall, 50).toFixed(2)} ms, p99 ${pct(wall, 99).toFixed(2)} ms; CPU p50 ${pct(cpu, 50).toFixed(2)} ms, p99 ${pct(cpu, 99).toFixed(2)} ms, mean ${(cpu.reduce((a, b) => a + b, 0) / n).toFixed(2)} ms over ${n}; store calls per recall ${([...calls.values()].reduce((a, b) => a + b, 0) / n).toFixed(1)} (${perRecall.join(', ')}); contexts ${digest.digest('hex').slice(0, 12)}${serverCpu}; load ${loadavg()[0].toFixed(1)}`);
if (HAS_SCHEDSTAT) {
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const byThread = [...threads1].map(([t, ms]) => [t, (ms - (threads0.get(t) ?? 0)) / (REPS * QUESTIONS.length)] as const).filter(([, x]) => x >= 0.005).sort((a, b) => b[1] - a[1]);
  console.log(`CPU a recall by thread over the measured passes (ms): ${byThread.map(([t, x]) => `${t === String(process.pid) ? 'main' : t} ${x.toFixed(2)}`).join(', ')}`);
  console.log(`main thread CPU p50 ${pct(mainCpu, 50).toFixed(2)} ms, p99 ${pct(mainCpu, 99).toFixed(2)} ms, mean ${(total(mainCpu) / n).toFixed(2)} ms; other threads ${((total(cpu) - total(mainCpu)) / n).toFixed(2)} ms a recall (process CPU minus main)`);
}
const STEADY = Number(arg('steady', '-1'));
if (STEADY >= 0 && STEADY < REPS) {
  const from = STEADY * QUESTIONS.length;
  const c = cpu.slice(from);
  const m = mainCpu.slice(from);
  console.log(`steady (passes ${STEADY}–${REPS - 1}, ${c.length} recalls): CPU p50 ${pct(c, 50).toFixed(2)} ms, p99 ${pct(c, 99).toFixed(2)} ms, mean ${(c.reduce((a, b) => a + b, 0) / c.length).toFixed(2)} ms${HAS_SCHEDSTAT ? `; main thread p50 ${pct(m, 50).toFixed(2)} ms, p99 ${pct(m, 99).toFixed(2)} ms; other threads ${((c.reduce((a, b) => a + b, 0) - m.reduce((a, b) => a + b, 0)) / c.length).toFixed(2)} ms a recall` : ''}`);
  if (SLOWEST > 0) {
    // The steady tail recall by recall: main thread against the other threads (compiler, GC helpers) and the GC pause inside.
    const tail = recalls.slice(from).map((x, i) => ({ x, gc: gcIn[from + i]!, pass: STEADY + Math.floor(i / QUESTIONS.length) })).sort((a, b) => b.x.cpu - a.x.cpu).slice(0, SLOWEST);
    console.log(`steady slowest ${SLOWEST} recalls (CPU ms = main + other threads; gc pause ms inside; pass):`);
    for (const { x, gc, pass } of tail) console.log(`  ${x.cpu.toFixed(1).padStart(5)} = ${x.main.toFixed(1)} + ${(x.cpu - x.main).toFixed(1)}; gc ${gc.toFixed(1)}; pass ${pass}  ${JSON.stringify(x.q)}`);
  }
  if (HAS_SCHEDSTAT) {
    // The recalls another thread (a TurboFan compile, GC helpers) added 2 ms or more to, against the rest.
    const busy = c.filter((x, i) => x - m[i]! >= 2).length;
    const calm = c.filter((x, i) => x - m[i]! < 2);
    console.log(`steady, other threads: ${busy} of ${c.length} recalls hold 2 ms or more of other threads' CPU; the ${calm.length} others: CPU p50 ${pct(calm, 50).toFixed(2)} ms, p99 ${pct(calm, 99).toFixed(2)} ms`);
  }
  const quiet = c.filter((_, i) => gcIn[from + i] === 0);
  const quietMain = m.filter((_, i) => gcIn[from + i] === 0);
  const paused = gcIn.slice(from).filter((x) => x > 0);
  console.log(`steady, GC: ${paused.length} of ${c.length} recalls hold a GC pause (${(paused.reduce((a, b) => a + b, 0) / Math.max(1, paused.length)).toFixed(2)} ms on average; ${gcs.filter(([, , major]) => major).length} major over the run); the ${quiet.length} without: CPU p50 ${pct(quiet, 50).toFixed(2)} ms, p99 ${pct(quiet, 99).toFixed(2)} ms${HAS_SCHEDSTAT ? `, main thread p99 ${pct(quietMain, 99).toFixed(2)} ms` : ''}`);
}
// Each question's fastest pass, averaged over the questions: the figure least moved by other load on the machine (A/B on a shared box).
const minMean = [...byQuestion.values()].reduce((a, xs) => a + Math.min(...xs), 0) / Math.max(1, byQuestion.size);
if (YIELD) console.log(`--yield: CPU between recalls ${(between / n).toFixed(2)} ms per recall; recall CPU mean plus that ${((cpu.reduce((a, b) => a + b, 0) + between) / n).toFixed(2)} ms`);
console.log(`CPU per question at its fastest pass, mean ${minMean.toFixed(2)} ms; heaviest question at its fastest ${Math.max(...[...byQuestion.values()].map((xs) => Math.min(...xs))).toFixed(2)} ms`);
console.log(`CPU mean per pass: ${passMeans.map((x) => x.toFixed(2)).join(', ')} ms${HAS_SCHEDSTAT ? ` (main thread ${passMainMeans.map((x) => x.toFixed(2)).join(', ')})` : ''}${warm ? `; after the server's warm-up (${warm.recalls} recalls, ${warm.ms.toFixed(0)} ms)` : ''}${sampleWarm ? `; and its warm-up on the sample (${sampleWarm.recalls} recalls, ${sampleWarm.ms.toFixed(0)} ms)` : ''}`);
console.log(`store wall per recall: ${[...callMs].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(2)} ms`).join(', ')}`);
if (statements.size > 0) {
  const all = [...statements].sort((a, b) => b[1][1] - a[1][1]);
  console.log(`statements: ${(all.reduce((s, [, e]) => s + e[1], 0) / n).toFixed(2)} ms, ${(all.reduce((s, [, e]) => s + e[0], 0) / n).toFixed(1)} runs, ${(all.reduce((s, [, e]) => s + e[2], 0) / n).toFixed(0)} rows per recall`);
  for (const [sql, [runs, ms, rows]] of all.slice(0, Number(arg('top', '15')))) console.log(`  ${(ms / n).toFixed(3)} ms ${(runs / n).toFixed(1)} runs ${(rows / n).toFixed(0)} rows  ${sql.replace(/\s+/g, ' ').slice(0, Number(arg('width', '110')))}`);
}
await raw.close();
