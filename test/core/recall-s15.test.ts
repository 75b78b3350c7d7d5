/**
 * Recall session 15 (issue 14: the gate and assembly on probe sets), in wording written for this file — no probe
 * set's users, nouns or question shapes. Each class of fix has rows that must find the fact and never-discussed
 * neighbours that must stay empty:
 * - a schedule ask's aspect verb and occasion noun frame the time ("What time does bandy start?"), being in charge of /
 *   looking after something frames the ask;
 * - a scene naming the person, then a briefing that does not ("Just heard from Sunniva - anything I should know first?");
 * - asks for how to reach the user bring what bears on it (a hearing condition);
 * - kin of the other sex does not answer ("my dad" is not "parent: mum"); "back home" is where, not a topic; a named
 *   person's relative must be named by the document ("Eirik's parents");
 * - the name a possessive asks about must come with the word it asks for (entity path: "Tuva's coach");
 * - a first-person choice ask ("Should I…", "Would I ever…") brings the newest turn on its topic;
 * - avoidance requests ("anything I should keep off?"), occasion ideas for an aged child, an event noun's verb
 *   ("wedding" ↔ married).
 */
import { describe, expect, test } from 'vitest';
import { expectRows, type ContextRow } from './offline-app.ts';
import { analyzeQuery, kinConflict, kinSex, namedKin, withNamedKin } from '../../src/core/recall/query-analysis.ts';
import { isAppliedAsk, isGenericAsk } from '../../src/core/recall/ask.ts';
import { isContinuationAsk } from '../../src/core/recall/sequel.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const lex = openLexicon({}).lexicon;

const halvard = [
  'Halvard here. I run the night desk at the coastguard station in Bodø.',
  'Every Wednesday evening I play bandy with the lads from the ferry crew.',
  'Kayaking on the fjord? Freezing water and wet feet, no thanks.',
  'Hurt my knee, so no more bandy this winter. I just keep the scoresheet for the lads now.',
  'Borrowed my cousin\'s kayak last weekend. Not terrible, I admit.',
  'Kayaking is the best part of my week now, I bought my own paddle.',
];

const sunniva = [
  "Sunniva here, I'm a hospital pharmacist in Trondheim.",
  "I have tinnitus and I'm hard of hearing, so please send me an email rather than phoning.",
  'My mum Ragnhild still lives on the farm up in Røros.',
  'My partner Eirik teaches woodwork at the folk high school.',
  'Our daughter Tuva plays handball for the school team.',
  'Kidney trouble again: the nephrologist says low potassium, so no bananas and go easy on potatoes.',
  "We're getting married in the spring, at the old stave church.",
];

const cases: Array<[title: string, said: string[], rows: ContextRow[]]> = [
  [
    'schedule asks and responsibility frames: the activity decides the gate; a choice ask brings the newest stance',
    halvard,
    [
      ['What time does bandy start on Wednesday?', ['no more bandy', 'scoresheet']],
      ['What time is my bandy practice tonight?', ['no more bandy', 'scoresheet']],
      ['What time does curling start on Wednesday?', []],
      ['Which desk am I in charge of?', ['night desk']],
      ['Which choir am I in charge of?', []],
      ['Should I book a weekend out on the fjord in a little boat?', ['best part of my week', 'own paddle']],
      ['What do I think of skydiving?', []],
    ],
  ],
  [
    'briefings after a scene, contact asks, kin by sex, "back home", named kin, a possessive name with its word, avoidance, events',
    sunniva,
    [
      ['Just heard from Sunniva - anything I should know first?', ['pharmacist', 'email', 'tinnitus']],
      ['Sunniva rang earlier. What is worth knowing about her?', ['pharmacist', 'email', 'tinnitus']],
      ['The ward office needs to reach me about a rota swap - what is the best way?', ['email', 'tinnitus']],
      ['My mum - what is her name?', ['ragnhild']],
      ['My dad - what is his name?', []],
      ['Do I have cousins back home?', []],
      ['What are Eirik\'s parents called?', []],
      ["What's the name of Tuva's coach?", []],
      ['Planning meals for the week - anything I should keep off?', ['potassium', 'bananas']],
      ['How many months until my wedding day?', ['married', 'stave church']],
      ['How many months until my housewarming?', []],
    ],
  ],
];

test.each(cases)('%s', (_title, said, rows) => expectRows(said, rows));

describe('the rules, one by one', () => {
  test.each([
    ['Got a message from Oskar - anything I should know first?', true],
    ['Oskar pinged me. What is worth knowing about him?', true],
    ['Off to Lisbon - anything I should know?', false],
    ['Anything I should know about the Lisbon trip?', false],
  ])('briefing after a scene: %s → %s', (q, generic) => expect(isGenericAsk(q, lex)).toBe(generic));

  test.each([
    ['Making a grocery list - anything I should keep off?', true],
    ['Anything I should keep in mind about her?', false],
    ['Is there anything I should bear in mind?', false],
  ])('avoidance is a request, keeping in mind is not: %s → %s', (q, applied) => expect(isAppliedAsk(q, lex)).toBe(applied));

  test.each([
    ['my dad', 'male'],
    ['her sisters', 'female'],
    ['brothers or sisters', null],
    ['my partner', null],
  ])('kinSex(%s) → %s', (text, sex) => expect(kinSex(text)).toBe(sex));

  test('a relation row of the other sex conflicts; one naming no sex does not', () => {
    const q = analyzeQuery("What's my dad called?", new Set(), lex);
    expect(kinConflict(q, 'user mum')).toBe(true);
    expect(kinConflict(q, 'user father Kjell')).toBe(false);
    expect(kinConflict(q, 'user parents')).toBe(false);
  });

  test('a named non-speaker\'s relative is required; a speaker\'s relatives stay their own rows', () => {
    expect(namedKin("What are Eirik's parents called?", new Set(['eirik']))).toEqual({ name: 'eirik', kin: 'parents' });
    expect(namedKin("What is Eirik's car?", new Set(['eirik']))).toBeNull();
    const q = analyzeQuery("What are Eirik's parents called?", new Set(['eirik']), lex);
    expect(withNamedKin(q, new Set()).requiredTerms).toEqual(['parent']);
    expect(withNamedKin(q, new Set(['eirik'])).requiredTerms).toEqual([]);
  });

  test('schedule asks: aspect verbs and occasion nouns frame; a past "when did" keeps them', () => {
    const cover = (q: string, term: string) => analyzeQuery(q, new Set(), lex).terms.find((t) => t.term === term)?.cover ?? 1;
    expect(cover('What time does bandy start tomorrow?', 'start')).toBeLessThanOrEqual(0.1);
    expect(cover("What time's my bandy practice on Friday?", 'practic')).toBeLessThanOrEqual(0.1);
    expect(cover('When did I start at the coastguard?', 'start')).toBeGreaterThan(0.1);
  });

  test('a wedding is searched as marrying', () => {
    const terms = (q: string) => analyzeQuery(q, new Set(), lex).terms;
    expect(terms('How many months until my wedding day?').some((t) => t.term === 'marri' && t.covers === 'wed')).toBe(true);
  });

  test.each([
    ['Would I ever want to live in the city again?', true],
    ['Should I sign up for the winter swim?', true],
    ['Would Halvard enjoy a kayak trip?', false],
    ['What should I cook tonight?', false],
  ])('a first-person choice ask continues its topic: %s → %s', (q, yes) => expect(isContinuationAsk(q)).toBe(yes));
});
