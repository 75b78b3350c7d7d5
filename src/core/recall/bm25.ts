/**
 * @module core/recall/bm25
 * Exact BM25 (k1 1.2, b 0.75 by default) with weighted query terms over the documents that contain them,
 * plus the query coverage of each document (the share of the question's own IDF mass it
 * matches), which the noise gate reads. Same numbers on every backend because the terms come
 * from the one analyser. Pure.
 */
import type { CorpusStats, LexicalDoc } from '../ports.ts';
import type { QueryTerm } from './query-analysis.ts';
import { mapPacked } from '../packed.ts';

/**
 * A lexical document with its terms split. From `lexical()` in retrieve.ts `tokens` holds only the
 * document's occurrences of the terms it was queried for (what every reader of it asks about), in
 * document order with repeats.
 */
export interface TermDoc {
  id: string;
  tokens: string[];
  termCount: number;
}

const NO_TOKENS: string[] = Object.freeze([]) as unknown as string[];

/** Scratch lists of termMatcher's occurrences and bm25Score's matched terms (both synchronous: one user at a time). */
const FOUND: string[] = [];
const MATCHED: string[] = [];

/**
 * The occurrences in a space-separated term string of the `wanted` terms, in document order with
 * repeats: exactly `terms.split(' ').filter((t) => wanted.includes(t))`, without splitting the
 * whole document. A recall reads ~500 candidate documents of ~50 terms each and asks only about
 * the question's few terms: splitting them all was ~1 in 20 of the bytes a recall allocates.
 */
export function termMatcher(wanted: readonly string[]): (terms: string) => string[] {
  // A term with a space never equals a split token; the empty term matches the empty tokens of
  // doubled, leading or trailing spaces, which only the split itself reproduces.
  if (wanted.includes('')) {
    const set = new Set(wanted);
    return (terms) => terms.split(' ').filter((t) => set.has(t));
  }
  const list = [...new Set(wanted)].filter((t) => !t.includes(' '));
  // One pass over the document's tokens, compared in place (length, then startsWith): no
  // substring and no array unless a wanted term occurs.
  // The occurrences gather in a scratch list and are copied at their exact length (a push onto a one-element array
  // reserves room for 17).
  return (terms) => {
    FOUND.length = 0;
    const n = terms.length;
    for (let a = 0; a <= n; ) {
      let b = terms.indexOf(' ', a);
      if (b < 0) b = n;
      const len = b - a;
      for (let k = 0; k < list.length; k++) {
        const w = list[k];
        if (w.length === len && terms.startsWith(w, a)) {
          FOUND.push(w);
          break;
        }
      }
      a = b + 1;
    }
    return FOUND.length === 0 ? NO_TOKENS : FOUND.slice();
  };
}

/** The document with its terms split: all of them, or with `match` (termMatcher) only the wanted ones. */
export function toTermDoc(d: LexicalDoc, match?: (terms: string) => string[]): TermDoc {
  return { id: d.id, tokens: !d.terms ? [] : match ? match(d.terms) : d.terms.split(' '), termCount: d.termCount };
}

/** BM25 parameters (k1 term saturation, b length normalisation). */
export const BM25 = {
  k1: 1.2,
  b: 0.75,
  /** Share of a question word's coverage a matching kind feature earns in its place (core/text/enrich). */
  kindCover: 0.8,
};

export interface Bm25Hit {
  id: string;
  score: number;
  /** Share of the original question's weighted IDF mass this document matches, in [0,1]. */
  coverage: number;
  /** Original (non-expansion) query terms matched. */
  matched: string[];
}

export function idf(N: number, n: number): number {
  return Math.log(1 + (N - n + 0.5) / (n + 0.5));
}

/**
 * IDF as a coverage weight: floored, so a word every document shares (in a small scope, the
 * topic itself) still counts as covered instead of weighing nothing next to an unseen word.
 */
export function coverageIdf(N: number, n: number): number {
  return Math.max(idf(N, n), 1);
}

/** True for terms that come from the question itself rather than an expansion. */
export const isOriginal = (t: QueryTerm) => t.source === 'query' || t.source === 'name' || t.source === 'filler';

/**
 * Scores `docs` (the documents containing at least one query term) against the weighted terms.
 * Document frequencies are counted over `docs`, so they are exact when `docs` is complete; when
 * the store returned a bounded subset, `knownDf` (the index's per-scope counts) replaces them.
 */
export function bm25Score(docs: TermDoc[], stats: CorpusStats, terms: QueryTerm[], knownDf?: Readonly<Record<string, number>>): Bm25Hit[] {
  if (terms.length === 0 || docs.length === 0 || stats.count === 0) return [];
  const N = Math.max(stats.count, docs.length);
  const avgdl = stats.totalTerms / stats.count || 1;
  const want = new Map(mapPacked(terms, (t) => [t.term, t]));
  // Document frequencies: each document's distinct query terms, each counted at its first occurrence. A document's
  // terms are read in place twice (here and when scoring it), not copied into per-document arrays or maps (~650
  // documents a recall).
  const df = new Map<string, number>();
  for (const d of docs) {
    const toks = d.tokens;
    for (let j = 0; j < toks.length; j++) {
      const t = toks[j]!;
      if (want.has(t) && toks.indexOf(t) === j) df.set(t, (df.get(t) ?? 0) + 1);
    }
  }
  const dfOf = (t: string) => Math.max(df.get(t) ?? 0, knownDf?.[t] ?? 0);
  const idfs = new Map(mapPacked(terms, (t) => [t.term, idf(N, dfOf(t.term))]));
  const covIdf = new Map(mapPacked(terms, (t) => [t.term, coverageIdf(N, dfOf(t.term))]));
  const coverWeight = (t: QueryTerm) => t.weight * (t.cover ?? 1) * covIdf.get(t.term)!;
  const origMass = terms.filter(isOriginal).reduce((s, t) => s + coverWeight(t), 0);
  const out: Bm25Hit[] = [];
  for (const d of docs) {
    const toks = d.tokens;
    let s = 0;
    let cov = 0;
    let any = false;
    // The matched original terms gather in a scratch list, copied at the document's end at their exact length.
    MATCHED.length = 0;
    // Each distinct query term in first-occurrence order with its count (as the scores were always summed).
    for (let j = 0; j < toks.length; j++) {
      const term = toks[j]!;
      const qt = want.get(term);
      if (!qt || toks.indexOf(term) !== j) continue;
      any = true;
      let f = 1;
      for (let k = j + 1; k < toks.length; k++) if (toks[k] === term) f++;
      const w = idfs.get(term)!;
      s += (qt.weight * w * f * (BM25.k1 + 1)) / (f + BM25.k1 * (1 - BM25.b + (BM25.b * d.termCount) / avgdl));
      if (isOriginal(qt)) {
        cov += coverWeight(qt);
        MATCHED.push(term);
      }
    }
    if (!any) continue;
    // A kind feature covers the question word it stands for ("work" by an occupation), when the word itself is absent.
    for (let j = 0; j < toks.length; j++) {
      const term = toks[j]!;
      const qt = want.get(term);
      if (!qt || toks.indexOf(term) !== j) continue;
      const covered = qt.covers;
      const orig = covered === undefined ? undefined : want.get(covered);
      if (!orig || !isOriginal(orig) || toks.includes(covered!) || MATCHED.includes(covered!)) continue;
      cov += BM25.kindCover * coverWeight(orig);
      MATCHED.push(covered!);
    }
    if (s > 0) out.push({ id: d.id, score: s, coverage: origMass > 0 ? cov / origMass : 0, matched: MATCHED.slice() });
  }
  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
