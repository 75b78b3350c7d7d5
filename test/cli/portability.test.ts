/**
 * Lossless export/import (core/portability) between real stores: SQLite → SQLite, SQLite →
 * PGlite, SQLite → PostgreSQL and back. Every turn and every memory row (history, validity,
 * links, soft deletions, metadata, terms) must come back field for field, ids and seq kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import type { MemoryRecord, TurnRecord } from '../../src/core/types.ts';
import { exportStore, importLines, parseExportLine, type ExportLine } from '../../src/core/portability.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore, createPostgresStore } from '../../src/store/postgres/create.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from '../store/pg-harness.ts';
import { makeService } from '../mcp/helpers.ts';

let dir: string;
let source: SqliteMemoryStore;

/** A store with every kind of row: user, agent and session-only scopes, history, deletion, a fully populated event. */
async function populate(store: SqliteMemoryStore): Promise<void> {
  const { service } = await makeService(store);
  const t = (iso: string) => iso;
  await service.ingestTurn({ sessionId: 'a-1', userId: 'alice', messages: [{ role: 'user', content: 'I live in Berlin' }, { role: 'assistant', content: 'Cool.' }], timestamp: t('2025-01-01T10:00:00Z'), metadata: { source: 'chat', tags: ['x', 'y'], nested: { n: 1 } } });
  await service.ingestTurn({ sessionId: 'a-1', userId: 'alice', messages: [{ role: 'user', content: 'I work at Acme' }], timestamp: t('2025-01-02T10:00:00Z') });
  await service.ingestTurn({ sessionId: 'a-2', userId: 'alice', messages: [{ role: 'user', content: 'Big news: I live in Lisbon now', name: 'Alice' }], timestamp: t('2025-03-01T10:00:00Z') });
  const dog = await service.ingestTurn({ sessionId: 'a-2', userId: 'alice', messages: [{ role: 'user', content: 'my dog is called Biscuit' }], timestamp: t('2025-03-02T10:00:00Z') });
  await service.forgetMemory({ userId: 'alice' }, dog.memories[0].id);
  await service.ingestTurn({ sessionId: 'a-3', userId: 'alice', agentId: 'coach', messages: [{ role: 'user', content: 'I work at Initech' }], timestamp: t('2025-04-01T10:00:00Z') });
  await service.ingestTurn({ sessionId: 'b-1', userId: 'bob', messages: [{ role: 'user', content: 'I live in Oslo' }] });
  await service.ingestTurn({ sessionId: 'anon', userId: null, messages: [{ role: 'user', content: 'I live in Paris' }, { role: 'tool', content: '{"weather":"sunny"}' }] });
  // A hand-made row with every optional field set.
  const turn = (await store.listTurns('u:alice', { sessionId: 'a-1', limit: 1 }))[0];
  const full: MemoryRecord = {
    id: 'mem-full-1', scope: 'u:alice', userId: 'alice', agentId: null, type: 'event', subject: 'sister maya', key: 'trip', value: 'Japan trip',
    confidence: 0.73, singleValued: false, status: 'historical', active: false, sourceSession: 'a-1', sourceTurn: turn.id, evidence: 'Maya went to Japan — "great"',
    createdAt: '2025-01-01T10:00:00.123Z', updatedAt: '2025-01-05T11:00:00.000Z', validFrom: '2024-05-01T00:00:00.000Z', validTo: '2024-05-20T00:00:00.000Z',
    eventDate: '2024-05-01', supersedes: 'mem-older', supersededBy: 'mem-newer', lastSeenAt: '2025-02-02T02:02:02.000Z', deletedAt: null,
    metadata: { stance: 'positive', unicode: 'Zürich ✓', list: [1, 2, 3] }, text: 'sister maya trip: Japan trip', terms: 'sister maya trip japan trip', termCount: 5,
  };
  await store.transaction('u:alice', async (tx) => tx.insertMemory(full));
}

async function snapshot(store: MemoryStore): Promise<{ turns: TurnRecord[]; memories: MemoryRecord[] }> {
  const turns: TurnRecord[] = [];
  const memories: MemoryRecord[] = [];
  for (const scope of await store.listScopes()) {
    turns.push(...(await store.listTurns(scope, { limit: 10_000 })));
    memories.push(...(await store.listMemories(scope, { includeInactive: true, includeDeleted: true, limit: 10_000 })));
  }
  const byId = <T extends { id: string }>(a: T, b: T) => a.id.localeCompare(b.id);
  return { turns: turns.sort(byId), memories: memories.sort(byId) };
}

async function collect(store: MemoryStore, userId?: string): Promise<ExportLine[]> {
  const out: ExportLine[] = [];
  for await (const l of exportStore(store, { userId, pageSize: 3 })) out.push(l);
  return out;
}

