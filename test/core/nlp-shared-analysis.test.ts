/**
 * @module test/core/nlp-shared-analysis
 * The NLP pass shared within one extraction (core/extraction/nlp withSharedAnalysis): inside, a
 * text is analysed once and every reader gets the same frozen result; outside, and after the
 * extraction ends, nothing is kept; a nested extraction joins the outer one.
 */
import { describe, expect, it } from 'vitest';
import { ANALYSIS_MEMO_CHARS, analyseText, tagFragment, withSharedAnalysis } from '../../src/core/extraction/nlp.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';

const TEXT = 'My sister Ottoline keeps bees in Ghent. She sold her canoe last spring.';

describe('withSharedAnalysis', () => {
  it('analyses afresh outside an extraction', () => {
    expect(analyseText(TEXT)).not.toBe(analyseText(TEXT));
    expect(analyseText(TEXT)).toEqual(analyseText(TEXT));
  });

  it('shares one frozen analysis per text inside, and drops it afterwards', () => {
    const [a, b, after] = [...withSharedAnalysis(() => [analyseText(TEXT), analyseText(TEXT)]), analyseText(TEXT)];
    expect(a).toBe(b);
    expect(after).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0].tokens)).toBe(true);
    expect(Object.isFrozen(a[0].tokens[0])).toBe(true);
    expect(() => {
      (a[0].tokens as unknown as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('gives fragment readers a fresh array they may extend', () => {
    const toks = withSharedAnalysis(() => {
      const t = tagFragment(TEXT);
      t.push({ text: 'x', lower: 'x', pos: 'X', lemma: 'x', negated: false });
      return tagFragment(TEXT);
    });
    expect(toks.at(-1)?.text).not.toBe('x');
  });

  it('joins an outer extraction when nested, and returns what fn returns', () => {
    const [outer, inner] = withSharedAnalysis(() => [analyseText(TEXT), withSharedAnalysis(() => analyseText(TEXT))]);
    expect(inner).toBe(outer);
    expect(withSharedAnalysis(() => 42)).toBe(42);
  });

  it('keeps at most ANALYSIS_MEMO_CHARS characters of text per extraction', () => {
    const sentence = 'The weather was mild and the bus was late again. ';
    const long = sentence.repeat(Math.ceil((ANALYSIS_MEMO_CHARS + 1) / sentence.length));
    const [a, b, c, d] = withSharedAnalysis(() => [analyseText(long), analyseText(long), analyseText(TEXT), analyseText(TEXT)]);
    expect(a).not.toBe(b);
    expect(c).toBe(d);
  });

  it('drops the shared analyses when the extraction throws', () => {
    expect(() => withSharedAnalysis(() => { analyseText(TEXT); throw new Error('boom'); })).toThrow('boom');
    expect(analyseText(TEXT)).not.toBe(analyseText(TEXT));
  });

  it('extracts the same candidates whether or not an outer extraction shares its analyses', () => {
    const ctx = { timestamp: '2026-03-02T10:00:00.000Z', sessionId: 's', recentTurns: [] };
    const msgs = [{ role: 'user' as const, content: "I'm a cooper in Stirling and my whippet is called Dram. I gave up curling last year." }];
    const alone = extractOffline(msgs, ctx);
    const nested = withSharedAnalysis(() => {
      analyseText(msgs[0].content);
      return extractOffline(msgs, ctx);
    });
    expect(nested).toEqual(alone);
    expect(alone.length).toBeGreaterThan(0);
  });
});
