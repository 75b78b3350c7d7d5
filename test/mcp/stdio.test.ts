/**
 * MCP over stdio as a desktop agent runs it: the SDK's StdioClientTransport spawns
 * `memory-service mcp --db <file> --user alice`; tools are listed and called, the data lands in
 * the SQLite file, and closing stdin ends the process cleanly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { BIN, ROOT, cliEnv } from '../cli/helpers.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-stdio-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('memory-service mcp over stdio: tools work, stdout stays protocol-only, exits on stdin close', { timeout: 180_000 }, async () => {
  const db = join(dir, 'mcp.db');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--db', db, '--user', 'alice', '--session', 'desktop'],
    cwd: ROOT,
    env: cliEnv({ LOG_LEVEL: 'info' }) as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += String(d)));
  const client = new Client({ name: 'desktop-agent', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid;
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['forget', 'list_memories', 'recall', 'remember', 'search']);

    const r = (await client.callTool({ name: 'remember', arguments: { statement: 'I am learning the bandoneon with Ramón on Tuesdays' } })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    const rc = (await client.callTool({ name: 'recall', arguments: { query: 'learning the bandoneon on Tuesdays' } })) as CallToolResult;
    expect((rc.structuredContent as { context: string }).context).toContain('bandoneon');
    const denied = (await client.callTool({ name: 'search', arguments: { query: 'x', user_id: 'bob' } })) as CallToolResult;
    expect(denied.isError).toBe(true);
  } finally {
    await client.close();
  }
  // The process ends once the client is gone, and the data is in the file under the bound user and default session.
  await waitForExit(pid);
  // Logs (info level) went to stderr, never stdout (the protocol would have broken above).
  expect(stderr).toMatch(/"level":30|opening SQLite store/);
  const store = new SqliteMemoryStore(db);
  try {
    const turns = await store.listTurns('u:alice');
    expect(turns).toHaveLength(1);
    expect(turns[0].sessionId).toBe('desktop');
  } finally {
    await store.close();
  }
});

async function waitForExit(pid: number | null): Promise<void> {
  if (pid === null) return;
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`mcp process ${pid} did not exit`);
}
