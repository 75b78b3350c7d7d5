/**
 * @module test/core/extraction-frames-s18
 * Session 18: a person mention read as one noun phrase with its appositives in any order (relation, name, age in
 * brackets or between commas, a rank, where they stand to the speaker, asides skipped); a statement before a closing
 * question in question word order; a clause that opens with a time adverbial before "he"/"she". Sentences of our own
 * (other names, places and words than the rounds), each beside a negative.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { canonicalPersonMention, readPersonMention } from '../../src/core/extraction/person-mention.ts';
import { resolveDate } from '../../src/core/extraction/dates.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said, has } = wordnetFacts(wordnet);

describe('a person mention in any order', () => {
  test.each([
    ['Oskar (29), my cousin, is a welder', 'cousin', 'Oskar', '29'],
    ['Ilse, my aunt (61), lives in Graz', 'aunt', 'Ilse', '61'],
    ['my nephew (Bram, 17) has started at college', 'nephew', 'Bram', '17'],
    ['grandad (Walter, 88) still drives', 'grandad', 'Walter', '88'],
    ['the youngest of us, Pia (24), works nights', 'sibling', 'Pia', '24'],
    ['Lotte next door (the one with the tortoise) is a florist', 'neighbour', 'Lotte', undefined],
    ['Arvid in payroll has gout', 'colleague', 'Arvid', undefined],
    ['Greta from my old choir moved to Bergen', 'friend', 'Greta', undefined],
    ['one of my gym buddies, Tariq, works for Vodafone', 'buddy', 'Tariq', undefined],
    ['Uncle, Fintan, he is 70, is off to Malta', 'uncle', 'Fintan', '70'],
    ['Apparently Noor three doors down has been made redundant', 'neighbour', 'Noor', undefined],
    ['Hedda (44), who I work with, has lupus', undefined, 'Hedda', '44'],
  ])('%s', (text, relation, name, age) => {
    const m = readPersonMention(text);
    if (relation === undefined) expect(m).toBeNull();
    else expect(m && { relation: m.relation, name: m.name, age: m.age }).toEqual({ relation, name, age });
  });

  test.each([
    'my sister is a nurse', // no name: left to the relation reader
    'Biscuit (3) has been off his food', // a name with a number and no relation: not read as a person
    'Tuesday (the 14th) is my day off',
    'Lisbon, my favourite city, was sunny',
  ])('not a person mention: %s', (text) => expect(readPersonMention(text)).toBeNull());

  test('the canonical form is the one the clause readers know', () =>
    expect(canonicalPersonMention('Oskar (29), my cousin, is a welder')).toBe('my cousin Oskar (29) is a welder'));

  test('the mention carries the clause to the person', () => {
    const facts = said('Ilse, my aunt (61), lives in Graz and is a pharmacist');
    expect(has(facts, 'ilse', 'age', /^61$/)).toBe(true);
    expect(has(facts, 'ilse', 'location', /graz/)).toBe(true);
    expect(has(facts, 'ilse', 'job_title', /pharmacist/)).toBe(true);
    expect(has(facts, 'user', 'location', /graz/)).toBe(false);
    const parent = said('mum (Dorota, 66) flies to Crete in May');
    expect(has(parent, 'user', 'parent', /dorota/)).toBe(true);
    expect(has(parent, 'dorota', 'event_trip', /crete/)).toBe(true);
    expect(has(parent, 'user', 'event_trip', /crete/)).toBe(false);
  });
});

describe('a statement before a closing question', () => {
  test('the question is the tail; the statement before it is read', () => {
    const facts = said("my friend Ngozi is a dentist in Hull and just got a puppy, what's a good name for a spaniel?");
    expect(has(facts, 'ngozi', 'job_title', /dentist/)).toBe(true);
    expect(has(facts, 'ngozi', 'location', /hull/)).toBe(true);
    expect(has(said("I've had eczema since primary school, are there any soaps that don't sting?"), 'user', 'health_condition', /eczema/)).toBe(true);
  });

  test('a request in question form after a plan is not a statement of the plan', () =>
    expect(said('need to head off at 4 to collect the car, can we carry on tomorrow?').some((f) => f.includes('event_activity'))).toBe(false));

  test('a question that is the whole sentence states nothing', () =>
    expect(has(said('is my friend Ngozi a dentist in Hull?'), 'ngozi', 'job_title', /dentist/)).toBe(false));
});

describe('a time adverbial before "he"/"she"', () => {
  test('a coordinated clause opening with the adverbial is the third party’s', () => {
    const facts = said('My uncle Desmond is 70, and in April he is sailing to Madeira with his bowls club');
    expect(has(facts, 'desmond', 'event_trip', /madeira/)).toBe(true);
    expect(has(facts, 'desmond', 'event_trip', /^70$/)).toBe(false);
    expect(has(facts, 'user', 'event_trip', /madeira/)).toBe(false);
  });

  test('in the next sentence too', () => {
    const facts = said('My uncle Desmond is 70. In April he is sailing to Madeira.');
    expect(has(facts, 'desmond', 'event_trip', /madeira/)).toBe(true);
    expect(has(facts, 'user', 'event_trip', /madeira/)).toBe(false);
  });

  test('a contrast after "but" stays one nuanced clause', () => {
    const facts = said('olives are great in a salad but on a pizza I can’t stand them');
    expect(facts.filter((f) => f.includes('opinion_olives')).length).toBeLessThanOrEqual(1);
  });
});

describe('a named animal read past a closing question and into the next sentence', () => {
  const pet = (text: string, name: RegExp) => has(said(text), 'user', 'pet', name);
  test.each([
    ['Nacho has been shedding all over the sofa. is a deshedding glove worth it?', /nacho/],
    ['Juniper knocked the plant off the sill, tail flicking like she meant it', /juniper/],
    ['Rolo chewed through a shoe again. should I worry? he is wagging at me like nothing happened', /rolo/],
  ])('%s', (text, name) => expect(pet(text, name)).toBe(true));

  test.each([
    ['Gemma lost her keys again. she is barking orders at everyone', /gemma/],
    ['Linda hissed at me across the office', /linda/],
    ['Marcus left early. is that normal? he was cross about the rota', /marcus/],
  ])('not a pet: %s', (text, name) => expect(pet(text, name)).toBe(false));
});

describe('a trip by any verb of travel', () => {
  test('a verb of motion to a named place is a trip; a move of home is not', () => {
    expect(has(said("I'm cycling over to Bruges next month"), 'user', 'event_trip', /bruges/)).toBe(true);
    expect(has(said('we moved to Leeds in March'), 'user', 'event_trip', /leeds/)).toBe(false);
    expect(has(said('I walk to Tesco every day'), 'user', 'event_trip', /tesco/)).toBe(false);
  });
});

describe('a month without its year, by the clause’s tense', () => {
  const ref = new Date('2026-11-20T10:00:00Z');
  test.each([
    ['we moved to Leeds in March', false, '2026-03'],
    ['my exam is in March', true, '2027-03'],
    ['been learning the cello since June', true, '2026-06'],
    ['back in February I switched teams', true, '2026-02'],
    ['the house sale completes in December', true, '2026-12'],
  ])('%s', (text, forward, iso) => expect(resolveDate(text, ref, forward)?.iso).toBe(iso));

  test('"is getting married in August" looks ahead although "married" ends in -ed', () => {
    const facts = extractOffline([{ role: 'user', content: 'my cousin Ilka is getting married in August' }], { timestamp: '2026-05-08T15:00:00.000Z', sessionId: 's', recentTurns: [] }, true, undefined, wordnet);
    expect(facts.find((c) => c.key === 'event_wedding')?.eventDate).toBe('2026-08');
  });
});

describe('held things and their endings, by the clause', () => {
  test('a vehicle named by its make as the subject of any verb is the speaker’s', () => {
    expect(has(said('my Skoda Octavia failed its MOT again'), 'user', 'vehicle', /skoda octavia/)).toBe(true);
    expect(has(said('my Audrey Hepburn poster fell down'), 'user', 'vehicle', /./)).toBe(false);
  });

  test('a farewell ends a held vehicle by its name', () => {
    const facts = said('said goodbye to the Octavia, the garage gave me 900 for it', ['my Skoda Octavia failed its MOT again']);
    expect(has(facts, 'user', 'vehicle', /octavia/, 'retract')).toBe(true);
    expect(has(facts, 'user', 'pet', /octavia/)).toBe(false);
  });

  test('an animal handed to a rescue ends the pet', () =>
    expect(has(said('we have given Clover to a rescue with a proper paddock'), 'user', 'pet', /clover/, 'retract')).toBe(true));

  test('a couple calling it off ends the partner; a meeting called off ends nothing', () => {
    expect(has(said('Teodor and I called it off last month', ['Teodor cooked for my parents on Sunday']), 'user', 'partner', /teodor/, 'retract')).toBe(true);
    expect(said('we called it off, the meeting was pointless').some((f) => f.includes('|partner|'))).toBe(false);
  });

  test('working time at a named place is the employer; a last shift is not', () => {
    expect(has(said('on my tea break in the Morrisons staff room, my feet are killing me'), 'user', 'employer', /morrisons/)).toBe(true);
    expect(has(said('another long shift at Greggs today'), 'user', 'employer', /greggs/)).toBe(true);
    expect(has(said('my last shift at Greggs was on Friday'), 'user', 'employer', /greggs/, 'assert')).toBe(false);
    expect(has(said('my mum does night shifts at St Mary’s'), 'user', 'employer', /mary/)).toBe(false);
  });
});

describe('a named animal in apposition, and a time that is no object', () => {
  test.each([
    ['Biko, the whippet we got from the rescue, sleeps all day', /biko/],
    ['Pip, who’s a border collie, herds the children', /pip/],
  ])('%s', (text, name) => expect(has(said(text), 'user', 'pet', name)).toBe(true));

  test.each([
    ['Eoin, the lucky dog, got the job'],
    ['Mairead, who’s a real night owl, works late'],
    ['Padraig, our social butterfly, is 40'],
  ])('a person described by an animal: %s', (text) => expect(said(text).some((f) => f.includes('|pet|'))).toBe(false));

  test('"most evenings" says when, not what is made', () => {
    expect(said('I knit most evenings').some((f) => f.includes('|job_title|'))).toBe(false);
    expect(said('I teach most evenings').some((f) => f.includes('most teacher'))).toBe(false);
    expect(has(said('I paint houses'), 'user', 'job_title', /house painter/)).toBe(true);
  });
});

describe('a yes to a check that something still holds', () => {
  const { asked } = wordnetFacts(wordnet);
  test.each([
    ['Are you still at Halfords?', 'yeah, still there', 'employer', /halfords/],
    ['Still Gdansk-based?', 'yep, still here', 'location', /gdansk/],
    ['Is the blue Qashqai still running?', 'she is, 200k on the clock', 'vehicle', /qashqai/],
    ['Beekeeping still the day job?', 'yep, eleven years', 'job_title', /beekeeping/],
    ['Paramedic still, yeah?', 'yes, nine years now', 'job_title', /paramedic/],
  ])('%s — %s', (q, a, key, value) => expect(has(asked(q, a), 'user', key, value)).toBe(true));

  test('a name checked on its own is someone else; a no confirms nothing', () => {
    expect(asked('Is Sam still at school?', 'yes').some((f) => f.startsWith('user|'))).toBe(false);
    expect(has(asked('Are you still at Halfords?', 'no, left in May'), 'user', 'employer', /halfords/, 'assert')).toBe(false);
  });
});

describe('a booking told by its noun and its day, and moved by "now"/"instead"', () => {
  test.each([
    ['podiatrist booked for Tuesday 17 November', /podiatrist/],
    ['dentist check-up is thursday 12 november', /dentist/],
    ['MRI is on monday', /mri/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'event_appointment', value)).toBe(true));

  test.each([
    ['podiatrist booked for Tuesday 17 November', 'podiatrist now thursday the 19th'],
    ['dentist check-up is thursday 12 november', 'the surgery rang, the check-up is friday the 13th now'],
    ['I have a hearing test on Monday 16 November at 10', 'the clinic called and moved me to wednesday the 18th instead'],
  ])('%s → %s', (before, after) => expect(said(after, [before]).some((f) => /\|event_appointment\|.*\|correct$/.test(f))).toBe(true));

  test('a date with "now" and nothing held corrects nothing; a party is no booking', () => {
    expect(said('podiatrist now thursday the 19th').some((f) => f.endsWith('|correct'))).toBe(false);
    expect(said('the party is saturday').some((f) => f.includes('event_appointment'))).toBe(false);
  });
});

describe('an age opening a statement before a closing question', () => {
  test.each([
    ['52 and it turns out I need reading glasses, is that normal?', /^52$/],
    ['33 years old and still asked for ID at the cinema, flattering or annoying?', /^33$/],
  ])('%s', (text, age) => expect(has(said(text), 'user', 'age', age)).toBe(true));

  test('a question that is all question states no age', () =>
    expect(said('is 52 too old to start running?').some((f) => f.includes('|age|'))).toBe(false));
});

describe('regressions found by the suite this session', () => {
  test('a past arranging of something to come is dated ahead', () => {
    const facts = extractOffline([{ role: 'user', content: 'booked onto a pottery course in October' }], { timestamp: '2026-05-08T15:00:00.000Z', sessionId: 's', recentTurns: [] }, true, undefined, wordnet);
    expect(facts.find((c) => c.type === 'event')?.eventDate).toBe('2026-10');
  });
  test('a kind word before the animal says what kind ("my pygmy goat"), a person word after it a person', () => {
    expect(has(said('Clementine my pygmy goat chewed the hose again'), 'user', 'pet', /clementine/)).toBe(true);
  });
  test('a word before a noun that can only be a noun is no learned pet name', () =>
    expect(said('got my Irish citizenship at last').some((f) => f.includes('|pet|'))).toBe(false));
});

describe('a role fronted with "as a", in a statement or a question', () => {
  test.each([
    ['as a dental nurse, is it worth buying my own loupes?', /dental nurse/],
    ['as a paramedic my shifts are twelve hours, any tips for sleep?', /paramedic/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'job_title', value)).toBe(true));

  test.each([['as a kid I loved trains'], ['as a treat we got pizza'], ['if I worked as a nurse, would I need a jab?']])('no role: %s', (text) =>
    expect(said(text).some((f) => f.includes('|job_title|'))).toBe(false));
});

test('a report with a time phrase before "that" is still the reporter’s own', () => {
  const facts = said('my flatmate Oona told me at breakfast that she is 27 and has never seen snow');
  expect(has(facts, 'oona', 'age', /^27$/)).toBe(true);
  expect(has(facts, 'user', 'age', /^27$/)).toBe(false);
});
