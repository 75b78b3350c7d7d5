/**
 * @module test/core/recall-change-cut
 * The change lookup (recall.ts changedStates) reads a bounded cut of key rows, active first. Event rows
 * are never a change (retractedStates and namedChanges skip them), so a question that also implies an
 * event key ("Did I go kayaking…?" implies activities) must not let a long run of active events fill
 * the cut and push out the retracted value it names (session 15, docs/recall-architecture.md). Run on
 * the scan reference and on SQLite, whose cut is made in SQL.
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

  test.each<[string, () => MemoryStore]>([
    ['scan reference', () => new InMemoryStore()],
    ['SQLite', () => new SqliteMemoryStore(':memory:')],
  ])('%s: the retracted value the question names is stated as a change', async (_name, make) => {
    const store = make();
    try {
      const service = await seeded(store);
      const r = await service.recall({ query: QUESTION, sessionId: null, userId: 'u1', maxTokens: 400 });
      expect(r.context.toLowerCase()).toContain('no longer kayak');
    } finally {
      await store.close();
    }
  });

  // Known defect (session 15, not fixed): superseded history sorts with the retracted rows in the cut, and KeyLookup.only
  // filters after it, so 60 newer superseded job titles hide the retracted kayak. A fix filters before the cut, on an
  // index of retracted rows. When this starts to pass, drop `.fails`.
  test.fails('superseded history of another key still crowds the retracted value out (known defect)', async () => {
    const store = new SqliteMemoryStore(':memory:');
    try {
      const service = await seeded(store, 'history');
      const r = await service.recall({ query: QUESTION, sessionId: null, userId: 'u1', maxTokens: 400 });
      expect(r.context.toLowerCase()).toContain('no longer kayak');
    } finally {
      await store.close();
    }
  });

  test('without the crowd the same question states the change (the case above is the cut, not the question)', async () => {
    const store = new SqliteMemoryStore(':memory:');
    try {
      const service = await seeded(store, 'none');
      const r = await service.recall({ query: QUESTION, sessionId: null, userId: 'u1', maxTokens: 400 });
      expect(r.context.toLowerCase()).toContain('no longer kayak');
    } finally {
      await store.close();
    }
  });
});
