/**
 * @module test/core/extraction-frames-f21
 * Issue 15, helper f21: languages said with the setting first or in a clause of their own, a condition reported as
 * the speaker's "I have X" or named by its shape (a dysfunction adjective on a body part, a body part's problem, a
 * level), a diet named by the foods kept beside those ruled out, and an allergy told as a reaction with its trigger.
 * Sentences of our own (other words than the read rounds), each table beside its negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { dietByFoods } from '../../src/core/extraction/rules/health.ts';
import { TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;

/** The speaker's values of one key, lower-cased. */
const own = (text: string, key: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)
    .filter((c) => c.key === key && c.subject === 'user' && (c.op ?? 'assert') === 'assert')
    .map((c) => c.value.toLowerCase());

describe('languages: the setting first, or a clause of its own', () => {
  test.each([
    ["With my grandparents it's Gujarati, and with everyone else it's English.", ['gujarati', 'english']],
    ["In the house we talk Cantonese and outside it's mostly English.", ['cantonese', 'english']],
    ['I was raised speaking Polish and German, but nowadays French is what I speak most at the office.', ['polish', 'german', 'french']],
    ['Arabic is my first language, though I mostly use Dutch at work now.', ['arabic', 'dutch']],
    ["in the kitchen it's Farsi with my aunties and Swedish everywhere else", ['farsi', 'swedish']],
    ["Growing up it was Yoruba, and now it's English most of the time.", ['yoruba', 'english']],
    ["I'm a native Tagalog speaker.", ['tagalog']],
    ['My parents spoke Igbo to me, but I answered in English.', ['english']],
    ['I switch between Hebrew and English all day.', ['hebrew', 'english']],
  ])('%s', (text, want) => expect(own(text, 'language')).toEqual(expect.arrayContaining(want)));

  test.each([
    ['In Lyon it was French cuisine every night.'],
    ['My neighbour speaks Finnish at home and Swedish at work.'],
    ['I wish I could speak Greek with my in-laws and Russian at work.'],
    ['Maria is what I call her.'],
    ['Growing up it was Lego every weekend.'],
    ['I answered in a hurry.'],
  ])('not the speaker’s language: %s', (text) => expect(own(text, 'language')).toEqual([]));
});

describe('conditions: reported as "I have X", or named by shape', () => {
  test.each([
    ["The doctor told me I've got an overactive bladder.", 'overactive bladder'],
    ['Found out last month that I have sleep apnoea.', 'sleep apnoea'],
    ["They said I've got a hiatus hernia.", 'hiatus hernia'],
    ['I was told at my annual physical that I have high cholesterol.', 'high cholesterol'],
    ['I have an irregular heartbeat.', 'irregular heartbeat'],
    ['I have a kidney problem, so no ibuprofen for me.', 'kidney problem'],
    ['I have an underactive thyroid.', 'underactive thyroid'],
    ['My GP reckons I have mild asthma.', 'asthma'],
    ["I've had an underactive thyroid since my twenties.", 'underactive thyroid'],
  ])('%s', (text, want) => expect(own(text, 'health_condition')).toContain(want));

  test.each([
    ['My brother has an underactive thyroid.'],
    ["I don't have an irregular heartbeat, the monitor was wrong."],
    ['I have a feeling it will rain.'],
    ['Might I have a thyroid problem?'],
  ])('no condition of the speaker: %s', (text) => expect(own(text, 'health_condition')).toEqual([]));
});

describe('diets: the foods kept beside those ruled out', () => {
  test.each([
    ["I eat fish but no other meat.", 'pescatarian'],
    ["I don't eat meat, but I do eat fish.", 'pescatarian'],
    ['I eat eggs and cheese but no meat or fish.', 'vegetarian'],
    ['Fish is the only meat I eat.', 'pescatarian'],
    ["I'm basically pescatarian.", 'pescatarian'],
    ['I stopped eating meat but still have fish now and then.', 'pescatarian'],
  ])('%s', (text, want) => expect(own(text, 'diet')).toEqual([want]));

  test.each([
    ['No meat for me except prawns.', 'pescatarian'],
    ["I'll eat seafood, just not chicken or beef.", 'pescatarian'],
    ['Eggs are fine, but no meat, fish or dairy.', null],
    ['I eat chicken but no pork.', null],
    ['I eat fish on Fridays.', null],
    ['Would you eat fish but no meat?', null],
  ])('dietByFoods: %s', (text, want) => expect(dietByFoods(text)).toBe(want));

  test('someone else’s diet is not the speaker’s', () => expect(own('My sister eats fish but no other meat.', 'diet')).toEqual([]));
});

describe('allergies: a reaction with its trigger', () => {
  test.each([
    ["My eyes swell shut whenever I'm around cats.", 'cats'],
    ["Whenever I'm around horses my eyes stream.", 'horses'],
    ["I start sneezing like crazy whenever there's pollen around.", 'pollen'],
    ['I come out in blotches whenever I have dairy.', 'dairy'],
    ['Every time I eat walnuts my tongue tingles.', 'walnuts'],
    ['every time i eat anything with mustard my lips puff up', 'mustard'],
    ['Cats make my eyes puff up.', 'cats'],
    ['Being near dogs makes me sneeze.', 'dogs'],
    ["My throat gets scratchy when I'm around hay.", 'hay'],
  ])('%s', (text, want) => expect(own(text, 'allergy')).toEqual([want]));

  test.each([
    ["My eyes get tired whenever I'm around screens too long."],
    ["I sneeze whenever I'm around my brother."],
    ['My eyes water whenever I chop onions.'],
    ['Chopping onions makes my eyes sting.'],
    ['Cats make my son sneeze.'],
    ['My kids make me itch to get out of the house.'],
    ["My throat gets tight whenever I'm around my boss."],
    ["My daughter breaks out in hives whenever she's around dogs."],
  ])('no allergy of the speaker: %s', (text) => expect(own(text, 'allergy')).toEqual([]));
});
