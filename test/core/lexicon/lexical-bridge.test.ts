// The lexicon ranking feature: rare question words bridged through first-sense relations only;
// common words are not expanded; a document that has the word itself gains nothing from a bridge.
import { describe, expect, test } from 'vitest';
import { bridgeScore, questionBridges } from '../../../src/core/recall/lexical-bridge.ts';
import { analyzeQuery } from '../../../src/core/recall/query-analysis.ts';
import { analyze } from '../../../src/core/text/analyze.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import type { LexSense, Lexicon } from '../../../src/core/ports.ts';

const sense = (id: string, lemmas: string[]): LexSense => ({ id, pos: 'noun', lexClass: 'noun.artifact', lemmas, rank: 0 });
const lex: Lexicon = {
  ...EMPTY_LEXICON,
  senses: (w) => (w === 'automobile' ? [sense('car', ['car', 'automobile', 'motorcar'])] : w === 'thing' ? [sense('thing', ['thing'])] : []),
  hypernyms: (id) => (id === 'car' ? [sense('vehicle', ['motor vehicle'])] : []),
  hyponyms: (id) => (id === 'car' ? [sense('cab', ['taxi', 'cab']), sense('suv', ['suv'])] : []),
  commonness: (w) => (w === 'thing' ? 0.9 : 0.1),
};

describe('lexical bridge', () => {
  const q = analyzeQuery('Which automobile did she buy, and what thing?');
  const bridges = questionBridges(lex, q);

  test('first-sense synonyms and direct hyponyms of rare words; multi-word lemmas and common words left out', () => {
    expect(bridges.get(analyze('car')[0]!)).toBe(analyze('automobile')[0]);
    expect(bridges.get(analyze('taxi')[0]!)).toBe(analyze('automobile')[0]);
    expect([...bridges.keys()]).not.toContain('motor vehicle');
    expect([...bridges.values()]).not.toContain(analyze('thing')[0]);
  });

  test('a document is scored only for words it reaches through a bridge', () => {
    const own = new Set(q.terms.map((t) => t.term));
    expect(bridgeScore(analyze('she bought a taxi'), bridges, own)).toBe(1);
    expect(bridgeScore(analyze('the automobile and the car'), bridges, own)).toBe(0);
    expect(bridgeScore(analyze('she bought flowers'), bridges, own)).toBe(0);
  });

  test('no lexicon, no bridges', () => {
    expect(questionBridges(EMPTY_LEXICON, q).size).toBe(0);
  });
});
