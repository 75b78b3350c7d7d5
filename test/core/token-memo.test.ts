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
