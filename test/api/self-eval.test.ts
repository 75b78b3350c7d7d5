/**
 * Self-evaluation over our own scripted multi-session conversations (fixtures/self-eval): ingest
 * every session over real HTTP, ask each probe from a fresh session of the same user and check the
 * context. Prints "X of Y probes passed" and fails below MIN_PASS_RATE (set from the measured run,
 * see CHANGELOG.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { RecallResponse } from '../../src/api/schemas.ts';
import { ROOT, sqliteBackend, startServer, type Backend, type RunningServer } from './harness.ts';

/**
 * Measured at the end of the 2026-11-30 session: 49/50 (98%) overall, but the held-out
 * conversation (lena-chef) scored 10/11 (91%) before the recall rules saw it. The floor is the
 * held-out rate, 90%: passing fitted probes says less than passing unseen ones. See CHANGELOG.md.
 */
const MIN_PASS_RATE = 0.9;

const Probe = z.object({
  query: z.string(),
  expect: z.array(z.string()).optional(),
  expect_any: z.array(z.string()).optional(),
  must_not_current: z.array(z.string()).optional(),
  empty: z.boolean().optional(),
});
const Conversation = z.object({
  name: z.string(),
  description: z.string(),
  user_id: z.string(),
  sessions: z.array(
    z.object({
      session_id: z.string(),
      timestamp: z.string(),
      turns: z.array(z.object({ user: z.string(), assistant: z.string().optional() })),
    }),
  ),
  probes: z.array(Probe),
});
type Probe = z.infer<typeof Probe>;

const DIR = join(ROOT, 'fixtures/self-eval');
const conversations = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => Conversation.parse(JSON.parse(readFileSync(join(DIR, f), 'utf8'))));

const PAST = /previous|previously|former|formerly|until|used to|no longer|past|before|earlier|ended|was\b/i;

/** Lines of the "facts" section(s) of a context. */
function factLines(context: string): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of context.split('\n')) {
    if (line.startsWith('#')) inside = /fact/i.test(line);
    else if (inside && line.trim() !== '') out.push(line);
  }
  return out;
}

/** Why a probe failed, or null when it passed. */
export function judge(p: Probe, context: string): string | null {
  const lc = context.toLowerCase();
  if (p.empty) return context === '' ? null : `expected empty context, got ${JSON.stringify(context.slice(0, 160))}`;
  for (const e of p.expect ?? []) if (!lc.includes(e.toLowerCase())) return `missing "${e}"`;
  if (p.expect_any && !p.expect_any.some((e) => lc.includes(e.toLowerCase()))) return `none of ${JSON.stringify(p.expect_any)}`;
  for (const bad of p.must_not_current ?? []) {
    const line = factLines(context).find((l) => l.toLowerCase().includes(bad.toLowerCase()) && !PAST.test(l));
    if (line) return `"${bad}" presented as current: ${line}`;
  }
  return null;
}

describe('self-evaluation (fixtures/self-eval)', () => {
  let backend: Backend;
  let server: RunningServer;
  beforeAll(async () => {
    backend = await sqliteBackend();
    server = await startServer(backend.env);
  });
  afterAll(async () => {
    await server?.stop();
    await backend?.cleanup();
  });

  test('X of Y probes pass', async () => {
    let passed = 0;
    let total = 0;
    const failures: string[] = [];
    const perConversation: string[] = [];
    for (const c of conversations) {
      const before = { passed, total };
      for (const s of c.sessions) {
        const t0 = Date.parse(s.timestamp);
        for (const [i, t] of s.turns.entries()) {
          const messages = [{ role: 'user', content: t.user }, ...(t.assistant ? [{ role: 'assistant', content: t.assistant }] : [])];
          const res = await server.api.post('/turns', { session_id: s.session_id, user_id: c.user_id, messages, timestamp: new Date(t0 + i * 60_000).toISOString() });
          expect(res.status, res.text).toBe(201);
        }
      }
      for (const [i, p] of c.probes.entries()) {
        const res = await server.api.post('/recall', { query: p.query, session_id: `${c.name}-probe-${i}`, user_id: c.user_id });
        expect(res.status, res.text).toBe(200);
        const { context } = RecallResponse.parse(res.body);
        total++;
        const why = judge(p, context);
        if (why === null) passed++;
        else failures.push(`${c.name}: "${p.query}" — ${why}`);
      }
      perConversation.push(`${c.name} ${passed - before.passed}/${total - before.total}`);
    }
    console.log(`self-eval: ${passed} of ${total} probes passed (${((100 * passed) / total).toFixed(1)}%) — ${perConversation.join(', ')}\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(30);
    expect(passed / total).toBeGreaterThanOrEqual(MIN_PASS_RATE);
  });
});
