/**
 * The relevance gate's coverage weighs a question's everyday words less (QUERY.commonCover): a
 * word's share is 1 − commonCover × its commonness, so "Should I write this small script in
 * TypeScript?" is covered by the turn about TypeScript scripts although "write" and "small" were
 * never said. Rare and unknown words, names and fillers keep their share.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { analyzeQuery, QUERY } from '../../src/core/recall/query-analysis.ts';
import { bm25Score } from '../../src/core/recall/bm25.ts';
import { analyze } from '../../src/core/text/analyze.ts';

const COMMON: Record<string, number> = { write: 0.6, small: 0.5, plan: 0.5, script: 0.2 };
const lexicon = { lemmas: () => [], senses: () => [], commonness: (w: string) => COMMON[w.toLowerCase()] ?? 0 };
const saved = QUERY.commonCover;
afterEach(() => {
  QUERY.commonCover = saved;
});

const coverOf = (q: string, term: string) => analyzeQuery(q, new Set(), lexicon).terms.find((t) => t.term === analyze(term)[0])?.cover;

describe('cover shares', () => {
  test.each([
    ['Should I write this small script in TypeScript?', 'write', 0.7],
    ['Should I write this small script in TypeScript?', 'small', 0.75],
    ['Should I write this small script in TypeScript?', 'script', 0.9],
    ['Should I write this small script in TypeScript?', 'typescript', undefined],
    ['Help me plan a picnic', 'plan', 0.75],
    ['Help me plan a picnic', 'picnic', undefined],
  ])('%s: %s → %s', (q, term, share) => {
    QUERY.commonCover = 0.5;
    const got = coverOf(q, term);
    if (share === undefined) expect(got).toBeUndefined();
    else expect(got).toBeCloseTo(share, 6);
  });

  test('off (0) or without a lexicon: every term counts whole', () => {
    QUERY.commonCover = 0;
    expect(coverOf('Should I write this small script?', 'write')).toBeUndefined();
    QUERY.commonCover = 0.5;
    expect(analyzeQuery('Should I write this small script?').terms.every((t) => t.cover === undefined)).toBe(true);
  });
});

describe('coverage of the best document', () => {
  const docs = [
    { id: 'ts', tokens: analyze('TypeScript is fine for big projects, but for quick scripts I use Python'), termCount: 12 },
    { id: 'love', tokens: analyze('I love TypeScript'), termCount: 3 },
    { id: 'other', tokens: analyze('walked the dog by the river'), termCount: 6 },
  ];
  const stats = { count: 10, totalTerms: 60 };
  const best = () => {
    const q = analyzeQuery('Should I write this small script in TypeScript?', new Set(), lexicon);
    return Math.max(...bm25Score(docs, stats, q.terms).map((h) => h.coverage));
  };
  test('rises when everyday words weigh less, and never reaches 1 for words not said', () => {
    QUERY.commonCover = 0;
    const off = best();
    QUERY.commonCover = 0.5;
    const on = best();
    expect(on).toBeGreaterThan(off);
    expect(on).toBeLessThan(1);
  });
});
