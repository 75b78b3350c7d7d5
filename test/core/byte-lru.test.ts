/**
 * ByteLru: a cache bounded in bytes (issue 16: caches were bounded by entry count, so a cache of
 * large entries could hold far more memory than one of small entries).
 */
import { describe, expect, test } from 'vitest';
import { ByteLru, stringBytes } from '../../src/core/byte-lru.ts';
import { KINDS_MEMO_BYTES, kindsMemoBytes, kindsOf } from '../../src/core/lexicon/kinds.ts';
import { TOKEN_KINDS_MEMO_BYTES, textKinds, tokenKindsMemoBytes } from '../../src/core/text/enrich.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

describe('ByteLru', () => {
  test('never holds more than its budget, whatever the entry sizes; least recently used goes first', () => {
    const evicted: string[] = [];
    const lru = new ByteLru<string>(1000, (k, v) => stringBytes(k) + stringBytes(v), (k) => void evicted.push(k));
    lru.set('a', 'x'.repeat(100));
    lru.set('b', 'x'.repeat(100));
    expect(lru.get('a')).toBeDefined(); // a is now the most recent
    lru.set('c', 'x'.repeat(300));
    expect(lru.bytes).toBeLessThanOrEqual(1000);
    expect(evicted).toEqual(['b']);
    expect(lru.has('a')).toBe(true);
    for (let i = 0; i < 500; i++) lru.set(`k${i}`, 'y'.repeat(i % 50));
    expect(lru.bytes).toBeLessThanOrEqual(1000);
  });

  test('an entry read is safe from eviction for at least half the cache of later insertions (a hit moves it back only from the older half)', () => {
    const lru = new ByteLru<number>(100, () => 1);
    for (let i = 0; i < 100; i++) lru.set(`k${i}`, i);
    // k0 is the least recent; read it (older half: moved to the back), then k99 (newer half: stays).
    expect(lru.get('k0')).toBe(0);
    expect(lru.get('k99')).toBe(99);
    for (let i = 100; i < 149; i++) lru.set(`k${i}`, i);
    expect(lru.has('k0')).toBe(true);
    expect(lru.has('k99')).toBe(true);
    expect(lru.has('k1')).toBe(false);
    // Re-read while in the newer half, k0 keeps its place; once it drifts into the older half a read moves it again.
    for (let r = 0; r < 5; r++) {
      expect(lru.get('k0')).toBe(0);
      for (let i = 0; i < 30; i++) lru.set(`r${r}-${i}`, i);
    }
    expect(lru.has('k0')).toBe(true);
    expect(lru.size).toBe(100);
  });

  test('an entry larger than the budget is not kept; getOrCompute caches falsy values too', () => {
    const lru = new ByteLru<string>(100, (k, v) => stringBytes(k) + stringBytes(v));
    lru.set('big', 'x'.repeat(1000));
    expect(lru.has('big')).toBe(false);
    expect(lru.bytes).toBe(0);
    let calls = 0;
    const zero = new ByteLru<number>(1000, () => 10);
    expect(zero.getOrCompute('z', () => (calls++, 0))).toBe(0);
    expect(zero.getOrCompute('z', () => (calls++, 0))).toBe(0);
    expect(calls).toBe(1);
  });

  test('the lexicon memos (kinds of a word, kinds of a token) stay within their byte budgets over a large vocabulary', () => {
    const lex = openLexicon({ MEMORY_LEXICON: 'wordnet' }).lexicon;
    // Before: kindsOf kept up to 50,000 entries whatever their size and the token lookups were not cached at all.
    const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${'q'.repeat(200)}`);
    for (const w of words) kindsOf(lex, w);
    textKinds(lex, words.join(' '));
    expect(kindsMemoBytes(lex)).toBeGreaterThan(0);
    expect(kindsMemoBytes(lex)).toBeLessThanOrEqual(KINDS_MEMO_BYTES);
    expect(tokenKindsMemoBytes(lex)).toBeGreaterThan(0);
    expect(tokenKindsMemoBytes(lex)).toBeLessThanOrEqual(TOKEN_KINDS_MEMO_BYTES);
    // Memoised answers are the same answers.
    expect([...textKinds(lex, 'My dog Rex loves ice cream and I work as a nurse in Lisbon.')]).toEqual([...textKinds(lex, 'My dog Rex loves ice cream and I work as a nurse in Lisbon.')]);
  });
});
