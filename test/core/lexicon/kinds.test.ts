// The noun-kind classifier: table-driven over words that appear in no extraction word list (rare
// breeds, occupations, illnesses, instruments…), near-misses that must stay unclassified, and the
// rule mechanics over a tiny test-double lexicon.
import { describe, expect, test } from 'vitest';
import { isKind, kindsOf, senseMatches, type KindRule, type NounKind } from '../../../src/core/lexicon/kinds.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import type { LexSense, Lexicon } from '../../../src/core/ports.ts';
import { openLexicon } from '../../../src/providers/lexicon/create-lexicon.ts';
import { locateWordNet } from '../../../src/providers/lexicon/wordnet-cache.ts';

const installed = locateWordNet() !== null;

describe.skipIf(!installed)('kindsOf over WordNet', () => {
  const lex = openLexicon({}).lexicon;
  test.each<[string, NounKind]>([
    ['komondor', 'animal'],
    ['wombat', 'animal'],
    ['capybara', 'animal'],
    ['mongooses', 'animal'],
    ['gazpacho', 'food'],
    ['risotto', 'food'],
    ['croissants', 'food'],
    ['cardiologist', 'occupation'],
    ['cartographer', 'occupation'],
    ['glazier', 'occupation'],
    ['vintner', 'occupation'],
    ['ornithologist', 'occupation'],
    ['programmer', 'occupation'],
    ['classmate', 'social'],
    ['sweetheart', 'social'],
    ['grandson', 'family'],
    ['stepdaughter', 'family'],
    ['cousins', 'family'],
    ['gout', 'illness'],
    ['shingles', 'illness'],
    ['bronchitis', 'illness'],
    ['leukemia', 'illness'],
    ['yiddish', 'language'],
    ['sanskrit', 'language'],
    ['zither', 'instrument'],
    ['sitar', 'instrument'],
    ['bagpipes', 'instrument'],
    ['lacrosse', 'activity'],
    ['hiking', 'activity'],
    ['interpol', 'organization'],
    ['unicef', 'organization'],
    ['tasmania', 'location'],
    ['yukon', 'location'],
    ['tulsa', 'location'],
    ['gondola', 'vehicle'],
    ['rickshaw', 'vehicle'],
    ['hovercraft', 'vehicle'],
  ])('%s is %s', (word, kind) => {
    expect(kindsOf(lex, word)).toContain(kind);
  });

  test.each([
    ['stapler'],
    ['umbrella'],
    ['nostalgia'],
    ['thunderstorm'],
    ['symphony'],
    ['paragraph'],
    ['sofa'],
    ['chemistry'],
    ['calendar'],
    ['laboratory'],
    ['qwertyuiop'],
  ])('%s has no kind', (word) => {
    expect(kindsOf(lex, word)).toEqual([]);
  });

  test('a person word is also a person, family before person', () => {
    expect(kindsOf(lex, 'nephew')).toEqual(['family', 'person']);
    expect(kindsOf(lex, 'welder')).toEqual(['occupation', 'person']);
    expect(isKind(lex, 'welder', 'family')).toBe(false);
  });

  test('first senses only unless more are asked for', () => {
    // "python" is first the snake; the programming language is not a natural language either way.
    expect(kindsOf(lex, 'python')).toEqual(['animal']);
    // "basque" is first the people, second the language.
    expect(kindsOf(lex, 'basque')).not.toContain('language');
    expect(kindsOf(lex, 'basque', { maxSenses: 2 })).toContain('language');
  });
});

describe('kind rules', () => {
  const sense = (id: string, lexClass: string, lemmas: string[]): LexSense => ({ id, pos: 'noun', lexClass, lemmas, rank: 0 });
  const chain: Record<string, LexSense[]> = { a: [sense('b', 'noun.animal', ['canine'])], b: [sense('c', 'noun.animal', ['animal'])] };
  const tiny: Lexicon = {
    ...EMPTY_LEXICON,
    senses: (w) => (w === 'wolfdog' ? [sense('a', 'noun.animal', ['wolfdog'])] : []),
    hypernyms: (id) => chain[id] ?? [],
  };

  test('class, ancestors and exclusions', () => {
    const rule: KindRule = { kind: 'animal', classes: ['noun.animal'], ancestors: ['animal'] };
    expect(senseMatches(rule, sense('x', 'noun.animal', ['x']), new Set(['animal']))).toBe(true);
    expect(senseMatches(rule, sense('x', 'noun.food', ['x']), new Set(['animal']))).toBe(false);
    expect(senseMatches(rule, sense('x', 'noun.animal', ['x']), new Set(['plant']))).toBe(false);
    expect(senseMatches({ ...rule, unless: ['canine'] }, sense('x', 'noun.animal', ['x']), new Set(['animal', 'canine']))).toBe(false);
  });

  test('depth bounds the walk', () => {
    const rules: KindRule[] = [{ kind: 'animal', ancestors: ['animal'] }];
    expect(kindsOf(tiny, 'wolfdog', { rules })).toEqual(['animal']);
    expect(kindsOf(tiny, 'wolfdog', { rules, maxDepth: 1 })).toEqual([]);
  });

  test('the empty lexicon classifies nothing', () => {
    expect(kindsOf(EMPTY_LEXICON, 'dog')).toEqual([]);
  });
});
