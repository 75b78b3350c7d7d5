/**
 * @module test/core/extraction-frames-s10b
 * Session 10b: changes kept only when they transferred from the DEV half of the read blind rounds (odd rounds r5–r35)
 * to the CHECK half (even rounds). Sentences of our own, written for the clause rule, each beside hard negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said, asked, has } = wordnetFacts(wordnet);
const keys = (facts: string[], key: string) => facts.filter((f) => f.split('|')[1] === key);

describe('generic dated activities: only the speaker’s own clause yields one', () => {
  test.each([
    'my uncle sold his allotment shed last weekend',
    'Grandma repainted the whole kitchen on Tuesday',
    'my brother-in-law stays with us over christmas, wish me luck',
    "my cousin Priyanka redid her bathroom in march and it's gorgeous",
  ])('a third party’s doing with no named kind: no event — %s', (text) => expect(keys(said(text), 'event_activity')).toEqual([]));

  test.each([
    ['I repainted the whole kitchen on Tuesday', 'user', /repainted/],
    ['we built a treehouse for the kids last weekend', 'user', /treehouse/],
    ['My flatmate Oskar is running the Berlin marathon in September', 'oskar', /marathon/],
    ['my sister is training for a triathlon in august', 'sister', /triathlon/],
  ])('the speaker’s own doing, or a named race of someone else’s, still is — %s', (text, who, value) =>
    expect(has(said(text), who, 'event_activity', value)).toBe(true));
});

describe('sarcasm: interjections piled up before a mock "sure"', () => {
  test.each([
    "oh yeah sure, I'll just run an ultramarathon on saturday, easy",
    'ah well sure, I totally speak fluent Mandarin now',
    'yeah sure, I just LOVE being a night manager at Tesco',
  ])('screened — %s', (text) => expect(said(text).filter((f) => f.startsWith('user|'))).toEqual([]));

  test.each([
    ['oh yeah, I speak Mandarin at home with my parents', 'language', /mandarin/],
    ['sure, I work at Tesco as a night manager', 'employer', /tesco/],
    ['ok sure, I have a cat called Biscuit', 'pet', /biscuit/],
  ])('a plain "yeah"/"sure" before a real statement is not sarcasm — %s', (text, key, value) => expect(has(said(text), 'user', key, value)).toBe(true));
});

describe('entity state: gear named by its activity ends the activity', () => {
  test.each([
    ['finally hung up my hockey skates, twenty winters was plenty', /hockey/],
    ['sold my fencing mask to a lad at the club', /fencing/],
    ['got rid of my skiing boots, not going back up a mountain', /skiing/],
  ])('hobby retracted — %s', (text, value) => expect(has(said(text), 'user', 'hobby', value, 'retract')).toBe(true));

  test.each([
    'hung up the washing before the rain came',
    'hung up my coat and put the kettle on',
    'I hung up on the scam caller',
    'my brother hung up his boxing gloves last year',
  ])('no gear of an activity, or not the speaker’s: nothing retracted — %s', (text) => expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]));
});

describe('entity state: an animal or a name buried has died', () => {
  test.each([
    ['buried Pongo under the pear tree after lunch', /pongo/],
    ['we buried our old rabbit by the shed yesterday', /rabbit/],
  ])('pet retracted — %s', (text, value) => expect(has(said(text), 'user', 'pet', value, 'retract')).toBe(true));

  test.each([
    'buried my keys somewhere in this bag again',
    "I'm buried in marking this week",
    'my sister buried her hamster today',
    'we buried the hatchet with the neighbours',
  ])('no animal of the speaker’s: nothing retracted — %s', (text) => expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]));
});

describe('age: a spelled-out age the speaker turned', () => {
  test.each([
    ['Turned forty-one on Tuesday, spent it asleep on the sofa', '41'],
    ['I turned fifty last week and nobody noticed', '50'],
    ['just turned twenty-nine, still feel nineteen', '29'],
  ])('%s', (text, age) => expect(has(said(text), 'user', 'age', new RegExp(`^${age}$`))).toBe(true));

  test.each([
    'she turned twelve on Saturday, a proper pre-teen now',
    'my nephew turned thirteen last week',
    'turned five pages and fell asleep',
    'the meeting turned into a two hour rant',
  ])('not the speaker’s own age: none — %s', (text) => expect(keys(said(text), 'age').filter((f) => f.startsWith('user|'))).toEqual([]));
});

describe('negation scope: a perfect under "never" ends nothing', () => {
  test.each([
    "I've never owned a car, I cycle everywhere",
    'we have never had a car in this family',
    "I don't drink and I've never owned a scooter",
  ])('no retraction — %s', (text) => expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]));

  test.each([
    ["I don't have a car anymore", 'vehicle', /car/],
    ['sold my van last week', 'vehicle', /van/],
  ])('an ending still retracts — %s', (text, key, value) => expect(has(said(text), 'user', key, value, 'retract')).toBe(true));
});

describe('entity state: a sentence that ends a pet does not also keep it', () => {
  test.each([
    ['had to say goodbye to our old collie Bramble this morning', /bramble/],
    ['We lost Pippin, our old spaniel, in the night.', /pippin/],
  ])('retracted and not asserted — %s', (text, value) => {
    const facts = said(text);
    expect(has(facts, 'user', 'pet', value, 'retract')).toBe(true);
    expect(facts.filter((f) => f.startsWith('user|pet|') && f.endsWith('|assert'))).toEqual([]);
  });

  test.each([
    ['RIP Biscuit, and we got a kitten called Juniper yesterday', /juniper/],
    ['Biscuit died last spring. We have a kitten called Juniper now', /juniper/],
  ])('another animal named beside the ending is still asserted — %s', (text, value) => expect(has(said(text), 'user', 'pet', value, 'assert')).toBe(true));
});

describe('a role said as the subject of what it is like: "being a/an <occupation> is …"', () => {
  test.each([
    ['being a paramedic is the most tiring thing I have ever done', /paramedic/],
    ['another double shift, being a locksmith has its moments', /locksmith/],
  ])('job title — %s', (text, value) => expect(has(said(text), 'user', 'job_title', value)).toBe(true));

  test.each([
    'being a vet would be a dream',
    'being a mum is harder than any job',
    'my cousin says being a paramedic is brutal',
    "being a locksmith isn't for me",
  ])('a wish, no occupation, someone else’s or denied: none — %s', (text) => expect(keys(said(text), 'job_title').filter((f) => f.startsWith('user|'))).toEqual([]));
});

describe('answers: a yes hedged into another value of the same slot', () => {
  test.each([
    ['Are you vegan, by the way?', 'yeah — well, vegetarian, I still eat eggs', 'diet', /^vegetarian$/, /vegan/],
    ['Are you a solicitor these days?', 'yes, well, a paralegal really', 'job_title', /paralegal/, /solicitor/],
  ])('%s — %s', (q, a, key, value, old) => {
    const facts = asked(q, a);
    expect(has(facts, 'user', key, value)).toBe(true);
    expect(has(facts, 'user', key, old)).toBe(false);
  });

  test.each([
    ['Are you vegan, by the way?', 'yeah, well mostly', 'diet', /vegan/],
    ['Are you vegan, by the way?', 'yes', 'diet', /vegan/],
    ['Are you a solicitor?', 'yes, actually, for six years now', 'job_title', /solicitor/],
  ])('a hedge that names no other value keeps the claim — %s — %s', (q, a, key, value) => expect(has(asked(q, a), 'user', key, value)).toBe(true));
});

describe('pastimes: a verbless activity with a plural weekday is a habit', () => {
  test.each([
    ['fencing on thursdays, then a pint after', /fencing/],
    ['volleyball on tuesdays with the uni lot', /volleyball/],
    ['squash on mondays, swimming at weekends', /squash/],
  ])('hobby — %s', (text, value) => expect(has(said(text), 'user', 'hobby', value)).toBe(true));

  test.each([
    'recycling in Leeds goes out on thursdays now',
    'the gym at weekends is rammed',
    'meetings on mondays drag on forever',
  ])('the activity is the subject of its own verb: no hobby — %s', (text) => expect(keys(said(text), 'hobby')).toEqual([]));
});

describe('dislikes: a doing keeps its setting', () => {
  test.each([
    ['I hate queuing at the post office, it takes forever', /queuing at the post office/],
    ['I really hate driving in the dark', /driving in the dark/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'dislike', value)).toBe(true));

  test.each([
    ['I hate cooking', /^cooking$/],
    ['I hate mushrooms on pizza', /mushrooms/],
  ])('no gerund with a setting: as before — %s', (text, value) => expect(has(said(text), 'user', 'dislike', value)).toBe(true));
});
