// Backend parity: the same conversation ingested through MemoryService into SQLite, the
// PostgreSQL server and PGlite (deterministic ids and clock) must give the SAME recall output
// (context and citations) and the same search hits for the same questions. This is what makes
// the LoCoMo figures backend-independent. Uses the first LoCoMo dev conversation when the
// dataset is present, else a synthetic conversation from the test itself.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore, createPostgresStore } from '../../src/store/postgres/create.ts';
import { loadLocomo } from '../../bench/lib/locomo-data.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

const DATA = fileURLToPath(new URL('../../../shared/datasets/locomo/locomo-dev.json', import.meta.url));
const MAX_TURNS = 150;
const MAX_QUESTIONS = 30;

interface Turn {
  sessionId: string;
  speaker: string;
  text: string;
  timestamp: string;
}

function synthetic(): { turns: Turn[]; questions: string[] } {
  const lines = [
    'I just started a new job at Notion as a designer.',
    'My sister Maya lives in Paris and visits every summer.',
    'Walking Biscuit this morning was lovely, he chased a squirrel.',
    'We moved to Berlin from NYC last spring.',
    'I am allergic to peanuts, so be careful with recipes.',
    'Actually I left Notion, I work at Figma now.',
    'Planning a trip to Lisbon in June with my partner Sam.',
    'I love jazz, especially Coltrane.',
    'Training for the Berlin marathon, long run on Sunday.',
    'My brother Tom is a nurse in Manchester.',
  ];
  const turns = Array.from({ length: 60 }, (_, i) => ({
    sessionId: `session_${1 + Math.floor(i / 10)}`,
    speaker: i % 2 ? 'Alex' : 'Jo',
    text: `${lines[i % lines.length]} (note ${i})`,
    timestamp: new Date(Date.UTC(2023, 4, 1) + i * 3_600_000).toISOString(),
  }));
  return { turns, questions: ['Where does the user work?', 'Where does Maya live?', 'What pet does the user have?', 'What is the user allergic to?', 'When is the trip to Lisbon?', 'What music does the user like?', 'What does Tom do?', 'marathon'] };
}

function dataset(): { source: string; turns: Turn[]; questions: string[] } {
  if (!existsSync(DATA)) return { source: 'synthetic', ...synthetic() };
  const conv = loadLocomo(DATA)[0];
  return {
    source: `LoCoMo ${conv.sampleId} (first ${MAX_TURNS} turns)`,
    turns: conv.turns.slice(0, MAX_TURNS).map((t) => ({ sessionId: t.sessionId, speaker: t.speaker, text: t.text, timestamp: t.timestamp })),
    questions: conv.questions.slice(0, MAX_QUESTIONS).map((q) => q.question),
  };
}

async function transcript(store: MemoryStore, data: ReturnType<typeof dataset>, user: string) {
  await store.migrate();
  let n = 0;
  let tick = Date.UTC(2026, 0, 1);
  const service = new MemoryService({
    store,
    offlineExtractor: new OfflineExtractor(),
    newId: () => `id-${String(n++).padStart(6, '0')}`,
    clock: () => new Date((tick += 1000)),
  });
  for (const t of data.turns) {
    await service.ingestTurn({ sessionId: t.sessionId, userId: user, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp });
  }
  const out: unknown[] = [];
  for (const q of data.questions) {
    for (const maxTokens of [256, 512]) {
      const r = await service.recall({ query: q, sessionId: null, userId: user, maxTokens });
      out.push({ q, maxTokens, context: r.context, citations: r.citations.map((c) => [c.turn_id, c.score.toFixed(9)]) });
    }
    const hits = await service.search({ query: q, sessionId: null, userId: user, limit: 10 });
    out.push({ q, search: hits.map((h) => [h.kind, h.id, h.score.toFixed(9)]) });
  }
  const memories = (await service.listUserMemories(user)).map((m) => [m.id, m.key, m.value, m.active, m.supersededBy]);
  return { out, memories };
}

describe('backend parity: identical recall on SQLite, PostgreSQL and PGlite', () => {
  const data = dataset();
  const schema = freshSchemaName('parity');
  const results: Record<string, Awaited<ReturnType<typeof transcript>>> = {};

  beforeAll(async () => {
    await assertPostgresReachable();
  });
  afterAll(async () => {
    await dropSchema(schema);
  });

  test(`ingest ${data.source} into each backend`, async () => {
    results.sqlite = await transcript(new SqliteMemoryStore(':memory:'), data, 'parity');
    const pg = await createPostgresStore(urlWithSchema(schema), { poolSize: 4 });
    try {
      results.postgres = await transcript(pg, data, 'parity');
    } finally {
      await pg.close();
    }
    const lite = await createPgliteStore(null);
    try {
      results.pglite = await transcript(lite, data, 'parity');
    } finally {
      await lite.close();
    }
    expect(results.sqlite.memories.length).toBeGreaterThan(0);
    expect(results.sqlite.out.some((o) => (o as { context?: string }).context)).toBe(true);
  }, 600_000);

  test.each(['postgres', 'pglite'])('%s gives the same memories, recall contexts, citations and search hits as SQLite', (backend) => {
    expect(results[backend]?.memories).toEqual(results.sqlite.memories);
    expect(results[backend]?.out).toEqual(results.sqlite.out);
  });
});
