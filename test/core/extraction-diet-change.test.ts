/**
 * @module test/core/extraction-diet-change
 * Eating again what a diet excludes ends the diet (frames/diet-change.ts): the excluded diets are retracted, by the
 * lexicon's food hierarchy (chicken → poultry → meat), never by a list of dishes. One meal, a wish, a question, a
 * negation or someone else's eating ends nothing. Through the service the diet line then says what changed.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { TS } from './extraction-harness.ts';
import { withOfflineApp } from './offline-app.ts';

const wordnet = openLexicon({}).lexicon;
const retracted = (text: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)
    .filter((m) => m.key === 'diet' && m.op === 'retract' && m.subject === 'user')
    .flatMap((m) => [m.value.toLowerCase(), ...((m.metadata?.endsAnyOf as string[] | undefined) ?? [])]);

describe('a diet ends when the speaker eats again what it excludes', () => {
  test.each([
    ["honestly I'm eating prawns again, the doctor said my b12 was through the floor", 'vegetarian'],
    ['I started eating turkey again over christmas and kept going', 'pescatarian'],
    ['we eat bacon on sundays now', 'vegetarian'],
    ["I'm having yoghurt again, my gut is happier", 'vegan'],
  ])('%s → retracts %s', (text, diet) => {
    expect(retracted(text)).toContain(diet);
  });

  test.each([
    ['I had tuna for lunch'],
    ['I might start eating fish again'],
    ['should I eat meat again?'],
    ["I'm never eating pork again after that documentary"],
    ['my brother eats steak again'],
    ['I eat lentils now, loads of them'],
  ])('ends nothing: %s', (text) => {
    expect(retracted(text)).toEqual([]);
  });
});

describe('through the service', () => {
  test('a later session: the diet line says the diet ended and cites the turn that ended it', async () => {
    await withOfflineApp(['I have been vegan for six years', 'my iron is low so I am eating eggs again'], async (ask) => {
      expect(await ask('Suggest a quick breakfast for me')).toMatch(/diet: no longer vegan \(since [^)]+\) — User: my iron is low so I am eating eggs again/);
    }, { sessions: true });
  });

  test('a later session: eating fish ends a vegan diet too (one retraction naming every diet the food rules out)', async () => {
    await withOfflineApp(['I have been strictly vegan since 2019', 'the weather has been grim all week', 'I am eating salmon again, doctor’s orders'], async (ask) => {
      expect(await ask('What should I make for dinner?')).toMatch(/diet: no longer vegan \(since [^)]+\)/);
      // No active diet and no turn with the word: the change alone answers (recall.ts, before the candidates check).
      expect(await ask("What's my diet?")).toMatch(/diet: no longer vegan/);
      expect(await ask("What's my favourite film?")).toBe('');
    }, { sessions: true });
  });

  test('the same exchange: what the speaker eats now supersedes the diet it held', async () => {
    await withOfflineApp(['I have been vegan for six years', 'my iron is low so I am eating eggs again'], async (ask) => {
      expect(await ask('Suggest a quick breakfast for me')).toMatch(/diet: eats eggs \(previously vegan until [^)]+\)/);
    });
  });
});
