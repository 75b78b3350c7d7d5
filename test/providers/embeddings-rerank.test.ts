/**
 * Embedding adapters (OpenAI-compatible, Voyage) and the Cohere-compatible reranker against their
 * API doubles: request shapes and headers, response parsing, dimension mismatch, TEI/Voyage shapes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OpenAiCompatibleEmbedder } from '../../src/providers/openai/openai-embedder.ts';
import { VoyageEmbedder } from '../../src/providers/voyage/voyage-embedder.ts';
import { CohereCompatibleReranker, parseRerankResponse, rerankRequest } from '../../src/providers/cohere/cohere-reranker.ts';
import { ProviderError } from '../../src/providers/http/provider-error.ts';
import type { ApiDouble } from './doubles/api-double.ts';
import { fakeEmbedding, startOpenAiApiDouble } from './doubles/openai-api-double.ts';
import { startRerankApiDouble } from './doubles/rerank-api-double.ts';

const retry = { timeoutMs: 3000, maxRetries: 0 };

describe('OpenAI-compatible embeddings', () => {
  let double: ApiDouble;
  beforeAll(async () => {
    double = await startOpenAiApiDouble({ embeddingDim: 32 });
  });
  afterAll(() => double.close());

  test('posts {model, input} with Bearer auth, batches, and returns vectors in input order', async () => {
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, apiKey: 'sk-embed-1234', model: 'text-embedding-3-small', batchSize: 2 });
    const texts = ['I live in Lisbon', 'my dog Biscuit', 'hello'];
    const before = double.calls('/embeddings').length;
    const out = await e.embed(texts);
    const calls = double.calls('/embeddings').slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0].headers.authorization).toBe('Bearer sk-embed-1234');
    expect(calls[0].body).toMatchObject({ model: 'text-embedding-3-small', input: ['I live in Lisbon', 'my dog Biscuit'] });
    expect(out).toEqual(texts.map((t) => fakeEmbedding(t, 32)));
    expect(e.dim).toBe(32);
  });

  test('sends no Authorization header to a keyless local server (Ollama, TEI)', async () => {
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'nomic-embed-text', provider: 'openai-compatible' });
    await e.embed(['x']);
    expect(double.calls('/embeddings').at(-1)!.headers.authorization).toBeUndefined();
  });

  test('inputs are capped in length, never empty, and secrets are masked', async () => {
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm', maxInputChars: 10 });
    await e.embed(['x'.repeat(50), '', 'ok']);
    expect(double.calls('/embeddings').at(-1)!.body.input).toEqual(['x'.repeat(10), ' ', 'ok']);
    const wide = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm' });
    await wide.embed(['my key is sk-proj-abcdefghijklmnopqrstuvwxyz0123']);
    expect(double.calls('/embeddings').at(-1)!.raw).not.toContain('abcdefghijklmnopqrstuvwxyz0123');
  });

  test('out-of-order data is put back in input order', async () => {
    double.script('/embeddings', { json: { data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }] } });
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm' });
    expect(await e.embed(['a', 'b'])).toEqual([[1, 0], [0, 1]]);
  });

  test('a response of another dimension than the first seen is rejected (EMBEDDING_DIMENSION_MISMATCH)', async () => {
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm' });
    await e.embed(['first']); // pins 32
    double.script('/embeddings', { json: { data: [{ index: 0, embedding: [0.1, 0.2, 0.3] }] } });
    const err = await e.embed(['second']).catch((x) => x);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('EMBEDDING_DIMENSION_MISMATCH');
    expect(err.message).toContain('dimension 3, expected 32');
  });

  test('a configured dimension is requested and enforced', async () => {
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm', dimensions: 16 });
    const [v] = await e.embed(['x']);
    expect(v).toHaveLength(16);
    expect(double.calls('/embeddings').at(-1)!.body.dimensions).toBe(16);
    double.script('/embeddings', { json: { data: [{ index: 0, embedding: new Array(32).fill(0.1) }] } });
    await expect(e.embed(['y'])).rejects.toMatchObject({ code: 'EMBEDDING_DIMENSION_MISMATCH' });
  });

  test.each([
    ['missing data', { object: 'list' }],
    ['too few vectors', { data: [{ index: 0, embedding: [1] }] }],
    ['non-numeric vector', { data: [{ index: 0, embedding: ['a'] }, { index: 1, embedding: [1] }] }],
    ['NaN-like null', { data: [{ index: 0, embedding: [null] }, { index: 1, embedding: [1] }] }],
  ])('a malformed response (%s) is a PROVIDER_BAD_RESPONSE', async (_n, json) => {
    double.script('/embeddings', { json });
    const e = new OpenAiCompatibleEmbedder({ ...retry, fetch, baseURL: `${double.url}/v1`, model: 'm' });
    await expect(e.embed(['a', 'b'])).rejects.toMatchObject({ code: 'PROVIDER_BAD_RESPONSE' });
  });
});

describe('Voyage embeddings', () => {
  let double: ApiDouble;
  beforeAll(async () => {
    double = await startOpenAiApiDouble({ embeddingDim: 24 });
  });
  afterAll(() => double.close());

  test('posts {input, model, output_dimension} with Bearer auth', async () => {
    const e = new VoyageEmbedder({ ...retry, fetch, apiKey: 'pa-voyage-key', baseURL: `${double.url}/v1`, model: 'voyage-3.5', dimensions: 24 });
    const out = await e.embed(['hello world']);
    const req = double.calls('/embeddings').at(-1)!;
    expect(req.headers.authorization).toBe('Bearer pa-voyage-key');
    expect(req.body).toEqual({ input: ['hello world'], model: 'voyage-3.5', output_dimension: 24 });
    expect(out[0]).toHaveLength(24);
  });
});

describe('Cohere-compatible reranker', () => {
  test.each([
    ['cohere', { model: 'm', query: 'q', documents: ['a', 'b'], top_n: 2 }],
    ['voyage', { model: 'm', query: 'q', documents: ['a', 'b'], top_k: 2 }],
    ['tei', { query: 'q', texts: ['a', 'b'], truncate: true }],
  ] as const)('request body for %s', (format, want) => {
    expect(rerankRequest(format, 'm', 'q', ['a', 'b'])).toEqual(want);
  });

  test.each([
    ['cohere results', { results: [{ index: 1, relevance_score: 0.9 }, { index: 0, relevance_score: 0.2 }] }, [0.2, 0.9, 0]],
    ['voyage data', { data: [{ index: 2, relevance_score: 0.5 }] }, [0, 0, 0.5]],
    ['tei array', [{ index: 0, score: 0.7 }, { index: 2, score: 1.3 }], [0.7, 0, 1]],
  ])('parses %s into input-order scores', (_n, body, want) => {
    expect(parseRerankResponse('t', body, 3)).toEqual(want);
  });

  test.each([
    ['no list', { foo: 1 }],
    ['index out of range', { results: [{ index: 5, relevance_score: 0.5 }] }],
    ['score missing', { results: [{ index: 0 }] }],
  ])('rejects %s', (_n, body) => {
    expect(() => parseRerankResponse('t', body, 3)).toThrow(ProviderError);
  });

  test.each(['cohere', 'voyage', 'tei'] as const)('round trip against the %s-shaped double', async (format) => {
    const double = await startRerankApiDouble(format);
    try {
      const r = new CohereCompatibleReranker({ ...retry, fetch, baseURL: `${double.url}/v2`, apiKey: 'co-key-9876', model: 'rerank-v3.5', format });
      const scores = await r.rerank('where does the user live', ['User location: Lisbon, user lives there', 'User pet: dog Biscuit']);
      expect(scores[0]).toBeGreaterThan(scores[1]);
      const req = double.calls('/rerank')[0];
      expect(req.path).toBe('/v2/rerank');
      expect(req.headers.authorization).toBe('Bearer co-key-9876');
      if (format !== 'tei') expect(req.body.model).toBe('rerank-v3.5');
    } finally {
      await double.close();
    }
  });
});
