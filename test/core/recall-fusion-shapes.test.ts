// Fusion and features allocate less per candidate (Session 12, docs/recall-architecture.md):
// rrf builds an item's rankers from a one-element literal, applyFeatures copies a candidate only
// when a feature fires. What callers see must not change: every ranker that found an item, in list
// order, the same fused scores, and the input candidates left as they were.
import { describe, expect, it } from 'vitest';
import { rrf, RRF_K } from '../../src/core/recall/fusion.ts';
import { applyFeatures, type CandidateFeature } from '../../src/core/recall/features.ts';
import type { Candidate } from '../../src/core/recall/retrieve.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';

describe('rrf keeps every ranker of an item and the summed score', () => {
  const cases: Array<[string, Array<{ ranker: string; weight: number; items: Array<{ key: string; score: number }> }>, Record<string, string[]>]> = [
    ['one list', [{ ranker: 'a', weight: 1, items: [{ key: 'x', score: 3 }, { key: 'y', score: 2 }] }], { x: ['a'], y: ['a'] }],
    [
      'an item in three lists',
      [
        { ranker: 'a', weight: 1, items: [{ key: 'x', score: 3 }] },
        { ranker: 'b', weight: 0.5, items: [{ key: 'y', score: 9 }, { key: 'x', score: 1 }] },
        { ranker: 'c', weight: 2, items: [{ key: 'x', score: 5 }] },
      ],
      { x: ['a', 'b', 'c'], y: ['b'] },
    ],
  ];
  it.each(cases)('%s', (_name, lists, rankersOf) => {
    const fused = rrf(lists);
    for (const f of fused) {
      expect(f.rankers.map((r) => r.ranker)).toEqual(rankersOf[f.key]);
      // The score is the sum over the lists that ranked it, in list order (rank from 1; ties share).
      let want = 0;
      for (const l of lists) {
        const i = l.items.findIndex((it) => it.key === f.key);
        if (i >= 0) want += l.weight / (RRF_K + i + 1);
      }
      expect(f.score).toBe(want);
    }
  });
});

describe('applyFeatures copies a candidate only when a feature fires', () => {
  const base = (id: string): Candidate => ({ kind: 'turn', id, score: 0.5, rankers: [{ ranker: 'bm25_turn', rank: 1, score: 2 }], coverage: 1, bm25: 2 });
  const fires = (ids: string[]): CandidateFeature => ({ name: 'test', weight: 0.1, score: (c) => (ids.includes(c.id) ? 1 : 0) });
  const ctx = { query: analyzeQuery('camping'), speakers: new Set<string>() };
  const cases: Array<[string, string[]]> = [
    ['no feature fires', []],
    ['one candidate scored', ['b']],
    ['every candidate scored', ['a', 'b']],
  ];
  it.each(cases)('%s', (_name, scored) => {
    const input = [base('a'), base('b')];
    const out = applyFeatures(input, ctx, [fires(scored)]);
    for (const c of input) expect(c.rankers).toHaveLength(1);
    for (const c of out) {
      const hit = scored.includes(c.id);
      expect(c.score).toBeCloseTo(hit ? 0.6 : 0.5, 12);
      expect(c.rankers.map((r) => r.ranker)).toEqual(hit ? ['bm25_turn', 'feature_test'] : ['bm25_turn']);
    }
    expect(out.map((c) => c.id)).toEqual(scored.length === 1 ? ['b', 'a'] : ['a', 'b']);
  });
});
