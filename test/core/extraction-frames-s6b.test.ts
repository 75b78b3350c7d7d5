/**
 * @module test/core/extraction-frames-s6b
 * Session-6 (afternoon) classes of the blind rounds r21–r23, tested in wording of our own: a roster of named kin
 * with their ages after a counted or possessed relation noun (each name is the speaker's relative, each age the
 * relative's), and a past milestone predicate of the speaker (a WordNet/lexicon event class, or a "first" of
 * something done) as event_milestone. Each class has negatives.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { brief, TS } from './extraction-harness.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const wordnet = openLexicon({}).lexicon;
const once = (text: string) => brief(extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)).map((r) => r.toLowerCase());

describe('kin roster: a counted or possessed relation noun, then names with ages', () => {
  test.each([
    ['got two daughters, Lena who is 9 and Pia who is 6', ['user|child|lena', 'user|child|pia', 'lena|age|9', 'pia|age|6']],
    ['our three boys - Arlo (11), Finn (7) and Jude (3) - are feral today', ['user|child|arlo', 'user|child|jude', 'arlo|age|11', 'finn|age|7', 'jude|age|3']],
    ['I have 2 stepsons: Callum is 14, Reece is 10.', ['user|child|callum', 'user|child|reece', 'callum|age|14', 'reece|age|10']],
    ['my kids are Tomas, who’s nine, and Ines, who is five', ['user|child|tomas', 'user|child|ines', 'tomas|age|9', 'ines|age|5']],
    ['my granddaughter Maeve is 4 and obsessed with dinosaurs', ['maeve|age|4']],
    ['two girls at home, Suki (6 months) and Hana (3)', ['user|child|suki', 'suki|age|6 months', 'hana|age|3']],
  ])('%s', (text, wants) => {
    const got = once(text);
    for (const w of wants) {
      const [s, k, v] = w.split('|');
      expect(got, w).toContainEqual(expect.stringMatching(new RegExp(`^(?:[a-z]+ )?${s === 'user' ? '' : ''}${s}\\|${k}\\|.*${v}`)));
    }
  });

  test.each([
    // someone else's children
    ['my sister has two boys, Ezio (4) and Remo (2)', /^user\|child\|.*ezio/],
    ['her kids, Ola (8) and Bo (5), came round', /^user\|child\|.*ola/],
    // a roster without ages names nothing new about age
    ['my brothers Karl and Jens are visiting', /\|age\|/],
    // a count of things, not kin
    ['two tickets, Row 4 and Row 9, for friday', /\|age\|/],
    // hypothetical
    ['if we had two kids, Max (3) and Ida (1), I would never sleep', /\|age\|/],
  ])('no roster: %s', (text, bad) => {
    expect(once(text)).not.toContainEqual(expect.stringMatching(bad));
  });
});

describe('milestones: a past event-class predicate of the speaker, dated', () => {
  test.each([
    ['finally retired from the fire service last friday, 32 years', /^user\|event_milestone\|.*retired.*\|2024-05-03/],
    ['I got promoted to head of design on monday!!', /^user\|event_milestone\|.*promoted.*\|2024-05-06/],
    ['submitted my dissertation yesterday and slept for 14 hours', /^user\|event_milestone\|.*dissertation.*\|2024-05-07/],
    ['we got the keys to our first flat on saturday', /^user\|event_milestone\|.*first flat.*\|2024-05-04/],
    ['bought our first place together on thursday, a tiny terrace', /^user\|event_milestone\|.*first place.*\|2024-05-02/],
    ['graduated from nursing school yesterday!!', /^user\|event_milestone\|.*graduated.*\|2024-05-07/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    // a plan, someone else's, undated, a first of something ordinary said as an opinion
    ['I retire next spring if the pension works out', /event_milestone/],
    ['my dad retired last year and is driving mum mad', /^user\|event_milestone/],
    ['I got promoted once, years ago, and hated it', /event_milestone/],
    ['had my first coffee at 11 today, send help', /event_milestone/],
    // a finished piece of work is an activity (a first race is a milestone since session 14: extraction-frames-s14)
    ['finished my essay last night at 3am', /event_milestone/],
  ])('no milestone: %s', (text, bad) => {
    expect(once(text)).not.toContainEqual(expect.stringMatching(bad));
  });
});

const reply = (question: string, answer: string) =>
  brief(extractOffline([{ role: 'assistant', content: question }, { role: 'user', content: answer }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)).map((r) => r.toLowerCase());

describe('confirmations: a short answer states the proposition the assistant asked about', () => {
  test.each([
    // an either/or question that opens the message with a capital
    ['Is Waffles your cat or your hamster?', 'hamster, a syrian one', /^user\|pet\|.*waffles/],
    // a reported-speech check: "did you say / mention you …?"
    ['Did you say you work at Siemens?', 'yep, in the energy division', /^user\|employer\|siemens\|assert$/],
    ['Did you mention that you speak Farsi?', 'yes, with my grandparents mostly', /^user\|language\|farsi\|assert$/],
    ['Did you say you play the oboe in a wind band?', 'yep, second oboe, nothing fancy', /^user\|hobby\|oboe\|assert$/],
    // the question is one sentence of a longer assistant message
    ['Do you live in Cardiff? I think you mentioned the bay once.', 'yeah, penarth side of it', /^user\|location\|cardiff\|assert$/],
    // what the assistant recalls before its offer stands when the user says yes to the offer
    ['You mentioned having asthma, should I leave hill sprints out of the plan?', 'yes please', /^user\|health_condition\|asthma\|assert$/],
    ['You said you are coeliac, want me to flag recipes with barley?', 'yes, always', /^user\|(?:health_condition|diet)\|.*(?:co?eliac|gluten)/],
    // an answer that names the complement the question offered
    ['Are you vegan, or do you still eat dairy?', 'vegetarian, so cheese is fine', /^user\|diet\|vegetarian\|assert$/],
  ])('%s / %s', (q, a, want) => {
    expect(reply(q, a)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['Did you say you work at Siemens?', 'no, my brother does'],
    ['Are you vegan, or do you still eat dairy?', 'honestly, no idea what I am any more'],
    ['You mentioned having asthma, should I leave hill sprints out of the plan?', 'no, that was my son'],
    ['Do you live in Cardiff? I think you mentioned the bay once.', 'not really, just visiting a lot'],
  ])('no claim: %s / %s', (q, a) => {
    expect(reply(q, a).filter((r) => /^user\|(?:employer|diet|health_condition|location)\|/.test(r) && !/retract/.test(r))).toEqual([]);
  });
});

describe('an age clause coordinated with another clause of the speaker', () => {
  test.each([
    ["I'm 41 and I still can't parallel park", /^user\|age\|41\|assert$/],
    ['im 63 and i have just joined a climbing wall', /^user\|age\|63\|assert$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });
  // coordinated subjects stay one clause
  test('"my brother Tom and I have a boat" gives no speaker age', () => {
    expect(once('my brother Tom and I have a boat')).not.toContainEqual(expect.stringMatching(/^user\|age\|/));
  });
});

describe('local conditions: weather, traffic or a local amenity that carries a place, in the speaker\'s clause', () => {
  test.each([
    ['Glasgow rain today is biblical, soaked through twice', /^user\|location\|glasgow\|assert$/],
    ['Seville heat this week is no joke, we only go out after 9pm', /^user\|location\|seville\|assert$/],
    ['the humidity in Singapore today is something else', /^user\|location\|singapore\|assert$/],
    ['our local library in Dunedin has a seed swap now', /^user\|location\|dunedin\|assert$/],
    ['signed up for the local running club in Galway', /^user\|location\|galway\|assert$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });
  test.each([
    ['the heat in Marrakech on our honeymoon was brutal', /\|location\|/],
    ['my cousin says the rain in Bergen never stops', /^user\|location\|/],
    ['if the weather in Oslo is nice we might go', /\|location\|/],
  ])('no location: %s', (text, bad) => {
    expect(once(text)).not.toContainEqual(expect.stringMatching(bad));
  });
});

describe('care of a named animal: a preposition the tagger read as a noun, and more animal parts', () => {
  test.each([
    ['brushed Pickle outside the back door so the fluff blows away', /^user\|pet\|.*pickle/],
    ['was walking Ziggy past the school gates when he lost his mind', /^user\|pet\|.*ziggy/],
    ['raked half of Bramble’s undercoat out with the new comb', /^user\|pet\|.*bramble/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });
  test.each([
    ['drove Priya round the ring road to the airport', /\|pet\|/],
    ['walked round the market with my mum', /\|pet\|/],
  ])('no pet: %s', (text, bad) => {
    expect(once(text)).not.toContainEqual(expect.stringMatching(bad));
  });
});

describe('third parties in chat: a dropped "my" before a relation noun and a name; a name then a verb in -s', () => {
  test.each([
    ['colleague Tamsin plays the harp in an orchestra', /^colleague tamsin\|hobby\|harp\|assert$/],
    ['Cousin Ama lives in Kumasi now', /^cousin ama\|location\|kumasi\|assert$/],
    ['my brother Ravi rehearses the trombone most nights', /^brother ravi\|hobby\|trombone\|assert$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });
  test.each([
    ['Mum and I went shopping in Leeds', /^user\|location\|leeds/],
    ['neighbour Gareth plays the tuba in a brass band', /^user\|hobby\|/],
  ])('not the user: %s', (text, bad) => {
    expect(once(text)).not.toContainEqual(expect.stringMatching(bad));
  });
});
