/**
 * @module core/extraction/frames/booked
 * A booked thing told by its noun and its day, with no verb of booking: "the scan on my knee is on Tuesday", "eye
 * clinic on the 21st", "dentist Tuesday 10th at 9", "physio's on Monday". The noun phrase before the date is the
 * event; what the lexicon says its head is (BOOKED in frames/table.ts) decides appointment or exam. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import { BOOKED } from './table.ts';

/** What opens the phrase: chat fillers, the speaker having or seeing it ("I've got the osteopath", "got my flu jab"). */
const LEAD = /^(?:(?:so|and|oh|also|just|anyway)\s+)*(?:(?:I\s+have\s+got|I\s+have|I\s+am\s+seeing|I\s+see|I['’]ve\s+got|I['’]m\s+seeing|I\s+got|we['’]ve\s+got|we\s+have|got|have|seeing)\s+)?(?:(?:my|the|our|a|an)\s+)?/i;
/** What may sit between the noun phrase and its date: a copula, "on", "at", "is on", "'s". */
const LINK = /(?:\s*['’]s|\s+is|\s+are|\s+was|\s+booked(?:\s+in)?)?(?:\s+(?:now|actually|definitely|still))?(?:\s+(?:on|at|for))?\s*[,:—–-]?\s*$/i;
const PREP = /\s+(?:on|at|in|for|with|about|of)\s+/i;

function isOf(head: string, row: { anchors: readonly string[]; words: readonly string[] }, lex: Lexicon): boolean {
  return row.words.includes(head) || row.anchors.some((a) => lex.isA(head, a, { pos: 'noun', maxSenses: 2, maxDepth: 8 }));
}

/**
 * The key and value of a booked thing whose date starts at `dateIndex` in `text`, or null: the phrase before the date
 * (up to three words before its first preposition, the head last) must be the clause's whole opening.
 */
export function bookedThing(text: string, dateIndex: number, lex: Lexicon | undefined): { key: string; value: string } | null {
  if (!lex || dateIndex <= 0) return null;
  const before = text.slice(0, dateIndex).replace(LINK, '').replace(LEAD, '').trim();
  if (!before || /['’]s\s/.test(before) || /^(?:his|her|their|your|i|we|you|he|she|they|it)\b/i.test(before)) return null;
  const phrase = before.split(PREP)[0].replace(/\s+booked(?:\s+in)?$/i, '');
  const words = phrase.split(/\s+/);
  if (words.length > 3 || !words.every((w) => /^[\p{L}-]+$/u.test(w))) return null;
  const head = words[words.length - 1].toLowerCase();
  // A medical test is a visit ("smear test", "blood test"), and so is what a clinician does ("dentist cleaning", "GP
  // review", "physical therapy evaluation"): a word before the head of the appointment row's, by word or by its kind,
  // decides.
  // (By kind only before a head that is an act, "evaluation", "review": "the surgery car park" is no visit.)
  const act = lex.senses(head, 'noun', 1).some((x) => x.lexClass === 'noun.act');
  const medical = words.slice(0, -1).some((w) => BOOKED.appointment.words.includes(w.toLowerCase() as never) || (act && isOf(w.toLowerCase(), BOOKED.appointment, lex)));
  const key = isOf(head, BOOKED.appointment, lex) || medical ? 'event_appointment' : isOf(head, BOOKED.exam, lex) ? 'event_exam' : null;
  return key ? { key, value: phrase.replace(/['’]s$/, '') } : null;
}
