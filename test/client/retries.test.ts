/**
 * Retries, backoff, Retry-After, timeouts and cancellation against a scripted HTTP double
 * (a real node:http server answering from a queue), so each rule is checked on the wire.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MemoryApiError, MemoryClient } from '../../client/index.ts';

type Script = (req: IncomingMessage, res: ServerResponse) => void;
let queue: Script[] = [];
let hits: Array<{ method: string; url: string; auth: string | undefined }> = [];
let server: Server;
let baseUrl: string;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Script => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const apiError = (status: number, code: string, extra: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code} happened`, request_id: `rid-${status}` } }, extra);
const hang = (ms: number): Script => (_req, res) => {
  setTimeout(() => json(200, { context: 'late', citations: [] })(_req, res), ms);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization });
    req.resume();
    const next = queue.shift() ?? json(500, { unexpected: true });
    req.on('end', () => next(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  queue = [];
  hits = [];
});

function makeClient(extra: Partial<ConstructorParameters<typeof MemoryClient>[0]> = {}) {
  const sleeps: number[] = [];
  const client = new MemoryClient({
    baseUrl: `${baseUrl}/`,
    token: 'tok',
    retries: 2,
    retryBaseMs: 100,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { client, sleeps };
}

async function failure(p: Promise<unknown>): Promise<MemoryApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MemoryApiError);
  return err as MemoryApiError;
}

const RECALL = { query: 'q', session_id: 's', user_id: 'u' };

describe('retries', () => {
  test('503 then 200: retried, with the bearer token each time', async () => {
    queue = [apiError(503, 'STORE_UNAVAILABLE'), json(200, { context: 'ok', citations: [] })];
    const { client, sleeps } = makeClient();
    expect((await client.recall(RECALL)).context).toBe('ok');
    expect(hits).toHaveLength(2);
    expect(hits.every((h) => h.auth === 'Bearer tok' && h.url === '/recall')).toBe(true);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
  });

  test('429 honours Retry-After (seconds)', async () => {
    queue = [apiError(429, 'RATE_LIMITED', { 'retry-after': '3' }), json(201, { id: 't1' })];
    const { client, sleeps } = makeClient({ maxRetryDelayMs: 5000 });
    expect(await client.addTurn({ session_id: 's', user_id: 'u', messages: [{ role: 'user', content: 'hi' }] })).toEqual({ id: 't1' });
    expect(sleeps).toEqual([3000]);
  });

  test('gives up after retries+1 attempts with the last typed error', async () => {
    queue = [apiError(502, 'BAD_GATEWAY'), apiError(503, 'STORE_UNAVAILABLE'), apiError(500, 'INTERNAL_ERROR')];
    const { client, sleeps } = makeClient();
    const err = await failure(client.search({ query: 'q', user_id: 'u' }));
    expect(err).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', requestId: 'rid-500', attempts: 3 });
    expect(hits).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    // Exponential: the second wait is drawn from a doubled window.
    expect(sleeps[1]).toBeGreaterThanOrEqual(100);
  });

  test.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [404, 'NOT_FOUND'],
    [422, 'VALIDATION_FAILED'],
  ])('%i is not retried', async (status, code) => {
    queue = [apiError(status, code)];
    const { client } = makeClient();
    const err = await failure(client.recall(RECALL));
    expect(err).toMatchObject({ status, code, attempts: 1 });
    expect(hits).toHaveLength(1);
  });

  test('a non-JSON error body still gives a typed error with the x-request-id header', async () => {
    queue = [
      (_req, res) => {
        res.writeHead(418, { 'content-type': 'text/plain', 'x-request-id': 'hdr-1' });
        res.end('I am a teapot');
      },
    ];
    const { client } = makeClient();
    const err = await failure(client.deleteUser('u'));
    expect(err).toMatchObject({ status: 418, code: 'HTTP_418', message: 'I am a teapot', requestId: 'hdr-1' });
  });

  test('retries: 0 makes one attempt', async () => {
    queue = [apiError(503, 'STORE_UNAVAILABLE')];
    const { client } = makeClient({ retries: 0 });
    expect((await failure(client.recall(RECALL))).attempts).toBe(1);
  });

  test('paths are encoded and DELETE answers 204', async () => {
    queue = [(_req, res) => res.writeHead(204).end()];
    const { client } = makeClient();
    await client.deleteSession('a/b c');
    expect(hits[0]).toMatchObject({ method: 'DELETE', url: '/sessions/a%2Fb%20c' });
  });

  test('health returns the body of a 503 instead of throwing', async () => {
    queue = [json(503, { status: 'unavailable' })];
    const { client } = makeClient();
    expect((await client.health()).status).toBe('unavailable');
    expect(hits).toHaveLength(1);
  });
});

describe('timeouts and cancellation', () => {
  test('an idempotent call that times out is retried, then fails with TIMEOUT', async () => {
    queue = [hang(400), hang(400)];
    const { client } = makeClient({ timeoutMs: 80, retries: 1 });
    const err = await failure(client.recall(RECALL));
    expect(err).toMatchObject({ status: 0, code: 'TIMEOUT', attempts: 2 });
    expect(err.message).toMatch(/timed out after 80 ms/);
  });

  test('addTurn is not repeated after a timeout (it may have been stored)', async () => {
    queue = [hang(400)];
    const { client } = makeClient({ timeoutMs: 80, retries: 3 });
    const err = await failure(client.addTurn({ session_id: 's', user_id: null, messages: [{ role: 'user', content: 'x' }] }));
    expect(err).toMatchObject({ code: 'TIMEOUT', attempts: 1 });
    expect(hits).toHaveLength(1);
  });

  test('the per-call timeout overrides the client default', async () => {
    queue = [hang(300)];
    const { client } = makeClient({ timeoutMs: 10_000, retries: 0 });
    const t0 = Date.now();
    expect((await failure(client.recall(RECALL, { timeoutMs: 60 }))).code).toBe('TIMEOUT');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  test('the caller aborts: ABORTED, no retry', async () => {
    queue = [hang(400), hang(400)];
    const { client } = makeClient({ retries: 2 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const err = await failure(client.recall(RECALL, { signal: ac.signal }));
    expect(err).toMatchObject({ status: 0, code: 'ABORTED' });
    expect(hits).toHaveLength(1);
  });

  test('an abort during the backoff wait stops the retries', async () => {
    queue = [apiError(503, 'STORE_UNAVAILABLE'), json(200, { context: 'x', citations: [] })];
    const ac = new AbortController();
    const client = new MemoryClient({ baseUrl, retries: 2, retryBaseMs: 5000 });
    setTimeout(() => ac.abort(), 50);
    const err = await failure(client.recall(RECALL, { signal: ac.signal }));
    expect(err.code).toBe('ABORTED');
    expect(hits).toHaveLength(1);
  });
});

test('the constructor requires a baseUrl', () => {
  expect(() => new MemoryClient({ baseUrl: '' })).toThrow(/baseUrl/);
});
