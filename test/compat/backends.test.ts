/**
 * The compatibility flow on every store backend (SQLite, the PostgreSQL server at
 * 127.0.0.1:5432 in a fresh schema, PGlite): the compat layer only talks to the MemoryStore
 * port, so /extract dedup and supersession, injection with last_seen_at, soft delete, and the
 * mem0 add/search/list/update/history/delete/delete-all cycle must behave the same everywhere.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type Backend, type TestApp } from './app.ts';

const U = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const S = '44444444-4444-4444-8444-444444444444';

type J = Record<string, any>;

describe.each<Backend>(['sqlite', 'postgres', 'pglite'])('compat flow on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({}, { backend });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await t.app.inject({ method: method as 'GET', url, ...(payload !== undefined ? { payload: payload as J } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as any) : null };
  };

  test('platform: extract, duplicate, supersede, inject, soft delete', async () => {
    const first = await call('POST', '/extract', { transcript: 'User: I live in Berlin. I work at Acme.', session_id: S, user_id: U, avatar_id: A });
    expect(first.status).toBe(200);
    expect(first.body.map((f: J) => f.fact_key).sort()).toEqual(['employer', 'location']);
    expect((await call('POST', '/extract', { transcript: 'User: I live in Berlin.', session_id: S, user_id: U, avatar_id: A })).body).toEqual([]);
    const moved = await call('POST', '/extract', { transcript: 'User: I moved to Lisbon.', session_id: S, user_id: U, avatar_id: A });
    expect(moved.body.map((f: J) => f.fact_value)).toEqual(['Lisbon']);
    const inj = await call('GET', `/get_injection_context?user_id=${U}&avatar_id=${A}`);
    expect(inj.body.facts_count).toBe(2);
    expect(inj.body.text).toContain('- [fact] location: Lisbon');
    // Berlin and Acme come from the same turn (same created_at): compare in value order
    const listed = ((await call('GET', `/memory?user_id=${U}&avatar_id=${A}`)).body as J[]).sort((a, b) => a.fact_value.localeCompare(b.fact_value));
    expect(listed.map((f) => [f.fact_value, f.status, f.last_seen_at !== null])).toEqual([
      ['Acme', 'active', true],
      ['Berlin', 'superseded', false],
      ['Lisbon', 'active', true],
    ]);
    const del = await call('DELETE', `/memory/${listed[0].fact_id}`);
    expect(del.body).toMatchObject({ status: 'deleted' });
    expect((await call('GET', `/get_injection_context?user_id=${U}&avatar_id=${A}`)).body.facts_count).toBe(1);
  });

  test('mem0: add, search, list, update, history, delete, delete all', async () => {
    const added = await call('POST', '/v3/memories/add/', { messages: [{ role: 'user', content: 'My favorite food is ramen.' }], user_id: 'zoe', metadata: { src: 't' } });
    const id = added.body.results[0].id as string;
    expect(added.body.results[0].memory).toBe('favorite food: ramen');
    const hits = await call('POST', '/v3/memories/search/', { query: 'ramen', filters: { AND: [{ user_id: 'zoe' }, { metadata: { src: 't' } }] } });
    expect(hits.body.results.map((r: J) => r.id)).toEqual([id]);
    // zoe's ramen and the platform user's current Lisbon (Berlin is superseded, Acme deleted)
    const listed = await call('POST', '/v3/memories/?page=1&page_size=10', { filters: { user_id: { in: ['zoe', U] } } });
    expect(listed.body.results.map((r: J) => r.memory).sort()).toEqual(['favorite food: ramen', 'location: Lisbon']);
    const upd = await call('PUT', `/v1/memories/${id}/`, { text: 'favorite food: udon' });
    expect(upd.body).toMatchObject({ id, memory: 'favorite food: udon' });
    const hist = await call('GET', `/v1/memories/${id}/history/`);
    expect(hist.body.map((h: J) => [h.event, h.old_memory, h.new_memory])).toEqual([
      ['ADD', null, 'favorite food: ramen'],
      ['UPDATE', 'favorite food: ramen', 'favorite food: udon'],
    ]);
    expect((await call('POST', '/v3/memories/search/', { query: 'udon', filters: { user_id: 'zoe' } })).body.results.map((r: J) => r.id)).toEqual([id]);
    expect((await call('DELETE', `/v1/memories/${id}/`)).status).toBe(200);
    expect((await call('GET', `/v1/memories/${id}/`)).status).toBe(404);
    expect((await call('GET', `/v1/memories/${id}/history/`)).body.map((h: J) => h.event)).toEqual(['ADD', 'UPDATE', 'DELETE']);
    await call('POST', '/v3/memories/add/', { messages: 'I like tennis.', user_id: 'zoe' });
    expect((await call('DELETE', '/v1/memories/?user_id=zoe')).status).toBe(200);
    expect((await call('POST', '/v3/memories/', { filters: { user_id: 'zoe' }, show_expired: true })).body.count).toBe(0);
    // the other user is untouched
    expect((await call('POST', '/v3/memories/', { filters: { user_id: U } })).body.count).toBe(1);
  });
});
