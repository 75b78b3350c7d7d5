// Place containment from WordNet's part holonyms: the regions and countries a named place lies
// in, indexed with the turn, so a question naming the country reaches a turn naming only the town.
import { describe, expect, test } from 'vitest';
import { isPlaceWord, placesContaining } from '../../../src/core/lexicon/places.ts';
import { containingPlaceTerms, turnFeatures } from '../../../src/core/text/enrich.ts';
import { analyze } from '../../../src/core/text/analyze.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import { openLexicon } from '../../../src/providers/lexicon/create-lexicon.ts';
import { locateWordNet } from '../../../src/providers/lexicon/wordnet-cache.ts';
import { withOfflineApp } from '../offline-app.ts';

describe.skipIf(!locateWordNet())('place containment over WordNet', () => {
  const lex = openLexicon({}).lexicon;

  test.each([
    ['Galway', true, 'ireland'],
    ['Seville', true, 'spain'],
    ['Nairobi', true, 'kenya'],
    ['Munich', true, 'germany'],
    ['Florence', true, 'italy'],
    ['Oaxaca', true, 'mexico'],
    ['nairobi', false, 'kenya'],
  ])('%s (capitalised %s) lies in %s', (word, capitalised, place) => {
    expect(placesContaining(lex, word, { capitalised })).toContain(place);
  });

  test('a name reads its place senses beyond the first; a lower-case word only its first sense', () => {
    // "cork" is bark first; "Cork" the city is a later sense.
    expect(placesContaining(lex, 'cork', { capitalised: true })).toContain('ireland');
    expect(placesContaining(lex, 'cork')).toEqual([]);
  });

  test.each([['Hannah'], ['teapot'], ['Thursday']])('%s lies in no place', (word) => {
    expect(placesContaining(lex, word, { capitalised: true })).toEqual([]);
  });

  test('the walk stops at maxDepth', () => {
    const near = placesContaining(lex, 'Munich', { capitalised: true, maxDepth: 1 });
    expect(near).toContain('bavaria');
    expect(near).not.toContain('germany');
  });

  test('abbreviations, dotted forms and everyday words are not indexed', () => {
    for (const w of ['Boston', 'Chicago', 'Austin']) {
      const names = placesContaining(lex, w, { capitalised: true });
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(n).toMatch(/^[a-z][a-z' -]*[a-z]$/);
      expect(names).not.toContain('us');
    }
    expect(isPlaceWord(lex, 'york')).toBe(false); // York's first sense is the royal house
    expect(isPlaceWord(lex, 'state')).toBe(false);
    expect(isPlaceWord(lex, 'kenya')).toBe(true);
  });

  test.each([
    ['the tram strike here in Galway is a nightmare', 'ireland'],
    ['Seville in August was far too hot', 'spain'],
    ['we drove from Munich to the lake', 'germany'],
  ])('"%s" is indexed with %s', (text, place) => {
    expect(containingPlaceTerms(lex, text)).toContain(analyze(place)[0]);
  });

  test.each([
    ['Turkey was the best part of the meal'],
    ['My friend Hannah came round for tea'],
    ['I bought a new cork board'],
  ])('"%s" gets no place terms', (text) => {
    expect(containingPlaceTerms(lex, text)).toEqual([]);
  });

  test("only the user's messages are read, and each term comes once", () => {
    const f = turnFeatures(lex, [
      { role: 'user', content: 'Galway was windy and Cork was wet.' },
      { role: 'assistant', content: 'Seville would have been warmer!' },
    ]);
    expect(f.filter((t) => t === 'ireland')).toHaveLength(1);
    expect(f).not.toContain('spain');
  });

  test('without holonyms in the lexicon nothing is added', () => {
    expect(placesContaining(EMPTY_LEXICON, 'Galway', { capitalised: true })).toEqual([]);
    expect(containingPlaceTerms(EMPTY_LEXICON, 'the tram strike here in Galway')).toEqual([]);
  });

  test('recall: a question naming the country finds the turn that names only the town', async () => {
    const said = ['The tram strike here in Galway means I walk everywhere now.', 'Made a huge pot of chilli for the week.'];
    await withOfflineApp(said, async (ask) => {
      expect(await ask('How do I get around in Ireland?', 300)).toContain('tram strike');
    });
  });
});
