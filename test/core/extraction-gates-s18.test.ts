/**
 * @module test/core/extraction-gates-s18
 * Session 18: the cheap looks before costly readers answer as the readers would. Word runs (plain loops) against the
 * reading they replace; the landmark cue (runs tried only at the words that open them) against trying every run at
 * every word, for every cue run of the table; the headless kin roster and the language roster, which now return early,
 * on rosters written with spelled ages, capitalised words and no language.
 */
import { describe, expect, test } from 'vitest';
import { hasRun, runAt } from '../../src/core/extraction/word-runs.ts';
import { hasCueUncached } from '../../src/core/extraction/frames/landmark.ts';
import { LANDMARK_CUES } from '../../src/core/extraction/frames/table.ts';
import { kinRoster } from '../../src/core/extraction/frames/kin-roster.ts';
import { languageRoster } from '../../src/core/extraction/frames/language-roster.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const wordnet = openLexicon({}).lexicon;

/** The readings the loops replaced. */
const runAtBefore = (words: readonly string[], run: readonly string[], at = 0) => run.every((w, k) => (w === '#' ? /^\d+$/.test(words[at + k] ?? '') : words[at + k] === w));
const hasRunBefore = (words: readonly string[], run: readonly string[]) => words.some((_, i) => runAtBefore(words, run, i));
const cueBefore = (sentence: string) => {
  const words = sentence.toLowerCase().replace(/[^\p{L}\s']+/gu, ' ').split(/\s+/).filter(Boolean);
  if (LANDMARK_CUES.rounds.some((run) => hasRunBefore(words, run)) || LANDMARK_CUES.own.some((run) => hasRunBefore(words, run))) return true;
  return words.some((_, i) => LANDMARK_CUES.views.some((run) => runAtBefore(words, run, i) && (LANDMARK_CUES.homes as readonly string[]).includes(words[i + run.length] ?? '')));
};

describe('word runs', () => {
  const words = ['all', '282', 'of', 'them', 'these', 'days'];
  test.each([
    [['all', '#'], 0],
    [['all', '#'], 1],
    [['these', 'days'], 4],
    [['these', 'days'], 5],
    [['days'], 5],
    [[], 3],
    [['them', 'these', 'days', 'more'], 3],
    [['#', 'of'], 1],
    [['#'], 0],
  ] as const)('%j at %i', (run, at) => expect(runAt(words, run, at)).toBe(runAtBefore(words, run, at)));
  test.each([[['these', 'days']], [['all', '#']], [['of', '#']], [[]], [['days', 'gone']]] as const)('%j anywhere', (run) => {
    expect(hasRun(words, run)).toBe(hasRunBefore(words, run));
    expect(hasRun([], run)).toBe(hasRunBefore([], run));
  });
});

describe('the landmark cue, tried only where a run opens', () => {
  const sentences: string[] = [];
  for (const run of [...LANDMARK_CUES.rounds, ...LANDMARK_CUES.own]) sentences.push(`Honestly ${run.join(' ')} I see it`, `${run.join(' ')}`, `${run.slice(0, -1).join(' ')} and ${run[run.length - 1]}`);
  for (const run of LANDMARK_CUES.views) {
    for (const home of LANDMARK_CUES.homes) sentences.push(`I can see the Shard ${run.join(' ')} ${home}!`);
    sentences.push(`I can see it ${run.join(' ')} car`, `${run.join(' ')}`);
  }
  sentences.push('', 'we saw Big Ben on our weekend away', "From my balcony, I watch the boats", 'walk, past the bins', 'EVERY MORNING');
  test.each(sentences)('%j', (s) => expect(hasCueUncached(s)).toBe(cueBefore(s)));
  test('some cue fires and some does not', () => {
    expect(sentences.filter((s) => hasCueUncached(s)).length).toBeGreaterThan(100);
    expect(sentences.filter((s) => !hasCueUncached(s)).length).toBeGreaterThan(10);
  });
});

describe('rosters that return early still read what they read', () => {
  test.each([
    ['Ezra (four) and Milo (nineteen months)', ['Ezra', 'Milo']],
    ['Ansel is twelve and Linnea is ten', ['Ansel', 'Linnea']],
    ['Ada (7) and Rufus (3)', ['Ada', 'Rufus']],
  ])('kin: %s', (text, names) => expect(kinRoster(text, 'user').filter((d) => d.key === 'age').map((d) => d.subject?.split(' ').pop()?.toLowerCase())).toEqual(names.map((n) => n.toLowerCase())));
  test.each(['Ezra and Milo love the park', 'Berlin and Oslo in May', 'Ada (seventies style) and Rufus'])('no kin roster without ages: %s', (text) => expect(kinRoster(text, 'user')).toEqual([]));
  test('languages in a list', () => expect(languageRoster('Kannada with amma, Hindi with friends, English at the office', 'user', wordnet).map((d) => d.value)).toEqual(['Kannada', 'Hindi', 'English']));
  test.each(['Berlin with Maya, Oslo with Tom, Lisbon at Easter', 'Maya at home, Tom at work and English later'])('no language in an item: %s', (text) => expect(languageRoster(text, 'user', wordnet)).toEqual([]));
});
