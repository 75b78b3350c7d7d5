/**
 * @module store/sqlite/store
 * SqliteMemoryStore: the embedded MemoryStore on one better-sqlite3 database file (WAL, FTS5
 * over the analysed terms, Float32 BLOB vectors with exact cosine scoring). better-sqlite3 is
 * synchronous while transaction callbacks are async, so writes go through one in-process
 * mutex and BEGIN IMMEDIATE/COMMIT/ROLLBACK around the awaited callback; reads outside a
 * transaction use a second connection that only sees committed data.
 */
import Database from 'better-sqlite3';
import type { CorpusStats, EndedLookup, KeyLookup, LexicalCandidates, MemoryFilter, MemorySlot, MemoryStore, ScopeNames, StoreInfo, StoredEmbedding, StoreTx, TurnPlace } from '../../core/ports.ts';
import type { MemoryRecord, NewTurn, TurnRecord } from '../../core/types.ts';
import { StoreUnavailableError } from '../../core/errors.ts';
import { agentScopeRange, decodeScope } from '../../core/scope.ts';
import { MEMORY_COLUMNS, memoryFromValues, memorySelect, memoryValues, patchColumns, rowToMemory, rowToTurn, statsFromRows, turnFromValues, turnSelect, type Row, type SqlValue } from '../rows.ts';
import { byCodePoint, cappedTerms, cleanTerms, cosine, cutPostings, distinctPlaces, distinctSlots, fts5Query, historyEnd, isWholeToken, keepFor, keyFamilyRanges, POSTINGS_CAP, selectCandidates } from '../lexical.ts';
import { planReactivation } from '../deletion.ts';
import { Mutex } from '../mutex.ts';
import { splitDated, type SlotFilter } from '../slot-filter.ts';
import { guardedTx } from '../tx-handle.ts';
import { MIGRATIONS, SCHEMA_VERSION, SPEAKER_SQL } from './migrations.ts';
import { translateSqliteError } from './errors.ts';
import { ByteLru } from '../../core/byte-lru.ts';
import { dataRecord, dataRecordOf } from '../../core/data-record.ts';
import { Checkpointer, type CheckpointResult } from './checkpointer.ts';
import { mapPacked } from '../../core/packed.ts';

type Db = Database.Database;
/** One SQL text's prepared forms (object rows, value rows, first column) and how many there are. */
type StatementSet = { n: number; rows?: Database.Statement; values?: Database.Statement; column?: Database.Statement };

const bool = (b: boolean): SqlValue => (b ? 1 : 0);
const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
const MEMORY_INSERT = `INSERT INTO memories (${mapPacked(MEMORY_COLUMNS, ([c]) => c).join(', ')}) VALUES (${placeholders(MEMORY_COLUMNS.length)})`;

export interface SqliteStoreOptions {
  /** Busy timeout for cross-process locking (ms). */
  busyTimeoutMs?: number;
  /** Most transactions one commit holds (default GROUP_COMMIT_MAX; 1: every transaction commits alone). */
  groupCommitMax?: number;
  /** WAL checkpoints in a background thread (default true on a file; false: SQLite's automatic ones, in the COMMIT). */
  backgroundCheckpoints?: boolean;
  /** Budget of each connection's prepared-statement cache (default STATEMENT_CACHE_BYTES). */
  statementCacheBytes?: number;
}

function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw translateSqliteError(err);
  }
}

function open(path: string, busyTimeoutMs: number): Db {
  const db = new Database(path);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Deleted content is overwritten, not just unlinked (GDPR erasure; see docs/security.md).
  db.pragma('secure_delete = ON');
  return db;
}

/** Stored keys of a user scope and its agent sub-scopes: the user index, then the exact key range. */
function userScopes(q: Queries, userKey: string): string[] {
  const userId = decodeScope(userKey)?.userId;
  if (userId == null) return [];
  const { from, to } = agentScopeRange(userKey);
  // Every scope that ever held a row has its counters in scope_stats (kept by the insert
  // triggers, dropped with the user): a range of its primary key, not a read of the user's rows.
  return mapPacked(q
    .all(USER_SCOPES_SQL, userKey, from, to), (r) => String(r.scope))
    .filter((scope) => decodeScope(scope)?.userId === userId);
}

/** The scope keys of a user and its agent sub-scopes, from the scope counters' primary key. */
export const USER_SCOPES_SQL = 'SELECT scope FROM scope_stats WHERE scope = ? UNION SELECT scope FROM scope_stats WHERE scope >= ? AND scope < ?';

function toBlob(v: number[]): Buffer {
  return Buffer.from(new Float32Array(v).buffer);
}

function fromBlob(b: Buffer): Float32Array {
  return new Float32Array(new Uint8Array(b).buffer);
}

/**
 * Prepared statements kept per connection, bounded in bytes (SQL texts are few; the bound guards
 * against a leak of distinct texts, long ones included). A statement's cost is estimated from its
 * text: the compiled program grows with it (measured: ~4 KB fixed, ~16 bytes per SQL character).
 */
export const STATEMENT_CACHE_BYTES = 4 * 1024 * 1024;
export const statementBytes = (sql: string): number => 4096 + 16 * sql.length;
/** Whether sqlite_stat4 exists (ANALYZE creates it), then whether it holds a sample (see SqliteMemoryStore.dropSamples). */
const STAT4_TABLE_SQL = "SELECT 1 AS x FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'";
const STAT4_SAMPLE_SQL = 'SELECT 1 AS x FROM sqlite_stat4 LIMIT 1';
/** Committed write transactions between two `PRAGMA optimize` runs (cheap when nothing changed). */
export const OPTIMIZE_EVERY = 2000;
/**
 * Most transactions one COMMIT holds (group commit, SqliteMemoryStore.transaction): transactions that end
 * while a group is open join it, and the group commits once the event loop has run the callbacks
 * ready now (setImmediate), or at once when it holds this many. One turn at a time commits alone.
 */
export const GROUP_COMMIT_MAX = 32;
/** Committed transactions between two background checkpoint requests (a turn writes ~20-40 WAL pages; SQLite's own period is 1,000 pages). */
export const CHECKPOINT_EVERY = 32;
/**
 * WAL frames from which the writer finishes a checkpoint itself: SQLite restarts the WAL from its start
 * only in a write transaction that begins with every frame checkpointed, which a background checkpoint
 * racing steady writes never leaves, so the file would keep growing (measured: 146 MB after 1,500
 * turns of a test). About 16 MB at 4 KB pages; SQLite's own period is 1,000 pages, all copied on the writer.
 */
export const WAL_RESET_FRAMES = 4096;
/** SQLite's default automatic checkpoint period (pages), restored when the background thread fails. */
const AUTOCHECKPOINT_PAGES = 1000;
/** Pages a periodic full-text merge may write (about 8 MB; 16 ms for the whole index at 10k turns). */
export const FTS_MERGE_PAGES = 2000;

/** A statement and its parameters, built by a pure function so tests can EXPLAIN exactly it. */
export interface SqliteQuery {
  sql: string;
  params: unknown[];
}

/**
 * The ingest read of a scope's active rows, optionally narrowed to subjects and keys (null: the
 * filter is empty, nothing can match). Planned on the partial index of active rows by name
 * (INDEXED BY): without it SQLite may pick memories_scope_created to avoid the sort and read
 * every memory of the user (issue 16). Lists go in as one JSON parameter each, so the SQL text —
 * and its prepared statement — is the same whatever their length. Columns in MEMORY_COLUMNS order
 * (read as value rows: no object per row).
 */
export function activeMemoriesQuery(scope: string, filter?: SlotFilter): SqliteQuery | null {
  const { whole, dated } = splitDated(filter);
  if (!dated) {
    const q = wholeSlotsQuery(scope, whole, memorySelect('m'));
    return q && { sql: `${q.sql} ORDER BY m.created_at, m.rowid`, params: q.params };
  }
  // Dated keys are probed on (scope, subject, key, event_date): the rows of those dates only.
  const parts: string[] = [];
  const params: unknown[] = [];
  const slots = wholeSlotsQuery(scope, whole, 'm.rowid');
  if (slots) {
    parts.push(slots.sql);
    params.push(...slots.params);
  }
  const subjects = filter?.subjects;
  if (dated.dates.length > 0 && subjects?.length !== 0) {
    // Equality joins (not IN lists), so the planner probes all four columns whatever its statistics say.
    const s = subjects ? 'json_each(?) s CROSS JOIN ' : '';
    parts.push(
      `SELECT m.rowid FROM ${s}json_each(?) k CROSS JOIN json_each(?) d CROSS JOIN memories m INDEXED BY memories_active_slot WHERE m.scope = ? AND m.active = 1 AND m.status <> 'deleted'${subjects ? ' AND m.subject = s.value' : ''} AND m.key = k.value AND m.event_date = d.value`,
    );
    params.push(...(subjects ? [JSON.stringify(subjects)] : []), JSON.stringify(dated.keys), JSON.stringify(dated.dates), scope);
  }
  if (parts.length === 0) return null;
  return { sql: `SELECT ${memorySelect()} FROM memories WHERE rowid IN (${parts.join(' UNION ALL ')}) ORDER BY created_at, rowid`, params };
}

