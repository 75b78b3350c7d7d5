/**
 * @module core/extraction/frames/animal-signs
 * A name told of with an animal's parts, gear or doings: "Bramble chewed through his lead then sat wagging", "Fennel
 * shed her whole skin overnight", "taught Percy to whistle from his cage". One name in the sentence, not a person the
 * message or session named, with "his/her" + a part only an animal has (ANIMAL_ONLY_PARTS) or an animal's verb
 * (ANIMAL_VERBS) after it → a pet named so, implied. The words are the tables'; the rule is the sentence's shape.
 * Also a breed in apposition with a name: "our Korat, Sawasdee, …", "Mirabelle, our Chartreux, …" (a kind the lexicon
 * holds as an animal, or a capitalised word it does not hold at all, and no vehicle) → that pet.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { NOT_NAMES } from '../lexicon.ts';
import { lexiconKnowsWords } from '../chat-text.ts';
import { ANIMAL_ONLY_PARTS, ANIMAL_VERBS } from './table.ts';
import { isKind, kindOf } from './kinds.ts';

const PART = new RegExp(`\\b(?:his|her)\\s+(?:(?:\\p{Ll}+|\\p{Ll}+-\\p{Ll}+)\\s+){0,2}?(?:${ANIMAL_ONLY_PARTS.map((p) => p.replace(/ /g, '\\s+')).join('|')})\\b`, 'iu');
const VERB = new RegExp(`\\b(?:${ANIMAL_VERBS.join('|')})\\b`, 'i');
const NAME = /(?<![\p{L}'’])([\p{Lu}][\p{Ll}]+)(?![\p{L}'’])/gu;
/** A person's doing that shares an animal's verb: "wagged his finger", "chewed his lip", "grooming her eyebrows". */
const HUMAN_OBJECT = /\bbark(?:ed|ing|s)?\s+orders\b|\b(?:wag(?:ged|ging|s)?|chew(?:ed|ing|s)?|groom(?:ed|ing|s)?|nibbl(?:ed|ing|es))\s+(?:his|her|their|my|your)\s+(?:finger|lip|lips|nails?|pen|eyebrows?|beard|hair|food|sandwich|gum)\b/i;

export function animalSignDrafts(text: string, lex: Lexicon | undefined, people: ReadonlySet<string>): Draft[] {
  if (!lexiconKnowsWords(lex)) return [];
  const out: Draft[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const names = [...sentence.matchAll(NAME)].filter((m) => {
      const lower = m[1].toLowerCase();
      if (NOT_NAMES.has(lower) || people.has(lower)) return false;
      // A sentence-initial common word ("Honestly", "Whole") is no name; a word the lexicon does not know may be.
      const first = lex!.senses(lower, undefined, 1)[0];
      return !first || ['noun.food', 'noun.animal', 'noun.plant', 'noun.object', 'noun.artifact', 'noun.person', 'noun.substance'].includes(first.lexClass);
    });
    if (names.length !== 1) continue;
    const after = sentence.slice(names[0].index! + names[0][0].length);
    if (HUMAN_OBJECT.test(after) || !(PART.test(after) || VERB.test(after))) continue;
    const name = names[0][1];
    out.push({ key: 'pet', value: `pet named ${name}`, implicit: true, metadata: { name, frame: 'name…animal sign' } });
  }
  return out;
}

const KIND_THEN_NAME = /(?:^|[\s,;(])(?:my|our)\s+([\p{Lu}][\p{L}-]+),\s+([\p{Lu}][\p{Ll}]+)\s*[,(]/gu;
const NAME_THEN_KIND = /(?:^|[\s,;(])([\p{Lu}][\p{Ll}]+),\s+(?:my|our)\s+([\p{Lu}][\p{L}-]+)\s*[,)]/gu;

/** "our Korat, Sawasdee, has decided…", "Mirabelle, our Chartreux, sits…": a breed in apposition with a name. */
export function breedAppositionDrafts(text: string, lex: Lexicon | undefined, people: ReadonlySet<string>): Draft[] {
  if (!lexiconKnowsWords(lex)) return [];
  const out: Draft[] = [];
  const pairs = [...[...text.matchAll(KIND_THEN_NAME)].map((m) => [m[1], m[2]]), ...[...text.matchAll(NAME_THEN_KIND)].map((m) => [m[2], m[1]])];
  for (const [kind, name] of pairs) {
    const k = kind.toLowerCase();
    if (NOT_NAMES.has(name.toLowerCase()) || people.has(name.toLowerCase()) || isKind(k, 'vehicle', lex)) continue;
    const animal = kindOf(k, lex) === 'animal';
    const unknown = kindOf(k, lex) === null && lex!.senses(k, undefined, 1).length === 0;
    if (animal || unknown) out.push({ key: 'pet', value: `${k} named ${name}`, implicit: !animal, metadata: { name, species: k, frame: 'breed, name' } });
  }
  return out;
}
