/**
 * @module core/recall/thing-history
 * An ask about now or next that names a thing of the user's with a history: "Where should I get the tyres put on the
 * Volvo?" after the Volvo was written off and replaced, "Which aisle of the market am I in tomorrow?" after the stall
 * gave way to a shop. The question's other words were never said (the gate finds nothing), but the thing was, in two
 * or more sessions: its turns, newest first, say what became of it, so the answer states the change instead of
 * coming back empty. The thing is a rare noun of the question (or a synonym over its first senses: "kitties" →
 * kitten) or a capitalised name that is not a person's; people, times and quantities are not things. Pure: the caller
 * reads the index (recall.ts thingHistoryOf).
 */
import type { Lexicon } from '../ports.ts';
import type { TurnRecord } from '../types.ts';
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import { askFrameTerms } from './ask.ts';
import { isContinuationAsk } from './sequel.ts';
import { formsWithinDf, namingTurns, synonymForms } from './opinion-reach.ts';
import { mapPacked } from '../packed.ts';

/** Tunables (docs/recall.md, session 16). */
export const HISTORY = {
  /** A thing is rare in the scope: at most this many turns hold it... */
  maxDf: 3,
  /** ...and the user named it in at least this many sessions. */
  minSessions: 2,
  /** Words commoner than this (Lexicon.commonness) are not things. */
  maxCommonness: 0.45,
  /** Senses of a thing word whose same-part-of-speech synonyms name it too. */
  senses: 4,
  /** Turns read from the index for the thing words. */
  read: 12,
};

/** Present or future deixis: the ask is about now or what comes next. */
const NOW_OR_NEXT = /\b(?:tomorrow|tonight|today|this (?:week|weekend|month|morning|afternoon|evening|year)|next (?:week|month|time)|right now)\b/i;

/** The user speaks of themself: a first-person word. */
const FIRST_PERSON = /\b(?:i|me|my|mine|myself|we|us|our|ours|i'm|i've|i'd|i'll|we're)\b/i;

/**
 * An ask about now or next, in the first person: a request (applied), a continuation ask (still, now, these days) or a
 * present/future day. "Recommend a torque wrench" or "Summarise the quarterly earnings" ask about nothing of the user's.
 */
export function asksAboutNow(raw: string, applied: boolean): boolean {
  return FIRST_PERSON.test(raw) && (applied || NOW_OR_NEXT.test(raw) || isContinuationAsk(raw));
}

/** A word in a thing's place: within three words after a definite or possessive determiner, or right after "how many". */
function inThingPlace(ws: readonly string[], i: number): boolean {
  if (ws[i - 1] === 'many' && ws[i - 2] === 'how') return true;
  for (let j = Math.max(0, i - 3); j < i; j++) if (DEFINITE.has(ws[j]!)) return true;
  return false;
}
const DEFINITE = new Set(['the', 'my', 'our', 'your', 'this', 'that']);

/** Lexicographer classes that are not things one has: people, times, quantities, places, feelings. */
const NOT_THINGS = new Set(['noun.person', 'noun.time', 'noun.quantity', 'noun.location', 'noun.feeling', 'noun.cognition', 'noun.communication', 'noun.attribute', 'noun.relation']);

/**
 * The analysed forms of the thing words of a question: its rare nouns with their same-part-of-speech synonyms, and its
 * capitalised names that are not people (`isPerson`), in a thing's place ("the Volvo", "my Saturday class", "how many
 * kittens"; not "a torque wrench"). Frame words and stop words are left out.
 */
export function thingForms(raw: string, lexicon: Pick<Lexicon, 'senses' | 'synonyms' | 'commonness'> | undefined, isPerson: (name: string) => boolean): Set<string> {
  const out = new Set<string>();
  if (!lexicon) return out;
  const frame = askFrameTerms(raw);
  const capitalised = new Set(mapPacked([...raw.matchAll(/(?<!^)(?<![.!?]\s)\b([\p{Lu}][\p{L}'’-]+)/gu)], (m) => m[1]!.toLowerCase()));
  const ws = words(raw).flatMap((x) => x.split('-'));
  for (const [i, w] of ws.entries()) {
    if (STOP_WORDS.has(w) || w.length < 3 || !inThingPlace(ws, i)) continue;
    const t = analyze(w)[0];
    if (!t || frame.has(t)) continue;
    const first = lexicon.senses(w, undefined, 1)[0];
    if (capitalised.has(w)) {
      if (!first && !isPerson(w)) out.add(t);
      continue;
    }
    if (!first || !first.lexClass.startsWith('noun.') || NOT_THINGS.has(first.lexClass) || (lexicon.commonness?.(w) ?? 0) >= HISTORY.maxCommonness) continue;
    out.add(t);
    for (const f of synonymForms(lexicon, w, 'noun', HISTORY.senses)) out.add(f);
  }
  return out;
}

/** The forms rare enough to be a thing (1 ≤ df ≤ HISTORY.maxDf). */
export function rareForms(forms: Iterable<string>, df: Readonly<Record<string, number>>): string[] {
  return formsWithinDf(forms, df, HISTORY.maxDf);
}

/** The user's turns naming one of the forms, newest first, when they span HISTORY.minSessions sessions; else []. */
export function thingTurns(turns: readonly TurnRecord[], forms: ReadonlySet<string>): TurnRecord[] {
  const naming = namingTurns(turns, forms);
  if (new Set(mapPacked(naming, (t) => t.sessionId)).size < HISTORY.minSessions) return [];
  return naming.sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.seq - a.seq);
}
