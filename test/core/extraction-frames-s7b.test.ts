/**
 * @module test/core/extraction-frames-s7b
 * Session-7 classes read from blind round r27 (never its lines: sentences of our own): a declarative question about
 * the user answered with an elaborated or late yes ("aye"), a span "off" a food, a span and a bare role ("nine years
 * a locksmith"), a language the speaker calls theirs ("my Welsh is rusty"). Each with negatives.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { recentTurn, TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const facts = (messages: Array<{ role: 'user' | 'assistant'; content: string }>) =>
  extractOffline(messages, { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).map((m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}`);
const said = (text: string) => facts([{ role: 'user', content: text }]);

describe('answers to a declarative question about the user', () => {
  test.each([
    ['So you live in Galway now?', 'since the spring, aye', 'user|location|galway'],
    ['And you work at Nandos?', 'for about two years now', 'user|employer|nandos'],
  ])('%s — %s', (q, a, want) => expect(facts([{ role: 'assistant', content: q }, { role: 'user', content: a }])).toContain(want));

  test.each([
    ['So you live in Galway now?', 'not any more, moved back to Sligo'],
    ['You know what I mean?', 'every time, aye'],
  ])('no yes: %s — %s', (q, a) => expect(facts([{ role: 'assistant', content: q }, { role: 'user', content: a }]).some((f) => /galway|know/.test(f))).toBe(false));
});

describe('spans', () => {
  test.each([
    ['six years off meat and I feel great', 'user|diet|vegetarian'],
    ['nine years a locksmith, and my knees know it', 'user|job_title|locksmith'],
    ['twenty years now a midwife', 'user|job_title|midwife'],
  ])('%s', (text, want) => expect(said(text)).toContain(want));

  test.each([['three years off work with my back'], ['two weeks a holiday would be nice'], ['ten years a mystery to me']])('nothing: %s', (text) =>
    expect(said(text).filter((f) => /diet|job_title/.test(f))).toEqual([]),
  );
});

describe('a language the speaker calls theirs', () => {
  test.each([
    ['my welsh is rusty but I get by', 'user|language|welsh'],
    ['My Portuguese is coming along nicely', 'user|language|portuguese'],
    ['polishing my Japanese before the move', 'user|language|japanese'],
  ])('%s', (text, want) => expect(said(text)).toContain(want));

  test.each([['his welsh is better than mine'], ['my Python scripts keep breaking'], ['my welsh cakes burnt again']])('nothing: %s', (text) =>
    expect(said(text).filter((f) => f.includes('|language|'))).toEqual([]),
  );
});

describe('endings: a causative have/get as the main verb, and "<verb> it a <word>" idioms', () => {
  test.each([
    ['my cat Mabel is fourteen', 'we had Mabel put to sleep on friday', /^user\|pet\|.*mabel/],
    ['I drive an old Micra', 'got the Micra scrapped in the end', /^user\|vehicle\|.*micra/],
    ['my boyfriend Tariq is a chef', 'Tariq and I called it a day last month', /^user\|partner\|.*tariq/],
  ])('%s → %s', (earlier, now, want) => {
    const out = extractOffline([{ role: 'user', content: now }], { timestamp: TS, sessionId: 's', recentTurns: [recentTurn([{ role: 'user', content: earlier }], 0, '2024-05-01T10:00:00.000Z')] }, true, undefined, wordnet)
      .filter((m) => m.op === 'retract')
      .map((m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}`);
    expect(out.some((r) => want.test(r))).toBe(true);
  });

  test.each([['we had the boiler put in last week'], ['I had my hair cut'], ['called it a day at the office and went home']])('ends nothing: %s', (text) =>
    expect(extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).filter((m) => m.op === 'retract')).toEqual([]),
  );
});

describe('repairs found in our own sentences', () => {
  test.each([
    ['we are having mackerel tonight', 'pet'],
    ['I had turkey at my nan’s yesterday', 'pet'],
    ['salsa classes every monday with my mate Jordan, best bit of my week', 'employer'],
  ])('%s → no %s', (text, key) => expect(said(text).filter((f) => f.includes(`|${key}|`))).toEqual([]));

  test.each([
    ['I have a duck called Pancake', 'user|pet|duck named pancake'],
    ['first week with Northvolt done, knackered', 'user|employer|northvolt'],
  ])('still: %s', (text, want) => expect(said(text)).toContain(want));
});
