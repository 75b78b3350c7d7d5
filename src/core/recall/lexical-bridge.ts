/**
 * @module core/recall/lexical-bridge
 * The lexicon as a low-weight ranking feature: each rare content word of the question (by the
 * lexicon's commonness) is expanded through its first sense only — synonyms, direct hypernyms
 * and a bounded number of direct hyponyms — to index stems; a candidate that holds such a stem
 * while lacking the word itself is "bridged" to it. Used to re-rank the bounded candidates, never
 * to widen them (raw WordNet relations match far more wrong turns than right ones). Pure.
 */
import type { Lexicon } from '../ports.ts';
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import type { AnalyzedQuery } from './query-analysis.ts';
import { mapPacked } from '../packed.ts';

export const BRIDGE = {
  /** Question words at least this common are not expanded ("go", "time", "like"). */
  maxCommonness: 0.45,
  /** Senses read per word (first senses only). */
  senses: 1,
  /** Direct hyponyms taken per sense (kinds of it: "pet" → dog, cat…). */
  maxHyponyms: 25,
};

/** Expansion stem → the question stem it stands for. */
export type Bridges = ReadonlyMap<string, string>;

/** The bridges of a question's content words (its own stems and names excluded). */
export function questionBridges(lex: Lexicon, q: Pick<AnalyzedQuery, 'raw' | 'terms' | 'names'>): Bridges {
  const own = new Set(mapPacked(q.terms, (t) => t.term));
  const content = new Set(mapPacked(q.terms.filter((t) => t.source === 'query'), (t) => t.term));
  const names = new Set(q.names);
  const out = new Map<string, string>();
  for (const w of words(q.raw)) {
    if (w.length < 3 || STOP_WORDS.has(w) || names.has(w)) continue;
    const [stem] = analyze(w);
    if (!stem || !content.has(stem)) continue;
    if ((lex.commonness?.(w) ?? 0) >= BRIDGE.maxCommonness) continue;
    for (const s of lex.senses(w, undefined, BRIDGE.senses)) {
      const related = [s, ...lex.hypernyms(s.id), ...lex.hyponyms(s.id).slice(0, BRIDGE.maxHyponyms)];
      for (const r of related) {
        for (const lemma of r.lemmas) {
          if (lemma.includes(' ')) continue;
          for (const t of analyze(lemma)) if (!own.has(t) && !out.has(t)) out.set(t, stem);
        }
      }
    }
  }
  return out;
}

/** Share of the bridged question stems a document reaches only through a bridge, in [0,1]. */
export function bridgeScore(tokens: readonly string[], bridges: Bridges, ownStems: ReadonlySet<string>): number {
  if (bridges.size === 0) return 0;
  const targets = new Set(bridges.values());
  const have = new Set(tokens);
  const reached = new Set<string>();
  for (const t of have) {
    const target = bridges.get(t);
    if (target && !have.has(target) && ownStems.has(target)) reached.add(target);
  }
  return reached.size / targets.size;
}
