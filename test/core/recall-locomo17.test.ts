/**
 * Recall session 16, LoCoMo part (issue 14, evidence lost at a tight budget), in wording written for this file:
 * - a long turn among the best few is no longer shown whole: above `RECALL.fullMaxTokens` it is excerpted around its
 *   matching sentences like every other turn, so one long turn does not take the room of two or three others.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { RECALL, shownWhole } from '../../src/core/recall/recall.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';

const saved = { ...RECALL };
afterEach(() => {
  Object.assign(RECALL, saved);
});

describe('which turns are shown whole (shownWhole, RECALL.fullMaxTokens)', () => {
  const plan = { fullTop: 3, minTokens: 25 };
  test.each([
    // cap, rank, tokens, whole?
    [0, 0, 400, true], // no cap: the best turn is whole however long
    [0, 3, 40, false], // past the best three and long: excerpted
    [60, 0, 59, true], // among the best and under the cap
    [60, 0, 60, true], // at the cap
    [60, 0, 61, false], // over the cap: excerpted although it ranks first
    [60, 2, 200, false],
    [60, 5, 20, true], // short turns are whole wherever they rank
    [60, 0, 20, true],
  ])('cap %i, rank %i, %i tokens → whole %s', (cap, rank, tokens, whole) => {
    RECALL.fullMaxTokens = cap;
    expect(shownWhole(rank, tokens, plan)).toBe(whole);
  });

  test('a plan with no whole turns (list asks) is unchanged by the cap', () => {
    RECALL.fullMaxTokens = 60;
    expect(shownWhole(0, 40, { fullTop: 0, minTokens: 15 })).toBe(false);
    expect(shownWhole(0, 12, { fullTop: 0, minTokens: 15 })).toBe(true);
  });
});

describe('a long best turn in the context', () => {
  const filler = [
    'The weather on the coast was grey most of the week and the wind kept everyone indoors.',
    'My cousin came over on Tuesday and we played cards until late, which was fun.',
    'Work has been busy with the quarterly reports and a new colleague joining the team.',
    'I also repainted the hallway a pale green colour, it took two whole afternoons to finish.',
  ];
  const long = `${filler[0]} ${filler[1]} I finally adopted a greyhound from the shelter, she is called Pepper. ${filler[2]} ${filler[3]}`;

  async function contextWith(cap: number): Promise<string> {
    RECALL.fullMaxTokens = cap;
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: EMPTY_LEXICON });
    await service.ingestTurn({ sessionId: 's1', userId: 'u1', messages: [{ role: 'user', name: 'Ivo', content: long }], timestamp: '2024-03-01T10:00:00Z' });
    await service.ingestTurn({ sessionId: 's2', userId: 'u1', messages: [{ role: 'user', name: 'Ivo', content: 'Pepper the greyhound loves the beach.' }], timestamp: '2024-04-01T10:00:00Z' });
    return (await service.recall({ query: 'Which greyhound did Ivo adopt from the shelter?', sessionId: null, userId: 'u1', maxTokens: 512 })).context;
  }

  test('without the cap it is shown whole', async () => {
    const ctx = await contextWith(0);
    expect(ctx).toContain('adopted a greyhound');
    expect(ctx).toContain('repainted the hallway');
  });

  test('with the cap it is shown by its matching sentence, the rest left out', async () => {
    const ctx = await contextWith(40);
    expect(ctx).toContain('adopted a greyhound');
    expect(ctx).not.toContain('repainted the hallway');
    expect(ctx).not.toContain('played cards');
  });
});
