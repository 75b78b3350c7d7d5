/**
 * @module core/extraction/frames/landmark
 * Where the speaker lives, told by a landmark seen from home or passed on a daily round: "from my balcony I can see
 * the Golden Gate Bridge", "walk past Big Ben every morning" → the city the lexicon holds the landmark to be part of
 * (WordNet part holonyms: Big Ben → London), implied. A landmark the lexicon does not hold, or one that lies in no
 * city (a mountain in a country), gives nothing; a landmark visited once ("saw the Eiffel Tower on holiday") has no cue.
 * The cues are data (LANDMARK_CUES); the lexicon decides what is a landmark and where it is. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { runAt } from '../word-runs.ts';
import { perTurn } from '../turn-memo.ts';
import { locationHolonyms } from '../../lexicon/places.ts';
import { LANDMARK_CUES } from './table.ts';

/** Lexicographer classes of a landmark: a building or structure, a natural object, a named place within a city. */
const LANDMARK_CLASSES = new Set(['noun.artifact', 'noun.object', 'noun.location']);
/** A capitalised run of one to three words ("Big Ben", "the Golden Gate Bridge"). */
const NAMED = /(?<![\p{L}])([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+){0,3})/gu;

/** Whether the sentence tells of the speaker's home view, daily round or own city (asked once per sentence a turn: every clause of it asks). */
const hasCue: (sentence: string) => boolean = perTurn(hasCueUncached);
export function hasCueUncached(sentence: string): boolean {
  const words = sentence.toLowerCase().replace(/[^\p{L}\s']+/gu, ' ').split(/\s+/).filter(Boolean);
  // Each cue is a run of words: only a word that opens one of them can start it (CUE_STARTS), so the other words are
  // passed over without trying every run at them. The same answer as trying every run at every word.
  for (let i = 0; i < words.length; i++) {
    const runs = CUE_STARTS.get(words[i]);
    if (!runs) continue;
    for (const { run, view } of runs) if (runAt(words, run, i) && (!view || HOMES.has(words[i + run.length] ?? ''))) return true;
  }
  return false;
}

/** The cue runs by their first word (no run starts with '#'): a round or own-city run is a cue by itself, a view run needs a home word after it. */
const CUE_STARTS = new Map<string, Array<{ run: readonly string[]; view: boolean }>>();
for (const [runs, view] of [[LANDMARK_CUES.rounds, false], [LANDMARK_CUES.own, false], [LANDMARK_CUES.views, true]] as const)
  for (const run of runs as readonly (readonly string[])[]) {
    if (run[0] === '#') throw new Error('a landmark cue run may not open with a number');
    const list = CUE_STARTS.get(run[0]) ?? [];
    list.push({ run, view });
    CUE_STARTS.set(run[0], list);
  }
const HOMES: ReadonlySet<string> = new Set(LANDMARK_CUES.homes);

/** The city a landmark lies in, by the lexicon's part holonyms (two steps at most), title-cased; null when none. */
export function landmarkCity(phrase: string, lex: Lexicon): string | null {
  if (!lex.partHolonyms) return null;
  const senses = lex.senses(phrase.toLowerCase(), 'noun', 2).filter((s) => LANDMARK_CLASSES.has(s.lexClass));
  for (const sense of senses) {
    // A city itself is no landmark of one.
    if (sense.lemmas.some((l) => lex.isA(l, 'city', { pos: 'noun', maxSenses: 1, maxDepth: 3 }))) continue;
    const city = locationHolonyms(lex, [sense], 2).find((h) => lex.isA(h.lemmas[0], 'city', { pos: 'noun', maxSenses: 1, maxDepth: 3 }));
    if (city) return city.lemmas[0].replace(/\b[\p{Ll}]/gu, (c) => c.toUpperCase());
  }
  return null;
}

/** The speaker's city from a landmark in a sentence with a home or daily cue, or none. */
export function landmarkDrafts(sentence: string, speaker: string, lex: Lexicon | undefined): Draft[] {
  if (!lex?.partHolonyms || !hasCue(sentence)) return [];
  for (const m of sentence.matchAll(NAMED)) {
    const words = m[1].split(/\s+/);
    // The longest run the lexicon holds first ("Golden Gate Bridge" before "Golden Gate").
    for (let n = words.length; n >= 1; n--) {
      const city = landmarkCity(words.slice(0, n).join(' '), lex);
      if (city) return [{ key: 'location', value: city, implicit: true, subject: speaker, confidence: 0.6, metadata: { landmark: words.slice(0, n).join(' '), frame: 'landmark×home' } }];
    }
  }
  return [];
}
