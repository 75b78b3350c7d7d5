/**
 * Start-up embedding-space check: which stored models are reported as degraded for the configured
 * embedder, and when a stored dimension pins the embedder's expected one.
 */
import { describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import { checkEmbeddingSpace } from '../../src/providers/embedding-space.ts';
import { OpenAiCompatibleEmbedder } from '../../src/providers/openai/openai-embedder.ts';

const storeWith = (models: Array<{ model: string; dim: number; count: number }> | Error) =>
  ({
    async embeddingModels() {
      if (models instanceof Error) throw models;
      return models;
    },
  }) as unknown as MemoryStore;

const embedder = (model: string, dimensions?: number) => new OpenAiCompatibleEmbedder({ baseURL: 'http://127.0.0.1:9', model, dimensions, fetch, timeoutMs: 100, maxRetries: 0 });

describe('checkEmbeddingSpace', () => {
  test.each<[string, Array<{ model: string; dim: number; count: number }>, string | null, number | undefined, RegExp[]]>([
    ['empty store', [], 'a', undefined, []],
    ['same model', [{ model: 'a', dim: 8, count: 5 }], 'a', undefined, []],
    ['another model', [{ model: 'old', dim: 8, count: 5 }], 'a', undefined, [/store holds 5 vectors of old \(dim 8\); only a vectors are used — run `memory-service reembed`/]],
    ['both models', [{ model: 'a', dim: 4, count: 2 }, { model: 'old', dim: 8, count: 5 }], 'a', undefined, [/vectors of old/]],
    ['same model, other configured dimension', [{ model: 'a', dim: 8, count: 5 }], 'a', 16, [/store holds 5 8-dim vectors of a but 16 dimensions are configured/]],
    ['vectors but no embedder', [{ model: 'old', dim: 8, count: 5 }], null, undefined, [/no embedder is configured; vector recall off/]],
  ])('%s', async (_n, models, model, dims, want) => {
    const out = await checkEmbeddingSpace(storeWith(models), model ? embedder(model, dims) : null);
    expect(out).toHaveLength(want.length);
    want.forEach((re, i) => expect(out[i]).toMatch(re));
  });

  test('a stored dimension pins an unconfigured embedder', async () => {
    const e = embedder('a');
    expect(e.dim).toBeNull();
    await checkEmbeddingSpace(storeWith([{ model: 'a', dim: 12, count: 1 }]), e);
    expect(e.dim).toBe(12);
  });

  test('a store that cannot list models reports nothing and does not throw', async () => {
    expect(await checkEmbeddingSpace(storeWith(new Error('no table')), embedder('a'))).toEqual([]);
  });
});
