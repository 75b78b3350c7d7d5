/**
 * Query plans of the ingest write path, asserted on the statements the stores really run (built
 * by the same pure functions): the ingest read of a slot's active rows uses the partial index of
 * active rows, the slot history its slot index, the next-seq read the session index — on a
 * user with a long history, with and without fresh statistics, on SQLite and PostgreSQL. Plans
 * that read every memory of the user made ingest slow down with the user's history (issue 16).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.ts';
import type { MemoryStore } from '../../src/core/ports.ts';
import { SqliteMemoryStore, activeMemoriesQuery as sqliteActive, memoriesByKeyQuery as sqliteByKey, NEXT_SEQ_SQL, recentTurnsSql, candidateRowsSql, LEXICAL_HEAD_SQL, historySql, keyLookupSql, retractedSql, activeInSlotsSql, listMemoriesQuery, postingsSql, postingsUnionSql, SCOPE_SUBJECTS_SQL, TURNS_AROUND_SQL, TURNS_AT_SQL, USER_SCOPES_SQL } from '../../src/store/sqlite/store.ts';
import { ACTIVE_IN_SLOTS_SQL_PG, activeMemoriesQuery as pgActive, candidateRowsSqlPg, RETRACTED_SQL_PG, keyRowsSqlPg, memoriesByKeyQuery as pgByKey, postingsSqlPg, TURNS_AT_SQL_PG } from '../../src/store/postgres/store.ts';
import { POSTINGS_CAP } from '../../src/store/lexical.ts';
import { createPostgresStore } from '../../src/store/postgres/create.ts';
import { memory, turn } from './conformance.ts';
import { slotClauses } from '../../src/store/slot-filter.ts';
import { TEST_PG_URL, assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

/** SQLite's plan of one statement, its steps joined. */
const explain = (db: Database.Database, sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join(' | ');

const SCOPE = 'u:heavy';
const KEYS = Array.from({ length: 40 }, (_, i) => `key_${i}`);

/**
 * A user with a long history: per key one active row and many retired ones, plus a few other
 * users, so a plan that reads the user's whole memory set differs from one that reads a slot.
 */
function history(scope: string, retiredPerKey: number): MemoryRecord[] {
  const out: MemoryRecord[] = [];
  let t = Date.parse('2024-01-01T00:00:00Z');
  for (let r = 0; r <= retiredPerKey; r++) {
    for (const key of KEYS) {
      const active = r === retiredPerKey;
      const at = new Date((t += 1000)).toISOString();
      out.push(memory(scope, key, `${key} value ${r}`, { active, status: active ? 'active' : 'superseded', createdAt: at, updatedAt: at, singleValued: false }));
    }
  }
  return out;
}

async function fill(store: MemoryStore): Promise<void> {
  for (const scope of [SCOPE, 'u:other1', 'u:other2']) {
    const rows = history(scope, scope === SCOPE ? 60 : 5);
    for (let i = 0; i < rows.length; i += 500) await store.transaction(scope, (tx) => tx.insertMemories(rows.slice(i, i + 500)));
    await store.transaction(scope, async (tx) => {
      for (let i = 0; i < 30; i++) await tx.insertTurn(turn(scope, 's1', `turn ${i}`));
    });
  }
}

const filter = { subjects: ['user', 'sister'], keys: ['key_3', 'key_17', 'key_30'] };

describe('SQLite ingest plans', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plans-sqlite-'));
  const path = join(dir, 'memory.db');
  let store: SqliteMemoryStore;
  let db: Database.Database;

  beforeAll(async () => {
    store = new SqliteMemoryStore(path);
    await store.migrate();
    await fill(store);
    db = new Database(path);
  });
  afterAll(async () => {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = (sql: string, params: unknown[]) => explain(db, sql, params);

  test.each([
    ['without statistics', false],
    ['after ANALYZE', true],
  ])('%s: the active-slot read, slot history and next seq use their indexes', (_label, analyze) => {
    if (analyze) db.exec('ANALYZE');
    const active = sqliteActive(SCOPE, filter)!;
    expect(plan(active.sql, active.params)).toMatch(/SEARCH m USING INDEX memories_active_slot \(scope=\? AND subject=\? AND key=\?\)/);
    const whole = sqliteActive(SCOPE)!;
    expect(plan(whole.sql, whole.params)).toMatch(/USING INDEX memories_active_slot \(scope=\?\)/);
    // An event key read at its dates probes all four columns of the slot index (not the key's every row).
    const dated = sqliteActive(SCOPE, { ...filter, dated: { keys: ['key_30'], dates: ['2026-03-01'] } })!;
    const datedPlan = plan(dated.sql, dated.params);
    expect(datedPlan).toMatch(/USING (COVERING )?INDEX memories_active_slot \(scope=\? AND subject=\? AND key=\? AND event_date=\?\)/);
    expect(datedPlan).toMatch(/USING (COVERING )?INDEX memories_active_slot \(scope=\? AND subject=\? AND key=\?\)/);
    expect(datedPlan).not.toMatch(/SCAN memories/);
    const byKey = sqliteByKey(SCOPE, 'user', 'key_3');
    expect(plan(byKey.sql, byKey.params)).toMatch(/USING INDEX memories_scope_subject_key \(scope=\? AND subject=\? AND key=\?\)/);
    expect(plan(NEXT_SEQ_SQL, [SCOPE, 's1'])).toMatch(/USING (COVERING )?INDEX turns_scope_session_seq \(scope=\? AND session_id=\?\)/);
    // The recent-turns read (every ingest): the session's index, newest first, no sort; its limit is in the text.
    expect(recentTurnsSql(4)).toMatch(/LIMIT 4$/);
    expect(plan(recentTurnsSql(4), [SCOPE, 's1'])).toMatch(/USING INDEX turns_scope_session_seq \(scope=\? AND session_id=\?\)/);
    expect(plan(recentTurnsSql(4), [SCOPE, 's1'])).not.toMatch(/TEMP B-TREE|SCAN turns/);
  });

  // Recall's reads: bounded by construction, whatever the statistics say. With the statistics
  // migration left on an empty database, the rowid join of the candidate rows was planned as a
  // scan of the user's memories (42 ms a call at 1.5k turns).
  test.each([
    ['statistics of the empty database', false],
    ['after ANALYZE', true],
  ])('%s: recall reads are rowid lookups and index ranges that stop at their limit', (_label, analyze) => {
    if (analyze) db.exec('ANALYZE');
    const ids = JSON.stringify([1, 2, 3]);
    // The picked list drives the join (its order is the rows' order, so the LIMIT keeps the best): no sort, no scan.
    expect(plan(candidateRowsSql('turn', false, 10), [ids, SCOPE])).toMatch(/^SCAN j VIRTUAL TABLE INDEX \d+:? \| SEARCH t USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
    for (const activeOnly of [false, true]) {
      expect(plan(candidateRowsSql('memory', activeOnly, 10), [ids, SCOPE])).toMatch(/^SCAN j VIRTUAL TABLE INDEX \d+:? \| SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
      // A key lookup in one statement: the family's keys by a loose scan, per key its best rows from
      // memories_scope_key (bounded by the limit), the cut's rows by rowid; never a scan of the memories.
      const keys = plan(keyLookupSql(activeOnly, 10), [{ scope: SCOPE, asked: JSON.stringify([['key_', 'key`', 'key'], ['key_3_', 'key_3`', 'key_3']]) }]);
      expect(keys).toMatch(/memories_scope_key \(scope=\? AND key>\? AND key<\?\)/);
      expect(keys).toMatch(new RegExp(`INDEX memories_scope_key \\(scope=\\? AND key=\\?${activeOnly ? ' AND active=\\?' : ''}\\)`));
      expect(keys).toMatch(/SEARCH b USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(keys).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(keys).not.toMatch(/SCAN (memories|b|m)\b/);
    }
    // The change lookup: retracted rows only, from their partial index (never the superseded history), and the active rows of their slots.
    const retracted = plan(retractedSql(10), [{ scope: SCOPE, subject: 'user', asked: JSON.stringify([['key_', 'key`', 'key'], ['key_3_', 'key_3`', 'key_3']]) }]);
    expect(retracted).toMatch(/memories_retracted \(scope=\? AND subject=\? AND key>\?\)/);
    expect(retracted).toMatch(/INDEX memories_retracted \(scope=\? AND subject=\? AND key=\?\)/);
    expect(retracted).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(retracted).not.toMatch(/SCAN (memories|b|m)\b|memories_scope_key|memories_history/);
    const active = plan(activeInSlotsSql(10), [{ scope: SCOPE, slots: JSON.stringify([['user', 'key_3']]) }]);
    expect(active).toMatch(/INDEX memories_active_slot \(scope=\? AND subject=\? AND key=\?\)/);
    expect(active).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(active).not.toMatch(/SCAN (memories|m)\b/);
    const history = plan(historySql(6), [{ scope: SCOPE, slots: JSON.stringify([['user', 'key_3'], ['user', 'key_4']]) }]);
    expect(history).toMatch(/USING INDEX memories_history \(scope=\? AND subject=\? AND key=\?\)/);
    expect(history).toMatch(/SEARCH m USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(history).not.toMatch(/SCAN (memories|m)\b/);
    expect(plan(TURNS_AROUND_SQL, [JSON.stringify(['x']), 1, 1, SCOPE])).toMatch(/turns_scope_session_seq \(scope=\? AND session_id=\? AND seq>\? AND seq<\?\)/);
    expect(plan(TURNS_AT_SQL, [JSON.stringify([['s', 2]]), SCOPE])).toMatch(/turns_scope_session_seq \(scope=\? AND session_id=\? AND seq=\?\)/);
    expect(plan(postingsSql('turns_sfts'), ['"s1_turn"'])).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
    // Every term's postings in one statement: one full-text lookup per term.
    expect(plan(postingsUnionSql('memories_sfts', 3), ['"s1_a"', '"s1_b"', '"s1_c"']).match(/VIRTUAL TABLE INDEX \d+:M/g)).toHaveLength(3);
    // A lexical query's scope token and document count: one seek each, never a scan of the scopes.
    const head = plan(LEXICAL_HEAD_SQL, [SCOPE, SCOPE, 'turn']);
    expect(head).toMatch(/scope_keys USING COVERING INDEX sqlite_autoindex_scope_keys_1 \(scope=\?\)/);
    expect(head).toMatch(/SEARCH scope_stats USING PRIMARY KEY \(scope=\? AND kind=\?\)/);
    expect(head).not.toMatch(/SCAN scope_keys|SCAN k\b/);
    // The scope's subjects: one seek per subject (the first MIN was planned on
    // memories_scope_created, a scan of the user's memories: 10 ms at 10k turns).
    const subjects = plan(SCOPE_SUBJECTS_SQL, [SCOPE, SCOPE, SCOPE]);
    expect(subjects).not.toMatch(/memories_scope_created|SCAN memories/);
    expect(subjects).toMatch(/memories_scope_subject_key \(scope=\?\)/);
    // A user's scopes (every recall and page asks): a range of the counters' key, not the
    // user's rows (it read every memory and turn of the user).
    const scopes = plan(USER_SCOPES_SQL, [SCOPE, `${SCOPE}:`, `${SCOPE};`]);
    expect(scopes).toMatch(/SEARCH scope_stats USING PRIMARY KEY \(scope=\?\)/);
    expect(scopes).toMatch(/SEARCH scope_stats USING PRIMARY KEY \(scope>\? AND scope<\?\)/);
    // A one-slot listing ("has the user told us their name?") reads the slot, not the history.
    const slot = listMemoriesQuery(SCOPE, { subject: 'user', key: 'key_3', limit: 1 })!;
    expect(plan(slot.sql, slot.params)).toMatch(/USING INDEX memories_scope_subject_key \(scope=\? AND subject=\? AND key=\?\)/);
    // A memories page after a cursor stops after the page (no sort of every row after it).
    const page = listMemoriesQuery(SCOPE, { includeInactive: true, page: { after: { createdAt: '2024-01-01T00:00:30.000Z', id: 'x' } }, limit: 101 })!;
    const pagePlan = plan(page.sql, page.params);
    expect(pagePlan).toMatch(/USING INDEX memories_scope_created \(scope=\? AND \(created_at,id\)>\(\?,\?\)\)/);
    expect(pagePlan).not.toMatch(/TEMP B-TREE/);
  });

  // SQLite's planner reads a bound LIMIT's value: binding one expires the statement, so every run
  // prepared it again (0.1–0.2 ms a key lookup). Session 14: every recall read writes its limit.
  test('recall reads bind no LIMIT or OFFSET (their statements are prepared once, not every run)', async () => {
    const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
    const originals = { all: proto.all, get: proto.get };
    const sources = new Set<string>();
    for (const m of ['all', 'get'] as const) {
      proto[m] = function (this: { source: string }, ...a: unknown[]) {
        sources.add(this.source);
        return originals[m].apply(this, a);
      };
    }
    try {
      for (const kind of ['turn', 'memory'] as const) {
        for (const includeInactive of [true, false]) {
          expect((await store.lexicalCandidates(SCOPE, kind, ['turn', 'value', 'key_3', '7'], 5, { includeInactive })).docs.length).toBeGreaterThan(0);
          // Terms the full-text tokenizer splits: the rows are read without a cut of the picked list.
          await store.lexicalCandidates(SCOPE, kind, ['key-3'], 5, { includeInactive });
        }
      }
      for (const includeInactive of [true, false]) {
        expect((await store.memoriesByKeys(SCOPE, { keys: ['key_3', 'key'], includeInactive }, 7)).length).toBeGreaterThan(0);
      }
      expect((await store.memoryHistory(SCOPE, [{ subject: 'user', key: 'key_3' }], 3)).length).toBe(3);
      await store.retractedByKeys(SCOPE, { subject: 'user', keys: ['key_3'] }, 7);
      expect((await store.activeInSlots(SCOPE, [{ subject: 'user', key: 'key_3' }], 7)).length).toBe(1);
      expect((await store.turnsBetween(SCOPE, '2000-01-01', '2100-01-01', 4)).length).toBe(4);
      await store.eventsBetween(SCOPE, '2000-01-01', '2100-01-01', 4);
      expect((await store.recentTurns(SCOPE, 's1', 2)).length).toBe(2);
    } finally {
      Object.assign(proto, originals);
    }
    expect(sources.size).toBeGreaterThan(8);
    expect([...sources].filter((sql) => /\b(LIMIT|OFFSET)\s+[?@:$]/i.test(sql))).toEqual([]);
  });

  test('the active-slot read returns exactly the active rows of the asked slots', async () => {
    const rows = await store.transaction(SCOPE, (tx) => tx.activeMemories(SCOPE, filter));
    expect(rows.map((m) => m.key).sort()).toEqual(['key_17', 'key_3', 'key_30']);
    expect(rows.every((m) => m.active && m.value.endsWith('value 60'))).toBe(true);
    expect(sqliteActive(SCOPE, { keys: [] })).toBeNull();
  });

  test('migrations leave statistics behind (sqlite_stat1 has the memories indexes)', () => {
    const fresh = join(dir, 'fresh.db');
    const s = new SqliteMemoryStore(fresh);
    return s.migrate().then(async () => {
      await s.close();
      const d = new Database(fresh);
      const tables = d.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'").all();
      d.close();
      expect(tables).toHaveLength(1);
    });
  });

  // A full ANALYZE (migration 6 on a database that held rows, or an operator's) wrote samples:
  // with them every statement binding `scope = ?` was prepared again on every run.
  test('opening a store drops sqlite_stat4 samples and keeps sqlite_stat1', async () => {
    const file = join(dir, 'sampled.db');
    const s = new SqliteMemoryStore(file);
    await s.migrate();
    await fill(s);
    await s.close();
    const d = new Database(file);
    d.exec('ANALYZE');
    const count = (sql: string) => Number((d.prepare(sql).get() as { n: number }).n);
    expect(count("SELECT COUNT(*) AS n FROM sqlite_stat4 WHERE tbl = 'memories'")).toBeGreaterThan(0);
    const reopened = new SqliteMemoryStore(file);
    await reopened.migrate();
    expect(count('SELECT COUNT(*) AS n FROM sqlite_stat4')).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM sqlite_stat1 WHERE tbl = 'memories'")).toBeGreaterThan(0);
    // The reader reloaded the statistics: its recall reads still answer.
    expect((await reopened.memoriesByKeys(SCOPE, { keys: ['key_3'] }, 3)).length).toBe(3);
    await reopened.close();
    d.close();
  });
});

// A user whose events accumulate (one active row each: 2,100 of `event_activity` at 10k turns of the
// scale user) holds thousands of active rows of one subject. The ingest read of other slots asked with
// IN lists was planned as a probe of (scope, subject) that filtered every one of those rows by key
// (0.36 ms a read against 0.04 with 3,000 event rows); it must probe (scope, subject, key).
describe('SQLite ingest plans: a subject with thousands of active rows of one key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plans-events-'));
  const path = join(dir, 'memory.db');
  const scope = 'u:events';
  let store: SqliteMemoryStore;
  let db: Database.Database;

  beforeAll(async () => {
    store = new SqliteMemoryStore(path);
    await store.migrate();
    const at = (i: number) => new Date(Date.parse('2024-01-01T00:00:00Z') + i * 1000).toISOString();
    const rows: MemoryRecord[] = [];
    for (let i = 0; i < 3000; i++) rows.push(memory(scope, 'event_activity', `activity ${i}`, { type: 'event', singleValued: false, eventDate: at(i * 86_400).slice(0, 10), createdAt: at(i), updatedAt: at(i) }));
    for (let k = 0; k < 10; k++) rows.push(memory(scope, `key_${k}`, `value ${k}`, { singleValued: false, createdAt: at(5000 + k), updatedAt: at(5000 + k) }));
    rows.push(memory(scope, 'key_3', 'sister value', { subject: 'sister', singleValued: false, createdAt: at(6000), updatedAt: at(6000) }));
    for (let i = 0; i < rows.length; i += 500) await store.transaction(scope, (tx) => tx.insertMemories(rows.slice(i, i + 500)));
    db = new Database(path);
  });
  afterAll(async () => {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const plan = (sql: string, params: unknown[]) => explain(db, sql, params);

  test.each([
    ['without statistics', ''],
    ['after PRAGMA optimize', 'PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;'],
    ['after ANALYZE', 'ANALYZE'],
    // As a store of many small users leaves them (bench:ingest's 100 users after 6,000 turns): a few
    // active rows per (scope, subject), so the planner preferred a Bloom-filtered probe of (scope, subject).
    ['with the statistics of many small users', "DELETE FROM sqlite_stat1 WHERE idx = 'memories_active_slot'; INSERT INTO sqlite_stat1 VALUES ('memories', 'memories_active_slot', '1673 17 6 2 2'); ANALYZE sqlite_schema;"],
  ])('%s: the read of other slots probes (scope, subject, key), never the subject\'s every active row', (_label, stats) => {
    if (stats) db.exec(stats);
    for (const f of [
      { subjects: ['user', 'sister'], keys: ['key_3', 'key_7'] },
      { subjects: ['user'], keys: ['key_3', 'event_activity'], dated: { keys: ['event_activity'], dates: ['2024-01-05'] } },
    ]) {
      const q = sqliteActive(scope, f)!;
      const p = plan(q.sql, q.params);
      expect(p).toMatch(/INDEX memories_active_slot \(scope=\? AND subject=\? AND key=\?/);
      expect(p).not.toMatch(/memories_active_slot \(scope=\? AND subject=\?\)|BLOOM|SCAN (memories|m)\b/);
    }
  });

  test('it returns exactly the active rows of the asked slots, once each, in creation order (duplicates in the lists too)', async () => {
    const read = (f: Parameters<typeof sqliteActive>[1]) => store.transaction(scope, (tx) => tx.activeMemories(scope, f));
    const plain = await read({ subjects: ['user', 'sister', 'user'], keys: ['key_3', 'key_7', 'key_3'] });
    expect(plain.map((m) => `${m.subject}/${m.key}`)).toEqual(['user/key_3', 'user/key_7', 'sister/key_3']);
    const dated = await read({ subjects: ['user'], keys: ['key_3', 'event_activity'], dated: { keys: ['event_activity'], dates: ['2024-01-05', '2024-01-05'] } });
    expect(dated.map((m) => `${m.key}/${m.eventDate ?? ''}`)).toEqual(['event_activity/2024-01-05', 'key_3/']);
    expect((await read({ keys: ['key_3'] })).map((m) => m.subject)).toEqual(['user', 'sister']);
    expect(await read({ subjects: ['user'], keys: [] })).toEqual([]);
    expect((await read({ subjects: ['sister'] })).map((m) => m.value)).toEqual(['sister value']);
  });
});

/** Index names a PostgreSQL plan scans (and the relations it reads by sequential scan), walking the JSON plan tree. */
async function pgIndexesOf(sql: postgres.Sql, text: string, params: unknown[]): Promise<string[]> {
  const rows = await sql.unsafe(`EXPLAIN (FORMAT JSON) ${text}`, params as never[]);
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Index Name'] === 'string') found.push(`${node['Node Type']}:${node['Index Name']}`);
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(`Seq Scan:${node['Relation Name']}`);
    for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) walk(child);
  };
  walk((rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
  return found;
}

/** A migrated PostgreSQL store on a fresh schema holding `fill`'s rows, and a plain connection to that schema. */
async function filledSchema(schema: string): Promise<{ store: MemoryStore; sql: postgres.Sql }> {
  await assertPostgresReachable();
  // The statistics of empty tables, as migration leaves them: the store's own ANALYZE (after ANALYZE_FIRST rows) off.
  const store = await createPostgresStore(urlWithSchema(schema), { poolSize: 2, analyzeFirst: Infinity });
  await store.migrate();
  await fill(store);
  const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {}, connection: { search_path: `"${schema}", public` } });
  return { store, sql };
}

describe('PostgreSQL ingest plans', () => {
  const schema = freshSchemaName('plans');
  let store: MemoryStore;
  let sql: postgres.Sql;

  beforeAll(async () => {
    ({ store, sql } = await filledSchema(schema));
    await sql.unsafe('ANALYZE memories; ANALYZE turns').simple();
  });
  afterAll(async () => {
    await sql?.end();
    await store?.close();
    await dropSchema(schema);
  });

  const indexesOf = (text: string, params: unknown[]) => pgIndexesOf(sql, text, params);

  test('the active-slot read probes the partial index of active rows, never a scan of memories', async () => {
    const q = pgActive(SCOPE, filter)!;
    const used = await indexesOf(q.sql, q.params);
    expect(used.some((u) => u.endsWith(':memories_active_slot'))).toBe(true);
    expect(used).not.toContain('Seq Scan:memories');
    const rows = await store.transaction(SCOPE, (tx) => tx.activeMemories(SCOPE, filter));
    expect(rows.map((m) => m.key).sort()).toEqual(['key_17', 'key_3', 'key_30']);
  });

  test('the slot history read uses an index on (scope, subject, key)', async () => {
    const q = pgByKey(SCOPE, 'user', 'key_3');
    const used = await indexesOf(q.sql, q.params);
    expect(used.some((u) => /:memories_(scope_subject_key|one_active|active_slot)$/.test(u))).toBe(true);
    expect(used).not.toContain('Seq Scan:memories');
  });
});

describe('PostgreSQL recall plans', () => {
  const schema = freshSchemaName('rplans');
  let store: MemoryStore;
  let sql: postgres.Sql;

  beforeAll(async () => {
    // Plans with the statistics of empty tables (as a fresh database has them), then after ANALYZE.
    ({ store, sql } = await filledSchema(schema));
    // Other users' rows, so that reading every row is not the cheapest plan (90 turns are).
    await sql.unsafe(`INSERT INTO turns (id, scope, session_id, seq, ts, messages, text, terms, term_count, created_at)
      SELECT 'bulk' || g, 'u:bulk' || (g % 50), 's', g, '2024-01-01', '[]', 'x', 'turn bulk w' || (g % 100), 3, '2024-01-01' FROM generate_series(1, 10000) g`);
    await sql.unsafe(`INSERT INTO memories (id, scope, type, subject, key, value, confidence, status, active, created_at, updated_at, terms, term_count)
      SELECT 'bulk' || g, 'u:bulk' || (g % 50), 'fact', 'user', 'key_' || (g % 40), 'value', 0.9, 'active', false, '2024-01-01', '2024-01-01', 'key value w' || (g % 100), 3 FROM generate_series(1, 10000) g`);
  });
  afterAll(async () => {
    await sql?.end();
    await store?.close();
    await dropSchema(schema);
  });

  const indexesOf = (text: string, params: unknown[]) => pgIndexesOf(sql, text, params);

  const lexeme = (term: string) => `${createHash('md5').update(SCOPE, 'utf8').digest('hex').slice(0, 12)}_${term}`;
  for (const analyzed of [false, true]) {
    test(`per-term postings read only the GIN index of the kind${analyzed ? ' (after ANALYZE)' : ''}`, async () => {
      if (analyzed) await sql.unsafe('ANALYZE memories; ANALYZE turns').simple();
      const turns = await indexesOf(postingsSqlPg('turn'), [SCOPE, JSON.stringify([lexeme('turn'), lexeme('7')]), POSTINGS_CAP, 'turn']);
      expect(turns.filter((u) => u.includes(':turns'))).toEqual(['Bitmap Index Scan:turns_stsv']);
      expect(turns).not.toContain('Seq Scan:turns');
      const memories = await indexesOf(postingsSqlPg('memory'), [SCOPE, JSON.stringify([lexeme('value')]), POSTINGS_CAP, 'memory']);
      expect(memories.filter((u) => u.includes(':memories'))).toEqual(['Bitmap Index Scan:memories_stsv']);
      const picked = await indexesOf(candidateRowsSqlPg('turn', false), [SCOPE, JSON.stringify([1, 2, 3])]);
      expect(picked).toContain('Index Scan:turns_scope_rid');
    });

    test(`turns by place probe turns_scope_session_seq, never a scan of turns${analyzed ? ' (after ANALYZE)' : ''}`, async () => {
      if (analyzed) await sql.unsafe('ANALYZE memories; ANALYZE turns').simple();
      const used = await indexesOf(TURNS_AT_SQL_PG, [SCOPE, JSON.stringify([['s1', 2], ['s1', 3]])]);
      expect(used.some((u) => u.endsWith(':turns_scope_session_seq'))).toBe(true);
      expect(used).not.toContain('Seq Scan:turns');
    });

    test(`the key lookup reads memories_key_rank, never a scan of memories${analyzed ? ' (after ANALYZE)' : ''}`, async () => {
      if (analyzed) await sql.unsafe('ANALYZE memories; ANALYZE turns').simple();
      for (const activeOnly of [false, true]) {
        const used = await indexesOf(keyRowsSqlPg(activeOnly), [SCOPE, 60, JSON.stringify([['key_3', 'key_3_', 'key_3`']])]);
        expect(used.some((u) => u.endsWith(':memories_key_rank'))).toBe(true);
        expect(used).not.toContain('Seq Scan:memories');
      }
    });

    test(`the change lookup reads memories_retracted and the active slots, never a scan of memories${analyzed ? ' (after ANALYZE)' : ''}`, async () => {
      if (analyzed) await sql.unsafe('ANALYZE memories; ANALYZE turns').simple();
      const retracted = await indexesOf(RETRACTED_SQL_PG, [SCOPE, 'user', JSON.stringify([['key_3', 'key_3_', 'key_3`']]), 60]);
      expect(retracted.filter((u) => u.includes(':memories')).every((u) => u.endsWith(':memories_retracted'))).toBe(true);
      expect(retracted.some((u) => u.endsWith(':memories_retracted'))).toBe(true);
      const active = await indexesOf(ACTIVE_IN_SLOTS_SQL_PG, [SCOPE, JSON.stringify([['user', 'key_3']]), 60]);
      expect(active.some((u) => /:memories_(active_slot|one_active)$/.test(u))).toBe(true);
      expect(active).not.toContain('Seq Scan:memories');
    });
  }
});

describe('slotClauses', () => {
  const m = (col: string, i: number) => `${col}@${i}`;
  test.each([
    ['no filter', undefined, { clauses: [], params: [] }],
    ['subjects only', { subjects: ['user'] }, { clauses: ['subject@2'], params: ['["user"]'] }],
    ['both lists, one parameter each', { subjects: ['user', 'sister'], keys: ['a', 'b', 'c'] }, { clauses: ['subject@2', 'key@3'], params: ['["user","sister"]', '["a","b","c"]'] }],
    ['keys only', { keys: ['a'] }, { clauses: ['key@2'], params: ['["a"]'] }],
    ['an empty list matches nothing', { subjects: ['user'], keys: [] }, null],
  ])('%s', (_label, filter, expected) => {
    expect(slotClauses(filter, 1, m)).toEqual(expected);
  });
});
