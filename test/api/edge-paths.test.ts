/**
 * Edge inputs found by the black-box QA pass: ids of any valid length can be listed and
 * forgotten, paths the router rejects and bodies nested too deep answer with our error body
 * (never Fastify's own, never a 500), and the depth scan itself (table-driven).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ErrorResponse, MemoriesResponse } from '../../src/api/schemas.ts';
import { jsonDepthExceeds, JSON_MAX_DEPTH } from '../../src/api/json-body.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';

describe('json depth scan', () => {
  const nest = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  test.each([
    ['{}', 1, false],
    ['{}', 0, true],
    [nest(64), 64, false],
    [nest(65), 64, true],
    ['[[[]]]', 2, true],
    ['{"s":"[[[[[[[[[["}', 1, false],
    ['{"s":"\\"[[[["}', 1, false],
    ['[1,[2],[3]]', 2, false],
  ])('%s within %i → exceeds=%s', (text, max, want) => expect(jsonDepthExceeds(text, max)).toBe(want));
});

describe('edge paths and bodies', () => {
  let b: BuiltApp;
  beforeAll(async () => {
    b = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { store: new InMemoryStore() });
    await b.app.ready();
  });
  afterAll(() => b.close());

  test('a 256-character user id can be written, listed and forgotten', async () => {
    const id = 'L'.repeat(256);
    const put = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's', user_id: id, messages: [{ role: 'user', content: 'I live in Oslo.' }] } });
    expect(put.statusCode).toBe(201);
    const list = await b.app.inject({ method: 'GET', url: `/users/${id}/memories` });
    expect(list.statusCode).toBe(200);
    expect(MemoriesResponse.parse(list.json()).memories.some((m) => m.value === 'Oslo')).toBe(true);
    expect((await b.app.inject({ method: 'DELETE', url: `/users/${id}` })).statusCode).toBe(204);
    const after = await b.app.inject({ method: 'GET', url: `/users/${id}/memories` });
    expect(MemoriesResponse.parse(after.json()).memories).toHaveLength(0);
  });

  test.each([
    ['an id over 256 characters', `/users/${'L'.repeat(300)}/memories`, 422, 'VALIDATION_FAILED'],
    ['a path parameter over the router limit', `/users/${'L'.repeat(5000)}/memories`, 414, 'URI_TOO_LONG'],
    ['bad percent-encoding', '/users/%zz/memories', 400, 'BAD_REQUEST'],
  ])('%s → %i %s with our error body', async (_what, url, status, code) => {
    const res = await b.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe(code);
    expect(body.error.request_id).toBe(res.headers['x-request-id']);
  });

  test('a body nested deeper than the limit is a 422, on the core and the mem0 routes', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const [url, body] of [
      ['/turns', `{"session_id":"s","user_id":"deep","messages":[{"role":"user","content":"hi"}],"metadata":${deep}}`],
      ['/v1/memories/', `{"messages":[{"role":"user","content":"hi"}],"user_id":"deep","metadata":${deep}}`],
    ]) {
      const res = await b.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, url).toBe(422);
      expect(ErrorResponse.parse(res.json()).error.message).toContain(`deeper than ${JSON_MAX_DEPTH}`);
    }
    // Metadata within the limit is kept.
    const ok = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's', user_id: 'deep', messages: [{ role: 'user', content: 'hi' }], metadata: { a: { b: { c: [1, 2, { d: 'x' }] } } } } });
    expect(ok.statusCode).toBe(201);
  });
});
