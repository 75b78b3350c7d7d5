/**
 * @module core/extraction/rules/corrections
 * Corrections, in the same sentence ("I live in Bristol — wait, no, Bath"), in a later
 * sentence or turn ("Actually, not Tuesday — Wednesday", "Sorry, I meant Lisbon", "I work at
 * Canva, not Atlassian"). A correction re-states the candidate it corrects with op `correct`
 * and `replaces` set to the old value, so reconciliation replaces exactly that memory.
 */
import type { MemoryCandidate } from '../../types.ts';
import { resolveDate } from '../dates.ts';
import { normValue } from '../values.ts';

export interface CorrectionCue {
  /** The statement to extract normally, if any ("I work at Canva"). */
  body: string;
  oldValue: string | null;
  newValue: string | null;
  /** Same-sentence correction: the body carries the wrong value. */
  inline: boolean;
  /** The body only names what is corrected ("the Lisbon trip"), it states no value. */
  subjectOnly?: boolean;
  /** `newValue` is a bare value (a name, a number) that replaces `oldValue` in whatever memory holds it. */
  bare?: boolean;
}

/** Interjections that may open a correction but never make one on their own ("Oh no, that's rough", "No way!"). */
const FILLERS = String.raw`oh|ah|um|uh|hmm|no|nope`;
/** Words that do signal a correction. */
const CUES = String.raw`actually|sorry|oops|correction(?:\s+(?:from\s+earlier|to\s+(?:that|what\s+I\s+said)))?|wait|my\s+bad|scratch\s+that|I\s+mean|to\s+correct\s+myself|let\s+me\s+correct\s+that|typo|earlier`;
const MARKERS = new RegExp(String.raw`^(?:(?:${FILLERS})\b\s*[,:;!.—–-]*\s*)*(?:(?:${CUES})\b\s*[,:;!.—–-]*\s*)(?:(?:${FILLERS}|${CUES})\b\s*[,:;!.—–-]*\s*)*`, 'i');
/**
 * An afterthought that trails a correction ("…, not Porto — I always mix them up", "…, Just Eat, I keep
 * saying my old company", "… (my bad)"): its own first-person comment, not part of the corrected value.
 */
const AFTERTHOUGHT = /\s*(?:\s[—–-]+\s|--|[,;(])\s*(?:I\s+(?:always|keep|kept|still|just|was|meant\s+to\s+say|get|got|mix|mixed|confuse|confused|think|thought)|my\s+(?:bad|mistake|brain)|silly\s+me|lol|haha|autocorrect|brain\s+fart)\b[^.!?]*[.!?)]*\s*$/i;

