/**
 * Issue 12, defect 3: a deletion leaves no copy of the user's words in the database files. On
 * SQLite the .db and -wal files are scanned byte for byte after DELETE /users/{id} (while the
 * server runs, and again after a clean stop) and after DELETE /sessions/{id}; on PostgreSQL the
 * rows and their full-text index entries are gone (heap space is reclaimed by VACUUM, see
 * docs/security.md).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { memory } from './conformance.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, TEST_PG_URL, urlWithSchema } from './pg-harness.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function occurrences(path: string, needle: string): number {
  if (!existsSync(path)) return 0;
  const hay = readFileSync(path);
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

const filesOf = (db: string) => [db, `${db}-wal`, `${db}-shm`, `${db}-journal`];
const count = (db: string, word: string) => filesOf(db).reduce((s, f) => s + occurrences(f, word), 0);

async function post(built: BuiltApp, url: string, payload: object) {
  const r = await built.app.inject({ method: 'POST', url, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
}

async function seed(built: BuiltApp, userId: string, sessionId: string, word: string, turns = 20) {
  for (let i = 0; i < turns; i++) {
    await post(built, '/turns', {
      session_id: sessionId,
      user_id: userId,
      agent_id: i % 3 === 0 ? 'bot' : null,
      messages: [
        { role: 'user', content: `My secret word is ${word} and I live in ${word}ville. I work at ${word} Labs. Note ${i}.`, name: `${word}name` },
        { role: 'assistant', content: `Noted: ${word}.` },
      ],
      metadata: { tag: `${word}-meta` },
    });
  }
}

describe('sqlite: the user\'s words are gone from the files', () => {
  test('DELETE /users/{id} and DELETE /sessions/{id} leave 0 copies in .db and -wal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erase-'));
    dirs.push(dir);
    const db = join(dir, 'memory.db');
    const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: db, EXTRACTION_PROVIDER: 'offline', EMBEDDING_PROVIDER: 'none' }));
    const gone = 'zqerasecanaryuser';
    const kept = 'zqkeepcanaryother';
    const session = 'zqerasecanarysession';
    await seed(built, 'erase-me', 'chat-1', gone);
    await seed(built, 'keep-me', 'chat-1', kept, 5);
    await seed(built, 'keep-me', 'chat-2', session, 5);
    expect(count(db, gone)).toBeGreaterThan(0);
    expect(count(db, session)).toBeGreaterThan(0);

    expect((await built.app.inject({ method: 'DELETE', url: '/users/erase-me' })).statusCode).toBe(204);
    expect((await built.app.inject({ method: 'DELETE', url: '/sessions/chat-2?user_id=keep-me' })).statusCode).toBe(204);
    expect(count(db, gone)).toBe(0);
    expect(count(db, session)).toBe(0);
    expect(count(db, kept)).toBeGreaterThan(0);
    await built.close();
    expect(count(db, gone)).toBe(0);
    expect(count(db, session)).toBe(0);
    expect(count(db, kept)).toBeGreaterThan(0);
  });
});

test('sqlite: hard deletes of single memories (mem0 entity filters) leave 0 copies once erase() ran', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'erase-mem-'));
  dirs.push(dir);
  const db = join(dir, 'memory.db');
  const store = new SqliteMemoryStore(db);
  await store.migrate();
  const scope = 'u:someone';
  const gone = memory(scope, 'note', 'zqonememorycanary', { singleValued: false });
  const kept = memory(scope, 'note', 'zqothermemorykept', { singleValued: false });
  await store.transaction(scope, async (tx) => {
    await tx.insertMemory(gone);
    await tx.insertMemory(kept);
  });
  expect(count(db, 'zqonememorycanary')).toBeGreaterThan(0);
  expect(await store.deleteMemory(scope, gone.id)).toBe(true);
  await store.erase();
  expect(count(db, 'zqonememorycanary')).toBe(0);
  expect(count(db, 'zqothermemorykept')).toBeGreaterThan(0);
  await store.close();
});

describe('postgres: rows and index entries are gone', () => {
  const schema = freshSchemaName('erase');
  afterAll(() => dropSchema(schema));

  test('DELETE /users/{id} and DELETE /sessions/{id} remove every row, tsvector entry and term count of the user / session', async () => {
    await assertPostgresReachable();
    const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: urlWithSchema(schema), DATABASE_POOL_SIZE: '2', EXTRACTION_PROVIDER: 'offline', EMBEDDING_PROVIDER: 'none' }));
    const gone = 'zqerasecanarypg';
    const session = 'zqsessioncanarypg';
    await seed(built, 'erase-me', 'chat-1', gone, 5);
    await seed(built, 'keep-me', 'chat-1', 'zqkeepcanarypg', 2);
    await seed(built, 'keep-me', 'chat-2', session, 2);
    const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`SET search_path TO "${schema}"`);
      // The per-scope term counts (scope_terms) hold the words before the deletions.
      const termRows = async (where: string, params: string[]) => (await sql.unsafe(`SELECT count(*)::int AS n FROM scope_terms WHERE ${where}`, params))[0].n as number;
      expect(await termRows("scope LIKE 'u:erase-me%'", [])).toBeGreaterThan(0);
      expect(await termRows("term LIKE '%' || $1 || '%'", [session])).toBeGreaterThan(0);
      expect((await built.app.inject({ method: 'DELETE', url: '/users/erase-me' })).statusCode).toBe(204);
      expect((await built.app.inject({ method: 'DELETE', url: '/sessions/chat-2?user_id=keep-me' })).statusCode).toBe(204);
      await built.close();
      for (const table of ['turns', 'memories', 'scope_terms', 'scope_stats', 'scope_speakers']) {
        for (const word of [gone, session]) {
          const [r] = await sql.unsafe(`SELECT count(*)::int AS n FROM ${table} WHERE ${table}::text ILIKE '%' || $1 || '%'`, [word]);
          expect(r.n, `${table} ${word}`).toBe(0);
        }
        const [u] = await sql.unsafe(`SELECT count(*)::int AS n FROM ${table} WHERE scope LIKE 'u:erase-me%'`);
        expect(u.n, table).toBe(0);
      }
      const [k] = await sql.unsafe(`SELECT count(*)::int AS n FROM turns WHERE turns::text ILIKE '%zqkeepcanarypg%'`);
      expect(k.n).toBeGreaterThan(0);
      expect(await termRows("term LIKE '%zqkeepcanarypg%'", [])).toBeGreaterThan(0);
      const [e] = await sql.unsafe(`SELECT count(*)::int AS n FROM embeddings WHERE scope LIKE 'u:erase-me%'`);
      expect(e.n).toBe(0);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
