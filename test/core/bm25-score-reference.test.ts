// bm25Score (core/recall/bm25.ts) reads each document's terms in place (document frequencies, then each document's
// distinct terms with their counts), with no per-document arrays. It must give exactly the hits of the reference it
// replaced — per document its distinct query terms in first-occurrence order with their counts, then the same sums —
// on generated documents with repeated terms, expansion terms, kind features that cover a question word, and cut sets
// whose document frequencies come from the index.
import { describe, expect, it } from 'vitest';
import { BM25, bm25Score, coverageIdf, idf, isOriginal, type Bm25Hit, type TermDoc } from '../../src/core/recall/bm25.ts';
import type { CorpusStats } from '../../src/core/ports.ts';
import type { QueryTerm } from '../../src/core/recall/query-analysis.ts';

/** The implementation before session 20, kept as the reference. */
function reference(docs: TermDoc[], stats: CorpusStats, terms: QueryTerm[], knownDf?: Readonly<Record<string, number>>): Bm25Hit[] {
  if (terms.length === 0 || docs.length === 0 || stats.count === 0) return [];
  const N = Math.max(stats.count, docs.length);
  const avgdl = stats.totalTerms / stats.count || 1;
  const want = new Map(terms.map((t) => [t.term, t]));
  const df = new Map<string, number>();
  const tfTerms: string[][] = [];
  const tfCounts: number[][] = [];
  const keep: TermDoc[] = [];
  for (const d of docs) {
    const ts: string[] = [];
    const fs: number[] = [];
    for (const t of d.tokens) {
      if (!want.has(t)) continue;
      const at = ts.indexOf(t);
      if (at < 0) {
        ts.push(t);
        fs.push(1);
      } else fs[at]++;
    }
    if (ts.length === 0) continue;
    for (const t of ts) df.set(t, (df.get(t) ?? 0) + 1);
    tfTerms.push(ts);
    tfCounts.push(fs);
    keep.push(d);
  }
  const dfOf = (t: string) => Math.max(df.get(t) ?? 0, knownDf?.[t] ?? 0);
  const coverWeight = (t: QueryTerm) => t.weight * (t.cover ?? 1) * coverageIdf(N, dfOf(t.term));
  const origMass = terms.filter(isOriginal).reduce((s, t) => s + coverWeight(t), 0);
  const out: Bm25Hit[] = [];
  keep.forEach((d, i) => {
    const ts = tfTerms[i]!;
    const fs = tfCounts[i]!;
    let s = 0;
    let cov = 0;
    const matched: string[] = [];
    for (let j = 0; j < ts.length; j++) {
      const qt = want.get(ts[j]!)!;
      const f = fs[j]!;
      s += (qt.weight * idf(N, dfOf(ts[j]!)) * f * (BM25.k1 + 1)) / (f + BM25.k1 * (1 - BM25.b + (BM25.b * d.termCount) / avgdl));
      if (isOriginal(qt)) {
        cov += coverWeight(qt);
        matched.push(ts[j]!);
      }
    }
    for (const term of ts) {
      const covered = want.get(term)!.covers;
      const orig = covered === undefined ? undefined : want.get(covered);
      if (!orig || !isOriginal(orig) || ts.includes(covered!) || matched.includes(covered!)) continue;
      cov += BM25.kindCover * coverWeight(orig);
      matched.push(covered!);
    }
    if (s > 0) out.push({ id: d.id, score: s, coverage: origMass > 0 ? cov / origMass : 0, matched });
  });
  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

describe('bm25Score', () => {
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const terms: QueryTerm[] = [
    { term: 'dog', weight: 1, source: 'query' },
    { term: 'walk', weight: 1, source: 'query', cover: 0.5 },
    { term: 'eat', weight: 1, source: 'query' },
    { term: 'maya', weight: 1, source: 'name' },
    { term: 'hound', weight: 0.5, source: 'synonym' },
    { term: '_kfood', weight: 0.6, source: 'kind', covers: 'eat' },
    { term: '_kpet', weight: 0.6, source: 'kind', covers: 'dog' },
    { term: 'the', weight: 0.2, source: 'filler' },
  ];
  const vocabulary = [...terms.map((t) => t.term), 'cat', 'park', 'rain'];

  it('gives the reference hits, in order, on 300 generated sets', () => {
    for (let round = 0; round < 300; round++) {
      const docs: TermDoc[] = Array.from({ length: 1 + Math.floor(rand() * 40) }, (_, i) => {
        const tokens = Array.from({ length: Math.floor(rand() * 7) }, () => pick(vocabulary));
        return { id: `d${Math.floor(rand() * 1000)}-${i}`, tokens, termCount: tokens.length + Math.floor(rand() * 30) };
      });
      const stats = { count: docs.length + Math.floor(rand() * 500), totalTerms: 1 + Math.floor(rand() * 20_000) };
      const asked = terms.filter(() => rand() < 0.8);
      const knownDf = rand() < 0.5 ? Object.fromEntries(asked.map((t) => [t.term, Math.floor(rand() * 300)])) : undefined;
      expect(bm25Score(docs, stats, asked, knownDf)).toEqual(reference(docs, stats, asked, knownDf));
    }
  });

  it('counts a repeated term once for its document frequency and every time for its term frequency', () => {
    const docs: TermDoc[] = [
      { id: 'a', tokens: ['dog', 'dog', 'dog'], termCount: 10 },
      { id: 'b', tokens: ['dog'], termCount: 10 },
      { id: 'c', tokens: ['cat'], termCount: 10 },
    ];
    const hits = bm25Score(docs, { count: 3, totalTerms: 30 }, [{ term: 'dog', weight: 1, source: 'query' }]);
    expect(hits.map((h) => h.id)).toEqual(['a', 'b']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits).toEqual(reference(docs, { count: 3, totalTerms: 30 }, [{ term: 'dog', weight: 1, source: 'query' }]));
    // Every hit has a list of its own (a scratch list is copied, never handed out).
    expect(hits[0]!.matched).not.toBe(hits[1]!.matched);
  });
});
