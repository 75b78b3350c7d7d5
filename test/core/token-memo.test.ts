/**
 * The memo of short texts' token counts (core/text/tokens.ts, session 18): a count read from it is
 * the tokenizer's own, for short, long, repeated and non-Latin texts, and the memo stays within its
 * byte budget however many distinct texts are counted.
 */
import { describe, expect, test } from 'vitest';
import { countTokens as tokenizerCount } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens, TOKEN_MEMO_BYTES, TOKEN_MEMO_MAX_CHARS, tokenMemoBytes } from '../../src/core/text/tokens.ts';

describe('countTokens memo', () => {
  const texts = [
    'User:',
    'Assistant:',
    ' Interesting!',
    '- User · employer: Shopify (previously Siemens until 21 Jun 2026; Spotify until 30 May 2026)',
    '[8 May 2023]',
    'Caroline: I went to a LGBTQ support group yesterday and it was so powerful.',
    'Zoë: Ça va? 東京で会いましょう 🎉',
    'x'.repeat(TOKEN_MEMO_MAX_CHARS),
    'y '.repeat(TOKEN_MEMO_MAX_CHARS),
  ];

  test('every count is the tokenizer’s, first and again', () => {
    for (let round = 0; round < 3; round++) for (const t of texts) expect(countTokens(t)).toBe(tokenizerCount(t));
    expect(countTokens('')).toBe(0);
  });

  test('the memo stays within its byte budget', () => {
    for (let i = 0; i < 20_000; i++) countTokens(`line ${i}: the user mentioned a ${i % 7 === 0 ? 'dog' : 'cat'} named ${i.toString(36)}`);
    expect(tokenMemoBytes()).toBeGreaterThan(0);
    expect(tokenMemoBytes()).toBeLessThanOrEqual(TOKEN_MEMO_BYTES);
    for (const t of texts) expect(countTokens(t)).toBe(tokenizerCount(t));
  });
});

describe('the memo and deletions', () => {
  test('deleting a user or a session empties it: no recalled line of theirs stays in the process', async () => {
    const { MemoryService } = await import('../../src/core/service.ts');
    const { OfflineExtractor } = await import('../../src/core/extraction/offline-extractor.ts');
    const { SqliteMemoryStore } = await import('../../src/store/sqlite/store.ts');
    const { WARM_UP_SAMPLE } = await import('../../src/core/warm-up-sample.ts');
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    try {
      const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
      await service.importTurns(
        WARM_UP_SAMPLE.map((t, i) => ({
          userId: 'memo-user',
          sessionId: 's1',
          timestamp: `${t.day}T09:${String(10 + i).padStart(2, '0')}:00.000Z`,
          messages: [
            { role: 'user' as const, content: t.user },
            { role: 'assistant' as const, content: t.assistant },
          ],
        })),
      );
      const recall = () => service.recall({ query: 'Where do I work?', sessionId: null, userId: 'memo-user', maxTokens: 512 });
      expect((await recall()).context).not.toBe('');
      expect(tokenMemoBytes()).toBeGreaterThan(0);
      await service.deleteSession('s1');
      expect(tokenMemoBytes()).toBe(0);
      countTokens('- User · employer: Northwind');
      expect(tokenMemoBytes()).toBeGreaterThan(0);
      await service.deleteUser('memo-user');
      expect(tokenMemoBytes()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
