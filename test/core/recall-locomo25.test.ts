/**
 * Recall session 22, LoCoMo part (issue 14, evidence at 512 tokens), in wording written for this file:
 * - every ask's excerpts are cut to the words around their matches from the seventh turn line on (RECALL.clipFromRank
 *   7, was 10): past the best few lines an excerpt is evidence that one more turn bears on the ask, and the words
 *   around its match are what a reader needs of it; the room saved is one more turn.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { RECALL } from '../../src/core/recall/recall.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';

const saved = { ...RECALL };
afterEach(() => {
  Object.assign(RECALL, saved);
});

describe('the rank cut from the seventh turn line (RECALL.clipFromRank)', () => {
  /** Twelve long turns that all bear on the ask, in twelve sessions; the ask is not a list. */
  async function lines(maxTokens: number): Promise<{ cut: number; cited: number }> {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: EMPTY_LEXICON });
    const pad = 'we talked for a long while on the terrace about the garden and the weather and the neighbours';
    for (let i = 0; i < 12; i++) {
      await service.ingestTurn({ sessionId: `s${i}`, userId: 'u1', messages: [{ role: 'user', name: 'Odile', content: `My sister and I made plans for the autumn and ${pad}. It was lovely to see her again after so long.` }], timestamp: `2024-0${1 + (i % 8)}-${String(10 + i).padStart(2, '0')}T10:00:00Z` });
    }
    const r = await service.recall({ query: "What are Odile's plans for the autumn with her sister?", sessionId: null, userId: 'u1', maxTokens });
    return { cut: r.context.split('\n').filter((l) => l.endsWith('…')).length, cited: r.citations.length };
  }

  test('is 7', () => {
    expect(RECALL.clipFromRank).toBe(7);
  });

  test('the turn lines from the seventh on are cut around their matches; the six best keep whole sentences', async () => {
    const { cut, cited } = await lines(2048);
    expect(cited).toBe(12);
    expect(cut).toBe(12 - 7);
  });

  test('from the tenth (before), three fewer lines are cut', async () => {
    RECALL.clipFromRank = 10;
    expect((await lines(2048)).cut).toBe(12 - 10);
  });

  test('at a tight budget the cut fits more of the turns than the tenth-line cut', async () => {
    const at7 = (await lines(380)).cited;
    RECALL.clipFromRank = 10;
    const at10 = (await lines(380)).cited;
    expect(at7).toBeGreaterThan(at10);
  });
});