/**
 * `SELECT <select>` of the active rows of the filter's (subject, key) slots, unordered (null: a list
 * is empty, nothing can match). With a subject list the lists are equality-joined with the slot
 * index (each deduplicated, so a row comes back once), so the read probes (scope, subject, key)
 * whatever the statistics say. With IN lists a store of many small users (a few active rows per
 * (scope, subject)) planned a probe of (scope, subject) that filtered every active row of the
 * subject by key: a user whose events accumulate (one active row each) paid all of them on every
 * turn — 0.36 ms a read with 3,000 event rows, 0.04 ms probed (docs/ingest.md, Session 22).
 */
function wholeSlotsQuery(scope: string, whole: SlotFilter | undefined, select: string): SqliteQuery | null {
  const subjects = whole?.subjects && [...new Set(whole.subjects)];
  const keys = whole?.keys && [...new Set(whole.keys)];
  if (subjects?.length === 0 || keys?.length === 0) return null;
  const active = "m.scope = ? AND m.active = 1 AND m.status <> 'deleted'";
  if (subjects) {
    return keys
      ? { sql: `SELECT ${select} FROM json_each(?) s CROSS JOIN json_each(?) k CROSS JOIN memories m INDEXED BY memories_active_slot WHERE ${active} AND m.subject = s.value AND m.key = k.value`, params: [JSON.stringify(subjects), JSON.stringify(keys), scope] }
      : { sql: `SELECT ${select} FROM json_each(?) s CROSS JOIN memories m INDEXED BY memories_active_slot WHERE ${active} AND m.subject = s.value`, params: [JSON.stringify(subjects), scope] };
  }
  // No subject list: the index cannot narrow by key alone, so the scope's active rows are filtered.
  return keys
    ? { sql: `SELECT ${select} FROM memories m INDEXED BY memories_active_slot WHERE ${active} AND m.key IN (SELECT value FROM json_each(?))`, params: [scope, JSON.stringify(keys)] }
    : { sql: `SELECT ${select} FROM memories m INDEXED BY memories_active_slot WHERE ${active}`, params: [scope] };
}

/** Every row (any status) of one slot, newest first, on the slot index. */
export function memoriesByKeyQuery(scope: string, subject: string, key: string): SqliteQuery {
  return { sql: 'SELECT * FROM memories INDEXED BY memories_scope_subject_key WHERE scope = ? AND subject = ? AND key = ? ORDER BY created_at DESC, rowid DESC', params: [scope, subject, key] };
}

