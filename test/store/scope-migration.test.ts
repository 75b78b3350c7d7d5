/**
 * The legacy scope-key rewrite (store/scope-migration, a migration on both backends): rows
 * written by earlier versions under concatenated keys end up under encodeScope() of their own
 * user/session/agent columns — including the two rows that shared the ambiguous legacy key
 * `u:a|a:b` — and embeddings follow their owner. Run on SQLite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { afterAll, describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import { scopeOf } from '../../src/core/scope.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { LEGACY_SCOPE_REWRITE } from '../../src/store/scope-migration.ts';
import { MIGRATIONS } from '../../src/store/sqlite/migrations.ts';
import { memory, turn } from './conformance.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, TEST_PG_URL, urlWithSchema } from './pg-harness.ts';

/** [user, session, agent] rows and the legacy key earlier versions gave them. */
const ROWS: Array<[string | null, string, string | null, string]> = [
  ['a|a:b', 's1', null, 'u:a|a:b'],
  ['a', 's1', 'b', 'u:a|a:b'],
  ['100%', 's1', 'x:y', 'u:100%|a:x:y'],
  ['plain', 's1', null, 'u:plain'],
  [null, 'S|a:bot', null, 's:S|a:bot'],
  [null, 'S', 'bot', 's:S|a:bot'],
  [null, 'odd%:', 'a|b', 's:odd%:|a:a|b'],
];

async function seedLegacy(store: MemoryStore): Promise<void> {
  let i = 0;
  for (const [userId, sessionId, agentId, legacy] of ROWS) {
    const word = `row${i++}`;
    const t = await store.transaction(legacy, (tx) => tx.insertTurn({ ...turn(legacy, sessionId, word), userId, agentId }));
    const m = { ...memory(legacy, 'note', word, { sourceSession: sessionId, sourceTurn: t.id, singleValued: false }), userId, agentId };
    await store.transaction(legacy, (tx) => tx.insertMemory(m));
    await store.putEmbedding(legacy, { ownerKind: 'memory', ownerId: m.id, model: 'm', dim: 2, vector: [1, 0] });
  }
}

async function expectRewritten(store: MemoryStore): Promise<void> {
  let i = 0;
  for (const [userId, sessionId, agentId] of ROWS) {
    const word = `row${i++}`;
    const key = scopeOf(userId, sessionId, agentId).key;
    expect((await store.listTurns(key)).map((t) => t.text), key).toEqual([expect.stringContaining(word)]);
    const mems = await store.listMemories(key);
    expect(mems.map((m) => m.value), key).toEqual([word]);
    expect((await store.vectorSearch(key, 'memory', 'm', [1, 0], 10)).map((h) => h.id)).toEqual([mems[0].id]);
  }
  expect((await store.listScopes()).sort()).toEqual([...new Set(ROWS.map(([u, s, a]) => scopeOf(u, s, a).key))].sort());
}

describe('legacy scope keys are rewritten by their columns', () => {
  const dirs: string[] = [];
  const schemas: string[] = [];
  afterAll(async () => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    for (const s of schemas) await dropSchema(s);
  });

  test('both migration lists carry the rewrite', () => {
    expect(MIGRATIONS.some((m) => m.sql.includes(LEGACY_SCOPE_REWRITE))).toBe(true);
  });

  test('sqlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scope-mig-'));
    dirs.push(dir);
    const path = join(dir, 'm.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    await seedLegacy(store);
    const raw = new Database(path);
    raw.exec(LEGACY_SCOPE_REWRITE);
    raw.close();
    await expectRewritten(store);
    await store.close();
  });

  test('sqlite, through migrate(): a database of the previous schema upgrades in place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scope-up-'));
    dirs.push(dir);
    const path = join(dir, 'old.db');
    // The migrations before the rewrite, as a database of the previous version would have them.
    const raw = new Database(path);
    raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const rewrite = MIGRATIONS.find((m) => m.sql.includes(LEGACY_SCOPE_REWRITE))!.version;
    for (const m of MIGRATIONS.filter((m) => m.version < rewrite)) {
      raw.exec(m.sql);
      raw.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    }
    raw.close();
    const store = new SqliteMemoryStore(path);
    await seedLegacy(store);
    await store.migrate();
    await expectRewritten(store);
    await store.close();
  });

  test('postgres', async () => {
    await assertPostgresReachable();
    const schema = freshSchemaName('scopemig');
    schemas.push(schema);
    const { createPostgresStore } = await import('../../src/store/postgres/create.ts');
    const store = await createPostgresStore(urlWithSchema(schema), { poolSize: 2 });
    await store.migrate();
    await seedLegacy(store);
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`SET search_path TO "${schema}"`);
      await sql.unsafe(LEGACY_SCOPE_REWRITE);
    } finally {
      await sql.end({ timeout: 1 });
    }
    await expectRewritten(store);
    await store.close();
  });
});
