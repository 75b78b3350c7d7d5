/**
 * @module core/extraction/negation
 * Negation and ending cues of a predicate. "I'm not vegetarian anymore" and "I don't have a
 * cat" end a fact (retract); "I used to work at X" is history; "I don't like X" (no ending
 * cue) is a dislike. Rules match the predicate with the negation words removed (`core`) and
 * the extractor turns the result into the right operation. A perfect under "never" ends nothing
 * (`NEVER_PERFECT`).
 */

/**
 * A perfect under "never" ("have never owned", "has never had"): a lifelong absence. Nothing was held, so it ends
 * nothing: "I've never owned a motorbike" retracts no vehicle.
 */
export const NEVER_PERFECT = /^(?:have|has|had)\s+(?:\w+ly\s+)?never\b/i;

const NEG = /\b(?:do|does|did|am|is|are|was|were|have|has|had|could|would|will|should)\s+not\s+|\bnot\s+|\bnever\s+|\bno\s+longer\s+|\bnot\s+anymore\b/gi;

export interface NegationInfo {
  negated: boolean;
  /** The clause states that something stopped holding. */
  ending: boolean;
  /** The clause describes a past state ("used to"). */
  history: boolean;
  /** Predicate with negation words removed. */
  core: string;
}

/** A second, coordinated predicate ("been vegan for years and never looked back") has its own negation. */
const SECOND_PRED = /\s+(?:and|but)\s+(?=(?:never|not|no\s+longer|(?:do|does|did|have|has|had|could|would|will)\s+not)\s+\w)/i;
/**
 * A comma and a new subject start a clause with its own negation: "Took the kids to the aquarium on Sunday, Anya
 * would not leave the tank", "I love Lisbon, I would never live anywhere else".
 */
// A subject-less chat fragment after a comma is a new clause too: "moved to Bristol, don't know anyone here yet".
// A conjunction and a new subject do too: "I'm a phlebotomist so needles genuinely don't bother me"; so does a plural
// noun after a comma ("mucked out the stable, fingers still haven't thawed"), or "and now the bus into town doesn't".
const NEW_SUBJECT_NEG = /\s*,\s+(?=not\s+(?!any\s?more\b|any\s+longer\b)(?:sure|that|really|gonna|going|too|a\s+fan|bad|great|ideal)\b)|\s*,\s+(?=(?:(?:I|we|he|she|they|it|[\p{Lu}][\p{Ll}]+|(?:the\s+|my\s+|our\s+)?[\p{Ll}]+s)\s+)?(?:(?:still|just|really|[\p{Ll}]+ly)\s+)?(?:(?:do|does|did|is|are|was|were|have|has|had|can|could|would|will)\s+not|never)\b)|\s+(?:so|because|cos|since|but|and|though|although)\s+(?=(?:(?:now|then|still|also)\s+)?(?:the\s+|my\s+|our\s+)?[\p{L}]+(?:\s+[\p{L}]+)?(?:\s+(?:into|in|at|to|from|of|on|near)\s+[\p{L}]+)?\s+(?:[\p{L}]+ly\s+)?(?:(?:do|does|did|is|are|was|were|have|has|had|can|could|would|will)\s+not|never)\b)/u;

/** Giving up a state is ending it, like "stopped being": "packed in being vegan", "gave up being a vegetarian". */
const QUIT_BEING = /\b(?:packed\s+in|pack\s+in|gave\s+up|given\s+up|giving\s+up|give\s+up|jacked\s+in|ditched)\s+being\b/i;

export function analyseNegation(pred: string): NegationInfo {
  // "better late than never", "more often than not": a comparison's "never"/"not" negates nothing said.
  const head = pred.split(SECOND_PRED)[0].split(NEW_SUBJECT_NEG)[0].replace(/\bthan\s+(?:never|not)\b/gi, 'than');
  const negated = /\b(?:not|never|no\s+longer)\b|\b(?:stopped|quit)\s+being\b/i.test(head) || QUIT_BEING.test(head);
  const ending = /\b(?:anymore|any\s+more|no\s+longer|not\s+any\s+longer|stopped|no\s+more|after\s+all)\b/i.test(head) || QUIT_BEING.test(head);
  // "getting used to the heat", "I'm used to it": being accustomed, not a past habit.
  const history = /(?<!\b(?:get|gets|getting|got|gotten|am|is|are|was|were|be|been|being|become|becoming|grow|growing|grew)\s+(?:(?:so|very|pretty|quite|really|more|fully|kind\s+of|slowly|still|finally)\s+)?)\bused\s+to\b|\bformerly\b|\bback\s+then\b|\bpreviously\b/i.test(pred);
  let core = pred.replace(NEG, (m) => (/^(?:am|is|are|was|were|have|has|had|will)\b/i.test(m) ? m.replace(/\s+not\s+$/i, ' ') : ''));
  core = core
    .replace(/\bstopped\s+being\b/i, 'am')
    .replace(QUIT_BEING, 'am')
    .replace(/\bused\s+to\s+be\b/i, 'was')
    .replace(/(?<!\b(?:get|gets|getting|got|gotten|am|is|are|was|were|be|been|being|become|becoming|grow|growing|grew)\s+(?:(?:so|very|pretty|quite|really|more|fully|kind\s+of|slowly|still|finally)\s+)?)\bused\s+to\s+/i, '')
    .replace(/\b(?:anymore|any\s+more|no\s+more|after\s+all)\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { negated, ending, history, core };
}
