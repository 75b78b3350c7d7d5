/**
 * The real service (buildApp + SQLite store) with every provider pointed at API doubles:
 * LLM extraction when healthy, a provider dying mid-ingest (turns still land with offline
 * extraction, never a 500, /health reports it), 429 then success, keys never in logs, embedding
 * dimension mismatch, model change → degraded + reembed, and the reranker floor emptying recall.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { reembed } from '../../src/core/reembed.ts';
import { OpenAiCompatibleEmbedder } from '../../src/providers/openai/openai-embedder.ts';
import type { ApiDouble } from './doubles/api-double.ts';
import { chatJson, startOpenAiApiDouble } from './doubles/openai-api-double.ts';
import { startRerankApiDouble } from './doubles/rerank-api-double.ts';
import { startAnthropicApiDouble } from './doubles/anthropic-api-double.ts';

const OPENAI_KEY = 'sk-proj-NEVERLOGME-4f9a8b7c6d5e';
const RERANK_KEY = 'co-NEVERLOGME-rerank-1a2b3c';

const dir = mkdtempSync(join(tmpdir(), 'providers-degradation-'));
let n = 0;
const dbPath = () => join(dir, `db-${++n}.sqlite`);

interface Harness {
  built: BuiltApp;
  logs: string[];
}

async function start(env: Record<string, string>, path = dbPath()): Promise<Harness> {
  const logs: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'debug', MEMORY_DB_PATH: path, PROVIDER_TIMEOUT_MS: '3000', PROVIDER_MAX_RETRIES: '1', ...env });
  const built = await buildApp(config, { store: new SqliteMemoryStore(path), fetch, logStream: { write: (s: string) => void logs.push(s) } });
  return { built, logs };
}

const post = (h: Harness, url: string, payload: unknown) => h.built.app.inject({ method: 'POST', url, payload: payload as object });
const turn = (content: string, session = 's1') => ({ session_id: session, user_id: 'u1', messages: [{ role: 'user', content }] });

const llmItem = (key: string, value: string, type = 'fact') => ({ type, subject: 'user', key, value, confidence: 0.9, op: 'assert', evidence: `${key} ${value}`, event_date: null, replaces: null });

describe('service with an OpenAI-compatible LLM that dies mid-run', () => {
  let llm: ApiDouble;
  let h: Harness;
  beforeAll(async () => {
    llm = await startOpenAiApiDouble();
    h = await start({ OPENAI_BASE_URL: `${llm.url}/v1`, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'qwen-local', EMBEDDING_PROVIDER: 'none' });
  });
  afterAll(async () => {
    await h.built.close();
    await llm.close();
  });

  test('reports the modes on /health', async () => {
    const res = await h.built.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ extraction: 'openai-compatible:qwen-local', embeddings: 'none', reranker: 'none', degraded: [] });
  });

  test('healthy: one extraction call per turn, memories come from the LLM', async () => {
    llm.script('/chat/completions', chatJson({ memories: [llmItem('employer', 'Notion')] }));
    const res = await post(h, '/turns', turn('I work at Notion.'));
    expect(res.statusCode).toBe(201);
    expect(llm.calls('/chat/completions')).toHaveLength(1);
    const mems = await h.built.ctx.service.listUserMemories('u1');
    expect(mems.map((m) => [m.key, m.value, m.metadata.extractor])).toEqual([['employer', 'Notion', 'llm']]);
  });

  test('429 then success: the turn is extracted by the LLM after one retry', async () => {
    llm.script('/chat/completions', { status: 429, headers: { 'retry-after-ms': '20' }, json: { error: { message: 'Rate limit reached' } } }, chatJson({ memories: [llmItem('pet', 'dog Biscuit')] }));
    const before = llm.calls('/chat/completions').length;
    const res = await post(h, '/turns', turn('Walking Biscuit, my dog.'));
    expect(res.statusCode).toBe(201);
    expect(llm.calls('/chat/completions').length - before).toBe(2);
    const mems = await h.built.ctx.service.listUserMemories('u1');
    expect(mems.some((m) => m.key === 'pet' && m.value === 'dog Biscuit')).toBe(true);
  });

  test('malformed output on one turn falls back offline for that turn only', async () => {
    llm.script('/chat/completions', chatJson({ answer: 'I am not JSON-schema compliant' }));
    const res = await post(h, '/turns', turn('Nothing much today.'));
    expect(res.statusCode).toBe(201);
    expect(h.logs.join('')).toContain('falling back to offline extraction');
  });

  test('the provider dies: turns still land (201), recall sees them, /health reports the failure', async () => {
    await llm.die();
    for (const text of ['I moved to Lisbon last month.', 'My sister Maya lives in Porto.']) {
      const res = await post(h, '/turns', turn(text, 's2'));
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      const stored = await h.built.ctx.service.store.getTurn('u:u1', id);
      expect(stored?.text).toContain(text);
    }
    const rec = await post(h, '/recall', { query: 'Lisbon', session_id: 's2', user_id: 'u1' });
    expect(rec.statusCode).toBe(200);
    expect(rec.json().context).toContain('Lisbon');
    const health = (await h.built.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.status).toBe('ok');
    expect(health.degraded.join(' ')).toMatch(/openai-compatible extraction failing: \d+ consecutive failures/);
    const log = h.logs.join('');
    expect(log).toContain('PROVIDER_UNREACHABLE');
    expect(log).toContain('falling back to offline extraction');
  });
});

describe('a hanging LLM', () => {
  test('each turn waits at most PROVIDER_TIMEOUT_MS, then the open circuit makes turns fast', async () => {
    const llm = await startOpenAiApiDouble({ chatDefault: () => ({ hang: true }) });
    const h = await start({ OPENAI_BASE_URL: `${llm.url}/v1`, OPENAI_MODEL: 'local', EMBEDDING_PROVIDER: 'none', PROVIDER_TIMEOUT_MS: '300', PROVIDER_MAX_RETRIES: '0' });
    try {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        const res = await post(h, '/turns', turn(`I moved to Lisbon, note ${i}.`));
        times.push(Date.now() - t0);
        expect(res.statusCode).toBe(201);
      }
      expect(Math.max(...times)).toBeLessThan(3000); // 300 ms deadline + offline extraction, with slack for a loaded CI
      expect(llm.calls('/chat/completions')).toHaveLength(3); // breaker threshold: turns 4 and 5 make no call
      expect(h.logs.join('')).toContain('PROVIDER_TIMEOUT');
    } finally {
      await h.built.close();
      await llm.close();
    }
  });
});

describe('LLM reconciliation end to end', () => {
  test.each([
    ['UPDATE F1 supersedes the old pet (offline would keep both)', { action: 'UPDATE', target: 'F1', reason: 'Biscuit passed away' }, [['cat Mochi', 'active'], ['dog Biscuit', 'superseded']]],
    ['COEXIST keeps both', { action: 'COEXIST', target: null, reason: 'second pet' }, [['cat Mochi', 'active'], ['dog Biscuit', 'active']]],
    ['an invented target falls back to the offline policy', { action: 'UPDATE', target: 'F9', reason: '?' }, [['cat Mochi', 'active'], ['dog Biscuit', 'active']]],
  ])('%s', async (_n, decision, want) => {
    const llm = await startOpenAiApiDouble();
    const h = await start({ OPENAI_BASE_URL: `${llm.url}/v1`, OPENAI_MODEL: 'local', EMBEDDING_PROVIDER: 'none' });
    try {
      llm.script('/chat/completions', chatJson({ memories: [llmItem('pet', 'dog Biscuit')] }));
      expect((await post(h, '/turns', turn('We have a dog, Biscuit.'))).statusCode).toBe(201);
      llm.script('/chat/completions', chatJson({ memories: [llmItem('pet', 'cat Mochi')] }), chatJson(decision));
      expect((await post(h, '/turns', turn('We got a cat, Mochi.'))).statusCode).toBe(201);
      const calls = llm.calls('/chat/completions');
      expect(calls).toHaveLength(3); // extraction, extraction, one reconciliation
      expect(calls[2].body.response_format.json_schema.name).toBe('decision');
      const pets = (await h.built.ctx.service.listUserMemories('u1', { key: 'pet' })).map((m) => [m.value, m.status]).sort();
      expect(pets).toEqual(want);
    } finally {
      await h.built.close();
      await llm.close();
    }
  });
});

describe('keys never reach the logs', () => {
  test('a 401 whose body echoes the key, retries, and a rerank failure log no key', async () => {
    const llm = await startOpenAiApiDouble();
    const rr = await startRerankApiDouble();
    const echo = (key: string) => () => ({ status: 401, json: { error: { message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com`, code: 'invalid_api_key' } } });
    llm.script('/chat/completions', echo(OPENAI_KEY), echo(OPENAI_KEY));
    llm.script('/embeddings', { status: 500, json: { error: { message: `internal error for ${OPENAI_KEY}` } } }, { status: 500, json: { error: { message: `internal error for ${OPENAI_KEY}` } } });
    rr.script('/rerank', { status: 403, json: { message: `key ${RERANK_KEY} is not allowed` } });
    const h = await start({
      OPENAI_BASE_URL: `${llm.url}/v1`,
      OPENAI_API_KEY: OPENAI_KEY,
      EMBEDDING_MODEL: 'nomic-embed-text',
      RERANK_BASE_URL: `${rr.url}/v1`,
      RERANK_API_KEY: RERANK_KEY,
      RERANK_MODEL: 'rerank-test',
    });
    try {
      expect((await post(h, '/turns', turn('I work at Notion as a designer.'))).statusCode).toBe(201);
      expect((await post(h, '/recall', { query: 'where does the user work at Notion', session_id: 's1', user_id: 'u1' })).statusCode).toBe(200);
      const log = h.logs.join('');
      expect(log).toContain('invalid_api_key'); // the provider's error is logged…
      expect(log).toContain('HTTP 401');
      expect(log).toContain('[REDACTED]');
      expect(log).not.toContain(OPENAI_KEY); // …but never the key
      expect(log).not.toContain(RERANK_KEY);
      expect(log).not.toContain('NEVERLOGME');
      expect(JSON.stringify((await h.built.app.inject({ method: 'GET', url: '/health' })).json())).not.toContain('NEVERLOGME');
    } finally {
      await h.built.close();
      await llm.close();
      await rr.close();
    }
  });
});

describe('Anthropic: failure falls back, key never logged', () => {
  test('a 529 overloaded and a 401 echoing the key: turns land offline, the log has the errors but not the key', async () => {
    const ANTHROPIC_KEY = 'sk-ant-api03-NEVERLOGME-zz';
    const double = await startAnthropicApiDouble();
    double.script(
      '/messages',
      { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { status: 401, json: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${ANTHROPIC_KEY}` } } },
    );
    const h = await start({ ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: `${double.url}/v1`, EMBEDDING_PROVIDER: 'none' });
    try {
      expect((await post(h, '/turns', turn('I work at Notion.'))).statusCode).toBe(201); // 529, retry, 529 → offline
      expect((await post(h, '/turns', turn('I live in Lisbon.'))).statusCode).toBe(201); // 401 → offline
      expect(double.calls('/messages')).toHaveLength(3);
      expect(double.calls('/messages')[0].headers['x-api-key']).toBe(ANTHROPIC_KEY);
      const log = h.logs.join('');
      expect(log).toContain('overloaded_error');
      expect(log).toContain('authentication_error');
      expect(log).not.toContain('NEVERLOGME');
    } finally {
      await h.built.close();
      await double.close();
    }
  });
});

describe('embeddings: dimension mismatch, model change and reembed', () => {
  let emb: ApiDouble;
  const path = dbPath();
  beforeAll(async () => {
    emb = await startOpenAiApiDouble({ embeddingDim: 32 });
  });
  afterAll(() => emb.close());

  test('a response of another dimension is rejected; the turn lands without vectors', async () => {
    const h = await start({ EMBEDDING_BASE_URL: `${emb.url}/v1`, EMBEDDING_MODEL: 'embed-a' }, path);
    try {
      expect((await post(h, '/turns', turn('I live in Lisbon.'))).statusCode).toBe(201);
      emb.script('/embeddings', (req) => ({ json: { data: (req.body.input as string[]).map((_t, index) => ({ index, embedding: new Array(8).fill(0.5) })) } }));
      expect((await post(h, '/turns', turn('I have a dog named Biscuit.'))).statusCode).toBe(201);
      expect(h.logs.join('')).toContain('EMBEDDING_DIMENSION_MISMATCH');
      const models = await h.built.ctx.service.store.embeddingModels();
      expect(models).toEqual([{ model: 'embed-a', dim: 32, count: expect.any(Number) }]);
    } finally {
      await h.built.close();
    }
  });

  test('a changed model is reported as degraded, vectors are not mixed, and reembed fills the new space', async () => {
    const h = await start({ EMBEDDING_BASE_URL: `${emb.url}/v1`, EMBEDDING_MODEL: 'embed-b', EMBEDDING_DIMENSIONS: '16' }, path);
    try {
      const health = (await h.built.app.inject({ method: 'GET', url: '/health' })).json();
      expect(health.embeddings).toBe('openai-compatible:embed-b');
      expect(health.degraded.join(' ')).toMatch(/vectors of embed-a \(dim 32\); only embed-b vectors are used — run `memory-service reembed`/);
      const store = h.built.ctx.service.store;
      const missing = await store.missingEmbeddings('embed-b', 100);
      expect(missing.length).toBeGreaterThan(0);
      const embedder = new OpenAiCompatibleEmbedder({ baseURL: `${emb.url}/v1`, model: 'embed-b', dimensions: 16, fetch, timeoutMs: 3000, maxRetries: 0 });
      const progress: number[] = [];
      const result = await reembed(store, embedder, { batchSize: 2, onProgress: (p) => progress.push(p.embedded) });
      expect(result).toMatchObject({ model: 'embed-b', dim: 16, embedded: missing.length, stoppedEarly: false });
      expect(progress.at(-1)).toBe(missing.length);
      expect(await store.missingEmbeddings('embed-b', 100)).toEqual([]);
      const models = await store.embeddingModels();
      expect(models.find((m) => m.model === 'embed-b')).toMatchObject({ dim: 16, count: missing.length });
      expect(models.find((m) => m.model === 'embed-a')?.dim).toBe(32); // the old space is untouched, never mixed
    } finally {
      await h.built.close();
    }
  });
});

describe('reranker floor', () => {
  test('a query the reranker finds irrelevant returns empty context; without the reranker it does not', async () => {
    const rr = await startRerankApiDouble();
    const path = dbPath();
    const facts = ['I adopted a dog named Biscuit last spring.', 'Biscuit loves the beach near our flat.', 'We walk Biscuit every morning before work.'];
    // A query that shares most of its words with the stored turns (so the lexical gate lets it
    // through) while the scripted reranker answer puts every candidate far below the floor.
    const noise = 'which beach does Biscuit walk to every morning';
    const lowScores = (req: { body: { documents: string[] } }) => ({ json: { results: req.body.documents.map((_d, index) => ({ index, relevance_score: 0.01 })) } });
    try {
      const plain = await start({ EMBEDDING_PROVIDER: 'none' }, path);
      for (const f of facts) expect((await post(plain, '/turns', turn(f))).statusCode).toBe(201);
      const base = (await post(plain, '/recall', { query: noise, session_id: 's1', user_id: 'u1' })).json();
      await plain.built.close();
      expect(base.context).not.toBe(''); // without a reranker the lexical gate lets it through

      const gated = await start({ EMBEDDING_PROVIDER: 'none', RERANK_BASE_URL: `${rr.url}/v1`, RERANK_MODEL: 'rerank-test' }, path);
      try {
        rr.script('/rerank', lowScores as never);
        const res = await post(gated, '/recall', { query: noise, session_id: 's1', user_id: 'u1' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ context: '', citations: [] });
        expect(rr.calls('/rerank')).toHaveLength(1);
        // A real question passes the double's overlap "model" and the floor.
        const ok = (await post(gated, '/recall', { query: 'does the user have a dog named Biscuit', session_id: 's1', user_id: 'u1' })).json();
        expect(ok.context).toContain('Biscuit');
      } finally {
        await gated.built.close();
      }
    } finally {
      await rr.close();
    }
  });
});

describe('the full pipeline: embeddings, planner and reranker together', () => {
  test('vector rankers join the fusion, the planner is asked, the reranker scores; a dead embedder leaves recall lexical', async () => {
    const llm = await startOpenAiApiDouble({ embeddingDim: 64 });
    const rr = await startRerankApiDouble();
    const h = await start({ OPENAI_BASE_URL: `${llm.url}/v1`, OPENAI_MODEL: 'local', EMBEDDING_MODEL: 'embed-local', RERANK_BASE_URL: `${rr.url}/v1`, RERANK_MODEL: 'rr' });
    try {
      const health = (await h.built.app.inject({ method: 'GET', url: '/health' })).json();
      expect(health).toMatchObject({ extraction: 'openai-compatible:local', embeddings: 'openai-compatible:embed-local', reranker: 'cohere-compatible:rr' });
      for (const t of ['We adopted a dog named Biscuit.', 'We live in Lisbon near the river.', 'I work as a nurse at the city hospital.']) {
        expect((await post(h, '/turns', turn(t))).statusCode).toBe(201);
      }
      const models = await h.built.ctx.service.store.embeddingModels();
      expect(models).toEqual([{ model: 'embed-local', dim: 64, count: expect.any(Number) }]);
      expect(models[0].count).toBeGreaterThanOrEqual(3);

      const hits = await h.built.ctx.service.search({ query: 'dog Biscuit', sessionId: 's1', userId: 'u1', limit: 5 });
      expect(hits.flatMap((x) => x.rankers.map((r) => r.ranker))).toContain('vector_turn');

      llm.script('/chat/completions', chatJson({ sub_queries: ['pet named Biscuit', 'city the user lives in'] }));
      const multi = (await post(h, '/recall', { query: 'Which city does the person with the dog Biscuit live in?', session_id: 's1', user_id: 'u1' })).json();
      const plan = llm.calls('/chat/completions').at(-1)!;
      expect(plan.body.response_format.json_schema.name).toBe('plan');
      expect(multi.context).toContain('Lisbon');
      expect(rr.calls('/rerank').length).toBeGreaterThan(0);

      await llm.die(); // embeddings and planner gone; recall still answers from the lexical rankers
      const res = await post(h, '/recall', { query: 'where do they live, Lisbon?', session_id: 's1', user_id: 'u1' });
      expect(res.statusCode).toBe(200);
      expect(res.json().context).toContain('Lisbon');
    } finally {
      await h.built.close();
      await llm.close();
      await rr.close();
    }
  });
});

describe('RERANK_MIN_SCORE reaches recall', () => {
  test.each([
    ['0.5', ''],
    ['0.2', 'Biscuit'],
  ])('with every candidate scored 0.3 and RERANK_MIN_SCORE=%s the context is %j (or contains it)', async (floor, want) => {
    const rr = await startRerankApiDouble();
    const h = await start({ EMBEDDING_PROVIDER: 'none', RERANK_BASE_URL: `${rr.url}/v1`, RERANK_MODEL: 'rerank-test', RERANK_MIN_SCORE: floor });
    try {
      expect((await post(h, '/turns', turn('We walk our dog Biscuit every morning.'))).statusCode).toBe(201);
      rr.script('/rerank', ((req: { body: { documents: string[] } }) => ({ json: { results: req.body.documents.map((_d, index) => ({ index, relevance_score: 0.3 })) } })) as never);
      const ctx = (await post(h, '/recall', { query: 'when do they walk the dog Biscuit', session_id: 's1', user_id: 'u1' })).json().context as string;
      if (want === '') expect(ctx).toBe('');
      else expect(ctx).toContain(want);
    } finally {
      await h.built.close();
      await rr.close();
    }
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
