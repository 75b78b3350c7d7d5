/**
 * @module test/core/extraction-rules
 * Table-driven checks of the offline extractor's rule families through its public function:
 * each row is an utterance and the memories it must (and must not) produce.
 */
import { describe, expect, test } from 'vitest';
import { assistantClaimToFirstPerson } from '../../src/core/extraction/offline-extractor.ts';
import type { Message } from '../../src/core/types.ts';
import { brief, extract } from './extraction-harness.ts';

const run = (content: string | Message[], recent: Message[][] = []) => extract(content, { recent });

describe('rule families', () => {
  test.each([
    ['I work at Stripe as a backend engineer.', ['user|employer|Stripe|assert', 'user|job_title|backend engineer|assert']],
    ["I'm a data analyst at Monzo.", ['user|job_title|data analyst|assert', 'user|employer|Monzo|assert']],
    ['I used to work at Google.', ['user|employer|Google|history']],
    ['I live in Lisbon.', ['user|location|Lisbon|assert']],
    ['I moved to Berlin from NYC last month.', ['user|location|Berlin|assert', 'user|location|NYC|history', 'user|event_move|moved to Berlin|assert|2024-04']],
    ['I grew up in Porto.', ['user|hometown|Porto|assert']],
    ['I speak German and a little Italian.', ['user|language|German|assert', 'user|language|Italian|assert']],
    ["I'm 29.", ['user|age|29|assert']],
    ['We adopted a kitten named Pixel.', ['user|pet|kitten named Pixel|assert']],
    ['My sister Maya lives in Paris.', ['user|sibling|Maya (sister)|assert', 'sister maya|location|Paris|assert']],
    ["I'm allergic to shellfish and latex.", ['user|allergy|shellfish|assert', 'user|allergy|latex|assert']],
    ["I'm pescatarian.", ['user|diet|pescatarian|assert']],
    ['I love board games.', ['user|hobby|board games|assert']],
    ['I love thai food.', ['user|like|thai food|assert']],
    ["I can't stand jazz.", ['user|dislike|jazz|assert']],
    ['My favourite city is Kyoto.', ['user|favorite_city|Kyoto|assert']],
    ['I have an exam on Friday.', ['user|event_exam|exam|assert|2024-05-10']],
    ['We went to Peru in 2019.', ['user|event_trip|went to Peru|assert|2019']],
    ["Hi! I'm Maya. I work as a nurse at Leeds General Infirmary.", ['user|name|Maya|assert', 'user|employer|Leeds General Infirmary|assert', 'user|job_title|nurse|assert']],
    ["I'm vegetarian, and I'm allergic to penicillin, so keep that in mind if we talk about health stuff.", ['user|diet|vegetarian|assert', 'user|allergy|penicillin|assert']],
    ['I have three grandchildren and a parrot named Momo.', ['user|pet|parrot named Momo|assert']],
    ['On weekends I go bouldering at a gym near the river.', ['user|hobby|bouldering|assert']],
    ["I'm on a low-sodium diet now.", ['user|diet|low-sodium|assert']],
    ['We have two kids, Rui and Sofia.', ['user|child|Rui (child)|assert', 'user|child|Sofia (child)|assert']],
    ["I'm flying to Lisbon on June 14 for a week of holiday.", ['user|event_trip|flying to Lisbon|assert|2024-06-14']],
    ['Yesterday I baked sourdough bread for the first time.', ['user|event_activity|baked sourdough bread for the first time|assert|2024-05-07']],
  ])('%s', (text, expected) => {
    expect(brief(run(text))).toEqual(expect.arrayContaining(expected));
  });

  test.each([
    ["I'm not vegetarian anymore.", 'user|diet|vegetarian|retract'],
    ['We sold the car.', 'user|vehicle|car|retract'],
    ["I don't have a cat.", 'user|pet|cat|retract'],
    ['We rehomed Luna last week.', 'user|pet|Luna|retract'],
    ["I don't like sushi anymore.", 'user|like|sushi|retract'],
    ["I don't like sushi.", 'user|dislike|sushi|assert'],
    ["I'm no longer at Stripe.", 'user|employer|Stripe|retract'],
  ])('negation ends a fact: %s', (text, expected) => {
    const out = brief(run(text));
    expect(out).toContain(expected);
    expect(out.filter((o) => o.endsWith('|assert') && !expected.endsWith('|assert'))).toEqual([]);
  });

  test.each([
    'If I lived in Paris I would eat croissants every day.',
    'Do you like sushi?',
    'Oh sure, I just LOVE waiting in line.',
    'I wish I had a dog.',
    'He told me that he lives in Rome.',
    'Can you write me a poem about cats?',
    "Translate 'I am a doctor' into French.",
    'The main character works at a bakery in Lyon.',
    'Maybe someday I will live by the sea.',
  ])('hard negative yields nothing: %s', (text) => {
    expect(run(text)).toEqual([]);
  });

  test('implicit facts get lower confidence than explicit ones', () => {
    const implicit = run('Just got back from walking Biscuit this morning.');
    const explicit = run('I have a dog named Biscuit.');
    expect(implicit[0]?.key).toBe('pet');
    expect(implicit[0]?.confidence).toBeLessThanOrEqual(0.65);
    expect(explicit[0]?.confidence).toBeGreaterThanOrEqual(0.85);
  });

  test('opinions carry a stance', () => {
    const [pos] = run('I think TypeScript is great.');
    const [neg] = run('Honestly, I find generics annoying.');
    const [mixed] = run('Python is fine for scripts but terrible for big projects.');
    expect([pos.key, pos.metadata?.stance]).toEqual(['opinion_typescript', 'positive']);
    expect([neg.key, neg.metadata?.stance]).toEqual(['opinion_generics', 'negative']);
    expect([mixed.key, mixed.metadata?.stance]).toEqual(['opinion_python', 'mixed']);
  });
});

