/**
 * @module bench/ingest
 * `npm run bench:ingest`: ingest measured from outside the real server (a child process on a free
 * port), offline extraction, on SQLite and PostgreSQL:
 *   - turns/s, server CPU ms/turn (with its trend per 250-turn segment) and latency p50/p99 at
 *     concurrency 1, 4 and 16 over many users;
 *   - the storage floor in the same run: a bare better-sqlite3 / postgres script inserting the
 *     same turn, FTS and memory rows in one transaction per turn, and the ratio to it;
 *   - growth: CPU per turn as ONE user goes from 0 to N turns (default 10,000);
 *   - the event loop during a maximum-size turn: /health latency while it is ingested, with the
 *     worker pool and (same run, baseline) without it (MEMORY_WORKER_THREADS=0);
 *   - six large scopes: a maximum-size turn in each of six users, then a recall in each, with the
 *     server's peak RSS (sampled every 100 ms; every phase reports its peak RSS).
 * Every phase prints the OS load average (the machine is shared) and the server's peak RSS; the run ends by
 *   comparing the highest peak with the RSS ceiling (`--rss-ceiling`, default 512 MB, issue 16) and exits 1 above it.
 * The load generator is its own process (bench/lib/ingest-client.ts, keep-alive node:http), as an
 * outside client; server CPU is read from the server's /proc/<pid>/stat (all its threads, workers
 * included; PostgreSQL's own backends are not in it) and the client's CPU is printed beside it. Flags: --stores sqlite,postgres --c1 N --c4 N --c16 N --growth N
 * --users N --segment N --phases throughput,growth,big,scopes --threads N --server-env K=V,… --mem-trace --no-big --no-floor --rss-ceiling MB --warm N (turns at concurrency 4 before the throughput levels, default 100) --warm-c1 N (then at concurrency 1, default 0). The machine is shared: read CPU per turn next to turns/s.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { startServer, type RunningServer } from '../test/api/harness.ts';
import { TEST_PG_URL, dropSchema, freshSchemaName, urlWithSchema } from '../test/store/pg-harness.ts';
import { MIGRATIONS } from '../src/store/sqlite/migrations.ts';
import { MEMORIES_FTS_SQL, TURNS_FTS_SQL } from '../src/store/sqlite/store.ts';
import { createPostgresStore } from '../src/store/postgres/create.ts';
import { analyseTurn } from '../src/core/turn-analysis.ts';
import type { Message } from '../src/core/types.ts';
import { CITIES, TEMPLATES, benchTurn, pick, procRssMb, type TurnPlan } from './lib/ingest-load.ts';

const { values: flags } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,postgres' },
    c1: { type: 'string', default: '300' },
    c4: { type: 'string', default: '1000' },
    c16: { type: 'string', default: '5000' },
    growth: { type: 'string', default: '10000' },
    users: { type: 'string', default: '100' },
    segment: { type: 'string', default: '250' },
    phases: { type: 'string', default: 'throughput,growth,big,scopes' },
    /** MEMORY_WORKER_THREADS for the throughput and growth servers (default: the server's default). */
    threads: { type: 'string' },
    'no-big': { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    /** scopes phase: after each request, and throughput phase: after each level, print the server's RSS split (anon/file) and the main thread's heap (GET /metrics). */
    'mem-trace': { type: 'boolean', default: false },
    /** Server RSS ceiling in MB (issue 16: ≤ 512 through the benchmarks): the run ends with exit code 1 when any phase's peak exceeds it. */
    'rss-ceiling': { type: 'string', default: '512' },
    /** Extra environment for the throughput and growth servers, `K=V,K2=V2` (e.g. MEMORY_HEAP_GROWING_PERCENT=0 for an A/B). */
    'server-env': { type: 'string', default: '' },
    /** Extra node options for the throughput and growth servers, space-separated (e.g. `--cpu-prof --cpu-prof-dir=DIR`; NODE_OPTIONS refuses --cpu-prof). */
    'server-node-args': { type: 'string', default: '' },
    /** Throughput phase warm-up, not measured: turns at concurrency 4 (the pool's path), then, once the workers have loaded, turns at concurrency 1 (the main thread's inline path). */
    warm: { type: 'string', default: '100' },
    'warm-c1': { type: 'string', default: '0' },
  },
});
const SEGMENT = Number(flags.segment);
const THREADS_ENV: Record<string, string> = {
  ...Object.fromEntries(
    flags['server-env']
      .split(',')
      .filter((kv) => kv.includes('='))
      .map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1).trim()]),
  ),
  ...(flags.threads !== undefined ? { MEMORY_WORKER_THREADS: flags.threads } : {}),
};
const SERVER_NODE_ARGS = flags['server-node-args'].split(' ').filter((a) => a !== '');
const USERS = Number(flags.users);
const LEVELS: Array<[number, number]> = [
  [1, Number(flags.c1)],
  [4, Number(flags.c4)],
  [16, Number(flags.c16)],
];

