/**
 * `memory-service reembed` against an OpenAI-compatible embedding double (a real local HTTP
 * server speaking the /embeddings wire format): fills the missing vectors, and refuses with a
 * clear message when no embedding provider is configured.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { makeService } from '../mcp/helpers.ts';
import { runCli } from './helpers.ts';

let dir: string;
let db: string;
let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reembed-'));
  db = join(dir, 'r.db');
  const { service, close } = await makeService(new SqliteMemoryStore(db));
  for (const c of ['I live in Berlin', 'I work at Acme', 'my dog is called Rex']) await service.ingestTurn({ sessionId: 's', userId: 'u', messages: [{ role: 'user', content: c }] });
  await close();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      requests++;
      const input = (JSON.parse(body) as { input: string[] }).input;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', model: 'double', data: input.map((t, i) => ({ object: 'embedding', index: i, embedding: [t.length, 1, 0.5] })) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

test('embeds every turn and memory missing a vector, then has nothing left to do', { timeout: 180_000 }, async () => {
  const env = { EMBEDDING_BASE_URL: baseUrl, EMBEDDING_MODEL: 'double-embed' };
  const r = await runCli(['reembed', '--db', db, '--batch-size', '2'], { env });
  expect(r.code, r.stderr).toBe(0);
  const store = new SqliteMemoryStore(db);
  const counts = await store.counts();
  const models = await store.embeddingModels();
  await store.close();
  expect(models).toEqual([{ model: 'double-embed', dim: 3, count: counts.turns + counts.memories }]);
  expect(r.stderr).toContain(`embedded ${counts.turns + counts.memories} items with double-embed (dim 3)`);
  expect(requests).toBe(Math.ceil((counts.turns + counts.memories) / 2));
  const again = await runCli(['reembed', '--db', db], { env });
  expect(again.code).toBe(0);
  expect(again.stderr).toContain('embedded 0 items');
});

test('without an embedding provider it exits 1 and says what to set', { timeout: 180_000 }, async () => {
  const r = await runCli(['reembed', '--db', db]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/no embedding provider is configured/);
});