describe('corrections', () => {
  test('same sentence: the corrected value replaces the wrong one', () => {
    expect(brief(run('I live in Bristol — wait, no, Bath.'))).toEqual(['user|location|Bath|correct']);
  });
  test('later turn: a corrected weekday re-dates the event it names', () => {
    const out = run('Actually, not Tuesday — Wednesday.', [[{ role: 'user', content: 'My dentist appointment is on Tuesday.' }]]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ key: 'event_appointment', op: 'correct', replaces: 'Tuesday' });
    expect(out[0].eventDate).toMatch(/^2024-05-(08|15)$/);
  });
  test('"I meant X" replaces the proper noun of the previous statement', () => {
    const out = run('Sorry, I meant Lisbon.', [[{ role: 'user', content: "I'm flying to Porto next week." }]]);
    expect(out[0]).toMatchObject({ key: 'event_trip', op: 'correct', replaces: 'Porto' });
    expect(out[0].value).toContain('Lisbon');
  });
  test('a restated fact with ", not X" is a correction of X', () => {
    expect(run('Correction: I work at Canva, not Atlassian.')[0]).toMatchObject({ key: 'employer', value: 'Canva', op: 'correct', replaces: 'Atlassian' });
  });
  test('no previous statement: nothing is invented', () => {
    expect(run('Sorry, I meant Lisbon.')).toEqual([]);
  });
});

