// Store conformance on SQLite: once in memory, once on a WAL file (two connections).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { SqliteMemoryStore, statementBytes, WAL_RESET_FRAMES } from '../../src/store/sqlite/store.ts';
import { memory, runStoreConformance } from './conformance.ts';

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

describe('SQLite memory update triggers', () => {
  // Ingest updates ~1.5 memories a turn. A retirement re-indexed the row's unchanged terms in the
  // full-text index and a reinforcement ran four counter upserts (docs/ingest.md, Session 15):
  // total_changes() counts the rows the triggers touch too.
  test('touch the full-text row and the counters only when what they hold changes', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const scope = 'u:trig';
    const m = memory(scope, 'location', 'Berlin');
    await store.transaction(scope, (tx) => tx.insertMemories([m]));
    const db = (store as unknown as { writer: { db: import('better-sqlite3').Database } }).writer.db;
    const changes = (sql: string, ...params: unknown[]) => {
      const before = Number((db.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
      db.prepare(sql).run(...params);
      return Number((db.prepare('SELECT total_changes() AS n').get() as { n: number }).n) - before;
    };
    // A reinforcement: the row and the revision of its two counter rows.
    expect(changes('UPDATE memories SET confidence = 0.95, updated_at = ? WHERE id = ?', '2026-02-01T00:00:00.000Z', m.id)).toBe(3);
    // A retirement: the row and its counters; the full-text row stays as it was.
    expect(changes("UPDATE memories SET status = 'superseded', active = 0, updated_at = ? WHERE id = ?", '2026-03-01T00:00:00.000Z', m.id)).toBe(5);
    const stats = await store.corpusStats(scope, 'memory');
    expect(stats).toMatchObject({ count: 1, active: { count: 0 }, revision: '2026-03-01T00:00:00.000Z' });
    expect((await store.lexicalCandidates(scope, 'memory', ['berlin'], 10, { includeInactive: true })).docs.map((d) => d.id)).toEqual([m.id]);
    // Deletion still leaves the full-text index, and the counters follow.
    changes("UPDATE memories SET status = 'deleted' WHERE id = ?", m.id);
    expect((await store.lexicalCandidates(scope, 'memory', ['berlin'], 10, { includeInactive: true })).docs).toEqual([]);
    expect(await store.corpusStats(scope, 'memory')).toMatchObject({ count: 0 });
    await store.close();
  });
});

describe('SQLite group commit', () => {
  // Every transaction paid its own COMMIT (the WAL frames of every page it touched, a full-text segment per table);
  // transactions that end while another's COMMIT is pending now share it, and each still answers after it.
  const turn = (scope: string, i: number) => ({ id: `g${i}`, scope, sessionId: 's', userId: 'g', agentId: null, timestamp: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(), messages: [{ role: 'user' as const, content: `turn ${i}` }], text: `User: turn ${i}`, terms: `turn ${i}`, termCount: 2, metadata: {}, createdAt: new Date().toISOString() });

  test('transactions ending together share one COMMIT, each resolving only once it is durable; a failing one undoes only its own writes', async () => {
    const path = join(dir, 'group.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const scope = 'u:group';
    const before = store.groupCommits;
    const resolved: number[] = [];
    const runs = [0, 1, 2, 3, 4].map((i) =>
      store
        .transaction(scope, async (tx) => {
          await tx.insertTurn(turn(scope, i));
          if (i === 2) throw new Error('member 2 fails');
          return i;
        })
        .then((v) => {
          // Answered only after the COMMIT: the reader connection (committed data only) sees the turn.
          resolved.push(v);
          return store.getTurn(scope, `g${i}`);
        }),
    );
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    for (const i of [0, 1, 3, 4]) expect((settled[i] as PromiseFulfilledResult<unknown>).value).toMatchObject({ id: `g${i}` });
    expect(await store.getTurn(scope, 'g2')).toBeNull();
    expect(resolved.sort()).toEqual([0, 1, 3, 4]);
    expect(store.groupCommits - before).toBe(1);
    // Seq numbering saw the rolled-back member's turn undone: the next turn of the session follows the four kept.
    const next = await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, 9)));
    expect(next.seq).toBe(5);
    await store.close();
  });

  test('groupCommitMax 1 commits every transaction alone; a group never holds more than the maximum', async () => {
    for (const [max, commits] of [
      [1, 6],
      [4, 2],
    ] as const) {
      const store = new SqliteMemoryStore(join(dir, `group-max-${max}.db`), { groupCommitMax: max });
      await store.migrate();
      const before = store.groupCommits;
      await Promise.all([0, 1, 2, 3, 4, 5].map((i) => store.transaction('u:gm', (tx) => tx.insertTurn(turn('u:gm', i)))));
      expect(store.groupCommits - before).toBe(commits);
      await store.close();
    }
  });

  test('close commits an open group: its members resolve and their rows are on disk', async () => {
    const path = join(dir, 'group-close.db');
    const store = new SqliteMemoryStore(path);
    await store.migrate();
    const pending = [0, 1].map((i) => store.transaction('u:gc', (tx) => tx.insertTurn(turn('u:gc', i))));
    const closing = store.close();
    await Promise.all([...pending, closing]);
    const again = new SqliteMemoryStore(path);
    expect((await again.listTurns('u:gc')).map((t) => t.id)).toEqual(['g0', 'g1']);
    await again.close();
  });
});

