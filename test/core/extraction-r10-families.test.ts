/**
 * @module test/core/extraction-r10-families
 * Table-driven checks of the rule families added after blind round 10, in wording that is not the
 * round's: second-person facts about the other speaker of a named chat ("your sister Kavya", "your
 * pup Rolo", "your new bakery", "congrats on making head chef, Leo", a question about "your food
 * truck" answered by its owner); hobbies taken to ("gotten really into X", "been doing X"); a new
 * subject after a comma with its own negation; "after N years" as a span; seasons with a
 * determiner; a sale and a purchase in one clause and vehicles after adverbs; an occasion named
 * before its verb ("the jazz gig on Friday was…"); camping as a trip; a child's first teeth, words
 * and steps; a role the speaker talks from ("as a paramedic, I…"); a partner from a celebrated
 * marriage; the kids as co-subject; a named thing judged after the fact; a daily routine over a
 * span. Plus the hard negatives each family must leave alone.
 */
import { describe, expect, test } from 'vitest';
import { seasonDate } from '../../src/core/extraction/dates.ts';
import { secondPersonFacts, vocativeName } from '../../src/core/extraction/rules/addressee.ts';
import type { Message } from '../../src/core/types.ts';
import { briefLower as brief, extract, TS } from './extraction-harness.ts';

const say = (name: string, content: string): Message => ({ role: 'user', content, name });
const run = (content: string | Message[], name: string | null = null) => extract(content, { name });

describe('second-person facts about the addressee of a named chat', () => {
  test.each([
    // the latest other speaker is "you"
    [[say('Nadia', 'back from the groomer finally'), say('Tom', 'Is your spaniel Bruno still scared of the hairdryer?')], ['nadia|pet|spaniel named bruno|assert']],
    [[say('Ife', 'long week'), say('Sara', 'Did your brother Tunde ever hear back about the flat?')], ['ife|sibling|tunde (brother)|assert']],
    [[say('Ife', 'long week'), say('Sara', 'How is your baby boy Kofi sleeping these days?')], ['ife|child|kofi (son)|assert']],
    [[say('Rosa', 'so tired'), say('Ben', 'Your little flower shop was packed when I walked past!')], ['rosa|job_title|flower shop owner|assert']],
    // a name called out in the message wins
    [[say('Ana', 'Congratulations on becoming a charge nurse, Joel! Drinks on me')], ['joel|job_title|charge nurse|assert']],
    [[say('Ana', 'Hey Joel, congrats on the promotion to senior architect')], ['joel|job_title|senior architect|assert']],
    // a question put to the speaker, answered by them
    [[say('Lia', "How's your pottery studio going?"), say('Kai', 'Slammed, honestly, we had three classes back to back')], ['kai|job_title|pottery studio owner|assert']],
  ] as Array<[Message[], string[]]>)('%j', (msgs, expected) => {
    const got = brief(run(msgs));
    for (const e of expected) expect(got).toContain(e);
  });

  test.each([
    // "your boss", "your garden", "your photos": nothing kept
    [[say('Mo', 'hi'), say('Jo', 'Did your boss Alan really say that?')]],
    [[say('Mo', 'hi'), say('Jo', 'Your garden looks so lush, Mo!')]],
    [[say('Mo', 'hi'), say('Jo', 'Your photos from the trip are stunning')]],
    // places people go to are not theirs to run
    [[say('Mo', 'hi'), say('Jo', 'Is your local bakery open on Sundays?')]],
    [[say('Mo', 'hi'), say('Jo', 'what was the name of your favourite cafe again?')]],
    // a bare "your business" names no trade
    [[say('Mo', 'hi'), say('Jo', 'How is your business doing?')]],
  ] as Array<[Message[]]>)('%j stores nothing about the addressee', (msgs) => {
    expect(brief(run(msgs)).filter((g) => g.startsWith('mo|'))).toEqual([]);
  });

  test('an unnamed user (an agent chat) has no addressee facts', () => {
    expect(brief(run([{ role: 'user', content: 'Is your cat Tom ok?', name: null }]))).toEqual([]);
  });

  test('vocatives: a name after a comma or a greeting, never a place closing a clause', () => {
    expect(vocativeName('Well done, Priya!')).toBe('Priya');
    expect(vocativeName('Hi Sam, how was it?')).toBe('Sam');
    expect(vocativeName('We camped at Big Sur.')).toBeNull();
    expect(vocativeName('Thanks, I will!')).toBeNull();
  });

  test('the families are pure and need a name', () => {
    expect(secondPersonFacts('your cousin is visiting', 'ana')).toEqual([]);
    expect(secondPersonFacts('your kitten Miso is adorable', 'ana').map((d) => `${d.subject}|${d.key}|${d.value}`)).toEqual(['ana|pet|kitten named Miso']);
  });
});

