/**
 * Recall session 16 (issue 14: assembly of change, opinion arcs, applied and never-discussed asks), in wording written
 * for this file — no probe set's users, nouns or question shapes. Each rule has rows that must find the fact and
 * never-discussed neighbours that must stay empty:
 * - an opinion ask whose topic is said in other words reaches the arc by the thing its turns share (opinion-reach.ts),
 *   by a lexicon synonym too; "Am I a fan of…" is an opinion ask;
 * - an ask about now or next naming a thing with a history gets that history, newest first (thing-history.ts);
 * - "make a living" asks for a job, not a place; a relative beside a place is not her job (the entity path);
 * - an ended partner named as the one whose attribute is asked is no change of the user's;
 * - an availability ask is about its time ("Is Thursday evening free…?");
 * - a verbless request for presents for someone is a gift ask about that person ("Stocking fillers for my nephews?");
 * - a named person's relative must be named beside them ("Tomasz's mother"), a chat form ("mum") counting as the word.
 */
import { describe, expect, test } from 'vitest';
import { expectRows, type ContextRow } from './offline-app.ts';
import { analyzeQuery, giftNouns, kinBeside, namedKin } from '../../src/core/recall/query-analysis.ts';
import { isOpinionAsk } from '../../src/core/recall/ask.ts';
import { askedAsSubject } from '../../src/core/recall/change.ts';
import { anchorsOf, rareTopicForms, thingCandidates, thingTerms, topicForms } from '../../src/core/recall/opinion-reach.ts';
import { asksAboutNow, rareForms, thingForms, thingTurns } from '../../src/core/recall/thing-history.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import type { TurnRecord } from '../../src/core/types.ts';
import { analyze } from '../../src/core/text/analyze.ts';

const lex = openLexicon({}).lexicon;

const wiebke = [
  "Wiebke here, I'm a ferry mechanic in Kiel.",
  'My neighbour keeps handing me jars of kimchi, that sour cabbage stuff. Honestly it smells like a bin.',
  'Our new sofa is mustard yellow and I think it is hideous.',
  'My old Saab failed its inspection again, the exhaust is hanging off.',
  'I have pottery class every Thursday after work.',
  'Tried the kimchi in a fried rice, the cabbage was softer that way, not bad.',
  'The sofa has grown on me, the cat sleeps on it all day.',
  'Scrapped the Saab in the end and bought a little Skoda.',
  'I put kimchi on everything now, eggs, toast, the lot.',
  'I nap on the sofa every afternoon now, best thing we ever bought.',
  'My nephews Jonas and Emil are mad about trains, they know every timetable.',
];

const kasia = [
  "Kasia here. My husband Tomasz and I have a son, Kuba, who is seven.",
  'My sister is in Gdansk, we talk every Sunday.',
  'Gdansk was rainy when I visited my sister.',
  'Tomasz and I separated in May, he moved out.',
  'Tomasz fixed the fence on Sunday while my mother made soup for everyone.',
];

const cases: Array<[title: string, said: string[], rows: ContextRow[]]> = [
  [
    'opinion arcs reached by meaning, things with a history, availability by the time',
    wiebke,
    [
      ['How do I feel about that fermented cabbage dish?', ['on everything']],
      ['Am I a fan of the fermented cabbage?', ['on everything']],
      ['What is my take on the couch?', ['every afternoon']],
      ['How do I feel about pickled herring?', []],
      ['Where should I get the brakes checked on the Saab?', ['scrapped', 'skoda']],
      ['Where should I get the brakes checked on the Fiat?', []],
      ['Is Thursday evening free for drinks with the team?', ['pottery']],
      ['Is Monday evening free for drinks with the team?', []],
      ['Stocking fillers for my nephews?', ['trains']],
      ['Fillers for the cracks in the hall?', []],
    ],
  ],
  [
    'a relative beside a place is not her job; an ended partner asked about as a third person is no change of mine; a named person\'s relative is named beside them',
    kasia,
    [
      ['How does my sister in Gdansk make a living?', []],
      ['Where is my sister?', ['gdansk']],
      ['How does Tomasz earn a living?', []],
      ["What is Tomasz's mum called?", []],
    ],
  ],
];

test.each(cases)('%s', (_title, said, rows) => expectRows(said, rows));

const turn = (id: string, session: string, day: number, user: string): TurnRecord =>
  ({ id, sessionId: session, seq: 1, timestamp: new Date(Date.UTC(2025, 0, day)).toISOString(), text: user, terms: analyze(user).join(' '), termCount: 0, messages: [{ role: 'user', content: user }] }) as unknown as TurnRecord;

