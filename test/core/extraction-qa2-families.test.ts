/**
 * @module test/core/extraction-qa2-families
 * Table-driven checks of the rule families added after the second black-box QA pass (held-out users
 * over HTTP), each in wording that is not the QA's plus the QA sentence itself: name corrections
 * ("her name is Momo, not Mochi"), a request after a statement in one sentence ("…, so please never
 * suggest satay"), breeds and other species as pet nouns with a predicate that denies something else
 * ("my beagle Biscuit is not enjoying…"), a coming role after a job step ("I'll be a … there starting
 * in March"), dated moves bounding the old place, locative particles after a title ("a firefighter
 * back in Chicago"), jobs at definite workplaces and work done from home, outcomes of an event said
 * in the next sentence and a corrected number. Each family has hard negatives it must leave alone.
 */
import { describe, expect, test } from 'vitest';
import { detectCorrection } from '../../src/core/extraction/rules/corrections.ts';
import type { Message } from '../../src/core/types.ts';
import { briefLower as brief, extract } from './extraction-harness.ts';

const TS = '2025-02-01T10:00:00.000Z'; // a Saturday
const user = (content: string, name?: string): Message => ({ role: 'user', content, name: name ?? null });
const run = (content: string | Message[], recent: string[] = []) => extract(content, { recent, timestamp: TS });

describe('name corrections: "<whose> name is X, not Y" and its reverse', () => {
  test.each([
    ["Sorry, her name is Momo, not Mochi — Mochi was my old roommate's cat.", 'Mochi', 'Momo'],
    ["my nephew's name is Teo, not Theo", 'Theo', 'Teo'],
    ["His name's Arlo, not Milo.", 'Milo', 'Arlo'],
    ['She goes by Liz, not Beth', 'Beth', 'Liz'],
    ['My tortoise is called Shelby and not Shelly', 'Shelly', 'Shelby'],
    ['His name is not Sam, it is Stan.', 'Sam', 'Stan'],
    ["the kitten's name is Pip, not Pippa, lol", 'Pippa', 'Pip'],
  ])('%s → %s replaced by %s', (text, oldValue, newValue) => {
    expect(detectCorrection(text)).toMatchObject({ oldValue, newValue, bare: true });
  });

  test.each([
    // the QA's turn, with the pet stated earlier in the session
    ["I have a cat called Mochi, she's a grey tabby.", "Sorry, her name is Momo, not Mochi — Mochi was my old roommate's cat.", 'user|pet|cat named momo|correct'],
    ['We have a hamster named Biscuit.', 'Her name is Cookie, not Biscuit.', 'user|pet|hamster named cookie|correct'],
    ['My brother Matt lives in Leeds.', "Oops, my brother's name is Mat, not Matt.", 'user|sibling|mat (brother)|correct'],
  ])('%s / %s', (before, text, want) => {
    const got = run(text, [before]);
    expect(brief(got)).toContain(want);
    // the corrected value is clean, never "cat named her name is Momo"
    for (const c of got) expect(c.value).not.toMatch(/name\s+is/i);
    expect(got.find((c) => c.op === 'correct')?.replaces).toBeTruthy();
  });

  test('the renamed pet carries its new name in metadata', () => {
    const c = run('Her name is Momo, not Mochi.', ['I have a cat called Mochi.']).find((x) => x.key === 'pet');
    expect(c?.metadata?.name).toBe('Momo');
  });

  test('with the named memory in an earlier session, the correction floats to it (reconciliation finds it)', () => {
    expect(brief(run("Sorry, her name is Momo, not Mochi — Mochi was my old roommate's cat."))).toEqual(['user|correction|momo|correct']);
  });

  test.each([
    ['Her name is Momo, not that it matters.'],
    ['My colleague said the new hire’s name is Jo, not Joanna.'],
    ["Her name is Momo. She's not Mochi's sister."],
  ])('no name correction: %s', (text) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(/\|correct/);
  });
});

