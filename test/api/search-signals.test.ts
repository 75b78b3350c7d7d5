/**
 * `/search` names the signals that found each result: the rankers (bm25_turn, date, bridge…) and
 * the ranking features that moved it (`feature_when`, `feature_month`…), each with rank and score.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { SearchResponse } from '../../src/api/schemas.ts';
import { FEATURE_WEIGHTS } from '../../src/core/recall/features.ts';
import { FakeStore } from './fake-store.ts';

describe('/search signals', () => {
  let b: BuiltApp;
  const saved = { ...FEATURE_WEIGHTS };
  beforeAll(async () => {
    b = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_LEXICON: 'off' }), { store: new FakeStore() });
    await b.app.ready();
    const turns = [
      ['s1', '2023-06-27T10:00:00Z', 'Camping is my favourite way to unwind with the kids, we went again this June.'],
      ['s2', '2023-07-10T10:00:00Z', 'We went camping last weekend by the lake, it was lovely.'],
    ];
    for (const [session_id, timestamp, content] of turns) {
      const res = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id, user_id: 'u1', timestamp, messages: [{ role: 'user', content }] } });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    Object.assign(FEATURE_WEIGHTS, saved);
    await b.close();
  });

  test.each([
    ['When did I go camping?', 'when', 'last weekend'],
    ['Where did I go camping in June?', 'month', 'favourite way'],
  ])('%s lists the bm25 ranker and feature_%s on the result it moved', async (query, feature, text) => {
    FEATURE_WEIGHTS[feature] = 0.01;
    const res = await b.app.inject({ method: 'POST', url: '/search', payload: { query, session_id: null, user_id: 'u1' } });
    expect(res.statusCode).toBe(200);
    const body = SearchResponse.parse(res.json());
    const hit = body.results.find((r) => r.content.includes(text));
    expect(hit?.rankers?.map((r) => r.ranker)).toEqual(expect.arrayContaining([`feature_${feature}`]));
    expect(body.results.every((r) => (r.rankers ?? []).length > 0)).toBe(true);
  });
});
