/**
 * Recall session 13 (issue 14, budget use on LoCoMo), in wording written for this file:
 * - a turn shown whole leaves out its pleasantries ("Thanks, Sam!", "Hey Ivo, hope all's well!") when another sentence
 *   remains, so the budget carries more evidence (EXCERPT.leanWhole);
 * - a list or count ask ranks the turns that name a particular thing (a quoted title, a capitalised name inside a
 *   sentence) above the ones that only repeat its word (FEATURE_WEIGHTS.namedItem);
 * - a list ask's rare activity noun searches its members ("sports" → surfing, rowing) as a food or an animal noun
 *   already did (QUERY.listMembers).
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { TurnRecord } from '../../src/core/types.ts';
import { EXCERPT, isPleasantry, splitMessages } from '../../src/core/recall/format.ts';
import { leanBody, TurnWindow } from '../../src/core/recall/turn-window.ts';
import { applyFeatures, FEATURE_WEIGHTS, namesItem } from '../../src/core/recall/features.ts';
import { analyzeQuery, QUERY } from '../../src/core/recall/query-analysis.ts';
import type { Candidate } from '../../src/core/recall/retrieve.ts';
import { countTokens } from '../../src/core/text/tokens.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';

function turn(id: string, text: string, seq = 2, name = 'Ivo'): TurnRecord {
  return { id, scope: 's', sessionId: 's1', seq, timestamp: '2024-03-09T10:00:00Z', text, messages: [{ role: 'user', content: text, name }], terms: '', termCount: 8, metadata: {} } as unknown as TurnRecord;
}

const saved = { excerpt: { ...EXCERPT }, features: { ...FEATURE_WEIGHTS }, query: { ...QUERY } };
afterEach(() => {
  Object.assign(EXCERPT, saved.excerpt);
  Object.assign(FEATURE_WEIGHTS, saved.features);
  Object.assign(QUERY, saved.query);
});

describe('pleasantries', () => {
  test.each([
    ['Thanks, Sam!', true],
    ['Hey Ivo, hope all is good!', true],
    ['Wow, that sounds fantastic!', true],
    ['Long time no chat!', true],
    ['Thanks for asking!', true],
    // An answer, a place, a feeling about something said: not pleasantries.
    ['Yes!', false],
    ['Yeah, Sam.', false],
    ['Congrats on Lisbon!', false],
    ['They were thrilled and a bit scared.', false],
    ['I fence on Tuesdays.', false],
    ['Thanks, the ferry to Hvar was lovely and the kids swam every day with their cousins!', false],
  ])('%s → %s', (s, expected) => expect(isPleasantry(s)).toBe(expected));
});

describe('a turn shown whole leaves out its pleasantries (EXCERPT.leanWhole)', () => {
  const w = new TurnWindow();
  test('the greeting and the thanks go, the news stays', () => {
    const t = turn('a', 'Hey Sam, hope all is good! I joined a fencing club in Ghent last week. Thanks for asking!');
    const lean = leanBody(w.render(t));
    expect(lean.text).toBe('Ivo: I joined a fencing club in Ghent last week.');
    expect(Math.abs(lean.tokens - countTokens(lean.text))).toBeLessThanOrEqual(2);
  });

  test('a pleasantry between two kept sentences leaves a gap mark', () => {
    const t = turn('b', 'I sold the boat. Wow, that is great! Now I rent a kayak on weekends.');
    expect(leanBody(new TurnWindow().render(t)).text).toBe('Ivo: I sold the boat. … Now I rent a kayak on weekends.');
  });

  test('a turn of pleasantries only is shown as it is', () => {
    const t = turn('c', 'Thanks, Sam! That sounds awesome!');
    expect(leanBody(new TurnWindow().render(t)).text).toBe('Ivo: Thanks, Sam! That sounds awesome!');
  });

  test('off, the turn is shown whole', () => {
    EXCERPT.leanWhole = 0;
    const t = turn('d', 'Hey Sam, hope all is good! I joined a fencing club in Ghent last week.');
    expect(leanBody(new TurnWindow().render(t)).text).toBe('Ivo: Hey Sam, hope all is good! I joined a fencing club in Ghent last week.');
  });

  test('splitMessages marks no pleasantry by itself (computed only when asked)', () => {
    expect(splitMessages(turn('e', 'Thanks! I rowed.'))[0]!.pleasantries).toBeUndefined();
  });
});

describe('list asks rank turns that name a particular thing (FEATURE_WEIGHTS.namedItem)', () => {
  const speakers = new Set(['ivo', 'sam']);
  test.each([
    ['I finally finished "The Long Ships" last night.', true],
    ['We spent a week in Ghent with the kids.', true],
    ['I love reading, Sam!', false],
    ['Reading is my favourite way to relax. I read every night.', false],
    ["I'm off on Friday in May.", false],
  ])('%s → %s', (text, expected) => expect(namesItem(text, speakers)).toBe(expected));

  const cand = (id: string, text: string, score: number): Candidate => ({ kind: 'turn', id, score, rankers: [], coverage: 1, bm25: 1, turn: turn(id, text) });
  const cands = () => [cand('generic', 'I love reading books, reading is the best.', 0.012), cand('titled', 'Just finished "The Long Ships" and it was great.', 0.01)];

  test('a list ask puts the turn naming a title first', () => {
    const q = analyzeQuery('What books has Ivo read?', speakers);
    expect(q.list).toBe(true);
    expect(applyFeatures(cands(), { query: q, speakers }).map((c) => c.id)).toEqual(['titled', 'generic']);
  });

  test('another ask keeps the order', () => {
    const q = analyzeQuery('Does Ivo like reading?', speakers);
    expect(applyFeatures(cands(), { query: q, speakers }).map((c) => c.id)).toEqual(['generic', 'titled']);
  });
});

describe('a list ask searches the members of its activity noun (QUERY.listMembers)', async () => {
  const { openLexicon } = await import('../../src/providers/lexicon/create-lexicon.ts');
  const lex = openLexicon({}).lexicon;
  const known = new Set(['ivo']);
  const terms = (q: string) => analyzeQuery(q, known, lex).terms.map((t) => t.term);

  test('"What sports does Ivo play?" also searches kinds of sport', () => {
    expect(terms('What sports does Ivo play?')).toEqual(expect.arrayContaining(['surf', 'row']));
  });

  test('not for a question that is no list ask', () => {
    expect(terms('Does Ivo think sport is overrated?')).not.toContain('surf');
  });

  test('off, a list ask does not either', () => {
    QUERY.listMembers = 0;
    expect(terms('What sports does Ivo play?')).not.toContain('surf');
  });
});

describe('list asks: a neighbour inherits less of a matching turn (RETRIEVE.listNeighbourShare)', () => {
  const savedRetrieve = { ...RETRIEVE };
  afterEach(() => Object.assign(RETRIEVE, savedRetrieve));

  /**
   * Ivo talks about reading at length and Sam answers about something else; in another session Ivo mentions a book in
   * passing. Returns who said each turn, in the order of the turn ranker (BM25 with the speaker prior and smoothing).
   */
  async function turnRanking(question: string): Promise<string[]> {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: EMPTY_LEXICON });
    const chat: Array<[string, string, string]> = [
      ['s1', 'Ivo', 'Books, books, books! I read books every night, reading books is my whole life.'],
      ['s1', 'Sam', 'My week was all about the garden and fixing the old fence with my neighbour and his tools.'],
      ['s2', 'Ivo', 'We drove to the coast and on the way back I finished a book about old ships, the kids slept in the car the whole trip home.'],
    ];
    for (const [i, [session, name, content]] of chat.entries()) await service.ingestTurn({ sessionId: session, userId: 'u1', messages: [{ role: 'user', name, content }], timestamp: `2024-0${i + 1}-01T10:00:00Z` });
    const found = await service.search({ query: question, sessionId: null, userId: 'u1', limit: 5 });
    const rank = (r: (typeof found)[number]) => r.rankers.find((k) => k.ranker === 'bm25_turn')?.rank ?? Infinity;
    return found.filter((r) => r.kind === 'turn').sort((a, b) => rank(a) - rank(b)).map((r) => r.content.split(' ')[1]!);
  }

  test('the turn that mentions a book ranks above the neighbour of the talk about books', async () => {
    expect(await turnRanking('What books has Ivo read?')).toEqual(['Books,', 'We', 'My']);
  });

  test('at the plain share the neighbour ranked above it', async () => {
    RETRIEVE.listNeighbourShare = -1;
    expect(await turnRanking('What books has Ivo read?')).toEqual(['Books,', 'My', 'We']);
  });

  test('a question that is no list ask keeps the plain share', async () => {
    expect(await turnRanking('Does Ivo like reading books?')).toEqual(['Books,', 'My', 'We']);
  });
});