/** The listing read of a scope's memories (null: an empty key or type list matches nothing). */
export function listMemoriesQuery(scope: string, filter: MemoryFilter = {}): SqliteQuery | null {
  const where = ['scope = ?'];
  const params: unknown[] = [scope];
  if (!filter.includeInactive) where.push('active = 1');
  if (!filter.includeDeleted) where.push("status <> 'deleted'");
  if (filter.subject !== undefined) {
    where.push('subject = ?');
    params.push(filter.subject);
  }
  if (filter.key !== undefined) {
    where.push('key = ?');
    params.push(filter.key);
  }
  for (const [col, list] of [
    ['key', filter.keys],
    ['type', filter.types],
  ] as const) {
    if (!list) continue;
    if (list.length === 0) return null;
    where.push(`${col} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(list));
  }
  if (filter.sessionId !== undefined) {
    where.push('source_session = ?');
    params.push(filter.sessionId);
  }
  if (filter.page?.after) {
    where.push('(created_at, id) > (?, ?)');
    params.push(filter.page.after.createdAt, filter.page.after.id);
  }
  params.push(filter.limit ?? -1, filter.offset ?? 0);
  const order = filter.page ? 'created_at, id' : 'created_at, rowid';
  // One slot asked for: read the slot, not the user's rows in creation order (the planner may
  // otherwise walk memories_scope_created to avoid sorting, reading the whole history).
  const index = filter.subject !== undefined && filter.key !== undefined ? ' INDEXED BY memories_scope_subject_key' : '';
  return { sql: `SELECT * FROM memories${index} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`, params };
}

/*
 * The recall reads. Each names its index (INDEXED BY) or forbids one for a rowid lookup (NOT
 * INDEXED), so the plan is right by construction: with the statistics of an empty database a
 * rowid join was planned as a scan of the user's rows (42 ms a call at 1.5k turns).
 */

/** Value rows read by a rowid list (each with its rowid first), put back in that list's order. */
export function inRowidOrder(rows: unknown[][], rowids: readonly number[]): unknown[][] {
  // The rowid-list reads come back in list order (the list drives the join): checked by one walk, no map.
  let at = 0;
  for (let i = 0; i < rows.length && at <= rowids.length; i++, at++) while (at < rowids.length && rowids[at] !== Number(rows[i][0])) at++;
  if (at <= rowids.length) return rows;
  const byRowid = new Map<number, unknown[]>();
  for (const r of rows) byRowid.set(Number(r[0]), r);
  const out: unknown[][] = [];
  for (const id of rowids) {
    const r = byRowid.get(id);
    if (r) out.push(r);
  }
  return out;
}

/**
 * A LIMIT as SQL text. SQLite's planner reads a bound LIMIT's value, so
 * binding one marks the statement expired and every run prepares it again (measured at session 14:
 * ~10 µs a run for a one-line read, 0.1–0.2 ms for a key lookup; see recentTurnsSql). The recall
 * reads therefore write their limits into the text: the values are whole numbers the code
 * controls (never user text), a negative one reads every row.
 */
export const limitClause = (n: number): string => `LIMIT ${Number.isFinite(n) ? Math.max(-1, Math.floor(n)) : -1}`;

/**
 * One SQL text per limit, built on first use and kept (the limits are tunables: a few a builder).
 * Past LIMIT_TEXTS_KEPT limits of one builder a text is built per call, still correct.
 */
export function perLimit(build: (limit: string) => string): (n: number) => string {
  const texts = new Map<number, string>();
  return (n) => {
    let sql = texts.get(n);
    if (sql === undefined) {
      sql = build(limitClause(n));
      if (texts.size < LIMIT_TEXTS_KEPT) texts.set(n, sql);
    }
    return sql;
  };
}
/** Limits a perLimit builder keeps the text of. */
export const LIMIT_TEXTS_KEPT = 32;

/** One term's newest postings in a full-text table (rowids, newest first; parameter: the MATCH expression). */
export const postingsSql = (fts: 'turns_sfts' | 'memories_sfts') => `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid DESC ${limitClause(POSTINGS_CAP)}`;

/**
 * Every term's newest postings in one statement (parameters: per term its MATCH expression; the
 * cap is in the text): the lists one after the other, each newest first and closed by a 0 (rowids start at 1).
 * Was one statement a term (17 a recall).
 */
const postingsListSql = (fts: 'turns_sfts' | 'memories_sfts', n: number) => Array.from({ length: n }, () => `SELECT rowid FROM (${postingsSql(fts)}) UNION ALL SELECT 0`).join(' UNION ALL ');
const POSTINGS_SQL = { turns_sfts: [] as string[], memories_sfts: [] as string[] };
/** Terms read by one postings statement (a query expanded by the lexicon may carry hundreds). */
export const POSTINGS_TERMS_PER_STATEMENT = 100;
/** postingsListSql for n terms, built once per (table, n). */
export function postingsUnionSql(fts: 'turns_sfts' | 'memories_sfts', n: number): string {
  return (POSTINGS_SQL[fts][n] ??= postingsListSql(fts, n));
}

/**
 * The lexical candidates' rows by rowid (a JSON list, best first), scope-checked, at most `limit`
 * (-1: all; written in the text, limitClause). The rows come in list order (json_each drives the join, CROSS JOIN),
 * so a LIMIT keeps the best ones and stops reading: active-only memory queries pick twice the
 * limit and more (keepFor), of which the rows past the limit were read for nothing.
 */
export const candidateRowsSql = (kind: 'memory' | 'turn', activeOnly: boolean, limit: number): string => CANDIDATE_ROWS_SQL[kind === 'turn' ? 0 : activeOnly ? 2 : 1](limit);
const CANDIDATE_ROWS_SQL = [
  perLimit((limit) => `SELECT t.rowid AS r, t.id, t.terms, t.term_count FROM json_each(?) j CROSS JOIN turns t NOT INDEXED ON t.rowid = j.value WHERE t.scope = ? ${limit}`),
  perLimit((limit) => `SELECT m.rowid AS r, m.id, m.terms, m.term_count FROM json_each(?) j CROSS JOIN memories m NOT INDEXED ON m.rowid = j.value WHERE m.scope = ? AND m.status <> 'deleted' ${limit}`),
  perLimit((limit) => `SELECT m.rowid AS r, m.id, m.terms, m.term_count FROM json_each(?) j CROSS JOIN memories m NOT INDEXED ON m.rowid = j.value WHERE m.scope = ? AND m.status <> 'deleted' AND m.active = 1 ${limit}`),
] as const;

/** The distinct memory subjects of a scope, by a loose scan of memories_scope_subject_key. */
export const SCOPE_SUBJECTS_SQL = `WITH RECURSIVE s(subject) AS (
  SELECT (SELECT MIN(subject) FROM memories INDEXED BY memories_scope_subject_key WHERE scope = ?)
  UNION ALL
  SELECT (SELECT MIN(subject) FROM memories INDEXED BY memories_scope_subject_key WHERE scope = ? AND subject > s.subject) FROM s WHERE s.subject IS NOT NULL
) SELECT subject FROM s WHERE subject IS NOT NULL AND EXISTS (SELECT 1 FROM memories m INDEXED BY memories_scope_subject_key WHERE m.scope = ? AND m.subject = s.subject AND m.status <> 'deleted')`;

/**
 * A key lookup in one statement (named parameters: scope, asked — a JSON list of [from, to, key]:
 * each key with its `key_` family range; the limit is in the text, limitClause):
 * the asked keys and the keys of their families (a loose scan of memories_scope_key, one seek per
 * distinct key), per key its best rows in lookup order straight from that index (`LIMIT lim`
 * each: a slot superseded 700 times costs its limit), the best `lim` of those, and the rows of
 * that cut read whole, each with its rowid first (the cut's order is restored in JS: an ORDER BY
 * here sorts whole rows, which cost more than the rest of the statement). Was four statements (a
 * family probe, a loose scan per family, the per-key rows to JS, the kept rows by rowid).
 */
const keyLookupText = (activeOnly: boolean, limit: string) => `WITH RECURSIVE asked(lo, hi, k) AS (
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(@asked)
), fam(key, hi) AS (
  SELECT (SELECT MIN(key) FROM memories INDEXED BY memories_scope_key WHERE scope = @scope AND key >= a.lo AND key < a.hi), a.hi FROM asked a
  UNION ALL
  SELECT (SELECT MIN(key) FROM memories INDEXED BY memories_scope_key WHERE scope = @scope AND key > f.key AND key < f.hi), f.hi FROM fam f WHERE f.key IS NOT NULL
), keys(key) AS (
  SELECT key FROM fam WHERE key IS NOT NULL UNION SELECT k FROM asked
), cut(r, active, confidence, updated_at) AS (
  SELECT b.rowid, b.active, b.confidence, b.updated_at FROM keys k CROSS JOIN memories b NOT INDEXED
  WHERE b.rowid IN (SELECT rowid FROM memories INDEXED BY memories_scope_key WHERE scope = @scope AND key = k.key${activeOnly ? ' AND active = 1' : ''} AND status <> 'deleted' ORDER BY active DESC, confidence DESC, updated_at DESC, rowid DESC ${limit})
  ORDER BY b.active DESC, b.confidence DESC, b.updated_at DESC, b.rowid DESC ${limit}
)
SELECT m.rowid, ${memorySelect('m')} FROM cut c CROSS JOIN memories m NOT INDEXED ON m.rowid = c.r`;

/** keyLookupText with and without inactive rows, each text built once per limit. */
const KEY_LOOKUP_SQL = [perLimit((limit) => keyLookupText(false, limit)), perLimit((limit) => keyLookupText(true, limit))];
export function keyLookupSql(activeOnly: boolean, limit: number): string {
  return KEY_LOOKUP_SQL[activeOnly ? 1 : 0](limit);
}

/**
 * The change lookup's retracted rows in one statement (named parameters: scope, subject, asked — a
 * JSON list of [from, to, key] as in the key lookup; the limit in the text), all from the partial
 * index memories_retracted (scope, subject, key, end) WHERE status = 'retracted' (migration 9):
 * the subject's keys that have a retracted row (a loose scan: one seek when there is none, however
 * many keys are asked), those asked or in an asked family, per key its latest-ended rows (`LIMIT
 * lim` each), the latest `lim` of those, read whole with the rowid first (ordered in JS).
 * Superseded rows are not in the index, so a slot's long history costs nothing.
 */
export const retractedSql = perLimit(
  (limit) => `WITH RECURSIVE k(key) AS (
  SELECT (SELECT MIN(key) FROM memories INDEXED BY memories_retracted WHERE scope = @scope AND subject = @subject AND status = 'retracted')
  UNION ALL
  SELECT (SELECT MIN(key) FROM memories INDEXED BY memories_retracted WHERE scope = @scope AND subject = @subject AND status = 'retracted' AND key > k.key) FROM k WHERE k.key IS NOT NULL
), keys(key) AS (
  SELECT k.key FROM k WHERE k.key IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(@asked) a WHERE k.key = json_extract(a.value, '$[2]') OR (k.key >= json_extract(a.value, '$[0]') AND k.key < json_extract(a.value, '$[1]')))
), cut(r, e) AS (
  SELECT b.rowid, COALESCE(b.valid_to, b.updated_at) FROM keys k CROSS JOIN memories b NOT INDEXED
  WHERE b.rowid IN (SELECT rowid FROM memories INDEXED BY memories_retracted WHERE scope = @scope AND subject = @subject AND key = k.key AND status = 'retracted' ORDER BY COALESCE(valid_to, updated_at) DESC, rowid DESC ${limit})
  ORDER BY 2 DESC, 1 DESC ${limit}
)
SELECT m.rowid, ${memorySelect('m')} FROM cut c CROSS JOIN memories m NOT INDEXED ON m.rowid = c.r`,
);

/** The active rows of each slot (named parameters: scope, slots — a JSON list of [subject, key]), from memories_active_slot, at most `per` a slot (in the text). */
export const activeInSlotsSql = perLimit(
  (per) => `SELECT ${memorySelect('m')} FROM json_each(@slots) s CROSS JOIN memories m NOT INDEXED
  WHERE m.rowid IN (SELECT rowid FROM memories INDEXED BY memories_active_slot WHERE scope = @scope AND subject = json_extract(s.value, '$[0]') AND key = json_extract(s.value, '$[1]') AND active = 1 AND status <> 'deleted' ${per})`,
);

/**
 * The newest-ended rows of each slot (named parameters: scope, slots — a JSON list of [subject,
 * key]), from the memories_history index, at most `per` a slot (in the text, limitClause), each with its slot's place
 * in the list and its rowid first (the order is made in JS: an ORDER BY sorts whole rows): one
 * statement for every slot of the assembled lines (was one a slot).
 */
export const historySql = perLimit(
  (per) => `SELECT s.key, m.rowid, ${memorySelect('m')} FROM json_each(@slots) s CROSS JOIN memories m NOT INDEXED
  WHERE m.rowid IN (SELECT rowid FROM memories INDEXED BY memories_history WHERE scope = @scope AND subject = json_extract(s.value, '$[0]') AND key = json_extract(s.value, '$[1]') AND active = 0 AND status <> 'deleted' ORDER BY COALESCE(valid_to, updated_at) DESC, rowid DESC ${per})`,
);

/** The given turns (a JSON list of ids) and their session neighbours within ±radius seq. */
export const TURNS_AROUND_SQL = `SELECT ${turnSelect()} FROM turns WHERE rowid IN (
  SELECT t.rowid FROM json_each(?) j CROSS JOIN turns c ON c.id = j.value CROSS JOIN turns t INDEXED BY turns_scope_session_seq ON t.scope = c.scope AND t.session_id = c.session_id AND t.seq BETWEEN c.seq - ? AND c.seq + ?
  WHERE c.scope = ?)`;

/** A lexical query's scope token id and the scope's document count of the kind, each by its unique key (parameters: scope, scope, kind). */
export const LEXICAL_HEAD_SQL = 'SELECT (SELECT id FROM scope_keys WHERE scope = ?) AS id, (SELECT docs FROM scope_stats WHERE scope = ? AND kind = ?) AS docs';

/** The turns at (session, seq) places (a JSON list of [session, seq]), one seek each on the (scope, session_id, seq) index. */
export const TURNS_AT_SQL = `SELECT ${turnSelect('t')} FROM json_each(?) j CROSS JOIN turns t INDEXED BY turns_scope_session_seq ON t.scope = ? AND t.session_id = json_extract(j.value, '$[0]') AND t.seq = json_extract(j.value, '$[1]')`;

/** Turns by id (a JSON list), scope-checked. */
const TURNS_BY_ID_SQL = `SELECT ${turnSelect('t')} FROM json_each(?) j CROSS JOIN turns t ON t.id = j.value WHERE t.scope = ?`;
/** Turns said in [from, to), oldest first, at most `limit` (in the text). */
export const turnsBetweenSql = perLimit((limit) => `SELECT ${turnSelect()} FROM turns WHERE scope = ? AND ts >= ? AND ts < ? ORDER BY ts, session_id, seq ${limit}`);
/** Events dated in [from, to), in creation order, at most `limit` (in the text). */
export const eventsBetweenSql = perLimit(
  (limit) =>
    `SELECT ${memorySelect()} FROM memories WHERE scope = ? AND type = 'event' AND COALESCE(event_date, valid_from) >= ? AND COALESCE(event_date, valid_from) < ? AND status <> 'deleted' ORDER BY created_at, rowid ${limit}`,
);
/** Memories by id (a JSON list), scope-checked, in creation order. */
const MEMORIES_BY_ID_SQL = `SELECT ${memorySelect('m')} FROM json_each(?) j CROSS JOIN memories m ON m.id = j.value WHERE m.scope = ? ORDER BY m.created_at, m.rowid`;
/**
 * Per-scope document counts of terms (parameters: a JSON list of terms, scope id, kind), each by its primary key in
 * scope_term_docs (migration 7, kept by triggers). Was fts5vocab, which walks a term's whole posting list: its cost
 * followed the history (0.11 → 0.66 ms for one common memory term from 10k to 100k turns).
 */
export const TERM_DOCS_SQL = 'SELECT d.term, d.docs FROM json_each(?) j CROSS JOIN scope_term_docs d ON d.scope_id = ? AND d.kind = ? AND d.term = j.value';
/**
 * A session's last `limit` turns, newest first (ingest reads 4 for every turn). The limit is part
 * of the SQL text, not a parameter: SQLite's planner reads a bound LIMIT's value, so binding it
 * expires the statement and every run re-prepares it (measured: 23 → 12 µs a call). The texts stay
 * few (the callers ask fixed windows) and the statement cache is bounded in bytes anyway.
 */
export const recentTurnsSql = perLimit((limit) => `SELECT ${turnSelect()} FROM turns WHERE scope = ? AND session_id = ? ORDER BY seq DESC ${limit}`);

/** The next seq of a session, on the (scope, session_id, seq) unique index. */
export const NEXT_SEQ_SQL = 'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM turns WHERE scope = ? AND session_id = ?';

/**
 * The full-text rows of the turns and memories a commit inserted (parameter: a JSON list of their
 * rowids), written by the store in one statement per table just before the COMMIT (migration 10
 * dropped the insert triggers: FTS5 makes a segment of its pending rows at every statement
 * savepoint, so a trigger's row was a segment of its own). The rows are read as they are at that
 * moment: a row deleted since is skipped (its delete trigger found nothing to remove), a memory
 * deleted since is left out, and OR REPLACE makes a row an update trigger already indexed (its
 * terms or scope changed, or it was undeleted) come out once, with its current terms. The scope's
 * token id exists: the term-count insert triggers (migration 7) add it.
 */
export const TURNS_FTS_SQL = `INSERT OR REPLACE INTO turns_sfts (rowid, terms)
  SELECT t.rowid, 's' || k.id || '_' || replace(t.terms, ' ', ' s' || k.id || '_') FROM json_each(?) j CROSS JOIN turns t ON t.rowid = j.value CROSS JOIN scope_keys k ON k.scope = t.scope`;
export const MEMORIES_FTS_SQL = `INSERT OR REPLACE INTO memories_sfts (rowid, terms)
  SELECT m.rowid, 's' || k.id || '_' || replace(m.terms, ' ', ' s' || k.id || '_') FROM json_each(?) j CROSS JOIN memories m ON m.rowid = j.value CROSS JOIN scope_keys k ON k.scope = m.scope WHERE m.status <> 'deleted'`;

/** The statements shared by the transaction handle and the store (bound to one connection). */
class Queries {
  /**
   * Prepared statements by SQL text, least recently used dropped beyond STATEMENT_CACHE_BYTES: per
   * text its object-row statement and its value-row / first-column forms, as prepared (one entry
   * a text, so a lookup hashes the text the caller holds, never a key built per call).
   */
  readonly statements: ByteLru<StatementSet>;
  constructor(
    readonly db: Db,
    cacheBytes = STATEMENT_CACHE_BYTES,
  ) {
    this.statements = new ByteLru<StatementSet>(cacheBytes, (sql, set) => statementBytes(sql) * set.n);
  }
  get begin(): Database.Statement {
    return (this.#begin ??= this.db.prepare('BEGIN IMMEDIATE'));
  }
  get commit(): Database.Statement {
    return (this.#commit ??= this.db.prepare('COMMIT'));
  }
  get rollback(): Database.Statement {
    return (this.#rollback ??= this.db.prepare('ROLLBACK'));
  }
  /** A member of an open commit group marks where its work starts, so a failure undoes only its own. */
  get savepoint(): Database.Statement {
    return (this.#savepoint ??= this.db.prepare('SAVEPOINT member'));
  }
  get release(): Database.Statement {
    return (this.#release ??= this.db.prepare('RELEASE member'));
  }
  get rollbackTo(): Database.Statement {
    return (this.#rollbackTo ??= this.db.prepare('ROLLBACK TO member'));
  }
  #begin?: Database.Statement;
  #commit?: Database.Statement;
  #rollback?: Database.Statement;
  #savepoint?: Database.Statement;
  #release?: Database.Statement;
  #rollbackTo?: Database.Statement;

  /**
   * Rowids of the turns and memories inserted in the open transaction whose full-text rows are not
   * written yet (flushFts writes them before the COMMIT; a rollback forgets them).
   */
  readonly pendingFts = { turns: [] as number[], memories: [] as number[] };
  /**
   * Per table, whether the store writes the full-text rows of its inserts (migration 10 applied: the
   * table exists and its insert trigger is gone). A database not migrated yet keeps its triggers.
   */
  ownFts = { turns: false, memories: false };

  /** Reads ownFts from the schema (at open and after migrations). */
  readFtsOwnership(): void {
    const names = new Set(this.db.prepare("SELECT name FROM sqlite_schema WHERE name IN ('turns_sfts', 'memories_sfts', 'turns_sfts_ai', 'memories_sfts_ai')").pluck().all() as string[]);
    this.ownFts = {
      turns: names.has('turns_sfts') && !names.has('turns_sfts_ai'),
      memories: names.has('memories_sfts') && !names.has('memories_sfts_ai'),
    };
  }

  /** Writes the pending full-text rows (TURNS_FTS_SQL, MEMORIES_FTS_SQL): inside the transaction, before its COMMIT. */
  flushFts(): void {
    const { turns, memories } = this.pendingFts;
    if (turns.length > 0) this.exec(TURNS_FTS_SQL, JSON.stringify(turns));
    if (memories.length > 0) this.exec(MEMORIES_FTS_SQL, JSON.stringify(memories));
    turns.length = 0;
    memories.length = 0;
  }

  /** Where the pending lists stand (a savepoint's mark) and going back to a mark (after ROLLBACK TO; no mark: a whole rollback). */
  ftsMark(): [number, number] {
    return [this.pendingFts.turns.length, this.pendingFts.memories.length];
  }
  forgetFts(mark: [number, number] = [0, 0]): void {
    this.pendingFts.turns.length = Math.min(mark[0], this.pendingFts.turns.length);
    this.pendingFts.memories.length = Math.min(mark[1], this.pendingFts.memories.length);
  }

  stmt(sql: string): Database.Statement {
    return this.prepared(sql, 'rows');
  }
  /** The statement of `sql` in a shape, prepared on first use (the entry is re-set so that its bytes count the new form). */
  private prepared(sql: string, shape: 'rows' | 'values' | 'column'): Database.Statement {
    let set = this.statements.get(sql);
    const hit = set?.[shape];
    if (hit) return hit;
    const s = this.db.prepare(sql);
    if (shape === 'values') s.raw(true);
    else if (shape === 'column') s.pluck(true);
    set ??= { n: 0 };
    set[shape] = s;
    set.n++;
    this.statements.set(sql, set);
    return s;
  }
  all(sql: string, ...params: unknown[]): Row[] {
    return run(() => this.stmt(sql).all(...params) as Row[]);
  }
  /** Rows as arrays of values in the SELECT's column order (no object built per row: the recall reads). */
  values(sql: string, ...params: unknown[]): unknown[][] {
    return run(() => this.shaped(sql, 'values').all(...params) as unknown[][]);
  }
  /** The first column of each row. */
  column(sql: string, ...params: unknown[]): unknown[] {
    return run(() => this.shaped(sql, 'column').all(...params) as unknown[]);
  }
  /** A statement returning arrays (`values`) or plain first-column values (`column`), prepared apart from the object-row one. */
  private shaped(sql: string, shape: 'values' | 'column'): Database.Statement {
    return this.prepared(sql, shape);
  }
  get(sql: string, ...params: unknown[]): Row | undefined {
    return run(() => this.stmt(sql).get(...params) as Row | undefined);
  }
  exec(sql: string, ...params: unknown[]): number {
    return run(() => this.stmt(sql).run(...params).changes);
  }

  insertTurn(t: NewTurn): TurnRecord {
    const row = this.get(NEXT_SEQ_SQL, t.scope, t.sessionId);
    const seq = Number(row?.next ?? 1);
    this.insertRow(
      this.ownFts.turns ? this.pendingFts.turns : null,
      'INSERT INTO turns (id, scope, session_id, user_id, agent_id, seq, ts, messages, text, terms, term_count, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      t.id,
      t.scope,
      t.sessionId,
      t.userId,
      t.agentId,
      seq,
      t.timestamp,
      JSON.stringify(t.messages),
      t.text,
      t.terms,
      t.termCount,
      JSON.stringify(t.metadata ?? {}),
      t.createdAt,
    );
    return { ...t, seq };
  }

  activeMemories(scope: string, filter?: SlotFilter): MemoryRecord[] {
    const q = activeMemoriesQuery(scope, filter);
    return q ? mapPacked(this.values(q.sql, ...q.params), (v) => memoryFromValues(v)) : [];
  }

  memoriesByKey(scope: string, subject: string, key: string): MemoryRecord[] {
    const q = memoriesByKeyQuery(scope, subject, key);
    return mapPacked(this.all(q.sql, ...q.params), rowToMemory);
  }

  /** Runs an insert and notes the new row's rowid in `pending` (its full-text row is written by flushFts). */
  private insertRow(pending: number[] | null, sql: string, ...params: unknown[]): void {
    const rowid = run(() => this.stmt(sql).run(...params).lastInsertRowid);
    pending?.push(Number(rowid));
  }

  insertMemory(m: MemoryRecord): void {
    this.insertRow(this.ownFts.memories ? this.pendingFts.memories : null, MEMORY_INSERT, ...memoryValues(m, bool));
  }

  insertMemories(ms: MemoryRecord[]): void {
    const s = this.stmt(MEMORY_INSERT);
    const pending = this.ownFts.memories ? this.pendingFts.memories : null;
    run(() => {
      for (const m of ms) {
        const rowid = s.run(...memoryValues(m, bool)).lastInsertRowid;
        pending?.push(Number(rowid));
      }
    });
  }

  updateMemory(scope: string, id: string, patch: Partial<MemoryRecord>): void {
    const cols = patchColumns(patch, bool);
    if (cols.length === 0) return;
    this.exec(`UPDATE memories SET ${mapPacked(cols, ([c]) => `${c} = ?`).join(', ')} WHERE scope = ? AND id = ?`, ...mapPacked(cols, ([, v]) => v), scope, id);
  }

  putEmbedding(scope: string, e: StoredEmbedding): void {
    if (e.vector.length === 0 || e.vector.some((x) => !Number.isFinite(x))) throw new TypeError('embedding vector must be non-empty and finite');
    this.exec(
      'INSERT INTO embeddings (scope, owner_kind, owner_id, model, dim, vector) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (scope, owner_kind, owner_id, model) DO UPDATE SET dim = excluded.dim, vector = excluded.vector',
      scope,
      e.ownerKind,
      e.ownerId,
      e.model,
      e.vector.length,
      toBlob(e.vector),
    );
  }
}

export class SqliteMemoryStore implements MemoryStore {
  readonly path: string;
  private readonly writer: Queries;
  /** Reads outside transactions: a second connection on files (committed data only). */
  private readonly reader: Queries;
  private readonly lock = new Mutex();
  private closed = false;
  /** Committed write transactions since the last `PRAGMA optimize`. */
  private sinceOptimize = 0;
  /**
   * The open commit group: BEGIN issued, its members' work done (each released its savepoint),
   * COMMIT not yet run. Each member's transaction() resolves only after the COMMIT (or rejects
   * with its error): an answer still means the write is on disk.
   */
  private group: { members: Array<{ resolve(): void; reject(err: unknown): void }> } | null = null;
  private readonly groupCommitMax: number;
  /** COMMITs of transaction() groups so far (tests read it). */
  groupCommits = 0;
  /** The background checkpoint thread (files only; null: SQLite checkpoints inside the COMMIT). */
  readonly checkpointer: Checkpointer | null = null;
  /** Committed transactions since the last checkpoint request. */
  private sinceCheckpoint = 0;
  /** Checkpoints the writer ran itself because the WAL was left long (tests read it). */
  walResets = 0;

  constructor(path: string, opts: SqliteStoreOptions = {}) {
    this.path = path;
    this.groupCommitMax = Math.max(1, Math.floor(opts.groupCommitMax ?? GROUP_COMMIT_MAX));
    const busy = opts.busyTimeoutMs ?? 10_000;
    try {
      const cacheBytes = opts.statementCacheBytes ?? STATEMENT_CACHE_BYTES;
      this.writer = new Queries(open(path, busy), cacheBytes);
      this.writer.readFtsOwnership();
      this.reader = path === ':memory:' || path === '' ? this.writer : new Queries(open(path, busy), cacheBytes);
      if (this.reader !== this.writer && opts.backgroundCheckpoints !== false && !this.writer.db.readonly) {
        this.checkpointer = new Checkpointer(path, busy, () => this.takeBackCheckpoints(), (r) => this.checkpointAnswered(r));
        this.writer.db.pragma('wal_autocheckpoint = 0');
      }
    } catch (err) {
      throw new StoreUnavailableError(`cannot open SQLite database at ${path}: ${(err as Error).message}`, err);
    }
  }

  /** Bytes and entries of the prepared-statement caches (both connections), for tests and metrics. */
  statementCache(): { bytes: number; statements: number } {
    const caches = this.reader === this.writer ? [this.writer.statements] : [this.writer.statements, this.reader.statements];
    return { bytes: caches.reduce((n, c) => n + c.bytes, 0), statements: caches.reduce((n, c) => n + c.size, 0) };
  }

  /** Runs synchronous writes in one IMMEDIATE transaction, after every queued transaction. */
  private write<T>(fn: (q: Queries) => T): Promise<T> {
    return this.lock.run(() => {
      this.commitGroup();
      const result = run(() => {
        try {
          return this.writer.db
            .transaction(() => {
              const r = fn(this.writer);
              this.writer.flushFts();
              return r;
            })
            .immediate();
        } catch (err) {
          this.writer.forgetFts();
          throw err;
        }
      });
      this.committed();
      this.checkpointSoon(1);
      return result;
    });
  }

  /** The background thread failed: the writer checkpoints inside its COMMITs again, as SQLite does by default. */
  private takeBackCheckpoints(): void {
    void this.lock.run(() => {
      if (this.writer.db.open) run(() => this.writer.db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`));
    });
  }

  /**
   * A background checkpoint found a long WAL: the writer kept appending while the thread copied, so no
   * checkpoint ended with nothing left behind and SQLite never restarted the file. The writer, between
   * transactions, copies what is left (the frames written during the last background checkpoint), so
   * its next transaction restarts the WAL from the start.
   */
  private checkpointAnswered(r: CheckpointResult): void {
    if ('error' in r || r.log < WAL_RESET_FRAMES) return;
    void this.lock.run(() => {
      this.commitGroup();
      if (this.closed || !this.writer.db.open) return;
      try {
        this.writer.db.pragma('wal_checkpoint(PASSIVE)');
        this.walResets++;
      } catch {
        // A busy checkpoint is retried after the next background one.
      }
    });
  }

  /** Counts committed transactions and asks the background thread for a checkpoint every CHECKPOINT_EVERY. */
  private checkpointSoon(transactions: number): void {
    if (!this.checkpointer) return;
    if ((this.sinceCheckpoint += transactions) < CHECKPOINT_EVERY) return;
    this.sinceCheckpoint = 0;
    this.checkpointer.request();
  }

  /**
   * Commits the open group (under the lock, outside any member's work) and settles its members:
   * all resolve, or all reject with the COMMIT's error (SQLite then rolled the whole group back).
   */
  private commitGroup(): void {
    const g = this.group;
    if (!g) return;
    this.group = null;
    const q = this.writer;
    try {
      run(() => {
        q.flushFts();
        q.commit.run();
      });
    } catch (err) {
      q.forgetFts();
      if (q.db.open && q.db.inTransaction) q.rollback.run();
      for (const m of g.members) m.reject(err);
      return;
    }
    this.groupCommits++;
    for (const m of g.members) m.resolve();
    this.committed(g.members.length);
    this.checkpointSoon(g.members.length);
  }

  /**
   * Keeps planner statistics current as the data grows: `PRAGMA optimize` (with a bounded
   * analysis) every OPTIMIZE_EVERY commits, after migrations and at close. SQLite only re-analyses
   * tables whose size changed a lot, so the usual run costs microseconds. Called under the lock.
   */
  private committed(transactions = 1): void {
    if ((this.sinceOptimize += transactions) < OPTIMIZE_EVERY) return;
    this.optimize();
  }

  private optimize(): void {
    this.sinceOptimize = 0;
    try {
      this.writer.db.exec('PRAGMA analysis_limit = 1000; PRAGMA optimize;');
      // Each commit adds a segment to each full-text index it wrote (flushFts); a term lookup seeks
      // once per segment. A bounded merge (at most FTS_MERGE_PAGES pages written) keeps them few.
      this.writer.db.exec(`INSERT INTO turns_sfts(turns_sfts, rank) VALUES ('merge', -${FTS_MERGE_PAGES}); INSERT INTO memories_sfts(memories_sfts, rank) VALUES ('merge', -${FTS_MERGE_PAGES});`);
      // The reader keeps the statistics it loaded until it analyses too: a reader opened on an
      // empty database planned recall as if it were still empty (5-10x slower at 3k-10k turns).
      if (this.reader !== this.writer) this.reader.db.exec('PRAGMA analysis_limit = 1000; PRAGMA optimize;');
      this.dropSamples();
    } catch {
      // Statistics are an optimisation: a busy or read-only database keeps its old ones.
    }
  }

  /**
   * Deletes sqlite_stat4's samples (sqlite_stat1 stays) and has both connections reload the
   * statistics. With samples for an index, SQLite plans a statement with the values bound to that
   * index's columns and marks it expired whenever they are bound again, so every recall read
   * (`scope = ?`) was prepared again on every run (a one-row read 7 → 19 µs; session 14). Only a
   * full ANALYZE writes samples — migrations 4 and 6 on a database that already held rows, or an
   * operator's ANALYZE —, never the bounded `PRAGMA optimize` runs. The recall and ingest reads
   * name their indexes, so the samples could only cost.
   */
  private dropSamples(): void {
    if (!this.writer.get(STAT4_TABLE_SQL) || !this.writer.get(STAT4_SAMPLE_SQL)) return;
    this.writer.db.exec('DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;');
    if (this.reader !== this.writer) this.reader.db.exec('ANALYZE sqlite_schema;');
  }

  async migrate(): Promise<void> {
    await this.lock.run(() => {
      this.commitGroup();
      const q = this.writer;
      q.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
      for (const m of MIGRATIONS) {
        run(() =>
          q.db
            .transaction(() => {
              if (q.get('SELECT 1 AS x FROM schema_migrations WHERE version = ?', m.version)) return;
              q.db.exec(m.sql);
              q.exec('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', m.version, m.name, new Date().toISOString());
            })
            .immediate(),
        );
      }
      q.readFtsOwnership();
      // 0x10002: analyse every table that needs it now, as SQLite advises for long-lived connections.
      run(() => q.db.exec('PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;'));
      try {
        this.dropSamples();
      } catch {
        // A read-only database keeps its samples (its reads are then prepared again each run).
      }
      this.sinceOptimize = 0;
    });
  }

  async info(): Promise<StoreInfo> {
    const row = this.reader.get('SELECT MAX(version) AS v FROM schema_migrations');
    return { kind: 'sqlite', vectorSearch: 'exact', schemaVersion: Number(row?.v ?? 0), detail: { path: this.path, journal: this.path === ':memory:' ? 'memory' : 'wal', latestSchema: SCHEMA_VERSION } };
  }

  async ping(): Promise<boolean> {
    try {
      return this.reader.get('SELECT 1 AS ok')?.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.lock.run(() => this.commitGroup());
    await this.checkpointer?.close();
    await this.lock.run(() => {
      if (this.writer.db.open && !this.writer.db.readonly) this.optimize();
      if (this.reader !== this.writer) this.reader.db.close();
      // The WAL is folded into the database file and truncated before the process goes.
      if (this.path !== ':memory:' && this.path !== '') run(() => this.writer.db.pragma('wal_checkpoint(TRUNCATE)'));
      this.writer.db.close();
    });
  }

  /**
   * Runs `fn` between BEGIN IMMEDIATE and COMMIT on the writer, after every queued transaction.
   * Inside `fn`, write through `tx`: a store-level write (putEmbedding, softDeleteMemory…) queues
   * behind this transaction like any other caller's, so awaiting one from inside `fn` waits for
   * itself. Store reads use the reader connection and never wait.
   */
  async transaction<T>(_scope: string, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const { result, durable } = await this.lock.run(async () => {
      const q = this.writer;
      // The first member of a group opens it (BEGIN IMMEDIATE): a failure rolls the transaction back whole.
      // A later one marks a savepoint: a failure undoes its own work and the group goes on.
      const first = this.group === null;
      if (first) run(() => q.begin.run());
      else run(() => q.savepoint.run());
      const mark = q.ftsMark();
      const { tx, end } = guardedTx({
        insertTurn: (t) => q.insertTurn(t),
        activeMemories: (scope, filter) => q.activeMemories(scope, filter),
        memoriesByKey: (scope, subject, key) => q.memoriesByKey(scope, subject, key),
        insertMemory: (m) => q.insertMemory(m),
        insertMemories: (ms) => q.insertMemories(ms),
        updateMemory: (scope, id, patch) => q.updateMemory(scope, id, patch),
        putEmbedding: (scope, e) => q.putEmbedding(scope, e),
      });
      let result: T;
      try {
        result = await fn(tx);
        end();
        if (!first) run(() => q.release.run());
      } catch (err) {
        end();
        if (first) {
          q.forgetFts();
          if (q.db.open && q.db.inTransaction) q.rollback.run();
        } else if (q.db.open && q.db.inTransaction) {
          q.forgetFts(mark);
          q.rollbackTo.run();
          q.release.run();
        } else {
          // SQLite rolled the whole transaction back (e.g. a full disk): the group's earlier members fail with it.
          q.forgetFts();
          const g = this.group;
          this.group = null;
          for (const m of g?.members ?? []) m.reject(err);
        }
        throw translateSqliteError(err);
      }
      const g = (this.group ??= { members: [] });
      const durable = new Promise<void>((resolve, reject) => g.members.push({ resolve, reject }));
      if (g.members.length >= this.groupCommitMax) this.commitGroup();
      else if (first) setImmediate(() => void this.lock.run(() => this.group === g && this.commitGroup()));
      return { result, durable };
    });
    await durable.catch((err: unknown) => {
      throw translateSqliteError(err);
    });
    return result;
  }

  // ---- turns ----

  async getTurn(scope: string, id: string): Promise<TurnRecord | null> {
    const r = this.reader.get('SELECT * FROM turns WHERE scope = ? AND id = ?', scope, id);
    return r ? rowToTurn(r) : null;
  }

  async getTurns(scope: string, ids: string[]): Promise<TurnRecord[]> {
    if (ids.length === 0) return [];
    const rows = this.reader.values(TURNS_BY_ID_SQL, JSON.stringify([...new Set(ids)]), scope);
    const byId = new Map(mapPacked(rows, (r) => [String(r[0]), turnFromValues(r)]));
    return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async sessionTurns(scope: string, sessionId: string, fromSeq: number, toSeq: number): Promise<TurnRecord[]> {
    return mapPacked(this.reader.all('SELECT * FROM turns WHERE scope = ? AND session_id = ? AND seq BETWEEN ? AND ? ORDER BY seq', scope, sessionId, fromSeq, toSeq), rowToTurn);
  }

  async recentTurns(scope: string, sessionId: string, limit: number): Promise<TurnRecord[]> {
    return mapPacked(this.reader
      .values(recentTurnsSql(Number.isFinite(limit) ? Math.max(0, limit) : 0), scope, sessionId), (v) => turnFromValues(v))
      .reverse();
  }

  async latestTurns(scope: string, limit: number): Promise<TurnRecord[]> {
    return mapPacked(this.reader.all('SELECT * FROM turns WHERE scope = ? ORDER BY ts DESC, rowid DESC LIMIT ?', scope, Math.max(0, limit)), rowToTurn).reverse();
  }

  async listTurns(scope: string, opts: { sessionId?: string; limit?: number; offset?: number } = {}): Promise<TurnRecord[]> {
    const where = ['scope = ?'];
    const params: unknown[] = [scope];
    if (opts.sessionId !== undefined) {
      where.push('session_id = ?');
      params.push(opts.sessionId);
    }
    params.push(opts.limit ?? -1, opts.offset ?? 0);
    return mapPacked(this.reader.all(`SELECT * FROM turns WHERE ${where.join(' AND ')} ORDER BY ts, session_id, seq LIMIT ? OFFSET ?`, ...params), rowToTurn);
  }

  // ---- memories ----

  async getMemory(scope: string | null, id: string): Promise<MemoryRecord | null> {
    const r = scope === null ? this.reader.get('SELECT * FROM memories WHERE id = ?', id) : this.reader.get('SELECT * FROM memories WHERE scope = ? AND id = ?', scope, id);
    return r ? rowToMemory(r) : null;
  }

  async listMemories(scope: string, filter: MemoryFilter = {}): Promise<MemoryRecord[]> {
    const q = listMemoriesQuery(scope, filter);
    return q ? mapPacked(this.reader.all(q.sql, ...q.params), rowToMemory) : [];
  }

  async scopesOfUser(userKey: string): Promise<string[]> {
    return userScopes(this.reader, userKey);
  }

  async touchMemories(scope: string, ids: string[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.write((q) => q.exec('UPDATE memories SET last_seen_at = ? WHERE scope = ? AND id IN (SELECT value FROM json_each(?))', at, scope, JSON.stringify(ids)));
  }

  // ---- recall index ----

  /** The scope's short id (its token prefix in the full-text tables is `s<id>_`), or null when the scope has no documents yet. */
  private scopeId(scope: string): number | null {
    const r = this.reader.get('SELECT id FROM scope_keys WHERE scope = ?', scope);
    return r ? Number(r.id) : null;
  }

  async lexicalCandidates(scope: string, kind: 'memory' | 'turn', terms: string[], limit: number, opts: { includeInactive?: boolean } = {}): Promise<LexicalCandidates> {
    const clean = cleanTerms(terms);
    if (clean.length === 0 || limit <= 0) return { docs: [] };
    // The scope's token prefix and document count in one read (corpusStats' count of the kind).
    const head = this.reader.get(LEXICAL_HEAD_SQL, scope, scope, kind);
    if (!head || head.id === null) return { docs: [] };
    const prefix = `s${Number(head.id)}_`;
    const fts = kind === 'turn' ? 'turns_sfts' : 'memories_sfts';
    // Each term's newest postings, read from the scope's own posting list and cut at
    // POSTINGS_CAP: the cost follows the cap, however common the word is in a long history.
    const postings = new Map<string, number[]>();
    // Rowids come back as JS numbers (no safeIntegers), every term's list closed by a 0.
    // At most POSTINGS_TERMS_PER_STATEMENT terms a statement: SQLite caps a compound SELECT at 500 parts (two a term).
    for (let at = 0; at < clean.length; at += POSTINGS_TERMS_PER_STATEMENT) {
      const chunk = clean.slice(at, at + POSTINGS_TERMS_PER_STATEMENT);
      const all = this.reader.column(postingsUnionSql(fts, chunk.length), ...mapPacked(chunk, (t) => fts5Query([prefix + t]))) as number[];
      let from = 0;
      for (const t of chunk) {
        const end = all.indexOf(0, from);
        postings.set(t, all.slice(from, end));
        from = end + 1;
      }
    }
    const capped = cappedTerms(postings);
    const indexDf = capped.length > 0 ? this.termDocs(Number(head.id), kind, capped) : dataRecord<number>();
    const activeOnly = kind === 'memory' && opts.includeInactive === false;
    const { picked, df, cut } = cutPostings(postings, indexDf, Number(head.docs ?? 0), keepFor(limit, activeOnly));
    // When the cut is a prefix of the picked rows (selectCandidates' ranked case), one row past the
    // limit says whether the set is complete: the rest is not read.
    const ranked = clean.every(isWholeToken);
    const rows = this.reader.values(candidateRowsSql(kind, activeOnly, ranked ? limit + 1 : -1), JSON.stringify(picked), scope);
    const docs = selectCandidates(
      mapPacked(inRowidOrder(rows, picked), (r) => ({ id: String(r[1]), terms: String(r[2]), termCount: Number(r[3]) })),
      clean,
      limit,
      { ranked: true },
    );
    // Complete: every matching document was read (no term capped, none left out) and none was cut.
    return !cut && rows.length <= limit ? { docs } : { docs, df };
  }

  async termFrequencies(scope: string, kind: 'memory' | 'turn', terms: string[]): Promise<Record<string, number>> {
    const clean = cleanTerms(terms);
    const out = dataRecordOf<number>(mapPacked(clean, (t) => [t, 0]));
    const id = this.scopeId(scope);
    if (clean.length === 0 || id === null) return out;
    return Object.assign(out, this.termDocs(id, kind, clean));
  }

  /** Per-scope document counts of cleaned terms, kept at write time (scope_term_docs; terms in no document are left out). */
  private termDocs(scopeId: number, kind: 'memory' | 'turn', clean: string[]): Record<string, number> {
    const out = dataRecord<number>();
    for (const r of this.reader.values(TERM_DOCS_SQL, JSON.stringify(clean), scopeId, kind)) out[String(r[0])] = Number(r[1]);
    return out;
  }

  async corpusStats(scope: string, kind: 'memory' | 'turn'): Promise<CorpusStats> {
    const rows = this.reader.all('SELECT kind, docs, terms, revision FROM scope_stats WHERE scope = ? AND kind IN (?, ?)', scope, kind, kind === 'memory' ? 'memory_active' : kind);
    return statsFromRows(rows, kind);
  }

  async scopeNames(scope: string): Promise<ScopeNames> {
    const speakers = mapPacked(this.reader.all('SELECT name FROM scope_speakers WHERE scope = ? ORDER BY name', scope), (r) => String(r.name));
    // A loose index scan: one index seek per distinct subject, however many rows each has.
    const subjects = mapPacked(this.reader.all(SCOPE_SUBJECTS_SQL, scope, scope, scope), (r) => String(r.subject));
    return { speakers, subjects };
  }

  async turnsAround(scope: string, ids: string[], radius: number): Promise<TurnRecord[]> {
    if (ids.length === 0) return [];
    const r = Math.max(0, Math.floor(radius));
    return mapPacked(this.reader.values(TURNS_AROUND_SQL, JSON.stringify(ids), r, r, scope), (v) => turnFromValues(v));
  }

  async turnsAt(scope: string, places: TurnPlace[]): Promise<TurnRecord[]> {
    const list = distinctPlaces(places);
    if (list.length === 0) return [];
    return mapPacked(this.reader.values(TURNS_AT_SQL, JSON.stringify(list), scope), (v) => turnFromValues(v));
  }

  async turnsBetween(scope: string, from: string, to: string, limit: number): Promise<TurnRecord[]> {
    return mapPacked(this.reader.values(turnsBetweenSql(Math.max(0, limit)), scope, from, to), (v) => turnFromValues(v));
  }

  async getMemories(scope: string, ids: string[]): Promise<MemoryRecord[]> {
    if (ids.length === 0) return [];
    return mapPacked(this.reader
      .values(MEMORIES_BY_ID_SQL, JSON.stringify([...new Set(ids)]), scope), (v) => memoryFromValues(v));
  }

  async memoriesByKeys(scope: string, lookup: KeyLookup, limit: number): Promise<MemoryRecord[]> {
    const ranges = keyFamilyRanges(lookup.keys);
    if (ranges.length === 0 || limit <= 0) return [];
    const params = { scope, asked: JSON.stringify(mapPacked(ranges, (r) => [r.from, r.to, r.key])) };
    // Back in the cut's order: active first, then confidence, the newest update, the newest row.
    const rows = mapPacked(this.reader.values(keyLookupSql(lookup.includeInactive === false, limit), params), (v) => ({ r: Number(v[0]), m: memoryFromValues(v, 1) }));
    rows.sort((a, b) => Number(b.m.active) - Number(a.m.active) || b.m.confidence - a.m.confidence || byCodePoint(b.m.updatedAt, a.m.updatedAt) || b.r - a.r);
    return mapPacked(rows, (x) => x.m);
  }

  async retractedByKeys(scope: string, lookup: EndedLookup, limit: number): Promise<MemoryRecord[]> {
    const ranges = keyFamilyRanges(lookup.keys);
    if (ranges.length === 0 || limit <= 0) return [];
    const params = { scope, subject: lookup.subject, asked: JSON.stringify(mapPacked(ranges, (r) => [r.from, r.to, r.key])) };
    const rows = mapPacked(this.reader.values(retractedSql(limit), params), (v) => ({ r: Number(v[0]), m: memoryFromValues(v, 1) }));
    rows.sort((a, b) => byCodePoint(historyEnd(b.m), historyEnd(a.m)) || b.r - a.r);
    return mapPacked(rows, (x) => x.m);
  }

  async activeInSlots(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]> {
    if (slots.length === 0 || perSlot <= 0) return [];
    return mapPacked(this.reader.values(activeInSlotsSql(perSlot), { scope, slots: JSON.stringify(distinctSlots(slots)) }), (v) => memoryFromValues(v));
  }

  async eventsBetween(scope: string, from: string, to: string, limit: number): Promise<MemoryRecord[]> {
    // Rows as values (no object a row), like the other recall reads.
    return mapPacked(this.reader.values(eventsBetweenSql(Math.max(0, limit)), scope, from, to), (v) => memoryFromValues(v));
  }

  async memoryHistory(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]> {
    if (slots.length === 0 || perSlot <= 0) return [];
    // Per slot, the newest-ended rows straight from the memories_history index (bounded by perSlot), every slot in one statement.
    const list = distinctSlots(slots);
    // Slot after slot in list order, each newest end first (valid_to, else updated_at), then the newest row.
    const rows = mapPacked(this.reader.values(historySql(perSlot), { scope, slots: JSON.stringify(list) }), (v) => ({ slot: Number(v[0]), r: Number(v[1]), m: memoryFromValues(v, 2) }));
    rows.sort((a, b) => a.slot - b.slot || byCodePoint(b.m.validTo ?? b.m.updatedAt, a.m.validTo ?? a.m.updatedAt) || b.r - a.r);
    return mapPacked(rows, (x) => x.m);
  }

  // ---- vectors ----

  async vectorSearch(scope: string, kind: 'memory' | 'turn', model: string, vector: number[], limit: number): Promise<Array<{ id: string; score: number }>> {
    if (vector.length === 0 || limit <= 0) return [];
    const rows = this.reader.all('SELECT owner_id, vector FROM embeddings WHERE scope = ? AND owner_kind = ? AND model = ? AND dim = ?', scope, kind, model, vector.length);
    return mapPacked(rows, (r) => ({ id: String(r.owner_id), score: cosine(fromBlob(r.vector as Buffer), vector) }))
      .sort((a, b) => b.score - a.score || byCodePoint(a.id, b.id))
      .slice(0, limit);
  }

  async missingEmbeddings(model: string, limit: number): Promise<Array<{ scope: string; ownerKind: 'memory' | 'turn'; ownerId: string; text: string }>> {
    const rows = this.reader.all(
      `SELECT scope, 'memory' AS kind, id, text FROM memories m WHERE status <> 'deleted' AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.scope = m.scope AND e.owner_kind = 'memory' AND e.owner_id = m.id AND e.model = ?)
       UNION ALL
       SELECT scope, 'turn' AS kind, id, text FROM turns t WHERE NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.scope = t.scope AND e.owner_kind = 'turn' AND e.owner_id = t.id AND e.model = ?)
       LIMIT ?`,
      model,
      model,
      Math.max(0, limit),
    );
    return mapPacked(rows, (r) => ({ scope: String(r.scope), ownerKind: r.kind as 'memory' | 'turn', ownerId: String(r.id), text: String(r.text) }));
  }

  async putEmbedding(scope: string, e: StoredEmbedding): Promise<void> {
    await this.write((q) => q.putEmbedding(scope, e));
  }

  async embeddingModels(): Promise<Array<{ model: string; dim: number; count: number }>> {
    return mapPacked(this.reader.all('SELECT model, dim, COUNT(*) AS n FROM embeddings GROUP BY model, dim ORDER BY model, dim'), (r) => ({ model: String(r.model), dim: Number(r.dim), count: Number(r.n) }));
  }

  // ---- deletion ----

  async deleteSession(sessionId: string, inScope: (scopeKey: string) => boolean): Promise<void> {
    await this.write((q) => {
      const scopes = JSON.stringify(
        mapPacked(q.all('SELECT scope FROM turns WHERE session_id = ? UNION SELECT scope FROM memories WHERE source_session = ?', sessionId, sessionId), (r) => String(r.scope)).filter(inScope),
      );
      const turns = q.all('SELECT id FROM turns WHERE session_id = ? AND scope IN (SELECT value FROM json_each(?))', sessionId, scopes);
      const turnIds = JSON.stringify(mapPacked(turns, (t) => String(t.id)));
      const deleted = mapPacked(q
        .all(
          'SELECT * FROM memories WHERE scope IN (SELECT value FROM json_each(?)) AND (source_session = ? OR source_turn IN (SELECT value FROM json_each(?)))',
          scopes,
          sessionId,
          turnIds,
        ), rowToMemory);
      this.removeMemories(q, deleted);
      q.exec('DELETE FROM embeddings WHERE owner_kind = ? AND owner_id IN (SELECT value FROM json_each(?))', 'turn', turnIds);
      q.exec('DELETE FROM turns WHERE id IN (SELECT value FROM json_each(?))', turnIds);
      // The speakers of the scopes that lost turns, from the turns that remain.
      q.exec('DELETE FROM scope_speakers WHERE scope IN (SELECT value FROM json_each(?))', scopes);
      q.exec(`INSERT OR IGNORE INTO scope_speakers SELECT t.scope, ${SPEAKER_SQL} FROM turns t, json_each(t.messages) AS j WHERE t.scope IN (SELECT value FROM json_each(?))`, scopes);
    });
    await this.erase();
  }

  /** Deletes memories (and their vectors), reviving what they had superseded. */
  private removeMemories(q: Queries, deleted: MemoryRecord[]): void {
    if (deleted.length === 0) return;
    const ids = JSON.stringify(mapPacked(deleted, (m) => m.id));
    const linked = mapPacked(q
      .all(
        // Links never cross scopes, so the scope index narrows the search before the OR.
        'SELECT * FROM memories WHERE scope IN (SELECT value FROM json_each(?)) AND (id IN (SELECT value FROM json_each(?)) OR supersedes IN (SELECT value FROM json_each(?)) OR superseded_by IN (SELECT value FROM json_each(?)))',
        JSON.stringify([...new Set(mapPacked(deleted, (m) => m.scope))]),
        JSON.stringify(deleted.flatMap((m) => (m.supersedes ? [m.supersedes] : []))),
        ids,
        ids,
      ), rowToMemory);
    const slots = JSON.stringify(mapPacked(linked, (m) => [m.scope, m.subject, m.key]));
    const activeNow = mapPacked(q
      .all(
        "SELECT * FROM memories WHERE active = 1 AND (scope, subject, key) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))",
        slots,
      ), rowToMemory);
    const plan = planReactivation(deleted, linked, activeNow);
    q.exec('DELETE FROM embeddings WHERE owner_kind = ? AND owner_id IN (SELECT value FROM json_each(?))', 'memory', ids);
    q.exec('DELETE FROM memories WHERE id IN (SELECT value FROM json_each(?))', ids);
    for (const id of plan.reactivate) q.exec("UPDATE memories SET active = 1, status = 'active', superseded_by = NULL, valid_to = NULL WHERE id = ?", id);
    for (const id of plan.unlinkSupersedes) q.exec('UPDATE memories SET supersedes = NULL WHERE id = ?', id);
    for (const id of plan.unlinkSupersededBy) q.exec('UPDATE memories SET superseded_by = NULL WHERE id = ?', id);
  }

  async deleteUser(userKey: string): Promise<void> {
    await this.write((q) => {
      const scopes = JSON.stringify(userScopes(q, userKey));
      q.exec('DELETE FROM embeddings WHERE scope IN (SELECT value FROM json_each(?))', scopes);
      // The scopes' term counts go first: the delete triggers then find nothing left to count down, row after row.
      q.exec('DELETE FROM scope_term_docs WHERE scope_id IN (SELECT id FROM scope_keys WHERE scope IN (SELECT value FROM json_each(?)))', scopes);
      q.exec('DELETE FROM memories WHERE scope IN (SELECT value FROM json_each(?))', scopes);
      q.exec('DELETE FROM turns WHERE scope IN (SELECT value FROM json_each(?))', scopes);
      for (const table of ['scope_speakers', 'scope_stats', 'scope_keys']) q.exec(`DELETE FROM ${table} WHERE scope IN (SELECT value FROM json_each(?))`, scopes);
    });
    await this.erase();
  }

  /**
   * Makes deletions leave no copy in the files (run after each user or session deletion, and by
   * callers after a batch of deleteMemory calls): deleted cells and freed pages are zeroed
   * (secure_delete, set at open), the full-text indexes drop their entries at once (FTS5
   * secure-delete, set by a migration) and are then merged into one segment ('optimize'), which
   * rewrites the leaf-boundary keys of the segment index (`*_idx`) that still held prefixes of
   * deleted terms; and the WAL, which still holds the old page images, is checkpointed into the
   * database and truncated. A checkpoint blocked by a concurrent reader is retried by the next
   * deletion and at close. The merge reads the whole index: a delete costs time proportional to
   * the store (docs/security.md).
   */
  async erase(): Promise<void> {
    if (this.path === ':memory:' || this.path === '') return;
    await this.lock.run(() => {
      this.commitGroup();
      if (this.closed) return;
      run(() => this.writer.db.exec("INSERT INTO turns_sfts(turns_sfts) VALUES ('optimize'); INSERT INTO memories_sfts(memories_sfts) VALUES ('optimize');"));
      run(() => this.writer.db.pragma('wal_checkpoint(TRUNCATE)'));
    });
  }

  async softDeleteMemory(scope: string | null, id: string, at: string): Promise<boolean> {
    return this.write((q) => {
      const sql = "UPDATE memories SET status = 'deleted', active = 0, deleted_at = ?, updated_at = ? WHERE id = ?";
      return (scope === null ? q.exec(sql, at, at, id) : q.exec(`${sql} AND scope = ?`, at, at, id, scope)) > 0;
    });
  }

  async deleteMemory(scope: string | null, id: string): Promise<boolean> {
    const deleted = await this.write((q) => {
      const row = scope === null ? q.get('SELECT scope FROM memories WHERE id = ?', id) : q.get('SELECT scope FROM memories WHERE scope = ? AND id = ?', scope, id);
      if (!row) return false;
      q.exec("DELETE FROM embeddings WHERE scope = ? AND owner_kind = 'memory' AND owner_id = ?", row.scope, id);
      q.exec('DELETE FROM memories WHERE scope = ? AND id = ?', row.scope, id);
      return true;
    });
    return deleted;
  }

  // ---- operations ----

  async counts(): Promise<{ turns: number; memories: number; bytes: number | null }> {
    const t = this.reader.get('SELECT COUNT(*) AS n FROM turns');
    const m = this.reader.get('SELECT COUNT(*) AS n FROM memories');
    const pages = Number(this.reader.db.pragma('page_count', { simple: true }));
    const size = Number(this.reader.db.pragma('page_size', { simple: true }));
    return { turns: Number(t?.n ?? 0), memories: Number(m?.n ?? 0), bytes: Number.isFinite(pages * size) ? pages * size : null };
  }

  async listScopes(): Promise<string[]> {
    return mapPacked(this.reader.all('SELECT scope FROM turns UNION SELECT scope FROM memories ORDER BY scope'), (r) => String(r.scope));
  }
}
