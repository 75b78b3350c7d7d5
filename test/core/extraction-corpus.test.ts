/**
 * @module test/core/extraction-corpus
 * The labelled corpus as a regression gate: overall F1 and every category's F1 must stay at
 * or above the level reached (see README "Extraction" for the figures and matching rule).
 */
import { describe, expect, test } from 'vitest';
import { aggregate, loadCorpus, prf, scoreLine, splitOf } from '../../bench/extraction-score.ts';

const corpus = loadCorpus();
const results = corpus.map((l) => scoreLine(l));

describe('extraction corpus', () => {
  test('has at least 150 utterances, every category, hard negatives and a held-out split', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    const cats = new Set(corpus.map((l) => l.cat));
    for (const c of ['employment', 'location', 'family', 'pets', 'health', 'preferences', 'opinions', 'events', 'implicit', 'corrections', 'retractions', 'attribution', 'multiparty', 'negatives', 'hygiene'])
      expect(cats.has(c)).toBe(true);
    expect(corpus.filter((l) => l.expect.length === 0).length).toBeGreaterThanOrEqual(20);
    const held = corpus.filter((l) => splitOf(l.id) === 'heldout').length / corpus.length;
    expect(held).toBeGreaterThan(0.2);
    expect(held).toBeLessThan(0.4);
  });

  test('overall F1 ≥ 0.95 and precision ≥ 0.95 (all lines)', () => {
    const m = prf(aggregate(results).overall);
    expect(m.f1).toBeGreaterThanOrEqual(0.95);
    expect(m.precision).toBeGreaterThanOrEqual(0.95);
  });

  test('held-out split F1 ≥ 0.9', () => {
    const m = prf(aggregate(results.filter((r) => splitOf(r.line.id) === 'heldout')).overall);
    expect(m.f1).toBeGreaterThanOrEqual(0.9);
  });

  test.each([...aggregate(results).byCat.entries()].map(([cat, s]) => ({ cat, s })))('category $cat F1 ≥ 0.85', ({ s }) => {
    expect(prf(s).f1).toBeGreaterThanOrEqual(0.85);
  });

  test('hard negatives produce no candidates', () => {
    const negatives = results.filter((r) => r.line.expect.length === 0);
    const leaking = negatives.filter((r) => r.predicted.length > 0).map((r) => `${r.line.id}: ${r.predicted.map((p) => `${p.key}=${p.value}`).join(', ')}`);
    expect(leaking.length).toBeLessThanOrEqual(1);
  });
});
