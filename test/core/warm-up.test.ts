// MemoryService.warmUp: the start-up warm-up runs the recall path on an empty scope and touches
// nothing else — no write, no provider call, no recall counted — and it reaches the date parser
// and the store's recall statements (what it is there to warm).
import { describe, expect, test } from 'vitest';
import { MemoryService, WARM_UP_QUESTIONS } from '../../src/core/service.ts';
import type { EmbedderPort, MemoryStore, QueryPlannerPort, RerankerPort } from '../../src/core/ports.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { questionDate } from '../../src/core/recall/question-dates.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

/** The store with every method call recorded by name. */
function recorded(store: MemoryStore, calls: string[]): MemoryStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.push(String(prop));
        return v.apply(target, args);
      };
    },
  });
}

const READS = new Set(['corpusStats', 'scopeNames', 'lexicalCandidates', 'termFrequencies', 'memoriesByKeys', 'retractedByKeys', 'activeInSlots', 'turnsAround', 'turnsAt', 'turnsBetween', 'eventsBetween', 'getMemories', 'getTurns', 'memoryHistory', 'recentTurns', 'vectorSearch', 'scopesOfUser']);

describe('MemoryService.warmUp', () => {
  test('reads only, asks no provider, counts no recall, and leaves the store as it was', async () => {
    const sqlite = new SqliteMemoryStore(':memory:');
    await sqlite.migrate();
    const calls: string[] = [];
    const providerCalls: string[] = [];
    const recalled: boolean[] = [];
    const embedder: EmbedderPort = { model: 'fake', dim: 2, embed: async () => (providerCalls.push('embed'), [[1, 0]]) };
    const reranker: RerankerPort = { name: 'fake', rerank: async () => (providerCalls.push('rerank'), []) } as unknown as RerankerPort;
    const planner: QueryPlannerPort = { name: 'fake', plan: async () => (providerCalls.push('plan'), null) } as unknown as QueryPlannerPort;
    const service = new MemoryService({
      store: recorded(sqlite, calls),
      offlineExtractor: new OfflineExtractor(),
      embedder,
      reranker,
      planner,
      observer: { stage() {}, recalled: (empty) => recalled.push(empty) },
    });
    await service.importTurns([{ sessionId: 's1', userId: 'alice', timestamp: '2023-07-10T09:00:00Z', messages: [{ role: 'user', content: 'I work at Intel as a data analyst since July 2023.' }] }]);
    const plain = new MemoryService({ store: sqlite, offlineExtractor: new OfflineExtractor() });
    const ask = () => plain.recall({ query: 'Where do I work?', sessionId: null, userId: 'alice', maxTokens: 512 });
    const answer = await ask();
    expect(answer.context).toContain('Intel');
    const before = { counts: await sqlite.counts(), scopes: await sqlite.listScopes(), statements: sqlite.statementCache().statements };
    calls.length = 0;
    providerCalls.length = 0;

    const warm = await service.warmUp();

    expect(warm.recalls).toBe(2 * WARM_UP_QUESTIONS.length);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !READS.has(c))).toEqual([]);
    expect(providerCalls).toEqual([]);
    expect(recalled).toEqual([]);
    expect(await sqlite.counts()).toEqual(before.counts);
    expect(await sqlite.listScopes()).toEqual(before.scopes);
    // The recall statements are prepared on the store's connection on the way.
    expect(sqlite.statementCache().statements).toBeGreaterThan(before.statements);
    // The store still answers the user as before.
    expect(await ask()).toEqual(answer);
    await sqlite.close();
  });

  test('its questions reach the date parser with a resolved date', () => {
    expect(WARM_UP_QUESTIONS.some((q) => questionDate(q) !== null)).toBe(true);
  });
});
