/**
 * @module test/core/recall-change-cut
 * The change lookup (recall.ts changedStates) reads a bounded cut of key rows, active first. Event rows
 * are never a change (retractedStates and namedChanges skip them), so a question that also implies an
 * event key ("Did I go kayaking…?" implies activities) must not let a long run of active events fill
 * the cut and push out the retracted value it names (session 15, docs/recall-architecture.md). Nor may a
 * long superseded history of another key: the change lookup reads retracted rows from their own index
 * (RecallIndex.retractedByKeys, session 16). Run on the scan reference, SQLite and PGlite, whose cuts
 * are made in SQL.
 */
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor, MemoryStore } from '../../src/core/ports.ts';
import type { MemoryRecord } from '../../src/core/types.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { indexTerms } from '../../src/core/text/analyze.ts';
import { renderMemoryText } from '../../src/core/render.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore } from '../../src/store/postgres/create.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';

const noExtraction: Extractor = { name: 'none', extract: async () => [] };
const silent = { info() {}, warn() {}, error() {} };

function memory(p: Partial<MemoryRecord> & Pick<MemoryRecord, 'id' | 'key' | 'value'>): MemoryRecord {
  const type = p.type ?? 'fact';
  const text = renderMemoryText({ subject: 'user', key: p.key, value: p.value, type });
  const { terms, termCount } = indexTerms(text);
  return {
    scope: 'u:u1', userId: 'u1', agentId: null, subject: 'user', type, confidence: 0.9, singleValued: type !== 'event', status: 'active', active: true,
    sourceSession: 'old', sourceTurn: null, evidence: p.value, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
    validFrom: null, validTo: null, eventDate: null, supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null,
    metadata: {}, text, terms, termCount, ...p,
  };
}

const QUESTION = 'Did I go kayaking last weekend?';

const dayOf = (i: number) => `2025-${String(3 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

/** More rows than the key lookup's cut holds, written after the retraction: active activity events, or a job title superseded again and again. */
const crowds = {
  none: () => [] as MemoryRecord[],
  events: () =>
    Array.from({ length: RETRIEVE.keyRows + 10 }, (_, i) =>
      memory({ id: `ev${i}`, type: 'event', key: 'event_activity', value: `went bouldering with Lena (${i})`, eventDate: dayOf(i), createdAt: `${dayOf(i)}T10:00:00Z`, updatedAt: `${dayOf(i)}T10:00:00Z`, confidence: 0.95 }),
    ),
  history: () =>
    Array.from({ length: RETRIEVE.keyRows + 10 }, (_, i) =>
      memory({ id: `job${i}`, key: 'job_title', value: `analyst grade ${i}`, status: 'superseded', active: false, createdAt: `${dayOf(i)}T10:00:00Z`, updatedAt: `${dayOf(i)}T10:00:00Z`, validTo: dayOf(i) }),
    ),
};

/** A retracted kayak and, written later, a crowd of other rows of the keys the change lookup reads. */
async function seeded(store: MemoryStore, crowd: keyof typeof crowds = 'events'): Promise<MemoryService> {
  await store.migrate();
  const service = new MemoryService({ store, offlineExtractor: noExtraction, logger: silent });
  const events = crowds[crowd]();
  const kayak = memory({ id: 'kayak', key: 'vehicle', value: 'kayak', status: 'retracted', active: false, validFrom: '2024-05-01', validTo: '2025-02-01' });
  await store.transaction('u:u1', async (tx) => {
    await tx.insertMemory(kayak);
    for (const m of events) await tx.insertMemory(m);
  });
  return service;
}

describe('changes are not crowded out of the key cut', () => {
  test('the question implies the event key the cut would fill', () => {
    expect(analyzeQuery(QUESTION, new Set()).keys).toContain('event_activity');
  });

  const STORES: Array<[string, () => Promise<MemoryStore>]> = [
    ['scan reference', async () => new InMemoryStore()],
    ['SQLite', async () => new SqliteMemoryStore(':memory:')],
    ['PGlite', () => createPgliteStore(null)],
  ];
  const cases = STORES.flatMap(([name, make]) => (['events', 'history', 'none'] as const).map((crowd) => [name, crowd, make] as const));

  // 'history' was a known defect (session 15): the superseded rows sorted with the retracted one in the key lookup's
  // cut and the status filter came after it, so 70 newer superseded job titles hid the retracted kayak.
  test.each(cases)('%s, crowd of %s: the retracted value the question names is stated as a change', async (_name, crowd, make) => {
    const store = await make();
    try {
      const service = await seeded(store, crowd);
      const r = await service.recall({ query: QUESTION, sessionId: null, userId: 'u1', maxTokens: 400 });
      expect(r.context.toLowerCase()).toContain('no longer kayak');
    } finally {
      await store.close();
    }
  }, 30_000);

  test.each(STORES)('%s: a retracted value is no change while the slot holds an active value again', async (_name, make) => {
    const store = await make();
    try {
      const service = await seeded(store, 'history');
      await store.transaction('u:u1', (tx) => tx.insertMemory(memory({ id: 'kayak2', key: 'vehicle', value: 'kayak', createdAt: '2025-06-01T00:00:00Z', updatedAt: '2025-06-01T00:00:00Z' })));
      const r = await service.recall({ query: QUESTION, sessionId: null, userId: 'u1', maxTokens: 400 });
      expect(r.context.toLowerCase()).not.toContain('no longer kayak');
    } finally {
      await store.close();
    }
  }, 30_000);
});
