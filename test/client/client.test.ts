/**
 * The SDK against the real server: buildApp on an in-memory SQLite store, listening on a free
 * port, with authentication on. Every method, the typed errors and the request-id flow.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MemoryApiError, MemoryClient } from '../../client/index.ts';

const TOKEN = 'test-token-123';
let built: BuiltApp;
let baseUrl: string;
let client: MemoryClient;

beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', MEMORY_AUTH_TOKEN: TOKEN }));
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address;
  client = new MemoryClient({ baseUrl, token: TOKEN, validateResponses: true, retries: 0 });
});

afterAll(async () => {
  await built.close();
});

async function caught(p: Promise<unknown>): Promise<MemoryApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(MemoryApiError);
    return err as MemoryApiError;
  }
  throw new Error('expected the call to fail');
}

describe('MemoryClient against the real server', () => {
  test('health', async () => {
    const h = await client.health();
    expect(h.status).toBe('ok');
    expect(h.store.kind).toBe('sqlite');
  });

  test('addTurn → recall → search → listMemories → deleteSession → deleteUser', async () => {
    const turn = await client.addTurn({
      session_id: 'sdk-s1',
      user_id: 'sdk-user',
      messages: [
        { role: 'user', content: 'My favourite climbing gym is Boulderwelt in Munich.' },
        { role: 'assistant', content: 'Noted!' },
      ],
      timestamp: '2026-03-01T10:00:00Z',
    });
    expect(typeof turn.id).toBe('string');

    const r = await client.recall({ query: 'Which climbing gym does the user like?', session_id: 'sdk-s2', user_id: 'sdk-user', max_tokens: 256 });
    expect(r.context).toContain('Boulderwelt');
    expect(r.citations.map((c) => c.turn_id)).toContain(turn.id);

    const s = await client.search({ query: 'Boulderwelt climbing', user_id: 'sdk-user' });
    expect(s.results.length).toBeGreaterThan(0);
    expect(s.results.some((x) => x.turn_id === turn.id)).toBe(true);

    const memories = await client.listMemories('sdk-user');
    expect(Array.isArray(memories)).toBe(true);
    for (const m of memories) expect(m.source_turn).toBe(turn.id);
    // Pages of one walk the same memories.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { memories: Array<{ id: string }>; nextCursor: string | null } = await client.listMemoriesPage('sdk-user', { limit: 1, cursor });
      paged.push(...page.memories.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor && paged.length < 100);
    expect(paged.sort()).toEqual(memories.map((m) => m.id).sort());

    await client.deleteSession('sdk-s1');
    const after = await client.search({ query: 'Boulderwelt climbing', user_id: 'sdk-user' });
    expect(after.results.filter((x) => x.kind === 'turn')).toEqual([]);

    await client.addTurn({ session_id: 'sdk-s3', user_id: 'sdk-user', messages: [{ role: 'user', content: 'I play the cello every Sunday.' }] });
    await client.deleteUser('sdk-user');
    expect(await client.listMemories('sdk-user')).toEqual([]);
    expect((await client.search({ query: 'cello Sunday', user_id: 'sdk-user' })).results).toEqual([]);
    // Deleting what is not there succeeds.
    await client.deleteSession('never-existed');
  });

  test('deleteSession with userId deletes only that user\'s part of a shared session id', async () => {
    for (const user of ['sdk-ann', 'sdk-bob']) await client.addTurn({ session_id: 'sdk-shared', user_id: user, messages: [{ role: 'user', content: `I collect ${user} stamps.` }] });
    await client.deleteSession('sdk-shared', { userId: 'sdk-ann' });
    expect((await client.search({ query: 'stamps', user_id: 'sdk-ann' })).results.filter((x) => x.kind === 'turn')).toEqual([]);
    expect((await client.search({ query: 'stamps', user_id: 'sdk-bob' })).results.filter((x) => x.kind === 'turn')).toHaveLength(1);
  });

  test('a wrong token is a typed 401 with the request id', async () => {
    const bad = new MemoryClient({ baseUrl, token: 'wrong', retries: 3, sleep: async () => {} });
    const err = await caught(bad.recall({ query: 'x', session_id: 's', user_id: 'u' }, { requestId: 'trace-abc-1' }));
    expect(err.status).toBe(401);
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.requestId).toBe('trace-abc-1');
    expect(err.attempts).toBe(1);
    expect(err.retryable).toBe(false);
  });

  test('no token at all is refused too', async () => {
    const anon = new MemoryClient({ baseUrl });
    expect((await caught(anon.listMemories('u'))).status).toBe(401);
  });

  test('invalid input is a typed 422 with field details, not retried', async () => {
    const err = await caught(client.recall({ query: 'x', session_id: '', user_id: 'u', max_tokens: 0 }));
    expect(err.status).toBe(422);
    expect(err.requestId).toMatch(/.+/);
    expect(err.details.map((d) => d.path).join(' ')).toMatch(/max_tokens|session_id/);
    expect(err.attempts).toBe(1);
  });

  test('a server that is not there is a NETWORK_ERROR with status 0', async () => {
    const down = new MemoryClient({ baseUrl: 'http://127.0.0.1:9', retries: 1, sleep: async () => {} });
    const err = await caught(down.recall({ query: 'x', session_id: 's', user_id: null }));
    expect(err.status).toBe(0);
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.attempts).toBe(2);
  });
});
