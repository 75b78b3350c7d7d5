/**
 * @module core/lexicon/morphy
 * WordNet's morphy: the base forms of an inflected word for one part of speech, from the
 * exception lists ("geese" → "goose") and the detachment rules ("boxes" → "box"), keeping only
 * forms the dictionary knows. Pure: the caller supplies the dictionary and the exceptions.
 */
import type { PartOfSpeech } from '../ports.ts';

/** Suffix detachment rules per part of speech (WordNet's morph.c table), tried in order. */
export const DETACHMENT_RULES: Record<PartOfSpeech, ReadonlyArray<readonly [suffix: string, ending: string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

export interface MorphyDictionary {
  /** True when `lemma` (lower case, words separated by spaces) is in the index for `pos`. */
  has(lemma: string, pos: PartOfSpeech): boolean;
  /** Base forms listed for an irregular inflection (empty when none). */
  exceptions(word: string, pos: PartOfSpeech): readonly string[];
}

/** Lower-cases and folds underscores, hyphen runs and whitespace runs to single spaces. */
export function normalizeWord(word: string): string {
  return word.trim().toLowerCase().replace(/[_\s]+/g, ' ');
}

function detach(word: string, pos: PartOfSpeech, dict: MorphyDictionary): string[] {
  const out: string[] = [];
  // "-ss" nouns ("glass", "boss") are never plurals of "-s" words.
  if (pos === 'noun' && word.endsWith('ss')) return out;
  for (const [suffix, ending] of DETACHMENT_RULES[pos]) {
    if (word.length <= suffix.length || !word.endsWith(suffix)) continue;
    const base = word.slice(0, word.length - suffix.length) + ending;
    if (dict.has(base, pos) && !out.includes(base)) out.push(base);
  }
  return out;
}

/** Base forms of `word` as `pos`, best first (exceptions, the word itself, then rules). */
export function morphy(rawWord: string, pos: PartOfSpeech, dict: MorphyDictionary): string[] {
  const word = normalizeWord(rawWord);
  if (!word) return [];
  const out: string[] = [];
  const add = (w: string) => {
    if (!out.includes(w)) out.push(w);
  };
  for (const base of dict.exceptions(word, pos)) if (dict.has(base, pos)) add(base);
  if (dict.has(word, pos)) add(word);
  for (const base of detach(word, pos, dict)) add(base);
  if (out.length === 0 && word.includes(' ')) {
    // A collocation inflected on its last word ("ice creams", "guinea pigs").
    const cut = word.lastIndexOf(' ');
    const head = word.slice(0, cut);
    for (const last of [...dict.exceptions(word.slice(cut + 1), pos), ...detach(word.slice(cut + 1), pos, { has: () => true, exceptions: () => [] })]) {
      const base = `${head} ${last}`;
      if (dict.has(base, pos)) add(base);
    }
  }
  // "haemochromatosis", "oesophagus", "tumour", "paralyse", "centre": a British spelling WordNet holds in its American form.
  if (out.length === 0) for (const v of americanSpellings(word)) for (const base of dict.has(v, pos) ? [v] : detach(v, pos, dict)) add(base);
  return out;
}

/** British → American spelling steps, each applied alone and all together. */
const AMERICAN_STEPS: ReadonlyArray<[RegExp, string]> = [
  [/(?<=[^aeiou\s])ae(?=[^\s])/g, 'e'],
  [/(?<=^|\s|[^aeiou\s])oe(?=[^\s])/g, 'e'],
  [/our(?=\b|s\b|ed\b|ing\b|ite)/g, 'or'],
  [/is(e|es|ed|ing|ation|ations)\b/g, 'iz$1'],
  [/ys(e|es|ed|ing)\b/g, 'yz$1'],
  [/([^aeiou])tre(s?)\b/g, '$1ter$2'],
];

/** The American forms of a British spelling (ae/oe → e, -our → -or, -ise/-yse → -ize/-yze, -tre → -ter); [] when none differ. */
export function americanSpellings(word: string): string[] {
  const out = new Set<string>();
  let all = word;
  for (const [re, rep] of AMERICAN_STEPS) {
    const one = word.replace(re, rep);
    if (one !== word) out.add(one);
    all = all.replace(re, rep);
  }
  if (all !== word) out.add(all);
  return [...out];
}
