/**
 * @module test/core/extraction-frames-s22
 * Session 22: a third party's condition said with "he" / "she" after the person was named; a diagnosis told to the
 * speaker in the passive ("been told by the GP it's X"); a parent counted by their children ("mum of three (…)") heads a
 * roster; a message opening with the speaker's age and role ("46, mum of three"); "I'm 39 with two kids"; a short
 * label before a colon does not hide the person mention after it; a building of dwellings is a home ("our tenement in
 * X"); "barks" is an animal sign; taken by a thing one has been doing ("been bingeing a podcast … and I'm obsessed");
 * a named thing that makes the speaker feel a way is an opinion of it. Sentences of our own, each beside negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said } = wordnetFacts(wordnet);
const keyed = (key: string, text: string) => said(text).filter((f) => f.split('|')[1] === key).map((f) => f.replace(/\|assert$/, ''));

describe('a named person\'s condition said with he / she', () => {
  test.each([
    ['My brother Omar is a plumber. He has psoriasis.', ['brother omar|health_condition|psoriasis']],
    ['My aunt Rita lives in Hull and she has glaucoma, so she cannot drive at night.', ['aunt rita|health_condition|glaucoma']],
    ['My grandad is 81. He has had diabetes for twenty years.', ['grandad|health_condition|diabetes']],
  ])('%s', (text, facts) => expect(keyed('health_condition', text)).toEqual(facts));
  test.each([
    ['She has asthma.'],
    ['My brother Omar is a plumber. Does he have psoriasis?'],
    ['My brother Omar is a plumber. He does not have psoriasis.'],
    ['My brother Omar is a plumber. If he has psoriasis, what cream helps?'],
    ['My brother Omar is a plumber. He has a cold.'],
  ])('%s: no condition', (text) => expect(keyed('health_condition', text)).toEqual([]));
});

describe('a diagnosis told to the speaker in the passive', () => {
  test.each([
    ["I've been told by the rheumatologist it's gout, which would explain my toe.", 'gout'],
    ['Saw the nurse this morning, got told it was shingles.', 'shingles'],
    ['I was told it is endometriosis after years of pain.', 'endometriosis'],
  ])('%s', (text, condition) => expect(keyed('health_condition', text)).toEqual([`user|health_condition|${condition}`]));
  test.each([
    ['My husband was told it is gout.'],
    ['I got told by the vet it was arthritis.'],
    ["I've been told by the GP it might be gout."],
    ['I was told by my neighbour it is gout.'],
  ])('%s: not the speaker\'s diagnosis', (text) => expect(keyed('health_condition', text).filter((f) => f.startsWith('user|'))).toEqual([]));
});

describe('a parent counted by their children heads a roster', () => {
  const kids = (text: string) => said(text).filter((f) => f.startsWith('user|child|') || /^child [a-z]+\|age\|/.test(f) || /^son [a-z]+\|age\|/.test(f)).map((f) => f.replace(/\|assert$/, '')).sort();
  test.each([
    ['dad of two (Oscar is 9 and Mila is 6), looking for a cheap half-term trip', ['child mila|age|6', 'child oscar|age|9', 'user|child|mila (child)', 'user|child|oscar (child)']],
    ["I'm a single mum of three: Jasper (14), Nell (11) and Kit (5).", ['child jasper|age|14', 'child kit|age|5', 'child nell|age|11', 'user|child|jasper (child)', 'user|child|kit (child)', 'user|child|nell (child)']],
    ['mother of 2 boys, Arlo 7 and Reuben 4, help me plan a birthday', ['son arlo|age|7', 'son reuben|age|4', 'user|child|arlo (son)', 'user|child|reuben (son)']],
  ])('%s', (text, expected) => expect(kids(text)).toEqual(expected));
  test.each([['My cousin is a mum of three (Jasper is 14, Nell is 11 and Kit is 5).'], ['my neighbour, a dad of two, lent us his drill']])(
    '%s: no children of the speaker',
    (text) => expect(said(text).filter((f) => f.startsWith('user|child|') && /\(/.test(f))).toEqual([]),
  );
});

describe("a message opening with the speaker's age and what they are", () => {
  test.each([
    ['52, grandad of four and only just learning to swim', '52'],
    ['31, nurse, night shifts all week. Any tips for sleeping in the day?', '31'],
    ["I'm 44 with a teenager and a toddler, send help", '44'],
    ["I'm 27 with no savings at all", '27'],
  ])('%s', (text, age) => expect(keyed('age', text)).toEqual([`user|age|${age}`]));
  test.each([['10, 20 or 30 minutes of cardio?'], ['5, 4, 3, 2, 1, happy new year'], ['My dad, 70, retired teacher, still gardens'], ['The score is 3 with a minute left']])(
    '%s: no age of the speaker',
    (text) => expect(keyed('age', text).filter((f) => f.startsWith('user|'))).toEqual([]),
  );
});

describe('a short label before a colon does not hide the person mention after it', () => {
  test.each([
    ['big news for the family: Priya (26, my cousin) just started as a junior doctor in Leeds', 'cousin priya|age|26'],
    ['random one: Mateo (19, my nephew) is moving to Lisbon in June.', 'nephew mateo|age|19'],
  ])('%s', (text, fact) => expect(said(text).map((f) => f.replace(/\|assert$/, ''))).toContain(fact));
});

describe('a building of dwellings is a home', () => {
  test.each([
    ['the stairwell of our tenement in Dundee floods every winter', ['user|location|dundee']],
    ['our old tenement in Dundee had no lift', []],
    ['our office in Dundee is closing', []],
  ])('%s', (text, facts) => expect(keyed('location', text)).toEqual(facts));
});

describe('an animal sign after a name: barks', () => {
  test.each([
    ['Biscuit barks at every delivery van and then hides under the table', ['pet named biscuit']],
    ['My manager barks at everyone on Mondays', []],
  ])('%s', (text, pets) => expect(keyed('pet', text).map((f) => f.split('|')[2])).toEqual(pets));
});

describe('opinions: taken by a thing one has been doing; a named thing that makes the speaker feel a way', () => {
  const opinions = (text: string) => said(text).filter((f) => f.split('|')[1].startsWith('opinion_')).map((f) => f.split('|')[1]);
  test.each([
    ["I've been playing this farming game every night and I'm hooked", ['opinion_farming_game']],
    ["been listening to a history podcast on my runs and I'm obsessed", ['opinion_history_podcast']],
    ['TikTok makes me feel anxious and I lose hours to it', ['opinion_tiktok']],
    ['honestly Strava makes me feel motivated', ['opinion_strava']],
  ])('%s', (text, keys) => expect(opinions(text)).toEqual(keys));
  test.each([
    ["been listening to a history one on my runs and I'm obsessed"],
    ['The rain makes me feel sleepy'],
    ['It makes me feel awful'],
    ["I've been playing this farming game every night"],
  ])('%s: no opinion', (text) => expect(opinions(text)).toEqual([]));
});

describe('a hyphenated diet word after "I\'m" is no name; "a degree in History" is no place', () => {
  test.each([["I'm dairy-free, so no cheese board for me"], ["I'm plant-based these days."], ["I'm sugar-free for Lent."]])('%s: no name, no location', (text) =>
    expect(said(text).filter((f) => /^user\|(?:name|location)\|/.test(f))).toEqual([]),
  );
  test('I am Anne-Marie: a hyphenated name stays a name', () => expect(keyed('name', "Hi, I'm Anne-Marie.")).toEqual(['user|name|anne-marie']));
  test.each([['Finally finished uni. Degree in Geography, 2:1!'], ['It was 35 degrees in Madrid and I loved it.']])('%s: no place from "degree in"', (text) =>
    expect(keyed('location', text).filter((f) => /geography/.test(f))).toEqual([]),
  );
});

describe('a verbless degree after the speaker graduated', () => {
  test.each([
    ['Graduated on Friday!! MSc in Data Science, robes and all.', 'msc in data science'],
    ['Just graduated. Bachelors in Nursing, cannot believe it.', 'bachelors in nursing'],
  ])('%s', (text, degree) => expect(keyed('education', text)).toEqual([`user|education|${degree}`]));
  test.each([['My daughter graduated on Friday. MSc in Data Science, so proud.'], ['Watched a film about a lawyer. Masters in Law sounds hard.']])('%s: not the speaker\'s degree', (text) =>
    expect(keyed('education', text).filter((f) => f.startsWith('user|'))).toEqual([]),
  );
});

describe('a birthday is the age of whoever turned it', () => {
  test.each([
    ['Our greyhound Pepper turned 9 on Sunday.', []],
    ['Our cat Miso turned 3 today and got a new collar.', []],
    ["I've just turned 45 and feel ancient.", ['user|age|45']],
    ['So I turned 33 yesterday and nobody remembered.', ['user|age|33']],
  ])('%s', (text, ages) => expect(keyed('age', text).filter((f) => f.startsWith('user|'))).toEqual(ages));
});

describe('no meat and another animal product in one list is vegan', () => {
  test.each([
    ["We don't eat meat, eggs or cheese in our house.", 'vegan'],
    ["I don't eat meat or dairy.", 'vegan'],
    ["I don't eat meat, but I do love a good cheese board.", 'vegetarian'],
    ["I don't eat meat or fish.", 'vegetarian'],
  ])('%s', (text, diet) => expect(keyed('diet', text)).toEqual([`user|diet|${diet}`]));
});

describe('everyday words for a partner and a job; starting at a place of learning; moving in together somewhere', () => {
  test.each([
    ["My hubby's a paramedic so he's never home at Christmas.", ['user|partner|hubby', 'hubby|job_title|paramedic']],
    ["i've been a postie for nine years", ['user|job_title|postie']],
  ])('%s', (text, facts) => expect(said(text).map((f) => f.replace(/\|assert$/, '')).filter((f) => /\|(?:partner|job_title)\|/.test(f))).toEqual(facts));
  test.each([
    ['My daughter has just started at Bath Spa University doing drama.', 'daughter|education|bath spa university'],
    ["I've just started at Glasgow School of Art.", 'user|education|glasgow school of art'],
  ])('%s', (text, fact) => {
    const facts = said(text).map((f) => f.replace(/\|assert$/, ''));
    expect(facts).toContain(fact);
    expect(facts.filter((f) => f.includes('|employer|'))).toEqual([]);
  });
  test.each([
    ['I started at Bath Spa University as a lecturer.', 'user|employer|bath spa university'],
    ['Started at Monzo on Monday, terrified.', 'user|employer|monzo'],
  ])('%s: still a job', (text, fact) => expect(said(text).map((f) => f.replace(/\|assert$/, ''))).toContain(fact));
  test.each([
    ['My fiancé and I moved in together in Salford.', ['user|location|salford']],
    ['We moved in together in March.', []],
  ])('%s', (text, facts) => expect(keyed('location', text)).toEqual(facts));
});

describe('"the wife", "the missus", "my other half": the speaker\'s partner', () => {
  test.each([
    ['The missus works at the Co-op these days.', 'user|partner|missus'],
    ['me and the wife are off to Whitby for the weekend', 'user|partner|wife'],
    ['My other half is a midwife so nights are chaos.', 'user|partner|other half'],
  ])('%s', (text, fact) => expect(said(text).map((f) => f.replace(/\|assert$/, ''))).toContain(fact));
  test.each([['the wife of the mayor opened the fete'], ["the wife's side of the family is huge"], ['I spend half my day on calls and the other half writing reports']])('%s: no partner of the speaker', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|partner|'))).toEqual([]),
  );
});

describe('toddlers, teenagers and newborns are children', () => {
  test.each([
    ['My toddler has started biting at nursery.', ['user|child|toddler']],
    ["I've got two teenagers and a cat called Mochi.", ['user|child|teenagers']],
    ['Teenagers these days never look up from their phones.', []],
    ['The toddler next door screams all night.', []],
  ])('%s', (text, facts) => expect(keyed('child', text)).toEqual(facts));
});
