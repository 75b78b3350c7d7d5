// "What does my brother do?" asks the relative's occupation. Session 10's "a relative as the subject of a
// do-question" made the relation row rank-only and required the relative's own rows, but asked no key for
// "do": the self-eval probe "What does my brother do?" came back empty (it had returned the sibling row and
// the turn before). The present-tense do-verb with nothing done now asks the relative's job title and employer.
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const lexicon = openLexicon({ MEMORY_LEXICON: 'wordnet' }).lexicon;

describe("a relative's occupation asked with 'do'", () => {
  test.each([
    ['What does my sister do?', true],
    ['what does my dad do for a living', true],
    ['What does my husband do these days?', true],
    ['What did my sister do last weekend?', false],
    ['What does my sister do on Sundays?', false],
  ])('%s → asks job title and employer: %s', (q, asks) => {
    const keys = analyzeQuery(q, new Set(), lexicon).keys;
    expect(keys.includes('job_title') && keys.includes('employer')).toBe(asks);
  });

  test("answered from the relative's own rows; a relative never mentioned stays empty", async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const service = new MemoryService({ store, lexicon, offlineExtractor: new OfflineExtractor({ lexicon }) });
    await service.ingestTurn({ sessionId: 's1', userId: 'rhian', timestamp: '2024-04-02T18:00:00Z', messages: [{ role: 'user', content: 'My sister Carys is a vet in Swansea.' }, { role: 'assistant', content: 'Does she see many farm animals?' }] });
    const ask = (query: string) => service.recall({ query, sessionId: 's2', userId: 'rhian', maxTokens: 512 });
    const answer = await ask('What does my sister do?');
    expect(answer.context).toMatch(/job title: vet/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(await ask('What does my father do?')).toMatchObject({ context: '', citations: [] });
    await store.close();
  });
});
