// Store conformance on SQLite: once in memory, once on a WAL file (two connections).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { SqliteMemoryStore, statementBytes } from '../../src/store/sqlite/store.ts';
import { runStoreConformance } from './conformance.ts';

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
