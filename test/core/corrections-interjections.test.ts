// Corrections: interjections ("Oh no", "No way") are not corrections; restated pronouns are stripped.
import { describe, expect, test } from 'vitest';
import { detectCorrection } from '../../src/core/extraction/rules/corrections.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';

describe('detectCorrection', () => {
  test.each([
    ['Oh no, that is rough.', null],
    ['No way, Jon!', null],
    ['Oh no Jon!', null],
    ['Actually, I just took my family camping.', null],
  ])('%s → not a correction', (s, expected) => {
    expect(detectCorrection(s)).toBe(expected);
  });

  test.each([
    ["Actually, not Denver — we're in Boulder.", 'Denver', 'Boulder'],
    ['Actually, not Tuesday — Wednesday.', 'Tuesday', 'Wednesday'],
    ['Sorry, I meant Lisbon.', null, 'Lisbon'],
    ['Wait, no, Bath.', null, 'Bath'],
  ])('%s → %s ⇒ %s', (s, oldValue, newValue) => {
    const cue = detectCorrection(s);
    expect(cue?.oldValue ?? null).toBe(oldValue);
    expect(cue?.newValue).toBe(newValue);
  });
});

describe('interjections never rewrite facts', () => {
  const ex = new OfflineExtractor();
  const ctx = { timestamp: '2025-03-01T10:00:00.000Z', sessionId: 's1', recentTurns: [] };
  test('"Oh no, that is rough." yields no correction', async () => {
    const out = await ex.extract([{ role: 'user', content: 'I work at Stripe. Oh no, that is rough.' }], ctx);
    expect(out.filter((c) => c.op === 'correct')).toEqual([]);
    expect(out.some((c) => c.key === 'employer' && /rough/i.test(c.value))).toBe(false);
  });
  test('a corrected move fixes the location, not only the event', async () => {
    const out = await ex.extract([{ role: 'user', content: "We relocated to Denver last month. Actually, not Denver — we're in Boulder." }], ctx);
    const loc = out.filter((c) => c.key === 'location');
    expect(loc.some((c) => /Boulder/.test(c.value))).toBe(true);
    expect(out.some((c) => /we are|we're/i.test(c.value))).toBe(false);
  });
});
