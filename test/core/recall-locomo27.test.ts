/**
 * Recall session 24 (locomo27, issue 14's opinion arcs): an opinion ask naming an activity by a sister term reaches the
 * arc through the motion verb the activity is a way of (opinion-reach.ts `activityKin`: "hiking" → walk, "cycling" →
 * ride), from the noun sense's own derived verb senses, one hypernym step, motion verbs only, never a root verb. In
 * wording written for this file; never-discussed neighbours stay empty.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectRows } from './offline-app.ts';
import { activityKin, REACH, topicForms, usesAsActivity } from '../../src/core/recall/opinion-reach.ts';
import type { TurnRecord } from '../../src/core/types.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { analyze } from '../../src/core/text/analyze.ts';

const lex = openLexicon({}).lexicon;

const saoirse = [
  'Saoirse here, I teach chemistry at a school in Galway.',
  'Walking anywhere further than the bus stop bores me to tears, my feet ache after ten minutes.',
  'My brother keeps sending me photos of his new espresso machine.',
  'Did an eighteen kilometre walk along the cliffs on Saturday and honestly it was glorious, I want to go every weekend.',
];

const baker = [
  'I run a small bakery in Leeds with my cousin.',
  'The bakery is doing well, I love running it even on the early mornings.',
  'Running the shop leaves me no time for anything else.',
];

const said = (user: string): TurnRecord => ({ id: 't', sessionId: 's', seq: 1, timestamp: '2025-01-01T00:00:00Z', messages: [{ role: 'user', content: user }] }) as unknown as TurnRecord;

describe('an activity named by a sister term', () => {
  const before = REACH.activityKin;
  afterEach(() => {
    REACH.activityKin = before;
  });

  test('the kin of an activity: its own verb senses\' motion hypernym, not a root, not a word that is first a noun', () => {
    expect(activityKin(lex, 'hiking')).toContain('walk');
    expect(activityKin(lex, 'cycling')).toContain('ride');
    // "swim" is a kind of "travel, go, move": a root verb names no activity.
    expect(activityKin(lex, 'swimming')).toEqual([]);
    // "painting" is first an artifact, not an act.
    expect(activityKin(lex, 'painting')).toEqual([]);
    // "hunt" is a kind of "chase, dog, trail…": "dog" is first an animal.
    expect(activityKin(lex, 'hunting')).not.toContain('dog');
    expect(topicForms('What do I think of hiking?', lex, new Set()).forms.has(analyze('walking')[0]!)).toBe(true);
  });

  test('a form the question says itself is no kin, whichever word came first', () => {
    const { kin, forms } = topicForms('How do I feel about hiking and walking?', lex, new Set());
    expect(forms.has(analyze('walking')[0]!)).toBe(true);
    expect(kin.has(analyze('walking')[0]!)).toBe(false);
    expect(topicForms('What do I think of hiking?', lex, new Set()).kin.has(analyze('walking')[0]!)).toBe(true);
  });

  test('off, the kin is not reached', () => {
    REACH.activityKin = 0;
    expect(topicForms('What do I think of hiking?', lex, new Set()).forms.has(analyze('walking')[0]!)).toBe(false);
  });

  test('a turn reached only by the kin uses it as the activity: not followed by an object or a particle in its clause', () => {
    const run = new Set(analyze('running'));
    expect(usesAsActivity(said('I hate running, every minute of it is torture.'), run, run)).toBe(true);
    expect(usesAsActivity(said('Ran my first 10k and now I am hooked on running.'), run, run)).toBe(true);
    expect(usesAsActivity(said('I run a small bakery.'), run, run)).toBe(false);
    expect(usesAsActivity(said('I love running it even on the early mornings.'), run, run)).toBe(false);
    expect(usesAsActivity(said('We ran out of flour again.'), run, run)).toBe(false);
    // A turn naming another form of the topic passes as it is.
    const forms = new Set([...run, ...analyze('jogging')]);
    expect(usesAsActivity(said('Jogging with the club: I run the route.'), forms, run)).toBe(true);
  });

  test('a user who runs a business has no arc for jogging', () => expectRows(baker, [['How do I feel about jogging?', []]]));

  test('the arc is reached for the sister term; undiscussed activities stay empty', () =>
    expectRows(saoirse, [
      ['What do I think of hiking?', ['every weekend', 'glorious']],
      ['How do I feel about surfing?', []],
      ['How do I feel about rowing?', []],
    ]));
});
