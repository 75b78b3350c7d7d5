/**
 * @module core/recall/sequel
 * The sequel of a "still" ask: "Am I still singing in the choir on Thursdays?" finds the turn that
 * set the habit up, but what changed is said later in other words ("I left the choir, my voice…"),
 * sharing no word with the question. The later turn shares the topic turn's own rarer words
 * (choir, orchestra, team): those words, read from the topic turn, find it. Pure: the caller reads
 * the document frequencies and the turns holding the words from the store.
 *
 * Also the sequel of a stable fact, for a profile ask: a later user turn of the fact's kind ("I left teaching, I'm
 * retraining as a data analyst" after "job title: maths teacher") says the fact may have moved on even when extraction
 * did not end it (laterOfKind).
 */
import type { TurnRecord } from '../types.ts';
import { STANCE_IDIOMS } from './ask.ts';
import type { NounKind } from '../lexicon/kinds.ts';

/** The kind of thing a stable fact's value is (core/text/enrich kind tokens), for its later turns. Data. */
export const FACT_KINDS: Readonly<Record<string, NounKind>> = { job_title: 'occupation', employer: 'occupation', location: 'location', vehicle: 'vehicle', pet: 'animal' };

/**
 * The newest turn said after `since` that holds the kind token and none of the fact's own value terms (it says
 * something else of that kind), or null.
 */
export function laterOfKind(turns: readonly TurnRecord[], token: string, since: string, valueTerms: ReadonlySet<string>): TurnRecord | null {
  const later = turns
    .filter((t) => t.timestamp > since && t.terms.split(' ').includes(token) && !t.terms.split(' ').some((x) => valueTerms.has(x)))
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.seq - a.seq);
  return later[0] ?? null;
}

/** Tunables (see docs/recall-meaning.md, session 9). */
export const SEQUEL = {
  /** A topic word is rare enough when at most this many turns hold it (and at least one besides the topic turn). */
  maxDf: 3,
  /** Topic words searched, rarest first. */
  terms: 4,
  /** Later turns shown (newest first). */
  turns: 1,
  /** Turns read from the store's index for the topic words. */
  read: 12,
};

/**
 * An ask about whether a state or habit continues ("still", "anymore", "no longer", "these days", "now"), or for where a
 * stance has got to ("where have I landed on…", "where do I stand on…": ask.ts STANCE_IDIOMS).
 */
export function isContinuationAsk(query: string): boolean {
  return /\b(?:still|anymore|any more|no longer|these days|nowadays|now)\b/i.test(query) || STANCE_IDIOMS.some((re) => new RegExp(re.source, 'i').test(query)) || OWN_CHOICE.test(query);
}

/**
 * The user asked what they would choose ("Would I ever want to move back?", "Should I sign up for a weekend of it?",
 * "Would I enjoy…"): answered by where their stance has got to, said later than the turn the words find.
 */
const OWN_CHOICE = /^\s*(?:(?:so|ok|okay|and|hey|honestly)[,\s]+)?(?:would|should|will)\s+i\s+(?:ever\s+|really\s+|still\s+)?[a-z]+/i;

/** The topic turn's own words: not the question's, not kind or date tokens, not two-letter words. */
export function topicWords(topic: TurnRecord, questionTerms: ReadonlySet<string>): string[] {
  return [...new Set(topic.terms.split(' '))].filter((t) => t.length > 2 && !t.startsWith('_') && !questionTerms.has(t));
}

/** The topic words (topicWords) to look for later: those rare in the scope, rarest first. */
export function sequelTerms(words: readonly string[], df: Readonly<Record<string, number>>): string[] {
  return words
    .filter((t) => (df[t] ?? 0) >= 2 && (df[t] ?? 0) <= SEQUEL.maxDf)
    .sort((a, b) => (df[a] ?? 0) - (df[b] ?? 0) || a.localeCompare(b))
    .slice(0, SEQUEL.terms);
}

/** Turns said after the topic turn that hold one of its words, newest first (at most SEQUEL.turns). */
export function laterTurns(topic: TurnRecord, turns: readonly TurnRecord[], terms: readonly string[]): TurnRecord[] {
  const wanted = new Set(terms);
  return turns
    .filter((t) => t.id !== topic.id && (t.timestamp > topic.timestamp || (t.timestamp === topic.timestamp && t.seq > topic.seq)) && t.terms.split(' ').some((x) => wanted.has(x)))
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.seq - a.seq)
    .slice(0, SEQUEL.turns);
}
