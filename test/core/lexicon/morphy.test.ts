// morphy: exception lists first, the word itself, then detachment rules — only known lemmas.
import { describe, expect, test } from 'vitest';
import { morphy, normalizeWord, type MorphyDictionary } from '../../../src/core/lexicon/morphy.ts';
import type { PartOfSpeech } from '../../../src/core/ports.ts';

const known: Record<PartOfSpeech, string[]> = {
  noun: ['box', 'church', 'dish', 'woman', 'city', 'goose', 'glass', 'bus', 'ice cream', 'guinea pig', 'running', 'axis', 'axe'],
  verb: ['run', 'carry', 'bake', 'walk', 'fix'],
  adj: ['big', 'nice', 'good'],
  adv: ['fast'],
};
const exc: Record<string, string[]> = { 'noun\tgeese': ['goose'], 'verb\tran': ['run'], 'adj\tbetter': ['good'], 'noun\taxes': ['axis', 'axe'] };
const dict: MorphyDictionary = {
  has: (l, p) => known[p].includes(l),
  exceptions: (w, p) => exc[`${p}\t${w}`] ?? [],
};

describe('morphy', () => {
  test.each<[string, PartOfSpeech, string[]]>([
    ['boxes', 'noun', ['box']],
    ['churches', 'noun', ['church']],
    ['dishes', 'noun', ['dish']],
    ['women', 'noun', ['woman']],
    ['cities', 'noun', ['city']],
    ['geese', 'noun', ['goose']],
    ['axes', 'noun', ['axis', 'axe']],
    ['glass', 'noun', ['glass']],
    ['Ice_Creams', 'noun', ['ice cream']],
    ['guinea pigs', 'noun', ['guinea pig']],
    ['ran', 'verb', ['run']],
    ['carries', 'verb', ['carry']],
    ['carried', 'verb', []], // WordNet lists it in verb.exc; the rules alone do not reach it
    ['baking', 'verb', ['bake']],
    ['walks', 'verb', ['walk']],
    ['fixes', 'verb', ['fix']],
    ['nicer', 'adj', ['nice']],
    ['biggest', 'adj', []], // morphy does not undouble consonants
    ['better', 'adj', ['good']],
    ['running', 'noun', ['running']],
    ['xyzzy', 'noun', []],
    ['', 'noun', []],
  ])('%s as %s → %j', (word, pos, expected) => {
    expect(morphy(word, pos, dict)).toEqual(expected);
  });

  test('a "-ss" noun is never read as a plural', () => {
    const d: MorphyDictionary = { has: (l) => l === 'gras' || l === 'grass', exceptions: () => [] };
    expect(morphy('grass', 'noun', d)).toEqual(['grass']);
  });

  test.each([
    ['  Ice_Cream ', 'ice cream'],
    ['guinea\t pig', 'guinea pig'],
  ])('normalizeWord(%j) = %j', (raw, norm) => expect(normalizeWord(raw)).toBe(norm));
});