describe('attribution', () => {
  test.each([
    ['Caroline', 'I went to a support group yesterday.', 'caroline'],
    ['Melanie Smith', "I've been painting a lot lately.", 'melanie smith'],
    [null, "I've been painting a lot lately.", 'user'],
  ])('speaker %s owns first-person facts', (name, content, subject) => {
    const out = run([{ role: 'user', content, name }]);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((c) => c.subject === subject)).toBe(true);
  });

  test("third parties of a named speaker are prefixed with the speaker: melanie's kids", () => {
    const out = brief(run([{ role: 'user', content: 'My kids love the beach.', name: 'Melanie' }]));
    expect(out).toEqual(expect.arrayContaining(["melanie|child|kids|assert", "melanie's kids|like|beach|assert"]));
  });

  test('facts about other people never become the user’s', () => {
    const out = run('My friend Jake is allergic to nuts.');
    expect(out.every((c) => c.subject !== 'user' || c.key !== 'allergy')).toBe(true);
    expect(out.some((c) => c.subject === 'friend jake' && c.key === 'allergy')).toBe(true);
  });

  test('assistant claims count only when the user confirms them', () => {
    const confirmed = run([
      { role: 'assistant', content: 'So you live in Denver, right?' },
      { role: 'user', content: "Yes, that's right." },
    ]);
    expect(brief(confirmed)).toEqual(['user|location|Denver|assert']);
    expect(confirmed[0].confidence).toBeLessThan(0.9);
    const denied = run([
      { role: 'assistant', content: 'You work at IBM, correct?' },
      { role: 'user', content: "No, I don't." },
    ]);
    expect(denied).toEqual([]);
    const unconfirmed = run([
      { role: 'assistant', content: 'I live in the cloud and love sushi.' },
      { role: 'user', content: 'Haha ok.' },
    ]);
    expect(unconfirmed).toEqual([]);
  });

  test('a confirmation in the next turn confirms the previous turn’s assistant claim', () => {
    const out = run('Yep, exactly.', [[{ role: 'user', content: 'hi' }, { role: 'assistant', content: "Your daughter's name is Lily, isn't it?" }]]);
    expect(brief(out)).toEqual(['user|child|Lily (daughter)|assert']);
  });

  test.each([
    [{ role: 'tool' as const, content: 'I live in London. {"weather":"rain"}' }],
    [{ role: 'system' as const, content: 'The user is vegetarian and I live in Rome.' }],
  ])('tool and system messages are context only', (msg) => {
    expect(run([msg, { role: 'user', content: 'ok' }])).toEqual([]);
  });

  test('second person → first person for confirmed claims', () => {
    expect(assistantClaimToFirstPerson("So you're a nurse at St. Mary's, right?")).toBe("I am a nurse at St. Mary's.");
  });
});

describe('hygiene', () => {
  test.each([
    'My password is hunter2, remember it.',
    'My API key is sk-proj-abcdefghijklmnop1234567890',
    'Use token ghp_abcdefghijklmnopqrstuvwxyz012345 for the repo.',
  ])('no candidate carries a secret: %s', (text) => {
    for (const c of run(text)) {
      expect(c.value).not.toMatch(/hunter2|sk-proj|ghp_/);
      expect(c.evidence).not.toMatch(/hunter2|sk-proj|ghp_/);
    }
  });
  test('facts next to a secret survive, the secret is masked in the evidence', () => {
    const out = run('My card number is 4111 1111 1111 1111 and I live in Oslo.');
    expect(brief(out)).toEqual(['user|location|Oslo|assert']);
    expect(out[0].evidence).not.toContain('4111');
  });
});

describe('robustness', () => {
  test.each([
    ['emoji, RTL, zero-width and combining marks', '🎉 I moved to Berlin 🇩🇪! ‏שלום‎ zero\u200bwidth e\u0301. I love sushi 🍣'],
    ['a run-on message', Array.from({ length: 300 }, (_, i) => `my sister is nice and we went to the park ${i} and`).join(' ')],
    ['20k commas', `I am ${','.repeat(20_000)} happy`],
    ['an empty message', ''],
    ['NUL characters', 'I live in \u0000 Paris.'],
  ])('%s: no throw, bounded time', (_name, text) => {
    const t0 = performance.now();
    expect(() => run(text)).not.toThrow();
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
  test('code blocks are not statements about the speaker', () => {
    expect(brief(run('```\nI live in Paris\n```\nI work at Stripe.'))).toEqual(['user|employer|Stripe|assert']);
  });
});

describe('determinism', () => {
  test('same input, same output', () => {
    const t = 'I moved to Berlin from NYC last month. My sister Maya lives in Paris and I love sushi.';
    expect(run(t)).toEqual(run(t));
  });
});
