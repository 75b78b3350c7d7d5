// Parsing WordNet's text files into the compact tables, the binary cache round trip, and the
// adapter's answers over a hand-written mini database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildTables } from '../../../src/providers/lexicon/wordnet-tables.ts';
import { decodeTables, encodeTables, loadOrBuildTables } from '../../../src/providers/lexicon/wordnet-cache.ts';
import { WordNetLexicon } from '../../../src/providers/lexicon/wordnet.ts';
import { MINI } from './mini-wordnet.ts';

const lex = new WordNetLexicon(buildTables(MINI));

describe('WordNet adapter over the mini database', () => {
  test('senses keep the index order and carry the lexicographer class', () => {
    const s = lex.senses('dog', 'noun');
    expect(s.map((x) => [x.id, x.lexClass, x.rank])).toEqual([
      ['00000300-n', 'noun.animal', 0],
      ['00000500-n', 'noun.food', 1],
    ]);
    expect(s[0]!.lemmas).toEqual(['dog', 'domestic dog']);
    expect(lex.senses('dog', 'noun', 1)).toHaveLength(1);
  });

  test('without a part of speech, equal ranks go to the sense more tagged in the corpus', () => {
    // noun dog#1 has 40 tags, verb dog#1 has 3: the noun comes first; with the counts swapped the verb would.
    expect(lex.senses('dog').map((s) => s.pos)).toEqual(['noun', 'verb', 'noun']);
    expect(lex.classesOf('dog')).toEqual(['noun.animal']);
    expect(lex.classesOf('dog', undefined, 3)).toEqual(['noun.animal', 'verb.motion', 'noun.food']);
  });

  test('lemmas use the exception lists and the rules', () => {
    expect(lex.lemmas('doggies')).toEqual(['dog']);
    expect(lex.lemmas('chased')).toEqual(['chase']);
    expect(lex.lemmas('dogs', 'noun')).toEqual(['dog']);
    expect(lex.lemmas('hot dogs')).toEqual(['hot dog']);
    expect(lex.lemmas('canine')).toEqual(['canine']);
  });

  test('hypernyms, hyponyms (the inverted relation) and unknown ids', () => {
    expect(lex.hypernyms('00000300-n').map((s) => s.lemmas[0])).toEqual(['animal']);
    expect(lex.hyponyms('00000100-n').map((s) => s.lemmas[0])).toEqual(['animal', 'chaser', 'hot dog']);
    expect(lex.hypernyms('99999999-n')).toEqual([]);
    expect(lex.hypernyms('not an id')).toEqual([]);
  });

  test('isA walks the chain within the depth, the sense itself included', () => {
    expect(lex.isA('dogs', 'animal')).toBe(true);
    expect(lex.isA('dog', 'entity', { maxDepth: 1 })).toBe(false);
    expect(lex.isA('dog', 'entity', { maxDepth: 2 })).toBe(true);
    expect(lex.isA('dog', 'dog')).toBe(true);
    expect(lex.isA('chaser', 'animal')).toBe(false);
    expect(lex.isA('dog', 'unicorn')).toBe(false);
  });

  test('synonyms and derivations', () => {
    expect(lex.synonyms('dog', 'noun')).toEqual(['domestic dog']);
    expect(lex.synonyms('dog', 'verb')).toEqual(['chase']);
    expect(lex.derivations('chase')).toEqual(['chaser']);
    expect(lex.derivations('chaser')).toEqual(['chase']);
  });

  test('derived senses link the synsets a derivation pointer joins (session 24)', () => {
    const chaser = lex.senses('chaser', 'noun')[0]!;
    expect(lex.derivedSenses(chaser.id).map((s) => s.lemmas)).toEqual([['chase', 'dog']]);
    const chase = lex.senses('chase', 'verb')[0]!;
    expect(lex.derivedSenses(chase.id).map((s) => s.lemmas)).toEqual([['chaser']]);
    expect(lex.derivedSenses(lex.senses('entity', 'noun')[0]!.id)).toEqual([]);
  });

  test('commonness is relative to the most tagged word; 0 when unknown or never tagged', () => {
    expect(lex.commonness('dog')).toBe(1);
    expect(lex.commonness('chase')).toBeGreaterThan(0);
    expect(lex.commonness('chase')).toBeLessThan(1);
    expect(lex.commonness('entity')).toBe(0);
    expect(lex.commonness('unicorn')).toBe(0);
  });
});

describe('the binary cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexicon-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('round-trips the tables and refuses another signature', () => {
    const t = buildTables(MINI);
    const buf = encodeTables(t, 'sig-a');
    const back = decodeTables(buf, 'sig-a')!;
    expect(back.words).toEqual(t.words);
    expect(Array.from(back.senseSyn)).toEqual(Array.from(t.senseSyn));
    expect(Array.from(back.synLex)).toEqual(Array.from(t.synLex));
    expect(Array.from(back.synDer)).toEqual(Array.from(t.synDer));
    expect(back.exceptions).toBe(t.exceptions);
    expect(decodeTables(buf, 'sig-b')).toBeNull();
    expect(decodeTables(Buffer.from('garbage'), 'sig-a')).toBeNull();
  });

  test('built when missing, read when fresh, rebuilt when a source file changes', () => {
    const dictDir = join(dir, 'dict');
    const excDir = join(dir, 'exc');
    mkdirSync(dictDir);
    mkdirSync(excDir);
    for (const p of ['noun', 'verb', 'adj', 'adv'] as const) {
      writeFileSync(join(dictDir, `index.${p}`), MINI.index[p]);
      writeFileSync(join(dictDir, `data.${p}`), MINI.data[p]);
      writeFileSync(join(excDir, `${p}.exc`), MINI.exc?.[p] ?? '');
    }
    writeFileSync(join(dictDir, 'index.sense'), MINI.senseIndex!);
    const files = { dictDir, excDir };
    const cache = join(dir, 'out', 'lexicon.bin');
    expect(loadOrBuildTables(files, cache).source).toBe('built');
    const second = loadOrBuildTables(files, cache);
    expect(second.source).toBe('cache');
    expect(new WordNetLexicon(second.tables).lemmas('doggies')).toEqual(['dog']);
    writeFileSync(join(excDir, 'noun.exc'), 'doggies dog\npuppies dog\n');
    const third = loadOrBuildTables(files, cache);
    expect(third.source).toBe('built');
    expect(new WordNetLexicon(third.tables).lemmas('puppies')).toEqual(['dog']);
    expect(readFileSync(cache).subarray(0, 5).toString()).toBe('MSLEX');
  });

  test('an unwritable cache location still yields the tables', () => {
    const files = { dictDir: join(dir, 'dict'), excDir: null };
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const out = loadOrBuildTables(files, join(blocker, 'sub', 'lexicon.bin'));
    expect(out.source).toBe('built');
    expect(out.writeError).toBeDefined();
    expect(new WordNetLexicon(out.tables).senses('dog', 'noun')).toHaveLength(2);
  });
});
