// termMatcher (core/recall/bm25.ts): a candidate document's occurrences of the queried terms,
// read in place, must equal splitting the document and keeping the queried terms — the reference
// it replaced in retrieve's lexical sets — on every shape of term string, so BM25 is unchanged.
import { describe, expect, it } from 'vitest';
import { bm25Score, termMatcher, toTermDoc } from '../../src/core/recall/bm25.ts';
import type { QueryTerm } from '../../src/core/recall/query-analysis.ts';

const reference = (terms: string, wanted: readonly string[]) => terms.split(' ').filter((t) => wanted.includes(t));

describe('termMatcher', () => {
  const cases: Array<[string, string, string[]]> = [
    ['plain', 'dog walk park dog', ['dog', 'park']],
    ['document order across terms', 'park dog walk park dog', ['dog', 'park']],
    ['a term inside a longer token is not a token', 'hotdog dogs dog_x _dog dog', ['dog']],
    ['first and last token', 'dog cat dog', ['dog']],
    ['doubled, leading and trailing spaces', '  dog  cat dog ', ['dog', 'cat']],
    ['a wanted term with a space never matches', 'new york new', ['new york', 'york']],
    ['the empty term matches the empty tokens', ' dog  cat ', ['', 'dog']],
    ['duplicate wanted terms count once', 'dog dog', ['dog', 'dog']],
    ['no match', 'cat bird', ['dog']],
    ['no wanted terms', 'cat bird', []],
    ['one-token document', 'dog', ['dog']],
    ['prefix of a later token', 'do dog d', ['do', 'd']],
    ['non-ASCII and feature tokens', 'café _m202307 über café', ['café', '_m202307']],
  ];
  it.each(cases)('%s', (_name, terms, wanted) => {
    expect(termMatcher(wanted)(terms)).toEqual(reference(terms, wanted));
  });

  it('gives BM25 the same hits as the whole split', () => {
    const docs = [
      { id: 'a', terms: 'dog park walk dog', termCount: 4 },
      { id: 'b', terms: 'cat park', termCount: 2 },
      { id: 'c', terms: 'hotdog stand', termCount: 2 },
    ];
    const q: QueryTerm[] = [
      { term: 'dog', weight: 1, source: 'query' },
      { term: 'park', weight: 0.5, source: 'query' },
    ];
    const stats = { count: 10, totalTerms: 40 };
    const match = termMatcher(q.map((t) => t.term));
    expect(bm25Score(docs.map((d) => toTermDoc(d, match)), stats, q)).toEqual(bm25Score(docs.map((d) => toTermDoc(d)), stats, q));
  });

  it('gives every document a list of its own (the occurrences gather in a scratch list that is copied)', () => {
    const match = termMatcher(['dog', 'park']);
    const a = match('dog park dog');
    const b = match('park');
    expect(a).toEqual(['dog', 'park', 'dog']);
    expect(b).toEqual(['park']);
    expect(a).not.toBe(b);
    expect(match('cat')).toEqual([]);
  });
});
