/**
 * @module test/core/extraction-r11-families
 * Table-driven checks of the rule families added after blind round 11 (real-user chat to an
 * assistant), in wording that is not the round's: chat abbreviations ("gf", "wfh", "appt", "bday");
 * names typed in lower case after a place or workplace cue and after a relation or pet noun; an
 * apostrophe dropped from a relative's possessive ("my dads surgery"); a question or request tail
 * after the speaker's statement ("…, any advice?", "…, remind me the day before"); a break-up with
 * a partner named only by the noun; pets put to sleep; a subject-less negated fragment after a
 * comma is its own clause; a place given as "since that's where I live"; subject-less "work for X" / "live in X"; dated races trained for or
 * entered; a known condition named as a cause ("because of my asthma"); "explain like I'm five" and
 * "just give me the best one" as communication style. Plus the hard negatives each family must
 * leave alone.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { caseLowerNames, expandChatAbbreviations, restoreKinPossessive } from '../../src/core/extraction/chat-text.ts';
import { briefLower as brief, extract as run } from './extraction-harness.ts';

describe('chat text normalisation', () => {
  test.each([
    ['my gf and I are going to rome', 'my girlfriend and I are going to rome'],
    ['got a vet appt tmrw', 'got a vet appointment tomorrow'],
    ['wfh today', 'work from home today'],
    ['can u check ur notes', 'can you check your notes'],
    ['BC is a province', 'BC is a province'],
    ['its on tuesday now', "it's on tuesday now"],
    ['the dog wagged its tail', 'the dog wagged its tail'],
    ['thats fine', "that's fine"],
    ['2 mil people live there', '2 mil people live there'],
  ])('abbreviations: %s', (input, out) => expect(expandChatAbbreviations(input)).toBe(out));

  test.each([
    ['my dads surgery went well', "my dad's surgery went well"],
    ['our nephews birthday party is saturday', "our nephew's birthday party is saturday"],
    ['my brothers live in cork', 'my brothers live in cork'],
    ['my cousins are visiting', 'my cousins are visiting'],
  ])('kin possessive: %s', (input, out) => expect(restoreKinPossessive(input)).toBe(out));

  test.each([
    ['i live in glasgow now', 'i live in Glasgow now'],
    ['just relocated to new york from boston', 'just relocated to New York from Boston'],
    ['started at stripe last week', 'started at Stripe last week'],
    ['my daughter ella turns 4 soon', 'my daughter Ella turns 4 soon'],
    ['got a kitten called biscuit', 'got a kitten called Biscuit'],
    ['see you on saturday in june or may', 'see you on Saturday in June or may'],
    // hard negatives: no name after the cue, or the writer already uses capitals
    ['i live in a tiny flat', 'i live in a tiny flat'],
    ['i work from home mostly', 'i work from home mostly'],
    ['my son loves lego', 'my son loves lego'],
    ['I live in paris, said Tom', 'I live in paris, said Tom'],
    ['we are from the future', 'we are from the future'],
  ])('lower-case names: %s', (input, out) => expect(caseLowerNames(input)).toBe(out));
});

describe('a comma-less correction after a cue', () => {
  const ts = '2024-05-08T15:00:00.000Z';
  const prev = (content: string) => [{ id: 'p', scope: 'u', sessionId: 's', userId: 'u', agentId: null, seq: 1, timestamp: '2024-05-08T14:59:00.000Z', messages: [{ role: 'user' as const, content }], text: '', terms: '', termCount: 0, metadata: {}, createdAt: ts }];
  test.each([
    ['my dentist appointment is on monday', 'sorry its tuesday not monday', 'event_appointment', '2024-05-14'],
    ['The interview is on the 20th.', 'oops the 21st not the 20th', 'event_interview', '2024-05-21'],
  ])('%s → %s', (before, text, key, date) => {
    const got = extractOffline([{ role: 'user', content: text, name: null }], { timestamp: ts, sessionId: 's', recentTurns: prev(before) });
    expect(got.some((c) => c.key === key && c.op === 'correct' && c.eventDate === date)).toBe(true);
  });
  test('no cue, no correction: "I like cats not dogs"', () => {
    expect(run('I like cats not dogs').some((c) => c.op === 'correct')).toBe(false);
  });
});

describe('round-11 families on whole messages', () => {
  test.each([
    // lower-case place and workplace names
    ['been living in cardiff for 3 years, love it', ['user|location|cardiff|assert']],
    ['i work for canva, remote mostly', ['user|employer|canva|assert']],
    ['moved to porto from lisbon in march', ['user|location|porto|assert', 'user|location|lisbon|history']],
    // a place given as where the speaker lives
    ["I'm driving down from York since that's where I live", ['user|location|york|assert']],
    // subject-less fragments
    ['Work for Atlassian, mostly on Jira', ['user|employer|atlassian|assert']],
    // lower-case names after a relation or pet noun
    // Session 14: a child born is the speaker's milestone (frames/milestone.ts).
    ['our daughter isla was born last month', ['user|child|isla (daughter)|assert', 'user|event_milestone|daughter isla born|assert|2024-04']],
    ['our dog rufus passed away on sunday', ['user|pet|rufus|retract']],
    // apostrophe dropped from a relative's possessive
    ['my brothers wedding is on august 3rd', ['user|sibling|brother|assert', 'brother|event_wedding|wedding|assert|2024-08-03']],
    // a question or request tail after the speaker's statement
    ['I am a vegetarian, any tips for getting more protein?', ['user|diet|vegetarian|assert']],
    ['we got a parrot named kiwi last week, any advice on training?', ['user|pet|parrot named kiwi|assert']],
    ['got a vet appt on the 21st, tell me what to ask', ['user|event_appointment|got a vet appointment|assert|2024-05-21']],
    // break-up with a partner named only by the noun
    ['my girlfriend and I broke up in march', ['user|partner|girlfriend|retract', 'user|relationship_status|single|assert']],
    ['broke up with my husband last year, still adjusting', ['user|partner|husband|retract']],
    // pets put to sleep
    ['we had to have our old cat Mabel put to sleep', ['user|pet|mabel|retract']],
    // a subject-less negated fragment after a comma is its own clause
    ['I moved to Leeds in April, do not have many friends here yet', ['user|location|leeds|assert']],
    // dated races trained for or entered
    ['signed up for a half marathon in september', ['user|event_activity|signed up for a half marathon|assert|2024-09']],
    ['I am training for a triathlon in august', ['user|event_activity|training for a triathlon|assert|2024-08']],
    // a known condition named as a cause or circumstance
    ['I avoid crowds because of my anxiety', ['user|health_condition|anxiety|assert']],
    ['signed off work with depression since january', ['user|health_condition|depression|assert']],
    // answer style
    ['explain it to me like I am five please', ['user|communication_style|explain simply, like to a 5-year-old|assert']],
    ['please stop listing so many options, just give me your top pick', ['user|communication_style|only the best one, no list of options|assert']],
  ] as Array<[string, string[]]>)('%s', (text, expected) => {
    const got = brief(run(text));
    for (const e of expected) expect(got).toContain(e);
  });

  test.each([
    // hard negatives: hearsay, hypotheticals, questions, advice, other people's conditions, undated races
    ['my colleague lives in glasgow and works for canva'],
    ['if i moved to porto would i need a visa'],
    ['what is a good marathon training plan'],
    ['my friend broke up with her boyfriend'],
    ['my sister struggles because of her anxiety'],
    ['can you explain how mortgages work'],
    ["my sister moved to Leeds since that's where her job is"],
    ['work on this later please'],
  ])('no speaker fact: %s', (text) => {
    const got = run(text).filter((c) => c.subject === 'user' && !['sibling', 'parent', 'child', 'partner'].includes(c.key));
    expect(brief(got)).toEqual([]);
  });

  test('an undated race watched is no event', () => {
    expect(run('I love watching marathons on tv').filter((c) => c.key.startsWith('event_'))).toEqual([]);
  });
});
