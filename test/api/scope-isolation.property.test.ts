/**
 * Issue 12 property test (fast-check): random tenants, user/session/agent ids built from every
 * separator and escape character of the scope encoding (`| : %`, the tags `u s t a`, the escape
 * digits `7C 3A 25`, spaces, non-ASCII), driven through POST /turns, /recall, /search,
 * GET /users/{id}/memories and the deletions, on SQLite and PostgreSQL. Property: a response to
 * one scope never contains another scope's canary (unless the other scope is legitimately inside
 * it: a user's agent sub-scope seen by a search over the whole user), and deleting one scope's
 * user or session never removes the other scope's data.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApp, type Backend, type TestApp } from '../compat/app.ts';

const KEYS: Record<string, string> = { default: 'prop-key-default', alpha: 'prop-key-alpha', beta: 'prop-key-beta' };
const CHARS = ['|', ':', '%', 'u', 's', 't', 'a', '7', 'C', '3', 'A', '2', '5', ' ', '-', 'é', '💥', 'x'];
const id = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 10 }).map((a) => a.join(''));
const scope = fc.record({ tenant: fc.constantFrom('default', 'alpha', 'beta'), userId: fc.option(id, { nil: null }), sessionId: id, agentId: fc.option(id, { nil: null }) });
type S = { tenant: string; userId: string | null; sessionId: string; agentId: string | null };

/** b spells a's key in one of its own ids, the way concatenated keys could be forged. */
const forged = fc
  .record({ tenant: fc.constantFrom('alpha', 'beta'), user: id, session: id, agent: id, how: fc.constantFrom('user', 'session', 'tenant', 'agent') })
  .map(({ tenant, user, session, agent, how }): [S, S] => {
    switch (how) {
      case 'user':
        return [{ tenant, userId: user, sessionId: session, agentId: agent }, { tenant, userId: `${user}|a:${agent}`, sessionId: session, agentId: null }];
      case 'session':
        return [{ tenant, userId: null, sessionId: session, agentId: agent }, { tenant, userId: null, sessionId: `${session}|a:${agent}`, agentId: null }];
      case 'agent':
        return [{ tenant, userId: user, sessionId: session, agentId: `${agent}|a:x` }, { tenant, userId: `${user}|a:${agent}`, sessionId: session, agentId: 'x' }];
      default:
        return [{ tenant, userId: user, sessionId: session, agentId: null }, { tenant: 'default', userId: `t:${tenant}|u:${user}`, sessionId: session, agentId: null }];
    }
  });
const pair = fc.oneof(fc.tuple(scope, scope), forged);

/** True when a request for `a` may legitimately see `b`'s rows: same user, and one of them names no agent. */
const overlaps = (a: S, b: S) => a.tenant === b.tenant && a.userId !== null && a.userId === b.userId && (a.agentId === null || b.agentId === null);
const sameScope = (a: S, b: S) =>
  a.tenant === b.tenant && a.userId === b.userId && a.agentId === b.agentId && (a.userId !== null || a.sessionId === b.sessionId);

let counter = 0;
const canary = () => `zqprop${(counter++).toString(36)}q${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'k')}`;

describe.each(['sqlite', 'postgres'] as Backend[])('scope isolation property (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ MEMORY_API_KEYS: Object.entries(KEYS).map(([k, v]) => `${k}:${v}`).join(',') }, { backend, extractor: 'offline' });
  });
  afterAll(async () => t?.stop());

  const call = async (s: S, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const r = await t.app.inject({ method, url, headers: { authorization: `Bearer ${KEYS[s.tenant]}` }, ...(payload ? { payload } : {}) });
    expect(r.statusCode, `${method} ${url} ${r.body}`).toBeLessThan(300);
    return r.body.toLowerCase();
  };
  const ingest = (s: S, word: string) =>
    call(s, 'POST', '/turns', { session_id: s.sessionId, user_id: s.userId, agent_id: s.agentId, messages: [{ role: 'user', content: `I live in ${word} and I love ${word}.` }] });
  const reads = async (s: S, word: string): Promise<string[]> => {
    const q = { query: `${word} live love`, user_id: s.userId, agent_id: s.agentId };
    const out = [await call(s, 'POST', '/recall', { ...q, session_id: s.sessionId }), await call(s, 'POST', '/search', { ...q, session_id: s.userId === null ? s.sessionId : null })];
    if (s.userId !== null) out.push(await call(s, 'GET', `/users/${encodeURIComponent(s.userId)}/memories`));
    return out;
  };
  const found = async (s: S, word: string) => (await call(s, 'POST', '/search', { query: word, user_id: s.userId, agent_id: s.agentId, session_id: s.userId === null ? s.sessionId : null })).includes(word);

  test('no response of one scope contains another scope\'s canary; deletes stay inside their scope', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        async ([a, b]) => {
          fc.pre(!sameScope(a, b) && !overlaps(a, b) && !overlaps(b, a));
          const [ca, cb] = [canary(), canary()];
          await ingest(a, ca);
          await ingest(b, cb);
          for (const [me, theirs] of [
            [a, cb],
            [b, ca],
          ] as const) {
            for (const body of await reads(me, theirs)) expect(body).not.toContain(theirs);
          }
          expect(await found(a, ca)).toBe(true);
          expect(await found(b, cb)).toBe(true);
          // Deleting a's user, or a's part of its session, leaves b intact.
          if (a.userId !== null) {
            await call(a, 'DELETE', `/sessions/${encodeURIComponent(a.sessionId)}?user_id=${encodeURIComponent(a.userId)}`);
            await call(a, 'DELETE', `/users/${encodeURIComponent(a.userId)}`);
          } else if (a.tenant !== b.tenant || a.sessionId !== b.sessionId) {
            await call(a, 'DELETE', `/sessions/${encodeURIComponent(a.sessionId)}`);
          }
          expect(await found(b, cb)).toBe(true);
        },
      ),
      { numRuns: 40, seed: Number(process.env.PROPERTY_SEED ?? 12), endOnFailure: true },
    );
  });
});
