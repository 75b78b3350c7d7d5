/**
 * @module test/core/extraction-units
 * Table-driven tests of the extractor's building blocks: date resolution, negation, sentence
 * screening, clause splitting, subject attribution, value helpers and corrections detection.
 */
import { describe, expect, test } from 'vitest';
import { resolveDate } from '../../src/core/extraction/dates.ts';
import { analyseNegation } from '../../src/core/extraction/negation.ts';
import { expandContractions, isHypothetical, isJokeOrSarcasm, isQuestion, isRequest, splitClauses } from '../../src/core/extraction/sentences.ts';
import { attribute, parseRelationPhrase, speakerSubject } from '../../src/core/extraction/subject-attribution.ts';
import { properSpan, splitList, topicSlug } from '../../src/core/extraction/values.ts';
import { detectCorrection } from '../../src/core/extraction/rules/corrections.ts';
import { stanceOf } from '../../src/core/extraction/rules/opinions.ts';

const REF = new Date('2024-05-08T15:00:00.000Z'); // Wednesday

describe('dates resolve against the turn timestamp at the stated precision', () => {
  test.each([
    ['I went there yesterday', false, '2024-05-07'],
    ['we moved last month', false, '2024-04'],
    ['we went to Iceland in 2019', false, '2019'],
    ['my interview is next Tuesday', true, '2024-05-14'],
    ['the exam is on Friday', true, '2024-05-10'],
    ['I ran a race last Saturday', false, '2024-05-04'],
    ['two weeks ago I quit', false, '2024-04-24'],
    ['flying out on June 3rd', true, '2024-06-03'],
    ['it is on the 15th', true, '2024-05-15'],
    ['it was on the 2nd', true, '2024-06-02'],
    ['in July', true, '2024-07'],
    ['four years ago', false, '2020'],
  ])('%s → %s', (text, forward, iso) => {
    expect(resolveDate(text, REF, forward)?.iso).toBe(iso);
  });
  test.each(['I love sushi', 'my sister lives in Paris', 'May I ask something'])('no date in "%s"', (t) => {
    expect(resolveDate(t, REF, true)).toBeNull();
  });
});

describe('negation', () => {
  test.each([
    ['am not vegetarian anymore', true, true, false, 'am vegetarian'],
    ['do not have a cat', true, false, false, 'have a cat'],
    ['used to work at Google', false, false, true, 'work at Google'],
    ['stopped being vegan', true, true, false, 'am vegan'],
    ['am no longer at Stripe', true, true, false, 'am at Stripe'],
    ['love sushi', false, false, false, 'love sushi'],
  ])('%s', (pred, negated, ending, history, core) => {
    expect(analyseNegation(pred)).toEqual({ negated, ending, history, core });
  });
});

describe('sentence screening', () => {
  test.each([
    ['Do you like sushi?', true],
    ['Where should I move, Berlin or Lisbon', true],
    ['I live in Lisbon.', false],
    ['What I love most is hiking.', false],
  ])('isQuestion(%s) = %s', (s, want) => expect(isQuestion(s)).toBe(want));
  test.each([
    ['If I lived in Paris I would be happy.', true],
    ['I wish I had a dog.', true],
    ['Imagine if I were a pilot!', true],
    ['I live in Paris.', false],
  ])('isHypothetical(%s) = %s', (s, want) => expect(isHypothetical(s)).toBe(want));
  test.each([
    ['Oh sure, I just LOVE waiting two hours.', true],
    ['Yeah right, I am the Queen of England.', true],
    ["lol I'm basically a professional napper", true],
    ['I love waiting for the sunrise.', false],
  ])('isJokeOrSarcasm(%s) = %s', (s, want) => expect(isJokeOrSarcasm(s)).toBe(want));
  test.each([
    ['Can you write me a poem?', true],
    ['Please keep answers short.', true],
    ['I keep my answers short.', false],
  ])('isRequest(%s) = %s', (s, want) => expect(isRequest(s)).toBe(want));
  test.each([
    ["I'm not vegetarian, I don't eat pork", 'I am not vegetarian, I do not eat pork'],
    ["We've moved and it's great", 'We have moved and it is great'],
    ["Mary's car", "Mary's car"],
  ])('expandContractions(%s)', (s, want) => expect(expandContractions(s)).toBe(want));
  test.each([
    ['I went to a support group and it was powerful', ['I went to a support group', 'it was powerful']],
    ['Sam and I broke up', ['Sam and I broke up']],
    ['My husband is vegetarian but I am not', ['My husband is vegetarian', 'I am not']],
    ['Python is fine for scripts but terrible for big projects', ['Python is fine for scripts but terrible for big projects']],
  ])('splitClauses(%s)', (s, want) => expect(splitClauses(s)).toEqual(want));
});

