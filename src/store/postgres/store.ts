/**
 * @module store/postgres/store
 * PostgresMemoryStore: the MemoryStore on PostgreSQL (server, pooled) or PGlite, through one
 * SqlExecutor so both run the same SQL. Lexical search over a tsvector of the analysed terms
 * (GIN); vectors in a pgvector column with per-dimension HNSW cosine indexes when the
 * extension exists, else a real[] column scored exactly in SQL. Write transactions take a
 * per-scope advisory lock, so replicas ingesting for the same user serialise; the partial
 * unique index enforces one active row per single-valued key.
 */
import { createHash } from 'node:crypto';
import type { CorpusStats, EndedLookup, KeyLookup, LexicalCandidates, MemoryFilter, MemorySlot, MemoryStore, ScopeNames, StoreInfo, StoredEmbedding, StoreTx, TurnPlace } from '../../core/ports.ts';
import type { MemoryRecord, NewTurn, TurnRecord } from '../../core/types.ts';
import { dataRecord, dataRecordOf } from '../../core/data-record.ts';
import { MEMORY_COLUMNS, TURN_COLUMNS, memoryValues, patchColumns, rowToMemory, rowToTurn, statsFromRows, type Row, type SqlValue } from '../rows.ts';
import { byCodePoint, cleanTerms, cutPostings, distinctPlaces, distinctSlots, keepFor, keyFamilyRanges, POSTINGS_CAP, selectCandidates } from '../lexical.ts';
import { planReactivation } from '../deletion.ts';
import { agentScopeRange, decodeScope } from '../../core/scope.ts';
import { KeyedMutex } from '../mutex.ts';
import { slotClauses, splitDated, type SlotFilter } from '../slot-filter.ts';
import { guardedTx } from '../tx-handle.ts';
import type { SqlExecutor, SqlQuery } from './executor.ts';
import { PG_SCHEMA_VERSION, PG_SPEAKER_SQL, SCOPE_LOCK_CLASS, migratePg } from './migrations.ts';
import { translatePgError } from './errors.ts';

const bool = (b: boolean): SqlValue => b;
const MEMORY_SELECT = MEMORY_COLUMNS.map(([c]) => c).join(', ');
const TURN_SELECT = TURN_COLUMNS.join(', ');
const MEMORY_INSERT = `INSERT INTO memories (${MEMORY_SELECT}) VALUES (${MEMORY_COLUMNS.map(([c], i) => `$${i + 1}${c === 'metadata' ? '::text::jsonb' : ''}`).join(', ')})`;
/** Many memories in one statement: one JSON array parameter, so the SQL text never varies. */
const MEMORY_INSERT_MANY = `INSERT INTO memories (${MEMORY_SELECT}) SELECT ${MEMORY_SELECT} FROM jsonb_populate_recordset(NULL::memories, $1::text::jsonb) WITH ORDINALITY AS r ORDER BY ordinality`;

/** A memory as a JSON object keyed by column (metadata as an object, for jsonb_populate_recordset). */
function memoryJsonRow(m: MemoryRecord): Record<string, unknown> {
  const values = memoryValues(m, bool);
  return Object.fromEntries(MEMORY_COLUMNS.map(([c], i) => [c, c === 'metadata' ? JSON.parse(String(values[i])) : values[i]]));
}

/** A statement and its parameters, built by a pure function so tests can EXPLAIN exactly it. */
export interface PgQuery {
  sql: string;
  params: unknown[];
}

/**
 * The ingest read of a scope's active rows, optionally narrowed to subjects and keys (null: an
 * empty filter, nothing can match). `= ANY(ARRAY(…))` turns each list into one array the btree
 * probes (an index condition on the partial index of active rows), whatever the list length.
 */
export function activeMemoriesQuery(scope: string, filter?: SlotFilter): PgQuery | null {
  const { whole, dated } = splitDated(filter);
  const list = (col: string, i: number) => `${col} = ANY(ARRAY(SELECT jsonb_array_elements_text($${i}::text::jsonb)))`;
  const base = ['scope = $1', 'active', "status <> 'deleted'"];
  const slots = slotClauses(whole, 1, list);
  if (!dated) {
    if (!slots) return null;
    return { sql: `SELECT ${MEMORY_SELECT} FROM memories WHERE ${[...base, ...slots.clauses].join(' AND ')} ORDER BY created_at COLLATE "C", rid`, params: [scope, ...slots.params] };
  }
  // Dated keys are probed on (scope, subject, key, event_date): the rows of those dates only.
  const params: unknown[] = [scope];
  const parts: string[] = [];
  if (slots) {
    const c = slotClauses(whole, params.length, list)!;
    params.push(...c.params);
    parts.push(`SELECT rid FROM memories WHERE ${[...base, ...c.clauses].join(' AND ')}`);
  }
  const d = slotClauses({ subjects: filter?.subjects, keys: dated.keys }, params.length, list);
  if (d && dated.dates.length > 0) {
    params.push(...d.params, JSON.stringify(dated.dates));
    parts.push(`SELECT rid FROM memories WHERE ${[...base, ...d.clauses, list('event_date', params.length)].join(' AND ')}`);
  }
  if (parts.length === 0) return null;
  return { sql: `SELECT ${MEMORY_SELECT} FROM memories WHERE scope = $1 AND rid IN (${parts.join(' UNION ALL ')}) ORDER BY created_at COLLATE "C", rid`, params };
}

/** Every row (any status) of one slot, newest first. */
export function memoriesByKeyQuery(scope: string, subject: string, key: string): PgQuery {
  return { sql: `SELECT ${MEMORY_SELECT} FROM memories WHERE scope = $1 AND subject = $2 AND key = $3 ORDER BY created_at COLLATE "C" DESC, rid DESC`, params: [scope, subject, key] };
}

/** HNSW indexes in pgvector support at most 2000 dimensions; larger vectors are scanned exactly. */
const HNSW_MAX_DIM = 2000;

/**
 * Planner statistics kept current by the store itself, as SQLite's `PRAGMA optimize` does: rows written by this
 * process since its last ANALYZE are counted, and the first ANALYZE runs after ANALYZE_FIRST rows, each next one
 * after twice as many, at most ANALYZE_EVERY_MAX apart. Without it a server with autovacuum off (or a bulk import
 * faster than autovacuum's naptime) kept the statistics of the empty tables that migration analysed: key lookups
 * read a key's every row through memories_scope_key and sorted them (4.8 ms) instead of the memories_key_rank
 * range (0.55 ms) at 10k turns.
 */
