/**
 * MCP over streamable HTTP at /mcp on a real listening server (buildApp, SQLite in memory,
 * bearer auth on), driven by the SDK's StreamableHTTPClientTransport.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

const TOKEN = 'mcp-secret';
let built: BuiltApp;
let url: URL;

beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', MEMORY_AUTH_TOKEN: TOKEN }));
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  url = new URL('/mcp', address);
});
afterAll(async () => {
  await built.close();
});

async function connect(token: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(url, token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : undefined);
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

describe('MCP over streamable HTTP', () => {
  test('lists tools and calls each one over HTTP', async () => {
    const client = await connect(TOKEN);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['forget', 'list_memories', 'recall', 'remember', 'search']);

      const r = (await client.callTool({ name: 'remember', arguments: { statement: 'Our band rehearses at the Tonhalle every Thursday', user_id: 'http-user', session_id: 'h1' } })) as CallToolResult;
      expect(r.isError).toBeFalsy();
      const turnId = (r.structuredContent as { turn_id: string }).turn_id;

      const rc = (await client.callTool({ name: 'recall', arguments: { query: 'Where does the band rehearse?', user_id: 'http-user', session_id: 'h2', max_tokens: 200 } })) as CallToolResult;
      expect(rc.isError).toBeFalsy();
      const recall = rc.structuredContent as { context: string; tokens: number; citations: Array<{ turn_id: string }> };
      expect(recall.context).toContain('Tonhalle');
      expect(recall.tokens).toBeLessThanOrEqual(200);
      expect(recall.citations.map((c) => c.turn_id)).toContain(turnId);

      const s = (await client.callTool({ name: 'search', arguments: { query: 'Tonhalle rehearsal', user_id: 'http-user' } })) as CallToolResult;
      expect((s.structuredContent as { results: Array<{ turn_id: string | null }> }).results.some((x) => x.turn_id === turnId)).toBe(true);

      const l = (await client.callTool({ name: 'list_memories', arguments: { user_id: 'http-user', include_history: true } })) as CallToolResult;
      expect(l.isError).toBeFalsy();
      expect(Array.isArray((l.structuredContent as { memories: unknown[] }).memories)).toBe(true);

      const bad = (await client.callTool({ name: 'recall', arguments: { query: 'x' } })) as CallToolResult;
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(/user_id or session_id/);

      const f = (await client.callTool({ name: 'forget', arguments: { target: 'user', user_id: 'http-user' } })) as CallToolResult;
      expect(f.isError).toBeFalsy();
      const after = (await client.callTool({ name: 'recall', arguments: { query: 'Where does the band rehearse?', user_id: 'http-user', session_id: 'h2' } })) as CallToolResult;
      expect((after.structuredContent as { context: string }).context).toBe('');
    } finally {
      await client.close();
    }
  });

  test('the bearer token is required on /mcp', async () => {
    await expect(connect(null)).rejects.toThrow(/401|nauthori/i);
    await expect(connect('wrong')).rejects.toThrow(/401|nauthori/i);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  test('GET and DELETE /mcp answer 405 (stateless endpoint); the request id header is set on POST', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(url, { method, headers: auth });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'x-request-id': 'mcp-trace-7', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('mcp-trace-7');
    const body = (await res.json()) as { result: { serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe('memory-service');
  });

  test('a malformed JSON-RPC body is a 4xx, not a crash', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
