/**
 * @module test/core/extraction-frames-s20
 * Session 20: where the speaker lives, said by the place of their home or of the people of their home ("the rent on my flat
 * in Brooklyn", "my landlord in Phoenix"); people named in the plural and unnamed ("our neighbours got a puppy") are those
 * people, not the speaker. Sentences of our own, each class beside its negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { residenceDrafts } from '../../src/core/extraction/frames/residence.ts';
import { MODELS } from '../../src/core/extraction/frames/kinds.ts';
import { splitClauses } from '../../src/core/extraction/sentences.ts';
import { wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { said } = wordnetFacts(wordnet);
const locations = (text: string) => said(text).filter((f) => f.startsWith('user|location|')).map((f) => f.split('|')[2]);

describe("a home's place is where the speaker lives", () => {
  test.each([
    ["my landlord in Phoenix won't fix the heating", 'phoenix'],
    ['the rent on my flat in Brooklyn went up again', 'brooklyn'],
    ['the damp in our apartment in Wellington is getting worse', 'wellington'],
    ['my flatmate in Bristol keeps eating my food', 'bristol'],
    ['my neighbours here in Adelaide have a new puppy that barks all night', 'adelaide'],
    ['Our cottage in Kendal needs a new boiler', 'kendal'],
    ['the roof of our farmhouse in Tipperary leaks', 'tipperary'],
  ])('%s', (text, place) => expect(locations(text)).toEqual([place]));

  test.each([
    ["we're looking at flats in Leeds, any tips?"],
    ["my sister's flat in Leeds is tiny"],
    ['our old house in Perth had a pool'],
    ['our holiday home in Spain needs cleaning'],
    ['we sold our house in Boston last year'],
    ['if I had a house in Paris I would never leave'],
    ['his apartment in Denver is nice'],
    ['we stayed in a cottage in Cornwall'],
    ['my parents house in Galway is huge'],
  ])('%s: no location of the speaker', (text) => expect(locations(text)).toEqual([]));

  test('a month after "in" is no place', () => expect(residenceDrafts('my lease on the flat in June ends', wordnet)).toEqual([]));
});

describe('people in the plural, unnamed, are those people', () => {
  test.each([
    ['our neighbours got a puppy', 'neighbours'],
    ['my roommates have a cat', 'roommates'],
    ['my new neighbours have a dog', 'neighbours'],
  ])('%s', (text, who) => {
    const facts = said(text);
    expect(facts.some((f) => f.startsWith('user|pet|'))).toBe(false);
    expect(facts.some((f) => f.startsWith(`${who}|pet|`))).toBe(true);
  });

  test("the speaker's own things in the plural stay the speaker's", () => {
    expect(said('my friends and I adopted a rescue greyhound').some((f) => f.startsWith('user|pet|'))).toBe(true);
  });
});

describe('"in <a span>" after a negated perfect reaches up to now', () => {
  test.each([
    ["I haven't eaten meat in ten years", 'diet', /^vegetarian$/],
    ['I have not eaten meat in years', 'diet', /^vegetarian$/],
  ])('%s', (text, key, value) => expect(said(text).some((f) => f.startsWith(`user|${key}|`) && value.test(f.split('|')[2]))).toBe(true));

  test('a plan "in two weeks" stays ahead', () => {
    expect(said("we're moving to Leeds in two weeks").some((f) => f.startsWith('user|event_move|'))).toBe(true);
  });
});

describe("the stem of a negated auxiliary in a lower-case message is no name", () => {
  test.each([
    ["my sister doesn't drink", 'sibling'],
    ["my brother hasn't called", 'sibling'],
    ["my son wasn't happy", 'child'],
  ])('%s', (text, key) => {
    const rel = said(text).filter((f) => f.startsWith(`user|${key}|`));
    expect(rel.length).toBe(1);
    expect(rel[0].split('|')[2]).not.toMatch(/\(/);
  });
});

describe('a named relative mentioned by a possessive is there whatever the clause denies', () => {
  test.each([
    ["I haven't seen my brother Tom in five years", 'sibling', /^tom/],
    ["I haven't told my wife Sarah yet", 'partner', /^sarah/],
    ["I don't talk to my sister Maya anymore", 'sibling', /^maya/],
  ])('%s', (text, key, value) => {
    const facts = said(text);
    expect(facts.some((f) => f.startsWith(`user|${key}|`) && value.test(f.split('|')[2]) && f.endsWith('|assert'))).toBe(true);
    expect(facts.some((f) => f.startsWith(`user|${key}|`) && f.endsWith('|retract'))).toBe(false);
  });

  test('an ending still ends a partner; a denied relative is still no relative', () => {
    expect(said("I'm not with my boyfriend Jake anymore").some((f) => f.startsWith('user|partner|jake') && f.endsWith('|retract'))).toBe(true);
    expect(said("I don't have a sister").some((f) => f.startsWith('user|sibling|') && f.endsWith('|assert'))).toBe(false);
  });
});

describe("someone else's coming birthday leaves their age one less today", () => {
  test.each([
    ['my dad is 70 next week', 'dad', '69'],
    ["Dad's 70 next week", 'dad', '69'],
    ['my mum turns 65 on Saturday', 'mum', '64'],
    ['my brother Sam turns 30 next week', 'sam', '29'],
  ])('%s', (text, who, age) => {
    const ages = said(text).filter((f) => f.split('|')[1] === 'age' && (f.startsWith(`${who}|`) || f.split('|')[0].endsWith(` ${who}`)));
    expect(ages.map((f) => f.split('|')[2])).toEqual([age]);
  });

  test('a past or present age is the age said', () => {
    expect(said('my son turned 5 yesterday').some((f) => f.startsWith('son|age|5'))).toBe(true);
    expect(said('my dad is 70 and retiring next month').some((f) => f.startsWith('dad|age|70'))).toBe(true);
    expect(said('my sister is 30 weeks pregnant').some((f) => f.split('|')[1] === 'age')).toBe(false);
  });
});

describe('a vehicle replaced with another, and car models named without their make', () => {
  const vehicles = (text: string) => said(text).filter((f) => f.startsWith('user|vehicle|')).map((f) => `${f.split('|')[2]} ${f.split('|')[3]}`).sort();

  test.each([
    ['replaced my old Civic with a Mazda 3', ['civic retract', 'mazda 3 assert']],
    ['we replaced our Fiesta with a Golf last year', ['fiesta retract', 'golf assert']],
    ['sold my Astra last week', ['astra retract']],
    ["my Corsa died so I'm driving a Polo now", ['corsa retract', 'polo assert']],
  ])('%s', (text, expected) => expect(vehicles(text)).toEqual(expected));

  test('only a vehicle is replaced, and a sale "with" something gets nothing new', () => {
    expect(vehicles('replaced the battery in my car')).toEqual([]);
    expect(vehicles('I replaced my iPhone with a Pixel')).toEqual([]);
    expect(vehicles('sold the Astra with a full tank')).toEqual(['astra retract']);
  });

  test('a died model is no pet', () => expect(said('my Corsa died last night').some((f) => f.startsWith('user|pet|'))).toBe(false));

  test('the model table overrides no word and no place the lexicon holds', () => {
    const held = MODELS.split('|').filter((w) => wordnet.senses(w, undefined, 1).length > 0);
    expect(held).toEqual([]);
  });
});

describe('a plain word for a person, then where they stand to the speaker, opens a person mention', () => {
  test.each([
    ["Bloke at work, Craig, he's 52, just ran his first marathon", 'craig', '52'],
    ['a girl from my team, Priya, 34, is off sick again', 'priya', '34'],
  ])('%s', (text, who, age) => expect(said(text).some((f) => (f.startsWith(`${who}|`) || f.split('|')[0].endsWith(` ${who}`)) && f.split('|')[1] === 'age' && f.split('|')[2] === age)).toBe(true));

  test('without a social place it is no mention, and a person said to be an animal is a figure of speech', () => {
    expect(said('the guy from the gym is 40').some((f) => f.split('|')[1] === 'age')).toBe(false);
    for (const text of ['my mate Dev is a proper gym rat', 'my flatmate Jo is a total night owl', 'this guy on my shift, Dev, is a proper gym rat'])
      expect(said(text).some((f) => f.startsWith('user|pet|'))).toBe(false);
    expect(said('our Rex is a German shepherd').some((f) => f.startsWith('user|pet|german shepherd named rex'))).toBe(true);
  });
});

describe('a fan or supporter of a named team, artist or show likes it, and holds no job', () => {
  test.each([
    ["I'm a huge Arsenal fan", 'user', 'arsenal'],
    ["I'm a Liverpool supporter", 'user', 'liverpool'],
    ['my dad is a massive Leeds United fan', 'dad', 'leeds united'],
  ])('%s', (text, who, value) => {
    const facts = said(text);
    expect(facts.some((f) => f.startsWith(`${who}|like|${value}|`))).toBe(true);
    expect(facts.some((f) => f.split('|')[1] === 'job_title')).toBe(false);
  });

  test('an activity fan keeps the hobby reading; a support worker keeps the job', () => {
    expect(said("I'm a huge cricket nut").some((f) => f.startsWith('user|hobby|cricket'))).toBe(true);
    expect(said("I'm a support worker").some((f) => f.startsWith('user|job_title|support worker'))).toBe(true);
    expect(said("I'm a keen supporter of the club").some((f) => f.split('|')[1] === 'job_title')).toBe(false);
  });
});

describe("a newborn of the speaker's, named in the sentence of the birth, is their child", () => {
  test.each([
    ['we just had our second baby, a little boy called Arlo', /^arlo \(son\)$/],
    ['we welcomed a baby girl, Ruby, on Monday', /^ruby \(daughter\)$/],
    ['my wife gave birth to a boy, Theo, last night', /^theo \(son\)$/],
    ['we had a boy - Finn - last week', /^finn \(son\)$/],
  ])('%s', (text, value) => expect(said(text).some((f) => f.startsWith('user|child|') && value.test(f.split('|')[2]))).toBe(true));

  test("someone else's newborn is not the speaker's child", () => {
    expect(said('my sister had a baby girl, Ruby').some((f) => f.startsWith('user|child|'))).toBe(false);
  });
});

describe('what used to be and what is now are two clauses', () => {
  test.each([
    ["I'm retired now, used to be a postman", 'retired', 'postman'],
    ["I used to be a teacher but now I'm a plumber", 'plumber', 'teacher'],
  ])('%s', (text, now, before) => {
    const jobs = said(text).filter((f) => f.startsWith('user|job_title|'));
    expect(jobs).toContain(`user|job_title|${now}|assert`);
    expect(jobs).toContain(`user|job_title|${before}|history`);
  });

  test('"but now" splits, "and now" keeps one clause (its date stays with it)', () => {
    expect(splitClauses("I used to be a teacher but now I'm a plumber")).toEqual(['I used to be a teacher', "now I'm a plumber"]);
    expect(splitClauses("41 years on the buses and now I'm officially retired")).toHaveLength(1);
  });
});

describe('a role said in the past tense is a past role', () => {
  test.each([
    ['I was a nurse for 30 years before I retired', 'user', 'nurse'],
    ['I worked as a chef for ten years', 'user', 'chef'],
    ['my mum was a nurse', 'mum', 'nurse'],
  ])('%s', (text, who, job) => expect(said(text)).toContain(`${who}|job_title|${job}|history`));

  test('a present or continuing role stays current, and a span "before" something is no date', () => {
    expect(said("I'm a nurse")).toContain('user|job_title|nurse|assert');
    expect(said('I was a nurse and still am')).toContain('user|job_title|nurse|assert');
    expect(said('I was a nurse for 30 years before I retired').some((f) => f.split('|')[1].startsWith('event_'))).toBe(false);
  });
});

describe('clauses before a report or advice, a day as a subject, a lead-in with its own verb', () => {
  test('a statement before "and she keeps telling me to…" is read; the advice is not', () => {
    const facts = said('my friend Aisha is an accountant at PwC in Boston and she keeps telling me to apply there.');
    for (const [key, value] of [['job_title', 'accountant'], ['employer', 'pwc'], ['location', 'boston']]) expect(facts.some((f) => f.endsWith(`aisha|${key}|${value}|assert`) || f.includes(`aisha|${key}|${value}|`))).toBe(true);
    expect(said('I live in Leeds and she keeps telling me to move to York').some((f) => f.includes('|york|'))).toBe(false);
  });

  test('"and today was my last day at …" is a clause of its own', () => {
    expect(said('served my notice and today was my last day at Infosys.')).toContain('user|employer|infosys|retract');
  });

  test('"so it\'s official, I handed in my badge at …" ends the employer', () => {
    expect(said("so it's official, I handed in my badge at Kroger today.")).toContain('user|employer|kroger|retract');
  });

  test('"my bro" and "my sis" are kin; "bro" alone is no one', () => {
    expect(said("my bro Rohan's 24").some((f) => f.startsWith('user|sibling|rohan'))).toBe(true);
    expect(said('my little sis is 12').some((f) => f.startsWith('user|sibling|'))).toBe(true);
    expect(said('thanks bro, that helps').some((f) => f.startsWith('user|sibling|'))).toBe(false);
  });
});

describe("a colleague's condition told with an age aside; people placed at work are no kin", () => {
  test.each([
    ["my coworker Raj, who's 49, told me he has atrial fibrillation", 'raj', /^atrial fibrillation$/],
    ["Guy on my team, Gareth, he's 58, just told us he has Parkinson's.", 'colleague gareth', /^parkinson/],
    ["One of the lads at work, Tony, he's 61, has got osteoarthritis in both knees", 'tony', /^osteoarthritis$/],
  ])('%s', (text, who, value) => expect(said(text).some((f) => (f.split('|')[0] === who || f.split('|')[0].endsWith(` ${who}`)) && f.split('|')[1] === 'health_condition' && value.test(f.split('|')[2]))).toBe(true));

  test('the girls at work are no daughters', () => {
    expect(said("One of the girls at work, Sharon, she's 61, has got osteoarthritis").some((f) => f.startsWith('user|child|'))).toBe(false);
    expect(said('my two girls, Rosie and Evie, are 7 and 4').some((f) => f.startsWith('user|child|rosie'))).toBe(true);
  });
});

describe('counted nights are a stay; an activity judged after the fact', () => {
  test('"two nights at X" is no shift at an employer; "nights at X" is', () => {
    expect(said('we did two nights at Algonquin and I already want to go back').some((f) => f.split('|')[1] === 'employer')).toBe(false);
    expect(said('I did nights at Tesco for years').some((f) => f.startsWith('user|employer|tesco'))).toBe(true);
  });

  test.each([
    ['camping was amazing', 'camping'],
    ['ok kayaking was kind of brilliant actually', 'kayaking'],
  ])('%s', (text, topic) => expect(said(text).some((f) => f.startsWith(`user|opinion_${topic}|`))).toBe(true));

  test('a thing that is no activity judged after the fact is no opinion', () => {
    for (const text of ['dinner was great', 'herring was disgusting', 'morning was rough']) expect(said(text).some((f) => f.split('|')[1].startsWith('opinion_'))).toBe(false);
  });
});

describe('the organisation a job is with is the employer', () => {
  test.each([
    ['I just started as a data analyst with Wipro in Kolkata', 'user', 'wipro'],
    ['I got a job as a chef with Hilton', 'user', 'hilton'],
    ['my mate Liam just got a job as a paramedic with St John Ambulance', 'liam', 'st john ambulance'],
  ])('%s', (text, who, employer) => expect(said(text).some((f) => (f.startsWith(`${who}|`) || f.split('|')[0].endsWith(` ${who}`)) && f.split('|')[1] === 'employer' && f.split('|')[2] === employer)).toBe(true));

  test('a person one starts with is no employer', () => expect(said('started as an apprentice with Dave').some((f) => f.split('|')[1] === 'employer')).toBe(false));
});
