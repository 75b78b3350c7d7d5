import { describe, expect, test } from 'vitest';
import { questionDate } from '../../src/core/recall/question-dates.ts';

const span = (q: string) => questionDate(q)?.range ?? null;

describe('question dates: a day, a month, a year', () => {
  test.each([
    ['What did Nate do for Joanna on 25 May, 2022?', '2022-05-25', '2022-05-26'],
    ['What did she bring on the 25th of May 2022?', '2022-05-25', '2022-05-26'],
    ['Where was the photo taken that he shared on December 1,2023?', '2023-12-01', '2023-12-02'],
    ['What did Maria plan for the evening of 7 July, 2023?', '2023-07-07', '2023-07-08'],
    ['Where did Joanna travel to in July 2022?', '2022-07-01', '2022-08-01'],
    ['What happened in 2021?', '2021-01-01', '2022-01-01'],
  ])('%s', (q, from, to) => expect(span(q)).toEqual({ from, to }));
});

describe('question dates: ranges', () => {
  test.each([
    ['Where was John between August 11 and August 15 2023?', '2023-08-11', '2023-08-16'],
    ['Where was he between 11 August 2023 and 15 August 2023?', '2023-08-11', '2023-08-16'],
    ['What did she do from 3 to 7 July 2023?', '2023-07-03', '2023-07-08'],
    ['What did they do from March 2022 until May 2022?', '2022-03-01', '2022-06-01'],
    ['What did John do the week before August 3, 2023?', '2023-07-27', '2023-08-04'],
    ['Which puppy did she get two weeks before August 11, 2023?', '2023-07-28', '2023-08-12'],
  ])('%s', (q, from, to) => expect(span(q)).toEqual({ from, to }));
});

describe('question dates: a part of a month or a year', () => {
  test.each([
    ['Which country was Tim visiting in the second week of November 2023?', '2023-11-08', '2023-11-15'],
    ['What did she cook in the first week of March 2024?', '2024-03-01', '2024-03-08'],
    ['Where was he in the last week of February 2023?', '2023-02-22', '2023-03-01'],
    ['What did they do the week of May 10, 2023?', '2023-05-08', '2023-05-15'],
    ['Where did they go on the weekend of 14 October 2023?', '2023-10-13', '2023-10-16'],
    ['Which tournament did Nate win in the beginning of November 2022?', '2022-11-01', '2022-11-11'],
    ['What did they do in early June 2023?', '2023-06-01', '2023-06-11'],
    ['What happened at the end of January 2024?', '2024-01-22', '2024-02-01'],
    ['Was the first half of September 2022 a good month for Nate?', '2022-09-01', '2022-09-16'],
    ['What did he do in the first half of 2023?', '2023-01-01', '2023-07-01'],
    ['What changed in the second half of 2021?', '2021-07-01', '2022-01-01'],
  ])('%s', (q, from, to) => expect(span(q)).toEqual({ from, to }));
});

describe('question dates: none stated', () => {
  test.each([
    'When did she go?',
    'What did May say about the trip?',
    'What did Joanna write yesterday that appeared on the big screen?',
    'What did Nate find in old notebooks last week?',
    'What city did Tim suggest for the team trip next month?',
    'What did John get on Aug 15th?',
    'How many weeks passed between Maria adopting Coco and Shadow?',
    'Which week did Tim visit the UK?',
    'What did he score in the second half of the game?',
  ])('%s', (q) => expect(span(q)).toBeNull());
});

describe('question dates: the words that spelled the date', () => {
  test('a part and its date are the date words, the topic is not', () => {
    const d = questionDate('Which country was Tim visiting in the second week of November 2023?');
    expect(d?.words).toEqual(['second', 'week', 'of', 'November', '2023']);
  });
  test('a date with a relative part keeps the written date', () => {
    expect(span('What was his writing issue last week, as mentioned on November 6, 2023?')).toEqual({ from: '2023-11-06', to: '2023-11-07' });
  });
});
