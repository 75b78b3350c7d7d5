/**
 * GET /users/{id}/memories pages: the full list stays the default; `limit` and `cursor` walk the
 * same memories by keyset (created_at, id) with `next_cursor` null on the last page, across the
 * user's scopes; bad paging input is a 4xx.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MemoriesResponse } from '../../src/api/schemas.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { decodeCursor, encodeCursor } from '../../src/core/service.ts';

describe.each([
  ['sqlite', () => new SqliteMemoryStore(':memory:')],
  ['in-memory', () => new InMemoryStore()],
])('memories pages on %s', (_name, makeStore) => {
  let b: BuiltApp;
  beforeAll(async () => {
    const store = makeStore();
    await store.migrate();
    b = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { store });
    await b.app.ready();
    const lines = ['I live in Oslo.', 'I work at Intel.', 'My dog is called Biscuit.', 'I moved to Lisbon.', 'I am allergic to peanuts.', 'My sister Maya is a nurse.'];
    for (const [i, content] of lines.entries()) {
      const r = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's', user_id: 'pager', agent_id: i % 2 ? 'bot' : null, messages: [{ role: 'user', content }], timestamp: `2026-01-0${i + 1}T10:00:00Z` } });
      expect(r.statusCode).toBe(201);
    }
  });
  afterAll(() => b.close());

  test('pages of 2 walk every memory of the full list exactly once, then next_cursor is null', async () => {
    const full = MemoriesResponse.parse((await b.app.inject({ method: 'GET', url: '/users/pager/memories' })).json());
    expect(full.next_cursor).toBeUndefined();
    expect(full.memories.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | null | undefined = undefined;
    for (let guard = 0; guard < 50; guard++) {
      const url = `/users/pager/memories?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = MemoriesResponse.parse((await b.app.inject({ method: 'GET', url })).json());
      expect(page.memories.length).toBeLessThanOrEqual(2);
      seen.push(...page.memories.map((m) => m.id));
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect([...seen].sort()).toEqual(full.memories.map((m) => m.id).sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('bad paging input is a 4xx: 422 for a malformed limit and for a cursor we did not issue', async () => {
    const bad = await b.app.inject({ method: 'GET', url: '/users/pager/memories?cursor=notacursor' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('INVALID_INPUT');
    expect((await b.app.inject({ method: 'GET', url: '/users/pager/memories?limit=0' })).statusCode).toBe(422);
    expect((await b.app.inject({ method: 'GET', url: '/users/pager/memories?limit=abc' })).statusCode).toBe(422);
    expect((await b.app.inject({ method: 'GET', url: '/users/pager/memories?limit=5000' })).statusCode).toBe(422);
  });
});

test('cursors round-trip and reject what we did not issue', () => {
  const c = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: 'm-1' });
  expect(decodeCursor(c)).toEqual({ createdAt: '2026-01-01T00:00:00.000Z', id: 'm-1' });
  expect(() => decodeCursor(Buffer.from('{"a":1}').toString('base64url'))).toThrow(/cursor/);
});
