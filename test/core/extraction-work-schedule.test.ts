/**
 * @module test/core/extraction-work-schedule
 * The working-schedule rule (rules/work-schedule.ts): a working predicate with schedule phrases in its clause gives
 * the subject's `work_schedule`; phrasal "work", other activities on a weekday, one free day, wishes, questions and
 * the past give nothing. Sentences in our own words.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const schedules = (text: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)
    .filter((m) => m.key === 'work_schedule')
    .map((m) => `${m.subject}|${m.value.toLowerCase()}`);

describe('work_schedule from a working predicate', () => {
  test.each([
    ['I work night shifts on the cardiac ward, Monday to Thursday, so I sleep in the daytime', 'user|night shifts, monday to thursday'],
    ['I work Wednesday to Sunday at the garden centre', 'user|wednesday to sunday'],
    ['honestly I only work three days a week these days', 'user|three days a week'],
    ['I work from home on Tuesdays and Thursdays', 'user|from home, tuesdays and thursdays'],
    ['I do ten-hour shifts at the depot', 'user|ten-hour shifts'],
    ['I pull a double shift every saturday', 'user|double shift, every saturday'],
    ["I'm on earlies for the rest of the month", 'user|earlies'],
    ["I'm part-time at the council now", 'user|part-time'],
    ["I'm on call every other weekend", 'user|on call, every other weekend'],
    ['My shifts are Thursday to Monday', 'user|thursday to monday'],
    ['I have Mondays off', 'user|days off: mondays'],
    ["I'm off on Sundays and Mondays", 'user|days off: sundays and mondays'],
    ['my husband works weekends at the hotel', 'husband|weekends'],
  ])('%s', (text, want) => {
    expect(schedules(text)).toContain(want);
  });
});

describe('no schedule', () => {
  test.each([
    ['I work out on weekends'],
    ['I work on my novel on Sundays'],
    ['I do the school run on Mondays'],
    ["I'm off on Friday to see my gran"],
    ['I wish I worked four days a week'],
    ['Do you work weekends?'],
    ['I worked nights for years before the kids'],
    ['If I went part-time we could not pay the rent'],
    ['I work for a logistics firm'],
  ])('%s', (text) => {
    expect(schedules(text)).toEqual([]);
  });
});
