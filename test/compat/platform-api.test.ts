/**
 * The platform (injection/extraction) API, black-box through app.inject(): every status and
 * shape, the candidate policy end to end, soft delete, avatar separation, truncation, 503 on an
 * unavailable store, the OpenAPI document, and cross-visibility with the mem0 API and our own
 * /users/{id}/memories.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FactList, InjectionResponse, PlatformFactSchema } from '../../src/api/compat/platform-schemas.ts';
import { ErrorResponse } from '../../src/api/schemas.ts';
import { INJECTION_FOOTER, INJECTION_HEADER } from '../../src/core/compat/injection-context.ts';
import { UpstreamError } from '../../src/core/errors.ts';
import { startApp, type TestApp } from './app.ts';

const USER = '11111111-1111-4111-8111-111111111111';
const AVATAR = '22222222-2222-4222-8222-222222222222';
const OTHER_AVATAR = '33333333-3333-4333-8333-333333333333';
const SESSION = '44444444-4444-4444-8444-444444444444';
const SESSION2 = '55555555-5555-4555-8555-555555555555';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const extract = (transcript: string, over: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/extract', payload: { transcript, session_id: SESSION, user_id: USER, avatar_id: AVATAR, ...over } });
const injection = (user = USER, avatar = AVATAR) => t.app.inject({ method: 'GET', url: `/get_injection_context?user_id=${user}&avatar_id=${avatar}` });
const list = (avatar = AVATAR) => t.app.inject({ method: 'GET', url: `/memory?user_id=${USER}&avatar_id=${avatar}` });

describe('validation → 422', () => {
  test.each([
    ['injection: bad user_id', 'GET', `/get_injection_context?user_id=nope&avatar_id=${AVATAR}`, undefined],
    ['injection: missing avatar_id', 'GET', `/get_injection_context?user_id=${USER}`, undefined],
    ['list: bad avatar_id', 'GET', `/memory?user_id=${USER}&avatar_id=1234`, undefined],
    ['delete: bad fact_id', 'DELETE', '/memory/not-a-uuid', undefined],
    ['extract: empty transcript', 'POST', '/extract', { transcript: '', session_id: SESSION, user_id: USER, avatar_id: AVATAR }],
    ['extract: whitespace transcript', 'POST', '/extract', { transcript: ' \n\t ', session_id: SESSION, user_id: USER, avatar_id: AVATAR }],
    ['extract: bad session_id', 'POST', '/extract', { transcript: 'User: hi', session_id: 'abc', user_id: USER, avatar_id: AVATAR }],
    ['extract: missing user_id', 'POST', '/extract', { transcript: 'User: hi', session_id: SESSION, avatar_id: AVATAR }],
    ['extract: transcript not a string', 'POST', '/extract', { transcript: 42, session_id: SESSION, user_id: USER, avatar_id: AVATAR }],
  ])('%s', async (_name, method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(422);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.request_id).toBeTruthy();
  });
});

describe('injection and extraction', () => {
  test('no facts → empty, not applied', async () => {
    const res = await injection();
    expect(res.statusCode).toBe(200);
    expect(InjectionResponse.parse(res.json())).toEqual({ text: '', facts_count: 0, applied: false });
  });

  test('extract saves the facts of the transcript, with the full fact shape', async () => {
    const transcript = [
      'User: I live in Berlin. I work at Acme Corp.',
      'Assistant: Nice! What do you do there?',
      'User: My password is hunter2xyz.',
      'User: maybe I like jazz',
      'User: my sister Maya lives in Paris.',
      'User: my motto is "carpe diem"',
    ].join('\n');
    const res = await extract(transcript);
    expect(res.statusCode).toBe(200);
    const facts = FactList.parse(res.json());
    const byKey = Object.fromEntries(facts.map((f) => [f.fact_key, f]));
    // the password (masked before extraction) and the 0.4-confidence like are not saved
    expect(Object.keys(byKey).sort()).toEqual(['employer', 'life_motto', 'location', 'sister_maya_location']);
    expect(JSON.stringify(facts)).not.toContain('hunter2xyz');
    // nor is it kept in the stored turn
    const turns = await t.ctx.service.store.latestTurns(`u:${USER}|a:${AVATAR}`, 10);
    expect(turns).toHaveLength(1);
    expect(JSON.stringify(turns)).not.toContain('hunter2xyz');
    expect(turns[0].messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user', 'user', 'user']);
    const loc = byKey.location;
    expect(loc).toMatchObject({
      user_id: USER,
      avatar_id: AVATAR,
      category: 'fact',
      fact_value: 'Berlin',
      status: 'active',
      source_session_id: SESSION,
      last_seen_at: null,
      deleted_at: null,
    });
    expect(loc.source_excerpt).toContain('I live in Berlin');
    expect(loc.dedup_hash).toBe(createHash('sha256').update(`${AVATAR}|location|berlin`).digest('hex'));
    expect(loc.confidence).toBeGreaterThanOrEqual(0.6);
    expect(byKey.life_motto.category).toBe('opinion');
    for (const f of facts) expect(f.fact_key).toMatch(/^[a-z][a-z0-9_]{2,63}$/);
  });

  test('an exact duplicate is skipped: nothing saved, nothing changed', async () => {
    const before = FactList.parse((await list()).json());
    const res = await extract('User: I live in Berlin.', { session_id: SESSION2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const after = FactList.parse((await list()).json());
    expect(after).toEqual(before);
  });

  test('same key → one updated fact superseding the old one (also for multi-valued keys)', async () => {
    const moved = FactList.parse((await extract('User: I moved to Lisbon.')).json());
    expect(moved.map((f) => [f.fact_key, f.fact_value, f.status])).toEqual([['location', 'Lisbon', 'active']]);
    const like1 = FactList.parse((await extract('User: I like jazz.')).json());
    const like2 = FactList.parse((await extract('User: I like rock music.')).json());
    expect(like1).toHaveLength(1);
    expect(like2).toHaveLength(1);
    const all = FactList.parse((await list()).json());
    const status = (key: string, value: string) => all.find((f) => f.fact_key === key && f.fact_value === value)?.status;
    expect(status('location', 'Berlin')).toBe('superseded');
    expect(status('location', 'Lisbon')).toBe('active');
    expect(status('like', 'jazz')).toBe('superseded');
    expect(status('like', 'rock music')).toBe('active');
    expect(all.filter((f) => f.status === 'active' && f.fact_key === 'location')).toHaveLength(1);
  });

  test('injection context: header, ranked lines, footer; included facts get last_seen_at', async () => {
    const res = await injection();
    expect(res.statusCode).toBe(200);
    const body = InjectionResponse.parse(res.json());
    expect(body.applied).toBe(true);
    const lines = body.text.split('\n');
    expect(lines[0]).toBe(INJECTION_HEADER);
    expect(lines.at(-1)).toBe(INJECTION_FOOTER);
    const factLines = lines.slice(1, -1);
    expect(body.facts_count).toBe(factLines.length);
    expect(factLines).toContain('- [fact] location: Lisbon');
    expect(factLines).toContain('- [fact] employer: Acme Corp');
    expect(body.text).not.toContain('Berlin');
    for (const l of factLines) expect(l).toMatch(/^- \[(fact|preference|opinion|event|relation)\] [a-z][a-z0-9_]*: .+$/);
    // ranked by confidence: the 0.92 Lisbon line comes before the 0.88 employer line
    expect(factLines.indexOf('- [fact] location: Lisbon')).toBeLessThan(factLines.indexOf('- [fact] employer: Acme Corp'));
    expect(body.text.length).toBeLessThanOrEqual(2000);
    const all = FactList.parse((await list()).json());
    for (const f of all) {
      if (f.status === 'active') expect(f.last_seen_at).not.toBeNull();
      else expect(f.last_seen_at).toBeNull();
    }
  });

  test('avatars are separate scopes of the same user', async () => {
    expect(InjectionResponse.parse((await injection(USER, OTHER_AVATAR)).json()).applied).toBe(false);
    expect((await list(OTHER_AVATAR)).json()).toEqual([]);
    const res = await extract('User: I live in Oslo.', { avatar_id: OTHER_AVATAR });
    expect(FactList.parse(res.json()).map((f) => f.fact_value)).toEqual(['Oslo']);
    // the first avatar still has Lisbon active
    expect(FactList.parse((await list()).json()).find((f) => f.fact_key === 'location' && f.status === 'active')?.fact_value).toBe('Lisbon');
  });

  test('soft delete: status deleted, deleted_at set, still listed, never injected', async () => {
    const employer = FactList.parse((await list()).json()).find((f) => f.fact_key === 'employer')!;
    const res = await t.app.inject({ method: 'DELETE', url: `/memory/${employer.fact_id}` });
    expect(res.statusCode).toBe(200);
    const deleted = PlatformFactSchema.parse(res.json());
    expect(deleted.status).toBe('deleted');
    expect(deleted.deleted_at).not.toBeNull();
    const listed = FactList.parse((await list()).json()).find((f) => f.fact_id === employer.fact_id);
    expect(listed?.status).toBe('deleted');
    expect(InjectionResponse.parse((await injection()).json()).text).not.toContain('Acme');
    // deleting again is idempotent
    expect((await t.app.inject({ method: 'DELETE', url: `/memory/${employer.fact_id}` })).statusCode).toBe(200);
  });

  test('unknown fact → 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/memory/99999999-9999-4999-8999-999999999999' });
    expect(res.statusCode).toBe(404);
    expect(ErrorResponse.parse(res.json()).error.code).toBe('FACT_NOT_FOUND');
  });
});

describe('cross-visibility', () => {
  test('a fact extracted via /extract is visible via mem0 search and via /users/{id}/memories', async () => {
    const ex = FactList.parse((await extract('User: My favorite food is ramen.')).json());
    const ramen = ex.find((f) => f.fact_key === 'favorite_food')!;
    expect(ramen).toBeDefined();
    const search = await t.app.inject({ method: 'POST', url: '/v3/memories/search/', payload: { query: 'ramen', filters: { AND: [{ user_id: USER }, { agent_id: AVATAR }] } } });
    expect(search.statusCode).toBe(200);
    const hits = search.json().results as Array<{ id: string; memory: string; agent_id: string }>;
    expect(hits.map((h) => h.id)).toContain(ramen.fact_id);
    expect(hits.find((h) => h.id === ramen.fact_id)).toMatchObject({ memory: 'favorite food: ramen', agent_id: AVATAR });
    const own = await t.app.inject({ method: 'GET', url: `/users/${USER}/memories` });
    expect(own.statusCode).toBe(200);
    const mine = (own.json().memories as Array<{ id: string; key: string; value: string; agent_id: string }>).find((m) => m.id === ramen.fact_id);
    expect(mine).toMatchObject({ key: 'favorite_food', value: 'ramen', agent_id: AVATAR });
  });

  test('a memory added via mem0 for (user, agent=avatar) is injected by the platform API', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/memories/add/', payload: { messages: [{ role: 'user', content: "I'm vegetarian." }], user_id: USER, agent_id: AVATAR } });
    expect(res.statusCode).toBe(200);
    expect(InjectionResponse.parse((await injection()).json()).text).toContain('- [fact] diet: vegetarian');
  });
});

describe('limits and failures', () => {
  test('the transcript is truncated to MEMORY_MAX_TRANSCRIPT_CHARS', async () => {
    const small = await startApp({ MEMORY_MAX_TRANSCRIPT_CHARS: '40' });
    try {
      const transcript = `User: I live in Rome.\n${'User: filler words here.\n'.repeat(3)}User: I work at Initech.`;
      const res = await small.app.inject({ method: 'POST', url: '/extract', payload: { transcript, session_id: SESSION, user_id: USER, avatar_id: AVATAR } });
      expect(res.statusCode).toBe(200);
      expect(FactList.parse(res.json()).map((f) => f.fact_value)).toEqual(['Rome']);
    } finally {
      await small.stop();
    }
  });

  test('MEMORY_INJECTION_CHAR_BUDGET bounds the block (whole lines) and MEMORY_MIN_CONFIDENCE the facts', async () => {
    const small = await startApp({ MEMORY_INJECTION_CHAR_BUDGET: '130', MEMORY_MIN_CONFIDENCE: '0.85' });
    try {
      const res = await small.app.inject({
        method: 'POST',
        url: '/extract',
        payload: { transcript: 'User: I live in Rome. I work at Initech. My favorite food is pizza. I like long walks on the beach.', session_id: SESSION, user_id: USER, avatar_id: AVATAR },
      });
      // 0.8 (food) and 0.75 (like) are below 0.85
      expect(FactList.parse(res.json()).map((f) => f.fact_key).sort()).toEqual(['employer', 'location']);
      const body = InjectionResponse.parse((await small.app.inject({ method: 'GET', url: `/get_injection_context?user_id=${USER}&avatar_id=${AVATAR}` })).json());
      expect(body.text.length).toBeLessThanOrEqual(130);
      expect(body.facts_count).toBe(1);
      expect(body.text.split('\n')).toEqual([INJECTION_HEADER, '- [fact] location: Rome', INJECTION_FOOTER]);
    } finally {
      await small.stop();
    }
  });

  test.each([
    ['injection', 'GET', `/get_injection_context?user_id=${USER}&avatar_id=${AVATAR}`, undefined],
    ['extract', 'POST', '/extract', { transcript: 'User: I live in Rome.', session_id: SESSION, user_id: USER, avatar_id: AVATAR }],
    ['list', 'GET', `/memory?user_id=${USER}&avatar_id=${AVATAR}`, undefined],
    ['delete', 'DELETE', '/memory/99999999-9999-4999-8999-999999999999', undefined],
  ])('store outage → 503 with a clear message (%s)', async (_n, method, url, payload) => {
    t.failing.on = true;
    try {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(503);
      const body = ErrorResponse.parse(res.json());
      expect(body.error.code).toBe('STORE_UNAVAILABLE');
      expect(body.error.message).toMatch(/unavailable/);
    } finally {
      t.failing.on = false;
    }
  });

  test('provider failure → 503 UPSTREAM_UNAVAILABLE; an unexpected bug stays a 500', async () => {
    const url = `/get_injection_context?user_id=${USER}&avatar_id=${AVATAR}`;
    try {
      t.failing.on = true;
      t.failing.error = () => new UpstreamError('embedding provider down');
      const up = await t.app.inject({ method: 'GET', url });
      expect(up.statusCode).toBe(503);
      expect(ErrorResponse.parse(up.json()).error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: expect.stringMatching(/provider unavailable/) });
      t.failing.error = () => new TypeError('boom');
      const bug = await t.app.inject({ method: 'GET', url });
      expect(bug.statusCode).toBe(500);
      expect(ErrorResponse.parse(bug.json()).error.code).toBe('INTERNAL_ERROR');
      expect(bug.body).not.toContain('boom');
    } finally {
      t.failing.on = false;
      t.failing.error = undefined;
    }
  });

  test('with MEMORY_AUTH_TOKEN the platform routes need the token (Bearer or Token)', async () => {
    const locked = await startApp({ MEMORY_AUTH_TOKEN: 'sekret' });
    try {
      const url = `/get_injection_context?user_id=${USER}&avatar_id=${AVATAR}`;
      const none = await locked.app.inject({ method: 'GET', url });
      expect(none.statusCode).toBe(401);
      expect(ErrorResponse.parse(none.json()).error.code).toBe('UNAUTHORIZED');
      expect((await locked.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      expect((await locked.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer sekret' } })).statusCode).toBe(200);
      expect((await locked.app.inject({ method: 'GET', url, headers: { authorization: 'Token sekret' } })).statusCode).toBe(200);
    } finally {
      await locked.stop();
    }
  });

  test('the platform routes are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/get_injection_context', '/extract', '/memory', '/memory/{fact_id}']));
    expect(doc.paths['/extract'].post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['transcript', 'session_id', 'user_id', 'avatar_id']));
  });
});
