/**
 * An applied ask is told by its mood, not its topic: a request by a modal or for ideas, or an
 * imperative whose first word is a verb in its base form by the lexicon. Only an applied ask lets
 * a turn whose kind features fit the ask's intent (a food for a meal) pass the gate on that alone,
 * so "What's my favourite cuisine?" is not answered by any turn that names a food.
 */
import { describe, expect, test } from 'vitest';
import { isAppliedAsk } from '../../src/core/recall/ask.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

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

describe('the gate through the service', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { buildApp } = await import('../../src/app.ts');
  const { loadConfig } = await import('../../src/config.ts');

  test('a fact question with a food intent is not answered by any turn naming a food; an applied ask is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'applied-'));
    const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'm.db'), MEMORY_DISABLE_LLM: '1', EMBEDDING_PROVIDER: 'none', RERANK_PROVIDER: 'none' }));
    try {
      for (const [i, content] of ['Honestly TypeScript generics are getting on my nerves, the error messages are unreadable.', "I've been making a lot of lentil soup lately, it's cheap and filling."].entries()) {
        const r = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: `s${i}`, user_id: 'ana', messages: [{ role: 'user', content }, { role: 'assistant', content: 'Noted.' }] } });
        expect(r.statusCode).toBe(201);
      }
      const ask = async (query: string) => (await built.app.inject({ method: 'POST', url: '/recall', payload: { query, session_id: 'q', user_id: 'ana', max_tokens: 300 } })).json().context as string;
      expect(await ask("What's my favourite cuisine?")).toBe('');
      expect(await ask('Suggest something for dinner tonight')).toContain('lentil soup');
    } finally {
      await built.app.close();
    }
  });
});
