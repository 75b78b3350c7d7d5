/**
 * @module bench/scale
 * `npm run bench:scale`: recall latency for one user with a long history. Builds the user from
 * the deterministic generator (bench/lib/scale-gen.ts) through MemoryService.ingestTurn (the
 * POST /turns path, offline extraction) up to each size in turn, then asks the fixed question
 * set at 512 and 2048 tokens: warm (second pass), cold, and in the same run the bare index query (FTS5 / tsvector, the same terms,
 * the same limit) over the same rows as the floor. Prints p50/p99 wall and CPU (this process:
 * service + driver; PostgreSQL's server CPU is not included), the ratio to the floor, the CPU
 * growth exponent between sizes, RSS, and the same for /search and a memories page.
 *
 * Cold is printed two ways. "cold process": a fresh process (bench/lib/cold-recall.ts, a child)
 * that starts as the server does (open, migrate, MemoryService.warmUp), then its first and second
 * recall (the first two questions) — what the first requests after a restart cost; the line
 * below the table gives its start-up time and the same process without the warm-up. "fresh
 * conn": a fresh store connection and service in this process once it is warm (after the warm
 * passes): what a new connection costs. Both are wall ms of one recall.
 *
 * The store is built by MemoryService.importTurns (--load import, the default): every turn goes
 * through ingest's pipeline (analysis, offline extraction with the session's recent turns,
 * reconciliation, the same store writes) without HTTP, `--batch` turns per transaction, so the
 * store holds what POST /turns would store (test/core/import-turns.test.ts compares the two).
 * `--load ingest` uses ingestTurn, one transaction per turn.
 *
 * Options: --sizes 1000,10000 (full: 1000,10000,50000,100000)  --backends sqlite,postgres
 *          --load import|ingest (default import)  --batch 500
 *          --db /path/file.db (SQLite: keep the store in this file; a file built earlier by this bench or
 *          bench/recall-profile.ts for the same user is continued from the turns it holds, so a large size
 *          is built once and measured again; the sizes must not be below what it holds)
 *          --reps 2 (passes over the question set; the first warms)
 *          --many 10000x100 (the many-users case: users x memories each, plus one 1k-memory user; off by default)
 *          --many-db /path/file.db (SQLite: keep the many-users store there and reuse it; --sizes '' skips the sizes)
 */
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryStore } from '../src/core/ports.ts';
import { encodeCursor, MemoryService, type TurnInput } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { analyzeQuery } from '../src/core/recall/query-analysis.ts';
import { RETRIEVE } from '../src/core/recall/retrieve.ts';
import { fts5Query, tsqueryLiteral } from '../src/store/lexical.ts';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { createPostgresStore } from '../src/store/postgres/create.ts';
import { dropSchema, freshSchemaName, TEST_PG_URL, urlWithSchema } from '../test/store/pg-harness.ts';
import { generateTurns, QUESTIONS } from './lib/scale-gen.ts';
import { createHash } from 'node:crypto';
import type { MemoryRecord } from '../src/core/types.ts';
import { indexTerms } from '../src/core/text/analyze.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : (process.argv[i + 1] ?? '');
}
const SIZES = (arg('sizes') ?? '1000,10000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
const BACKENDS = (arg('backends') || 'sqlite,postgres').split(',').filter(Boolean);
const REPS = Math.max(2, Number(arg('reps') || 2));
const MANY = arg('many');
const LOAD = arg('load') === 'ingest' ? 'ingest' : 'import';
const BATCH = Math.max(1, Number(arg('batch') || 500));
const DB = arg('db');
const BUDGETS = [512, 2048];
const USER = 'scale-user';
const SCOPE = `u:${USER}`;

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

/** Wall and CPU time (ms) of one call. */
async function timed(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

interface Sample {
  wall: number[];
  cpu: number[];
}
const sample = (): Sample => ({ wall: [], cpu: [] });
async function measure(s: Sample, fn: () => Promise<unknown>): Promise<void> {
  const t = await timed(fn);
  s.wall.push(t.wall);
  s.cpu.push(t.cpu);
}

interface Backend {
  name: string;
  open(): Promise<MemoryStore>;
  /** The bare index query recall's turn ranker stands on: same terms, same limit, ids only. */
  floor(terms: string[], limit: number): Promise<unknown>;
  /** Where a child process opens the same store (bench/lib/cold-recall.ts arguments). */
  coldTarget: string[];
  close(): Promise<void>;
}

function sqliteBackend(keep: string | undefined = DB): Backend {
  const dir = keep ? null : mkdtempSync(join(tmpdir(), 'scale-'));
  const path = keep ?? join(dir!, 'scale.db');
  let db: Database.Database | null = null;
  return {
    name: 'sqlite',
    coldTarget: ['--db', path],
    async open() {
      return new SqliteMemoryStore(path);
    },
    async floor(terms, limit) {
      db ??= new Database(path, { readonly: true });
      const k = db.prepare('SELECT id FROM scope_keys WHERE scope = ?').get(SCOPE) as { id: number } | undefined;
      if (!k) return [];
      return db.prepare('SELECT rowid FROM turns_sfts WHERE turns_sfts MATCH ? ORDER BY rank LIMIT ?').all(fts5Query(terms.map((t) => `s${k.id}_${t}`)), limit);
    },
    async close() {
      db?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(): Backend {
  const schema = freshSchemaName('scale');
  const url = urlWithSchema(schema);
  const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {}, connection: { search_path: `"${schema}", public` } });
  const prefix = `${createHash('md5').update(SCOPE, 'utf8').digest('hex').slice(0, 12)}_`;
  return {
    name: 'postgres',
    open: () => createPostgresStore(url),
    coldTarget: ['--pg', url],
    async floor(terms, limit) {
      const q = tsqueryLiteral(terms.map((t) => prefix + t));
      return sql.unsafe('SELECT id FROM turns WHERE scope = $1 AND stsv @@ $2::tsquery ORDER BY ts_rank(stsv, $2::tsquery) DESC LIMIT $3', [SCOPE, q, limit]);
    },
    async close() {
      await sql.end({ timeout: 1 });
      await dropSchema(schema);
    },
  };
}

interface Row {
  backend: string;
  turns: number;
  memories: number;
  recall: Record<number, Sample>;
  /** A fresh process's first and second recall (wall ms) per budget, started with the warm-up. */
  cold: Record<number, ColdRun>;
  /** The same at 512 tokens without the warm-up. */
  coldNoWarm: ColdRun;
  /** A fresh connection and service in this warm process, first question (wall ms) per budget. */
  freshConn: Record<number, number>;
  floor: Sample;
  search: Sample;
  page: Sample;
  rss: number;
}

interface ColdRun {
  startMs: number;
  warmMs: number;
  recalls: { wall: number; cpu: number }[];
}

/** A fresh process's first recalls (bench/lib/cold-recall.ts), started as the server starts. */
function coldProcess(b: Backend, budget: number, warm: boolean): ColdRun {
  const child = new URL('./lib/cold-recall.ts', import.meta.url).pathname;
  const qs = QUESTIONS.slice(0, 2).flatMap((q) => ['--q', q]);
  const out = execFileSync(process.execPath, ['--import', 'tsx', child, ...b.coldTarget, '--user', USER, '--budget', String(budget), '--warm', warm ? '1' : '0', ...qs], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ColdRun;
}

function service(store: MemoryStore): MemoryService {
  return new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
}

async function measureSize(b: Backend, store: MemoryStore, turns: number): Promise<Row> {
  const row: Row = { backend: b.name, turns, memories: (await store.corpusStats(SCOPE, 'memory')).count, recall: {}, cold: {}, coldNoWarm: { startMs: 0, warmMs: 0, recalls: [] }, freshConn: {}, floor: sample(), search: sample(), page: sample(), rss: 0 };
  // Cold process: a child started as the server starts, per budget; and once without the warm-up.
  for (const budget of BUDGETS) row.cold[budget] = coldProcess(b, budget, true);
  row.coldNoWarm = coldProcess(b, 512, false);
  const svc = service(store);
  for (const budget of BUDGETS) {
    row.recall[budget] = sample();
    for (let rep = 0; rep < REPS; rep++) {
      for (const q of QUESTIONS) {
        if (rep === 0) await svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: budget });
        else await measure(row.recall[budget], () => svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: budget }));
      }
    }
  }
  // Fresh connection: a new store connection and service in this process, now warm.
  for (const budget of BUDGETS) {
    const fresh = await b.open();
    row.freshConn[budget] = (await timed(() => service(fresh).recall({ query: QUESTIONS[0], sessionId: null, userId: USER, maxTokens: budget }))).wall;
    await fresh.close();
  }
  for (let rep = 0; rep < REPS; rep++) {
    for (const q of QUESTIONS) {
      const terms = [...new Set(analyzeQuery(q).terms.map((t) => t.term))];
      if (rep === 0) await b.floor(terms, RETRIEVE.lexicalLimit);
      else await measure(row.floor, () => b.floor(terms, RETRIEVE.lexicalLimit));
      const input = { query: q, sessionId: null, userId: USER, limit: 10 };
      if (rep === 0) await svc.search(input);
      else await measure(row.search, () => svc.search(input));
    }
  }
  // A memories page (100 rows) from the middle of the listing, by cursor.
  const half = await store.listMemories(SCOPE, { includeInactive: true, page: { after: null }, limit: Math.max(1, Math.floor(row.memories / 2)) });
  const cursor = half.length > 0 ? encodeCursor(half[half.length - 1]) : null;
  for (let i = 0; i < 30; i++) await measure(row.page, () => svc.listUserMemoriesPage(USER, { limit: 100, cursor }));
  row.rss = process.memoryUsage().rss / 2 ** 20;
  return row;
}