// ---- measurement ----

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : NaN);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

interface LevelResult {
  concurrency: number;
  turns: number;
  turnsPerS: number;
  cpuMsPerTurn: number;
  /** Of cpuMsPerTurn, the server's main thread (the event loop); the rest is the workers and V8's helper threads. */
  mainCpuMsPerTurn: number;
  /** Of cpuMsPerTurn, the pool's worker thread (the busiest thread started after the runtime's own; bench/lib/ingest-load splitThreads). */
  workerCpuMsPerTurn: number;
  /** Of cpuMsPerTurn, every other thread: V8's helpers (GC and compilation of all isolates), the SQLite checkpoint thread, the module loader. */
  otherCpuMsPerTurn: number;
  /** CPU ms/turn of the load generator (its own process; not in cpuMsPerTurn). */
  clientCpuMsPerTurn: number;
  p50: number;
  p99: number;
  /** CPU ms/turn of each SEGMENT-turn segment, in completion order. */
  segments: number[];
  errors: number;
  /** Highest server RSS seen (sampled every segment). */
  peakRssMb: number;
  /** OS load average (1, 5, 15 min) when the level ended. */
  load: string;
}

/** The OS load averages (1, 5, 15 min): the machine is shared, so every figure is printed with it. */
const loadAvg = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const CLIENT = fileURLToPath(new URL('./lib/ingest-client.ts', import.meta.url));
const run = promisify(execFile);

/**
 * Posts `n` turns of `plan` with `concurrency` requests in flight, from a separate load-generator
 * process (bench/lib/ingest-client.ts), as an outside client would; server CPU is read from the
 * server's /proc entry every SEGMENT completions.
 */
async function drive(srv: RunningServer, n: number, concurrency: number, plan: TurnPlan): Promise<LevelResult> {
  const job = { url: srv.url, pid: srv.proc.pid!, n, concurrency, segment: SEGMENT, plan };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify(job)], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LevelResult;
}

const trend = (s: number[]) => (s.length >= 2 ? `${f2(s[0])} → ${f2(s[s.length - 1])} (×${f2(s[s.length - 1] / s[0])})` : s.map(f2).join(''));

// ---- the storage floor ----

/** A memory row as the service would store it (columns of the memories table). */
function floorMemory(turnId: string, scope: string, user: string, session: string, k: number, at: string) {
  const text = `user location: ${pick(CITIES, k)}`;
  const { terms, termCount } = analyseTurn([{ role: 'user', content: text }]);
  return { id: `${turnId}-m${k}`, scope, user_id: user, type: 'fact', subject: 'user', key: `key_${k % 12}`, value: pick(CITIES, k), confidence: 0.9, single_valued: 0, status: 'active', active: 1, source_session: session, source_turn: turnId, evidence: text, created_at: at, updated_at: at, metadata: '{}', text, terms, term_count: termCount };
}

interface FloorResult {
  turnsPerS: number;
  cpuMsPerTurn: number;
}

