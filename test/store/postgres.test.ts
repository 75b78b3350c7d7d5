// Store conformance on the PostgreSQL server (127.0.0.1:5432, database `test`): the exact
// real[] vector path (pgvector is not installed there), in a fresh schema dropped afterwards.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import postgres from 'postgres';
import { createPostgresStore } from '../../src/store/postgres/create.ts';
import { StoreUnavailableError } from '../../src/core/errors.ts';
import { parsePostgresUrl } from '../../src/store/postgres/postgres-driver.ts';
import { runStoreConformance, memory } from './conformance.ts';
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

  test('an unreachable server is StoreUnavailableError, and ping is false', async () => {
    const st = await createPostgresStore('postgres://postgres@127.0.0.1:1/test', { connectTimeoutSeconds: 2, poolSize: 1 });
    await expect(st.migrate()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await st.ping()).toBe(false);
    await st.close();
  });
});