const toText = (lines: ExportLine[]) => lines.map((l) => JSON.stringify(l));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portability-'));
  source = new SqliteMemoryStore(join(dir, 'source.db'));
  await source.migrate();
  await populate(source);
});
afterAll(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('export', () => {
  test('header, every row once (paged), footer with counts', async () => {
    const lines = await collect(source);
    expect(lines[0]).toMatchObject({ type: 'header', format: 'memory-service-export', version: 1, source: { kind: 'sqlite' }, user_id: null });
    const footer = lines.at(-1)!;
    const snap = await snapshot(source);
    expect(footer).toEqual({ type: 'footer', turns: snap.turns.length, memories: snap.memories.length });
    const memIds = lines.flatMap((l) => (l.type === 'memory' ? [l.memory.id] : []));
    expect(new Set(memIds).size).toBe(memIds.length);
    expect(memIds.sort()).toEqual(snap.memories.map((m) => m.id));
    // History and deletion are exported, not only active rows.
    const statuses = new Set(lines.flatMap((l) => (l.type === 'memory' ? [l.memory.status] : [])));
    expect([...statuses].sort()).toEqual(['active', 'deleted', 'historical', 'superseded']);
  });

  test('--user keeps only that user (own and agent scopes)', async () => {
    const lines = await collect(source, 'alice');
    const scopes = new Set(lines.flatMap((l) => (l.type === 'turn' ? [l.turn.scope] : l.type === 'memory' ? [l.memory.scope] : [])));
    expect([...scopes].sort()).toEqual(['u:alice', 'u:alice|a:coach']);
    expect(lines[0]).toMatchObject({ user_id: 'alice' });
  });
});

interface Target {
  name: string;
  open(): Promise<{ store: MemoryStore; cleanup(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'SQLite',
    async open() {
      const store = new SqliteMemoryStore(join(dir, `target-${Date.now()}.db`));
      await store.migrate();
      return { store, cleanup: () => store.close() };
    },
  },
  {
    name: 'PGlite',
    async open() {
      const store = await createPgliteStore(null);
      await store.migrate();
      return { store, cleanup: () => store.close() };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      await assertPostgresReachable();
      const schema = freshSchemaName('porttest');
      const store = await createPostgresStore(urlWithSchema(schema), { poolSize: 2 });
      await store.migrate();
      return {
        store,
        async cleanup() {
          await store.close();
          await dropSchema(schema);
        },
      };
    },
  },
];

describe.each(targets)('SQLite → $name → SQLite round trip', (target) => {
  test('is lossless, keeps ids and seq, and re-importing skips everything', async () => {
    const { store, cleanup } = await target.open();
    try {
      const exported = toText(await collect(source));
      const s1 = await importLines(store, exported, { batchSize: 4 });
      const want = await snapshot(source);
      expect(s1).toMatchObject({ turnsInserted: want.turns.length, memoriesInserted: want.memories.length, turnsSkipped: 0, memoriesSkipped: 0, seqMismatches: 0, complete: true });
      expect(await snapshot(store)).toEqual(want);

      const s2 = await importLines(store, exported);
      expect(s2).toMatchObject({ turnsInserted: 0, memoriesInserted: 0, turnsSkipped: want.turns.length, memoriesSkipped: want.memories.length });
      expect(await snapshot(store)).toEqual(want);

      // And back into a fresh SQLite file: still identical.
      const back = new SqliteMemoryStore(join(dir, `back-${target.name}.db`));
      await back.migrate();
      try {
        await importLines(back, toText(await collect(store)));
        expect(await snapshot(back)).toEqual(want);
        // The lexical index works on imported rows (terms were carried over).
        const hits = (await back.lexicalCandidates('u:alice', 'memory', ['japan'], 10)).docs;
        expect(hits.map((h) => h.id)).toContain('mem-full-1');
      } finally {
        await back.close();
      }
    } finally {
      await cleanup();
    }
  });
});

describe('import rejects bad input with the line number', () => {
  const header = JSON.stringify({ type: 'header', format: 'memory-service-export', version: 1, exported_at: '2025-01-01T00:00:00Z', source: null, user_id: null });
  test.each([
    ['empty input', [], /no header/],
    ['no header first', ['{"type":"footer","turns":0,"memories":0}'], /line 1: expected the export header/],
    ['not JSON', [header, '{oops'], /line 2: not valid JSON/],
    ['unknown record type', [header, '{"type":"planet"}'], /line 2: type/],
    ['a turn without id', [header, JSON.stringify({ type: 'turn', turn: { scope: 'u:x' } })], /line 2: turn\.id/],
    ['a newer format version', [header.replace('"version":1', '"version":99')], /newer than this service/],
    ['two headers', [header, header], /line 2: a second header/],
    ['footer counts disagree', [header, '{"type":"footer","turns":5,"memories":0}'], /footer announces 5 turns/],
  ])('%s', async (_name, lines, message) => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    try {
      await expect(importLines(store, lines as string[])).rejects.toThrow(message);
    } finally {
      await store.close();
    }
  });

  test('a file without footer is imported but reported incomplete', async () => {
    const lines = toText(await collect(source, 'bob')).slice(0, -1);
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    try {
      const s = await importLines(store, lines);
      expect(s.complete).toBe(false);
      expect(s.turnsInserted).toBe(1);
    } finally {
      await store.close();
    }
  });

  test('parseExportLine accepts what exportStore writes', async () => {
    const lines = toText(await collect(source));
    lines.forEach((l, i) => expect(parseExportLine(l, i + 1)).toEqual(JSON.parse(l)));
  });
});
