/**
 * @module core/extraction/frames/diet-change
 * Eating again what a diet excludes ends the diet: "I'm eating fish again", "started having dairy again", "I eat
 * meat now" → one retraction ends whichever diet excluding the food is current (`endsAnyOf`, read by reconcile;
 * when the exchange holds the diet only that one is named), and with a held diet what the speaker eats now
 * becomes the diet ("eats fish"), so recall can say what changed. What each diet
 * excludes is data (DIET_EXCLUDES, read through the lexicon's food hierarchy: chicken → poultry → meat); the rule is
 * clause structure: an eating predicate with a food object (or "back on" a food), a change marker, not negated, not
 * hypothetical.
 */
import type { Draft } from '../model.ts';
import type { ReadClause } from './read.ts';

/** Diet → the food ancestors (WordNet lemmas) it rules out. */
export const DIET_EXCLUDES: Readonly<Record<string, readonly string[]>> = {
  vegetarian: ['meat', 'poultry', 'fish', 'seafood', 'shellfish'],
  vegan: ['meat', 'poultry', 'fish', 'seafood', 'shellfish', 'dairy product', 'egg', 'cheese', 'milk'],
  pescatarian: ['meat', 'poultry'],
  'plant-based': ['meat', 'poultry', 'fish', 'seafood', 'shellfish', 'dairy product', 'egg'],
  'dairy-free': ['dairy product', 'cheese', 'milk'],
};

const EATING = new Set(['eat', 'have', 'consume', 'try']);
/** A change of habit, not one meal: "again", "now", "these days", "back", "started". */
const CHANGE = /\b(?:again|now(?!\s+and\s+then)|nowadays|these\s+days|back|anymore|start(?:ed|ing)?|resum(?:e|ed|ing)|reintroduc\w*)\b/i;
const NOT_STATED = /\b(?:if|would|could|might|should|wish|maybe|thinking\s+(?:of|about)|tempted|considering|want(?:s|ed)?\s+to)\b|\?\s*$/i;

export function dietChangeDrafts(rc: ReadClause): Draft[] {
  const { clause, shape, lex } = rc;
  if (!lex || !clause.subject.self || clause.negated || shape.negated || shape.modal) return [];
  if (!CHANGE.test(clause.text) || NOT_STATED.test(clause.text) || NOT_STATED.test(clause.pre)) return [];
  // "eating fish again", or "started (eating|having) chicken again": the eaten thing is the object.
  const restart = shape.verb !== null && /^(?:start|resume|go)$/.test(shape.verb) && /\b(?:eating|having)\b/i.test(clause.text);
  // One past meal is not a habit ("I had chicken last night"); a past start of one is ("started eating fish again").
  const pastMeal = /^(?:ate|had|eaten|tried|consumed)$/i.test(shape.verbText ?? '');
  // "I'm back on the meat": being back on a food is eating it again.
  const backOn = shape.verb === 'be' && /\bback\s+on\b/i.test(clause.text);
  if (!restart && !backOn && (shape.verb === null || !EATING.has(shape.verb) || pastMeal)) return [];
  const eaten = backOn ? shape.preps.filter((p) => p.prep === 'on').map((p) => p.np) : shape.objects;
  const foods = eaten.map((o) => ({ lemma: o.headLemma || o.head, written: o.head })).filter((f) => f.lemma);
  const out: Draft[] = [];
  const held = clause.held?.current('diet')?.value.toLowerCase() ?? null;
  for (const { lemma: food, written } of foods) {
    const excluded = Object.entries(DIET_EXCLUDES).filter(([, anc]) => anc.some((a) => a === food || lex.isA(food, a, { pos: 'noun', maxSenses: 2 })));
    if (excluded.length === 0) continue;
    // The diet the exchange holds, else one the sentence names ("no longer vegan, I eat fish now"), else any excluded one.
    const named = excluded.filter(([diet]) => new RegExp(`\\b${diet}\\b`, 'i').test(clause.sentence));
    const ended = held ? excluded.filter(([diet]) => held.includes(diet)) : named.length > 0 ? named : excluded;
    // One retraction naming the likeliest diet (the table's order) and ending whichever excluded one is current.
    if (ended.length > 0) out.push({ key: 'diet', value: ended[0][0], op: 'retract', metadata: { frame: 'diet-change', eats: food, endsAnyOf: ended.map(([d]) => d) } });
    if (held && ended.length > 0) out.push({ key: 'diet', value: `eats ${written}`, metadata: { frame: 'diet-change' } });
    break;
  }
  return out;
}
