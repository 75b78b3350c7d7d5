/**
 * @module test/core/recall-kind-keys
 * Keys found by what a noun of the ask is (query-analysis KIND_KEYS over the lexicon's noun kinds), not by a word
 * list: a wh-question's head noun of a kind a key holds asks for that key ("Which borough…" → location), and an
 * applied ask naming a thing of a kind brings the keys that bear on it ("suggest a risotto" → diet and allergies).
 * A fact question that merely names a food is not personalised, and a never-discussed kind stays empty.
 */
import { describe, expect, test } from 'vitest';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { withOfflineApp } from './offline-app.ts';

const wordnet = openLexicon({}).lexicon;

describe('keys by the kind of a noun in the ask', () => {
  test.each([
    ['Which borough do I live in now?', 'location', true],
    ['Which hamlet am I based in?', 'location', true],
    ['What language do I speak at home?', 'language', true],
    ['Suggest a risotto I could make tonight', 'diet', false],
    ['Suggest a risotto I could make tonight', 'allergy', false],
    ['Plan a walk for me and the spaniel', 'pet', false],
    ['Recommend a podcast for my trips on the scooter', 'vehicle', false],
  ])('%s → %s', (q, key, named) => {
    const a = analyzeQuery(q, new Set(), wordnet);
    expect(a.keys).toContain(key);
    expect(a.intentKeys.includes(key)).toBe(!named);
  });

  test.each([
    ['Is a risotto hard to make?'],
    ['What is the capital of Peru?'],
    ['List the steps to clean a cheese grater'],
    ['Which surgeon does the user see?'],
  ])('no kind keys outside an applied ask or a wh-head: %s', (q) => {
    const a = analyzeQuery(q, new Set(), wordnet);
    expect(a.keys).not.toContain('diet');
    expect(a.keys).not.toContain('location');
    expect(a.keys).not.toContain('job_title');
  });
});

describe('through the service', () => {
  test('an applied ask naming a food gets the allergy; a question about the food alone stays empty', async () => {
    await withOfflineApp(['I am allergic to sesame, it makes my lips swell', 'I live in Leith these days'], async (ask) => {
      expect((await ask('Suggest some dumplings I could order tonight')).toLowerCase()).toContain('sesame');
      expect((await ask('Which neighbourhood am I in?')).toLowerCase()).toContain('leith');
      expect(await ask('Is ramen older than sushi?')).toBe('');
    });
  });
});

describe('a broader word the question narrows weighs little in the coverage', () => {
  test('"dance" in "Do I still dance the tango?" is covered by the kind the question names', async () => {
    await withOfflineApp(['tango lessons every tuesday, best part of my week', 'the weather is grim again'], async (ask) => {
      expect(await ask('Do I still dance the tango?')).toContain('tango lessons');
      expect(await ask('Do I still dance ballet?')).toBe('');
    }, { sessions: true });
  });

  test('no narrowing between words of unrelated kinds', () => {
    const a = analyzeQuery('Do I still dance on Fridays?', new Set(), wordnet);
    expect(a.terms.find((t) => t.term === 'danc')?.cover ?? 1).toBeGreaterThan(0.5);
  });
});

describe('a retracted value the question names, under the key of its kind', () => {
  test('"Do I still play the bassoon?" is answered by the change; an instrument never played is not', async () => {
    await withOfflineApp(['I play the bassoon in a wind band', 'the weather is grim again', "I've given up the bassoon, my lips can't take it"], async (ask) => {
      expect(await ask('Do I still play the bassoon?')).toMatch(/hobby: no longer bassoon/);
      expect(await ask('Do I still play the harp?')).toBe('');
    }, { sessions: true });
  });
});