describe('round-10 families produce the expected memory', () => {
  test.each([
    // hobbies taken to
    ['Lately I have gotten super into trail running', ['user|hobby|running|assert']],
    ["She's been doing yoga on Sunday mornings since the winter", []],
    ["I've been doing yoga on Sunday mornings since the winter", ['user|hobby|yoga|assert']],
    ['I got hooked on crocheting during lockdown', ['user|hobby|crocheting|assert']],
    // a new subject after a comma keeps its negation to itself
    ["Took my nephew to the science museum yesterday, he wouldn't stop asking questions", ['user|event_activity|took my nephew to the science museum|assert|2024-05-07']],
    // a sale and a purchase; adverbs and two modifiers before the vehicle
    ['We sold our old van and picked up a used Toyota', ['user|vehicle|van|retract', 'user|vehicle|toyota|assert']],
    ['I finally bought a cheap little motorbike', ['user|vehicle|motorbike|assert']],
    // the occasion named before its verb, dated
    ['The jazz gig on Friday night was unreal', ['user|event_activity|jazz gig|assert|2024-05-03']],
    ['the school fair yesterday was such a mess', ['user|event_activity|school fair|assert|2024-05-07']],
    // camping is a trip
    ['We camped by the lake last Saturday', ['user|event_trip|camped by the lake|assert|2024-05-04']],
    // a child's firsts
    ['my son said his first word on Monday!', ['son|event_milestone|said his first word|assert|2024-05-06']],
    // a role the speaker talks from
    ["As a paramedic, I don't get many quiet weekends", ['user|job_title|paramedic|assert']],
    // a partner from a celebrated marriage
    ['Omar and I just celebrated 15 years of marriage', ['user|partner|omar|assert', 'user|relationship_status|married|assert']],
    // the kids as co-subject
    ['Me and the boys built a den in the woods on Sunday', ['user|child|boys|assert']],
    // a named thing judged after the fact
    ['Tbh Barcelona was way too expensive', ['user|opinion_barcelona|barcelona: expensive|assert']],
  ] as Array<[string, string[]]>)('%s', (text, expected) => {
    const got = brief(run(text));
    for (const e of expected) expect(got).toContain(e);
    if (expected.length === 0) expect(got.filter((g) => g.includes('|hobby|'))).toEqual([]);
  });

  test.each([
    // durations are not dates
    ['My uncle retired from the police after 25 years', /\|20[5-9]\d/],
    // a routine over a span is not a dated activity
    ['We walked the dog every morning this week', /event_activity/],
    // a sentence-initial capital proves no name
    ['Dinner was lovely', /opinion_/],
    ['Yesterday was awful', /opinion_/],
    // a neighbour's car is not kept
    ['my neighbour just bought a Porsche', /vehicle/],
    // an undated occasion, or a coming one, is not a past event
    ['The concert was amazing', /event_/],
    // "getting into trouble" is no hobby
    ['I got into trouble at school today', /hobby/],
    // "as a kid" is no job
    ['As a kid I loved drawing', /job_title/],
    // someone else's celebration names no partner
    ['My parents celebrated 40 years of marriage', /user\|partner/],
  ] as Array<[string, RegExp]>)('%s', (text, forbidden) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(forbidden);
  });
});

describe('seasons with a determiner', () => {
  const ref = new Date(TS); // May
  test.each([
    ['we move in the fall', true, '2024-09'],
    ['this summer', true, '2024-06'],
    ['last summer', false, '2023-06'],
    ['over the winter', false, '2023-12'],
    ['this winter', true, '2024-12'],
  ] as Array<[string, boolean, string]>)('%s (forward %s) → %s', (text, forward, iso) => {
    expect(seasonDate(text, ref, forward)?.iso).toBe(iso);
  });
  test('a habit is not a date', () => {
    expect(seasonDate('we go every summer', ref, true)).toBeNull();
  });
  test('in January the current winter began the year before', () => {
    expect(seasonDate('this winter', new Date('2024-01-20T12:00:00Z'), false)?.iso).toBe('2023-12');
    expect(seasonDate('last winter', new Date('2024-01-20T12:00:00Z'), false)?.iso).toBe('2022-12');
  });
});
