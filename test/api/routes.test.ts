/**
 * Unit-level route tests with app.inject() over an in-memory store: every status code of the
 * contract, request validation, auth, the OpenAPI document and the response shapes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ErrorResponse, HealthResponse, MemoriesResponse, RecallResponse, SearchResponse, TurnResponse } from '../../src/api/schemas.ts';
import { credentialOf, tokenMatches } from '../../src/api/auth.ts';
import { FakeStore } from './fake-store.ts';

const turn = (over: Record<string, unknown> = {}) => ({
  session_id: 's1',
  user_id: 'u1',
  messages: [{ role: 'user', content: 'I live in Lisbon and I have a dog named Biscuit.' }],
  ...over,
});

async function make(env: Record<string, string> = {}, store = new FakeStore()): Promise<BuiltApp> {
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), { store });
  await built.app.ready();
  return built;
}

describe('routes (open)', () => {
  let b: BuiltApp;
  let store: FakeStore;
  beforeAll(async () => {
    store = new FakeStore();
    b = await make({ MEMORY_MAX_BODY_BYTES: '4096' }, store);
  });
  afterAll(() => b.close());

  const post = (url: string, payload: unknown) => b.app.inject({ method: 'POST', url, payload: payload as object });

  test('GET /health reports store and modes', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    const body = HealthResponse.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.store.kind).toBe('memory');
    expect(body.extraction).toBe('offline');
    expect(Array.isArray(body.degraded)).toBe(true);
  });

  test('POST /turns → 201 {id}, extra fields ignored', async () => {
    const res = await post('/turns', turn({ unknown_field: 1, metadata: { app: 'x' } }));
    expect(res.statusCode).toBe(201);
    const { id } = TurnResponse.parse(res.json());
    expect(store.turns.find((t) => t.id === id)?.metadata).toEqual({ app: 'x' });
  });

  test('POST /turns keeps the speaker name and the ISO timestamp', async () => {
    const res = await post('/turns', turn({ timestamp: '2024-03-05T10:00:00+02:00', messages: [{ role: 'user', name: 'Ana', content: 'hello' }] }));
    expect(res.statusCode).toBe(201);
    const t = store.turns.find((x) => x.id === res.json().id)!;
    expect(t.timestamp).toBe('2024-03-05T08:00:00.000Z');
    expect(t.messages[0].name).toBe('Ana');
  });

  test.each([
    ['missing session_id', { messages: [{ role: 'user', content: 'x' }] }, 'session_id'],
    ['empty messages', turn({ messages: [] }), 'messages'],
    ['unknown role', turn({ messages: [{ role: 'robot', content: 'x' }] }), 'messages[0].role'],
    ['content not a string', turn({ messages: [{ role: 'user', content: 42 }] }), 'messages[0].content'],
    ['garbage timestamp', turn({ timestamp: 'last tuesday' }), 'timestamp'],
    ['impossible date', turn({ timestamp: '2024-02-31T00:00:00Z' }), 'timestamp'],
    ['user_id wrong type', turn({ user_id: 7 }), 'user_id'],
    ['empty session_id', turn({ session_id: '' }), 'session_id'],
    ['metadata not an object', turn({ metadata: 'x' }), 'metadata'],
  ])('POST /turns %s → 422 naming the field', async (_name, payload, field) => {
    const res = await post('/turns', payload);
    expect(res.statusCode).toBe(422);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toContain(field);
    expect(body.error.details?.some((d) => d.path.includes(field))).toBe(true);
  });

  test.each([
    ['max_tokens 0', { max_tokens: 0 }],
    ['max_tokens too big', { max_tokens: 32769 }],
    ['max_tokens fractional', { max_tokens: 10.5 }],
    ['query missing', { query: undefined }],
  ])('POST /recall %s → 422', async (_n, over) => {
    const res = await post('/recall', { query: 'q', session_id: 's', user_id: 'u', ...over });
    expect(res.statusCode).toBe(422);
    expect(ErrorResponse.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  test.each([[0], [101], ['10']])('POST /search limit %s → 422', async (limit) => {
    const res = await post('/search', { query: 'q', session_id: null, user_id: 'u', limit });
    expect(res.statusCode).toBe(422);
  });

  test('POST /recall → 200 shape; cold session → empty', async () => {
    const res = await post('/recall', { query: 'where do I live', session_id: 'cold', user_id: 'nobody' });
    expect(res.statusCode).toBe(200);
    expect(RecallResponse.parse(res.json())).toEqual({ context: '', citations: [] });
  });

  test('POST /search → 200 shape', async () => {
    const res = await post('/search', { query: 'Lisbon', session_id: null, user_id: 'u1' });
    expect(res.statusCode).toBe(200);
    SearchResponse.parse(res.json());
  });

  test('GET /users/{id}/memories → 200 shape', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/users/u1/memories' });
    expect(res.statusCode).toBe(200);
    MemoriesResponse.parse(res.json());
  });

  test('DELETE /sessions and /users → 204, also when absent', async () => {
    for (const url of ['/sessions/s1', '/sessions/never', '/users/u1', '/users/never']) {
      const res = await b.app.inject({ method: 'DELETE', url });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(store.turns.filter((t) => t.userId === 'u1')).toEqual([]);
  });

  test('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await b.app.inject({ method: 'POST', url: '/turns', payload: '{"session_id": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponse.parse(res.json()).error.code).toBe('MALFORMED_JSON');
  });

  test.each(['null', '[]', '"text"', '42'])('valid JSON that is not an object (%s) → 422 naming the body', async (payload) => {
    const res = await b.app.inject({ method: 'POST', url: '/turns', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toContain('body');
  });

  test('empty JSON body → 400', async () => {
    const res = await b.app.inject({ method: 'POST', url: '/turns', payload: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });

  test('body over MEMORY_MAX_BODY_BYTES → 413', async () => {
    const res = await post('/turns', turn({ messages: [{ role: 'user', content: 'x'.repeat(5000) }] }));
    expect(res.statusCode).toBe(413);
    expect(ErrorResponse.parse(res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('non-JSON content type → 415', async () => {
    const res = await b.app.inject({ method: 'POST', url: '/turns', payload: 'hello', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
  });

  test('unknown route → 404 with the error body', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.request_id).toBe(res.headers['x-request-id']);
  });

  test('a well-formed incoming x-request-id is echoed, a hostile one replaced', async () => {
    const ok = await b.app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'trace-123' } });
    expect(ok.headers['x-request-id']).toBe('trace-123');
    const bad = await b.app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(bad.headers['x-request-id']).not.toContain('script');
  });

  test('GET /openapi.json is OpenAPI 3.1 and lists every core path', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    for (const p of ['/health', '/turns', '/recall', '/search', '/users/{user_id}/memories', '/sessions/{session_id}', '/users/{user_id}']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(doc.paths['/turns'].post.requestBody.content['application/json'].schema.required).toContain('messages');
  });

  test('GET /docs serves the UI', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('store failure', () => {
  test('a broken store → 500/503 with request id; /health 503; the app keeps serving', async () => {
    const store = new FakeStore();
    const b = await make({}, store);
    store.failWith = new Error('disk on fire');
    // A write can never be silently dropped: the client must see the failure.
    const res = await b.app.inject({ method: 'POST', url: '/turns', payload: turn() });
    expect(res.statusCode).toBe(500);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('disk on fire');
    expect((await b.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
    store.failWith = null;
    expect((await b.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await b.close();
  });
});

describe('auth', () => {
  let b: BuiltApp;
  beforeAll(async () => {
    b = await make({ MEMORY_AUTH_TOKEN: 's3cret-token' });
  });
  afterAll(() => b.close());
  const recall = (authorization?: string) =>
    b.app.inject({ method: 'POST', url: '/recall', payload: { query: 'x', session_id: 's', user_id: 'u' }, headers: authorization ? { authorization } : {} });

  test.each([
    ['missing', undefined, 401],
    ['wrong', 'Bearer nope', 401],
    ['prefix of the token', 'Bearer s3cret', 401],
    ['no scheme', 's3cret-token', 401],
    ['basic scheme', 'Basic s3cret-token', 401],
    ['bearer', 'Bearer s3cret-token', 200],
    ['lower-case scheme', 'bearer s3cret-token', 200],
    ['mem0 Token scheme', 'Token s3cret-token', 200],
  ])('%s → %i', async (_n, header, status) => {
    const res = await recall(header);
    expect(res.statusCode).toBe(status);
    if (status === 401) {
      expect(ErrorResponse.parse(res.json()).error.code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  test('/health stays open for probes', async () => {
    expect((await b.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  test('unknown route with a valid token → 404', async () => {
    expect((await b.app.inject({ method: 'GET', url: '/nope', headers: { authorization: 'Bearer s3cret-token' } })).statusCode).toBe(404);
  });

  test.each([
    ['Bearer abc', 'abc'],
    ['Token abc', 'abc'],
    ['Bearer', null],
    ['Bearer a b', null],
    [undefined, null],
  ])('credentialOf(%s) = %s', (h, want) => {
    expect(credentialOf(h)).toBe(want);
  });

  test('tokenMatches compares exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abc', 'abcd')).toBe(false);
    expect(tokenMatches('', 'abc')).toBe(false);
  });
});
