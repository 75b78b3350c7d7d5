/**
 * @module test/core/extraction-frames-s17
 * Session 17: clause shapes the read blind rounds (r51–r62) showed missing — a stance held on a topic read by its tags
 * (any verb after the opening noun phrase, a pronoun loved standing for it), a later message naming the topic by the
 * naming word before its head, a said turn away outweighing the sentiment around it; leaving a group asserts no
 * pastime; dying never takes an object ("passed his driving test"); a feat done whole is a milestone. Sentences of our
 * own (other names, places and words than the rounds), each beside a negative.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { heldTopics } from '../../src/core/extraction/frames/held-stance.ts';
import { TS, recentTurn, wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said, has } = wordnetFacts(wordnet);

/** The opinions (key:stance) a message yields after earlier user messages. */
const stances = (text: string, prev: string[]) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: prev.map((p, i) => recentTurn([{ role: 'user', content: p }], i)) }, true, undefined, wordnet)
    .filter((c) => c.key.startsWith('opinion_'))
    .map((c) => `${c.key}:${c.metadata?.stance}`);

describe('a held topic read by its tags', () => {
  test.each([
    ['podcasts keep me going on long drives', 'podcasts:positive'],
    ['synthwave does nothing for me', 'synthwave:negative'],
    ['durian smells like a bin lorry', 'durian:null'],
    ['Bollywood musicals beat anything at the multiplex', 'musicals:positive'],
  ])('%s', (text, want) => expect(heldTopics(text).map((h) => `${h.topic}:${h.stance}`)).toContain(want));

  test('a pronoun loved is the thing the sentence opened with', () =>
    expect(heldTopics('Discord servers keep my old school friends together, I love them').map((h) => h.topic)).toEqual(['servers']));

  test('a plain fact about an organisation holds no stance', () => {
    expect(heldTopics('Ocado moved me to the night picking team, it is colder than the day floor')).toEqual([]);
    expect(heldTopics('the ferry leaves at six')).toEqual([]);
  });
});

describe('a new stance on the held topic', () => {
  test.each([
    ['Bollywood has really gone downhill, the same plot every time', ['Bollywood musicals beat anything at the multiplex'], 'opinion_bollywood:negative'],
    ['left all the Discord servers, they ate every evening I had', ['Discord servers keep my old school friends together, I love them'], null],
    ['my cousin dragged me to a gig and synthwave is fantastic, I was completely wrong', ['synthwave does nothing for me'], 'opinion_synthwave:positive'],
    ['tried durian ice cream in Penang and loved it', ['durian smells like a bin lorry'], 'opinion_durian:positive'],
    ['podcasts have turned so self-satisfied, the hosts think they are geniuses, not for me any more', ['I love podcasts, the history ones make my commute'], 'opinion_podcasts:negative'],
    ['my flatmate made a mix for me and I’m converted, synthwave on repeat now', ['synthwave does nothing for me'], 'opinion_synthwave:positive'],
  ])('%s', (text, prev, want) => {
    const got = stances(text, prev);
    if (want) expect(got).toContain(want);
    else expect(got.filter((s) => s.startsWith('opinion_discord'))).toEqual([]);
  });

  test('a describing word never stands for the topic', () => expect(stances('it was cold again today, brilliant', ['cold showers are brutal'])).toEqual([]));
  test('being out of a workplace is no stance on it', () => expect(stances("that's it, I'm out of Ocado, Friday was my last shift", ['Ocado is great, the team are lovely'])).toEqual([]));
  test('"not all bad, but …" is mixed', () => expect(stances("Reddit fixed my boiler so it's not all bad, but I lose whole evenings to it", ['Reddit is toxic and pointless'])).toContain('opinion_reddit:mixed'));
  test('an ending for good is a state change, not a stance', () => expect(stances('sold the kayak, kayaking and my shoulder are done for good', ['kayaking keeps me sane'])).toEqual([]));
});

describe('leaving a group', () => {
  test('asserts no pastime', () => expect(said('quit every book club group on Facebook').some((f) => f.split('|')[1] === 'hobby' && f.endsWith('|assert'))).toBe(false));
  test('joining one still does', () => expect(has(said('joined a korfball club last month'), 'user', 'hobby', /korfball/)).toBe(true));
});

describe('dying takes no object', () => {
  test('a held pet passing a test is alive', () => expect(said('Mungo passed his agility grading today', ['my collie Mungo sleeps under the piano']).some((f) => f.endsWith('|retract'))).toBe(false));
  test.each(['my collie Mungo passed last night', 'Mungo died in his sleep on Tuesday', 'Mungo passed away at the vet'])('%s', (text) =>
    expect(has(said(text, ['my collie Mungo sleeps under the piano']), 'user', 'pet', /mungo/, 'retract')).toBe(true));
});

