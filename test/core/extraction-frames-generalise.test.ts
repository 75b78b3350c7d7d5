/**
 * @module test/core/extraction-frames-generalise
 * The frame families added for wording never seen (issue #15): endings resolved against the
 * exchange's earlier turns (Holdings), idioms of ending read by the WordNet sense of the phrasal
 * verb, the clause screen (a question's presuppositions, a yes/no question confirmed or denied),
 * appraisal verbs, vocations, coming births and birthdays, settings, named third parties and
 * restated values. Tables of statements read with the lexicon the service uses (WordNet behind the
 * port); the unit checks of the lexicon path use a test double. The negative rows show what each
 * family must not read.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { phrasalLemmas } from '../../src/core/extraction/frames/entity-state.ts';
import { appraisalOf, readClause } from '../../src/core/extraction/frames/read.ts';
import type { Lexicon } from '../../src/core/ports.ts';
import type { Message } from '../../src/core/types.ts';
import { brief, recentTurn, TS } from './extraction-harness.ts';
import { lexiconDouble } from './lexicon-double.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const wordnet = openLexicon({}).lexicon;

const lex = lexiconDouble({
  house: { pos: 'noun', lexClass: 'noun.artifact', ancestors: ['building'] },
  call_it_quits: { pos: 'verb', lexClass: 'verb.stative', ancestors: ['discontinue'] },
  walk_out: { pos: 'verb', lexClass: 'verb.motion', ancestors: ['leave'] },
  irritate: { pos: 'verb', lexClass: 'verb.emotion', ancestors: ['annoy', 'displease'] },
  delight: { pos: 'verb', lexClass: 'verb.emotion', ancestors: ['please', 'satisfy'] },
  teach: { pos: 'verb', lexClass: 'verb.communication', ancestors: ['inform'], derivations: ['teacher', 'teaching'] },
  school: { pos: 'noun', lexClass: 'noun.group', ancestors: ['educational institution', 'institution', 'organization'] },
});

function run(content: string | Message[], lexicon: Lexicon | undefined = wordnet, recent: string[] = []): string[] {
  const messages = typeof content === 'string' ? [{ role: 'user' as const, content }] : content;
  return brief(extractOffline(messages, { timestamp: TS, sessionId: 's', recentTurns: recent.map((r, i) => recentTurn([{ role: 'user', content: r }], i)) }, true, undefined, lexicon));
}

describe('entity state: an ending resolves against what the exchange holds', () => {
  test.each([
    // By a word of the held value or of the statement that gave it.
    ['we have an old tabby called Socks', 'Socks passed on Friday night', 'user|pet|tabby named Socks|retract'],
    ['I ride a Triumph Bonneville at weekends', 'finally sold the Triumph last week', expect.stringMatching(/^user\|vehicle\|.*(?:Triumph|Bonneville).*\|retract$/)],
    // A current-value ending names the value held.
    ['I work at Lloyds in the fraud team', 'I resigned this morning', 'user|employer|Lloyds|retract'],
    // Rows that end only what is held.
    ['I work at Tesco on the tills', 'walked out of Tesco yesterday after a row', 'user|employer|Tesco|retract'],
    ['my partner Sam and I share a flat', 'Sam moved out last weekend', 'user|partner|Sam (partner)|retract'],
    ['my partner Sam and I share a flat', 'we are done.', 'user|partner|Sam (partner)|retract'],
    ['my girlfriend Ines and I want a flat', 'Ines and I called it quits last night', 'user|partner|Ines (girlfriend)|retract'],
    ['I go swimming every morning', 'I have packed in swimming', 'user|hobby|swimming|retract'],
    ['my husband Gareth does the cooking', 'Gareth and I are getting divorced', 'user|partner|Gareth (husband)|retract'],
  ])('%s → %s', (prev, text, want) => {
    expect(run(text, wordnet, [prev])).toContainEqual(want);
  });

  test.each([
    // Nothing held under that word: rows that need a holding end nothing.
    ['I live in Leeds', 'walked out of the cinema halfway through'],
    ['my son Leo is 19', 'Leo moved out last weekend'],
    ['my partner Sam and I share a flat', 'we are done with the kitchen'],
    // A long-ago ending is history, not a change of the current partner.
    ['I love my job', 'We got divorced ten years ago'],
  ])('ends nothing: %s → %s', (prev, text) => {
    expect(run(text, wordnet, [prev]).filter((x) => x.endsWith('|retract'))).toEqual([]);
  });

  test('an idiom of ending is read from the phrasal verb’s lexicon sense, by the test double', () => {
    const rc = readClause({ text: 'Ines and I called it quits', sentence: 'Ines and I called it quits', subject: { id: 'user', self: true }, speaker: 'user', pre: '', core: '', pred: '', negated: false, ending: false, past: true, date: null, confidence: 0.9, ref: new Date(TS) }, lex);
    expect(phrasalLemmas(rc, rc.shape)).toContain('call_it_quits');
    // The walk-out row has no lemma of its own: the double's "walk_out" (a kind of "leave") is what reads it.
    expect(run('walked out of Tesco yesterday', lex, ['I work at Tesco'])).toContain('user|employer|Tesco|retract');
  });
});

describe('clause screen', () => {
  test.each([
    // A question's presupposition about the speaker is still read, clause by clause.
    ['the tram works here in Nottingham are a nightmare, any podcast recs for the bus?', 'user|location|Nottingham|assert'],
    ['the roadworks here in Sheffield are endless, can you suggest a route?', 'user|location|Sheffield|assert'],
  ])('%s', (text, want) => expect(run(text)).toContain(want));

  test.each([
    ['would you live here in York if you could?'],
    ['is it worth moving to Leeds?'],
    ['if I had a horse I would call it Biscuit'],
    ['I wish I spoke French'],
    ['oh brilliant, another monday. love that for me'],
  ])('no user fact: %s', (text) => {
    expect(run(text).filter((x) => x.startsWith('user|') && x.endsWith('|assert'))).toEqual([]);
  });

  test.each([
    [[{ role: 'assistant', content: 'Are you still teaching at the primary school?' }, { role: 'user', content: 'yep, year 4 this year' }], 'user|job_title|teacher|assert'],
    [[{ role: 'assistant', content: 'Do you still live in Leeds?' }, { role: 'user', content: 'yep, still here' }], 'user|location|Leeds|assert'],
    [[{ role: 'assistant', content: 'Are you still vegetarian?' }, { role: 'user', content: 'yes, five years now' }], 'user|diet|vegetarian|assert'],
    [[{ role: 'assistant', content: 'You mentioned being allergic to penicillin, is that still the case?' }, { role: 'user', content: 'yep still the case' }], 'user|allergy|penicillin|assert'],
    // A "no" to a "still" question ends the claim.
    [[{ role: 'assistant', content: 'Do you still play the violin?' }, { role: 'user', content: 'nope, gave it up years ago' }], 'user|hobby|violin|retract'],
  ] as Array<[Message[], string]>)('confirmed question: %j', (msgs, want) => expect(run(msgs)).toContain(want));

  test('a "no" to a question without "still" states nothing held', () => {
    expect(run([{ role: 'assistant', content: 'Do you play the violin?' }, { role: 'user', content: 'no' }])).toEqual([]);
  });
});

describe('appraisal, vocation, arrival, milestone frames', () => {
  test.each([
    ['Figma irritates me more with every update', 'user|opinion_figma|figma: irritates me more with every update|assert'],
    ['I teach at a primary school in Hull', 'user|job_title|teacher|assert'],
    ['number four arrives in October, send help', 'user|event_milestone|baby due|assert|2024-10'],
    ['I have two boys and a third on the way, due in November', 'user|event_milestone|baby due|assert|2024-11'],
    ['I will be 50 in August', 'user|event_birthday|turns 50|assert|2024-08'],
    ['I will be 50 in August', 'user|age|49|assert'],
  ])('%s', (text, want) => expect(run(text)).toContain(want));

  test('appraisal stance is the verb’s emotion class', () => {
    expect(appraisalOf('irritate', lex)).toBe('negative');
    expect(appraisalOf('delight', lex)).toBe('positive');
    expect(appraisalOf('teach', lex)).toBeNull();
  });

  test.each([
    ['my parcel arrives in October'],
    ['the new sofa comes in June, a third of the price'],
    ['my boss irritates me'],
    ['I swim at the leisure centre'],
    ['I started a new job at Notion'],
  ])('no frame fact: %s', (text) => {
    expect(run(text).filter((x) => /\|(?:event_milestone|opinion_\w+|job_title)\|/.test(x))).toEqual([]);
  });
});

describe('settings, third parties, restated values', () => {
  test.each([
    ['week two at Deliveroo and I still cannot find the coffee', [], 'user|employer|Deliveroo|assert'],
    ['just back from my induction at Barclays', [], 'user|employer|Barclays|assert'],
    ['my postdoc lab at Edinburgh uni is moving buildings', [], 'user|education|Edinburgh uni|assert'],
    ['my mate kwame just moved up to glasgow for a job', [], 'mate kwame|location|Glasgow|assert'],
    ['my neighbour Rosa keeps three chickens', [], 'neighbour rosa|pet|chicken|assert'],
    ['grew up in Galway but I live in Manchester now', [], 'user|hometown|Galway|assert'],
    ['I was raised in Cork', [], 'user|hometown|Cork|assert'],
    // The vehicle family is frames only now (the rule is gone).
    ['i drive a 2015 honda jazz, it never breaks', [], 'user|vehicle|2015 Honda jazz|assert'],
    ['I finally bought a cheap little motorbike', [], 'user|vehicle|motorbike|assert'],
    ['We sold our old van and picked up a used Toyota', [], 'user|vehicle|Toyota|assert'],
    ['I do not have a car', [], 'user|vehicle|car|retract'],
    ['actually I am 42, had my birthday last week', ['I am 41'], 'user|age|42|correct'],
  ] as Array<[string, string[], string]>)('%s', (text, recent, want) => expect(run(text, wordnet, recent)).toContain(want));

  test.each([
    ['my coworker Priya is moving to Toronto', /\|location\|/],
    ['my neighbour just got a tesla', /\|vehicle\|/],
    ['I moved to Google last year', /\|location\|Google/],
    ['I raised money in Leeds', /\|hometown\|/],
    ['my neighbour just bought a van', /\|vehicle\|/],
  ])('no frame fact: %s', (text, not) => {
    expect(extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).filter((c) => not.test(`|${c.key}|${c.value}`) && String(c.metadata?.frame ?? '').length > 0)).toEqual([]);
  });

  test('a change is news, not a correction ("actually I work at Aldi now")', () => {
    expect(run('actually I work at Aldi now', wordnet, ['I work at Tesco'])).toContain('user|employer|Aldi|assert');
  });
});
