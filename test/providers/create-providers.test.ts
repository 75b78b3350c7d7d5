/**
 * Provider auto-detection from the environment: which LLM, embedder and reranker each
 * configuration selects, the modes reported in the ready line and /health, and what is degraded.
 */
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createProviders } from '../../src/providers/create-providers.ts';
import { ProviderHealth } from '../../src/providers/provider-health.ts';
import { chatJson, startOpenAiApiDouble } from './doubles/openai-api-double.ts';
import { messagesReply, startAnthropicApiDouble } from './doubles/anthropic-api-double.ts';
import { startRerankApiDouble } from './doubles/rerank-api-double.ts';

const silent = { info() {}, warn() {}, error() {} };
const modes = (env: Record<string, string>) => createProviders(loadConfig(env), { logger: silent, fetch }).modes;

describe('createProviders auto-detection', () => {
  test.each<[string, Record<string, string>, { extraction: string; embeddings: string; reranker: string }]>([
    ['nothing configured', {}, { extraction: 'offline', embeddings: 'none', reranker: 'none' }],
    ['OpenAI key', { OPENAI_API_KEY: 'sk-x' }, { extraction: 'openai:gpt-4o-mini', embeddings: 'openai:text-embedding-3-small', reranker: 'none' }],
    ['OpenAI key + model', { OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-4.1-mini', EMBEDDING_MODEL: 'text-embedding-3-large' }, { extraction: 'openai:gpt-4.1-mini', embeddings: 'openai:text-embedding-3-large', reranker: 'none' }],
    ['Anthropic key', { ANTHROPIC_API_KEY: 'sk-ant' }, { extraction: 'anthropic:claude-haiku-4-5', embeddings: 'none', reranker: 'none' }],
    ['both keys: OpenAI wins in auto', { ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: 'sk-x' }, { extraction: 'openai:gpt-4o-mini', embeddings: 'openai:text-embedding-3-small', reranker: 'none' }],
    ['both keys, EXTRACTION_PROVIDER=anthropic', { ANTHROPIC_API_KEY: 'sk-ant', OPENAI_API_KEY: 'sk-x', EXTRACTION_PROVIDER: 'anthropic' }, { extraction: 'anthropic:claude-haiku-4-5', embeddings: 'openai:text-embedding-3-small', reranker: 'none' }],
    ['Ollama chat only (no key)', { OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1' }, { extraction: 'openai-compatible:llama3.1', embeddings: 'none', reranker: 'none' }],
    ['Ollama chat + embeddings', { OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODEL: 'llama3.1', EMBEDDING_MODEL: 'nomic-embed-text' }, { extraction: 'openai-compatible:llama3.1', embeddings: 'openai-compatible:nomic-embed-text', reranker: 'none' }],
    ['TEI embeddings + TEI rerank', { EMBEDDING_BASE_URL: 'http://tei:8080/v1', EMBEDDING_MODEL: 'bge-small', RERANK_PROVIDER: 'tei', RERANK_BASE_URL: 'http://tei-rr:8080' }, { extraction: 'offline', embeddings: 'openai-compatible:bge-small', reranker: 'tei:default' }],
    ['Voyage key', { VOYAGE_API_KEY: 'pa-x' }, { extraction: 'offline', embeddings: 'voyage:voyage-3.5-lite', reranker: 'none' }],
    ['Voyage embeddings + Voyage rerank', { VOYAGE_API_KEY: 'pa-x', RERANK_PROVIDER: 'voyage' }, { extraction: 'offline', embeddings: 'voyage:voyage-3.5-lite', reranker: 'voyage:rerank-2.5-lite' }],
    ['Cohere key', { COHERE_API_KEY: 'co-x' }, { extraction: 'offline', embeddings: 'none', reranker: 'cohere:rerank-v3.5' }],
    ['Jina rerank', { RERANK_PROVIDER: 'jina', RERANK_API_KEY: 'jina_x' }, { extraction: 'offline', embeddings: 'none', reranker: 'jina:jina-reranker-v2-base-multilingual' }],
    ['Jina by URL', { RERANK_BASE_URL: 'https://api.jina.ai/v1', RERANK_API_KEY: 'jina_x' }, { extraction: 'offline', embeddings: 'none', reranker: 'jina:jina-reranker-v2-base-multilingual' }],
    ['MEMORY_DISABLE_LLM', { OPENAI_API_KEY: 'sk-x', MEMORY_DISABLE_LLM: 'true' }, { extraction: 'offline', embeddings: 'openai:text-embedding-3-small', reranker: 'none' }],
    ['EXTRACTION_PROVIDER=offline', { ANTHROPIC_API_KEY: 'sk-ant', EXTRACTION_PROVIDER: 'offline' }, { extraction: 'offline', embeddings: 'none', reranker: 'none' }],
    ['EMBEDDING_PROVIDER=none', { OPENAI_API_KEY: 'sk-x', EMBEDDING_PROVIDER: 'none' }, { extraction: 'openai:gpt-4o-mini', embeddings: 'none', reranker: 'none' }],
    ['RERANK_PROVIDER=none', { COHERE_API_KEY: 'co-x', RERANK_PROVIDER: 'none' }, { extraction: 'offline', embeddings: 'none', reranker: 'none' }],
  ])('%s', (_n, env, want) => {
    const m = modes(env);
    expect({ extraction: m.extraction, embeddings: m.embeddings, reranker: m.reranker }).toEqual(want);
    expect(m.degraded).toEqual([]);
  });

  test.each<[string, Record<string, string>, RegExp]>([
    ['anthropic selected without a key', { EXTRACTION_PROVIDER: 'anthropic' }, /^extraction: EXTRACTION_PROVIDER=anthropic but ANTHROPIC_API_KEY is not set/],
    ['openai selected without a key', { EXTRACTION_PROVIDER: 'openai' }, /^extraction: EXTRACTION_PROVIDER=openai/],
    ['voyage embeddings without a key', { EMBEDDING_PROVIDER: 'voyage' }, /^embeddings: EMBEDDING_PROVIDER=voyage but VOYAGE_API_KEY/],
    ['an embedding server without a model', { EMBEDDING_BASE_URL: 'http://tei:8080/v1' }, /^embeddings: EMBEDDING_MODEL is required/],
    ['a rerank server without a model', { RERANK_BASE_URL: 'http://rr:8080' }, /^reranker: RERANK_MODEL is required/],
    ['tei rerank without a URL', { RERANK_PROVIDER: 'tei' }, /^reranker: RERANK_PROVIDER=tei needs RERANK_BASE_URL/],
  ])('misconfiguration is degraded, not fatal: %s', (_n, env, re) => {
    const m = modes(env);
    expect(m.degraded).toHaveLength(1);
    expect(m.degraded[0]).toMatch(re);
  });

  test('an LLM is shared by extractor, reconciler and planner; none without one', () => {
    const withLlm = createProviders(loadConfig({ ANTHROPIC_API_KEY: 'k' }), { logger: silent, fetch });
    expect(withLlm.llmExtractor?.name).toBe('llm:anthropic');
    expect(withLlm.reconciler).not.toBeNull();
    expect(withLlm.planner).not.toBeNull();
    const without = createProviders(loadConfig({}), { logger: silent, fetch });
    expect([without.llmExtractor, without.reconciler, without.planner, without.embedder, without.reranker]).toEqual([null, null, null, null, null]);
  });
});

describe('ProviderHealth', () => {
  test('live failures appear in degraded and clear on the next success, static findings stay', () => {
    const degraded: string[] = [];
    const h = new ProviderHealth(degraded, () => new Date('2026-01-01T00:00:00Z'));
    h.addStatic('embeddings: old vectors');
    h.record('openai', 'extraction', false);
    h.record('openai', 'extraction', false);
    h.record('cohere', 'rerank', true);
    expect(degraded).toEqual(['embeddings: old vectors', 'openai extraction failing: 2 consecutive failures since 2026-01-01T00:00:00.000Z; offline fallback in use']);
    h.record('openai', 'extraction', true);
    expect(degraded).toEqual(['embeddings: old vectors']);
  });
});

describe('auto-detected providers reach the vendor endpoints (fetch rewritten to API doubles)', () => {
  test('OPENAI_API_KEY alone: official OpenAI chat completions and embeddings with the key', async () => {
    const double = await startOpenAiApiDouble({ embeddingDim: 8 });
    const seen: string[] = [];
    const rewrite: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      seen.push(url);
      return fetch(url.replace('https://api.openai.com', double.url), init);
    };
    try {
      const p = createProviders(loadConfig({ OPENAI_API_KEY: 'sk-official-1234' }), { logger: silent, fetch: rewrite });
      double.script('/chat/completions', chatJson({ memories: [{ type: 'fact', subject: 'user', key: 'location', value: 'Lisbon', confidence: 0.9, op: 'assert', evidence: 'I live in Lisbon' }] }));
      const out = await p.llmExtractor!.extract([{ role: 'user', content: 'I live in Lisbon' }], { timestamp: '2026-01-01T00:00:00Z', sessionId: 's', recentTurns: [] });
      expect(out.map((c) => c.value)).toEqual(['Lisbon']);
      const [v] = await p.embedder!.embed(['I live in Lisbon']);
      expect(v).toHaveLength(8);
      expect(seen).toEqual(['https://api.openai.com/v1/chat/completions', 'https://api.openai.com/v1/embeddings']);
      const chat = double.calls('/chat/completions')[0];
      expect(chat.headers.authorization).toBe('Bearer sk-official-1234');
      expect(chat.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, response_format: { type: 'json_schema', json_schema: { name: 'memories', strict: true } } });
      expect(double.calls('/embeddings')[0].body).toMatchObject({ model: 'text-embedding-3-small', input: ['I live in Lisbon'] });
    } finally {
      await double.close();
    }
  });

  test('ANTHROPIC_API_KEY + COHERE_API_KEY: Anthropic messages and Cohere v2 rerank', async () => {
    const anthropic = await startAnthropicApiDouble();
    const cohere = await startRerankApiDouble('cohere');
    const seen: string[] = [];
    const rewrite: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      seen.push(url);
      return fetch(url.replace('https://api.anthropic.com', anthropic.url).replace('https://api.cohere.com', cohere.url), init);
    };
    try {
      const p = createProviders(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant-xyz', COHERE_API_KEY: 'co-xyz' }), { logger: silent, fetch: rewrite });
      anthropic.script('/messages', messagesReply(JSON.stringify({ sub_queries: ['pet named Biscuit', 'city of the user'] })));
      expect(await p.planner!.decompose('Which city does the person with the dog Biscuit live in?')).toEqual(['pet named Biscuit', 'city of the user']);
      const scores = await p.reranker!.rerank('dog Biscuit', ['the dog Biscuit', 'a city']);
      expect(scores[0]).toBeGreaterThan(scores[1]);
      expect(seen).toEqual(['https://api.anthropic.com/v1/messages', 'https://api.cohere.com/v2/rerank']);
      expect(anthropic.calls('/messages')[0].headers['x-api-key']).toBe('sk-ant-xyz');
      expect(anthropic.calls('/messages')[0].body.model).toBe('claude-haiku-4-5');
      expect(cohere.calls('/rerank')[0].headers.authorization).toBe('Bearer co-xyz');
      expect(cohere.calls('/rerank')[0].body).toMatchObject({ model: 'rerank-v3.5', query: 'dog Biscuit', top_n: 2 });
    } finally {
      await anthropic.close();
      await cohere.close();
    }
  });
});
