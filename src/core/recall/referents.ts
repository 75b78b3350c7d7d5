/**
 * @module core/recall/referents
 * Turns that only make sense with their neighbour. A reply that opens by pointing back ("It
 * was amazing", "We went there last year", "That one is my favourite") names its topic in the
 * turn before it: when such a turn is shown, the turn it refers back to comes with it; when a
 * shown turn is followed by such a reply, the reply comes with it (the question's words are in
 * the first turn, the answer in the second). Only the session neighbours recall already fetched
 * are used (no store read here). Pure.
 */
import type { TurnRecord } from '../types.ts';
import { sentences } from './format.ts';

/**
 * Words that point back to something said before when they open a reply: "it", "that one",
 * "there" (not the existential "there is/are"), "them", "those", "the other one", "the same".
 */
const REFERS_BACK = /\b(it|it's|its|that one|this one|the other one|the same( one)?|them|those|these ones|there(?!\s+(is|are|was|were|will|would|has|have|had|must|might|may|could|should|'s|’s|seems?)\b))\b/i;

/** Leading interjections skipped before the words that refer back ("Wow, it…", "Oh yes, that one!"). */
const OPENER = /^(?:(?:oh|wow|yes|yeah|yep|no|nope|haha|aw+|ah|hey|thanks|thank you|totally|definitely|absolutely|sure|right|indeed|really|cool|great|nice|awesome|amazing)\b[\s,!.]*)+/i;

/** Tunables (`npm run bench:locomo -- --set referents.answers=1,recall.referentTop=6`, see docs/recall-meaning.md). */
export const REFERENTS = {
  /** Words of a message's opening read for a word that refers back. */
  openingWords: 12,
  /** A shown turn that ends by asking also brings the reply after it, the answer (1 = on). */
  answers: 0,
};

/** True when the turn's first message opens by referring back to something said before it. */
export function refersBack(t: Pick<TurnRecord, 'messages' | 'text'>): boolean {
  const content = t.messages.length > 0 ? t.messages[0].content : t.text;
  const first = sentences(content.trim())[0] ?? '';
  const opening = first.replace(OPENER, '').split(/\s+/).slice(0, REFERENTS.openingWords).join(' ');
  return REFERS_BACK.test(opening);
}

/**
 * The neighbours a shown turn brings along: the turn before it when it refers back, and the turn
 * after it when that one refers back (the reply whose "it" is this turn's topic) or, with
 * `REFERENTS.answers`, when this turn ends by asking (`asks`): the reply is the answer. `at`
 * looks up a fetched turn `offset` steps away in the same session.
 */
export function referentsOf(t: TurnRecord, at: (t: TurnRecord, offset: number) => TurnRecord | undefined, asks: (t: TurnRecord) => boolean = () => false): TurnRecord[] {
  const out: TurnRecord[] = [];
  const prev = at(t, -1);
  if (prev && refersBack(t)) out.push(prev);
  const next = at(t, 1);
  if (next && (refersBack(next) || (REFERENTS.answers === 1 && asks(t)))) out.push(next);
  return out;
}
