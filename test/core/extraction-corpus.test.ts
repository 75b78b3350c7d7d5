/**
 * @module test/core/extraction-corpus
 * The labelled corpus as a regression gate: overall F1 and every category's F1 must stay at
 * or above the level reached (see docs/extraction.md "How it is measured" for the figures and matching rule).
 */
import { describe, expect, test } from 'vitest';
import { aggregate, blindFiles, loadCorpus, prf, scoreLine, splitOf } from '../../bench/extraction-score.ts';

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

  test('overall F1 ≥ 0.96 and precision ≥ 0.95 (all lines)', () => {
    const m = prf(aggregate(results).overall);
    expect(m.f1).toBeGreaterThanOrEqual(0.96);
    expect(m.precision).toBeGreaterThanOrEqual(0.95);
  });

  test('held-out split F1 ≥ 0.95', () => {
    const m = prf(aggregate(results.filter((r) => splitOf(r.line.id) === 'heldout')).overall);
    expect(m.f1).toBeGreaterThanOrEqual(0.95);
  });

  // Blind rounds kept in their own files: scored once before any change (docs/extraction.md), then gated here
  // just under the level reached after general fixes, so a later change cannot quietly lose them.
  // A new round without a floor only has to load and score (its first figure goes in docs/extraction.md).
  const FLOORS: Record<string, { f1: number; precision: number }> = {
    // r5 precision 0.95 → 0.94 (session 5): a dated resignation ("handed in my resignation at Barclays on friday",
    // r5-02) is now also the event_job_loss that r9-07 and r15-09 expect; r5-02 was labelled without it.
    // Session 14: a first race, a test passed and the speaker's own engagement or child born are milestones now (the
    // blind rounds' reading since r21); r5, r6, r8 and r10 labelled them activities, exams and engagements.
    r5: { f1: 0.92, precision: 0.93 },
    r6: { f1: 0.88, precision: 0.9 },
    r7: { f1: 0.77, precision: 0.77 },
    r8: { f1: 0.88, precision: 0.88 },
    r9: { f1: 0.95, precision: 0.94 },
    r10: { f1: 0.93, precision: 0.95 },
    r11: { f1: 0.85, precision: 0.9 },
    // Session 5: just under the figures after the frames work (docs/extraction-frames.md, "Session 5").
    r12: { f1: 0.64, precision: 0.84 },
    r13: { f1: 0.68, precision: 0.9 },
    r14: { f1: 0.59, precision: 0.73 },
    // Session 6: just under the figures after the session-6 frames work (docs/extraction-frames.md).
    r15: { f1: 0.8, precision: 0.9 },
    r16: { f1: 0.68, precision: 0.7 },
    r17: { f1: 0.69, precision: 0.85 },
    r18: { f1: 0.63, precision: 0.78 },
    r19: { f1: 0.65, precision: 0.72 },
    r20: { f1: 0.73, precision: 0.9 },
    // Written blind in session 6 (fixtures/extraction-blind-r21-r23.md), first scored on 29c0739 at
    // 0.575 / 0.435 / 0.433 F1, read by the second frames pass; floors just under the merged figures.
    r21: { f1: 0.87, precision: 0.85 },
    r22: { f1: 0.73, precision: 0.75 },
    r23: { f1: 0.71, precision: 0.75 },
    // Written blind in session 6 (fixtures/extraction-blind-r24-r26.md), first scored on add8272 at
    // 0.444 / 0.328 / 0.500 F1; never read; floors just under the merged second frames pass.
    r24: { f1: 0.65, precision: 0.73 },
    r25: { f1: 0.69, precision: 0.74 },
    r26: { f1: 0.67, precision: 0.72 },
    // Session 7 (test/core/extraction-frames-s7.test.ts): r13–r26 floors raised to just under the figures after the
    // seventh frames pass (r21–r26 were read by it: not blind figures).
    // Written blind in session 7 (fixtures/extraction-blind-r27-r29.md), first scored on dc99c0e at 0.426 / 0.267 /
    // 0.321 and on 1ef19f7 (session-7 frames) at 0.452 / 0.262 / 0.433; r27 then read (test/core/extraction-frames-s7b),
    // r28 and r29 never read. Floors just under the figures.
    r27: { f1: 0.6, precision: 0.88 },
    // Session 9 frames (test/core/extraction-frames-s8.test.ts; r28–r32 read after their first scores): r28 0.290 →
    // 0.658, r29 0.426 → 0.676, r30 0.457 → 0.786, r31 0.413 → 0.773, r32 0.377 → 0.587 F1. Floors just under.
    r28: { f1: 0.64, precision: 0.74 },
    // Learned key model (session 8, src/core/extraction/learned/): r28 0.262 → 0.290 F1 (one more fact); r29 0.433 → 0.426, precision 0.722 → 0.684 from one learned false positive, so its precision floor
    // drops 0.70 → 0.68 (r28 and r29 were not read: only their scores through the eval were seen).
    r29: { f1: 0.65, precision: 0.86 },
    // Written blind in session 8 (fixtures/extraction-blind-r30-r32.md), first scored on 1c9b757 at 0.424 / 0.393 /
    // 0.353 and on c584f70 (session-8 merge) at 0.457 / 0.413 / 0.377; read by the session-9 frames pass (figures
    // above). Floors just under the figures.
    r30: { f1: 0.76, precision: 0.82 },
    r31: { f1: 0.75, precision: 0.88 },
    r32: { f1: 0.56, precision: 0.66 },
    // Written blind in session 9 (fixtures/extraction-blind-r33-r35.md), first scored on 7915671 at 0.207 / 0.423 /
    // 0.317 and on 677ea94 (session-9 merge) at 0.300 / 0.486 / 0.441. Read by the session-10 frames pass
    // (test/core/extraction-frames-s10.test.ts): 0.795 / 0.729 / 0.776 F1, no longer blind. Floors just under.
    r33: { f1: 0.77, precision: 0.89 },
    r34: { f1: 0.71, precision: 0.79 },
    r35: { f1: 0.75, precision: 0.76 },
    // Written blind in session 10 (fixtures/extraction-blind-r36-r38.md), first scored on c3504af at 0.476 / 0.526 /
    // 0.232 and on 4306563 (session-10 merge) at 0.469 / 0.545 / 0.229; never read. Floors just under the figures.
    r36: { f1: 0.45, precision: 0.69 },
    r37: { f1: 0.52, precision: 0.72 },
    r38: { f1: 0.21, precision: 0.38 },
  };
  test.each(blindFiles().map((b) => ({ name: b.name, url: b.url })))('blind round $name stays at its floor', ({ name, url }) => {
    const m = prf(aggregate(loadCorpus(url).map((l) => scoreLine(l))).overall);
    const floor = FLOORS[name] ?? { f1: 0, precision: 0 };
    expect(m.f1).toBeGreaterThanOrEqual(floor.f1);
    expect(m.precision).toBeGreaterThanOrEqual(floor.precision);
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