async function runBackend(b: Backend): Promise<Row[]> {
  const store = await b.open();
  await store.migrate();
  const svc = service(store);
  const rows: Row[] = [];
  const gen = generateTurns(SIZES[SIZES.length - 1]);
  // A kept store (--db) is continued: the generator is deterministic, so its first turns are the ones it holds.
  let n = (await store.corpusStats(SCOPE, 'turn')).count;
  if (n > SIZES[0]) throw new Error(`the store holds ${n} turns, more than the smallest size ${SIZES[0]}`);
  for (let i = 0; i < n; i++) gen.next();
  if (n > 0) console.error(`  ${b.name}: continuing a store of ${n} turns`);
  const t0 = performance.now();
  for (const size of SIZES) {
    const c0 = process.cpuUsage();
    const t1 = performance.now();
    const from = n;
    while (n < size) {
      const batch: TurnInput[] = [];
      for (; n < size && batch.length < (LOAD === 'import' ? BATCH : 1); n++) {
        const t = gen.next().value!;
        batch.push({ sessionId: t.sessionId, userId: USER, timestamp: t.timestamp, messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }], withMemories: false });
      }
      if (LOAD === 'import') await svc.importTurns(batch);
      else await svc.ingestTurn(batch[0]);
    }
    const c = process.cpuUsage(c0);
    const added = n - from;
    if (added > 0) console.error(`  ${b.name}: ${size} turns ${LOAD === 'import' ? 'imported' : 'ingested'} (${((performance.now() - t0) / 1000).toFixed(0)} s; this segment ${(((c.user + c.system) / 1000) / Math.max(1, added)).toFixed(2)} ms CPU/turn, ${((performance.now() - t1) / Math.max(1, added)).toFixed(2)} ms wall/turn)`);
    rows.push(await measureSize(b, store, size));
    printRow(rows[rows.length - 1], rows);
  }
  await store.close();
  return rows;
}

