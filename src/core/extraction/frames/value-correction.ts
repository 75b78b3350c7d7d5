/**
 * @module core/extraction/frames/value-correction
 * A corrected value matched by its shape to the memory that holds the old one: a bare number puts a held age right
 * ("42 actually", "he's 7 actually" → the age of the third party "he" points to), a name spelled close to a held
 * name puts that name right ("Anoek, with an e" → child Anouk), a name after "not" names the held value the other
 * name replaces ("Tesco, not Sainsbury's"), and a day of the month puts a held dated event right ("the 23rd, not the
 * 13th"). It needs a correction signal (CORRECTION_SIGNALS, a "not OLD", or the message opening with the bare
 * value) and a held memory of that shape; otherwise it says nothing. Pure.
 */
import type { MemoryCandidate } from '../../types.ts';
import { resolveDate } from '../dates.ts';
import { NOT_NAMES } from '../lexicon.ts';
import { normValue } from '../values.ts';
import { CORRECTION_SIGNALS, MEASURE_UNITS } from './table.ts';

const SIGNAL = new RegExp(`\\b(?:${CORRECTION_SIGNALS.map((s) => s.replace(/ /g, '\\s+')).join('|')})\\b`, 'iu');
/** The message opens with the bare value and a break ("42 actually.", "34. I've been…", "Anoek, with an e"). */
const OPENING = /^\s*(?:(?:no|oh|oops|sorry|wait|ugh|argh|gah|ach|doh|erm|um|hmm|lol|haha|ha|ah)\b[\s,.!]*)*\*?([\p{Lu}][\p{L}'’-]+|\d{1,3}|\d{1,2}(?:st|nd|rd|th))\*?\s*(?:[,.!*]|$|\s+not\b)/u;
/** A chat correction mark: a star stuck to a word ("*Sorcha", "Nadia*"). */
const STARRED = /(?:^|\s)\*([\p{Lu}][\p{L}'’-]+)|([\p{Lu}][\p{L}'’-]+)\*(?=\s|$|[,.!])/u;
/** "…not OLD" with OLD a value of a shape this reads (a name, a number, a day): a correction by itself. */
const NOT_VALUE = /\bnot\s+(?:the\s+)?(?:[\p{Lu}][\p{L}'’-]+|\d{1,3}(?:st|nd|rd|th)?)\b/u;
/**
 * A date put right without a word of apology: moved ("they've moved it to the 8th", "moved me to friday"), restated
 * with "now" or "instead" ("dentist now wednesday the 18th", "the cleaning is thursday the 19th now"), checked against its source ("just
 * checked the letter, the eye clinic is Thursday 22 October"), or restated at the message's start ("it's the 16th").
 */
const MOVED = /\b(?:moved|rescheduled|pushed|brought|changed|switched)\s+(?:it|me|us|the\s+[\p{L}]+|my\s+[\p{L}]+)\s+(?:back\s+|forward\s+)?to\b|\bnow\s+(?:on\s+)?(?:the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)|(?:\bthe\s+\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)[^.;!?]{0,30}\b(?:now|instead)\b|\b(?:been|got|was|is|['’]s)\s+(?:moved|rescheduled|pushed|brought|changed|switched|put)\s+(?:back\s+|forward\s+)?(?:from\s+[^,.;!?]+?\s+)?to\b|(?:^|[,;]\s*)it\s*(?:['’]s|is)\s+(?:now\s+)?(?:on\s+)?(?:the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)[^.;!?]*\binstead\b|\b(?:checked|looked\s+at|re-?read)\s+(?:the|my)\s+(?:[\p{L}]+\s+)?(?:letter|card|email|text|calendar|diary|confirmation|booking)\b|^\s*(?:(?:no|oh|ugh|hmm)[\s,!.]+)?it\s*(?:['’]s|is)\s+(?:actually\s+)?(?:on\s+)?(?:the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/iu;
const ORDINAL = /\b(\d{1,2})(?:st|nd|rd|th)\b/gi;
/** A number with a unit after it is a measure, not an age ("42 degrees", "30 minutes"). */
const NUMBER = new RegExp(`(?<![\\p{L}\\d:.£$€])(\\d{1,3})(?![\\d:%]|\\.\\d|\\s*(?:${MEASURE_UNITS.join('|')})\\b)`, 'giu');
const THIRD = /\b(?:he|she|he's|she's|he is|she is)\b/i;

/** Levenshtein distance, bounded: names one or two letters apart are one name spelled two ways. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

const capitalised = (s: string) => [...s.matchAll(/(?<![\p{L}'’])([\p{Lu}][\p{Ll}'’-]+)(?![\p{L}])/gu)].map((m) => m[1].replace(/['’]s$/, '')).filter((w) => w.length >= 3 && !NOT_NAMES.has(w.toLowerCase()) && !SIGNAL.test(w));

function corrected(target: MemoryCandidate, value: string, replaces: string, evidence: string, extra: Partial<MemoryCandidate> = {}): MemoryCandidate {
  return { ...target, value, op: 'correct', replaces, evidence, confidence: Math.max(target.confidence, 0.9), metadata: { ...(target.metadata ?? {}), valueShape: true }, ...extra };
}

/** A held dated event put on another day: its value kept, the old date recorded. */
function redated(target: MemoryCandidate, when: { iso: string; text: string }, text: string): MemoryCandidate {
  return corrected(target, target.value, String(target.metadata?.dateText ?? target.eventDate), text, { eventDate: when.iso, metadata: { ...(target.metadata ?? {}), dateText: when.text, previousDate: target.eventDate, valueShape: true } });
}

/**
 * The correction a message makes of a held memory by the shape of its value, or null. `prior` are the exchange's
 * earlier candidates (read lazily), most recent first; the speaker's own memories and those of third parties they told of.
 */
export function valueCorrection(text: string, priorOf: () => MemoryCandidate[], ref: Date, speaker = 'user'): MemoryCandidate | null {
  // "Miso!! not Tempeh.": a "not OLD" after the value's own exclamation belongs to its sentence.
  const sentences = text.replace(/^(\s*\*?[\p{Lu}][\p{L}'’-]+\*?)[!.]+\s+(?=not\s)/u, '$1 ').split(/(?<=[.!?])\s+/);
  // "47?? I'm 41.": the old value echoed on its own, then the new one — read the two as one, the echo as the old value.
  const echo = sentences.length > 1 ? /^\s*(\d{1,3}|[\p{Lu}][\p{L}'’-]+)\s*[?!]+\s*$/u.exec(sentences[0])?.[1] ?? null : null;
  const first = echo ? `${sentences[0]} ${sentences[1]}` : sentences[0];
  const starred = STARRED.exec(first);
  const opening = OPENING.exec(text)?.[1] ?? starred?.[1] ?? starred?.[2] ?? null;
  const signal = SIGNAL.test(text);
  // "they've moved it to the 8th": a date changed is put right the same way.
  const moved = MOVED.test(text);
  const signalled = signal || moved || opening !== null || NOT_VALUE.test(first) || echo !== null;
  // The earlier turns are read only for a signalled message (reading them costs an extraction per turn).
  if (!signalled) return null;
  // …and only when the first sentence carries a value of a shape this reads: a day, a number, a name.
  if (first.search(ORDINAL) < 0 && first.search(NUMBER) < 0 && capitalised(first).length === 0) return null;
  const prior = priorOf();
  if (prior.length === 0) return null;
  // The speaker's own memories before those of the people they told of (a trip before the friend's wedding on it).
  const live = prior.filter((p) => p.op === 'assert' || p.op === 'correct');
  const held = [...live.filter((p) => p.subject === speaker), ...live.filter((p) => p.subject !== speaker)];
  const notOld = /\bnot\s+(?:the\s+)?([\p{L}\d'’-]+)/iu.exec(first)?.[1]?.replace(/['’]s$/, '') ?? echo;

  // "moved from thursday the 26th to tuesday 1 december": the new day is the one after "to", the old one after "from".
  const fromTo = moved ? /\bfrom\s+(.+?)\s+to\s+(.+?)(?=\s*(?:[,.;!?]|$))/i.exec(first) : null;
  if (fromTo) {
    const events = held.filter((p) => p.type === 'event' && p.eventDate);
    const was = resolveDate(fromTo[1], ref, true);
    const when = resolveDate(fromTo[2], ref, true);
    const target = (was ? events.find((p) => p.eventDate!.slice(0, 10) === was.iso.slice(0, 10)) : undefined) ?? (events.length === 1 ? events[0] : undefined);
    if (target && when && when.precision === 'day' && target.eventDate!.slice(0, 10) !== when.iso.slice(0, 10)) return redated(target, when, text);
  }
  // A day of the month: the held dated event whose day is the old one (or the one dated event held).
  const days = [...first.matchAll(ORDINAL)].map((m) => Number(m[1]));
  if (days.length > 0) {
    const wrong = /\b(\d{1,2})(?:st|nd|rd|th)\s+(?:was|is)\s+wrong\b/i.exec(first);
    const oldDay = wrong ? Number(wrong[1]) : notOld && /^\d/.test(notOld) ? parseInt(notOld, 10) : days.length > 1 ? days[days.length - 1] : null;
    const newDay = days.find((d) => d !== oldDay);
    const events = held.filter((p) => p.type === 'event' && p.eventDate);
    const target = oldDay !== null ? events.find((p) => Number(p.eventDate!.slice(8, 10)) === oldDay) : events.length === 1 ? events[0] : undefined;
    const when = newDay !== undefined ? resolveDate(`the ${newDay}${['th', 'st', 'nd', 'rd'][newDay % 10 > 3 || [11, 12, 13].includes(newDay) ? 0 : newDay % 10]}`, ref, true) : null;
    if (target && when) return redated(target, when, text);
    return null;
  }

  // A number: the held age, of the third party a pronoun points to, else the speaker's.
  const numbers = [...first.matchAll(NUMBER)].map((m) => m[1]).filter((x) => x !== echo);
  if (numbers.length > 0 && (opening === numbers[0] || signal || NOT_VALUE.test(first) || echo !== null)) {
    const n = numbers[0];
    const ages = held.filter((p) => p.key === 'age' && /^\d{1,3}$/.test(p.value.trim()) && p.value.trim() !== n);
    // "Eamon's 10 actually": a held third party named before the number is whose age it is.
    const named = capitalised(first.slice(0, first.indexOf(n))).map((w) => w.toLowerCase());
    const whose = ages.find((p) => p.subject !== speaker && named.some((w) => p.subject.split(' ').pop() === w));
    const wantThird = THIRD.test(first);
    const target = whose ?? ages.find((p) => (p.subject !== 'user') === wantThird && (wantThird ? true : p.subject === prior.find((q) => q.key === 'age')?.subject));
    // Close to the held age, or the held age named after "not" ("39 not 29").
    // …or its digits swapped ("34" → "43").
    const swapped = n.length === 2 && [...n].reverse().join('') === target?.value.trim();
    if (target && (Math.abs(Number(target.value) - Number(n)) <= 3 || notOld === target.value.trim() || swapped)) return corrected(target, n, target.value, text);
  }

  // A weekday or a full date ("the knee scan's Wednesday", "the eye clinic is Thursday 22 October"): the held dated
  // event the sentence names by a word of its value, else the one dated event held.
  const when = (signal || moved) && !/\d{1,3}\s*(?:years?|yrs?)\b/i.test(first) ? resolveDate(first, ref, true) : null;
  if (when && when.precision === 'day') {
    const events = held.filter((p) => p.type === 'event' && p.eventDate);
    const words = new Set(first.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4));
    const target = events.find((p) => p.value.toLowerCase().split(/[^\p{L}]+/u).some((w) => w.length >= 4 && words.has(w))) ?? (events.length === 1 ? events[0] : undefined);
    if (target && target.eventDate !== when.iso) return redated(target, when, text);
  }

  // A name: "X, not OLD" names the held value; else the held name spelled one or two letters apart.
  const names = capitalised(first);
  if (notOld && /^[\p{Lu}]/u.test(notOld)) {
    const nOld = normValue(notOld);
    const target = held.find((p) => p.type !== 'event' && normValue(p.value).includes(nOld));
    // The new value is the name nearest before "not" ("I work at Canva, not Atlassian", "sorry, Tesco, not …").
    const before = capitalised(first.slice(0, first.search(/\bnot\b/i)));
    const fresh = [...before].reverse().find((w) => normValue(w) !== nOld);
    if (target && fresh) return corrected(target, target.value.replace(new RegExp(notOld.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + "(?:['’]s)?", 'i'), fresh), notOld, text);
  }
  for (const w of names) {
    for (const p of held) {
      const old = capitalised(p.value).find((v) => v !== w && v[0] === w[0] && distance(v.toLowerCase(), w.toLowerCase()) <= 2 && Math.min(v.length, w.length) >= 4);
      if (old) return corrected(p, p.value.replace(old, w), old, text, typeof p.metadata?.name === 'string' ? { metadata: { ...p.metadata, name: w, valueShape: true } } : {});
    }
  }
  // A bare or starred name that is the whole correction ("*Sorcha, sorry"): the latest held name with its initial,
  // when it is the only one (a slip of the same name, however far the spelling).
  const bare = starred ? (starred[1] ?? starred[2]) : opening && /^[\p{Lu}]/u.test(opening) ? opening : null;
  if (bare && !NOT_NAMES.has(bare.toLowerCase())) {
    const namedHeld = held.filter((p) => typeof p.metadata?.name === 'string' && p.metadata.name !== bare && (p.metadata.name as string)[0] === bare[0]);
    const distinct = new Set(namedHeld.map((p) => p.metadata!.name as string));
    if (distinct.size === 1) {
      const p = namedHeld[0];
      const old = p.metadata!.name as string;
      return corrected(p, p.value.replace(old, bare), old, text, { metadata: { ...p.metadata, name: bare, valueShape: true } });
    }
  }
  return null;
}