/** Bare better-sqlite3: the same schema, one WAL transaction per turn (turn + FTS + memory rows). */
function sqliteFloor(n: number, memoriesPerTurn: number): FloorResult {
  const dir = mkdtempSync(join(tmpdir(), 'floor-sqlite-'));
  const db = new Database(join(dir, 'floor.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    for (const m of MIGRATIONS) db.exec(m.sql);
    const nextSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM turns WHERE scope = ? AND session_id = ?');
    const insTurn = db.prepare('INSERT INTO turns (id, scope, session_id, user_id, agent_id, seq, ts, messages, text, terms, term_count, metadata, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)');
    const insMem = db.prepare(
      'INSERT INTO memories (id, scope, user_id, type, subject, key, value, confidence, single_valued, status, active, source_session, source_turn, evidence, created_at, updated_at, metadata, text, terms, term_count) VALUES (@id, @scope, @user_id, @type, @subject, @key, @value, @confidence, @single_valued, @status, @active, @source_session, @source_turn, @evidence, @created_at, @updated_at, @metadata, @text, @terms, @term_count)',
    );
    // Prepared outside the timed loop: the floor is storage only.
    const rows = Array.from({ length: n }, (_, i) => {
      const user = `user-${i % USERS}`;
      const t = benchTurn(i, user, `s-${user}`);
      const a = analyseTurn(t.messages);
      const id = `floor-${i}`;
      const mems = Array.from({ length: Math.round(memoriesPerTurn * (i + 1)) - Math.round(memoriesPerTurn * i) }, (_, k) => floorMemory(id, `u:${user}`, user, t.session_id, i + k, t.timestamp));
      return { id, scope: `u:${user}`, user, t, a, mems };
    });
    // The full-text rows are written after the content rows, one statement a table, as the store does (migration 10).
    const turnsFts = db.prepare(TURNS_FTS_SQL);
    const memoriesFts = db.prepare(MEMORIES_FTS_SQL);
    const write = db.transaction((r: (typeof rows)[number]) => {
      const seq = Number((nextSeq.get(r.scope, r.t.session_id) as { next: number }).next);
      const turn = insTurn.run(r.id, r.scope, r.t.session_id, r.user, seq, r.t.timestamp, JSON.stringify(r.a.messages), r.a.text, r.a.terms, r.a.termCount, '{}', r.t.timestamp).lastInsertRowid;
      const mems = r.mems.map((m) => Number(insMem.run(m).lastInsertRowid));
      turnsFts.run(JSON.stringify([Number(turn)]));
      if (mems.length > 0) memoriesFts.run(JSON.stringify(mems));
    });
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const r of rows) write.immediate(r);
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    return { turnsPerS: n / wall, cpuMsPerTurn: (c.user + c.system) / 1000 / n };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bare postgres: the same schema, one transaction per turn (turn + memory rows), 16 in flight. */
async function pgFloor(n: number, memoriesPerTurn: number): Promise<FloorResult> {
  const schema = freshSchemaName('floor');
  const store = await createPostgresStore(urlWithSchema(schema), { poolSize: 2 });
  await store.migrate();
  await store.close();
  const sql = postgres(TEST_PG_URL, { max: 10, onnotice: () => {}, connection: { search_path: `"${schema}", public` } });
  try {
    const rows = Array.from({ length: n }, (_, i) => {
      const user = `user-${i % USERS}`;
      const t = benchTurn(i, user, `s-${user}`);
      const id = `floor-${i}`;
      const mems = Array.from({ length: Math.round(memoriesPerTurn * (i + 1)) - Math.round(memoriesPerTurn * i) }, (_, k) => floorMemory(id, `u:${user}`, user, t.session_id, i + k, t.timestamp));
      return { id, scope: `u:${user}`, user, t, a: analyseTurn(t.messages), mems: mems.map((m) => ({ ...m, active: true, single_valued: false, metadata: {} })) };
    });
    let next = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < rows.length) {
          const r = rows[next++];
          await sql.begin(async (tx) => {
            await tx.unsafe(
              `INSERT INTO turns (id, scope, session_id, user_id, seq, ts, messages, text, terms, term_count, created_at)
               SELECT $1, $2::text, $3::text, $4, COALESCE(MAX(seq), 0) + 1, $5, $6::text::jsonb, $7, $8, $9, $5 FROM turns WHERE scope = $2::text AND session_id = $3::text`,
              [r.id, r.scope, r.t.session_id, r.user, r.t.timestamp, JSON.stringify(r.a.messages), r.a.text, r.a.terms, r.a.termCount],
            );
            if (r.mems.length) {
              await tx.unsafe(
                `INSERT INTO memories (id, scope, user_id, type, subject, key, value, confidence, single_valued, status, active, source_session, source_turn, evidence, created_at, updated_at, metadata, text, terms, term_count)
                 SELECT id, scope, user_id, type, subject, key, value, confidence, single_valued, status, active, source_session, source_turn, evidence, created_at, updated_at, metadata, text, terms, term_count
                 FROM jsonb_populate_recordset(NULL::memories, $1::text::jsonb)`,
                [JSON.stringify(r.mems)],
              );
            }
          });
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    return { turnsPerS: n / wall, cpuMsPerTurn: (c.user + c.system) / 1000 / n };
  } finally {
    await sql.end({ timeout: 2 });
    await dropSchema(schema);
  }
}

// ---- backends ----

interface Backend {
  name: 'sqlite' | 'postgres';
  env: Record<string, string>;
  /** Memories stored per turn so far (for the floor's memory rows). */
  memoriesPerTurn(): Promise<number>;
  cleanup(): Promise<void>;
}

async function backend(name: 'sqlite' | 'postgres'): Promise<Backend> {
  if (name === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
    const path = join(dir, 'memory.db');
    return {
      name,
      env: { MEMORY_DB_PATH: path },
      async memoriesPerTurn() {
        const db = new Database(path, { readonly: true });
        const r = db.prepare('SELECT (SELECT COUNT(*) FROM memories) AS m, (SELECT COUNT(*) FROM turns) AS t').get() as { m: number; t: number };
        db.close();
        return r.m / Math.max(1, r.t);
      },
      async cleanup() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = freshSchemaName('benchingest');
  return {
    name,
    env: { DATABASE_URL: urlWithSchema(schema) },
    async memoriesPerTurn() {
      const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
      const [r] = await sql.unsafe(`SELECT (SELECT COUNT(*) FROM "${schema}".memories)::float8 AS m, (SELECT COUNT(*) FROM "${schema}".turns)::float8 AS t`);
      await sql.end();
      return Number(r.m) / Math.max(1, Number(r.t));
    },
    cleanup: () => dropSchema(schema),
  };
}

// ---- phases ----

async function throughput(b: Backend): Promise<{ levels: LevelResult[]; rssMb: number; peakRssMb: number; allSegments: number[]; memoriesPerTurn: number }> {
  const srv = await startServer({ ...b.env, ...THREADS_ENV, LOG_LEVEL: 'warn' }, { timeoutMs: 120_000, nodeArgs: SERVER_NODE_ARGS });
  const sampler = rssSampler(srv.proc.pid!);
  try {
    // Warm-up (JIT, workers, statement caches): not measured.
    await drive(srv, Number(flags.warm), 4, { kind: 'warm', base: 1_000_000, users: 10, session: 'warm' });
    await new Promise((r) => setTimeout(r, 3000)); // workers finish loading (turns run inline until then)
    if (Number(flags['warm-c1']) > 0) await drive(srv, Number(flags['warm-c1']), 1, { kind: 'warm', base: 2_000_000, users: 10, session: 'warm-c1' });
    const levels: LevelResult[] = [];
    let offset = 0;
    for (const [c, n] of LEVELS) {
      if (n <= 0) continue;
      const base = offset;
      levels.push(await drive(srv, n, c, { kind: 'many', base, users: USERS }));
      offset += n;
      if (flags['mem-trace']) await memTrace(srv, `after concurrency ${c}`);
    }
    return { levels, rssMb: procRssMb(srv.proc.pid!), peakRssMb: sampler.stop(), allSegments: levels.flatMap((l) => l.segments), memoriesPerTurn: await b.memoriesPerTurn() };
  } finally {
    sampler.stop();
    await srv.stop();
  }
}

async function growth(b: Backend, n: number): Promise<{ segments: number[]; segment: number; turnsPerS: number; rssMb: number; peakRssMb: number; load: string }> {
  const srv = await startServer({ ...b.env, ...THREADS_ENV, LOG_LEVEL: 'warn' }, { timeoutMs: 120_000, nodeArgs: SERVER_NODE_ARGS });
  try {
    const seg = Math.max(SEGMENT, Math.floor(n / 10));
    const lat = await drive(srv, n, 4, { kind: 'growth' });
    // Re-bucket the 250-turn segments into ~10 equal parts of the user's history.
    const per = Math.max(1, Math.round(seg / SEGMENT));
    const segments: number[] = [];
    for (let i = 0; i < lat.segments.length; i += per) {
      const part = lat.segments.slice(i, i + per);
      segments.push(part.reduce((a, x) => a + x, 0) / part.length);
    }
    return { segments, segment: per * SEGMENT, turnsPerS: lat.turnsPerS, rssMb: procRssMb(srv.proc.pid!), peakRssMb: lat.peakRssMb, load: lat.load };
  } finally {
    await srv.stop();
  }
}

/** A maximum-size turn's body (1,000 messages filling ~92% of the 2 MiB body limit). */
function bigTurnBody(user: string, session = 'big'): string {
  const maxMessages = 1000;
  const bodyLimit = 2 * 1024 * 1024;
  const perMessage = Math.floor((bodyLimit * 0.92) / maxMessages) - 40;
  const messages: Message[] = Array.from({ length: maxMessages }, (_, i) => {
    let c = '';
    for (let k = i; c.length < perMessage; k++) c += `${TEMPLATES[k % TEMPLATES.length](k)} `;
    return { role: i % 2 ? 'assistant' : 'user', content: c.slice(0, perMessage) };
  });
  return JSON.stringify({ session_id: session, user_id: user, messages });
}

/** Samples the server's RSS every `ms` until stopped; returns the peak. */
function rssSampler(pid: number, ms = 100): { stop(): number } {
  let peak = procRssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, procRssMb(pid));
    } catch {
      // the process is gone
    }
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * The server's anonymous RSS by kind of mapping, from /proc/<pid>/smaps (a heuristic of this x64 Linux box): V8's heap
 * pages of every thread (mappings below 0x7f0000000000, where V8 places its pages at random hints), glibc's
 * per-thread malloc arenas (64 MB-aligned reservations at 0x7f…) plus the main malloc heap ([heap]), and the rest
 * (large native blocks mapped on their own — ArrayBuffer data, big malloc chunks — and thread stacks). Tells a V8
 * heap that grew from native memory that did.
 */
function rssByKind(pid: number): { v8: number; malloc: number; other: number } {
  const out = { v8: 0, malloc: 0, other: 0 };
  let kind: keyof typeof out | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      const start = BigInt(`0x${m[1]}`);
      const name = m[2].trim();
      kind = name === '[heap]' ? 'malloc' : name !== '' ? null : start < 0x7f0000000000n ? 'v8' : start % (64n << 20n) === 0n ? 'malloc' : 'other';
      continue;
    }
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r && kind) out[kind] += Number(r[1]) / 1024;
  }
  return out;
}