describe('a request after the statement in one sentence does not negate the statement', () => {
  test.each([
    ["Also I'm allergic to peanuts, so please never suggest satay or anything with peanut sauce.", ['user|allergy|peanuts|assert']],
    ["I'm vegan, so please don't send me recipes with honey.", ['user|diet|vegan|assert']],
    ["I'm lactose intolerant and can you keep dairy out of the meal plan?", ['user|allergy|lactose|assert']],
    ['My husband is allergic to shellfish - please never put prawns in anything.', ['husband|allergy|shellfish|assert']],
    ["I don't eat pork, so please never suggest bacon.", ['user|diet|no pork|assert']],
    ['I live in Leeds, so can you suggest walks nearby?', ['user|location|leeds|assert']],
  ] as Array<[string, string[]]>)('%s', (text, want) => {
    const got = brief(run(text));
    for (const w of want) expect(got).toContain(w);
    for (const g of got) expect(g).not.toMatch(/\|retract/);
  });

  test.each([
    // a request alone states nothing; a hypothetical stays screened
    ['Please never suggest satay, thanks.', /allergy|diet/],
    ['If I was allergic to peanuts, could you still suggest satay?', /allergy/],
  ] as Array<[string, RegExp]>)('%s', (text, forbidden) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(forbidden);
  });
});

describe('breeds and other species are pet nouns; a denied predicate keeps the pet', () => {
  test.each([
    ['My beagle Biscuit is not enjoying the altitude lol', 'user|pet|beagle named biscuit|assert'],
    ["Our frenchie Bruno doesn't like the rain", 'user|pet|frenchie named bruno|assert'],
    ['my westie Hamish hates the vet', 'user|pet|westie named hamish|assert'],
    ["My shiba won't eat his kibble", 'user|pet|shiba|assert'],
    ['I have a corn snake named Noodle.', 'user|pet|corn snake named noodle|assert'],
    ['We adopted a rescue greyhound called Pixel last month.', 'user|pet|greyhound named pixel|assert'],
    ['I have two gerbils and a leopard gecko.', 'user|pet|gerbils|assert'],
    ['I have two gerbils and a leopard gecko.', 'user|pet|leopard gecko|assert'],
    ['We adopted two kittens and a puppy called Rolo', 'user|pet|puppy named rolo|assert'],
  ])('%s', (text, want) => {
    expect(brief(run(text))).toContain(want);
  });

  test.each([
    // an ending still retracts; not having one still retracts
    ["My dog Rex isn't with us anymore.", 'user|pet|dog named rex|retract'],
    ["I don't have a dog.", 'user|pet|dog|retract'],
  ])('%s', (text, want) => {
    expect(brief(run(text))).toContain(want);
  });

  test.each([['Can you fix my python script?'], ['I found my golden ticket lol'], ['My pointer finger is sore']])('no pet: %s', (text) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(/\|pet\|/);
  });
});

describe('a coming role after a job step is the job title', () => {
  test('the QA turn: new title, dated March, no garbled activity', () => {
    const got = run("I need help with a resignation letter. I accepted an offer from Abbott, I'll be a clinical research coordinator there starting in March.");
    expect(brief(got)).toEqual(expect.arrayContaining(['user|employer|abbott|assert', 'user|job_title|clinical research coordinator|assert']));
    expect(got.find((c) => c.key === 'job_title')).toMatchObject({ validFrom: '2025-03', metadata: expect.objectContaining({ dateText: 'March' }) });
    expect(got.some((c) => c.type === 'event')).toBe(false);
  });

  test.each([
    ["Got the job! I'm going to be a staff nurse at the Royal Infirmary from June.", ['user|job_title|staff nurse|assert', 'user|employer|royal infirmary|assert']],
    ['I signed the contract yesterday, I will be a data analyst at Monzo.', ['user|job_title|data analyst|assert', 'user|employer|monzo|assert']],
    ['They made me an offer and I will be working as a sous chef there from May.', ['user|job_title|sous chef|assert']],
  ] as Array<[string, string[]]>)('%s', (text, want) => {
    const got = brief(run(text));
    for (const w of want) expect(got).toContain(w);
  });

  test.each([
    ["I'll be a mess at the interview tomorrow."],
    ["I'm going to be a nervous wreck before the job interview on Monday."],
    ['I will be a bridesmaid at my sister’s wedding in June.'],
    ['One day I will be a pilot.'],
  ])('no title: %s', (text) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(/job_title/);
  });
});

describe('a dated move bounds the places it joins', () => {
  test.each([
    ['I live in Madrid, I moved here from Berlin two years ago.', 'Berlin', '2023-02'],
    ['We moved to Denver from Chicago last month.', 'Chicago', '2025-01'],
    ['I relocated from Denver to Austin in 2019.', 'Denver', '2019'],
    ['Came over from Lagos a year ago and never looked back.', 'Lagos', '2024-02'],
  ])('%s → %s until %s', (text, place, until) => {
    const c = run(text).find((x) => x.key === 'location' && x.value === place);
    expect(c).toMatchObject({ op: 'history', validTo: until });
  });

  test('an undated move says nothing of when the old place ended', () => {
    expect(run('I moved here from Berlin.').find((x) => x.value === 'Berlin')?.validTo).toBeUndefined();
  });
});