describe('a feat done whole is a milestone', () => {
  test.each([
    ['completed the Cotswold Way yesterday, every stile of it', /cotswold/],
    ['CYCLED LANDS END TO JOHN O GROATS end to end this week!! 1000 miles', /cycled/i],
    ['climbed my last Wainwright on Saturday, all 214 done', /wainwright/i],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'event_milestone', value)).toBe(true));
  test.each(['finished my tax return yesterday', 'finished the ironing last night!!', 'walked the dog every single day last week'])('not: %s', (text) =>
    expect(said(text).some((f) => f.split('|')[1] === 'event_milestone')).toBe(false));
});

describe('people named by their rank, title or aside', () => {
  test.each([
    ['the youngest of us, Eilidh, is 24 and works at the Royal in Aberdeen', 'eilidh', [['age', /^24$/], ['location', /aberdeen/i]]],
    ['Kwame, the eldest of the family, is a surveyor in Kumasi', 'kwame', [['job_title', /surveyor/], ['location', /kumasi/i]]],
    ['Uncle Dapo, who is 63, drives a taxi in Lagos', 'dapo', [['age', /^63$/]]],
    ['my cousin Marit, who works at Equinor, is 35', 'marit', [['employer', /equinor/i], ['age', /^35$/]]],
    ['my godmother Rosa, who lives in Porto, is a pharmacist', 'rosa', [['location', /porto/i], ['job_title', /pharmacist/]]],
  ])('%s', (text, who, facts) => {
    const got = said(text);
    for (const [key, value] of facts as Array<[string, RegExp]>) expect(has(got, who, key, value)).toBe(true);
  });
  test('a rank among us is a sibling of the speaker', () => expect(has(said('Tadhg, the baby of the family, just started at Intel'), 'user', 'sibling', /tadhg/i)).toBe(true));
  test('a relative\'s "\'s" before an age is "is"', () => expect(has(said("my nan's 94 and still drives"), 'nan', 'age', /^94$/)).toBe(true));
  test("a relative's things after \"'s\" stay theirs", () => expect(said("my gran's 3 cats are staying with us").some((f) => f.split('|')[1] === 'age')).toBe(false));
});

describe('held things by name, whatever else the word names', () => {
  test('a capitalised model held as the vehicle is the vehicle given away', () =>
    expect(has(said('handed the Beetle over to my niece', ['I still drive my old VW Beetle']), 'user', 'vehicle', /beetle/i, 'retract')).toBe(true));
  test('a name after a species is the animal, not a make', () => {
    const facts = said('our pony Jaguar is 20 this year');
    expect(facts.some((f) => f.split('|')[1] === 'vehicle')).toBe(false);
    expect(has(facts, 'user', 'pet', /jaguar/i)).toBe(true);
    expect(has(said('my Jaguar is in the garage'), 'user', 'vehicle', /jaguar/i)).toBe(true);
  });
  test.each(['the Beetle went to the scrapyard in the end', 'the Beetle ended up at the breakers'])('a held vehicle taken away for scrap — %s', (text) =>
    expect(has(said(text, ['I still drive my old VW Beetle']), 'user', 'vehicle', /beetle/i, 'retract')).toBe(true));
  test('a held vehicle gone somewhere for a while is still held', () =>
    expect(said('the Beetle went to my dad’s for the weekend', ['I still drive my old VW Beetle']).some((f) => f.endsWith('|retract'))).toBe(false));
  test('"no more X for me" after a comma ends the held pastime', () =>
    expect(has(said('bad news, no more netball for me', ['I play netball on Tuesdays']), 'user', 'hobby', /netball/, 'retract')).toBe(true));
});

describe('children counted without a noun, and years in a trade', () => {
  test.each([
    ['our three are Kofi 12, Esi 9 and Yaw 5', [['kofi', '12'], ['esi', '9'], ['yaw', '5']]],
    ['my two: Rhys (8) and Gwen (5)', [['rhys', '8'], ['gwen', '5']]],
  ])('%s', (text, kids) => {
    const facts = said(text);
    for (const [name, age] of kids) {
      expect(has(facts, 'user', 'child', new RegExp(name, 'i'))).toBe(true);
      expect(has(facts, name, 'age', new RegExp(`^${age}$`))).toBe(true);
    }
  });
  test('a possessed count before anything else is no roster', () => expect(said('our three are at school till four').some((f) => f.split('|')[1] === 'child')).toBe(false));
  test.each([
    ['fifteen years as a harbour pilot and it never gets dull', /harbour pilot/],
    ['eight years as a signwriter, mostly pubs', /signwriter/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'job_title', value)).toBe(true));
  test('weeks as a visitor are no trade', () => expect(said('three weeks as a tourist in Lisbon was plenty').some((f) => f.split('|')[1] === 'job_title')).toBe(false));
});