/** One line of the memory trace: process RSS (anonymous / file-backed, the anonymous part by kind) and the main thread's V8 heap. */
async function memTrace(srv: RunningServer, label: string): Promise<void> {
  const status = readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  const metrics = await (await fetch(`${srv.url}/metrics`)).text();
  const gauge = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN) / 1048576;
  const by = rssByKind(srv.proc.pid!);
  console.log(`  ${label}: RSS ${f1(kb('VmRSS'))} MB (anon ${f1(kb('RssAnon'))}: V8 heaps of all threads ~${f1(by.v8)}, malloc ~${f1(by.malloc)}, other ${f1(by.other)}; file ${f1(kb('RssFile'))}); main thread heap used ${f1(gauge('nodejs_heap_size_used_bytes'))} / total ${f1(gauge('nodejs_heap_size_total_bytes'))} MB, external ${f1(gauge('nodejs_external_memory_bytes'))} MB; threads ${/Threads:\s+(\d+)/.exec(status)?.[1]}`);
}

/**
 * Six large scopes: six users, each given one maximum-size turn, then a recall in each scope.
 * Whatever a cache keeps per scope (turns, analyses) shows here; RSS is sampled throughout.
 */
async function sixLargeScopes(b: Backend): Promise<{ peakRssMb: number; rssMb: number; ms: number; statuses: number[]; load: string }> {
  const srv = await startServer({ ...b.env, ...THREADS_ENV, LOG_LEVEL: 'warn' }, { timeoutMs: 120_000, nodeArgs: SERVER_NODE_ARGS });
  try {
    await drive(srv, 20, 2, { kind: 'warm', base: 0, users: 1, session: 'warm' });
    await new Promise((r) => setTimeout(r, 3000));
    if (flags['mem-trace']) await memTrace(srv, 'after 20 small turns (warm)');
    const sampler = rssSampler(srv.proc.pid!);
    const t0 = performance.now();
    const statuses: number[] = [];
    for (let u = 0; u < 6; u++) {
      const res = await fetch(`${srv.url}/turns`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bigTurnBody(`big-${u}`, `big-${u}`) });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (flags['mem-trace']) await memTrace(srv, `after big turn ${u + 1}`);
    }
    for (let u = 0; u < 6; u++) {
      const res = await fetch(`${srv.url}/recall`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'Where did I move for my new job?', session_id: `q-${u}`, user_id: `big-${u}`, max_tokens: 512 }) });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    const ms = performance.now() - t0;
    if (flags['mem-trace']) await memTrace(srv, 'after the recalls');
    return { peakRssMb: sampler.stop(), rssMb: procRssMb(srv.proc.pid!), ms, statuses, load: loadAvg() };
  } finally {
    await srv.stop();
  }
}

