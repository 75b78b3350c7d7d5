/**
 * @module core/lexicon/young-animals
 * Owns which animal a word for a young animal is the young of ("pup" → dog, "kitten" → cat): WordNet files these
 * words under "young mammal" and keeps the adult only in the gloss, so the pairs are data here. Pure.
 */

/** Young-animal words and the adult animal's lemma (a WordNet noun), in the everyday sense. */
export const YOUNG_OF: Readonly<Record<string, readonly string[]>> = {
  pup: ['dog', 'seal'],
  puppy: ['dog'],
  whelp: ['dog'],
  kitten: ['cat'],
  kitty: ['cat'],
  foal: ['horse'],
  colt: ['horse'],
  filly: ['horse'],
  calf: ['cattle', 'cow'],
  lamb: ['sheep'],
  piglet: ['pig'],
  kid: ['goat'],
  bunny: ['rabbit'],
  kit: ['rabbit', 'ferret', 'fox'],
  duckling: ['duck'],
  gosling: ['goose'],
  chick: ['chicken', 'bird'],
  cygnet: ['swan'],
  tadpole: ['frog', 'toad'],
  joey: ['kangaroo'],
  cub: ['bear', 'lion', 'fox', 'wolf', 'tiger'],
};

/** The adult animals a young-animal word stands for, or null when the word is no young-animal word. */
export function adultsOf(word: string): readonly string[] | null {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  return YOUNG_OF[w] ?? YOUNG_OF[w.replace(/s$/, '')] ?? (w.endsWith('ies') ? YOUNG_OF[`${w.slice(0, -3)}y`] : undefined) ?? null;
}