describe("other people's jobs and places", () => {
  test.each([
    ["My brother Tomás is a firefighter back in Chicago, he's flying out to visit us in June.", ['brother tomás|job_title|firefighter|assert', 'brother tomás|location|chicago|assert']],
    ['My sister is a nurse out in Perth.', ['sister|job_title|nurse|assert', 'sister|location|perth|assert']],
    ['My cousin Ade is a teacher back home in Lagos.', ['cousin ade|job_title|teacher|assert', 'cousin ade|location|lagos|assert']],
    ["My friend Dave just got a job at Tesla as a battery engineer, I'm so jealous.", ['friend dave|employer|tesla|assert', 'friend dave|job_title|battery engineer|assert']],
  ] as Array<[string, string[]]>)('%s', (text, want) => {
    const got = brief(run(text));
    for (const w of want) expect(got).toContain(w);
    // never the speaker's own
    for (const g of got) expect(g).not.toMatch(/^user\|(?:employer|job_title|location)\|/);
  });

  test('two named speakers: each one’s job is theirs (the QA chat)', () => {
    const got = brief(
      run([
        user('Hey Jo! I finally started my new job at the library downtown.', 'Nina'),
        user('Congrats Nina! I just adopted a cat named Pickles.', 'Jo'),
        user("Ha! I work from home at Spotify now so Pickles gets lots of attention.", 'Jo'),
      ]),
    );
    expect(got).toEqual(expect.arrayContaining(['nina|employer|library|assert', 'jo|employer|spotify|assert', 'jo|pet|cat named pickles|assert']));
    expect(got).not.toContain('nina|employer|spotify|assert');
  });

  test.each([
    ['I started my new job at the hospital this week.', 'user|employer|hospital|assert'],
    ['She works remotely for Stripe.', null],
    ['I work from home at Canva.', 'user|employer|canva|assert'],
  ] as Array<[string, string | null]>)('%s', (text, want) => {
    const got = brief(run(text));
    if (want) expect(got).toContain(want);
  });

  test.each([['I got a job at a warehouse.'], ['I found a job at a tech company I like.'], ['I work from home most days.'], ['My job at the moment is boring.']])('no employer: %s', (text) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(/employer/);
  });
});

describe('an outcome said after the event joins it; a corrected number replaces it', () => {
  test.each([
    ['Last Friday I ran my first half marathon in Portland! Finished in 2:05.', 'ran my first half marathon in portland, finished in 2:05'],
    ['I did the Great North Run on Sunday. Came 345th overall lol.', 'did the great north run, came 345th overall'],
    ['We had the pub quiz last night. We came second!', 'had the pub quiz, came second'],
    ['Ran the Berlin marathon last September. Took me 4 hours.', 'ran the berlin marathon, took me 4 hours'],
  ])('%s', (text, value) => {
    expect(brief(run(text)).some((g) => g.includes(`|${value}|assert`))).toBe(true);
  });

  test.each([
    // a time of day, or no event just before, is not an outcome
    ['I went to the gym yesterday. Finished at 6.', /finished/],
    ['Finished in 2:05.', /finished/],
  ] as Array<[string, RegExp]>)('%s', (text, forbidden) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(forbidden);
  });

  test.each([
    ['Actually my half marathon time was 2:15, not 2:05. I misremembered.', 'Last Friday I ran my first half marathon in Portland! Finished in 2:05.', 'finished in 2:15'],
    ['Sorry, my score was 88%, not 78%.', 'I sat the biology exam yesterday. Scored 78%.', 'scored 88%'],
  ])('%s', (text, before, fixed) => {
    const got = run(text, [before]);
    const c = got.find((x) => x.op === 'correct');
    expect(c?.value).toContain(fixed);
    expect(c?.type).toBe('event');
    expect(c?.replaces).toBeTruthy();
  });

  test('in a later session the number floats to the memory that holds it', () => {
    expect(brief(run('Actually my half marathon time was 2:15, not 2:05.'))).toEqual(['user|correction|2:15|correct']);
  });

  test('a bare clock reading is a duration, not today', () => {
    for (const c of run('My time was 2:15.')) expect(c.eventDate ?? null).toBeNull();
  });
});