export const ANALYZE_FIRST = 500;
export const ANALYZE_EVERY_MAX = 50_000;

type VectorMode = 'pgvector' | 'real[]';

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw translatePgError(err);
  }
}

function vectorLiteral(v: number[], mode: VectorMode): string {
  if (v.length === 0 || v.some((x) => !Number.isFinite(x))) throw new TypeError('embedding vector must be non-empty and finite');
  return mode === 'pgvector' ? `[${v.join(',')}]` : `{${v.join(',')}}`;
}

const ids = (list: readonly string[]) => JSON.stringify([...list]);

/** Stored keys of a user scope and its agent sub-scopes: the user index, then the exact key range (bytewise, whatever the database collation). */
async function userScopes(s: Statements, userKey: string): Promise<string[]> {
  const userId = decodeScope(userKey)?.userId;
  if (userId == null) return [];
  const { from, to } = agentScopeRange(userKey);
  const where = 'user_id = $1 AND (scope = $2 OR (scope COLLATE "C" >= $3 AND scope COLLATE "C" < $4))';
  const rows = await s.all(`SELECT scope FROM memories WHERE ${where} UNION SELECT scope FROM turns WHERE ${where}`, [userId, userKey, from, to]);
  return rows.map((r) => String(r.scope)).sort(byCodePoint);
}

/** The scope's lexeme prefix: the first 12 hex digits of md5(scope) and '_' (scoped_tsvector in the migrations). */
function scopePrefix(scope: string): string {
  return `${createHash('md5').update(scope, 'utf8').digest('hex').slice(0, 12)}_`;
}

/**
 * Per query term (a JSON list of prefixed lexemes, in order: `i` is the position), its newest
 * postings (rids, at most $3) from the GIN index, its maintained per-scope count (scope_terms) and
 * the scope's document count (scope_stats; memories: non-deleted). `quote_literal(...)::tsquery`
 * makes each lexeme one quoted tsquery operand, whatever characters it holds. The scope test is
 * written `(scope = $1) IS TRUE` so that no scope index can serve it: the GIN lookup of the
 * scope-prefixed lexeme is then the only index read (with the statistics of a new table the
 * planner ANDed it with a bitmap of every row of the scope, 4.5 ms a term at 10k turns; with a
 * (scope, rid) index it may walk the scope's rows newest first until the limit, the whole
 * history for a rare term). The scope is still checked on every row.
 */
export const postingsSqlPg = (kind: 'memory' | 'turn'): string => {
  const [table, filter] = kind === 'turn' ? ['turns', ''] : ['memories', " AND status <> 'deleted'"];
  return `SELECT x.i, x.docs, x.n, ARRAY(SELECT rid FROM ${table} WHERE stsv @@ x.q AND (scope = $1) IS TRUE${filter} ORDER BY rid DESC LIMIT $3) AS rids
  FROM (SELECT e.i, quote_literal(e.lexeme)::tsquery AS q,
          (SELECT docs FROM scope_terms st WHERE st.scope = $1 AND st.kind = $4 AND st.term = substr(e.lexeme, 14)) AS docs,
          (SELECT docs FROM scope_stats ss WHERE ss.scope = $1 AND ss.kind = $4) AS n
        FROM jsonb_array_elements_text($2::text::jsonb) WITH ORDINALITY AS e(lexeme, i)) x`;
};

/** The lexical candidates' rows by rid (a JSON list), scope-checked. */
export const candidateRowsSqlPg = (kind: 'memory' | 'turn', activeOnly: boolean): string =>
  kind === 'turn'
    ? 'SELECT rid, id, terms, term_count FROM turns WHERE scope = $1 AND rid = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb)::bigint))'
    : `SELECT rid, id, terms, term_count FROM memories WHERE scope = $1 AND rid = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb)::bigint)) AND status <> 'deleted'${activeOnly ? ' AND active' : ''}`;

/**
 * The key lookup: the scope's keys that are asked for or in an asked `k_` family (a JSON list of
 * [key, from, to]), found by a loose scan of memories_key_rank (one seek per distinct key of the
 * scope), then per key its best rows in lookup order straight from that index, at most $2 each,
 * and the best $2 of those. The same rows as SQLite's memoriesByKeys.
 */
export const keyRowsSqlPg = (activeOnly: boolean): string => `WITH RECURSIVE k(key) AS (
    SELECT (SELECT MIN(key COLLATE "C") FROM memories WHERE scope = $1 AND status <> 'deleted')
    UNION ALL
    SELECT (SELECT MIN(key COLLATE "C") FROM memories WHERE scope = $1 AND status <> 'deleted' AND key COLLATE "C" > k.key) FROM k WHERE k.key IS NOT NULL
  ), asked AS (
    SELECT r->>0 AS key, r->>1 AS lo, r->>2 AS hi FROM jsonb_array_elements($3::text::jsonb) AS r
  )
  SELECT ${MEMORY_SELECT.split(', ').map((c) => `m.${c}`).join(', ')} FROM k CROSS JOIN LATERAL (
    SELECT * FROM memories WHERE scope = $1 AND key COLLATE "C" = k.key AND status <> 'deleted'${activeOnly ? ' AND active' : ''}
    ORDER BY active DESC, confidence DESC, updated_at COLLATE "C" DESC, rid DESC LIMIT $2) m
  WHERE k.key IS NOT NULL AND EXISTS (SELECT 1 FROM asked a WHERE k.key = a.key OR (k.key COLLATE "C" >= a.lo AND k.key COLLATE "C" < a.hi))
  ORDER BY m.active DESC, m.confidence DESC, m.updated_at COLLATE "C" DESC, m.rid DESC LIMIT $2`;

/**
 * The change lookup's retracted rows ($2 the subject, $3 a JSON list of [key, from, to], $4 the
 * limit), all from the partial index memories_retracted (migration 10): the subject's keys that have
 * a retracted row (a loose scan), those asked or in an asked family, per key its latest-ended rows,
 * and the latest $4 of those. The same rows as SQLite's retractedByKeys.
 */
