/**
 * @module core/extraction/frames/residence
 * Where the speaker lives, said by the place of their home or of the people of their home: "my flat in Leeds", "the rent on
 * our apartment in Wellington", "my landlord in Phoenix", "my neighbours here in Adelaide". The clause shape: a first-person
 * possessive, a noun of residence, then "in" (or "here in") and a proper place. Whose clause it is does not matter ("the damp in
 * our apartment in X is getting worse" has the damp as its subject): the possessive says whose home it is.
 * A noun of residence is a dwelling or a building of dwellings by the lexicon's first sense (house, apartment, condo, cottage, tenement…), a closed compound ending in
 * one ("townhouse"), or one of RESIDENCE_NOUNS: the home words WordNet ranks behind another sense ("flat", "place") and the
 * people a home comes with (landlord, flatmate, neighbours).
 * Not read: a home that is not the current one (SECOND_HOMES: "our old house in Perth", "the holiday home in Spain"), a home
 * given up in the sentence ("we sold our house in Boston"), a trip, a wish or a condition.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { properSpan } from '../values.ts';

/** The commonest homes (read without a lexicon too), home words WordNet ranks behind another first sense, and the people a home comes with. */
export const RESIDENCE_NOUNS: readonly string[] = ['house', 'apartment', 'condo', 'flat', 'home', 'place', 'studio', 'unit', 'neighbourhood', 'neighborhood', 'landlord', 'landlady', 'flatmate', 'flatmates', 'housemate', 'housemates', 'roommate', 'roommates', 'neighbour', 'neighbours', 'neighbor', 'neighbors'];
/** Modifiers of a home that is not where the speaker lives now. */
export const SECOND_HOMES: readonly string[] = ['old', 'former', 'previous', 'last', 'childhood', 'holiday', 'summer', 'weekend', 'beach', 'dream', 'future', 'first', 'student', 'uni', 'family', 'parents', 'second', 'ex'];

const RESIDENCE = /\b(?:[Mm]y|[Oo]ur)\s+((?:[\p{Ll}'’-]+\s+){0,2}?)([\p{Ll}]+)\s+(?:(?:here|over|out|up|down|back)\s+)?in\s+([\p{Lu}].*)/gu;
/** A home given up, a trip, a wish or a condition in the same sentence. */
const NOT_CURRENT = /\b(?:sold|sell|selling|left|leave|leaving|moved\s+out|moving\s+out|move\s+out|vacat\w*|gave\s+up|giving\s+up|used\s+to|lived|visit\w*|holiday|vacation|trip|stay(?:ed|ing)|hotel|airbnb|if|would|wish|dream\w*|imagine|someday|one\s+day)\b/i;
const DAYS_MONTHS = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/** Whether the lexicon (first sense) or the word's form says the noun is a home, or it is one of RESIDENCE_NOUNS. */
function isResidence(noun: string, lex?: Lexicon): boolean {
  if (RESIDENCE_NOUNS.includes(noun)) return true;
  if (!lex) return false;
  const forms = [noun, ...lex.lemmas(noun, 'noun')];
  // A dwelling, or a building of them ("tenement", "high-rise": an apartment building to WordNet).
  if (forms.some((f) => lex.isA(f, 'housing', { pos: 'noun', maxSenses: 1, maxDepth: 6 }) || lex.isA(f, 'apartment building', { pos: 'noun', maxSenses: 1, maxDepth: 3 }))) return true;
  // A closed compound the lexicon does not hold, ending in a home ("townhouse", "farmhouse").
  if (lex.senses(noun, 'noun', 1).length === 0) for (const tail of ['house', 'home', 'flat']) if (noun.length > tail.length + 2 && noun.endsWith(tail)) return true;
  return false;
}

/** The speaker's location implied by their home's place in one sentence, or nothing. */
export function residenceDrafts(sentence: string, lex?: Lexicon): Draft[] {
  if (NOT_CURRENT.test(sentence)) return [];
  for (const m of sentence.matchAll(RESIDENCE)) {
    const modifiers = m[1].trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (modifiers.some((w) => SECOND_HOMES.includes(w.replace(/['’]s?$/, '')) || /['’]s?$/.test(w))) continue;
    if (!isResidence(m[2].toLowerCase(), lex)) continue;
    const place = properSpan(m[3], false);
    if (!place || DAYS_MONTHS.test(place)) continue;
    return [{ key: 'location', value: place, implicit: true, metadata: { frame: 'residence×place' } }];
  }
  return [];
}