describe('SQLite background checkpoints', () => {
  // SQLite's automatic checkpoint ran inside the COMMIT that crossed 1,000 WAL pages, on the event loop: with
  // synchronous = NORMAL it is the only sync, and at one turn at a time ~1% of the COMMITs held a third of their wall time.
  const turn = (scope: string, i: number) => ({ id: `c${i}`, scope, sessionId: 's', userId: 'c', agentId: null, timestamp: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(), messages: [{ role: 'user' as const, content: `turn ${i}` }], text: `User: turn ${i} ${'padding '.repeat(200)}`, terms: `turn ${i} ${Array.from({ length: 200 }, (_, k) => `w${(i * 31 + k) % 997}`).join(' ')}`, termCount: 202, metadata: {}, createdAt: new Date().toISOString() });

  test('run in their own thread: the writer never checkpoints in a COMMIT, and the WAL is restarted instead of growing', async () => {
    const path = join(dir, 'checkpoints.db');
    const store = new SqliteMemoryStore(path, { groupCommitMax: 1 });
    await store.migrate();
    const writer = (store as unknown as { writer: { db: { pragma(s: string, o?: { simple: boolean }): unknown } } }).writer.db;
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const sizes: number[] = [];
    for (let i = 0; i < 1500; i++) {
      await store.transaction('u:cp', (tx) => tx.insertTurn(turn('u:cp', i)));
      if (i % 100 === 99) {
        await new Promise((r) => setTimeout(r, 20)); // room for the thread's checkpoint to land
        sizes.push(statSync(`${path}-wal`).size);
      }
    }
    expect(store.checkpointer?.done).toBeGreaterThan(10);
    // Never restarted, the WAL grew to 146 MB here; restarted, SQLite writes it again from the start (the file keeps its
    // largest size), within a few WAL_RESET_FRAMES periods.
    const pageSize = Number(writer.pragma('page_size', { simple: true }));
    expect(Math.max(...sizes)).toBeLessThan(3 * WAL_RESET_FRAMES * (pageSize + 24));
    expect(store.walResets).toBeGreaterThan(0);
    await store.close();
    const again = new SqliteMemoryStore(path);
    expect((await again.listTurns('u:cp')).length).toBe(1500);
    await again.close();
  });

  test('a thread that fails hands checkpoints back to the COMMIT (SQLite default period); in memory there is no thread', async () => {
    const store = new SqliteMemoryStore(join(dir, 'checkpoints-fail.db'));
    await store.migrate();
    const writer = (store as unknown as { writer: { db: { pragma(s: string, o?: { simple: boolean }): unknown } } }).writer.db;
    (store.checkpointer as unknown as { fail(reason: string): void }).fail('test');
    await store.transaction('u:cf', (tx) => tx.insertTurn(turn('u:cf', 1)));
    expect(store.checkpointer?.active).toBe(false);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await store.close();
    const mem = new SqliteMemoryStore(':memory:');
    expect(mem.checkpointer).toBeNull();
    await mem.close();
  });
});