export const RETRACTED_SQL_PG = `WITH RECURSIVE k(key) AS (
    SELECT (SELECT MIN(key COLLATE "C") FROM memories WHERE scope = $1 AND subject = $2 AND status = 'retracted')
    UNION ALL
    SELECT (SELECT MIN(key COLLATE "C") FROM memories WHERE scope = $1 AND subject = $2 AND status = 'retracted' AND key COLLATE "C" > k.key) FROM k WHERE k.key IS NOT NULL
  ), asked AS (
    SELECT r->>0 AS key, r->>1 AS lo, r->>2 AS hi FROM jsonb_array_elements($3::text::jsonb) AS r
  )
  SELECT ${MEMORY_SELECT.split(', ').map((c) => `m.${c}`).join(', ')} FROM k CROSS JOIN LATERAL (
    SELECT * FROM memories WHERE scope = $1 AND subject = $2 AND key COLLATE "C" = k.key AND status = 'retracted'
    ORDER BY COALESCE(valid_to, updated_at) COLLATE "C" DESC, rid DESC LIMIT $4) m
  WHERE k.key IS NOT NULL AND EXISTS (SELECT 1 FROM asked a WHERE k.key = a.key OR (k.key COLLATE "C" >= a.lo AND k.key COLLATE "C" < a.hi))
  ORDER BY COALESCE(m.valid_to, m.updated_at) COLLATE "C" DESC, m.rid DESC LIMIT $4`;

/** The active rows of each slot ($2: a JSON list of [subject, key]), at most $3 a slot, from memories_active_slot. */
export const ACTIVE_IN_SLOTS_SQL_PG = `SELECT ${MEMORY_SELECT.split(', ').map((c) => `h.${c}`).join(', ')} FROM (SELECT DISTINCT p->>0 AS subject, p->>1 AS key FROM jsonb_array_elements($2::text::jsonb) AS p) s
  CROSS JOIN LATERAL (SELECT * FROM memories m WHERE m.scope = $1 AND m.subject = s.subject AND m.key = s.key AND m.active AND m.status <> 'deleted' LIMIT $3) h`;

/** The turns at (session, seq) places ($2: a JSON list of [session, seq]), one probe each of turns_scope_session_seq. */
export const TURNS_AT_SQL_PG = `SELECT ${TURN_COLUMNS.map((c) => `t.${c}`).join(', ')} FROM jsonb_array_elements($2::text::jsonb) p CROSS JOIN LATERAL (
    SELECT * FROM turns WHERE scope = $1 AND session_id = p->>0 AND seq = (p->>1)::int LIMIT 1) t`;

/** Statements usable both inside a transaction and on the pool. */
class Statements {
  constructor(private readonly q: SqlQuery) {}

  async all(sql: string, params: unknown[] = []): Promise<Row[]> {
    return guarded(() => this.q.query(sql, params));
  }
  /**
   * A statement kept prepared on the connection (one round trip instead of two, pipelined). Only
   * for SQL texts from a fixed set: the ingest statements below and the recall reads, whose texts
   * never depend on input values (lists go in as one JSON parameter; update texts from the fixed
   * column names; a key lookup's text from the number of keys, which the key vocabulary bounds).
   */
  async prepared(sql: string, params: unknown[]): Promise<Row[]> {
    return guarded(() => this.q.query(sql, params, { prepare: true }));
  }
  async one(sql: string, params: unknown[] = []): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  async insertTurn(t: NewTurn): Promise<TurnRecord> {
    // One round trip: the next seq of the session is computed in the INSERT itself (the
    // per-scope advisory lock makes it safe; the unique index is the backstop).
    const [row] = await this.prepared(
      `INSERT INTO turns (id, scope, session_id, user_id, agent_id, seq, ts, messages, text, terms, term_count, metadata, created_at)
       SELECT $1, $2::text, $3::text, $4, $5, COALESCE(MAX(seq), 0) + 1, $6, $7::text::jsonb, $8, $9, $10, $11::text::jsonb, $12
       FROM turns WHERE scope = $2::text AND session_id = $3::text
       RETURNING seq`,
      [t.id, t.scope, t.sessionId, t.userId, t.agentId, t.timestamp, JSON.stringify(t.messages), t.text, t.terms, t.termCount, JSON.stringify(t.metadata ?? {}), t.createdAt],
    );
    return { ...t, seq: Number(row?.seq ?? 1) };
  }

  async activeMemories(scope: string, filter?: SlotFilter): Promise<MemoryRecord[]> {
    const q = activeMemoriesQuery(scope, filter);
    return q ? (await this.prepared(q.sql, q.params)).map(rowToMemory) : [];
  }

  async memoriesByKey(scope: string, subject: string, key: string): Promise<MemoryRecord[]> {
    const q = memoriesByKeyQuery(scope, subject, key);
    return (await this.all(q.sql, q.params)).map(rowToMemory);
  }

  async insertMemory(m: MemoryRecord): Promise<void> {
    await this.prepared(MEMORY_INSERT, memoryValues(m, bool));
  }

  /** All of a turn's new memories in one statement (one round trip, one plan), in order. */
  async insertMemories(ms: MemoryRecord[]): Promise<void> {
    if (ms.length === 0) return;
    if (ms.length === 1) return this.insertMemory(ms[0]);
    await this.prepared(MEMORY_INSERT_MANY, [JSON.stringify(ms.map(memoryJsonRow))]);
  }

  async updateMemory(scope: string, id: string, patch: Partial<MemoryRecord>): Promise<void> {
    const cols = patchColumns(patch, bool);
    if (cols.length === 0) return;
    const sets = cols.map(([c], i) => `${c} = $${i + 1}${c === 'metadata' ? '::text::jsonb' : ''}`);
    await this.prepared(`UPDATE memories SET ${sets.join(', ')} WHERE scope = $${cols.length + 1} AND id = $${cols.length + 2}`, [...cols.map(([, v]) => v), scope, id]);
  }

  async putEmbedding(scope: string, e: StoredEmbedding, mode: VectorMode): Promise<void> {
    const cast = mode === 'pgvector' ? 'vector' : 'real[]';
    await this.all(
      `INSERT INTO embeddings (scope, owner_kind, owner_id, model, dim, vector) VALUES ($1, $2, $3, $4, $5, $6::${cast})
       ON CONFLICT (scope, owner_kind, owner_id, model) DO UPDATE SET dim = EXCLUDED.dim, vector = EXCLUDED.vector`,
      [scope, e.ownerKind, e.ownerId, e.model, e.vector.length, vectorLiteral(e.vector, mode)],
    );
  }

  /** Advisory transaction locks on scopes, in a stable order (no deadlocks between deleters). */
  async lockScopes(scopes: Iterable<string>): Promise<void> {
    for (const s of [...new Set(scopes)].sort()) await this.prepared('SELECT pg_advisory_xact_lock($1::int4, hashtext($2::text))', [SCOPE_LOCK_CLASS, s]);
  }

