/**
 * @module test/core/recall-commute-ask
 * An applied ask about getting somewhere (a commute, getting into town, cycling to work) asks how the user gets
 * around (query-analysis INTENTS commute): a vehicle sold or a pass bought is the current state it needs.
 */
import { describe, expect, test } from 'vitest';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';

describe('commute asks bring how the user gets around', () => {
  const table: Array<[string, boolean]> = [
    ["What's the quickest way to get into town tomorrow?", true],
    ['Any tips to make my commute less boring?', true],
    ['Should I cycle to work when it snows?', true],
    ['Write a haiku about autumn', false],
  ];
  test.each(table)('%s → vehicle asked: %s', (q, asked) => {
    expect(analyzeQuery(q).keys.includes('vehicle')).toBe(asked);
  });
});

