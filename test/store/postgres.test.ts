// Store conformance on the PostgreSQL server (127.0.0.1:5432, database `test`): the exact
// real[] vector path (pgvector is not installed there), in a fresh schema dropped afterwards.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import postgres from 'postgres';
import { createPostgresStore } from '../../src/store/postgres/create.ts';
import { StoreUnavailableError } from '../../src/core/errors.ts';
import { parsePostgresUrl } from '../../src/store/postgres/postgres-driver.ts';
import { PG_SCHEMA_VERSION } from '../../src/store/postgres/migrations.ts';
import { runStoreConformance, memory, turn } from './conformance.ts';
import type { MemoryRecord } from '../../src/core/types.ts';
import { TEST_PG_URL, assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

const schema = freshSchemaName('store');
const url = urlWithSchema(schema);

beforeAll(async () => {
  await assertPostgresReachable();
});
afterAll(async () => {
  await dropSchema(schema);
});

runStoreConformance('postgres server (exact real[] vectors)', () => createPostgresStore(url, { poolSize: 4 }), { kind: 'postgres', vectorSearch: 'exact' });

describe('postgres specifics', () => {
  test('the store refreshes planner statistics after enough writes (ANALYZE_FIRST), with autovacuum off too', async () => {
    // Before: only the migration analysed the tables (empty on a new database); on a server with autovacuum off the
    // key lookups kept an empty table's plan (memories_scope_key + sort, 4.8 ms, instead of memories_key_rank, 0.55 ms).
    const { ANALYZE_FIRST } = await import('../../src/store/postgres/store.ts');
    const s = freshSchemaName('stats');
    const store = await createPostgresStore(urlWithSchema(s), { poolSize: 2 });
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => undefined });
    try {
      await store.migrate();
      const analysed = async () => (await sql`SELECT last_analyze FROM pg_stat_user_tables WHERE schemaname = ${s} AND relname = 'turns'`)[0]?.last_analyze as Date | null;
      const before = await analysed();
      await store.transaction('u:stats', async (tx) => {
        for (let i = 0; i < ANALYZE_FIRST; i++) await tx.insertTurn(turn('u:stats', 's1', `turn number ${i}`));
      });
      await store.statisticsSettled();
      const after = await analysed();
      expect(after).not.toBeNull();
      expect(before === null || after!.getTime() > before.getTime()).toBe(true);
    } finally {
      await sql.end();
      await store.close();
      await dropSchema(s);
    }
  }, 60_000);

  test('importTurns completes on a pool of one connection (it read recent turns on the pool inside its transaction)', async () => {
    // Before: MemoryService.importTurns asked the store (not the transaction) for a session's recent turns while its
    // transaction held the only connection, and waited for it forever (bench/recall-profile.ts --pool 1 hung building).
    const { MemoryService } = await import('../../src/core/service.ts');
    const { OfflineExtractor } = await import('../../src/core/extraction/offline-extractor.ts');
    const s = freshSchemaName('imp1');
    const store = await createPostgresStore(urlWithSchema(s), { poolSize: 1 });
    try {
      await store.migrate();
      const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
      const turns = Array.from({ length: 6 }, (_, i) => ({ userId: 'u', sessionId: `s${i % 2}`, timestamp: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(), messages: [{ role: 'user' as const, content: `I work at Stripe in Lisbon, note ${i}.` }] }));
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000).unref());
      const done = await Promise.race([svc.importTurns(turns), hung]);
      expect(done).toEqual({ turns: 6, ops: expect.any(Number) });
      expect((await store.listTurns('u:u', { limit: 100 })).length).toBe(6);
    } finally {
      await store.close();
      await dropSchema(s);
    }
  }, 30_000);

  test.each([
    ['postgres://u@h:5432/db', 'public', 'postgres://u@h:5432/db'],
    ['postgres://u@h:5432/db?schema=s_1', 's_1', 'postgres://u@h:5432/db'],
    ['postgres://u@h/db?sslmode=disable&schema=abc', 'abc', 'postgres://u@h/db?sslmode=disable'],
  ])('parsePostgresUrl(%s) → schema %s', (input, schemaName, rest) => {
    expect(parsePostgresUrl(input)).toEqual({ url: rest, schema: schemaName });
  });

  test('the ingest statements are prepared on the connection: one round trip each, pipelined (issue 16)', async () => {
    // Before: every statement went out unnamed, so the driver sent a Describe and waited for it
    // (two round trips per statement, and the next statement could not be pipelined behind it).
    const s = freshSchemaName('prep');
    const store = await createPostgresStore(urlWithSchema(s), { poolSize: 1 });
    try {
      await store.migrate();
      const at = '2024-01-01T00:00:00.000Z';
      await store.transaction('u:prep', async (tx) => {
        await Promise.all([
          tx.insertTurn({ id: 't1', scope: 'u:prep', sessionId: 's', userId: 'prep', agentId: null, timestamp: at, messages: [{ role: 'user', content: 'hi' }], text: 'User: hi', terms: 'hi', termCount: 1, metadata: {}, createdAt: at }),
          tx.activeMemories('u:prep', { subjects: ['user'], keys: ['location'] }),
        ]);
        await tx.insertMemories([memory('u:prep', 'location', 'Berlin', { sourceTurn: 't1' }), memory('u:prep', 'pet', 'dog', { sourceTurn: 't1' })]);
      });
      // One pooled connection: the statement list of the connection that ran the transaction.
      const rows = await (store as unknown as { pool: { all(q: string): Promise<Array<{ statement: string }>> } }).pool.all('SELECT statement FROM pg_prepared_statements');
      const prepared = rows.map((r) => r.statement).join('\n');
      expect(prepared).toContain('pg_advisory_xact_lock');
      expect(prepared).toContain('INSERT INTO turns');
      expect(prepared).toContain('INSERT INTO memories');
      expect(prepared).toMatch(/FROM memories WHERE scope = \$1 AND active/);
    } finally {
      await store.close();
      await dropSchema(s);
    }
  });

  test('an invalid schema name is refused', () => {
    expect(() => parsePostgresUrl('postgres://h/db?schema=a;drop')).toThrow(/invalid schema/);
  });

  test('replicas migrating the same fresh schema at once apply each migration exactly once', async () => {
    const s = freshSchemaName('race');
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => createPostgresStore(urlWithSchema(s), { poolSize: 2 })));
      await Promise.all(stores.map((st) => st.migrate()));
      const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
      const rows = await sql.unsafe(`SELECT version, count(*)::int AS n FROM "${s}".schema_migrations GROUP BY version`);
      await sql.end();
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
      await Promise.all(stores.map((st) => st.close()));
    } finally {
      await dropSchema(s);
    }
  });

  test('the one-active-row rule holds in the database itself (partial unique index)', async () => {
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql.unsafe(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'memories_one_active'`, [schema]);
      expect(rows[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(scope, subject, key\) WHERE \(active AND single_valued\)/);
    } finally {
      await sql.end();
    }
  });

  test('concurrent stores (two pools) inserting the same single-valued key: exactly one wins', async () => {
    const a = await createPostgresStore(url, { poolSize: 2 });
    const b = await createPostgresStore(url, { poolSize: 2 });
    try {
      const scope = `u:race-${Date.now()}`;
      const results = await Promise.allSettled(
        [a, b, a, b].map((st, i) => st.transaction(scope, async (tx) => {
          const current = await tx.activeMemories(scope, { subjects: ['user'], keys: ['employer'] });
          if (current.length > 0) await tx.updateMemory(scope, current[0].id, { active: false, status: 'superseded' });
          await tx.insertMemory(memory(scope, 'employer', `E${i}`));
        })),
      );
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect((await a.listMemories(scope)).length).toBe(1);
      expect((await b.listMemories(scope, { includeInactive: true })).length).toBe(4);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('JSON columns hold real JSON (arrays/objects), not JSON-encoded strings', async () => {
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql.unsafe(`SELECT DISTINCT jsonb_typeof(messages) AS m, jsonb_typeof(metadata) AS md FROM "${schema}".turns`);
      expect(rows).toEqual([{ m: 'array', md: 'object' }]);
      const mem = await sql.unsafe(`SELECT DISTINCT jsonb_typeof(metadata) AS md FROM "${schema}".memories`);
      expect(mem).toEqual([{ md: 'object' }]);
    } finally {
      await sql.end();
    }
  });

  test('scope_terms equals a recount by COUNT(*) over stsv after a mixed workload, and migration 7 backfills it', async () => {
    const s = freshSchemaName('terms');
    const store = await createPostgresStore(urlWithSchema(s), { poolSize: 2 });
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
    try {
      await store.migrate();
      await sql.unsafe(`SET search_path TO "${s}"`);
      let seed = 13;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
      const words = ['dog', 'park', 'cat', 'Lisbon', 'Porto', 'sister', 'pottery', 'weekend', 'job', 'nurse', "O'Brien's", 'café', 'rain', 'trip', 'Biscuit', 'guitar', 'jazz'];
      const text = (n: number) => Array.from({ length: n }, () => pick(words)).join(' ');
      const stamp = Date.now().toString(36);
      const scopes = [`u:ada-${stamp}`, `u:ada-${stamp}|a:bot`, `u:bo-${stamp}`, `u:cy-${stamp}`];
      const live: MemoryRecord[] = [];
      for (let round = 0; round < 5; round++) {
        for (const scope of scopes) {
          await store.transaction(scope, async (tx) => {
            for (let i = 0; i < 6; i++) await tx.insertTurn(turn(scope, `s${round % 3}`, text(5)));
            const batch = Array.from({ length: 4 }, () => {
              const deleted = rnd() < 0.15;
              return memory(scope, pick(['pet', 'job', 'hobby']), text(3), { singleValued: false, sourceSession: `s${round % 3}`, status: deleted ? 'deleted' : 'active', active: !deleted });
            });
            await tx.insertMemories(batch);
            await tx.insertMemory(memory(scope, 'note', text(2), { singleValued: false }));
            const mine = live.filter((m) => m.scope === scope);
            if (mine.length > 0) {
              await tx.updateMemory(scope, pick(mine).id, { active: false, status: 'superseded', updatedAt: '2026-03-01T00:00:00.000Z' });
              const again = memory(scope, 'edit', text(4));
              await tx.updateMemory(scope, pick(mine).id, { text: again.text, terms: again.terms, termCount: again.termCount });
            }
            live.push(...batch);
          });
          const mine = live.filter((m) => m.scope === scope);
          await store.softDeleteMemory(scope, pick(mine).id, '2026-03-02T00:00:00.000Z');
          await store.deleteMemory(null, pick(mine).id);
          await store.touchMemories(scope, mine.slice(0, 3).map((m) => m.id), '2026-03-03T00:00:00.000Z');
        }
      }
      await store.deleteSession('s1', () => true);
      await store.deleteUser(`u:cy-${stamp}`);
      // The reference: for every (scope, kind, term) the table or the rows know, the statement
      // termFrequencies ran before scope_terms existed (COUNT(*) over stsv @@ the scoped lexeme).
      const recount = `WITH v AS (
          SELECT scope, 'turn' AS kind, substr(l, 14) AS term FROM turns, unnest(tsvector_to_array(stsv)) AS l
          UNION SELECT scope, 'memory', substr(l, 14) FROM memories, unnest(tsvector_to_array(stsv)) AS l
          UNION SELECT scope, kind, term FROM scope_terms),
        q AS (SELECT v.*, ('''' || replace(replace(left(md5(v.scope), 12) || '_' || v.term, '\\', '\\\\'), '''', '''''') || '''')::tsquery AS query FROM v),
        c AS (SELECT scope, kind, term, CASE kind WHEN 'turn' THEN (SELECT COUNT(*) FROM turns t WHERE t.scope = q.scope AND t.stsv @@ q.query)
                                                 ELSE (SELECT COUNT(*) FROM memories m WHERE m.status <> 'deleted' AND m.scope = q.scope AND m.stsv @@ q.query) END AS docs FROM q)
        SELECT scope, kind, term, docs::int AS docs FROM c WHERE docs > 0 ORDER BY scope COLLATE "C", kind, term COLLATE "C"`;
      const table = 'SELECT scope, kind, term, docs::int AS docs FROM scope_terms ORDER BY scope COLLATE "C", kind, term COLLATE "C"';
      const expected = [...(await sql.unsafe(recount))];
      expect(expected.length).toBeGreaterThan(50);
      expect(expected.some((r) => r.kind === 'memory') && expected.some((r) => r.scope.endsWith('|a:bot'))).toBe(true);
      expect(expected.some((r) => r.scope === `u:cy-${stamp}`)).toBe(false);
      expect([...(await sql.unsafe(table))]).toEqual(expected);
      // A database from before migration 7: the table is built from the rows when it migrates.
      await sql.unsafe('DROP TABLE scope_terms; DROP FUNCTION scope_terms_rows, scope_terms_update, scope_terms_apply CASCADE; DELETE FROM schema_migrations WHERE version = 7');
      await store.migrate();
      expect([...(await sql.unsafe(table))]).toEqual(expected);
      expect(Number((await sql.unsafe('SELECT MAX(version) AS v FROM schema_migrations'))[0].v)).toBe(PG_SCHEMA_VERSION);
    } finally {
      await sql.end({ timeout: 1 });
      await store.close();
      await dropSchema(s);
    }
  });

  test('single-memory deletes wait for a write transaction of the scope instead of deadlocking with it', async () => {
    // Before: the delete locked its memory row, then waited for the scope's counter rows the
    // ingest held; the ingest then updated that row (a supersession): deadlock, one aborted.
    const scope = `u:lock-${Date.now().toString(36)}`;
    const m = memory(scope, 'pet', 'dog Biscuit', { singleValued: false });
    const n = memory(scope, 'pet', 'cat Rex', { singleValued: false });
    const st = await createPostgresStore(url, { poolSize: 4 });
    try {
      await st.migrate();
      await st.transaction(scope, (tx) => tx.insertMemories([m, n]));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const order: string[] = [];
      const ingest = st.transaction(scope, async (tx) => {
        await tx.insertMemory(memory(scope, 'pet', 'dog again', { singleValued: false }));
        await held;
        await tx.updateMemory(scope, m.id, { active: false, status: 'superseded', updatedAt: '2026-01-04T00:00:00.000Z' });
        order.push('ingest');
      });
      await new Promise((r) => setTimeout(r, 100));
      const deletes = Promise.all([st.softDeleteMemory(scope, m.id, '2026-01-05T00:00:00.000Z'), st.deleteMemory(null, n.id)]).then((r) => {
        order.push('deletes');
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      release();
      await ingest;
      expect(await deletes).toEqual([true, true]);
      expect(order).toEqual(['ingest', 'deletes']);
      expect(await st.termFrequencies(scope, 'memory', ['dog', 'cat'])).toEqual({ dog: 1, cat: 0 });
    } finally {
      await st.close();
    }
  });

  test('the ingest slot read stays an index read when its statement was first run on an empty table', async () => {
    // Before: the prepared statement's generic plan, built on the connection's sixth run while
    // `memories` was empty, was a nested loop of sequential scans, kept for good: quadratic in
    // the table (600 ms a call at 1.2k memories; the 10k-turn bench import stalled).
    const s = freshSchemaName('plan');
    const st = await createPostgresStore(urlWithSchema(s), { poolSize: 1 });
    try {
      await st.migrate();
      const scope = 'u:plan';
      const read = () => st.transaction(scope, (tx) => tx.activeMemories(scope, { subjects: ['user'], keys: ['event_trip'], dated: { keys: ['event_trip'], dates: ['2026-01-01'] } }));
      for (let i = 0; i < 8; i++) expect(await read()).toEqual([]);
      const rows = Array.from({ length: 2500 }, (_, i) => memory(scope, `event_trip`, `trip ${i}`, { type: 'event', singleValued: false, eventDate: `2025-${String((i % 12) + 1).padStart(2, '0')}-01` }));
      for (let i = 0; i < rows.length; i += 500) await st.transaction(scope, (tx) => tx.insertMemories(rows.slice(i, i + 500)));
      const t0 = performance.now();
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([]);
      expect((performance.now() - t0) / 3).toBeLessThan(250);
    } finally {
      await st.close();
      await dropSchema(s);
    }
  });

  test('an unreachable server is StoreUnavailableError, and ping is false', async () => {
    const st = await createPostgresStore('postgres://postgres@127.0.0.1:1/test', { connectTimeoutSeconds: 2, poolSize: 1 });
    await expect(st.migrate()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await st.ping()).toBe(false);
    await st.close();
  });
});