  /** Deletes memories (and their vectors), reviving what they had superseded. */
  async removeMemories(deleted: MemoryRecord[]): Promise<void> {
    if (deleted.length === 0) return;
    const gone = ids(deleted.map((m) => m.id));
    const prev = ids(deleted.flatMap((m) => (m.supersedes ? [m.supersedes] : [])));
    const linked = (
      await this.all(
        // Links never cross scopes, so the scope index narrows the search before the OR.
        `SELECT ${MEMORY_SELECT} FROM memories WHERE scope = ANY(ARRAY(SELECT jsonb_array_elements_text($3::text::jsonb)))
           AND (id = ANY(ARRAY(SELECT jsonb_array_elements_text($1::text::jsonb))) OR supersedes = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb))) OR superseded_by = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb))))`,
        [prev, gone, ids([...new Set(deleted.map((m) => m.scope))])],
      )
    ).map(rowToMemory);
    const slots = JSON.stringify(linked.map((m) => [m.scope, m.subject, m.key]));
    const activeNow = (
      await this.all(`SELECT ${MEMORY_SELECT} FROM memories WHERE active AND (scope, subject, key) IN (SELECT x->>0, x->>1, x->>2 FROM jsonb_array_elements($1::text::jsonb) AS x)`, [slots])
    ).map(rowToMemory);
    const plan = planReactivation(deleted, linked, activeNow);
    await this.all("DELETE FROM embeddings WHERE owner_kind = 'memory' AND owner_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))", [gone]);
    await this.all('DELETE FROM memories WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [gone]);
    if (plan.reactivate.length) {
      await this.all("UPDATE memories SET active = true, status = 'active', superseded_by = NULL, valid_to = NULL WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb))", [ids(plan.reactivate)]);
    }
    if (plan.unlinkSupersedes.length) await this.all('UPDATE memories SET supersedes = NULL WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [ids(plan.unlinkSupersedes)]);
    if (plan.unlinkSupersededBy.length) await this.all('UPDATE memories SET superseded_by = NULL WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [ids(plan.unlinkSupersededBy)]);
  }
}

export class PostgresMemoryStore implements MemoryStore {
  private readonly pool: Statements;
  private readonly scopeLocks = new KeyedMutex();
  private mode: VectorMode | null = null;
  /** pgvector ≥ 0.8: filtered HNSW scans keep going until `limit` rows pass the scope filter. */
  private iterativeScan = false;
  private readonly hnswDims = new Set<number>();
  private closed = false;

  /** `analyzeFirst`: rows written before the store's first ANALYZE (ANALYZE_FIRST; Infinity: never, as before). */
  constructor(
    private readonly exec: SqlExecutor,
    opts: { analyzeFirst?: number } = {},
  ) {
    this.analyzeAfter = opts.analyzeFirst ?? ANALYZE_FIRST;
    this.pool = new Statements(exec);
  }

  private async tx<T>(fn: (s: Statements) => Promise<T>): Promise<T> {
    return guarded(() => this.exec.transaction((q) => fn(new Statements(q))));
  }

  async migrate(): Promise<void> {
    await guarded(() => migratePg(this.exec, this.exec.schema));
    this.mode = null;
    await this.vectorMode();
  }

  /** pgvector or real[], read from the embeddings column type chosen at migration time. */
  private async vectorMode(): Promise<VectorMode> {
    if (this.mode) return this.mode;
    const r = await this.pool.one("SELECT udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'embeddings' AND column_name = 'vector'");
    const mode: VectorMode = r?.udt_name === 'vector' ? 'pgvector' : 'real[]';
    if (mode === 'pgvector') {
      const v = await this.pool.one("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
      const [major, minor] = String(v?.extversion ?? '0.0').split('.').map(Number);
      this.iterativeScan = major > 0 || minor >= 8;
    }
    this.mode = mode;
    return mode;
  }

  async info(): Promise<StoreInfo> {
    const v = await this.pool.one('SELECT MAX(version) AS v FROM schema_migrations');
    const mode = await this.vectorMode();
    return {
      kind: this.exec.kind,
      vectorSearch: mode === 'pgvector' ? 'pgvector-hnsw' : 'exact',
      schemaVersion: Number(v?.v ?? 0),
      detail: { schema: this.exec.schema, vectorColumn: mode === 'pgvector' ? 'vector' : 'real[]', latestSchema: PG_SCHEMA_VERSION },
    };
  }

  async ping(): Promise<boolean> {
    try {
      return Number((await this.pool.one('SELECT 1 AS ok'))?.ok) === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.analysing;
    await this.exec.close();
  }

  /** Rows written since the last ANALYZE, the count that triggers the next, and the ANALYZE running (see ANALYZE_FIRST). */
  private writtenSinceAnalyze = 0;
  private analyzeAfter: number;
  private analysing: Promise<void> | null = null;

  /** Counts rows a committed transaction wrote; past the threshold, refreshes the statistics in the background. */
  private noteWrites(rows: number): void {
    this.writtenSinceAnalyze += rows;
    if (this.writtenSinceAnalyze < this.analyzeAfter || this.analysing || this.closed) return;
    this.writtenSinceAnalyze = 0;
    this.analyzeAfter = Math.min(this.analyzeAfter * 2, ANALYZE_EVERY_MAX);
    this.analysing = (async () => {
      // Statistics are an optimisation: a failure (a busy or closing server) keeps the old ones.
      for (const table of ['memories', 'turns', 'scope_terms']) await this.exec.query(`ANALYZE ${table}`, []).catch(() => undefined);
    })().finally(() => {
      this.analysing = null;
    });
  }

  /** Resolves when a background ANALYZE started by writes has finished (tests, benchmarks). */
  async statisticsSettled(): Promise<void> {
    await this.analysing;
  }

  async transaction<T>(scope: string, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const mode = await this.vectorMode();
    const pending: StoredEmbedding[] = [];
    let rows = 0;
    const result = await this.scopeLocks.run(scope, () =>
      this.tx(async (s) => {
        // On a PostgreSQL server the lock is pipelined with the callback's first statements: they
        // queue behind it on the transaction's connection, so the server runs them only once the
        // lock is held (one round trip saved per turn). PGlite runs one query at a time: awaited.
        const locked = s.lockScopes([scope]);
        if (this.exec.kind !== 'postgres') await locked;
        // The write statements are prepared on the connection; their cached generic plan is
        // built once, on the connection's sixth run, from the table sizes of that moment. Built
        // while `memories` was empty, the ingest slot read became a nested loop of sequential
        // scans (600 ms a call at 1.2k memories, the 10k-turn import stalled). Custom plans for
        // the transaction: planned on each run from the real sizes (pipelined, no round trip).
        const custom = this.exec.kind === 'postgres' ? s.prepared("SELECT set_config('plan_cache_mode', 'force_custom_plan', true)", []) : undefined;
        const { tx, end } = guardedTx({
          insertTurn: (t) => {
            rows++;
            return s.insertTurn(t);
          },
          activeMemories: (sc, filter) => s.activeMemories(sc, filter),
          memoriesByKey: (sc, subject, key) => s.memoriesByKey(sc, subject, key),
          insertMemory: (m) => {
            rows++;
            return s.insertMemory(m);
          },
          insertMemories: (ms) => {
            rows += ms.length;
            return s.insertMemories(ms);
          },
          updateMemory: (sc, id, patch) => s.updateMemory(sc, id, patch),
          putEmbedding: async (sc, e) => {
            pending.push(e);
            await s.putEmbedding(sc, e, mode);
          },
        });
        try {
          const [, , out] = await Promise.all([custom, locked, fn(tx)]);
          return out;
        } finally {
          end();
        }
      }),
    );
    for (const e of pending) await this.ensureHnsw(e.vector.length);
    this.noteWrites(rows);
    return result;
  }

  // ---- turns ----

  async getTurn(scope: string, id: string): Promise<TurnRecord | null> {
    const r = await this.pool.one(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND id = $2`, [scope, id]);
    return r ? rowToTurn(r) : null;
  }

  async getTurns(scope: string, list: string[]): Promise<TurnRecord[]> {
    if (list.length === 0) return [];
    const rows = await this.pool.prepared(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND id IN (SELECT jsonb_array_elements_text($2::text::jsonb))`, [scope, ids(list)]);
    const byId = new Map(rows.map((r) => [String(r.id), rowToTurn(r)]));
    return [...new Set(list)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async sessionTurns(scope: string, sessionId: string, fromSeq: number, toSeq: number): Promise<TurnRecord[]> {
    return (await this.pool.all(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND session_id = $2 AND seq BETWEEN $3 AND $4 ORDER BY seq`, [scope, sessionId, fromSeq, toSeq])).map(rowToTurn);
  }

  async recentTurns(scope: string, sessionId: string, limit: number): Promise<TurnRecord[]> {
    return (await this.pool.prepared(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND session_id = $2 ORDER BY seq DESC LIMIT $3`, [scope, sessionId, Math.max(0, limit)])).map(rowToTurn).reverse();
  }

  async latestTurns(scope: string, limit: number): Promise<TurnRecord[]> {
    return (await this.pool.all(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 ORDER BY ts COLLATE "C" DESC, rid DESC LIMIT $2`, [scope, Math.max(0, limit)])).map(rowToTurn).reverse();
  }

  async listTurns(scope: string, opts: { sessionId?: string; limit?: number; offset?: number } = {}): Promise<TurnRecord[]> {
    const params: unknown[] = [scope];
    let where = 'scope = $1';
    if (opts.sessionId !== undefined) {
      params.push(opts.sessionId);
      where += ` AND session_id = $${params.length}`;
    }
    params.push(opts.limit ?? null, opts.offset ?? 0);
    return (await this.pool.all(`SELECT ${TURN_SELECT} FROM turns WHERE ${where} ORDER BY ts COLLATE "C", session_id COLLATE "C", seq LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).map(rowToTurn);
  }

  // ---- memories ----

  async getMemory(scope: string | null, id: string): Promise<MemoryRecord | null> {
    const r =
      scope === null
        ? await this.pool.one(`SELECT ${MEMORY_SELECT} FROM memories WHERE id = $1 LIMIT 1`, [id])
        : await this.pool.one(`SELECT ${MEMORY_SELECT} FROM memories WHERE scope = $1 AND id = $2`, [scope, id]);
    return r ? rowToMemory(r) : null;
  }

  async listMemories(scope: string, filter: MemoryFilter = {}): Promise<MemoryRecord[]> {
    const where = ['scope = $1'];
    const params: unknown[] = [scope];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (!filter.includeInactive) where.push('active');
    if (!filter.includeDeleted) where.push("status <> 'deleted'");
    if (filter.subject !== undefined) add((p) => `subject = ${p}`, filter.subject);
    if (filter.key !== undefined) add((p) => `key = ${p}`, filter.key);
    for (const [col, list] of [
      ['key', filter.keys],
      ['type', filter.types],
    ] as const) {
      if (!list) continue;
      if (list.length === 0) return [];
      add((p) => `${col} IN (SELECT jsonb_array_elements_text(${p}::text::jsonb))`, ids(list));
    }
    if (filter.sessionId !== undefined) add((p) => `source_session = ${p}`, filter.sessionId);
    if (filter.page?.after) {
      const after = filter.page.after;
      add((p) => `(created_at COLLATE "C", id COLLATE "C") > (${p}::text COLLATE "C", $${params.length + 1}::text COLLATE "C")`, after.createdAt);
      params.push(after.id);
    }
    params.push(filter.limit ?? null, filter.offset ?? 0);
    const order = filter.page ? 'created_at COLLATE "C", id COLLATE "C"' : 'created_at COLLATE "C", rid';
    return (await this.pool.all(`SELECT ${MEMORY_SELECT} FROM memories WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).map(rowToMemory);
  }

  async scopesOfUser(userKey: string): Promise<string[]> {
    return userScopes(this.pool, userKey);
  }

  async touchMemories(scope: string, list: string[], at: string): Promise<void> {
    if (list.length === 0) return;
    await this.pool.all('UPDATE memories SET last_seen_at = $1 WHERE scope = $2 AND id IN (SELECT jsonb_array_elements_text($3::text::jsonb))', [at, scope, ids(list)]);
  }

  // ---- recall index ----

  async lexicalCandidates(scope: string, kind: 'memory' | 'turn', terms: string[], limit: number, opts: { includeInactive?: boolean } = {}): Promise<LexicalCandidates> {
    const clean = cleanTerms(terms);
    if (clean.length === 0 || limit <= 0) return { docs: [] };
    // Each term's newest postings (at most POSTINGS_CAP, from the scope-prefixed GIN lexemes),
    // with its maintained per-scope count and the scope's document count, in one round trip;
    // then the same cut as SQLite (store/lexical.ts) and the picked rows by rid. Was ts_rank
    // over every match of every term, which read and ranked each matching row's tsvector.
    const rows = await this.pool.prepared(postingsSqlPg(kind), [scope, JSON.stringify(clean.map((t) => scopePrefix(scope) + t)), POSTINGS_CAP, kind]);
    const postings = new Map<string, number[]>();
    const indexDf = dataRecord<number>();
    let n = 0;
    for (const r of rows) {
      const term = clean[Number(r.i) - 1];
      postings.set(term, (r.rids as unknown[]).map(Number));
      indexDf[term] = Number(r.docs ?? 0);
      n = Number(r.n ?? 0);
    }
    const activeOnly = kind === 'memory' && opts.includeInactive === false;
    const { picked, df, cut } = cutPostings(postings, indexDf, n, keepFor(limit, activeOnly));
    if (picked.length === 0) return { docs: [] };
    const read = await this.pool.prepared(candidateRowsSqlPg(kind, activeOnly), [scope, JSON.stringify(picked)]);
    const byRid = new Map(read.map((r) => [Number(r.rid), r]));
    const docs = selectCandidates(
      picked.flatMap((rid) => {
        const r = byRid.get(rid);
        return r ? [{ id: String(r.id), terms: String(r.terms), termCount: Number(r.term_count) }] : [];
      }),
      clean,
      limit,
      { ranked: true },
    );
    return !cut && read.length <= limit ? { docs } : { docs, df };
  }

  async termFrequencies(scope: string, kind: 'memory' | 'turn', terms: string[]): Promise<Record<string, number>> {
    const clean = cleanTerms(terms);
    const out = dataRecordOf<number>(clean.map((t) => [t, 0]));
    if (clean.length === 0) return out;
    // Primary-key probes of the counts the triggers keep (scope_terms in the migrations).
    const rows = await this.pool.prepared('SELECT term, docs FROM scope_terms WHERE scope = $1 AND kind = $2 AND term = ANY(ARRAY(SELECT jsonb_array_elements_text($3::text::jsonb)))', [scope, kind, JSON.stringify(clean)]);
    for (const r of rows) out[String(r.term)] = Number(r.docs);
    return out;
  }

  async corpusStats(scope: string, kind: 'memory' | 'turn'): Promise<CorpusStats> {
    const rows = await this.pool.prepared('SELECT kind, docs, terms, revision FROM scope_stats WHERE scope = $1 AND kind IN ($2, $3)', [scope, kind, kind === 'memory' ? 'memory_active' : kind]);
    return statsFromRows(rows, kind);
  }

  async scopeNames(scope: string): Promise<ScopeNames> {
    const [sp, subj] = await Promise.all([
      this.pool.prepared('SELECT name FROM scope_speakers WHERE scope = $1', [scope]),
      // A loose index scan: one index seek per distinct subject, however many rows each has.
      this.pool.prepared(
        `WITH RECURSIVE s(subject) AS (
           SELECT (SELECT MIN(subject) FROM memories WHERE scope = $1)
           UNION ALL
           SELECT (SELECT MIN(subject) FROM memories WHERE scope = $1 AND subject > s.subject) FROM s WHERE s.subject IS NOT NULL
         )
         SELECT subject FROM s WHERE subject IS NOT NULL AND EXISTS (SELECT 1 FROM memories m WHERE m.scope = $1 AND m.subject = s.subject AND m.status <> 'deleted')`,
        [scope],
      ),
    ]);
    return { speakers: sp.map((r) => String(r.name)).sort(byCodePoint), subjects: subj.map((r) => String(r.subject)).sort(byCodePoint) };
  }

  async turnsAround(scope: string, list: string[], radius: number): Promise<TurnRecord[]> {
    if (list.length === 0) return [];
    const r = Math.max(0, Math.floor(radius));
    return (
      await this.pool.prepared(
        `SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND rid IN (
           SELECT t.rid FROM turns c JOIN turns t ON t.scope = c.scope AND t.session_id = c.session_id AND t.seq BETWEEN c.seq - $3 AND c.seq + $3
           WHERE c.scope = $1 AND c.id = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb))))`,
        [scope, ids(list), r],
      )
    ).map(rowToTurn);
  }

  async turnsAt(scope: string, places: TurnPlace[]): Promise<TurnRecord[]> {
    const list = distinctPlaces(places);
    if (list.length === 0) return [];
    return (
      await this.pool.prepared(TURNS_AT_SQL_PG, [scope, JSON.stringify(list)])
    ).map(rowToTurn);
  }

  async turnsBetween(scope: string, from: string, to: string, limit: number): Promise<TurnRecord[]> {
    return (
      await this.pool.prepared(`SELECT ${TURN_SELECT} FROM turns WHERE scope = $1 AND ts >= $2 AND ts < $3 ORDER BY ts COLLATE "C", session_id COLLATE "C", seq LIMIT $4`, [scope, from, to, Math.max(0, limit)])
    ).map(rowToTurn);
  }

  async getMemories(scope: string, list: string[]): Promise<MemoryRecord[]> {
    if (list.length === 0) return [];
    return (await this.pool.prepared(`SELECT ${MEMORY_SELECT} FROM memories WHERE scope = $1 AND id = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb))) ORDER BY created_at COLLATE "C", rid`, [scope, ids(list)])).map(rowToMemory);
  }

  async memoriesByKeys(scope: string, lookup: KeyLookup, limit: number): Promise<MemoryRecord[]> {
    const ranges = keyFamilyRanges(lookup.keys);
    if (ranges.length === 0 || limit <= 0) return [];
    return (await this.pool.prepared(keyRowsSqlPg(lookup.includeInactive === false), [scope, limit, JSON.stringify(ranges.map((r) => [r.key, r.from, r.to]))])).map(rowToMemory);
  }

  async retractedByKeys(scope: string, lookup: EndedLookup, limit: number): Promise<MemoryRecord[]> {
    const ranges = keyFamilyRanges(lookup.keys);
    if (ranges.length === 0 || limit <= 0) return [];
    return (await this.pool.prepared(RETRACTED_SQL_PG, [scope, lookup.subject, JSON.stringify(ranges.map((r) => [r.key, r.from, r.to])), limit])).map(rowToMemory);
  }

  async activeInSlots(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]> {
    if (slots.length === 0 || perSlot <= 0) return [];
    return (await this.pool.prepared(ACTIVE_IN_SLOTS_SQL_PG, [scope, JSON.stringify(distinctSlots(slots)), perSlot])).map(rowToMemory);
  }

  async eventsBetween(scope: string, from: string, to: string, limit: number): Promise<MemoryRecord[]> {
    return (
      await this.pool.prepared(
        `SELECT ${MEMORY_SELECT} FROM memories WHERE scope = $1 AND type = 'event' AND COALESCE(event_date, valid_from) >= $2 AND COALESCE(event_date, valid_from) < $3 AND status <> 'deleted' ORDER BY created_at COLLATE "C", rid LIMIT $4`,
        [scope, from, to, Math.max(0, limit)],
      )
    ).map(rowToMemory);
  }

  async memoryHistory(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]> {
    if (slots.length === 0 || perSlot <= 0) return [];
    return (
      await this.pool.prepared(
        // Per slot, the newest-ended rows straight from the memories_history index (bounded by perSlot).
        `SELECT ${MEMORY_SELECT.split(', ').map((c) => `h.${c}`).join(', ')} FROM (SELECT DISTINCT p->>0 AS subject, p->>1 AS key FROM jsonb_array_elements($2::text::jsonb) AS p) s
         CROSS JOIN LATERAL (
           SELECT * FROM memories m WHERE m.scope = $1 AND m.subject = s.subject AND m.key = s.key AND NOT m.active AND m.status <> 'deleted'
           ORDER BY COALESCE(m.valid_to, m.updated_at) COLLATE "C" DESC, m.rid DESC LIMIT $3) h
         ORDER BY h.subject COLLATE "C", h.key COLLATE "C", COALESCE(h.valid_to, h.updated_at) COLLATE "C" DESC, h.rid DESC`,
        [scope, JSON.stringify(slots.map((x) => [x.subject, x.key])), perSlot],
      )
    ).map(rowToMemory);
  }

  // ---- vectors ----

  /** Creates the HNSW cosine index for a dimension once (pgvector only; concurrent creators are fine). */
  private async ensureHnsw(dim: number): Promise<void> {
    if ((await this.vectorMode()) !== 'pgvector' || this.hnswDims.has(dim) || !Number.isInteger(dim) || dim < 1 || dim > HNSW_MAX_DIM) return;
    try {
      await this.exec.query(`CREATE INDEX IF NOT EXISTS embeddings_hnsw_${dim} ON embeddings USING hnsw ((vector::vector(${dim})) vector_cosine_ops) WHERE dim = ${dim}`);
      this.hnswDims.add(dim);
    } catch (err) {
      // Another replica created it at the same moment; the next write retries otherwise.
      if (String((err as { code?: unknown }).code) === '23505' || String((err as { code?: unknown }).code) === '42P07') this.hnswDims.add(dim);
    }
  }

  /**
   * pgvector query. When the planner picks the HNSW index, the scope filter applies to what the
   * graph walk returns, so a small scope among crowded neighbours (or a graph made patchy by
   * duplicate vectors) can come back short. Iterative scans (pgvector ≥ 0.8) keep walking; if
   * the answer is still short of both `limit` and the scope's row count, the query is rerun
   * with index scans off — exact over the scope's rows via the btree bitmap — so it is complete.
   */
  private async annSearch(sql: string, params: unknown[], k: { scope: string; kind: string; model: string; dim: number; limit: number }): Promise<Row[]> {
    const rows = this.iterativeScan
      ? await this.tx(async (s) => {
          await s.all("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)");
          return s.all(sql, params);
        })
      : await this.pool.all(sql, params);
    if (rows.length >= k.limit) return rows;
    const c = await this.pool.one('SELECT COUNT(*) AS n FROM embeddings WHERE scope = $1 AND owner_kind = $2 AND model = $3 AND dim = $4', [k.scope, k.kind, k.model, k.dim]);
    if (Number(c?.n ?? 0) <= rows.length) return rows;
    return this.tx(async (s) => {
      await s.all("SELECT set_config('enable_indexscan', 'off', true)");
      return s.all(sql, params);
    });
  }

  async vectorSearch(scope: string, kind: 'memory' | 'turn', model: string, vector: number[], limit: number): Promise<Array<{ id: string; score: number }>> {
    if (vector.length === 0 || limit <= 0) return [];
    const mode = await this.vectorMode();
    const dim = vector.length;
    const ann = `SELECT owner_id, 1 - (vector::vector(${dim}) <=> $5::vector(${dim})) AS score FROM embeddings
             WHERE scope = $1 AND owner_kind = $2 AND model = $3 AND dim = $4
             ORDER BY vector::vector(${dim}) <=> $5::vector(${dim}), owner_id COLLATE "C" LIMIT $6`;
    const annParams = [scope, kind, model, dim, vectorLiteral(vector, mode), limit];
    const rows =
      mode === 'pgvector'
        ? await this.annSearch(ann, annParams, { scope, kind, model, dim, limit })
        : await this.pool.all(
            `SELECT owner_id, score FROM (
               SELECT owner_id, (SELECT CASE WHEN SUM(a::float8 * a) = 0 OR SUM(b::float8 * b) = 0 THEN 0 ELSE SUM(a::float8 * b) / SQRT(SUM(a::float8 * a) * SUM(b::float8 * b)) END
                                 FROM unnest(vector, $5::real[]) AS u(a, b)) AS score
               FROM embeddings WHERE scope = $1 AND owner_kind = $2 AND model = $3 AND dim = $4) AS s
             ORDER BY score DESC, owner_id COLLATE "C" LIMIT $6`,
            [scope, kind, model, dim, vectorLiteral(vector, mode), limit],
          );
    return rows
      .map((r) => {
        const score = Number(r.score);
        return { id: String(r.owner_id), score: Number.isFinite(score) ? score : 0 };
      })
      .sort((a, b) => b.score - a.score || byCodePoint(a.id, b.id));
  }

  async missingEmbeddings(model: string, limit: number): Promise<Array<{ scope: string; ownerKind: 'memory' | 'turn'; ownerId: string; text: string }>> {
    const rows = await this.pool.all(
      `(SELECT scope, 'memory' AS kind, id, text FROM memories m WHERE status <> 'deleted' AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.scope = m.scope AND e.owner_kind = 'memory' AND e.owner_id = m.id AND e.model = $1))
       UNION ALL
       (SELECT scope, 'turn' AS kind, id, text FROM turns t WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.scope = t.scope AND e.owner_kind = 'turn' AND e.owner_id = t.id AND e.model = $1))
       LIMIT $2`,
      [model, Math.max(0, limit)],
    );
    return rows.map((r) => ({ scope: String(r.scope), ownerKind: r.kind as 'memory' | 'turn', ownerId: String(r.id), text: String(r.text) }));
  }

  async putEmbedding(scope: string, e: StoredEmbedding): Promise<void> {
    const mode = await this.vectorMode();
    await this.pool.putEmbedding(scope, e, mode);
    await this.ensureHnsw(e.vector.length);
  }

  async embeddingModels(): Promise<Array<{ model: string; dim: number; count: number }>> {
    return (await this.pool.all('SELECT model, dim, COUNT(*) AS n FROM embeddings GROUP BY model, dim ORDER BY model COLLATE "C", dim')).map((r) => ({ model: String(r.model), dim: Number(r.dim), count: Number(r.n) }));
  }

  // ---- deletion ----

  async deleteSession(sessionId: string, inScope: (scopeKey: string) => boolean): Promise<void> {
    await this.tx(async (s) => {
      const find = async () => {
        const scopes = ids(
          (await s.all('SELECT scope FROM turns WHERE session_id = $1 UNION SELECT scope FROM memories WHERE source_session = $1', [sessionId])).map((r) => String(r.scope)).filter(inScope),
        );
        const turns = await s.all('SELECT id, scope FROM turns WHERE session_id = $1 AND scope IN (SELECT jsonb_array_elements_text($2::text::jsonb))', [sessionId, scopes]);
        const turnIds = ids(turns.map((t) => String(t.id)));
        const mems = (
          await s.all(
            `SELECT ${MEMORY_SELECT} FROM memories WHERE scope IN (SELECT jsonb_array_elements_text($3::text::jsonb))
               AND (source_session = $1 OR source_turn = ANY(ARRAY(SELECT jsonb_array_elements_text($2::text::jsonb))))`,
            [sessionId, turnIds, scopes],
          )
        ).map(rowToMemory);
        return { turns, turnIds, mems };
      };
      const first = await find();
      await s.lockScopes([...first.turns.map((t) => String(t.scope)), ...first.mems.map((m) => m.scope)]);
      const { turns, turnIds, mems } = await find();
      await s.removeMemories(mems);
      await s.all("DELETE FROM embeddings WHERE owner_kind = 'turn' AND owner_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))", [turnIds]);
      const scopes = ids([...new Set(turns.map((t) => String(t.scope)))]);
      await s.all('DELETE FROM turns WHERE session_id = $1 AND scope IN (SELECT jsonb_array_elements_text($2::text::jsonb))', [sessionId, scopes]);
      // The speakers of the scopes that lost turns, from the turns that remain.
      await s.all('DELETE FROM scope_speakers WHERE scope IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [scopes]);
      await s.all(`INSERT INTO scope_speakers SELECT DISTINCT t.scope, ${PG_SPEAKER_SQL} FROM turns t, jsonb_array_elements(t.messages) AS j(value) WHERE t.scope IN (SELECT jsonb_array_elements_text($1::text::jsonb)) ON CONFLICT DO NOTHING`, [scopes]);
    });
  }

  async deleteUser(userKey: string): Promise<void> {
    await this.tx(async (s) => {
      const scopes = await userScopes(s, userKey);
      if (scopes.length === 0) return;
      await s.lockScopes(scopes);
      const list = ids(scopes);
      await s.all('DELETE FROM embeddings WHERE scope IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [list]);
      await s.all('DELETE FROM memories WHERE scope IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [list]);
      await s.all('DELETE FROM turns WHERE scope IN (SELECT jsonb_array_elements_text($1::text::jsonb))', [list]);
      for (const table of ['scope_speakers', 'scope_stats', 'scope_terms']) await s.all(`DELETE FROM ${table} WHERE scope IN (SELECT jsonb_array_elements_text($1::text::jsonb))`, [list]);
    });
  }

  /**
   * The scopes holding memory `id` (just `scope` when given), advisory-locked like a write
   * transaction: a single-memory delete waits for an ingest of the scope. Unlocked, it took the
   * memory's row, then waited for the scope's counter rows (scope_stats, scope_terms) the ingest
   * held, and the ingest's next update of that memory deadlocked.
   */
  private async lockMemoryScopes(s: Statements, scope: string | null, id: string): Promise<string> {
    const scopes = scope === null ? (await s.all('SELECT DISTINCT scope FROM memories WHERE id = $1', [id])).map((r) => String(r.scope)) : [scope];
    await s.lockScopes(scopes);
    return ids(scopes);
  }

  async softDeleteMemory(scope: string | null, id: string, at: string): Promise<boolean> {
    return this.tx(async (s) => {
      const scopes = await this.lockMemoryScopes(s, scope, id);
      const rows = await s.all(
        "UPDATE memories SET status = 'deleted', active = false, deleted_at = $1, updated_at = $1 WHERE id = $2 AND scope IN (SELECT jsonb_array_elements_text($3::text::jsonb)) RETURNING id",
        [at, id, scopes],
      );
      return rows.length > 0;
    });
  }

  async deleteMemory(scope: string | null, id: string): Promise<boolean> {
    return this.tx(async (s) => {
      const scopes = await this.lockMemoryScopes(s, scope, id);
      const rows = await s.all('DELETE FROM memories WHERE id = $1 AND scope IN (SELECT jsonb_array_elements_text($2::text::jsonb)) RETURNING scope', [id, scopes]);
      for (const r of rows) await s.all("DELETE FROM embeddings WHERE scope = $1 AND owner_kind = 'memory' AND owner_id = $2", [r.scope, id]);
      return rows.length > 0;
    });
  }

  // ---- operations ----

  async counts(): Promise<{ turns: number; memories: number; bytes: number | null }> {
    const r = await this.pool.one(
      `SELECT (SELECT COUNT(*) FROM turns) AS turns, (SELECT COUNT(*) FROM memories) AS memories,
              (SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind = 'r') AS bytes`,
    );
    const bytes = Number(r?.bytes);
    return { turns: Number(r?.turns ?? 0), memories: Number(r?.memories ?? 0), bytes: Number.isFinite(bytes) ? bytes : null };
  }

  async listScopes(): Promise<string[]> {
    return (await this.pool.all('SELECT scope FROM turns UNION SELECT scope FROM memories')).map((r) => String(r.scope)).sort(byCodePoint);
  }
}
