/**
 * @module core/extraction/frames/milestone
 * A stage passed, read from the clause's shape (the data is MILESTONE in frames/table.ts): the speaker's verb marks
 * an achievement ("qualified as a paramedic", "passed my HGV"), a credential got ("earned my brown belt"), a first
 * contest or feat ("ran my first marathon"); a newborn arrived ("baby Wilfred arrived", "our daughter Marisol was
 * born"); a proposal the speaker said yes to. Returns the stage or null; rules/events.ts dates it and keys it as
 * `event_milestone`. Pure: the lexicon decides what the object is.
 */
import type { Lexicon } from '../../ports.ts';
import type { Clause } from '../model.ts';
import { MILESTONE } from './table.ts';
import { hasRun } from '../word-runs.ts';

export type Stage =
  | { kind: 'achieved' | 'credential' | 'first' }
  | { kind: 'birth'; newborn: string; name?: string }
  | { kind: 'proposal'; partner?: string };

const LEAD_ADVERBS = new Set(['just', 'finally', 'officially', 'actually', 'also', 'only', 'now', 'proudly', 'successfully', 'eventually']);
/** Words that end an object noun phrase: prepositions, conjunctions, time words. */
const NP_STOP = new Set(['done', 'complete', 'completed', 'on', 'at', 'in', 'this', 'last', 'yesterday', 'today', 'tonight', 'after', 'before', 'with', 'for', 'to', 'from', 'and', 'but', 'so', 'by', 'first', 'second', 'third', 'back', 'again', 'away', 'off', 'up', 'out', 'over', 'of']);
const DETERMINERS = new Set(['my', 'our', 'the', 'a', 'an']);
const AUX = new Set(['was', 'were', 'got', 'been', 'have', 'has', 'had', 'am', 'is', 'are']);

const tokens = (s: string) => s.replace(/[!?.;:,]+(?=\s|$)/g, (p) => ` ${p[0]} `).split(/\s+/).filter(Boolean);

/** The verb's lemma when the word is a past form (a past tense or participle), else null. */
function pastLemma(word: string, lex: Lexicon): string | null {
  const w = word.toLowerCase();
  const lemma = lex.lemmas(w, 'verb')[0];
  return lemma && lemma !== w ? lemma : null;
}

/**
 * The object after the verb: its words up to a preposition, conjunction, time word or punctuation (at most five),
 * whether it opened with "first", and its head (the last word with a letter).
 */