/** "we're in Boulder" → "Boulder": the new value without the restated pronoun and copula. */
function cleanNew(v: string): string {
  return v
    .replace(/^(?:(?:we|I|they|he|she|it)\s*(?:'re|'m|'s|’re|’m|’s|\s+are|\s+am|\s+is|\s+live|\s+work|\s+moved)|it\s+is|it's|that\s+is|that's)\s+(?:now\s+)?(?:(?:living|based|located)\s+)?(?:on\s+|in\s+|at\s+|to\s+)?/i, '')
    // "Boulder, it's just outside Denver": the value ends at the first clause break.
    .replace(/\s*(?:[,;(]|\s[—–-]\s|\s(?:but|and|which|it's|it is)\s).*$/i, '')
    .replace(/\s+(?:now|actually|instead)$/i, '')
    .trim();
}

/** A bare new value must look like one: a name, a number or a date ("Lisbon", "the 15th"), not "rough". */
const looksLikeValue = (v: string): boolean => /^(?:the\s+|on\s+|in\s+|at\s+)?[\p{Lu}\p{N}]/u.test(v);

/** A name as written: capitalised ("Momo", "O'Neill", "Anne-Marie"). */
const NAME_WORD = String.raw`\p{Lu}[\p{L}'’-]*`;
/** Whose name: "her name", "my dog's name", "the kitten's name", "my name". */
const WHOSE = String.raw`(?:[Hh]er|[Hh]is|[Ii]ts|[Tt]heir|[Mm]y|(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+(?:'s|’s))\s+name`;
/** Who is called: "she is called", "he goes by", "my dog is called". */
const CALLED = String.raw`(?:[Ss]he|[Hh]e|[Ii]t|[Tt]hey|(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:is|are)`;
const NAME_END = String.raw`(?=\s*(?:[,.;!?)]|\s[-–—]|$))`;
/**
 * A correction of a name: "her name is Momo, not Mochi", "my nephew's name is Teo, not Theo", "she goes by Liz, not
 * Beth", and the reverse "his name is not Sam, it is Stan". Old and new value are the two names; a comment after them
 * ("— Mochi was my old roommate's cat") is part of neither. No correction marker is needed: the "not" makes it one.
 */
const NAME_FIX = new RegExp(
  String.raw`((?:${WHOSE}(?:\s+is|'s|’s)|${CALLED}\s+(?:called|named)|(?:[Ss]he|[Hh]e|[Tt]hey)\s+goes?\s+by)\s+(${NAME_WORD}))\s*(?:,|;|\s[-–—]+|\.\.\.)?\s*(?:and\s+)?not\s+(${NAME_WORD})${NAME_END}`,
  'u',
);
const NAME_FIX_REVERSED = new RegExp(
  String.raw`(?:${WHOSE}\s+is\s+not|${CALLED}\s+not\s+(?:called|named))\s+(${NAME_WORD})\s*(?:,|;|\s[-–—]+)\s*(?:(?:it|she|he|they)\s+(?:is|are)\s+|it's\s+|but\s+|rather\s+)(${NAME_WORD})${NAME_END}`,
  'u',
);

/** The value a statement ends on after its copula: "my time was 2:15" → "2:15". */
const COPULA_VALUE = /\b(?:is|am|was|are|were|will\s+be)\s+(?:(?:actually|really|only|just)\s+)?(?:on\s+|in\s+|at\s+)?(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}:.'’\/%-]*(?:\s+[\p{L}\p{N}:.'’\/%-]+){0,2})$/iu;
/** Two values of one kind: both with digits (times, scores, dates) or both capitalised (names, places). */
const sameShape = (a: string, b: string): boolean => (/\d/.test(a) && /\d/.test(b)) || (/^[\p{Lu}]/u.test(a) && /^[\p{Lu}]/u.test(b));

const COUNT = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)`;
const COUNTED_NOUN = new RegExp(`^(${COUNT})\\s+(\\p{L}[\\p{L}\\s-]*)$`, 'iu');
const BARE_COUNT = new RegExp(`^${COUNT}$`, 'i');
/** "not two dogs, three": a counted noun corrected by a bare count keeps its noun ("three dogs" replaces "dogs"). */
function countFix(cue: CorrectionCue): CorrectionCue {
  const o = COUNTED_NOUN.exec(cue.oldValue ?? '');
  const n = BARE_COUNT.exec(cue.newValue ?? '');
  return o && n ? { ...cue, oldValue: o[2].trim(), newValue: `${n[0]} ${o[2].trim()}`, bare: true } : cue;
}

/**
 * A slip the speaker owns ("I typed Anna but it's Hannah", "I wrote 2019 but it was 2020") or a value taken back in
 * mid-sentence ("Porto, sorry, Lisbon", "Tuesday, I mean Wednesday"): two values of one shape, the second replaces the
 * first wherever the speaker's memories hold it.
 */
const SLIP = /^(?:(?:sorry|oops|whoops|wait|actually|ah|oh|ugh|argh|my\s+bad|(?:just\s+)?(?:realised|realized|noticed))[\s,!.…-]+)*(?:I\s+)?(?:typed|wrote|said|put|spelled|spelt|misspelled|got)\s+(?:it\s+as\s+)?([\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+(?!(?:earlier|before|above|there|by|lol|haha|lmao|oops)\b)[\p{L}\p{N}'’-]+)?)(?:\s+(?:earlier|before|above|there|by\s+mistake))?(?:\s*,?\s+but\s+(?:it\s+is|it's|its|it\s+was|it\s+should\s+be|the\s+right\s+one\s+is|I\s+meant|(?:I\s+am|I'm|it\s+is|it's)\s+actually)|\s*[,;—–-]\s*(?:I\s+am|I'm|it\s+is|it's)\s+actually)\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+(?!(?:earlier|before|above|there|by|lol|haha|lmao|oops)\b)[\p{L}\p{N}'’-]+)?)(?:\s+(?:lol|haha|lmao|oops))?\s*[.!]?$/iu;
const TAKEN_BACK = /^([\p{Lu}\p{N}][\p{L}\p{N}'’:.-]*(?:\s+[\p{L}\p{N}'’:.-]+)?)\s*,?\s*(?:sorry|I\s+mean|I\s+meant|no\s+wait|wait|oops|er|um)\s*[,.!]*\s*([\p{Lu}\p{N}][\p{L}\p{N}'’:.-]*(?:\s+[\p{L}\p{N}'’:.-]+)?)\s*[.!]?$/u;

/** What follows "not" in an aside rather than in a correction. */
const ASIDE_NOT = /^(?:that|sure|really|any\s?more|any\s+longer|gonna|going|too|so|quite|exactly|necessarily|just|only|even|yet|much|a\s+(?:fan|lot|bit))\b/i;

/** Words that open a correction or a reply, never a value taken back ("Sorry, I meant Lisbon"). */
const NOT_A_VALUE = new Set(['sorry', 'oops', 'wait', 'actually', 'no', 'yes', 'ok', 'okay', 'i', 'my', 'so', 'oh', 'ah', 'um', 'er', 'well', 'hmm']);

/** Recognises a correction and splits it into what to re-extract, the old and the new value. */
export function detectCorrection(sentence: string): CorrectionCue | null {
  // Chat marks a fix with a leading asterisk ("*Hugh not Hugo"): a correction marker like "sorry".
  const cue = detectCue(sentence.replace(/^\s*\*\s*(?=\S)/, 'sorry, '));
  return cue ? countFix(cue) : null;
}

/** "I said I work at Aviva, I meant Admiral": the statement as said, the value said and the value meant. */
const SAID_MEANT = /\bI\s+(?:said|wrote|typed|put|told\s+you)\s+(?:that\s+)?(.+?\b([\p{Lu}][\p{L}'’&-]*(?:\s+[\p{Lu}][\p{L}'’&-]*)?))\s*(?:,|;|\s[—–-])?\s*(?:but\s+)?I\s+meant\s+(?:to\s+say\s+)?([\p{Lu}][\p{L}'’&-]*(?:\s+[\p{Lu}][\p{L}'’&-]*)?)\b/u;
/** "I'm in Portsmouth not Plymouth", "my partner is called Dylan not Dillon": two names, no comma, the second taken back. */
const NAME_NOT_NAME = /^(.*?\b([\p{Lu}][\p{L}'’-]+))\s+not\s+([\p{Lu}][\p{L}'’-]+)\b/u;

function detectCue(sentence: string): CorrectionCue | null {
  const said = SAID_MEANT.exec(sentence);
  if (said && normValue(said[2]) !== normValue(said[3])) {
    const body = said[1].slice(0, said[1].length - said[2].length) + said[3];
    return { body: /\b(?:I|my|we|our)\b/.test(body) ? body : '', oldValue: said[2], newValue: said[3], inline: false, ...(/\b(?:I|my|we|our)\b/.test(body) ? {} : { bare: true }) };
  }
  const slip = SLIP.exec(sentence.trim()) ?? TAKEN_BACK.exec(sentence.trim());
  const lead = slip?.[1].split(/\s+/)[0].toLowerCase() ?? '';
  if (slip && !NOT_A_VALUE.has(lead) && normValue(slip[1]) !== normValue(slip[2]) && sameShape(slip[1], slip[2])) return { body: '', oldValue: slip[1], newValue: slip[2], inline: false, bare: true };
  // The statement is still read ("my dog is called Bo" is a pet); when it states nothing by itself ("her name is
  // Momo"), the new name replaces the old one wherever the speaker's memories have it.
  // Someone else's words ("my colleague said the new hire's name is Jo, not Joanna") correct nothing of the speaker's.
  const reported = (at: number) => /\b(?:said|says|told|tells|thinks|thought|heard|claims|claimed|reckons|insists)\b/i.test(sentence.slice(0, at));
  const named = NAME_FIX.exec(sentence);
  if (named && named[2] !== named[3] && !reported(named.index)) return { body: named[1], oldValue: named[3], newValue: named[2], inline: false, bare: true };
  const renamed = NAME_FIX_REVERSED.exec(sentence);
  if (renamed && renamed[1] !== renamed[2] && !reported(renamed.index)) return { body: '', oldValue: renamed[1], newValue: renamed[2], inline: false, bare: true };
  const whole = sentence.trim().replace(/\s+/g, ' ');
  const cut = whole.replace(AFTERTHOUGHT, '');
  // The afterthought is only dropped when what remains is still a correction; a plain statement keeps its words.
  const s = cut !== whole && cut.split(/\s+/).length >= 2 ? cut : whole;
  const inline = /^((?:.*?\b)?(?:I|my|we|our)\b.+?)\s*(?:—|–|--|-|,|\.\.\.)\s*(?:wait|no|sorry|oops|I\s+mean)\b[,!.\s]+(?:(?:no|wait|sorry|I\s+mean|I\s+meant|actually)\b[,!.\s]+)*(?:it\s+is\s+|in\s+|at\s+)?([\p{L}\p{N}][\p{L}\p{N}\s'’-]{0,40}?)\s*[.!]?$/iu.exec(s);
  if (inline && !MARKERS.test(s)) return { body: inline[1], oldValue: null, newValue: inline[2].trim(), inline: true };
  const marked = MARKERS.test(s);
  let rest = s.replace(MARKERS, '').trim();
  const meant = /^I\s+meant?\s+(?:to\s+say\s+)?/i;
  const hadMeant = meant.test(rest) || /\bI\s+meant\b/i.test(rest);
  let m: RegExpExecArray | null;
  // "not doing pilates anymore, the studio closed": a negated doing, not a value taken back.
  if ((m = /^not\s+(?:the\s+)?(.+?)\s*(?:—|–|--|-|,|;|:)\s*(?:it\s+is\s+|it's\s+)?(?:on\s+|in\s+|at\s+)?(.+?)\s*[.!]?$/i.exec(rest)) && !/^[\p{L}]+ing\b|\bany\s?more\b|\bany\s+longer\b/iu.test(m[1]) && !(/^\d{1,3}$/.test(m[1].trim()) && !/\d/.test(m[2]))) return { body: '', oldValue: m[1].replace(/\s+(?:lol|haha|ha|lmao|oops|sorry|obviously)$/i, '').trim(), newValue: cleanNew(m[2].trim()), inline: false };
  // "the Lisbon trip is not June 14 — it is June 21 now, the flight got moved"
  if ((m = /^(.+?)\s+(?:is|was|are)\s+not\s+(?:on\s+|in\s+|at\s+)?(?:the\s+)?(.+?)\s*(?:—|–|--|-|,|;)\s*(?:it\s+is|it's|but|rather)?\s*(?:on\s+|in\s+|at\s+)?(?:the\s+)?(.+?)(?:\s+now)?\s*(?:[,.!;].*)?$/i.exec(rest)) && marked)
    return { body: m[1].trim(), oldValue: m[2].trim(), newValue: m[3].trim(), inline: false, subjectOnly: true };
  // Chat drops the comma when a correction cue is there: "oops its actually friday not thursday" (a short new value).
  if (
    ((m = /^(.*?)\s*,\s*not\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\s'’:\/%.-]{0,40}?)\s*[.!]?$/iu.exec(rest)) && (marked || hadMeant || /\b(?:I|my|it)\b/.test(m[1]))) ||
    ((m = /^((?:it\s+is\s+|it's\s+)?(?:on\s+|in\s+|at\s+)?(?:the\s+)?[\p{L}\p{N}][\p{L}\p{N}'’:\/.-]*(?:\s+[\p{L}\p{N}'’:\/.-]+)?)\s+not\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}\s'’:\/%.-]{0,40}?)\s*[.!]?$/iu.exec(rest)) && (marked || hadMeant))
  ) {
    // ", not that it matters", ", not sure why", ", not anymore": an aside, not a value taken back.
    if (ASIDE_NOT.test(m[2])) return null;
    rest = m[1].trim();
    const newValue = rest.replace(meant, '').replace(/^(?:it\s+is|it's|that\s+is)\s+(?:on\s+|in\s+|at\s+)?/i, '').trim().replace(/[.!]+$/, '');
    const oldValue = m[2].trim();
    // "my half marathon time was 2:15, not 2:05", "the party is at Sam's, not Tom's": the value after the copula,
    // of the old value's shape, is what replaces it (not the whole statement).
    const after = COPULA_VALUE.exec(newValue);
    const bare = after !== null && after[1].split(/\s+/).length <= oldValue.split(/\s+/).length + 1 && sameShape(after[1], oldValue);
    return { body: meant.test(rest) ? '' : rest, oldValue, newValue: (bare ? after[1] : newValue) || null, inline: false, ...(bare ? { bare } : {}) };
  }
  // No comma and no marker, but two names: "I'm in Portsmouth not Plymouth" (the name before "not" is the new value).
  const pair = NAME_NOT_NAME.exec(rest);
  if (pair && normValue(pair[2]) !== normValue(pair[3]) && !reported(pair.index + pair[1].length) && (marked || /\b(?:I|my|we|our)\b|^[\p{Lu}][\p{L}'’-]+$/u.test(pair[1]))) {
    const body = pair[1].trim();
    return /\b(?:I|my|we|our)\b/.test(body) ? { body, oldValue: pair[3], newValue: pair[2], inline: false } : { body: '', oldValue: pair[3], newValue: pair[2], inline: false, bare: true };
  }
  if (!marked && !hadMeant) return null;
  // "Actually, I just took my family camping" is a discourse marker, not a correction.
  const strong = /^(?:(?:oh|ah|um|uh|hmm)\b[,!.]?\s*)*(?:sorry|oops|correction|wait|no|nope|my\s+bad|scratch\s+that|I\s+mean|to\s+correct\s+myself|let\s+me\s+correct\s+that|typo)\b/i.test(s);
  if (hadMeant) {
    const nv = rest.replace(/^.*?\bI\s+meant?\s+(?:to\s+say\s+)?/i, '').replace(/\s*[,;.!].*$/, '').trim();
    return { body: '', oldValue: null, newValue: nv, inline: false };
  }
  // "Actually, it's on the 15th." / "Sorry, Lisbon." — short bodies are the new value.
  const short = rest.replace(/^(?:it\s+is|it's|that\s+is)\s+(?:on\s+|in\s+|at\s+)?/i, '').replace(/[.!]+$/, '').trim();
  if (short.split(/\s+/).length <= 3 && !/\b(?:I|we)\b/.test(rest) && looksLikeValue(short)) return { body: '', oldValue: null, newValue: short, inline: false };
  return strong ? { body: rest, oldValue: null, newValue: null, inline: false } : null;
}

/** A day of the month said without its month or year: "the 19th", "Thursday the 19th". */
const DAY_OF_MONTH_ONLY = /^(?![^]*\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)(?![^]*\b\d{4}\b)[^]*\b\d{1,2}(?:st|nd|rd|th)\b/i;

const lastProper = (s: string): string | null => {
  const m = [...s.matchAll(/[\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)*/gu)].pop();
  return m ? m[0] : null;
};

/**
 * Builds the corrected candidate from the prior candidate it targets (newest first), or null.
 * `ref` resolves a corrected date ("Wednesday") for events.
 */
export function applyCorrection(cue: CorrectionCue, prior: MemoryCandidate[], ref: Date, evidence: string): MemoryCandidate | null {
  if (!cue.newValue) return null;
  const old = cue.oldValue;
  const nOld = old ? normValue(old) : null;
  const pool = prior.filter((p) => p.op !== 'retract' && (nOld !== null || p.type !== 'relation'));
  // A corrected place or name fixes the fact before the event that mentions it ("moved to Denver"):
  // prefer non-event targets unless the new value is a date.
  const newIsDate = resolveDate(cue.newValue, ref, true) !== null;
  const ordered = newIsDate ? pool : [...pool.filter((p) => p.type !== 'event'), ...pool.filter((p) => p.type === 'event')];
  // A memory whose value holds the old value comes before one that only mentions it in its evidence.
  const target = nOld
    ? (ordered.find((p) => normValue(p.value).includes(nOld)) ??
      ordered.find((p) => normValue(String(p.metadata?.dateText ?? '')).includes(nOld) || normValue(p.evidence).includes(nOld)))
    : ordered.find((p) => lastProper(p.value) !== null || p.eventDate);
  if (!target) return null;
  if (nOld && !normValue(target.value).includes(nOld) && !normValue(String(target.metadata?.dateText ?? '')).includes(nOld) && target.type !== 'event') return null;
  const fixed: MemoryCandidate = { ...target, op: 'correct', confidence: 0.9, evidence, metadata: { ...(target.metadata ?? {}) } };
  // "it's Thursday the 19th, not Friday": a day of the month with no month is in the corrected date's month (from its
  // first day, when that is after now), not the next month that has it.
  const monthStart = target.eventDate && DAY_OF_MONTH_ONLY.test(cue.newValue) ? new Date(`${target.eventDate.slice(0, 7)}-01T00:00:00.000Z`) : null;
  const newDate = resolveDate(cue.newValue, monthStart && monthStart.getTime() > ref.getTime() ? monthStart : ref, true);
  const oldIsDate = old ? normValue(String(target.metadata?.dateText ?? '')).includes(nOld!) || resolveDate(old, ref, true) !== null : false;
  if (target.type === 'event' && newDate && (oldIsDate || !old) && !(old && normValue(target.value).includes(nOld!))) {
    fixed.eventDate = newDate.iso;
    fixed.metadata = { ...fixed.metadata, dateText: newDate.text, previousDate: target.eventDate ?? null };
    fixed.replaces = old ?? (target.metadata?.dateText as string | undefined) ?? null;
    return fixed;
  }
  if (old && normValue(target.value).includes(nOld!)) {
    fixed.value = target.value.replace(new RegExp(old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), cue.newValue);
    fixed.replaces = old;
    // A renamed pet or person carries its new name in metadata too.
    if (typeof fixed.metadata?.name === 'string' && normValue(fixed.metadata.name) === nOld) fixed.metadata = { ...fixed.metadata, name: cue.newValue };
    return fixed;
  }
  const p = lastProper(target.value);
  if (p) {
    fixed.value = target.value.replace(p, cue.newValue);
    fixed.replaces = p;
    return fixed;
  }
  fixed.replaces = target.value;
  fixed.value = cue.newValue;
  return fixed;
}
