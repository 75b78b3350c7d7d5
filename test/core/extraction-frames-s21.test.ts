/**
 * @module test/core/extraction-frames-s21
 * Session 21: names that open with a place noun ("Home Depot"); the thing a naming verb names is its object, not the
 * namer ("my daughter named her doll Rosie"); "do" before an -s form does a plural noun ("I do shifts"); a name in a
 * list of names is no workplace; after a request, any fact verb of "I" / "we" opens the speaker's own statement; children named with ages after
 * a thing the speaker needs for them ("a babysitter for Ava (4) and Finn (2)"). Sentences of our own, each class beside its negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { properSpan } from '../../src/core/extraction/values.ts';
import { shapeOf } from '../../src/core/extraction/frames/clause-shape.ts';
import { coordinatedName } from '../../src/core/extraction/learned/layer.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said } = wordnetFacts(wordnet);
const of = (key: string, text: string) => said(text).filter((f) => f.startsWith(`user|${key}|`)).map((f) => f.split('|')[2]);

describe('a capitalised place noun opens a name before another capitalised word', () => {
  test.each([
    ['Home Depot in the garden centre', 'Home Depot'],
    ['Office Depot, mostly printers', 'Office Depot'],
    ['Home Depot', 'Home Depot'],
  ])('%s', (text, span) => expect(properSpan(text)).toBe(span));

  test.each([['Work Friday was rough'], ['Home.'], ['Gym tomorrow'], ['Home']])('%s: no name', (text) => expect(properSpan(text)).toBeNull());

  test.each([
    ['I work at Home Depot in the garden centre', 'home depot'],
  ])('%s', (text, employer) => expect(of('employer', text)).toEqual([employer]));

  test.each([['Home Sarah said hi'], ['Gym Tom is my trainer'], ['went to Home Depot for paint, then the gym']])('%s: no employer', (text) =>
    expect(of('employer', text)).toEqual([]),
  );

  test.each([
    ["I've worked at Office Depot for three years, mostly on the print counter", 'office depot'],
  ])('%s', (text, employer) => expect(of('employer', text)).toEqual([employer]));
});

describe('a naming verb names its object, not its subject', () => {
  const facts = (text: string) => said(text).filter((f) => /^user\|(?:pet|child|sibling|partner)\|/.test(f)).map((f) => f.replace(/\|assert$/, ''));
  test.each([
    ['my daughter named her doll Rosie', ['user|child|daughter']],
    ['my brother named his boat Seaspray', ['user|sibling|brother']],
    ['my son named the goldfish Bubbles', ['user|child|son', 'user|pet|goldfish named bubbles']],
    ['we called the puppy Ziggy', ['user|pet|puppy named ziggy']],
    ['we named our daughter Rosie', ['user|child|rosie (daughter)']],
    ['my son is called Leo', ['user|child|leo (son)']],
    ['my neighbour named his dog Rex', []],
  ])('%s', (text, expected) => expect(facts(text).sort()).toEqual([...expected].sort()));
});

describe('"do" before an -s form is the main verb, the -s form its plural object', () => {
  test.each([
    ['I do shifts at Kroger', 'do', 'shift'],
    ['she does nails at a salon', 'do', 'nail'],
  ])('%s', (text, verb, object) => {
    const shape = shapeOf(text);
    expect([shape.verb, shape.objects[0]?.headLemma]).toEqual([verb, object]);
  });
  test('I do love it: "do" stays the auxiliary before a bare verb', () => expect(shapeOf('I do love it').verb).toBe('love'));
  test.each([['I do shifts at Kroger'], ['I do weekend shifts at the Red Lion']])('%s: no job title from the verb', (text) =>
    expect(of('job_title', text)).toEqual([]),
  );
});

describe('a name coordinated with other names is one of a group, not a workplace', () => {
  test.each([
    ['packed lunches for Zoe, Max and Lily every morning', 'Zoe', true],
    ['packed lunches for Zoe, Max and Lily every morning', 'Lily', true],
    ['babysitting for Ava and Finn tonight', 'Ava', true],
    ['I work at Deloitte and love it', 'Deloitte', false],
    ['Zoe is my manager', 'Zoe', false],
  ])('%s: %s', (text, name, expected) => expect(coordinatedName(name, text)).toBe(expected));
  test('packed lunches for Zoe, Max and Lily every morning is killing me: no employer', () =>
    expect(of('employer', 'packed lunches for Zoe, Max and Lily every morning is killing me')).toEqual([]),
  );
});

describe("after a request, a clause of the speaker's own is read", () => {
  test.each([
    ['can you help me word my CV, I speak Polish and English fluently and some German', 'language', ['polish', 'english', 'german']],
    ['help me with my CV, we speak Polish at home', 'language', ['polish']],
    ['please suggest a dinner, I cannot eat gluten', 'diet', ['gluten-free']],
    ["please don't suggest anything with sesame in it, I'm badly allergic", 'allergy', ['sesame']],
  ])('%s', (text, key, values) => expect(of(key, text).sort()).toEqual([...values].sort()));
  test.each([
    ['can you help, I need it by Friday'],
    ['could you check this, I think it is wrong'],
    ['can you recommend a book, I was wondering about sci-fi'],
    ['can you help me plan a trip, I do not know where to go'],
    ['can you find me a flat, I want to live in Leeds'],
  ])('%s: nothing', (text) => expect(said(text)).toEqual([]));
});

describe('names with children\'s ages after a thing the speaker needs or does for them are the speaker\'s children', () => {
  const kids = (text: string) => said(text).filter((f) => f.startsWith('user|child|') || /\|age\|/.test(f)).map((f) => f.replace(/\|assert$/, '')).sort();
  test.each([
    ['we need a babysitter for Ava (4) and Finn (2) on Saturday', ['child ava|age|4', 'child finn|age|2', 'user|child|ava (child)', 'user|child|finn (child)']],
    ['I need lunch ideas for Ava (7) and Finn (5), they are so picky', ['child ava|age|7', 'child finn|age|5', 'user|child|ava (child)', 'user|child|finn (child)']],
    ['planning a joint party for Ava who is 7 and Finn who is 5', ['child ava|age|7', 'child finn|age|5', 'user|child|ava (child)', 'user|child|finn (child)']],
  ])('%s', (text, expected) => expect(kids(text)).toEqual(expected));
  test.each([
    ['I am babysitting for Ava (4) and Finn (2) tonight'],
    ['I babysit for Ava (4) and Finn (2)'],
    ['my sister needs a babysitter for Ava (4) and Finn (2)'],
    ['the school wants a form for Ava (4) and Finn (2)'],
  ])('%s: no children of the speaker', (text) => expect(said(text).filter((f) => f.startsWith('user|child|') || f.startsWith('user|employer|'))).toEqual([]));
});

describe('a name with a two-word animal kind in apposition is a pet of that kind', () => {
  test.each([
    ['Pickles the guinea pig has started squeaking whenever the fridge opens', ['guinea pig named pickles']],
    ['Rex the german shepherd is snoring on the sofa', ['german shepherd named rex']],
    ['Bubbles the goldfish died', ['goldfish named bubbles']],
    ['Jaws the film scared me', []],
  ])('%s', (text, pets) => expect(of('pet', text)).toEqual(pets));
});