/** /health latency (ms) probed back to back while one maximum-size turn is ingested. */
async function bigTurn(b: Backend, threads: string | null): Promise<{ postMs: number; status: number; probes: number; p50: number; p99: number; max: number; bytes: number; peakRssMb: number; load: string }> {
  const body = bigTurnBody('big-user');
  const srv = await startServer({ ...b.env, LOG_LEVEL: 'warn', ...(threads !== null ? { MEMORY_WORKER_THREADS: threads } : {}) }, { timeoutMs: 120_000 });
  try {
    // Warm the workers with one ordinary turn first.
    await drive(srv, 20, 2, { kind: 'warm', base: 0, users: 1, session: 'warm' });
    await new Promise((r) => setTimeout(r, 3000)); // the first turns started the workers; let them finish loading
    const lat: number[] = [];
    let finished = false;
    const sampler = rssSampler(srv.proc.pid!);
    const t0 = performance.now();
    const post = fetch(`${srv.url}/turns`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => {
      await r.arrayBuffer();
      finished = true;
      return r.status;
    });
    while (!finished) {
      const s = performance.now();
      await (await fetch(`${srv.url}/health`)).arrayBuffer();
      lat.push(performance.now() - s);
      if (process.env.BENCH_TRACE) console.log(`probe at ${f1(s - t0)} took ${f1(performance.now() - s)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const status = await post;
    const postMs = performance.now() - t0;
    lat.sort((a, b2) => a - b2);
    return { postMs, status, probes: lat.length, p50: pct(lat, 0.5), p99: pct(lat, 0.99), max: lat[lat.length - 1] ?? NaN, bytes: body.length, peakRssMb: sampler.stop(), load: loadAvg() };
  } finally {
    await srv.stop();
  }
}

// ---- main ----

const stores = flags.stores.split(',').map((s) => s.trim()) as Array<'sqlite' | 'postgres'>;
/** Each phase's peak server RSS, for the ceiling check at the end. */
const peaks: Array<{ phase: string; mb: number }> = [];
const RSS_CEILING_MB = Number(flags['rss-ceiling']);
console.log(`# bench:ingest — ${new Date().toISOString()} — ${USERS} users, segments of ${SEGMENT} turns, offline extraction; load avg at start ${loadAvg()}\n`);
for (const name of stores) {
  const b = await backend(name);
  try {
    const phases = new Set(flags.phases.split(',').map((p) => p.trim()));
    const t = phases.has('throughput') ? await throughput(b) : null;
    const floorTurns = Math.max(1000, Math.max(...LEVELS.map(([, n]) => n)));
    console.log(`## ${name}\n`);
    if (t) {
    const floor = flags['no-floor'] ? null : name === 'sqlite' ? sqliteFloor(floorTurns, t.memoriesPerTurn) : await pgFloor(floorTurns, t.memoriesPerTurn);
    console.log(`memories stored per turn: ${f2(t.memoriesPerTurn)}; server RSS after the run: ${f1(t.rssMb)} MB, peak ${f1(t.peakRssMb)} MB (sampled every 100 ms)\n`);
    peaks.push({ phase: `${name} throughput`, mb: t.peakRssMb });
    console.log('| concurrency | turns | turns/s | server CPU ms/turn | main thread | pool worker | other threads | client CPU ms/turn | p50 ms | p99 ms | CPU ms/turn per 250 (first → last) | errors | peak RSS MB | load avg after |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const l of t.levels) console.log(`| ${l.concurrency} | ${l.turns} | ${f1(l.turnsPerS)} | ${f2(l.cpuMsPerTurn)} | ${f2(l.mainCpuMsPerTurn)} | ${f2(l.workerCpuMsPerTurn)} | ${f2(l.otherCpuMsPerTurn)} | ${f2(l.clientCpuMsPerTurn)} | ${f1(l.p50)} | ${f1(l.p99)} | ${trend(l.segments)} | ${l.errors} | ${f1(l.peakRssMb)} | ${l.load} |`);
    console.log(`\nCPU ms/turn per 250-turn segment since start (${t.allSegments.length} segments): ${t.allSegments.map(f2).join(' ')}`);
    if (floor) {
      const c16 = t.levels.find((l) => l.concurrency === 16) ?? t.levels[t.levels.length - 1];
      console.log(`\nstorage floor (bare ${name === 'sqlite' ? 'better-sqlite3, one WAL transaction' : 'postgres, one transaction, 16 in flight'} per turn, ${floorTurns} turns): ${f1(floor.turnsPerS)} turns/s, ${f2(floor.cpuMsPerTurn)} CPU ms/turn (client process)`);
      console.log(`ratio service/floor at concurrency ${c16.concurrency}: CPU ×${f2(c16.cpuMsPerTurn / floor.cpuMsPerTurn)}, throughput ×${f2(c16.turnsPerS / floor.turnsPerS)}`);
    }
    }
    const g = Number(flags.growth);
    if (g > 0 && phases.has('growth')) {
      const gb = await backend(name);
      const gr = await growth(gb, g).finally(() => gb.cleanup());
      peaks.push({ phase: `${name} growth`, mb: gr.peakRssMb });
      console.log(`\ngrowth, one user 0 → ${g} turns (concurrency 4): ${f1(gr.turnsPerS)} turns/s; CPU ms/turn per ${gr.segment} turns: ${gr.segments.map(f2).join(' ')} (last/first ×${f2(gr.segments[gr.segments.length - 1] / gr.segments[0])}); RSS ${f1(gr.rssMb)} MB, peak ${f1(gr.peakRssMb)} MB; load avg ${gr.load}`);
    }
    if (!flags['no-big'] && phases.has('big') && name === 'sqlite') {
      for (const [label, threads] of [
        ['worker pool (default)', null],
        ['baseline: MEMORY_WORKER_THREADS=0 (inline)', '0'],
      ] as const) {
        const nb = await backend(name);
        try {
          const r = await bigTurn(nb, threads);
          peaks.push({ phase: `${name} maximum-size turn, ${label}`, mb: r.peakRssMb });
          console.log(`\nmaximum-size turn (1,000 messages, ${f1(r.bytes / 1024 / 1024)} MB), ${label}: POST ${r.status} in ${f1(r.postMs)} ms; /health while it ran: ${r.probes} probes, p50 ${f1(r.p50)} ms, p99 ${f1(r.p99)} ms, max ${f1(r.max)} ms; peak RSS ${f1(r.peakRssMb)} MB; load avg ${r.load}`);
        } finally {
          await nb.cleanup();
        }
      }
    }
    if (phases.has('scopes')) {
      const sb = await backend(name);
      try {
        const r = await sixLargeScopes(sb);
        peaks.push({ phase: `${name} six large scopes`, mb: r.peakRssMb });
        console.log(`\nsix large scopes (one maximum-size turn in each of 6 users, then a recall in each): statuses ${r.statuses.join(',')} in ${f1(r.ms / 1000)} s; server RSS peak ${f1(r.peakRssMb)} MB, after ${f1(r.rssMb)} MB; load avg ${r.load}`);
      } finally {
        await sb.cleanup();
      }
    }
    console.log('');
  } finally {
    await b.cleanup();
  }
}
if (peaks.length > 0) {
  const top = peaks.reduce((a, x) => (x.mb > a.mb ? x : a));
  const over = peaks.filter((x) => x.mb > RSS_CEILING_MB);
  console.log(`server RSS ceiling ${RSS_CEILING_MB} MB (issue 16): highest peak ${f1(top.mb)} MB (${top.phase}) — ${over.length === 0 ? 'within' : `OVER in ${over.map((x) => `${x.phase} ${f1(x.mb)} MB`).join('; ')}`}`);
  if (over.length > 0) process.exitCode = 1;
}
