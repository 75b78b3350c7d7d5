// Store conformance on SQLite: once in memory, once on a WAL file (two connections).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { SqliteMemoryStore, statementBytes } from '../../src/store/sqlite/store.ts';
import Database from 'better-sqlite3';
import { runStoreConformance, turn } from './conformance.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

runStoreConformance('sqlite :memory:', async () => new SqliteMemoryStore(':memory:'), { kind: 'sqlite', vectorSearch: 'exact' });
runStoreConformance('sqlite file (WAL)', async () => new SqliteMemoryStore(join(dir, 'memory.db')), { kind: 'sqlite', vectorSearch: 'exact' });

describe('SQLite prepared-statement cache', () => {
  test('is bounded in bytes, not statement count (issue 16: 256 statements of any length)', async () => {
    const store = new SqliteMemoryStore(':memory:', { statementCacheBytes: 256 * 1024 });
    await store.migrate();
    // Long distinct SQL texts, as a leak of distinct texts would produce.
    const q = (store as unknown as { writer: { all(sql: string): unknown[] } }).writer;
    for (let i = 0; i < 400; i++) q.all(`SELECT ${i} AS n${' '.repeat(2000)} FROM turns LIMIT 1`);
    const c = store.statementCache();
    expect(c.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(c.bytes).toBeGreaterThan(256 * 1024 - statementBytes('x'.repeat(2100)) * 2);
    expect(c.statements).toBeLessThan(400);
    await store.close();
  });
});

describe('SQLite full-text segments', () => {
  // Every committed turn adds a segment and a term lookup seeks once per segment, so recall's
  // postings reads slowed as segments piled up between merges; the periodic optimisation (every
  // OPTIMIZE_EVERY commits, and at close) now merges them.
  test('are merged by the periodic optimisation', async () => {
    const path = join(dir, 'segments.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const scope = 'u:seg';
    for (let i = 0; i < 60; i++) {
      await store.transaction(scope, (tx) => tx.insertTurn({ id: `t${i}`, scope, sessionId: 's', userId: 'seg', agentId: null, timestamp: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(), messages: [{ role: 'user', content: `turn ${i} about biscuit` }], text: `User: turn ${i} about biscuit`, terms: `turn ${i} biscuit`, termCount: 3, metadata: {}, createdAt: new Date().toISOString() }));
    }
    const segments = (db: { prepare(sql: string): { get(): unknown } }) => Number((db.prepare('SELECT COUNT(DISTINCT segid) AS n FROM turns_sfts_idx').get() as { n: number }).n);
    const reader = (store as unknown as { reader: { db: { prepare(sql: string): { get(): unknown } } } }).reader.db;
    expect(segments(reader)).toBeGreaterThan(1);
    (store as unknown as { optimize(): void }).optimize();
    expect(segments(reader)).toBe(1);
    expect((await store.lexicalCandidates(scope, 'turn', ['biscuit'], 100)).docs).toHaveLength(60);
    await store.close();
  });
});

describe('SQLite group commit', () => {
  const count = (path: string, ids: string[]) => {
    const db = new Database(path, { readonly: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM turns WHERE id IN (SELECT value FROM json_each(?))').get(JSON.stringify(ids)) as { n: number }).n;
    } finally {
      db.close();
    }
  };

  test('concurrent transactions share COMMITs, and each resolves only once its turn is visible to another connection', async () => {
    const path = join(dir, 'group.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const seen: number[] = [];
    const ids = Array.from({ length: 16 }, (_, i) => `g-${i}`);
    await Promise.all(
      ids.map((id, i) =>
        store.transaction('scope-g', async (tx) => void (await tx.insertTurn({ ...turn('scope-g', 's', `turn ${i}`), id }))).then(() => seen.push(count(path, [id]))),
      ),
    );
    expect(seen).toEqual(ids.map(() => 1));
    expect(store.commits).toBeGreaterThanOrEqual(1);
    expect(store.commits).toBeLessThan(16);
    await store.close();
  });

  test("a callback that throws undoes only its own work; the group's other turns commit", async () => {
    const path = join(dir, 'group-fail.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const results = await Promise.allSettled(
      [0, 1, 2].map((i) =>
        store.transaction('scope-f', async (tx) => {
          await tx.insertTurn({ ...turn('scope-f', 's', `turn ${i}`), id: `f-${i}` });
          if (i === 1) throw new Error('boom');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(count(path, ['f-0', 'f-2'])).toBe(2);
    expect(count(path, ['f-1'])).toBe(0);
    // The connection is usable afterwards, and a store-level write queued behind a group lands after it.
    const [, softDeleted] = await Promise.all([store.transaction('scope-f', async (tx) => void (await tx.insertTurn({ ...turn('scope-f', 's', 'later'), id: 'f-3' }))), store.softDeleteMemory('scope-f', 'none', '2026-01-01T00:00:00.000Z')]);
    expect(softDeleted).toBe(false);
    expect(count(path, ['f-3'])).toBe(1);
    await store.close();
  });
});
