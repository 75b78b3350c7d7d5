/**
 * Recall session 24 (locomo27, issue 14's opinion arcs): an opinion ask naming an activity by a sister term reaches the
 * arc through the motion verb the activity is a way of (opinion-reach.ts `activityKin`: "hiking" → walk, "cycling" →
 * ride), from the noun sense's own derived verb senses, one hypernym step, motion verbs only, never a root verb. In
 * wording written for this file; never-discussed neighbours stay empty.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { expectRows } from './offline-app.ts';
import { activityKin, REACH, topicForms } from '../../src/core/recall/opinion-reach.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { analyze } from '../../src/core/text/analyze.ts';

const lex = openLexicon({}).lexicon;

const saoirse = [
  'Saoirse here, I teach chemistry at a school in Galway.',
  'Walking anywhere further than the bus stop bores me to tears, my feet ache after ten minutes.',
  'My brother keeps sending me photos of his new espresso machine.',
  'Did an eighteen kilometre walk along the cliffs on Saturday and honestly it was glorious, I want to go every weekend.',
];

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

  test('off, the kin is not reached', () => {
    REACH.activityKin = 0;
    expect(topicForms('What do I think of hiking?', lex, new Set()).forms.has(analyze('walking')[0]!)).toBe(false);
  });

  test('the arc is reached for the sister term; undiscussed activities stay empty', () =>
    expectRows(saoirse, [
      ['What do I think of hiking?', ['every weekend', 'glorious']],
      ['How do I feel about surfing?', []],
      ['How do I feel about rowing?', []],
    ]));
});
