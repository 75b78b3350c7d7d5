/**
 * @module test/core/extraction-frames-s21
 * Session 21: names that open with a place noun ("Home Depot"). Sentences of our own, each class beside its negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { properSpan } from '../../src/core/extraction/values.ts';
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
