/**
 * An applied ask is told by its mood, not its topic: a request by a modal or for ideas, or an
 * imperative whose first word is a verb in its base form by the lexicon. Only an applied ask lets
 * a turn whose kind features fit the ask's intent (a food for a meal) pass the gate on that alone,
 * so "What's my favourite cuisine?" is not answered by any turn that names a food.
 */
import { describe, expect, test } from 'vitest';
import { isAppliedAsk } from '../../src/core/recall/ask.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { withOfflineApp } from './offline-app.ts';

const wordnet = openLexicon({}).lexicon;

describe('isAppliedAsk', () => {
  test.each([
    ['Recommend a weekend activity for me.', true],
    ['Suggest something for dinner', true],
    ['Please plan a three-day trip to Rome', true],
    ['Schedule a call with my sister for next week.', true],
    ['What should I cook tonight?', true],
    ['Can you help me pick a gift for my dad?', true],
    ['Any ideas for a birthday present?', true],
    ['Got a good film for tonight?', true],
    ['got any tips for a rainy sunday?', true],
    ['When would be a good time to get my boiler serviced?', true],
    ["What's the best day for us to visit the market?", true],
    ['I got a new job, remember?', false],
    ['What time is it in Lima?', false],
    ["What's my favourite cuisine?", false],
    ['What food do I like?', false],
    ['Where do I live?', false],
    ['Is my sister allergic to nuts?', false],
    ['Dinner plans with Tom last Friday?', false],
  ])('%s → %s', (q, applied) => expect(isAppliedAsk(q, wordnet)).toBe(applied));

  test('without a lexicon only the modal and idea requests count', () => {
    expect(isAppliedAsk('What should I cook tonight?')).toBe(true);
    expect(isAppliedAsk('Recommend a weekend activity.')).toBe(false);
  });
});

describe('the gate through the service', () => {
  test('a fact question with a food intent is not answered by any turn naming a food; an applied ask is', async () => {
    const said = ['Honestly TypeScript generics are getting on my nerves, the error messages are unreadable.', "I've been making a lot of lentil soup lately, it's cheap and filling."];
    await withOfflineApp(said, async (ask) => {
      expect(await ask("What's my favourite cuisine?", 300)).toBe('');
      expect(await ask('Suggest something for dinner tonight', 300)).toContain('lentil soup');
    });
  });
});
