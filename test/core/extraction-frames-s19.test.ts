/**
 * @module test/core/extraction-frames-s19
 * Session 19: a value ends before a time adverbial ("in the spring", "at 30", "as a kid"); a school grade taught names
 * the teacher; an employer named by a possessive keeps it ("McDonald's"); a superlative after a possessive stands for the
 * relative ("Max is my oldest"); a he/she after a confirmed relative or opening a message speaks of the one person just
 * named; "How old are you?" answered with a number; a coming birthday on any later day leaves the age one less; a denied
 * ability to eat a food names an allergy or a free-from diet; a learned pet never takes an indefinite article. Sentences
 * of our own, each beside a negative.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { cannotEatDrafts } from '../../src/core/extraction/frames/cannot-eat.ts';
import { cutValue } from '../../src/core/extraction/values.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said, asked, has } = wordnetFacts(wordnet);

describe('a value ends before a time adverbial', () => {
  test.each([
    ['lupus in the autumn', 'lupus'],
    ['dyslexia at 40, which explains school', 'dyslexia'],
    ['eczema as a toddler', 'eczema'],
    ['gout in my forties', 'gout'],
    ['a bakery in the high street', 'bakery in the high street'],
    ['Studio 54', 'Studio 54'],
  ])('%s', (raw, value) => expect(cutValue(raw)).toBe(value));

  test('a condition diagnosed in a season is the condition alone', () => {
    expect(has(said('my aunt Freya was diagnosed with glaucoma in the winter'), 'freya', 'health_condition', /^glaucoma$/)).toBe(true);
    expect(has(said('I was diagnosed with tinnitus at 25'), 'user', 'health_condition', /^tinnitus$/)).toBe(true);
  });
});

describe('a school grade taught names the teacher', () => {
  test.each([
    ['I teach fourth grade in a small town', 'user', /^fourth grade teacher$/],
    ['my cousin Ines teaches year 2', 'ines', /^year 2 teacher$/],
    ["I'm teaching kindergarten this year", 'user', /^kindergarten teacher$/],
  ])('%s', (text, who, value) => expect(has(said(text), who, 'job_title', value)).toBe(true));

  test('teaching a person or a skill to someone is no grade', () => {
    expect(said('I teach my nephew chess').some((f) => f.includes('|job_title|'))).toBe(false);
  });
});

describe("an employer named by a possessive keeps its 's", () => {
  test.each([
    ["I got a Saturday job at Wendy's", /^wendy's$/],
    ["my brother Omar works at Nando's in town", /^nando's$/],
  ])('%s', (text, value) => expect(said(text).some((f) => /\|employer\|/.test(f) && value.test(f.split('|')[2]))).toBe(true));

  test('a person named by a possessive before a noun is not kept as a business', () =>
    expect(said("I work at Priya's bakery").some((f) => /\|employer\|priya's$/.test(f.replace(/\|assert$/, '')))).toBe(false));
});

describe('a superlative after a possessive stands for the relative', () => {
  test.each([
    ['Noor is my youngest', 'child', /^noor/],
    ['Felix is our eldest', 'child', /^felix/],
    ['Joss is my oldest', 'child', /^joss/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value)).toBe(true));

  test('a superlative before its noun stays an adjective', () => expect(said('my oldest friend Pam is visiting').some((f) => f.startsWith('user|child|'))).toBe(false));
});

describe('he/she speaks of the one person just named', () => {
  test('after a confirmed relative', () => {
    const facts = asked('Is Arlo your son?', "yes, he's 11");
    expect(has(facts, 'arlo', 'age', /^11$/)).toBe(true);
  });
  test('opening a message, after the last turn named one person', () => {
    expect(has(said("she's a vet there", ['my sister Wren just moved to Cardiff']), 'wren', 'job_title', /^vet$/)).toBe(true);
    expect(has(said('he works nights at the depot now', ['my friend Kwame is staying with us']), 'kwame', 'work_schedule', /night/)).toBe(true);
  });
  test('not when the last turn named two people, nor when the message names its own', () => {
    expect(said("she's a vet there", ['my sister Wren and my cousin Bea came round']).some((f) => f.includes('|job_title|'))).toBe(false);
    expect(has(said("she's a vet there", ['my sister Wren just moved to Cardiff']), 'user', 'job_title', /vet/)).toBe(false);
  });
});

describe('"How old are you?" answered with a number', () => {
  test.each([
    ['52', /^52$/],
    ['38, why do you ask?', /^38$/],
    ['61 next month, scary', /^60$/],
  ])('%s', (answer, value) => expect(has(asked('How old are you, if you do not mind me asking?', answer), 'user', 'age', value)).toBe(true));
  test('no number is no age', () => expect(asked('How old are you?', 'old enough haha').some((f) => f.includes('|age|'))).toBe(false));
});

describe('a coming birthday on a later day', () => {
  test.each([
    ['I turn 45 next week', /^44$/],
    ['turning 30 on Saturday and I feel ancient', /^29$/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'age', value)).toBe(true));
  test('a birthday already past is the age as said', () => expect(has(said('I turned 45 last week'), 'user', 'age', /^45$/)).toBe(true));
});

describe('a denied ability to eat', () => {
  test.each([
    ["I can't eat walnuts", 'allergy', 'walnuts'],
    ['I cannot have shrimp or eggs', 'allergy', 'shrimp'],
    ["I can't eat anything with sesame in it", 'allergy', 'sesame'],
    ["I can't have gluten", 'diet', 'gluten-free'],
    ["I can't have dairy anymore", 'diet', 'dairy-free'],
  ])('%s', (text, key, value) => expect(cannotEatDrafts(text, wordnet).some((d) => d.key === key && d.value === value)).toBe(true));
  test.each([
    "I can't eat spicy food",
    "I can't eat another bite",
    "if I can't eat nuts, what else is there?",
    "I can't believe the price of eggs",
    "I can't cook fish without setting off the alarm",
  ])('not read: %s', (text) => expect(cannotEatDrafts(text, wordnet)).toEqual([]));
  test("someone else's is not the speaker's", () => expect(said("my son can't eat eggs").some((f) => f.startsWith('user|allergy|'))).toBe(false));
});

describe('a learned pet takes no indefinite article', () => {
  test('a carried device is no pet', () => expect(said('wasps make my arm swell up, I carry an epipen now').some((f) => f.includes('|pet|'))).toBe(false));
});

describe('a job title ends before the clause verb', () => {
  test('"my job as a bus driver starts at 5am"', () => expect(has(said('my job as a train guard starts at 6am'), 'user', 'job_title', /^train guard$/)).toBe(true));
  test('one hobby for "doing yoga" and "yoga"', () => expect(said("I've started doing pilates every morning").filter((f) => f.includes('|hobby|')).length).toBe(1));
});

describe("a kin title or a possessed relative before 's and an age", () => {
  test.each([
    ["Nana's 88 and sharper than me", 'nana', /^88$/],
    ["my brother's 41 now", 'brother', /^41$/],
    ['grandad is 93 this year', 'grandad', /^93$/],
  ])('%s', (text, who, value) => expect(has(said(text), who, 'age', value)).toBe(true));
  test.each(["my sister's 30th is on Saturday", "Mum's 50 quid is on the table"])('no age: %s', (text) => expect(said(text).some((f) => f.includes('|age|'))).toBe(false));
  test('a lower-case title carries facts, not a relation of its own', () => expect(said("mum's convinced I'm in a cult").some((f) => f.startsWith('user|parent|'))).toBe(false));
});

describe("an activity's gerund judged", () => {
  test.each([
    ['rowing is brilliant', 'opinion_rowing'],
    ['ok fine, I caved, climbing is actually great fun', 'opinion_climbing'],
    ['gardening is so boring', 'opinion_gardening'],
  ])('%s', (text, key) => expect(said(text).some((f) => f.startsWith(`user|${key}|`))).toBe(true));
  test.each(['getting up early is hard', 'nothing is working', 'the morning is grey'])('no activity judged: %s', (text) => expect(said(text).some((f) => f.includes('|opinion_'))).toBe(false));
});

describe('an ending over a possessed animal the tagger reads as an adjective', () => {
  test.each([
    ['we had to rehome our husky', /husky/],
    ['had to rehome our boxer, he needed a garden', /boxer/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'pet', value, 'retract')).toBe(true));
  test('an unknown verb after "to" and before a possessive is not capitalised into a name', () =>
    expect(said('need to declutter my flat before the move').some((f) => /\|[a-z_]+\|declutter/.test(f))).toBe(false));
});

describe("an organisation's premises or shift", () => {
  test.each([
    ['another Monday in the Nationwide office, send coffee', /^nationwide$/],
    ['how do people survive night shifts at the Amazon warehouse? asking for me', /^amazon$/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'employer', value)).toBe(true));
  test.each([
    'i go into the london office once a week for deloitte',
    'the woman behind me at the post office was shouting',
    'are night shifts at Amazon warehouses hard?',
  ])('no employer from a town or a stranger: %s', (text) => expect(said(text).some((f) => /\|employer\|(?:london|post|amazon)$/.test(f.replace(/\|assert$/, '')))).toBe(false));
});

describe('a name the user owns said to be an animal of a kind', () => {
  test('"our Koda is a husky"', () => expect(has(said('our Koda is a husky'), 'user', 'pet', /husky named koda/)).toBe(true));
  test('confirmed to the assistant', () => expect(has(asked('Is Maple a beagle?', 'yes, a very naughty one'), 'user', 'pet', /beagle named maple/)).toBe(true));
  test('a person asked about is no pet and no vehicle', () => expect(asked('Is Sam a nurse?', 'yes').some((f) => /\|(?:pet|vehicle)\|/.test(f))).toBe(false));
});

describe('a name that is first a common noun, shown as an animal by its sign', () => {
  test.each([
    ['Pepper sleeps on the radiator all afternoon and purrs when I get home', 'pepper'],
    ['Bristol meows at the fridge every morning', 'bristol'],
    ['Shadow chases the hoover and then sits there purring like nothing happened', 'shadow'],
  ])('%s', (text, name) => expect(said(text).some((f) => f.startsWith('user|pet|') && f.includes(name))).toBe(true));
  test.each(['Traffic moves slowly here and the dog next door is barking all night', 'Work sucks and I just want to cry'])('no pet: %s', (text) =>
    expect(said(text).some((f) => f.startsWith('user|pet|'))).toBe(false));
});

describe('confirmations of a place, a named animal or a vehicle the assistant checks', () => {
  test('"you\'re in X, right?" — "correct" is where they live', () => expect(has(asked("Just to check, you're in Nottingham, right?", 'correct'), 'user', 'location', /nottingham/)).toBe(true));
  test('"born and raised" confirms', () => expect(has(asked("And you're in Dundee?", 'born and raised'), 'user', 'location', /dundee/)).toBe(true));
  test('"Born and raised in X" opening a message is no confirmation', () => expect(has(asked('Where are you from?', 'Born and raised in Hull, living in York now.'), 'user', 'location', /york/)).toBe(true));
  test('"Is Bramble the cat you rescued?" — "that\'s her!"', () => expect(has(asked('Is Bramble the cat you rescued last spring?', "that's her!"), 'user', 'pet', /cat named bramble/)).toBe(true));
  test('"Is the car you mentioned your Skoda Octavia?" — "yes"', () => expect(has(asked('Is the car you mentioned your Skoda Octavia?', 'yes, that one'), 'user', 'vehicle', /skoda octavia/)).toBe(true));
  test('"my van is a Ford Transit"', () => expect(has(said('my van is a Ford Transit, it is falling apart'), 'user', 'vehicle', /ford transit/)).toBe(true));
});

describe('a sentence about someone else teaches the learned layer nothing of the speaker', () => {
  test('"my friend Odile just got hired as a nurse at Kaiser"', () => expect(said('My friend Odile just got hired as a nurse at Kaiser in Oakland!!').some((f) => f.startsWith('user|employer|'))).toBe(false));
});

describe("the asker's age a question opens with, and notice put in", () => {
  test.each([
    ['at 58 am I too old to take up the cello?', /^58$/],
    ['at 39, is it too late to retrain as a midwife?', /^39$/],
    ['Question from a 71 year old (me): which tablet is easiest to use?', /^71$/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'age', value)).toBe(true));
  test('a generic age question is no age of the asker', () => expect(said('is a 56 year old too old to learn piano?').some((f) => f.includes('|age|'))).toBe(false));
  test('"put in my notice" ends the current job; "put in the laptop bag" does not', () => {
    expect(said('I put in my notice yesterday, last day is the 30th').some((f) => f.startsWith('user|employer|') && f.endsWith('|retract'))).toBe(true);
    expect(said('I put in the laptop bag').some((f) => f.includes('|employer|'))).toBe(false);
  });
});
