// Recall over the real SQLite store (cached and uncached paths): the same answers as over the
// in-memory store, the budget respected, and the store's lexical index used for big scopes.
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor, MemoryStore } from '../../src/core/ports.ts';
import { createStore } from '../../src/store/create-store.ts';
import { loadConfig } from '../../src/config.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { countTokens } from '../../src/core/text/tokens.ts';

const noExtraction: Extractor = { name: 'none', extract: async () => [] };
const silent = { info() {}, warn() {}, error() {} };
const TURNS: Array<[string, string, string]> = [
  ['2023-05-08T13:56:00Z', 'Caroline', 'I went to a LGBTQ support group yesterday and it was so powerful.'],
  ['2023-05-08T13:57:00Z', 'Melanie', 'Wow, that sounds great! What happened there?'],
  ['2023-06-01T10:00:00Z', 'Melanie', 'I signed up for a pottery class last week. It is so calming.'],
  ['2023-06-01T10:01:00Z', 'Caroline', 'That is lovely! What did you make?'],
  ['2023-06-01T10:02:00Z', 'Melanie', 'A black and white bowl. My kids loved it.'],
];

let store: MemoryStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

describe.each([['complete candidate sets', 1000], ["candidates cut to the index's best 2", 2]])('recall over SQLite, %s', (_name, maxTurns) => {
  test('finds the evidence, cites it, respects the budget, gates noise', async () => {
    store = await createStore(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:' }), silent);
    await store.migrate();
    const service = new MemoryService({ store, offlineExtractor: noExtraction, logger: silent });
    const ids: string[] = [];
    for (const [ts, name, content] of TURNS) ids.push((await service.ingestTurn({ sessionId: `s-${ts.slice(0, 10)}`, userId: 'u1', messages: [{ role: 'user', name, content }], timestamp: ts })).turn.id);
    const saved = RETRIEVE.lexicalLimit;
    RETRIEVE.lexicalLimit = maxTurns;
    try {
      const r = await service.recall({ query: 'What did Melanie make in her pottery class?', sessionId: null, userId: 'u1', maxTokens: 120 });
      expect(r.citations.map((c) => c.turn_id)).toEqual(expect.arrayContaining([ids[2], ids[4]]));
      expect(r.context).toContain('[1 Jun 2023]');
      expect(countTokens(r.context)).toBeLessThanOrEqual(120);
      expect(await service.recall({ query: 'How do I configure a Kubernetes ingress controller?', sessionId: null, userId: 'u1', maxTokens: 120 })).toEqual({ context: '', citations: [], tokens: 0 });
      expect(await service.recall({ query: '"NEAR(" OR * pottery', sessionId: null, userId: 'u1', maxTokens: 120 })).toMatchObject({ citations: expect.arrayContaining([expect.objectContaining({ turn_id: ids[2] })]) });
    } finally {
      RETRIEVE.lexicalLimit = saved;
    }
  });
});
