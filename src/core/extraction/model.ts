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
}

export type Rule = (c: Clause) => Draft[];