/**
 * The many-users case: `users` users with `per` memory rows each (written directly, one
 * multi-row insert per user: they only have to be there, in the same tables and indexes) plus
 * one user built through the ingest pipeline (importTurns of generated turns) until it holds
 * 1,000 memories; then the cold recall for that user (a fresh connection and service per
 * question) and the process RSS. With --many-db the store is kept and a later run measures it again.
 */
async function runMany(b: Backend, users: number, per: number): Promise<{ memories: number; targetMemories: number; cold: number[]; rss: number }> {
  const store = await b.open();
  await store.migrate();
  const now = new Date().toISOString();
  const mem = (scope: string, userId: string, i: number): MemoryRecord => {
    const value = `${['pottery', 'jazz', 'ramen', 'Lisbon', 'chess', 'kayaking', 'Biscuit', 'Intel'][i % 8]} note ${i}`;
    const text = `User · like: ${value}`;
    const { terms, termCount } = indexTerms(text);
    return { id: `${scope}-${i}`, scope, userId, agentId: null, type: 'preference', subject: 'user', key: `like_${i}`, value, confidence: 0.8, singleValued: false, status: 'active', active: true, sourceSession: null, sourceTurn: null, evidence: '', createdAt: now, updatedAt: now, validFrom: null, validTo: null, eventDate: null, supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null, metadata: {}, text, terms, termCount };
  };
  const TARGET = 'many-target';
  const loaded = async (userId: string) => (await store.corpusStats(`u:${userId}`, 'memory')).count;
  const t0 = performance.now();
  for (let u = 0; u < users; u++) {
    const userId = `many-${u}`;
    if ((await loaded(userId)) >= per) continue;
    await store.transaction(`u:${userId}`, async (tx) => tx.insertMemories(Array.from({ length: per }, (_, i) => mem(`u:${userId}`, userId, i))));
    if (u % 1000 === 999) console.error(`  ${b.name}: ${u + 1} users loaded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // The measured user: generated turns through the ingest pipeline until 1,000 memories.
  const svc = service(store);
  const gen = generateTurns(1_000_000, 29);
  let turns = (await store.corpusStats(`u:${TARGET}`, 'turn')).count;
  for (let i = 0; i < turns; i++) gen.next();
  while ((await loaded(TARGET)) < 1000) {
    const batch: TurnInput[] = [];
    for (let i = 0; i < 100; i++, turns++) {
      const t = gen.next().value!;
      batch.push({ sessionId: t.sessionId, userId: TARGET, timestamp: t.timestamp, messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }], withMemories: false });
    }
    await svc.importTurns(batch);
  }
  console.error(`  ${b.name}: ${TARGET} built from ${turns} turns (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  const memories = (await store.counts()).memories;
  const targetMemories = await loaded(TARGET);
  await store.close();
  const cold: number[] = [];
  for (const q of QUESTIONS) {
    const fresh = await b.open();
    cold.push((await timed(() => service(fresh).recall({ query: q, sessionId: null, userId: TARGET, maxTokens: 512 }))).wall);
    await fresh.close();
  }
  return { memories, targetMemories, cold, rss: process.memoryUsage().rss / 2 ** 20 };
}

const exponent = (a: number, b: number, na: number, nb: number) => (a > 0 && b > 0 ? Math.log(b / a) / Math.log(nb / na) : NaN);

const HEADER = 'backend   turns   memories  budget  recall p50/p99 wall  cpu p50/p99  cold process 1st/2nd  fresh conn  floor p50/p99  ×floor(p50)  cpu exp  search p50/p99  page p50/p99  RSS MB';

/** Prints a measured size at once (the run is long; nothing is lost when it is stopped). */
function printRow(r: Row, all: Row[]): void {
  for (const budget of BUDGETS) {
    const s = r.recall[budget];
    const prev = all.filter((x) => x.backend === r.backend && x.turns < r.turns).at(-1);
    const exp = prev ? exponent(pct(prev.recall[budget].cpu, 50), pct(s.cpu, 50), prev.turns, r.turns) : NaN;
    console.log(
      [
        r.backend.padEnd(9),
        String(r.turns).padStart(6),
        String(r.memories).padStart(9),
        String(budget).padStart(7),
        `${f(pct(s.wall, 50))} / ${f(pct(s.wall, 99))}`.padStart(20),
        `${f(pct(s.cpu, 50))} / ${f(pct(s.cpu, 99))}`.padStart(13),
        r.cold[budget].recalls.map((x) => f(x.wall)).join(' / ').padStart(21),
        f(r.freshConn[budget]).padStart(11),
        `${f(pct(r.floor.wall, 50))} / ${f(pct(r.floor.wall, 99))}`.padStart(14),
        (pct(s.wall, 50) / Math.max(pct(r.floor.wall, 50), 1e-3)).toFixed(1).padStart(12),
        (Number.isNaN(exp) ? '—' : exp.toFixed(2)).padStart(8),
        `${f(pct(r.search.wall, 50))} / ${f(pct(r.search.wall, 99))}`.padStart(15),
        `${f(pct(r.page.wall, 50))} / ${f(pct(r.page.wall, 99))}`.padStart(13),
        r.rss.toFixed(0).padStart(7),
      ].join(' '),
    );
  }
  const cpuRatio = BUDGETS.map((b) => `${b}: ${(pct(r.recall[b].cpu, 50) / Math.max(pct(r.floor.cpu, 50), 1e-3)).toFixed(1)}×`).join(', ');
  const c = r.cold[512];
  const nw = r.coldNoWarm;
  const walls = (x: ColdRun) => x.recalls.map((y) => `${f(y.wall)} (cpu ${f(y.cpu)})`).join(' / ');
  console.log(`          cold process at 512: start-up ${f(c.startMs)} ms (warm-up ${f(c.warmMs)} ms), 1st / 2nd recall ${walls(c)} ms; without the warm-up: start-up ${f(nw.startMs)} ms, 1st / 2nd recall ${walls(nw)} ms`);
  console.log(`          floor cpu p50/p99 ${f(pct(r.floor.cpu, 50))} / ${f(pct(r.floor.cpu, 99))} ms (recall cpu p50 ÷ floor cpu p50 — ${cpuRatio}); search cpu p50 ${f(pct(r.search.cpu, 50))} ms; page cpu p50 ${f(pct(r.page.cpu, 50))} ms; os load ${loadavg()[0].toFixed(1)}`);
}

async function main() {
  console.log(`bench:scale — sizes ${SIZES.join(', ')} turns; backends ${BACKENDS.join(', ')}; ${QUESTIONS.length} questions × ${REPS - 1} measured passes; lexical limit ${RETRIEVE.lexicalLimit}`);
  console.log(LOAD === 'import' ? `store built in-process by MemoryService.importTurns: the ingest pipeline of POST /turns (offline extraction, reconciliation, the same writes), ${BATCH} turns per transaction, no HTTP` : 'store built by MemoryService.ingestTurn, one transaction per turn, no HTTP');
  console.log(HEADER);
  const all: Row[] = [];
  for (const name of BACKENDS) {
    const b = name === 'postgres' ? postgresBackend() : sqliteBackend();
    try {
      if (SIZES.length > 0) all.push(...(await runBackend(b)));
    } finally {
      await b.close();
    }
    if (MANY) {
      const [users, per] = MANY.split('x').map(Number);
      const mb = name === 'postgres' ? postgresBackend() : sqliteBackend(arg('many-db'));
      try {
        const m = await runMany(mb, users || 10_000, per || 100);
        console.log(`${name} many-users: ${m.memories} memories (${users || 10_000} users × ${per || 100} rows written directly + one user of ${m.targetMemories} memories built by importTurns); cold recall for that user p50 ${f(pct(m.cold, 50))} ms, p99 ${f(pct(m.cold, 99))} ms over ${m.cold.length} questions; RSS ${m.rss.toFixed(0)} MB; os load ${loadavg()[0].toFixed(1)}`);
      } finally {
        await mb.close();
      }
    }
  }
  const first = SIZES[0];
  const last = SIZES[SIZES.length - 1];
  for (const name of BACKENDS) {
    const a = all.find((r) => r.backend === name && r.turns === first);
    const z = all.find((r) => r.backend === name && r.turns === last);
    if (a && z && a !== z) console.log(`${name}: CPU growth exponent ${first}→${last} turns at 512 tokens: ${exponent(pct(a.recall[512].cpu, 50), pct(z.recall[512].cpu, 50), first, last).toFixed(2)}`);
  }
  const pgRows = all.filter((r) => r.backend === 'postgres');
  for (const p of pgRows) {
    const s = all.find((r) => r.backend === 'sqlite' && r.turns === p.turns);
    if (s) console.log(`postgres / sqlite recall p99 at ${p.turns} turns (512): ${(pct(p.recall[512].wall, 99) / pct(s.recall[512].wall, 99)).toFixed(2)}×`);
  }
}

await main();