function objectOf(words: string[]): { first: boolean; head: string; raw: string } | null {
  let i = 0;
  if (DETERMINERS.has(words[i]?.toLowerCase())) i++;
  let first = false;
  if (words[i]?.toLowerCase() === 'very') i++;
  if (/^first(?:-ever)?$/i.test(words[i] ?? '')) {
    first = true;
    i++;
    if (words[i]?.toLowerCase() === 'ever') i++;
  }
  const np: string[] = [];
  for (; i < words.length && np.length < 5; i++) {
    const w = words[i];
    if (!/[\p{L}\p{N}]/u.test(w) || NP_STOP.has(w.toLowerCase())) break;
    np.push(w);
  }
  const head = [...np].reverse().find((w) => /[\p{L}]/u.test(w));
  return head ? { first, head: head.replace(/['’]s$/, ''), raw: np.join(' ') } : null;
}

/** A name or a word the lexicon does not hold: what an achievement or a feat is called ("PADI Open Water", "HGV", "ultra"). */
function named(word: string, lex: Lexicon): boolean {
  return /^[\p{Lu}]/u.test(word) || lex.senses(word, 'noun', 1).length === 0;
}

function hasClass(word: string, classes: readonly string[], lex: Lexicon): boolean {
  return lex.classesOf(word.toLowerCase(), 'noun', 2).some((c) => classes.includes(c));
}

/** A sentence said in celebration: "!!" or two words in capitals ("SWAM LOCH LOMOND"). */
const CELEBRATED = /!{2,}|\b[\p{Lu}]{3,}\s+[\p{Lu}]{2,}\b/u;

/** Whether the sentence says a whole was done (MILESTONE.completive; '#' is any number). */
function completive(sentence: string): boolean {
  const words = sentence.toLowerCase().replace(/[^\p{L}\p{N}\s]+/gu, ' ').split(/\s+/).filter(Boolean);
  return MILESTONE.completive.some((run) => hasRun(words, run));
}

/**
 * A feat done whole: a verb of completion with a named object ("finished the Comrades today"), or any past doing said in
 * celebration with its whole counted, or with its whole counted and named ("SWAM LOCH LOMOND end to end!!", "bagged my
 * last Munro, all 282 ticked off"). "finished my essay", "finished the washing up!!" are neither; nor is a habit
 * ("every single day").
 */
function doneWhole(lemma: string, words: string[], sentence: string, lex: Lexicon): boolean {
  const celebrated = CELEBRATED.test(sentence);
  const whole = completive(sentence);
  const named = words.slice(1, 5).some((w) => /^[\p{Lu}][\p{Ll}]/u.test(w));
  if (MILESTONE.completion.some((a) => lex.isA(lemma, a, { pos: 'verb', maxSenses: 1, maxDepth: 2 }))) return named;
  return (celebrated && whole) || (whole && named && /\ball\s+\d+\b/i.test(sentence));
}

/** The speaker's own stage in the predicate: an achievement verb, a credential got, a first feat, a feat done whole. */
function ownStage(core: string, lex: Lexicon, sentence = core): Stage | null {
  let words = tokens(core);
  while (words.length && LEAD_ADVERBS.has(words[0].toLowerCase())) words = words.slice(1);
  // "was ordained", "got promoted", "have just qualified": the participle after the auxiliary is the verb.
  if (words.length > 1 && AUX.has(words[0].toLowerCase())) {
    const rest = words.slice(1).filter((w, i) => i > 0 || !LEAD_ADVERBS.has(w.toLowerCase()));
    if (rest[0] && pastLemma(rest[0], lex)) words = rest;
  }
  if (!words[0]) return null;
  const lemma = pastLemma(words[0], lex);
  // "FIRST SOLO FLIGHT this morning!!!": a dated fragment that names a first feat, with no verb at all.
  if (!lemma) {
    const feat = lex.lemmas(words[0].toLowerCase(), 'verb').length === 0 ? objectOf(words) : null;
    // (Only a feat the lexicon knows as an act or event: "first standup at Revolut" names no feat.)
    // …or any first thing said done ("FIRST SKYDIVE done today!!!").
    const done = words.some((w) => /^(?:done|complete|completed|smashed|nailed)$/i.test(w));
    return feat?.first && (hasClass(feat.head.toLowerCase(), MILESTONE.featClasses, lex) || (done && named(feat.head, lex))) ? { kind: 'first' } : null;
  }
  // "reached Uhuru Peak", "made it to the summit of Snowdon": a top arrived at is a feat.
  if ((MILESTONE.reached.verbs as readonly string[]).includes(lemma)) {
    const goal = objectOf(words.slice(1).filter((w, i) => !(i === 0 && /^it$/i.test(w)) && !(i <= 1 && /^to$/i.test(w))));
    const head = goal?.head.toLowerCase() ?? '';
    if (goal && ((MILESTONE.reached.words as readonly string[]).includes(head) || MILESTONE.reached.anchors.some((a) => lex.isA(head, a, { pos: 'noun', maxSenses: 1, maxDepth: 3 })))) return { kind: 'achieved' };
  }
  const obj = objectOf(words.slice(1));
  if ((MILESTONE.achieved as readonly string[]).includes(lemma)) {
    if (lemma !== 'pass') return { kind: 'achieved' };
    // "passed my HGV", "passed the bar": an object one passes as a test, not a place, a thing or a time.
    // Any lower-case word of the object that is a time, place or body part ("passed the time reading") rules it out.
    const never = obj?.raw.split(/\s+/).some((w) => !/^[\p{Lu}]/u.test(w) && hasClass(w, MILESTONE.neverTests, lex));
    if (obj && !obj.first && !never && (named(obj.head, lex) || hasClass(obj.head, MILESTONE.testClasses, lex))) return { kind: 'achieved' };
    return null;
  }
  if (doneWhole(lemma, words, sentence, lex)) return { kind: 'achieved' };
  if (!obj) return null;
  if ((MILESTONE.obtained as readonly string[]).includes(lemma)) {
    const head = obj.head.toLowerCase();
    const credential = (MILESTONE.credentials as readonly string[]).includes(head) || MILESTONE.credentialAnchors.some((a) => lex.isA(head, a, { pos: 'noun', maxSenses: 2 }));
    if (credential) return { kind: 'credential' };
  }
  // "ran my first marathon", "did my first solo flight": a first contest or feat, not a first thing made or bought.
  if (obj.first && (named(obj.head, lex) || hasClass(obj.head, MILESTONE.featClasses, lex))) return { kind: 'first' };
  return null;
}

const NEWBORN = new RegExp(
  `^(?:(?:my|our)\\s+(?:(?:very|new|first|second|third|little|baby)\\s+)*|(?:little\\s+)?)(${MILESTONE.newborn.join('|')})(?:\\s+(\\p{Lu}[\\p{L}'’-]+))?\\s+(?:${MILESTONE.births.map((b) => b.join('\\s+')).join('|')})\\b`,
  'iu',
);
const PROPOSER = /(?:^|[\s,.!;])([\p{Lu}][\p{L}'’-]+|he|she)\s+(?:finally\s+|actually\s+)?proposed\b/u;

/** Whether the sentence's words contain the run. */
function saysRun(sentence: string, run: readonly string[]): boolean {
  const words = sentence.toLowerCase().replace(/[^\p{L}\s]+/gu, ' ').split(/\s+/).filter(Boolean);
  return hasRun(words, run);
}

/** The stage the clause tells of, or null. Only past, dated clauses are asked (events.ts). */
export function milestoneStage(c: Clause, lex: Lexicon | undefined): Stage | null {
  if (c.negated) return null;
  const birth = NEWBORN.exec(c.text.trim());
  // An unnamed child of the speaker's ("our son arrived on Monday") is frames/read.ts birthDrafts'.
  if (birth && (birth[2] || /^grand/i.test(birth[1]))) return { kind: 'birth', newborn: birth[1].toLowerCase(), ...(birth[2] ? { name: birth[2] } : {}) };
  const proposer = PROPOSER.exec(c.text);
  if (proposer && MILESTONE.accepted.some((run) => saysRun(c.sentence, run))) {
    const who = proposer[1];
    return { kind: 'proposal', ...(/^(?:he|she)$/i.test(who) ? {} : { partner: who }) };
  }
  if (!c.subject.self || !lex) return null;
  return ownStage(c.core, lex, c.sentence);
}
