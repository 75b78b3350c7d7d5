/**
 * @module test/core/offline-app
 * An in-process app over a fresh SQLite file, offline (no LLM, embeddings or reranker), for
 * tests that tell a user a few turns and then ask: `withOfflineApp(said, async (ask) => …)`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

export type Ask = (query: string, maxTokens?: number) => Promise<string>;

/** Posts each user line (with an assistant "Noted.") as one turn, a day apart (each in its own session with `sessions`), then runs `fn`. */
export async function withOfflineApp(said: string[], fn: (ask: Ask) => Promise<void>, opts: { sessions?: boolean } = {}): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'offline-app-'));
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'm.db'), MEMORY_DISABLE_LLM: '1', EMBEDDING_PROVIDER: 'none', RERANK_PROVIDER: 'none' }));
  try {
    for (const [i, content] of said.entries()) {
      const timestamp = new Date(Date.UTC(2025, 2, 1 + i, 10)).toISOString();
      const r = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: opts.sessions ? `s${i + 1}` : 's1', user_id: 'u', timestamp, messages: [{ role: 'user', content }, { role: 'assistant', content: 'Noted.' }] } });
      expect(r.statusCode).toBe(201);
    }
    await fn(async (query, maxTokens = 400) => (await built.app.inject({ method: 'POST', url: '/recall', payload: { query, session_id: 'q', user_id: 'u', max_tokens: maxTokens } })).json().context as string);
  } finally {
    await built.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A table row: the ask, and either the words of which one must be in the context (lower case), or [] for an empty context. */
export type ContextRow = [ask: string, anyOf: string[]];

/** Asks every row and expects, in one assertion listing every wrong row, its words in the context (or an empty context). */
export async function expectContexts(ask: Ask, rows: ContextRow[]): Promise<void> {
  const wrong: string[] = [];
  for (const [q, anyOf] of rows) {
    const ctx = (await ask(q, 400)).toLowerCase();
    const ok = anyOf.length === 0 ? ctx === '' : anyOf.some((w) => ctx.includes(w));
    if (!ok) wrong.push(`${q} → ${anyOf.length ? `none of ${anyOf.join('/')}` : 'not empty'}: ${JSON.stringify(ctx.slice(0, 160))}`);
  }
  expect(wrong).toEqual([]);
}

/** Tells the user's lines (one session each) and checks the rows against the contexts (expectContexts). */
export function expectRows(said: string[], rows: ContextRow[]): Promise<void> {
  return withOfflineApp(said, (ask) => expectContexts(ask, rows), { sessions: true });
}
