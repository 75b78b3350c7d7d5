/**
 * @module test/core/extraction-frames-f22
 * Issue 15, helper f22: pastimes said as a place, a habit, a course or learning to do it (frames/pastime.ts), and given
 * up by going no more; kin rosters with ages said respectively and a last name with no age (frames/kin-roster.ts);
 * a third party's condition by its predicate (frames/their-condition.ts). Sentences of our own (written before the
 * code, other words than the read rounds), each table beside its negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { recentTurn, TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;

/** Every fact as `subject|key|value|op`, lower-cased; `prev` is an earlier user turn of the exchange. */
const facts = (text: string, prev?: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: prev ? [recentTurn([{ role: 'user', content: prev }], 0)] : [] }, true, undefined, wordnet).map(
    (c) => `${c.subject}|${c.key}|${c.value}|${c.op ?? 'assert'}`.toLowerCase(),
  );
const hobbies = (text: string, op = 'assert', prev?: string) =>
  facts(text, prev)
    .filter((f) => f.startsWith('user|hobby|') && f.endsWith(`|${op}`))
    .map((f) => f.split('|')[2]);

describe('pastimes said as a place, a habit, a course or a skill being learnt', () => {
  test.each([
    ["I'm at the bouldering wall three evenings a week now", 'bouldering'],
    ['been going to the swimming pool most mornings before work', 'swimming'],
    ['Sunday mornings are for the allotment and a long swim', 'swim'],
    ['Thursday nights are for darts down the pub', 'darts'],
    ['weekends are for sailing, weather permitting', 'sailing'],
    ['started tabla lessons with a teacher in Leicester', 'tabla'],
    ['started sarangi classes at the community hall', 'sarangi'],
    ['been learning to crochet from youtube videos', 'crocheting'],
    ["I've been teaching myself to juggle in the garden", 'juggling'],
    ['joined a five-a-side team at work, we lost 9-1', 'five-a-side'],
    ['my pottery class got cancelled again this week', 'pottery'],
    ["signed up for a beginners' fencing course at the leisure centre", 'fencing'],
    ['my ceramics course starts back next week', 'ceramics'],
    ['joined the crown green bowls club, average age about seventy', 'bowls'],
    ['started steel pan lessons, the neighbours are less keen', 'steel pan'],
    ['quilting my second cot blanket, this one has stars', 'quilting'],
    ['been sewing another dress for the summer fete', 'sewing'],
    ['fridays I take my banjo down to the folk night at the Red Lion', 'banjo'],
  ])('%s', (text, want) => expect(hobbies(text).some((h) => h.includes(want))).toBe(true));

  test.each([
    ['got Tesco lessons at 5 lol'],
    ['my driving lessons are going ok'],
    ["I'm at the Tesco on the high street twice a week"],
    ["my son's swimming lessons got moved to Friday"],
    ['Fridays are for takeaway and telly'],
    ['I teach salsa classes at the church hall on Mondays'],
    ['I learned to swim when I was 30'],
    ['swimming lessons start next week for the little one'],
    ['I went to a pottery workshop last Friday'],
    ['left every Slack group, my evenings are mine again'],
    ['my brother is learning to crochet'],
    ['should I join a running club?'],
    ['if I had the time I would be at the climbing wall every evening'],
    ['the sports centre on Tuesdays is rammed'],
    ['gave a talk to a chess club member last week'],
    ['tried my first spin class, never again'],
    ['baking my first sourdough this weekend'],
    ['my ukulele is gathering dust in the loft'],
  ])('no pastime of the speaker: %s', (text) => expect(hobbies(text)).toEqual([]));

  test.each([
    ['I stopped going to the chess club, too many late nights', 'chess', 'chess club tonight, wish me luck'],
    ['quit going to the pottery class, it clashed with work', 'pottery', 'pottery class later'],
  ])('going no more ends it: %s', (text, want, prev) => {
    expect(hobbies(text, 'retract', prev)).toContain(want);
    expect(hobbies(text, 'assert', prev)).toEqual([]);
  });
});

