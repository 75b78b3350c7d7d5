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