describe('a trade run together with a noun', () => {
  test.each(['I am a signwriter', 'i work as a dogwalker these days'])('%s', (text) => expect(said(text).some((f) => f.split('|')[1] === 'job_title')).toBe(true));
  test('stays a common noun in a lower-case message (no name)', () => expect(said('i am a signwriter').some((f) => /named/.test(f))).toBe(false));
});

describe('implied allergies and pets, by the clause', () => {
  test.each([
    ["can't eat anything with sesame, my throat closes up", /sesame/],
    ['one bite of a pecan tart and my lips were enormous', /pecan/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'allergy', value)).toBe(true));
  test('a food disliked, with no reaction, is no allergy', () => expect(said("I can't eat spicy food").some((f) => f.split('|')[1] === 'allergy')).toBe(false));
  test.each([
    'Bramble yelped at the delivery van for ages',
    'Truffle climbed onto the radiator and lay there purring',
    'Hazel refused her kibble again this morning',
  ])('%s', (text) => expect(said(text).some((f) => f.split('|')[1] === 'pet')).toBe(true));
  test.each(['Gordon howled with laughter at the quiz', 'Linda purred something about the budget'])('not: %s', (text) =>
    expect(said(text).some((f) => f.split('|')[1] === 'pet')).toBe(false));
});

describe('confirmations of questions asked in other shapes', () => {
  const { asked } = wordnetFacts(wordnet);
  test.each([
    ['Biscuit: rabbit or guinea pig? I always forget', 'guinea pig', 'pet', /biscuit/i],
    ['And your son is Oisín?', "that's the one", 'child', /oisín/i],
    ['Remind me, is it Leeds you live in?', 'yes', 'location', /leeds/i],
    ["How's life at Siemens treating you?", 'busy but good, four years now', 'employer', /siemens/i],
  ])('%s — %s', (q, a, key, value) => expect(has(asked(q, a), 'user', key, value)).toBe(true));
  test('leaving the place asked after keeps nothing of it', () =>
    expect(has(asked("How's life at Siemens treating you?", 'I quit in June actually'), 'user', 'employer', /siemens/i, 'assert')).toBe(false));
});

test('a compound species stays whole in a named pet', () => {
  const facts = said('Nutmeg is my guinea pig');
  expect(facts.filter((f) => f.split('|')[1] === 'pet')).toEqual(['user|pet|guinea pig named nutmeg|assert']);
});

describe('relatives placed or titled', () => {
  test('where a relative lives, before the name in apposition', () => {
    const facts = said('my cousin in Adelaide, Marnie, is a speech therapist');
    expect(has(facts, 'marnie', 'location', /adelaide/i)).toBe(true);
    expect(has(facts, 'marnie', 'job_title', /speech therapist/)).toBe(true);
  });
  test('a title before the name is part of it', () => expect(has(said('my neighbour Mr Adeyemi is 81'), 'adeyemi', 'age', /^81$/)).toBe(true));
});

test("a relative's own thing after \"'s\" stays a possessive", () => {
  expect(has(said("my brother's wedding is on the 3rd of August"), 'brother', 'event_wedding', /wedding/)).toBe(true);
  expect(said("my dad's car is in the garage").some((f) => f.startsWith('dad|'))).toBe(false);
});

describe('an employer dismissing the speaker', () => {
  test.each(['Wickes let me go last week', 'Boots laid me off in the spring', 'Deliveroo sacked me yesterday'])('%s', (text) =>
    expect(said(text).some((f) => f.split('|')[1] === 'employer' && f.endsWith('|retract'))).toBe(true));
  test.each(['my sister let me go first', "Wickes didn't let me go early"])('not: %s', (text) =>
    expect(said(text).some((f) => f.split('|')[1] === 'employer' && f.endsWith('|retract'))).toBe(false));
});

describe('where the speaker lives, by a landmark on the daily round', () => {
  test.each([
    ['I cycle past Big Ben every morning on my way to work', /london/i],
    ['I can see the Kremlin from my window', /moscow/i],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'location', value)).toBe(true));
  test.each(['we saw Big Ben on our weekend away', 'the Kremlin was on the news again'])('not: %s', (text) =>
    expect(said(text).some((f) => f.split('|')[1] === 'location')).toBe(false));
});
