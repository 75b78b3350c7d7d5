/**
 * core/reembed over a minimal fake store (only the two methods it uses) and a fake embedder:
 * batching, maxItems, a store that never records (no endless loop), embedder failures.
 */
import { describe, expect, test } from 'vitest';
import type { EmbedderPort, MemoryStore, StoredEmbedding } from '../../src/core/ports.ts';
import { reembed } from '../../src/core/reembed.ts';

function fakeStore(n: number, opts: { forgetful?: boolean } = {}) {
  const rows = Array.from({ length: n }, (_v, i) => ({ scope: `u:${i % 2}`, ownerKind: (i % 3 === 0 ? 'memory' : 'turn') as 'memory' | 'turn', ownerId: `o${i}`, text: `text ${i}` }));
  const put: StoredEmbedding[] = [];
  const store = {
    async missingEmbeddings(model: string, limit: number) {
      return rows.filter((r) => opts.forgetful || !put.some((p) => p.ownerId === r.ownerId && p.model === model)).slice(0, limit);
    },
    async putEmbedding(_scope: string, e: StoredEmbedding) {
      put.push(e);
    },
  } as unknown as MemoryStore;
  return { store, put };
}

const embedder = (dim = 3, fail = false): EmbedderPort & { calls: number[] } => {
  const calls: number[] = [];
  return {
    model: 'm',
    dim: null,
    calls,
    async embed(texts: string[]) {
      calls.push(texts.length);
      if (fail) throw new Error('provider down');
      return texts.map((t) => Array.from({ length: dim }, (_v, i) => t.length + i));
    },
  };
};

describe('reembed', () => {
  test.each([
    [0, 4, 0, 0],
    [5, 2, 5, 3],
    [8, 4, 8, 2],
    [8, 64, 8, 1],
  ])('%i missing items in batches of %i → %i embedded in %i batches', async (n, batchSize, embedded, batches) => {
    const { store, put } = fakeStore(n);
    const e = embedder();
    const r = await reembed(store, e, { batchSize });
    expect(r).toMatchObject({ model: 'm', embedded, batches, stoppedEarly: false });
    expect(put).toHaveLength(n);
    expect(new Set(put.map((p) => p.ownerId)).size).toBe(n);
    expect(put.every((p) => p.model === 'm' && p.dim === 3)).toBe(true);
  });

  test('maxItems stops early', async () => {
    const { store, put } = fakeStore(10);
    const r = await reembed(store, embedder(), { batchSize: 4, maxItems: 6 });
    expect(r).toMatchObject({ embedded: 6, stoppedEarly: true });
    expect(put).toHaveLength(6);
  });

  test('a store that does not record the vectors fails instead of looping forever', async () => {
    const { store } = fakeStore(3, { forgetful: true });
    await expect(reembed(store, embedder(), { batchSize: 3 })).rejects.toThrow(/still reports 3 items missing/);
  });

  test('an embedder failure propagates; what was embedded before stays', async () => {
    const { store, put } = fakeStore(4);
    let calls = 0;
    const flaky: EmbedderPort = {
      model: 'm',
      dim: null,
      async embed(texts) {
        if (++calls === 2) throw new Error('provider down');
        return texts.map(() => [1, 2]);
      },
    };
    await expect(reembed(store, flaky, { batchSize: 2 })).rejects.toThrow('provider down');
    expect(put).toHaveLength(2);
  });
});