describe('subject attribution', () => {
  test.each([
    [undefined, 'user'],
    [null, 'user'],
    ['Caroline', 'caroline'],
    ['  Melanie   Smith ', 'melanie smith'],
    ['User', 'user'],
  ])('speakerSubject(%s) = %s', (name, want) => expect(speakerSubject(name)).toBe(want));

  test.each([
    ['My sister Maya lives in Paris', 'user', 'sister maya', 'lives in Paris'],
    ['My younger brother works at Amazon', 'user', 'brother', 'works at Amazon'],
    ['My kids love the beach', 'melanie', "melanie's kids", 'love the beach'],
    ['Last Saturday I volunteered at the food bank', 'user', 'user', 'volunteered at the food bank'],
    ['Sam and I broke up', 'user', 'user', 'broke up'],
    ['My apartment in Brooklyn is tiny', 'user', 'user', 'My apartment in Brooklyn is tiny'],
  ])('attribute(%s)', (text, speaker, subject, pred) => {
    const a = attribute(text, speaker, null)!;
    expect(a.subject.id).toBe(subject);
    expect(a.pred).toBe(pred);
  });
  test('no subject for third-person narration', () => {
    expect(attribute('The main character works at a bakery', 'user', null)).toBeNull();
  });
  test('he/she resolve to the last third party of the message', () => {
    const sister = { id: 'sister maya', self: false, relation: 'sister', name: 'Maya' };
    expect(attribute('She works at Airbus', 'user', sister)?.subject.id).toBe('sister maya');
  });
  test.each([
    ["my sister's wedding", { relation: 'sister', possessive: true }],
    ['my wife Priya is a doctor', { relation: 'wife', name: 'Priya', possessive: false }],
    ['my job is hard', null],
  ])('parseRelationPhrase(%s)', (t, want) => {
    const r = parseRelationPhrase(t);
    if (want === null) expect(r).toBeNull();
    else expect(r).toMatchObject(want);
  });
});

describe('values', () => {
  test.each([
    ["St. Mary's Hospital is big", "St. Mary's Hospital"],
    ['the University of Porto in 2019', 'University of Porto'],
    ['NYC last month', 'NYC'],
    ['a bakery', null],
  ])('properSpan(%s)', (t, want) => expect(properSpan(t)).toBe(want));
  test.each([
    ['Leo and Mia', ['Leo', 'Mia']],
    ['Miso, Tofu and Pickles', ['Miso', 'Tofu', 'Pickles']],
  ])('splitList(%s)', (t, want) => expect(splitList(t)).toEqual(want));
  test.each([
    ['remote work', 'remote_work'],
    ['the new MacBook', 'macbook'],
    ['C++', 'cpp'],
  ])('topicSlug(%s)', (t, want) => expect(topicSlug(t)).toBe(want));
  test.each([
    ['great', 'positive'],
    ['annoying', 'negative'],
    ['ugly but really productive', 'mixed'],
    ['not good', 'negative'],
  ])('stanceOf(%s)', (e, want) => expect(stanceOf(e)).toBe(want));
});

describe('correction cues', () => {
  test.each([
    ['Actually, not Tuesday — Wednesday.', { body: '', oldValue: 'Tuesday', newValue: 'Wednesday' }],
    ['Sorry, I meant Lisbon.', { body: '', oldValue: null, newValue: 'Lisbon' }],
    ['Correction: I work at Canva, not Atlassian.', { body: 'I work at Canva', oldValue: 'Atlassian' }],
    ['I live in Bristol — wait, no, Bath.', { body: 'I live in Bristol', newValue: 'Bath', inline: true }],
    ['I am not vegetarian anymore.', null],
    ['My husband is vegetarian but I am not.', null],
  ])('detectCorrection(%s)', (s, want) => {
    const c = detectCorrection(s);
    if (want === null) expect(c).toBeNull();
    else expect(c).toMatchObject(want);
  });
});
