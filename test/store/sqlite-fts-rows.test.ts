// The SQLite store writes the full-text rows of the turns and memories it inserts itself, one
// statement per table before each COMMIT (migration 10 dropped the insert triggers: FTS5 made a
// segment of every trigger's row at the next statement savepoint). These tests hold the index
// equal to the rows as committed, whatever happened to them inside the transaction, and the
// migration of a database that still had the triggers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { MIGRATIONS } from '../../src/store/sqlite/migrations.ts';
import { memory } from './conformance.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-fts-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const turn = (scope: string, i: number, words: string) => ({ id: `f${scope}-${i}`, scope, sessionId: 's', userId: scope.slice(2), agentId: null, timestamp: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(), messages: [{ role: 'user' as const, content: words }], text: `User: ${words}`, terms: words, termCount: words.split(' ').length, metadata: {}, createdAt: new Date().toISOString() });
const writerDb = (store: SqliteMemoryStore) => (store as unknown as { writer: { db: Database.Database } }).writer.db;
const segments = (db: Database.Database, table: 'turns_sfts' | 'memories_sfts') => Number((db.prepare(`SELECT COUNT(DISTINCT segid) AS n FROM ${table}_idx`).get() as { n: number }).n);
const turnIds = async (store: SqliteMemoryStore, scope: string, term: string) => (await store.lexicalCandidates(scope, 'turn', [term], 50)).docs.map((d) => d.id).sort();
const memoryIds = async (store: SqliteMemoryStore, scope: string, term: string) => (await store.lexicalCandidates(scope, 'memory', [term], 50, { includeInactive: true })).docs.map((d) => d.id).sort();

