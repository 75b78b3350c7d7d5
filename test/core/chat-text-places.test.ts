/**
 * In a lower-case message, the word after a place cue is capitalised as a place name unless the
 * lexicon knows it only as something else ("moved to day shifts"): WordNet decides, not a list.
 * Then the extractor, end to end: a common word after "moved to" is no location.
 */
import { describe, expect, test } from 'vitest';
import { caseLowerNames } from '../../src/core/extraction/chat-text.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { briefLower, TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;

describe('caseLowerNames with the lexicon', () => {
  test.each([
    ['i moved to day shifts last month', 'i moved to day shifts last month'],
    ['we moved to evenings', 'we moved to evenings'],
    ['moving to weekends only', 'moving to weekends only'],
    // unknown words and words with a place sense are still names
    ['i moved to bristol last year', 'i moved to Bristol last year'],
    ['moved to bath in may', 'moved to Bath in may'],
    ['we live in kwamebury now', 'we live in Kwamebury now'],
    // workplace cues keep their names even when the word is a common noun
    ['started at apple last week', 'started at Apple last week'],
  ])('%s', (input, out) => expect(caseLowerNames(input, wordnet)).toBe(out));
});

describe('no location from a common word after a move', () => {
  const run = (content: string) => briefLower(extractOffline([{ role: 'user', content }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet));
  test.each(['finally off nights! i moved to day shifts in the outpatients clinic', 'we moved to part-time hours in june', "i've moved to evenings at the bar"])('%s', (text) => {
    expect(run(text).filter((l) => l.includes('|location|'))).toEqual([]);
  });
  test('a town after the same cue is still the location', () => {
    expect(run('i moved to bristol last year')).toContain('user|location|bristol|assert');
  });
});
