/**
 * @module core/lexicon/places
 * Place containment from the lexicon: the regions and countries a named place lies in
 * ("Cork" → Munster, Ireland; "Kyoto" → Honshu, Japan), by walking part holonyms from the
 * word's first noun sense when that sense is a location. Pure: the lexicon is passed in.
 */
import type { LexSense, Lexicon } from '../ports.ts';

/** How many "part of" steps to follow (city → region → country → continent). */
export const PLACE_DEPTH = 3;

/** Noun senses read for a capitalised word (a name): "Cork" the city is the third sense of "cork". */
export const NAME_SENSES = 3;

/** Words too common to stand for a place in an index ("south", "west", "state"). */
export const PLACE_MAX_COMMONNESS = 0.6;

/** Words of a longer place name must be rarer still ("state", "city", "south" name places too). */
export const PLACE_WORD_MAX_COMMONNESS = 0.2;

/** A word that names a place by its first noun sense and is no everyday word ("york", "wales"; not "new", "states", "city"). */
export function isPlaceWord(lex: Lexicon, word: string): boolean {
  return word.length >= 3 && lex.senses(word, 'noun', 1)[0]?.lexClass === 'noun.location' && (lex.commonness?.(word) ?? 0) <= PLACE_WORD_MAX_COMMONNESS;
}

/**
 * A holonym's name worth indexing: a location by its own first sense, written as a word of three
 * letters or more (no "ill.", "tex.", "us"), and not an everyday word.
 */
function indexableName(lex: Lexicon, name: string): boolean {
  // Three letters at least: "us" is also the pronoun, "ma" a mother.
  if (!/^[a-z][a-z' -]*[a-z]$/.test(name) || name.length < 3) return false;
  if (lex.senses(name, 'noun', 1)[0]?.lexClass !== 'noun.location') return false;
  return name.includes(' ') || (lex.commonness?.(name) ?? 0) <= PLACE_MAX_COMMONNESS;
}

/**
 * Names of the places `word` lies in, nearest first (lower case, multi-word names kept whole).
 * A lower-case word counts only when its first noun sense is a location; a name (`capitalised`)
 * by its location senses among the first NAME_SENSES. [] when none, or the lexicon has no holonyms.
 */
export function placesContaining(lex: Lexicon, word: string, opts: { capitalised?: boolean; maxDepth?: number } = {}): string[] {
  const starts = lex.senses(word, 'noun', opts.capitalised ? NAME_SENSES : 1).filter((s) => s.lexClass === 'noun.location');
  const out: string[] = [];
  for (const h of locationHolonyms(lex, starts, opts.maxDepth ?? PLACE_DEPTH)) for (const l of h.lemmas) if (!out.includes(l) && indexableName(lex, l)) out.push(l);
  return out;
}

/**
 * The location senses the `starts` lie in by part holonyms, nearest first (breadth first, each sense once, at most
 * `maxDepth` steps): a city's region and country, a landmark's city (frames/landmark.ts). [] without holonyms.
 */
export function locationHolonyms(lex: Lexicon, starts: readonly LexSense[], maxDepth: number): LexSense[] {
  if (!lex.partHolonyms || starts.length === 0) return [];
  const out: LexSense[] = [];
  const seen = new Set(starts.map((s) => s.id));
  let frontier: readonly LexSense[] = starts;
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: LexSense[] = [];
    for (const sense of frontier) {
      for (const h of lex.partHolonyms(sense.id)) {
        if (seen.has(h.id) || h.lexClass !== 'noun.location') continue;
        seen.add(h.id);
        next.push(h);
      }
    }
    out.push(...next);
    frontier = next;
  }
  return out;
}
