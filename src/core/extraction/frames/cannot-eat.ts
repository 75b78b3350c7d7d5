/**
 * @module core/extraction/frames/cannot-eat
 * A food the speaker cannot eat: "I can't eat nuts", "I can't have gluten or dairy", "I cannot stomach shellfish",
 * "I'm not able to eat anything with sesame". The clause shape: the speaker, a denied ability (can't / cannot / can no
 * longer / not able to / unable to), a verb of eating or drinking (the lexicon's verb.consumption, or "have"), and
 * foods as its object. What the food is decides the key:
 * - an allergen (one of the allergen groups, by the lexicon's hypernyms: a nut, seafood, a crustacean, a fish; or one
 *   of the few allergens WordNet files elsewhere: peanut, sesame, egg, soy) → an allergy to it;
 * - a food a free-from diet is named after (FREE_FROM: gluten, dairy…) → that diet ("gluten-free");
 * - anything else ("spicy food", "another bite", "pork") says a taste or a moment, not a health fact, and is not read.
 * A question, a wish or a condition ("if I can't eat…") is no statement, and somebody else's inability is not the
 * speaker's.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { isKind } from './kinds.ts';

/** Allergen groups by their WordNet names: a food under one of them is an allergen ("cashew" → edible nut). */
export const ALLERGEN_GROUPS: readonly string[] = ['edible nut', 'seafood', 'crustacean', 'mollusk', 'fish'];
/** Allergens WordNet files under no such group (a peanut is a legume, sesame a seed). */
export const ALLERGEN_WORDS: readonly string[] = ['peanut', 'nut', 'tree nut', 'sesame', 'egg', 'soy', 'soya', 'shellfish', 'celery', 'mustard', 'lupin'];
/** Foods a free-from diet is named after, and the diet. */
export const FREE_FROM: Readonly<Record<string, string>> = { gluten: 'gluten-free', wheat: 'gluten-free', dairy: 'dairy-free', lactose: 'dairy-free', milk: 'dairy-free' };

const DENIED_ABILITY = /(?:^|[\s,;])(?:I\s*(?:can['’]?t|cannot|can\s+not|can\s+no\s+longer|am\s+(?:not\s+able|unable)\s+to|['’]m\s+(?:not\s+able|unable)\s+to|could\s+never|can\s+never))\s+(?:really\s+|actually\s+|even\s+|safely\s+|ever\s+)?([a-z]+)\s+(.+)/i;
/** "anything with", "food containing": the food is what the thing has in it. */
const CONTAINING = /^(?:any|anything|something|food|foods|stuff|things|dishes)\s+(?:with|containing|that\s+has|made\s+with)\s+(?:any\s+)?/i;
/** Where the list of foods ends. */
const LIST_END = /\s*(?:[.;:!?—–()]|,\s*(?!(?:or|and)\b)|\s(?:because|cos|since|so|as|but|without|anymore|any\s+more|at\s+all|now|these\s+days|either|though|for|after|before|in|on|at|which|it|they|i)\b)/i;

/** The word and the lemmas the lexicon gives it ("peanuts" → "peanuts", "peanut"). */
function formsOf(w: string, lex: Lexicon): string[] {
  return [w, ...lex.lemmas(w, 'noun').filter((l) => l !== w)];
}

function isAllergen(food: string, lex: Lexicon): boolean {
  return formsOf(food, lex).some((one) => ALLERGEN_WORDS.includes(one) || ALLERGEN_GROUPS.some((g) => lex.isA(one, g, { pos: 'noun', maxSenses: 2, maxDepth: 6 })));
}

/** The allergies and free-from diets a denied ability to eat names in one sentence of the speaker's. */
export function cannotEatDrafts(sentence: string, lex?: Lexicon): Draft[] {
  if (!lex || /\?|\b(?:if|wish|would|whether|when)\b/i.test(sentence)) return [];
  const m = DENIED_ABILITY.exec(sentence);
  if (!m) return [];
  const verb = lex.lemmas(m[1].toLowerCase(), 'verb')[0];
  if (!verb || !(verb === 'have' || lex.classesOf(verb, 'verb', 1)[0] === 'verb.consumption')) return [];
  const list = m[2].replace(CONTAINING, '').split(LIST_END)[0];
  const out: Draft[] = [];
  for (const raw of list.split(/\s*(?:,|\bor\b|\band\b|\bnor\b|&)\s*/i)) {
    const food = raw.trim().toLowerCase().replace(/^(?:any|the|some|much|real|proper|fresh|raw)\s+/, '');
    // One or two words, and a food to the lexicon (or one the free-from table names).
    if (!food || food.split(/\s+/).length > 2 || !/^[a-z][a-z -]*$/.test(food)) continue;
    const head = food.split(/\s+/).pop()!;
    const free = FREE_FROM[food] ?? formsOf(head, lex).map((f) => FREE_FROM[f]).find(Boolean);
    if (free) {
      if (!out.some((d) => d.key === 'diet' && d.value === free)) out.push({ key: 'diet', value: free, confidence: 0.8, metadata: { frame: 'cannot eat×free-from', food } });
      continue;
    }
    if (!isKind(head, 'food', lex) && !isAllergen(head, lex)) continue;
    if (isAllergen(food, lex) || isAllergen(head, lex)) out.push({ key: 'allergy', value: food, confidence: 0.75, implicit: true, metadata: { frame: 'cannot eat×allergen' } });
  }
  return out;
}
