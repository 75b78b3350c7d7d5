/**
 * Recall session 23, LoCoMo part (issue 14, evidence at 2,048 tokens), in wording written for this file:
 * - for a wide budget the turns within two of the best three turn hits are one more ranker (RETRIEVE.vicinity*): what a
 *   wide context missed was mostly evidence that shares no word with the ask, often said a few turns after a strong hit;
 * - such a turn takes no turn rank in the packing (RECALL.vicinityUnranked), and budgets under 2,048 never read it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';

const saved = { ...RETRIEVE };
afterEach(() => {
  Object.assign(RETRIEVE, saved);
});

const NAMED = 'We named her Marisol, after my grandmother who grew up by the sea.';

/** A conversation where the answer ("Marisol") is said two turns after the turn the ask matches, with no word of the ask. */
async function service(): Promise<MemoryService> {
  const s = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: EMPTY_LEXICON });
  const say = (sessionId: string, name: string, content: string, timestamp: string) => s.ingestTurn({ sessionId, userId: 'u1', messages: [{ role: 'user', name, content }], timestamp });
  await say('s1', 'Odile', 'I finally bought a small sailing boat at the harbour last weekend!', '2024-05-04T10:00:00Z');
  await say('s1', 'Pia', 'That is wonderful news, I remember you saving for years and looking at every listing in town.', '2024-05-04T10:00:01Z');
  await say('s1', 'Odile', NAMED, '2024-05-04T10:00:02Z');
  await say('s1', 'Pia', 'My cousin runs a bakery near the station and her bread sells out every morning.', '2024-05-04T10:00:03Z');
  for (let i = 0; i < 6; i++) {
    await say(`s${i + 2}`, 'Pia', `The choir rehearsal ran late again on Thursday, number ${i}, and the conductor kept us on the second song.`, `2024-06-0${i + 1}T10:00:00Z`);
    await say(`s${i + 2}`, 'Odile', `My garden tomatoes are finally ripe, round ${i}, and the basil is doing well too.`, `2024-06-0${i + 1}T10:00:01Z`);
  }
  return s;
}

async function cites(maxTokens: number): Promise<boolean> {
  const r = await (await service()).recall({ query: 'What sailing boat did Odile buy?', sessionId: null, userId: 'u1', maxTokens });
  expect(r.citations.length).toBeGreaterThan(0);
  return r.context.includes('Marisol');
}

describe('the session vicinity of the best hits (RETRIEVE.vicinityWide)', () => {
  test('is on from 2,048 tokens: the turns within 2 of the best 3 hits', () => {
    expect([RETRIEVE.vicinityWide, RETRIEVE.vicinityTop, RETRIEVE.vicinityRadius, RETRIEVE.vicinityNewOnly]).toEqual([1, 3, 2, 2]);
    expect(RETRIEVE.feedbackMinTokens).toBe(2048);
  });

  test('a wide budget shows the turn two after the hit that holds none of the ask\'s words', async () => {
    expect(await cites(2048)).toBe(true);
  });

  test('without it the turn is no candidate, whatever the budget', async () => {
    RETRIEVE.vicinityWide = 0;
    expect(await cites(2048)).toBe(false);
  });

  test('a narrower budget does not read the vicinity', async () => {
    expect(await cites(1024)).toBe(false);
  });
});