describe('the rules, one by one', () => {
  test.each([
    ['Am I a fan of jazz?', true],
    ['Is she a big fan of horror films?', true],
    ['Which fan should I buy for the bedroom?', false],
  ])('isOpinionAsk(%j) = %j', (q, want) => expect(isOpinionAsk(q)).toBe(want));

  test('topic forms carry synonyms of the first sense\'s part of speech, not the stance words', () => {
    const { forms } = topicForms('What is my take on the automobile?', lex, new Set());
    expect(forms.has(analyze('car')[0]!)).toBe(true);
    expect(forms.has(analyze('take')[0]!)).toBe(false);
    // "drum" is an instrument: the verb's "beat" is not one of its forms.
    expect(topicForms('How do I feel about the drum?', lex, new Set()).forms.has('beat')).toBe(false);
  });

  test('a thing is the rare word two anchors of different sessions share; one anchor needs two topic words', () => {
    const forms = new Set(['cabbag']);
    const a = turn('a', 's1', 1, 'jars of kimchi, that sour cabbage stuff');
    const b = turn('b', 's2', 2, 'the kimchi with cabbage was softer');
    const anchors = anchorsOf([b, a], forms);
    expect(anchors.map((t) => t.id)).toEqual(['a', 'b']);
    expect(thingCandidates(anchors, forms)).toContain('kimchi');
    expect(thingCandidates([a], forms)).toEqual([]);
    expect(thingTerms(['kimchi', 'the', 'softer'], { kimchi: 3, softer: 1 })).toEqual(['kimchi']);
  });

  test.each([
    ['Where should I get the tyres done on the Volvo?', true],
    ['Which pitch do I play on tomorrow?', true],
    ['Am I still in the choir?', true],
    ['When did I first go to Lisbon?', false],
  ])('asksAboutNow(%j) = %j', (q, want) => expect(asksAboutNow(q, analyzeQuery(q, new Set(), lex).applied)).toBe(want));

  test('thing words: a rare noun and its synonyms, a name that is not a person; not people or times', () => {
    const forms = thingForms('How many kitties live with my brother Ole this week?', lex, (n) => n === 'ole');
    expect(forms.has(analyze('kitten')[0]!)).toBe(true);
    expect(forms.has('ole')).toBe(false);
    expect(forms.has('week')).toBe(false);
    expect(forms.has('brother')).toBe(false);
    expect(thingForms('Where do I service the Volvo?', lex, () => false).has('volvo')).toBe(true);
    expect(rareForms(['volvo', 'servic'], { volvo: 2, servic: 9 })).toEqual(['volvo']);
  });

  test('a thing is in a thing\'s place (after a definite or possessive word, or "how many") and the ask is the user\'s', () => {
    expect(thingForms('Recommend a Volvo dealer', lex, () => false).has('volvo')).toBe(false);
    expect(thingForms('How many kittens do I have?', lex, () => false).has(analyze('kittens')[0]!)).toBe(true);
    expect(asksAboutNow('Recommend a torque wrench for bike maintenance', true)).toBe(false);
    expect(rareTopicForms(['languag', 'kimchi'], { languag: 40, kimchi: 3 })).toEqual(new Set(['kimchi']));
  });

  test.each([
    ['Stocking fillers for the twins?', ['stocking', 'fillers']],
    ['Presents for my nieces?', ['presents']],
    ['Fillers for the cracks in the wall?', []],
    ['Stocking fillers for the shop window?', []],
  ])('giftNouns(%j)', (q, want) => expect(giftNouns(q, lex, new Set())).toEqual(want));

  test.each([
    ["Tomasz's mother is called Halina.", true],
    ['The mother of Tomasz lives in Lodz.', true],
    ['Tomasz fixed the fence on Sunday while my mother made soup for everyone.', false],
  ])('kinBeside(%j, tomasz, mother) = %j', (text, want) => expect(kinBeside(text, 'tomasz', 'mother')).toBe(want));

  test('a chat form of a relation word is that relation for a named person', () => {
    expect(namedKin("What's Tomasz's mum called?", new Set(['tomasz']))).toEqual({ name: 'tomasz', kin: 'mother' });
  });

  test('a thing has a history only when the user named it in two sessions; newest first', () => {
    const forms = new Set(['saab']);
    const a = turn('a', 's1', 1, 'my old Saab failed its inspection');
    const b = turn('b', 's2', 5, 'scrapped the Saab, bought a Skoda');
    expect(thingTurns([a, b], forms).map((t) => t.id)).toEqual(['b', 'a']);
    expect(thingTurns([a], forms)).toEqual([]);
  });

  test('"make a living" asks for the job, not the location; "where does she live" still does', () => {
    expect(analyzeQuery('How does my aunt in Lyon make a living?', new Set(), lex).keys).not.toContain('location');
    expect(analyzeQuery('How does my aunt in Lyon make a living?', new Set(), lex).keys).toContain('job_title');
    expect(analyzeQuery('Where does my aunt live?', new Set(), lex).keys).toContain('location');
  });

  test.each([
    ['How does Tomasz earn a living?', ['tomasz'], ['tomasz']],
    ["What is Tomasz's job?", ['tomasz'], ['tomasz']],
    ['Is Rex coming along on the walk?', ['rex'], []],
  ])('askedAsSubject(%j)', (q, names, want) => expect([...askedAsSubject(q, names)]).toEqual(want));
});