describe('SQLite full-text rows written by the store', () => {
  test('a commit group of turns and memories adds one segment per full-text table', async () => {
    const store = new SqliteMemoryStore(join(dir, 'segments.db'));
    await store.migrate();
    const db = writerDb(store);
    const scope = 'u:seg';
    const before = store.groupCommits;
    // Eight transactions that end together, each a turn and two memories in separate statements.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.transaction(scope, async (tx) => {
          await tx.insertTurn(turn(scope, i, `biscuit turn${i}`));
          await tx.insertMemory(memory(scope, `likes_${i}`, `biscuit ${i}`));
          await tx.insertMemory(memory(scope, `pet_${i}`, `dog ${i}`));
        }),
      ),
    );
    expect(store.groupCommits - before).toBe(1);
    // With insert triggers each row became a segment at the next statement's savepoint (24 rows).
    expect(segments(db, 'turns_sfts')).toBe(1);
    expect(segments(db, 'memories_sfts')).toBe(1);
    expect(await turnIds(store, scope, 'biscuit')).toHaveLength(8);
    expect(await memoryIds(store, scope, 'biscuit')).toHaveLength(8);
    expect(await memoryIds(store, scope, 'dog')).toHaveLength(8);
    await store.close();
  });

  test('a member that fails leaves no full-text row, and the row that reuses its rowid is indexed with its own terms', async () => {
    const store = new SqliteMemoryStore(join(dir, 'rollback.db'));
    await store.migrate();
    const scope = 'u:rb';
    const runs = [0, 1, 2].map((i) =>
      store.transaction(scope, async (tx) => {
        await tx.insertTurn(turn(scope, i, i === 1 ? 'zebra stripes' : `yak wool${i}`));
        await tx.insertMemory(memory(scope, `animal_${i}`, i === 1 ? 'zebra' : 'yak'));
        if (i === 1) throw new Error('member 1 fails');
      }),
    );
    expect((await Promise.allSettled(runs)).map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await turnIds(store, scope, 'zebra')).toEqual([]);
    expect(await memoryIds(store, scope, 'zebra')).toEqual([]);
    expect(await turnIds(store, scope, 'yak')).toEqual([`f${scope}-0`, `f${scope}-2`]);
    expect(await memoryIds(store, scope, 'yak')).toHaveLength(2);
    // A first member that fails rolls the whole transaction back: nothing of it is written later.
    await expect(
      store.transaction(scope, async (tx) => {
        await tx.insertTurn(turn(scope, 5, 'walrus'));
        throw new Error('alone');
      }),
    ).rejects.toThrow('alone');
    await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, 6, 'otter')));
    expect(await turnIds(store, scope, 'walrus')).toEqual([]);
    expect(await turnIds(store, scope, 'otter')).toEqual([`f${scope}-6`]);
    await store.close();
  });

  test('a row changed in the transaction that inserted it is indexed once, as committed', async () => {
    const store = new SqliteMemoryStore(join(dir, 'changed.db'));
    await store.migrate();
    const scope = 'u:ch';
    const renamed = memory(scope, 'city', 'Leeds');
    const erased = memory(scope, 'hobby', 'chess');
    const revived = memory(scope, 'food', 'ramen', { status: 'deleted', active: false });
    await store.transaction(scope, async (tx) => {
      await tx.insertMemories([renamed, erased, revived]);
      await tx.updateMemory(scope, renamed.id, { terms: 'city york', termCount: 2, value: 'York' });
      await tx.updateMemory(scope, erased.id, { status: 'deleted', active: false });
      await tx.updateMemory(scope, revived.id, { status: 'active', active: true });
    });
    expect(await memoryIds(store, scope, 'leeds')).toEqual([]);
    expect(await memoryIds(store, scope, 'york')).toEqual([renamed.id]);
    expect(await memoryIds(store, scope, 'chess')).toEqual([]);
    expect(await memoryIds(store, scope, 'ramen')).toEqual([revived.id]);
    // Once each: the full-text table holds one row per live memory (an update trigger indexed two of them first).
    const db = writerDb(store);
    const sid = Number((db.prepare('SELECT id FROM scope_keys WHERE scope = ?').get(scope) as { id: number }).id);
    for (const term of ['york', 'ramen']) expect(db.prepare('SELECT rowid FROM memories_sfts WHERE memories_sfts MATCH ?').all(`s${sid}_${term}`)).toHaveLength(1);
    expect(Number((db.prepare('SELECT COUNT(*) AS n FROM memories_sfts_docsize').get() as { n: number }).n)).toBe(2);
    // Deleting what was committed leaves nothing in the full-text tables.
    await store.deleteUser('u:ch');
    expect(Number((db.prepare('SELECT COUNT(*) AS n FROM memories_sfts_docsize').get() as { n: number }).n)).toBe(0);
    await store.close();
  });

  test('migration 10 on a database indexed by its triggers: old rows stay found, new ones are indexed by the store, deletion leaves nothing', async () => {
    const path = join(dir, 'v9.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    for (const m of MIGRATIONS.filter((m) => m.version < 10)) {
      raw.exec(m.sql);
      raw.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    }
    raw.close();
    const scope = 'u:old';
    // Rows written by a store on the version-9 schema, indexed by the insert triggers.
    const old = new SqliteMemoryStore(path);
    await old.transaction(scope, async (tx) => {
      await tx.insertTurn(turn(scope, 0, 'heron pond'));
      await tx.insertMemory(memory(scope, 'bird', 'heron'));
    });
    await old.close();
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const db = writerDb(store);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name IN ('turns_sfts_ai', 'memories_sfts_ai')").all()).toEqual([]);
    await store.transaction(scope, async (tx) => {
      await tx.insertTurn(turn(scope, 1, 'heron nest'));
      await tx.insertMemory(memory(scope, 'bird_2', 'heron'));
    });
    expect(await turnIds(store, scope, 'heron')).toEqual([`f${scope}-0`, `f${scope}-1`]);
    expect(await memoryIds(store, scope, 'heron')).toHaveLength(2);
    expect(await turnIds(store, scope, 'pond')).toEqual([`f${scope}-0`]);
    await store.deleteUser(scope);
    for (const t of ['turns_sfts', 'memories_sfts']) expect(Number((db.prepare(`SELECT COUNT(*) AS n FROM ${t}_docsize`).get() as { n: number }).n)).toBe(0);
    expect(await turnIds(store, scope, 'heron')).toEqual([]);
    await store.close();
  });
});
