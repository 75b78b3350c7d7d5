/**
 * @module core/lexicon/empty
 * The lexicon that knows no words: used when WordNet is disabled (MEMORY_LEXICON=off) or not
 * installed, so every caller can ask without checking. Every answer is empty, never an error.
 */
import type { Lexicon } from '../ports.ts';

export const EMPTY_LEXICON: Lexicon = Object.freeze({
  lemmas: () => [],
  senses: () => [],
  hypernyms: () => [],
  partHolonyms: () => [],
  hyponyms: () => [],
  derivedSenses: () => [],
  synonyms: () => [],
  derivations: () => [],
  isA: () => false,
  classesOf: () => [],
  commonness: () => 0,
});
