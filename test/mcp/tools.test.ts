/**
 * MCP tools over the SDK's own Client and an in-memory linked transport pair: list the tools,
 * call each against a real (in-memory SQLite) store, and check results, scoping and errors.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type McpServerOptions } from '../../src/mcp/server.ts';
import { makeService } from './helpers.ts';
import type { MemoryService } from '../../src/core/service.ts';

interface Harness {
  client: Client;
  service: MemoryService;
  close(): Promise<void>;
}

async function connect(options: McpServerOptions = {}, existing?: MemoryService): Promise<Harness> {
  const made = existing ? null : await makeService();
  const service = existing ?? made!.service;
  const server = createMcpServer(service, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    service,
    async close() {
      await client.close();
      await server.close();
      await made?.close();
    },
  };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
type Mem = { id: string; key: string; value: string; status: string; active: boolean };

describe('MCP tools (in-memory transport)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await connect({ defaultMaxTokens: 512 });
  });
  afterEach(async () => {
    await h.close();
  });

  test('lists the five tools with descriptions and input schemas', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['forget', 'list_memories', 'recall', 'remember', 'search']);
    for (const t of tools) {
      expect(t.description?.length ?? 0).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
    const remember = tools.find((t) => t.name === 'remember')!;
    expect(Object.keys(remember.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['messages', 'statement', 'user_id', 'session_id']));
    expect(tools.find((t) => t.name === 'forget')!.annotations?.destructiveHint).toBe(true);
    expect(tools.find((t) => t.name === 'recall')!.annotations?.readOnlyHint).toBe(true);
  });

  test('remember a statement, then recall, search and list it', async () => {
    const r = await call(h.client, 'remember', { statement: 'I live in Berlin and I work at Acme', user_id: 'alice', session_id: 's1' });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as { turn_id: string; seq: number; memories: Mem[] };
    expect(out.seq).toBe(1);
    expect(out.memories.map((m) => `${m.key}=${m.value}`).sort()).toEqual(['employer=Acme', 'location=Berlin']);
    expect(text(r)).toContain(out.turn_id);

    const rc = await call(h.client, 'recall', { query: 'Where does the user live?', user_id: 'alice', session_id: 's2' });
    expect(rc.isError).toBeFalsy();
    const ctx = rc.structuredContent as { context: string; tokens: number; citations: Array<{ turn_id: string }> };
    expect(ctx.context).toContain('Berlin');
    expect(ctx.tokens).toBeLessThanOrEqual(512);
    expect(text(rc)).toBe(ctx.context);

    const s = await call(h.client, 'search', { query: 'Acme', user_id: 'alice' });
    const results = (s.structuredContent as { results: Array<{ kind: string; content: string; turn_id: string | null }> }).results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((x) => x.content.includes('Acme'))).toBe(true);
    expect(results.every((x) => x.turn_id === out.turn_id)).toBe(true);

    const l = await call(h.client, 'list_memories', { user_id: 'alice' });
    expect((l.structuredContent as { count: number }).count).toBe(2);
    expect(text(l)).toMatch(/location: Berlin/);
  });

  test('a turn of messages evolves a fact; list shows history only when asked', async () => {
    await call(h.client, 'remember', { messages: [{ role: 'user', content: 'I live in Berlin' }, { role: 'assistant', content: 'Nice city!' }], user_id: 'bob', session_id: 's1' });
    await call(h.client, 'remember', { messages: [{ role: 'user', content: 'We moved, I live in Lisbon now' }], user_id: 'bob', session_id: 's1' });
    const current = (await call(h.client, 'list_memories', { user_id: 'bob' })).structuredContent as { memories: Mem[] };
    expect(current.memories.map((m) => m.value)).toEqual(['Lisbon']);
    const all = (await call(h.client, 'list_memories', { user_id: 'bob', include_history: true })).structuredContent as { memories: Mem[] };
    expect(all.memories.map((m) => `${m.value}:${m.status}`).sort()).toEqual(['Berlin:superseded', 'Lisbon:active']);
  });

  test('forget a memory: soft-deleted, gone from recall and the default list, visible with include_deleted', async () => {
    const r = await call(h.client, 'remember', { statement: 'my dog is called Biscuit', user_id: 'carol' });
    const mem = (r.structuredContent as { memories: Mem[] }).memories[0];
    // Other users cannot forget (or even probe) Carol's memory.
    const foreign = await call(h.client, 'forget', { target: 'memory', memory_id: mem.id, user_id: 'mallory' });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toContain('MEMORY_NOT_FOUND');

    const f = await call(h.client, 'forget', { target: 'memory', memory_id: mem.id, user_id: 'carol' });
    expect(f.isError).toBeFalsy();
    expect((f.structuredContent as { memory: Mem }).memory.status).toBe('deleted');
    expect((await call(h.client, 'list_memories', { user_id: 'carol' })).structuredContent).toMatchObject({ count: 0 });
    const withDeleted = (await call(h.client, 'list_memories', { user_id: 'carol', include_deleted: true, include_history: true })).structuredContent as { memories: Mem[] };
    expect(withDeleted.memories.map((m) => m.status)).toEqual(['deleted']);
    const again = await call(h.client, 'forget', { target: 'memory', memory_id: mem.id, user_id: 'carol' });
    expect(again.isError).toBeFalsy();
  });

  test('forget a session and a user', async () => {
    await call(h.client, 'remember', { statement: 'I live in Oslo', user_id: 'dan', session_id: 'dan-1' });
    await call(h.client, 'remember', { statement: 'I work at Initech', user_id: 'dan', session_id: 'dan-2' });
    expect((await call(h.client, 'forget', { target: 'session', session_id: 'dan-1' })).isError).toBeFalsy();
    expect(await h.service.store.listTurns('u:dan')).toHaveLength(1);
    const f = await call(h.client, 'forget', { target: 'user', user_id: 'dan' });
    expect(f.isError).toBeFalsy();
    expect(await h.service.store.listTurns('u:dan')).toHaveLength(0);
    expect((await call(h.client, 'list_memories', { user_id: 'dan', include_history: true })).structuredContent).toMatchObject({ count: 0 });
  });

  test('session-only scope (no user) works like the REST API', async () => {
    await call(h.client, 'remember', { statement: 'I live in Paris', session_id: 'anon-1' });
    const l = (await call(h.client, 'list_memories', { session_id: 'anon-1' })).structuredContent as { memories: Mem[] };
    expect(l.memories.map((m) => m.value)).toEqual(['Paris']);
    expect((await call(h.client, 'list_memories', { session_id: 'anon-2' })).structuredContent).toMatchObject({ count: 0 });
    const rc = (await call(h.client, 'recall', { query: 'where do I live', session_id: 'anon-1' })).structuredContent as { context: string };
    expect(rc.context).toContain('Paris');
  });

  test.each([
    ['remember with neither messages nor statement', 'remember', { user_id: 'u' }, /exactly one of messages or statement/],
    ['remember with both', 'remember', { user_id: 'u', statement: 'x', messages: [{ role: 'user', content: 'y' }] }, /exactly one/],
    ['recall with no user and no session', 'recall', { query: 'x' }, /user_id or session_id is required/],
    ['recall with a zero budget', 'recall', { query: 'x', user_id: 'u', max_tokens: 0 }, /max_tokens/],
    ['search with an empty query', 'search', { query: '', user_id: 'u' }, /query/],
    ['remember with a bad role', 'remember', { user_id: 'u', messages: [{ role: 'robot', content: 'x' }] }, /role/],
    ['remember with a bad timestamp', 'remember', { user_id: 'u', statement: 'x', timestamp: 'yesterday' }, /ISO-8601/],
    ['forget a memory without id', 'forget', { target: 'memory', user_id: 'u' }, /memory_id is required/],
    ['forget a session without id', 'forget', { target: 'session' }, /session_id is required/],
    ['forget a user without id', 'forget', { target: 'user' }, /user_id is required/],
    ['forget an unknown target', 'forget', { target: 'planet' }, /target/],
    ['an unknown tool', 'teleport', {}, /teleport/],
  ])('%s → tool error', async (_name, tool, args, message) => {
    const r = await call(h.client, tool, args);
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(message);
  });
});

describe('MCP server bound to one user', () => {
  test('user_id defaults to the bound user and other users are refused', async () => {
    const h = await connect({ userId: 'alice' });
    try {
      const r = await call(h.client, 'remember', { statement: 'I live in Rome' });
      expect(r.isError).toBeFalsy();
      expect(await h.service.store.listTurns('u:alice')).toHaveLength(1);
      const other = await call(h.client, 'recall', { query: 'Rome', user_id: 'bob' });
      expect(other.isError).toBe(true);
      expect(text(other)).toMatch(/bound to one user/);
      const forgetOther = await call(h.client, 'forget', { target: 'user', user_id: 'bob' });
      expect(forgetOther.isError).toBe(true);
      // A session of another user cannot be deleted through a bound server.
      await h.service.ingestTurn({ sessionId: 'bob-s', userId: 'bob', messages: [{ role: 'user', content: 'hello' }] });
      const fs = await call(h.client, 'forget', { target: 'session', session_id: 'bob-s' });
      expect(fs.isError).toBe(true);
      expect(await h.service.store.listTurns('u:bob')).toHaveLength(1);
      expect((await call(h.client, 'list_memories', {})).structuredContent).toMatchObject({ count: 1 });
    } finally {
      await h.close();
    }
  });
});

describe('MCP forget session on a shared session id', () => {
  test('a bound server deletes only its user\'s part of the session, never another user\'s', async () => {
    const h = await connect({ userId: 'alice' });
    try {
      for (const userId of ['alice', 'bob']) await h.service.ingestTurn({ sessionId: 'chat-1', userId, messages: [{ role: 'user', content: 'hello there' }] });
      const r = await call(h.client, 'forget', { target: 'session', session_id: 'chat-1' });
      expect(r.isError).toBeFalsy();
      expect(await h.service.store.listTurns('u:alice')).toHaveLength(0);
      expect(await h.service.store.listTurns('u:bob')).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});

describe('MCP tool failures', () => {
  test('a failing store yields a tool error without internals, not a crash', async () => {
    const { service, store, close } = await makeService();
    const h = await connect({}, service);
    try {
      const original = store.listMemories.bind(store);
      store.listMemories = async () => {
        throw new Error('SQLITE_IOERR: disk I/O error at /secret/path');
      };
      const r = await call(h.client, 'list_memories', { user_id: 'x' });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/INTERNAL_ERROR/);
      expect(text(r)).not.toContain('/secret/path');
      store.listMemories = original;
      expect((await call(h.client, 'list_memories', { user_id: 'x' })).isError).toBeFalsy();
    } finally {
      await h.close();
      await close();
    }
  });
});
