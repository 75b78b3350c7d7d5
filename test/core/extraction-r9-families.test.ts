/**
 * @module test/core/extraction-r9-families
 * Table-driven checks of the rule families added after blind round 9, in wording that is not the
 * round's: "'s" before a participle or a predicate ("she's lived", "my brother's a plumber"),
 * kinship words used as names ("Mum has lived…"), lead-in labels and memory frames addressed to
 * the assistant ("Heads up:", "bear in mind that I…"), a statement after a request ("make it
 * without walnuts please, I'm allergic"), foods never eaten as diet rules, answer-format
 * preferences, "here in <Place>" and "<Place> — that's home", habits with a frequency, marriage
 * length, model-year vehicles, casts off as appointments, a bare time yielding to an ordinal day,
 * changes of mind and taste, bounded past diets, pets named in the next sentence, a relative's
 * pets; plus the hard negatives each family must leave alone, and the "not with Jake anymore"
 * defect (a relationship ending, never an employer).
 */
import { describe, expect, test } from 'vitest';
import { briefLower as brief, extract as run } from './extraction-harness.ts';

describe('round-9 families produce the expected memory', () => {
  test.each([
    // 's before a predicate head or a participle is "is"/"has", not a possessive
    ["my brother's a plumber, he lives up in Leeds", ['brother|job_title|plumber|assert', 'brother|location|leeds|assert']],
    ["My cousin's from Nairobi", ['cousin|hometown|nairobi|assert']],
    ["My aunt Rosa is Italian but she's lived in Oslo since the nineties", ['aunt rosa|location|oslo|assert']],
    // kinship words as names
    ['Mum has lived in Cork her whole life', ['user|parent|mum|assert', 'mum|location|cork|assert']],
    ['Grandpa loves gardening', ['grandpa|hobby|gardening|assert']],
    // lead-in labels and memory frames
    ["Heads up: I'm pescatarian", ['user|diet|pescatarian|assert']],
    ['Side note: my husband is allergic to shellfish', ['husband|allergy|shellfish|assert']],
    ["bear in mind that I'm diabetic when you plan meals", ['user|health_condition|diabetes|assert']],
    // a statement after a request, with the request's food as the allergen
    ["make it without walnuts please, I'm allergic", ['user|allergy|walnuts|assert']],
    ["Could you leave out the peanuts? I'm severely allergic.", ['user|allergy|peanuts|assert']],
    // a food never eaten
    ["we don't eat beef at home", ['user|diet|no beef|assert']],
    ['I never eat dairy', ['user|diet|no dairy|assert']],
    // answer format, one merged style
    ["No more tables please, I'd rather read full sentences", ['user|communication_style|plain full sentences, no tables|assert']],
    // speaking from a place; a place called home
    ["It's pouring down here in Manchester", ['user|location|manchester|assert']],
    ['Glasgow — that is home now', ['user|location|glasgow|assert']],
    ["I've been in Porto for three years, moved here from Madrid", ['user|location|porto|assert', 'user|location|madrid|history', 'user|event_move|moved to porto|assert']],
    // habits with a frequency; someone got the speaker into an activity
    ['I climb most weekends', ['user|hobby|climbing|assert']],
    ['I jog 10k every other day', ['user|hobby|jogging|assert']],
    ['My flatmate got me into pottery', ['user|hobby|pottery|assert']],
    // length of a marriage
    ["We've been married for twelve years", ['user|relationship_status|married|assert']],
    ['We have been together since uni and married for three years', ['user|relationship_status|married|assert']],
    // model-year vehicles, "spoken"
    ['I drive a 2011 Civic', ['user|vehicle|civic|assert']],
    ["I've spoken Welsh since I was small", ['user|language|welsh|assert']],
    // casts and braces off are appointments
    ['my son had his cast off on Monday', ['son|event_appointment|had his cast off|assert|2024-05-06']],
    // a bare time yields to the ordinal day; the rescheduling verb is not the event
    ['My physio appointment got moved to the 22nd at 4pm', ['user|event_appointment|my physio appointment|assert|2024-05-22']],
    // changes of taste
    ['I used to hate coriander, but now I love it', ['user|like|coriander|assert', 'user|dislike|coriander|history']],
    ["I used to love jazz but these days I can't stand it", ['user|dislike|jazz|assert']],
    ["Tea used to be my thing, but I've switched to coffee", ['user|like|tea|history', 'user|like|coffee|assert']],
    // a diet kept for a bounded past stretch is over
    ['I did keto for six months', ['user|diet|keto|retract']],
    // pets named in the next sentence; a relative's pets
    ['We got a kitten. Her name is Pip.', ['user|pet|kitten named pip|assert']],
    ['my aunt lives in Dorset with her three cats', ['aunt|pet|cats|assert']],
    // a relationship ending
    ["I'm not with Priya anymore", ['user|partner|priya|retract']],
  ] as Array<[string, string[]]>)('%s', (text, want) => {
    const got = brief(run(text));
    for (const w of want) expect(got).toContain(w);
  });

  test('a place given in answer to the assistant and called home is the location', () => {
    const got = brief(run([{ role: 'assistant', content: 'Where should I look for restaurants?' }, { role: 'user', content: "Bristol please, that's home" }]));
    expect(got).toContain('user|location|bristol|assert');
  });

  test.each([
    ['Python grew on me', 'opinion_python', 'positive'],
    ["I wasn't sure about Figma at first, but it's won me over", 'opinion_figma', 'positive'],
    ["I used to love Twitter but it's gone downhill", 'opinion_twitter', 'negative'],
  ])('%s → %s %s', (text, key, stance) => {
    const c = run(text).find((x) => x.key === key);
    expect(c?.metadata?.stance).toBe(stance);
  });
});

describe('round-9 families leave hard negatives alone', () => {
  test.each([
    // "not with <Name> anymore" ends a relationship, never a job
    ["I'm not with Jake anymore", /employer/],
    ["I'm not with Jake anymore, it's been a rough month", /employer/],
    // possessives keep their 's
    ["my sister's car broke down yesterday", /sister\|(?:job_title|location)/],
    // kinship words that are not a subject
    ['Dad jokes are the worst', /parent/],
    ['Dad joke of the day', /parent/],
    // a named pet of someone else
    ['My neighbour got a kitten. Her name is Pip.', /^user\|pet/],
    // visits are not homes; questions are not statements
    ["I'm over here in Boston for a work trip", /location/],
    ['What is the weather like there in Oslo?', /location/],
    // commutes and transitive uses are not hobbies
    ['I cycle to the office every day', /hobby/],
    ['I run the marketing team every week', /hobby/],
    // a frame before something that is not the speaker's statement
    ['Remind me to call the bank tomorrow', /./],
    // volunteering is not employment
    ['I volunteer at the animal shelter on Sundays', /employer/],
    // a diet kept now is not over
    ["I've been vegan for a year", /retract/],
    ['I went vegan a year ago', /retract/],
    // still disliking is no change of taste
    ['I used to hate mornings, and I still do', /\|like\|/],
  ] as Array<[string, RegExp]>)('%s', (text, forbidden) => {
    for (const g of brief(run(text))) expect(g).not.toMatch(forbidden);
  });
});
