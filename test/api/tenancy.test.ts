/**
 * Issue 12, defects 1 and 2 and per-key tenants, over the real app (inject) on SQLite and
 * PostgreSQL: ids that spell another scope's key (`victim|a:bot`, `S|a:bot`) reach nothing of it;
 * DELETE /sessions/{id} is narrowed by user_id/agent_id and never crosses tenants; two tenants
 * using identical user, session and agent ids never see or delete each other's data on any
 * surface (REST, mem0, platform, MCP).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type Backend, type TestApp } from '../compat/app.ts';

const KEYS = { alpha: 'key-alpha-0123', beta: 'key-beta-4567' };

interface Res {
  status: number;
  body: any;
  text: string;
}

function caller(t: TestApp, key: string | null) {
  return async (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(method === 'POST' && url === '/mcp' ? { accept: 'application/json, text/event-stream' } : {}), ...headers },
    });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = res.body;
    }
    // Lower-cased: extraction may capitalise a canary ("Zqcanary…"), which must count as a leak too.
    return { status: res.statusCode, body, text: res.body.toLowerCase() };
  };
}

type Call = ReturnType<typeof caller>;
const user = (content: string) => [{ role: 'user', content }];
let n = 0;
const canary = () => `zqcanary${(n++).toString(36)}x${Math.random().toString(36).slice(2, 8)}`;

async function addTurn(call: Call, body: Record<string, unknown>): Promise<void> {
  const r = await call('POST', '/turns', body);
  expect(r.status, r.text).toBe(201);
}

const BACKENDS: Backend[] = ['sqlite', 'postgres'];

describe.each(BACKENDS)('scope forging (%s)', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await startApp({}, { backend, extractor: 'offline' });
    call = caller(t, null);
  });
  afterAll(async () => t?.stop());

  test('a user id spelling "victim|a:bot" reaches none of victim\'s agent scope, on any route', async () => {
    const word = canary();
    await addTurn(call, { session_id: 'chat-1', user_id: 'victim', agent_id: 'bot', messages: user(`I live in ${word} and my dog is called ${word}.`) });
    const forged = 'victim|a:bot';
    for (const path of ['/recall', '/search']) {
      const r = await call('POST', path, { query: word, session_id: 'chat-1', user_id: forged });
      expect(r.status, r.text).toBe(200);
      expect(r.text).not.toContain(word);
    }
    const list = await call('GET', `/users/${encodeURIComponent(forged)}/memories`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(word);
    expect((await call('DELETE', `/users/${encodeURIComponent(forged)}`)).status).toBe(204);
    // The victim's data is intact and reachable by the victim.
    const own = await call('POST', '/search', { query: word, user_id: 'victim', agent_id: 'bot' });
    expect(own.text).toContain(word);
  });

  test('a session id spelling "S|a:bot" reaches none of session S\'s agent scope', async () => {
    const word = canary();
    await addTurn(call, { session_id: 'S', user_id: null, agent_id: 'bot', messages: user(`The code word is ${word}.`) });
    for (const body of [
      { query: word, session_id: 'S|a:bot', user_id: null },
      { query: word, session_id: 'S|a', user_id: null, agent_id: ':bot' },
      { query: word, session_id: 'S', user_id: null },
    ]) {
      for (const path of ['/recall', '/search']) {
        const r = await call('POST', path, body);
        expect(r.status, r.text).toBe(200);
        expect(r.text, JSON.stringify(body)).not.toContain(word);
      }
    }
    expect((await call('POST', '/search', { query: word, session_id: 'S', user_id: null, agent_id: 'bot' })).text).toContain(word);
  });

  test('DELETE /sessions/{id}?user_id= deletes only that user\'s part of a shared session id', async () => {
    const a = canary();
    const b = canary();
    await addTurn(call, { session_id: 'chat-shared', user_id: 'ann', messages: user(`I work at ${a}.`) });
    await addTurn(call, { session_id: 'chat-shared', user_id: 'bob', messages: user(`I work at ${b}.`) });
    expect((await call('DELETE', '/sessions/chat-shared?user_id=ann')).status).toBe(204);
    expect((await call('POST', '/search', { query: a, user_id: 'ann' })).text).not.toContain(a);
    expect((await call('POST', '/search', { query: b, user_id: 'bob' })).text).toContain(b);
    // agent_id narrows to one agent scope of the user.
    const c = canary();
    const d = canary();
    await addTurn(call, { session_id: 'chat-ag', user_id: 'cat', agent_id: 'x', messages: user(`I work at ${c}.`) });
    await addTurn(call, { session_id: 'chat-ag', user_id: 'cat', agent_id: 'y', messages: user(`I work at ${d}.`) });
    expect((await call('DELETE', '/sessions/chat-ag?user_id=cat&agent_id=x')).status).toBe(204);
    expect((await call('POST', '/search', { query: c, user_id: 'cat' })).text).not.toContain(c);
    expect((await call('POST', '/search', { query: d, user_id: 'cat' })).text).toContain(d);
    // Without narrowing, the whole session of the (one) tenant goes.
    expect((await call('DELETE', '/sessions/chat-shared')).status).toBe(204);
    expect((await call('POST', '/search', { query: b, user_id: 'bob' })).text).not.toContain(b);
  });
});

describe.each(BACKENDS)('per-key tenants (%s)', (backend) => {
  let t: TestApp;
  let alpha: Call;
  let beta: Call;
  beforeAll(async () => {
    t = await startApp({ MEMORY_API_KEYS: `alpha:${KEYS.alpha},beta:${KEYS.beta}` }, { backend, extractor: 'offline' });
    alpha = caller(t, KEYS.alpha);
    beta = caller(t, KEYS.beta);
  });
  afterAll(async () => t?.stop());

  test('a key of no tenant is refused', async () => {
    expect((await caller(t, 'key-gamma')('POST', '/search', { query: 'x', user_id: 'u' })).status).toBe(401);
    expect((await caller(t, null)('POST', '/search', { query: 'x', user_id: 'u' })).status).toBe(401);
  });

  test('REST: identical ids in two tenants never meet (turns, recall, search, list, delete user, delete session)', async () => {
    const wa = canary();
    const wb = canary();
    for (const [call, w] of [
      [alpha, wa],
      [beta, wb],
    ] as const) {
      await addTurn(call, { session_id: 'chat-1', user_id: 'alice', messages: user(`I live in ${w}. My cat is ${w}.`) });
      await addTurn(call, { session_id: 'chat-1', user_id: 'alice', agent_id: 'bot', messages: user(`I work at ${w}.`) });
      await addTurn(call, { session_id: 'chat-1', user_id: null, messages: user(`Anonymous ${w}.`) });
    }
    const reads = (w: string) => [
      ['POST', '/recall', { query: `${w} live`, session_id: 'chat-1', user_id: 'alice' }],
      ['POST', '/search', { query: w, user_id: 'alice' }],
      ['POST', '/search', { query: w, session_id: 'chat-1', user_id: null }],
      ['GET', '/users/alice/memories', undefined],
    ] as const;
    for (const [me, other, mine, theirs] of [
      [alpha, beta, wa, wb],
      [beta, alpha, wb, wa],
    ] as const) {
      for (const [m, url, body] of reads(theirs)) expect((await me(m, url, body)).text, `${url}`).not.toContain(theirs);
      expect((await me('POST', '/search', { query: mine, user_id: 'alice' })).text).toContain(mine);
      void other;
    }
    // beta deletes the shared ids: alpha keeps everything.
    expect((await beta('DELETE', '/sessions/chat-1')).status).toBe(204);
    expect((await beta('DELETE', '/users/alice')).status).toBe(204);
    expect((await alpha('POST', '/search', { query: wa, user_id: 'alice' })).text).toContain(wa);
    expect((await alpha('POST', '/search', { query: wa, session_id: 'chat-1', user_id: null })).text).toContain(wa);
    expect((await alpha('GET', '/users/alice/memories')).text).toContain(wa);
    expect((await beta('POST', '/search', { query: wb, user_id: 'alice' })).text).not.toContain(wb);
  });

  test('mem0: add/search/list/get/history/delete stay in the tenant', async () => {
    const wa = canary();
    const add = await alpha('POST', '/v1/memories/', { messages: [{ role: 'user', content: `I live in ${wa}.` }], user_id: 'mo', infer: false });
    expect(add.status, add.text).toBeLessThan(300);
    const id = (add.body.results ?? add.body)[0].id as string;
    expect((await beta('POST', '/v1/memories/search/', { query: wa, user_id: 'mo' })).text).not.toContain(wa);
    expect((await beta('POST', '/v2/memories/', { filters: { user_id: 'mo' } })).text).not.toContain(wa);
    expect((await beta('POST', '/v2/memories/', { filters: { OR: [{ user_id: 'mo' }, { agent_id: '*' }] } })).text).not.toContain(wa);
    expect((await beta('GET', `/v1/memories/${id}/`)).status).toBe(404);
    expect((await beta('GET', `/v1/memories/${id}/history/`)).status).toBe(404);
    expect((await beta('PUT', `/v1/memories/${id}/`, { text: 'overwritten' })).status).toBe(404);
    expect((await beta('DELETE', `/v1/memories/${id}/`)).status).toBe(404);
    expect((await beta('GET', '/v1/entities/')).text).not.toContain('"mo"');
    expect((await beta('DELETE', '/v1/memories/?user_id=mo')).status).toBeLessThan(300);
    const mine = await alpha('GET', `/v1/memories/${id}/`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.text).toContain(wa);
    expect((await alpha('GET', '/v1/entities/')).text).toContain('mo');
  });

  test('platform: extract/injection/list/delete stay in the tenant', async () => {
    const wa = canary();
    const [pat, av, p1] = [randomUUID(), randomUUID(), randomUUID()];
    const ex = await alpha('POST', '/extract', { transcript: `User: I live in ${wa}.\nAssistant: Nice.`, session_id: p1, user_id: pat, avatar_id: av });
    expect(ex.status, ex.text).toBe(200);
    const list = await alpha('GET', `/memory?user_id=${pat}&avatar_id=${av}`);
    expect(list.text).toContain(wa);
    const factId = list.body[0]?.fact_id;
    expect(factId).toBeTruthy();
    expect((await beta('GET', `/memory?user_id=${pat}&avatar_id=${av}`)).text).not.toContain(wa);
    expect((await beta('GET', `/get_injection_context?user_id=${pat}&avatar_id=${av}`)).text).not.toContain(wa);
    expect((await beta('DELETE', `/memory/${factId}`)).status).toBe(404);
    expect((await alpha('GET', `/get_injection_context?user_id=${pat}&avatar_id=${av}`)).text).toContain(wa);
  });

  test('MCP: tools work in the key\'s tenant', async () => {
    const wa = canary();
    const rpc = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    const r = await alpha('POST', '/mcp', rpc('remember', { user_id: 'mia', session_id: 'm1', messages: user(`I live in ${wa}.`) }));
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toMatch(/"isError":true/);
    expect((await beta('POST', '/mcp', rpc('search', { user_id: 'mia', query: wa }))).text).not.toContain(wa);
    expect((await beta('POST', '/mcp', rpc('list_memories', { user_id: 'mia' }))).text).not.toContain(wa);
    await beta('POST', '/mcp', rpc('forget', { target: 'user', user_id: 'mia' }));
    expect((await alpha('POST', '/mcp', rpc('search', { user_id: 'mia', query: wa }))).text).toContain(wa);
  });
});
