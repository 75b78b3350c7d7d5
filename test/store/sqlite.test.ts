// Store conformance on SQLite: once in memory, once on a WAL file (two connections).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { runStoreConformance } from './conformance.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

runStoreConformance('sqlite :memory:', async () => new SqliteMemoryStore(':memory:'), { kind: 'sqlite', vectorSearch: 'exact' });
runStoreConformance('sqlite file (WAL)', async () => new SqliteMemoryStore(join(dir, 'memory.db')), { kind: 'sqlite', vectorSearch: 'exact' });
