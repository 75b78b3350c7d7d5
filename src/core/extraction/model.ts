/**
 * @module core/extraction/model
 * Internal shapes of the offline extractor: the subject a clause is about, the analysed clause
 * the rules read, and the draft a rule returns before it becomes a MemoryCandidate.
 */
import type { CandidateOp, MemoryType } from '../types.ts';
import type { ResolvedDate } from './dates.ts';

export interface Subject {
  /** Canonical lower-case subject id: `user`, `caroline`, `sister maya`, `caroline's kids`. */
  id: string;
  /** The speaker themself. */
  self: boolean;
  /** Relation word for third parties ("sister"). */
  relation?: string;
  /** Proper name when stated ("Maya"). */
  name?: string;
}

export interface Clause {
  /** The whole sentence the clause came from (evidence). */
  sentence: string;
  /** The clause as written (contractions expanded). */
  text: string;
  /** Who the clause is about. */
  subject: Subject;
  /** The speaker's own subject id (`user` or the speaker's name). */
  speaker: string;
  /** Text before the subject pronoun ("After five years at Shopify"). */
  pre: string;
  /** Predicate after the subject, negation words removed ("am vegetarian"). */
  core: string;
  /** Predicate after the subject as written ("am not vegetarian anymore"). */
  pred: string;
  negated: boolean;
  /** "anymore", "no longer", "stopped": the clause ends a fact. */
  ending: boolean;
  past: boolean;
  /** A date expression in the clause, resolved against the turn timestamp. */
  date: ResolvedDate | null;
  /** Base confidence of the clause's source (explicit user statement, confirmed assistant claim...). */
  confidence: number;
  /** Co-subject named with the speaker ("Sam and I broke up"). */
  coName?: string;
  /** Turn timestamp. */
  ref: Date;
  /** The previous sentence of the same message, for facts spread over two sentences. */
  prevSentence?: string;
  /** What the speaker holds from this exchange's earlier turns (an ending's referent resolves against it). */
  held?: Holdings;
}

/** A value the speaker holds, as an earlier turn of the exchange stated it. */
export interface Held {
  key: string;
  value: string;
}

/**
 * The speaker's holdings from the exchange's earlier turns, read lazily: an ending that says "the yamaha", "socks" or
 * "I resigned" is resolved to the memory those turns stated ("yamaha mt-07", "tabby named Socks", employer Lloyds).
 */
export interface Holdings {
  /** The most recent held value of one of `keys` (any key when null) that the word names (in its value, or in the words that stated it). */
  find(word: string, keys: readonly string[] | null): Held | null;
  /** The most recent held value of the key. */
  current(key: string): Held | null;
  /** Whether an earlier user turn of the exchange names the word as a name (capitalised), held or not. */
  named?(word: string): boolean;
}

export interface Draft {
  key: string;
  value: string;
  type?: MemoryType;
  op?: CandidateOp;
  confidence?: number;
  /** Subject override (relation facts are the speaker's). */
  subject?: string;
  eventDate?: string | null;
  metadata?: Record<string, unknown>;
  replaces?: string | null;
  /** When the fact starts or stopped holding, if the clause dates it ("starting in March", "moved here two years ago"). */
  validFrom?: string | null;
  validTo?: string | null;
  /** Implicit facts get a lower confidence. */
  implicit?: boolean;
  /**
   * A relative the clause mentions by a possessive ("I haven't seen my brother Tom in years"): presupposed, so the
   * clause's negation does not deny a named one, and an ending ("don't talk to my sister Maya anymore") ends no kinship.
   */
  presupposed?: boolean;
}

export type Rule = (c: Clause) => Draft[];
