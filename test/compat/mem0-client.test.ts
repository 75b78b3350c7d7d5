/**
 * The official `mem0ai` MemoryClient (installed dev dependency, unmodified) driving our server:
 * the app listens on a free local port with MEMORY_AUTH_TOKEN set, and the client — host pointed
 * at it, sending `Authorization: Token <key>` — adds, searches (filters grammar), lists, gets,
 * updates, reads history, deletes and deletes all. The client converts response keys to
 * camelCase (`replaced_by` → `replacedBy`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryClient as MemoryClientType } from 'mem0ai';
import { startApp, type TestApp } from './app.ts';

const KEY = 'test-key-123';
let t: TestApp;
let MemoryClient: typeof MemoryClientType;
let client: MemoryClientType;

beforeAll(async () => {
  // The client phones home (PostHog) unless told not to; the machine has no internet anyway.
  process.env.MEM0_TELEMETRY = 'false';
  MemoryClient = (await import('mem0ai')).MemoryClient;
  t = await startApp({ MEMORY_AUTH_TOKEN: KEY }, { listen: true });
  client = new MemoryClient({ apiKey: KEY, host: t.url! });
  await client.ping();
});
afterAll(async () => {
  await t?.stop();
});

// biome-ignore lint: test data
type M = Record<string, any>;

describe('mem0ai MemoryClient against our server', () => {
  const ids: Record<string, string> = {};

  test('a wrong key is rejected (401 → AuthenticationError)', async () => {
    const bad = new MemoryClient({ apiKey: 'wrong', host: t.url! });
    await expect(bad.ping()).rejects.toMatchObject({ name: 'AuthenticationError' });
  });

  test('add: extraction runs synchronously; the results come back with ids', async () => {
    const res = (await client.add([{ role: 'user', content: 'I live in Berlin. I work at Acme Corp.' }], { userId: 'alice', metadata: { source: 'chat' } })) as unknown as M;
    const results = res.results as M[];
    expect(results.map((r: M) => [r.event, r.memory])).toEqual([
      ['ADD', 'location: Berlin'],
      ['ADD', 'employer: Acme Corp'],
    ]);
    expect(res.status).toBe('SUCCEEDED');
    ids.location = results[0].id;
    ids.employer = results[1].id;
    expect(results[0].userId).toBe('alice');
  });

  test('add with infer: false stores the messages verbatim', async () => {
    const res = (await client.add([{ role: 'user', content: 'Remember that the wifi router is on floor 3' }], { userId: 'alice', agentId: 'helper', infer: false, metadata: { source: 'notes' } })) as unknown as M;
    expect(res.results.map((r: M) => [r.event, r.memory])).toEqual([['ADD', 'Remember that the wifi router is on floor 3']]);
    ids.note = res.results[0].id;
  });

  test('secrets in added messages are never stored, in memories or in the turn', async () => {
    const res = (await client.add([{ role: 'user', content: 'My api key is sk-proj-abcdefghijklmnopqrstuvwxyz0123' }], { userId: 'mallory', infer: false })) as unknown as M;
    expect(res.results[0].memory).toBe('My api key is [REDACTED]');
    const turns = await t.ctx.service.store.latestTurns('u:mallory', 5);
    expect(JSON.stringify(turns)).not.toContain('sk-proj-');
    await client.deleteAll({ userId: 'mallory' });
  });

  test('add for another user and agent', async () => {
    await client.add([{ role: 'user', content: 'I live in Madrid.' }], { userId: 'bob', agentId: 'travel' });
    await client.add([{ role: 'user', content: 'I like football.' }], { agentId: 'travel', runId: 'run-7' });
  });

  test('search with user filter: scores in [0,1], top hit first', async () => {
    const res = await client.search('Berlin', { filters: { user_id: 'alice' } });
    expect(res.results.length).toBeGreaterThan(0);
    expect(res.results[0]).toMatchObject({ id: ids.location, memory: 'location: Berlin', userId: 'alice' });
    for (const r of res.results) expect(r.score).toBeGreaterThanOrEqual(0), expect(r.score).toBeLessThanOrEqual(1);
    expect(res.results[0].score).toBe(1);
  });

  test('search filters: OR across users, IN on agents, NOT, metadata, dates', async () => {
    const both = await client.search('location', { filters: { OR: [{ user_id: 'alice' }, { user_id: 'bob' }] } });
    expect(both.results.map((r: M) => r.memory).sort()).toEqual(['location: Berlin', 'location: Madrid']);
    const travel = await client.search('football', { filters: { agent_id: { in: ['travel', 'other'] } } });
    expect(travel.results.map((r: M) => r.memory)).toEqual(['like: football']);
    const travelAll = (await client.getAll({ filters: { agent_id: { in: ['travel', 'other'] } } })) as unknown as M;
    expect(travelAll.results.map((r: M) => r.memory).sort()).toEqual(['like: football', 'location: Madrid']);
    const notBob = await client.search('location', { filters: { AND: [{ OR: [{ user_id: 'alice' }, { user_id: 'bob' }] }, { NOT: [{ user_id: 'bob' }] }] } });
    expect(notBob.results.map((r: M) => r.memory)).toEqual(['location: Berlin']);
    const notes = await client.search('floor wifi', { filters: { AND: [{ user_id: 'alice' }, { metadata: { source: 'notes' } }] } });
    expect(notes.results.map((r: M) => r.id)).toEqual([ids.note]);
    const future = await client.search('Berlin', { filters: { AND: [{ user_id: 'alice' }, { created_at: { gte: '2999-01-01' } }] } });
    expect(future.results).toEqual([]);
    const recent = await client.search('Berlin', { filters: { AND: [{ user_id: 'alice' }, { created_at: { gte: '2020-01-01', lte: '2999-12-31' } }] } });
    expect(recent.results.map((r: M) => r.id)).toContain(ids.location);
    const run = await client.search('football', { filters: { run_id: 'run-7' } });
    expect(run.results.map((r: M) => r.memory)).toEqual(['like: football']);
  });

  test('search: topK and threshold', async () => {
    const one = await client.search('Berlin Acme', { filters: { user_id: 'alice' }, topK: 1 });
    expect(one.results).toHaveLength(1);
    const strict = await client.search('Berlin Acme', { filters: { user_id: 'alice' }, threshold: 1 });
    expect(strict.results.every((r: M) => r.score === 1)).toBe(true);
  });

  test('search without an entity filter is a client error', async () => {
    await expect(client.search('Berlin', { filters: { created_at: { gte: '2020-01-01' } } })).rejects.toMatchObject({ name: 'ValidationError' });
    await expect(client.search('Berlin', { filters: { user_id: { regex: '.*' } } })).rejects.toMatchObject({ name: 'ValidationError' });
  });

  test('getAll: filters and pagination', async () => {
    const page1 = (await client.getAll({ filters: { user_id: 'alice' }, page: 1, pageSize: 2 })) as unknown as M;
    expect(page1.count).toBe(3);
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('page=2');
    expect(page1.previous).toBeNull();
    const page2 = (await client.getAll({ filters: { user_id: 'alice' }, page: 2, pageSize: 2 })) as unknown as M;
    expect(page2.results).toHaveLength(1);
    expect(page2.next).toBeNull();
    const seen = new Set([...page1.results, ...page2.results].map((r: M) => r.id));
    expect(seen).toEqual(new Set([ids.location, ids.employer, ids.note]));
    const helper = (await client.getAll({ filters: { AND: [{ user_id: 'alice' }, { agent_id: 'helper' }] } })) as unknown as M;
    expect(helper.results.map((r: M) => r.id)).toEqual([ids.note]);
  });

  test('get one memory', async () => {
    const m = (await client.get(ids.location)) as M;
    expect(m).toMatchObject({ id: ids.location, memory: 'location: Berlin', userId: 'alice', status: 'active', replacedBy: null, metadata: { source: 'chat' } });
  });

  test('update keeps the id, history shows ADD then UPDATE', async () => {
    const updated = (await client.update(ids.location, { text: 'location: Munich' })) as unknown as M;
    expect(updated).toMatchObject({ id: ids.location, memory: 'location: Munich', value: 'Munich' });
    expect(((await client.get(ids.location)) as M).memory).toBe('location: Munich');
    const history = await client.history(ids.location);
    expect(history.map((h: M) => [h.event, h.oldMemory, h.newMemory])).toEqual([
      ['ADD', null, 'location: Berlin'],
      ['UPDATE', 'location: Berlin', 'location: Munich'],
    ]);
    // the new text is searchable, the old one is not current any more
    const hits = await client.search('Munich', { filters: { user_id: 'alice' } });
    expect(hits.results.map((r: M) => r.id)).toEqual([ids.location]);
    const old = await client.search('Berlin', { filters: { user_id: 'alice' } });
    expect(old.results.map((r: M) => r.id)).not.toContain(ids.location);
  });

  test('supersession from a later conversation is exposed (UPDATE event, replaced_by, history)', async () => {
    const res = (await client.add([{ role: 'user', content: 'I work at Initech.' }], { userId: 'alice' })) as unknown as M;
    expect(res.results).toHaveLength(1);
    const ev = res.results[0] as M;
    expect(ev).toMatchObject({ event: 'UPDATE', memory: 'employer: Initech', previousMemory: 'employer: Acme Corp', supersedes: ids.employer });
    const old = (await client.get(ids.employer)) as M;
    expect(old).toMatchObject({ status: 'superseded', replacedBy: ev.id });
    expect((await client.history(ev.id)).map((h: M) => h.event)).toEqual(['ADD', 'UPDATE']);
    const current = (await client.getAll({ filters: { user_id: 'alice' } })) as unknown as M;
    expect(current.results.map((r: M) => r.memory)).not.toContain('employer: Acme Corp');
    const withExpired = (await client.getAll({ filters: { user_id: 'alice' }, showExpired: true })) as unknown as M;
    expect(withExpired.results.map((r: M) => r.memory)).toContain('employer: Acme Corp');
  });

  test('users() lists entities with memory counts', async () => {
    const res = await client.users();
    const byName = Object.fromEntries(res.results.map((e: M) => [`${e.type}:${e.name}`, e]));
    expect(byName['user:alice'].totalMemories).toBe(3);
    expect(byName['user:bob'].totalMemories).toBe(1);
    expect(byName['agent:travel'].totalMemories).toBe(2);
    expect(byName['run:run-7'].totalMemories).toBe(1);
  });

  test('delete one memory: gone for get and search, history ends with DELETE', async () => {
    expect(await client.delete(ids.note)).toEqual({ message: 'Memory deleted successfully!' });
    await expect(client.get(ids.note)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    const hits = await client.search('floor wifi', { filters: { user_id: 'alice' } });
    expect(hits.results.map((r: M) => r.id)).not.toContain(ids.note);
    expect((await client.history(ids.note)).map((h: M) => h.event)).toEqual(['ADD', 'DELETE']);
    await expect(client.delete('no-such-id')).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
  });

  test('deleteAll for a user erases that user only', async () => {
    const res = await client.deleteAll({ userId: 'alice' });
    expect(res.message).toMatch(/deleted/i);
    const left = (await client.getAll({ filters: { user_id: 'alice' }, showExpired: true })) as unknown as M;
    expect(left.count).toBe(0);
    await expect(client.get(ids.location)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    const bob = (await client.getAll({ filters: { user_id: 'bob' } })) as unknown as M;
    expect(bob.count).toBe(1);
  });

  test('deleteUsers for an agent removes its memories', async () => {
    await client.deleteUsers({ agentId: 'travel' });
    const travel = (await client.getAll({ filters: { agent_id: 'travel' } })) as unknown as M;
    expect(travel.count).toBe(0);
  });

  test('batchUpdate and batchDelete; an unknown id changes nothing', async () => {
    const a = ((await client.add([{ role: 'user', content: 'I live in Quito.' }], { userId: 'dave' })) as unknown as M).results[0].id as string;
    const b = ((await client.add([{ role: 'user', content: 'I work at Hooli.' }], { userId: 'dave' })) as unknown as M).results[0].id as string;
    await client.batchUpdate([
      { memoryId: a, text: 'location: Lima' },
      { memoryId: b, text: 'employer: Pied Piper' },
    ]);
    expect(((await client.get(a)) as M).memory).toBe('location: Lima');
    expect(((await client.get(b)) as M).memory).toBe('employer: Pied Piper');
    await expect(client.batchDelete([a, 'no-such-id'])).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    expect(((await client.get(a)) as M).id).toBe(a);
    await client.batchDelete([a, b]);
    await expect(client.get(a)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    await expect(client.get(b)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
  });

  test('what we do not implement answers 404 (webhooks, feedback, exports, projects)', async () => {
    await expect(client.feedback({ memoryId: 'x', feedback: null })).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    await expect(client.getWebhooks({ projectId: 'p' })).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
  });
});

describe('older mem0 routes (raw HTTP, as existing code calls them)', () => {
  const h = { authorization: `Token ${KEY}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(t.url + path, { method, headers: h, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, body: (await res.json()) as M };
  };

  test('POST /v1/memories/ (v1.0 array and v1.1 results), v1/v2 search, GET /v1/memories/', async () => {
    const v10 = await call('POST', '/v1/memories/', { messages: [{ role: 'user', content: 'I live in Porto.' }], user_id: 'carol', output_format: 'v1.0' });
    expect(v10.status).toBe(200);
    expect(Array.isArray(v10.body)).toBe(true);
    expect(v10.body[0]).toMatchObject({ event: 'ADD', memory: 'location: Porto', data: { memory: 'location: Porto' } });
    const v11 = await call('POST', '/v1/memories/', { messages: 'I work at Globex.', user_id: 'carol' });
    expect(v11.body.results[0]).toMatchObject({ event: 'ADD', memory: 'employer: Globex' });
    const s1 = await call('POST', '/v1/memories/search/', { query: 'Porto', user_id: 'carol' });
    expect(s1.body.map((r: M) => r.memory)).toEqual(['location: Porto']);
    const s2 = await call('POST', '/v2/memories/search/', { query: 'Globex', filters: { AND: [{ user_id: 'carol' }] }, output_format: 'v1.1' });
    expect(s2.body.results.map((r: M) => r.memory)).toEqual(['employer: Globex']);
    const list = await call('GET', '/v1/memories/?user_id=carol');
    expect(list.body.map((r: M) => r.memory).sort()).toEqual(['employer: Globex', 'location: Porto']);
  });

  test('bad bodies are 422 with our error shape; unknown memory ids 404', async () => {
    const bad = await call('POST', '/v3/memories/add/', { messages: [], user_id: 'carol' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const noEntity = await call('POST', '/v3/memories/add/', { messages: [{ role: 'user', content: 'hi' }] });
    expect(noEntity.status).toBe(422);
    expect(noEntity.body.error.code).toBe('INVALID_INPUT');
    expect((await call('GET', '/v1/memories/nope/history/')).status).toBe(404);
    expect((await call('PUT', '/v1/memories/nope/', { text: 'x' })).status).toBe(404);
    // An update with nothing to change is a client bug (mem0's own client refuses it).
    const empty = await call('PUT', '/v1/memories/nope/', {});
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect((await call('DELETE', '/v1/memories/')).status).toBe(422);
  });

  test('the mem0 routes are in the OpenAPI document', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/ping/', '/v3/memories/add/', '/v3/memories/search/', '/v3/memories/', '/v1/memories/{memory_id}/', '/v1/memories/{memory_id}/history/', '/v1/memories/', '/v1/entities/', '/v1/memories/search/', '/v2/memories/search/']),
    );
  });
});

describe('mem0ai MemoryClient with the real offline extractor', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await startApp({ MEMORY_AUTH_TOKEN: KEY }, { listen: true, extractor: 'offline' });
  });
  afterAll(async () => {
    await real?.stop();
  });

  test('add → search → update → history, end to end without the scripted extractor', async () => {
    const c = new MemoryClient({ apiKey: KEY, host: real.url! });
    const res = (await c.add([{ role: 'user', content: 'I live in Berlin and I work at Acme as a data engineer.' }], { userId: 'erin' })) as unknown as M;
    const berlin = (res.results as M[]).find((r) => /Berlin/.test(r.memory));
    expect(berlin).toBeDefined();
    const hits = await c.search('Berlin', { filters: { user_id: 'erin' } });
    expect(hits.results.map((r: M) => r.id)).toContain(berlin!.id);
    const moved = (await c.add([{ role: 'user', content: 'I moved to Lisbon last month.' }], { userId: 'erin' })) as unknown as M;
    expect((moved.results as M[]).some((r) => /Lisbon/.test(r.memory))).toBe(true);
    const old = (await c.get(berlin!.id)) as M;
    expect(old.status).toBe('superseded');
    expect(old.replacedBy).toBeTruthy();
    expect((await c.history(old.replacedBy)).map((h: M) => h.event)).toEqual(['ADD', 'UPDATE']);
  });
});
