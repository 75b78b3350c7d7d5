/**
 * Recall session 14 (issue 14, LoCoMo evidence at depth), in wording written for this file:
 * - a two-word category the lexicon knows as one noun ("martial arts", "board games", "European countries") brings its
 *   members into a list ask's search, as a one-word category already did (QUERY.pairMembers, nounPairs);
 * - pseudo-relevance feedback ranks the candidates only for a budget that holds many lines (RETRIEVE.feedbackWide,
 *   feedbackMinTokens): it lifts evidence ranked 30–100, which a tight budget cannot show anyway.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { analyzeQuery, nounPairs, QUERY } from '../../src/core/recall/query-analysis.ts';
import { feedbackWeight, RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const saved = { query: { ...QUERY }, retrieve: { ...RETRIEVE, weights: { ...RETRIEVE.weights } } };
afterEach(() => {
  Object.assign(QUERY, saved.query);
  Object.assign(RETRIEVE, { ...saved.retrieve, weights: { ...saved.retrieve.weights } });
});

const lex = openLexicon({}).lexicon;

describe('two-word categories (nounPairs, QUERY.pairMembers)', () => {
  const known = new Set(['ivo']);
  const terms = (q: string) => analyzeQuery(q, known, lex).terms.map((t) => t.term);

  test.each([
    ['What martial arts does Ivo practise?', 'martial art', true],
    ['Which board games has Ivo played?', 'board game', true],
    ['Has Ivo got a favourite board game?', 'board game', false],
  ])('%s → %s', (q, pair, plural) => {
    expect(nounPairs(q, lex)).toContainEqual([pair, expect.any(String), plural]);
  });

  test('a pair of words that is no noun of the lexicon is no category', () => {
    expect(nounPairs('Where does Ivo walk his dog?', lex)).toEqual([]);
  });

  test('"What martial arts…" searches kinds of martial art', () => {
    expect(terms('What martial arts does Ivo practise?')).toEqual(expect.arrayContaining(['judo', 'karat', 'taekwondo']));
  });

  test('"Which European countries…" searches the countries of Europe', () => {
    expect(terms('Which European countries has Ivo been to?')).toEqual(expect.arrayContaining(['spain', 'itali', 'poland']));
  });

  test('everyday members are left out ("go", a board game, is a word of every other turn)', () => {
    const ts = terms('Which board games has Ivo played?');
    expect(ts).toContain('chess');
    expect(ts).not.toContain('go');
  });

  test('a singular category that is no list ask brings none', () => {
    expect(terms('Has Ivo got a favourite board game?')).not.toContain('chess');
  });

  test('off, the pair brings none', () => {
    QUERY.pairMembers = 0;
    expect(terms('What martial arts does Ivo practise?')).not.toContain('taekwondo');
  });

  test('recall: a turn naming only a member is found for the category', async () => {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: lex });
    const chat = ['Off to my taekwondo class, wish me luck with the grading!', 'The weather was grim all week, we stayed in and baked bread.', 'My art teacher says the martial theme in my drawings is strong.'];
    for (const [i, content] of chat.entries()) await service.ingestTurn({ sessionId: `s${i}`, userId: 'u1', messages: [{ role: 'user', name: 'Ivo', content }], timestamp: `2024-0${i + 1}-01T10:00:00Z` });
    const found = async () => (await service.search({ query: 'What martial arts has Ivo done?', sessionId: null, userId: 'u1', limit: 5 })).map((r) => r.content);
    expect((await found()).some((c) => c.includes('taekwondo'))).toBe(true);
    QUERY.pairMembers = 0;
    expect((await found()).some((c) => c.includes('taekwondo'))).toBe(false);
  });
});

describe('feedback by budget (RETRIEVE.feedbackWide)', () => {
  test('a wide budget gets the wide weight, a tight one and search the plain weight', () => {
    RETRIEVE.weights.feedback = 0;
    RETRIEVE.feedbackWide = 0.1;
    RETRIEVE.feedbackMinTokens = 1024;
    expect(feedbackWeight(2048)).toBe(0.1);
    expect(feedbackWeight(1024)).toBe(0.1);
    expect(feedbackWeight(512)).toBe(0);
    expect(feedbackWeight(undefined)).toBe(0);
  });

  test('the plain weight, when larger, holds at every budget', () => {
    RETRIEVE.weights.feedback = 0.3;
    RETRIEVE.feedbackWide = 0.1;
    expect(feedbackWeight(2048)).toBe(0.3);
    expect(feedbackWeight(256)).toBe(0.3);
  });
});
