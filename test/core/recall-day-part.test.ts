/**
 * @module test/core/recall-day-part
 * A part of the day after a weekday ("Thursday evenings", "Sunday morning") is part of the time the question names,
 * weighed as filler (query-analysis DAY_PART): the weekday is the topic, so a routine ask about a day the user
 * talked about passes the gate and finds what they do then now; a day never talked about stays empty.
 */
import { describe, expect, test } from 'vitest';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { expectContexts, withOfflineApp } from './offline-app.ts';

describe('a part of the day after a weekday is filler', () => {
  const table: Array<[string, string, 'filler' | 'query']> = [
    ['What am I doing on Thursday evenings?', 'even', 'filler'],
    ['Any plans for Sunday morning?', 'morn', 'filler'],
    ['Why do I sleep badly at night?', 'night', 'query'],
  ];
  test.each(table)('%s: %s is %s', (q, stem, source) => {
    const t = analyzeQuery(q).terms.find((x) => x.term.startsWith(stem));
    expect(t?.source).toBe(source);
  });
});

describe('a routine ask by weekday finds what the user does then now', () => {
  test('quiz night given up for life drawing', async () => {
    const said = ['Thursday is quiz night at the Red Lion with my old team', 'gave up the quiz, I do life drawing classes on Thursdays now'];
    await withOfflineApp(said, async (ask) => {
      await expectContexts(ask, [
        ['What am I doing on Thursday evenings?', ['life drawing']],
        ['What do I do on Monday mornings?', []],
      ]);
    }, { sessions: true });
  });
});
