/**
 * @module core/extraction/frames/language-roster
 * The languages of a life, told as a list of settings: "Kannada with amma, Hindi with friends, English at the office",
 * "growing up it was Shona at home, Ndebele at gogo's and English at school". Each item is a language the lexicon
 * knows (its kind, never a word list) followed by where, when or with whom it is spoken; two or more such items make
 * the speaker's languages, and one unknown word in an item's place beside them is one more. Read by the list's shape; a sentence that is a wish, question or someone else's is not one.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { isKind } from './kinds.ts';

/** An item: a capitalised word (or two) then a setting ("with …", "at …", "in the …", "only at …", "mostly with …"). */
const ITEM = /(?:^|[,;]\s*|\s(?:and|then|but|so)\s+|\b(?:it\s+was|was|is|speak|spoke|speaking)\s+)(?:(?:mostly|mainly|only|just|also)\s+)?([\p{Lu}][\p{L}'’-]+)(?=\s+(?:(?:mostly|mainly|only|just|always|usually)\s+)?(?:with|at|in|to|for|around|among|since|when|until|till|from|growing|now)\b)/gu;
/** A capitalised word in a list's place: after a comma or "and", before a verb or the end ("…, and English came later"). */
const LISTED = /(?:[,;]\s*(?:and\s+)?|\s(?:and|then)\s+)([\p{Lu}][\p{L}'’-]+)(?=\s+[\p{Ll}]|\s*[,.;!]|\s*$)/gu;
const CAPITALISED = /(?<![\p{L}'’-])[\p{Lu}][\p{Ll}'’-]+/gu;
/** Not the speaker's own statement: a wish, a plan or a condition. */
const NOT_OWN = /\b(?:wish|would|could|might|want\s+to|hope\s+to|learn(?:ing)?|if|someday|one\s+day)\b|\?/i;

export function languageRoster(sentence: string, speaker: string, lex?: Lexicon): Draft[] {
  if (!lex || NOT_OWN.test(sentence)) return [];
  const langs: string[] = [];
  // A word the lexicon does not know at all, in an item's place beside two known languages, is a language too
  // ("Kurmanji at home, German at school, English at work"): the list's shape says what it is.
  const unknown: string[] = [];
  for (const m of sentence.matchAll(ITEM)) {
    const w = m[1];
    if (isKind(w.toLowerCase(), 'language', lex)) {
      if (!langs.includes(w)) langs.push(w);
    } else if (lex.senses(w.toLowerCase()).length === 0 && lex.lemmas(w.toLowerCase()).length === 0 && !unknown.includes(w)) unknown.push(w);
  }
  // No language in an item's place: nothing below can add one (the list's other places and the rest of the sentence
  // only count beside one), so the lexicon is not asked about every other capitalised word.
  if (langs.length === 0) return [];
  // Beside two or more settings, a known language in the list's other places counts, whatever follows it ("…, and
  // English came later at uni"); one said anywhere else in the sentence only vouches for the list ("I picked up English").
  const settings = langs.length + unknown.length;
  const listed = [...sentence.matchAll(LISTED)].map((m) => m[1]).filter((w) => !langs.includes(w) && isKind(w.toLowerCase(), 'language', lex));
  const elsewhere = [...sentence.matchAll(CAPITALISED)].map((m) => m[0]).filter((w) => !langs.includes(w) && !listed.includes(w) && isKind(w.toLowerCase(), 'language', lex));
  if (settings >= 2 && langs.length >= 1) langs.push(...listed);
  if (langs.length < 2 && !(settings >= 2 && langs.length >= 1 && elsewhere.length > 0)) return [];
  langs.push(...unknown.slice(0, 1));
  return langs.map((value) => ({ key: 'language', value, subject: speaker, confidence: 0.85, metadata: { frame: 'language roster' } }));
}
