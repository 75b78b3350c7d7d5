/**
 * GET /metrics on a built app: per-route request counts and latency labelled by the route
 * pattern, core stage timings, provider outcomes, store gauges, and per-app registries.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const apps: BuiltApp[] = [];
async function makeApp(env: Record<string, string> = {}): Promise<BuiltApp> {
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', ...env }));
  apps.push(built);
  return built;
}
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});

/** Value of one sample line, e.g. sample(text, 'http_requests_total', { route: '/health' }). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return null;
}

async function scrape(built: BuiltApp, headers: Record<string, string> = {}): Promise<string> {
  const res = await built.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe('GET /metrics', () => {
  test('request counts and latency per route pattern, never per raw URL', async () => {
    const built = await makeApp();
    const { app } = built;
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/users/alice/memories' });
    await app.inject({ method: 'GET', url: '/users/bob/memories' });
    await app.inject({ method: 'POST', url: '/recall', payload: { query: 'x' } });
    await app.inject({ method: 'GET', url: '/no/such/route/123' });
    const text = await scrape(built);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/users/:user_id/memories', status_code: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/health', status_code: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/recall', status_code: '422' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/users/:user_id/memories', status_code: '200' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/health', le: '+Inf' })).toBe(1);
    expect(text).not.toContain('/users/alice');
    expect(text).not.toContain('/no/such/route');
  });

  test('ingest and recall stage timings, store gauges', async () => {
    const built = await makeApp();
    const { app } = built;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's1', user_id: 'u1', messages: [{ role: 'user', content: `I live in Berlin, note ${i}` }] } });
      expect(res.statusCode).toBe(201);
    }
    await app.inject({ method: 'POST', url: '/recall', payload: { query: 'where do I live', session_id: 's1', user_id: 'u1' } });
    const text = await scrape(built);
    expect(sample(text, 'memory_stage_duration_seconds_count', { stage: 'extraction' })).toBe(3);
    expect(sample(text, 'memory_stage_duration_seconds_count', { stage: 'transaction' })).toBe(3);
    expect(sample(text, 'memory_stage_duration_seconds_count', { stage: 'reconciliation' })).toBe(3);
    expect(sample(text, 'memory_stage_duration_seconds_count', { stage: 'ranking' })).toBe(1);
    expect(sample(text, 'memory_store_turns')).toBe(3);
    const counts = await built.ctx.service.store.counts();
    expect(sample(text, 'memory_store_memories')).toBe(counts.memories);
    if (counts.bytes !== null) expect(sample(text, 'memory_store_size_bytes')).toBe(counts.bytes);
    expect(sample(text, 'memory_store_up')).toBe(1);
    // Node process metrics come along.
    expect(sample(text, 'process_cpu_user_seconds_total')).not.toBeNull();
  });

  test('provider calls, errors and latency', async () => {
    const built = await makeApp();
    const obs = built.ctx.metrics.observer;
    obs.provider?.('openai', 'extract', true, 120);
    obs.provider?.('openai', 'extract', false, 2000);
    obs.provider?.('voyage', 'embed', true, 30);
    const text = await scrape(built);
    expect(sample(text, 'memory_provider_calls_total', { provider: 'openai', op: 'extract', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'memory_provider_calls_total', { provider: 'openai', op: 'extract', outcome: 'error' })).toBe(1);
    expect(sample(text, 'memory_provider_errors_total', { provider: 'openai', op: 'extract' })).toBe(1);
    expect(sample(text, 'memory_provider_errors_total', { provider: 'voyage', op: 'embed' })).toBeNull();
    expect(sample(text, 'memory_provider_call_duration_seconds_sum', { provider: 'openai', op: 'extract' })).toBeCloseTo(2.12, 5);
    expect(sample(text, 'memory_provider_call_duration_seconds_bucket', { provider: 'voyage', op: 'embed', le: '0.05' })).toBe(1);
  });

  test('a real provider call is counted: failures as errors (the turn is still stored), successes with the embedding stage', async () => {
    let fail = true;
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      expect(String(url)).toBe('http://embed.test/v1/embeddings');
      if (fail) return new Response(JSON.stringify({ error: { message: 'overloaded' } }), { status: 500, headers: { 'content-type': 'application/json' } });
      const input = (JSON.parse(String(init?.body)) as { input: string[] }).input;
      return new Response(JSON.stringify({ data: input.map((_, i) => ({ index: i, embedding: [1, 0, i] })) }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', EMBEDDING_BASE_URL: 'http://embed.test/v1', EMBEDDING_MODEL: 'double-embed', PROVIDER_MAX_RETRIES: '0' }), { fetch: fakeFetch });
    apps.push(built);
    const turn = { session_id: 's', user_id: 'p', messages: [{ role: 'user', content: 'I like green tea' }] };
    expect((await built.app.inject({ method: 'POST', url: '/turns', payload: turn })).statusCode).toBe(201);
    let text = await scrape(built);
    const provider = built.ctx.providers.embeddings.split(':')[0];
    expect(sample(text, 'memory_provider_errors_total', { provider, op: 'embedding' })).toBe(1);
    expect(sample(text, 'memory_store_turns')).toBe(1);
    fail = false;
    expect((await built.app.inject({ method: 'POST', url: '/turns', payload: turn })).statusCode).toBe(201);
    text = await scrape(built);
    expect(sample(text, 'memory_provider_calls_total', { provider, op: 'embedding', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'memory_stage_duration_seconds_count', { stage: 'embedding' })).toBe(1);
  });

  test('each app has its own registry', async () => {
    const a = await makeApp();
    const b = await makeApp();
    await a.app.inject({ method: 'GET', url: '/health' });
    await a.app.inject({ method: 'GET', url: '/health' });
    expect(sample(await scrape(a), 'http_requests_total', { route: '/health' })).toBe(2);
    expect(sample(await scrape(b), 'http_requests_total', { route: '/health' })).toBeNull();
  });

  test('a failing store does not fail the scrape: memory_store_up drops to 0', async () => {
    const built = await makeApp();
    const store = built.ctx.service.store;
    const original = store.counts.bind(store);
    store.counts = async () => {
      throw new Error('database is locked');
    };
    const text = await scrape(built);
    expect(sample(text, 'memory_store_up')).toBe(0);
    store.counts = original;
    expect(sample(await scrape(built), 'memory_store_up')).toBe(1);
  });

  test('MCP requests over /mcp are counted too', async () => {
    const built = await makeApp();
    await built.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } },
    });
    expect(sample(await scrape(built), 'http_requests_total', { method: 'POST', route: '/mcp', status_code: '200' })).toBe(1);
  });

  test('with MEMORY_AUTH_TOKEN the scrape needs the bearer token too', async () => {
    const built = await makeApp({ MEMORY_AUTH_TOKEN: 'scrape-me' });
    expect((await built.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    await scrape(built, { authorization: 'Bearer scrape-me' });
  });

  test('memory operations and recall outcomes are counted per turn and per recall', async () => {
    const built = await makeApp();
    const { app } = built;
    const turn = async (session: string, content: string, timestamp: string) => {
      const r = await app.inject({ method: 'POST', url: '/turns', payload: { session_id: session, user_id: 'ops-user', messages: [{ role: 'user', content }], timestamp } });
      expect(r.statusCode).toBe(201);
    };
    let text = await scrape(built);
    for (const op of ['inserted', 'superseded', 'reinforced', 'retracted']) expect(sample(text, 'memory_operations_total', { op })).toBe(0);
    expect(sample(text, 'memory_recalls_total', { outcome: 'empty' })).toBe(0);

    await turn('s1', 'I work at Stripe as a backend engineer.', '2024-05-01T10:00:00Z');
    await turn('s2', 'I just started a new job at Notion!', '2024-06-01T10:00:00Z');
    await turn('s3', 'I work at Notion.', '2024-06-02T10:00:00Z');
    await turn('s4', "I'm vegetarian.", '2024-06-03T10:00:00Z');
    await turn('s5', "I'm not vegetarian anymore.", '2024-06-04T10:00:00Z');
    text = await scrape(built);
    expect(sample(text, 'memory_operations_total', { op: 'inserted' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'memory_operations_total', { op: 'superseded' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'memory_operations_total', { op: 'reinforced' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'memory_operations_total', { op: 'retracted' })).toBeGreaterThanOrEqual(1);

    const recall = (user: string) => app.inject({ method: 'POST', url: '/recall', payload: { query: 'Where does the user work?', session_id: 'r', user_id: user } });
    expect((await recall('ops-user')).statusCode).toBe(200);
    expect((await recall('nobody-at-all')).statusCode).toBe(200);
    expect((await recall('nobody-at-all')).statusCode).toBe(200);
    text = await scrape(built);
    expect(sample(text, 'memory_recalls_total', { outcome: 'non_empty' })).toBe(1);
    expect(sample(text, 'memory_recalls_total', { outcome: 'empty' })).toBe(2);
  });
});
