// Index-time date tokens: relative dates resolved against the turn's timestamp; the turn's own
// day gives none; a question's day or month range searches the same tokens.
import { describe, expect, test } from 'vitest';
import { dateTokens, rangeTokens } from '../../src/core/text/date-tokens.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';

describe('date tokens', () => {
  test.each([
    ['I went hiking yesterday with my dog.', ['_d20230508', '_m202305']],
    ['Last Friday we had a picnic.', ['_d20230505', '_m202305']],
    ['Two weeks ago I started a new job.', ['_d20230425', '_m202304']],
    ['Last month was hectic.', ['_m202304']],
    ['Today is great.', []],
    ['No dates here at all.', []],
  ])('%s', (text, tokens) => {
    expect(dateTokens(text, '2023-05-09T13:56:00Z')).toEqual(tokens);
  });

  test('a bad timestamp gives none', () => expect(dateTokens('yesterday', 'not a date')).toEqual([]));

  test.each([
    [{ from: '2023-05-08', to: '2023-05-09' }, ['_d20230508']],
    [{ from: '2023-05-01', to: '2023-06-01' }, ['_m202305']],
    [{ from: '2023-01-01', to: '2024-01-01' }, []],
  ])('range %j searches %j', (range, tokens) => expect(rangeTokens(range)).toEqual(tokens));

  test('a question naming a day searches its token', () => {
    expect(analyzeQuery('What did Caroline do on 8 May 2023?').terms.map((t) => t.term)).toContain('_d20230508');
  });
});
