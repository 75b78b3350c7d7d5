/**
 * @module test/core/extraction-r8-families
 * Table-driven checks of the rule families added after blind round 8, in wording that is not the
 * round's: moves "from X to Y", a named place that "has been home", "<Place> native" hometowns,
 * teaching a subject at a school, career steps done to the speaker ("they promoted me"), keys to a
 * new place, names in apposition after a relation, relatives' relationship status, medical
 * procedures as appointments, the occasion a trip is for, qualified conditions, symptom-implied
 * allergies, pets remembered with "RIP", idiomatic tastes, concessive opinions, and corrections
 * followed by an afterthought; plus the hard negatives each family must leave alone.
 */
import { describe, expect, test } from 'vitest';
import { briefLower as brief, extract } from './extraction-harness.ts';

const run = (content: string, recent: string[] = [], name?: string) => extract(content, { recent, name });

describe('round-8 families produce the expected memory', () => {
  test.each([
    // moves "from X to Y": the place after "to" is home now, the one after "from" history
    ['Last year we moved from Leeds to Bristol for the schools', [], ['user|location|bristol|assert', 'user|location|leeds|history']],
    ['Relocated from Madrid to Valencia in 2021, best decision ever', [], ['user|location|valencia|assert', 'user|event_move|moved to valencia|assert|2021']],
    // a named place said to be home; accustomed is not "used to"
    ["Berlin has been home for almost a decade", [], ['user|location|berlin|assert']],
    ['I grew up in Ohio, but Denver is home now', [], ['user|hometown|ohio|assert', 'user|location|denver|assert']],
    ['I moved to Oslo in January and I am slowly getting used to the dark', [], ['user|location|oslo|assert']],
    // "<Place> native", "<Place> lad born and raised"
    ["I'm a Chicago native, so deep dish is non-negotiable", [], ['user|hometown|chicago|assert']],
    ["I'm a Liverpool lad born and raised", [], ['user|hometown|liverpool|assert']],
    // teaching a subject at a school is the job
    ["I've been teaching chemistry at a sixth form college since 2015", [], ['user|job_title|chemistry teacher|assert']],
    // career steps done to the speaker
    ['My manager just promoted me to head of product', [], ['user|job_title|head of product|assert']],
    ['They finally appointed me as the new store manager', [], ['user|job_title|store manager|assert']],
    // keys to a new place: moving in
    ['We picked up the keys to our new flat in Leith on Monday!', [], ['user|location|leith|assert', 'user|event_move|moved to leith|assert|2024-05-06']],
    // names in apposition after a relation
    ['My sons, Theo and Max, both play rugby', [], ['user|child|theo (son)|assert', 'user|child|max (son)|assert']],
    ['Dinner with my sisters (Ana and Bea) was lovely', [], ['user|sibling|ana (sister)|assert', 'user|sibling|bea (sister)|assert']],
    // a relative's relationship status
    ['My cousin Priya got married in Goa last month', [], ['cousin priya|relationship_status|married|assert']],
    ['my sister is engaged to a lovely guy from Cork', [], ['sister|relationship_status|engaged|assert']],
    // medical procedures are appointments
    ['Getting my tonsils removed next Friday, wish me luck', [], ['user|event_appointment|getting my tonsils removed|assert|2024-05-17']],
    ['I have an MRI on the 20th', [], ['user|event_appointment|mri|assert|2024-05-20']],
    ['My dad had his knee replaced in April and he is walking already', [], ['dad|event_appointment|had his knee replaced|assert|2024-04']],
    // the occasion a trip is for belongs to the relative; the trip stays the speaker's
    ["Driving up to Inverness on Saturday for my niece's christening", [], ['user|event_trip|driving up to inverness|assert|2024-05-11', 'niece|event_activity|christening|assert|2024-05-11']],
    ["I flew to Boston last week for my brother's graduation", [], ['user|event_trip|flew to boston|assert|2024-05-01', 'brother|event_milestone|graduation|assert|2024-05-01']],
    // qualified conditions
    ['I am mildly asthmatic, nothing serious', [], ['user|health_condition|asthma|assert']],
    ["I'm type 2 diabetic", [], ['user|health_condition|type 2 diabetes|assert']],
    // symptoms that imply an allergy
    ['Kiwi makes my mouth itch like crazy', [], ['user|allergy|kiwi|assert']],
    ['Sesame made my lips swell up at a wedding once', [], ['user|allergy|sesame|assert']],
    // pets remembered with RIP
    ['RIP Mango, the goofiest parrot that ever lived', [], ['user|pet|mango|retract']],
    // idiomatic tastes
    ['Open-plan offices are the bane of my existence', [], ['user|dislike|open-plan offices|assert']],
    ['Spicy ramen is my guilty pleasure', [], ['user|like|spicy ramen|assert']],
    ['Give me a paperback over a kindle any day of the week', [], ['user|like|paperback|assert']],
  ] as Array<[string, string[], string[]]>)('%s', (text, recent, want) => {
    const got = brief(run(text, recent));
    for (const w of want) expect(got).toContain(w);
  });

  test.each([
    ['Vue is lovely to work with, although the tooling churn is exhausting', 'opinion_vue', 'mixed'],
    ['Notion is great, but the mobile app is sluggish', 'opinion_notion', 'mixed'],
    ['Rust is fast, but also safe', 'opinion_rust', 'positive'],
  ])('%s → %s %s', (text, key, stance) => {
    const c = run(text).find((x) => x.key === key);
    expect(c?.metadata?.stance).toBe(stance);
  });

  test.each([
    [['My flight to Rome is on Friday.'], 'Sorry — it is Milan, not Rome, my brain is fried', 'user|event_trip', 'milan'],
    [[], 'We live in Derby — sorry, Dudley, I keep mixing them up', 'user|location', 'dudley'],
    [['My daughter Ivy is turning 5 on Sunday.'], 'Oops — she is turning 6, not 5.', 'daughter ivy|age', '6'],
  ] as Array<[string[], string, string, string]>)('correction with an afterthought: %s / %s', (recent, text, subjKey, value) => {
    const got = run(text, recent).filter((c) => c.op === 'correct' && `${c.subject}|${c.key}` === subjKey);
    expect(got.map((c) => c.value.toLowerCase()).join(' ')).toContain(value);
  });
});

describe('round-8 families leave hard negatives alone', () => {
  test.each([
    ['Rome is home to some amazing architecture', /location/],
    ['Home is wherever my dog is', /location/],
    ['RIP Grandpa, I miss you every day', /\|pet\|/],
    ['My grandad taught me to fish when I was little', /job_title/],
    ['My parents got divorced when I was ten', /relationship_status/],
    ['my brother is not married', /relationship_status/],
    ['He is my nemesis at chess club', /dislike/],
    ['Give me a recipe for lentil soup', /like/],
    ['If we ever moved from London to Lisbon I would miss the pubs', /location|event_move/],
    ['She moved from Paris to Nice', /^user\|/],
    ['I could get used to this weather', /history/],
  ] as Array<[string, RegExp]>)('%s', (text, forbidden) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(forbidden);
  });
});