describe('kin rosters: ages said respectively, and a last name with no age', () => {
  test.each([
    ['my girls, Zara and Poppy, are 7 and 4', [['zara', '7'], ['poppy', '4']]],
    ['our lads Finn and Oscar are 15 and 12', [['finn', '15'], ['oscar', '12']]],
    ['two daughters, Freya and Isla, aged 10 and 8', [['freya', '10'], ['isla', '8']]],
    ['my sons Tom and Ben are twelve and nine', [['tom', '12'], ['ben', '9']]],
    ['my boys Harry and Alfie are 6 and 6', [['harry', '6'], ['alfie', '6']]],
    ['our three kids, Ada, Bea and Cal, are 9, 6 and 2', [['ada', '9'], ['bea', '6'], ['cal', '2']]],
  ])('%s', (text, pairs) => {
    const fs = facts(text);
    for (const [name, age] of pairs) {
      expect(fs.some((f) => f.startsWith('user|child|') && f.includes(name))).toBe(true);
      expect(fs.filter((f) => f.split('|')[0].endsWith(name) && f.split('|')[1] === 'age').map((f) => f.split('|')[2])).toEqual([age]);
    }
    // The group word alone carries nothing once each member is named.
    expect(fs.filter((f) => /^(?:girls|boys|lads|kids|sons|daughters)\|/.test(f) || /^user\|child\|(?:\w+\s)?(?:girls|boys|lads|kids|sons|daughters)\|/.test(f))).toEqual([]);
  });

  test.each([
    ["twins Kemi and Kunle are both 5, plus baby Tayo who's 7 months", [['kemi', '5'], ['kunle', '5'], ['tayo', '7 months']]],
    ["ours are Nia 11, Rhys 8 and Cerys who's 3", [['nia', '11'], ['rhys', '8'], ['cerys', '3']]],
  ])('twins opening the sentence, "ours", a child after a shared age: %s', (text, pairs) => {
    const fs = facts(text);
    for (const [name, age] of pairs) {
      expect(fs.some((f) => f.startsWith('user|child|') && f.includes(name))).toBe(true);
      expect(fs.filter((f) => f.split('|')[0].endsWith(name) && f.split('|')[1] === 'age').map((f) => f.split('|')[2])).toEqual([age]);
    }
  });

  test('a last name with no age closes the list', () => {
    const fs = facts("we've got three kids (Mia 9, Leo 6 and baby Ava)");
    for (const name of ['mia', 'leo', 'ava']) expect(fs.some((f) => f.startsWith('user|child|') && f.includes(name))).toBe(true);
    expect(fs.some((f) => f.startsWith('child ava|age'))).toBe(false);
  });

  test.each([
    ['his kids, Jake and Tia, are 5 and 3'],
    ["my sister's boys, Rory and Cian, are 4 and 2"],
    ['if we had two girls, Maya and Lila, they would be 5 and 3'],
    ['ours is the house with the red door, Number 12'],
  ])('not the speaker’s children: %s', (text) => expect(facts(text).filter((f) => f.startsWith('user|child|'))).toEqual([]));
});

describe('a third party’s condition, under the third party', () => {
  test.each([
    ["Dave's been diagnosed with diabetes", 'dave', 'diabetes'],
    ['my husband suffers from gout', 'husband', 'gout'],
    ['my coworker Dave told me at lunch that he has got sciatica', 'dave', 'sciatica'],
    ['my sister says she has migraines every week', 'sister', 'migraine'],
    ['Priya was diagnosed with lupus in the spring', 'priya', 'lupus'],
    ['my mum has got arthritis in both hands', 'mum', 'arthritis'],
    ['my aunt Rose over in Truro has glaucoma now', 'rose', 'glaucoma'],
    ["according to Gemma from payroll, she's off with sciatica again", 'gemma', 'sciatica'],
  ])('%s', (text, who, illness) => {
    const fs = facts(text);
    expect(fs.some((f) => f.split('|')[0].endsWith(who) && f.split('|')[1] === 'health_condition' && f.split('|')[2].includes(illness))).toBe(true);
    expect(fs.filter((f) => f.startsWith('user|health_condition|'))).toEqual([]);
    // Never under a place the sentence names ("… over in Truro has …").
    expect(fs.filter((f) => f.split('|')[1] === 'health_condition' && !f.split('|')[0].endsWith(who))).toEqual([]);
  });

  test.each([
    ['my boss said he thinks he has covid'],
    ['Dave told me he has a new car'],
    ['does my dad have diabetes?'],
    ['my mum might have arthritis'],
    ["his brother's been diagnosed with asthma"],
    ['my neighbour Jim has a cold'],
    ["according to the papers, he's off with the fairies"],
  ])('no condition stated: %s', (text) => expect(facts(text).filter((f) => f.split('|')[1] === 'health_condition')).toEqual([]));
});
