/**
 * The `memory-service` command line as a user runs it (child processes of bin/memory-service.js):
 * help and exit codes, export → import between SQLite files, recall/search against the store
 * and against a running server through the SDK.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { makeService } from '../mcp/helpers.ts';
import { runCli } from './helpers.ts';

let dir: string;
let srcDb: string;

async function snapshot(store: MemoryStore) {
  const out: { turns: unknown[]; memories: unknown[] } = { turns: [], memories: [] };
  for (const scope of await store.listScopes()) {
    out.turns.push(...(await store.listTurns(scope, { limit: 10_000 })));
    out.memories.push(...(await store.listMemories(scope, { includeInactive: true, includeDeleted: true, limit: 10_000 })));
  }
  const byId = (a: unknown, b: unknown) => (a as { id: string }).id.localeCompare((b as { id: string }).id);
  out.turns.sort(byId);
  out.memories.sort(byId);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-test-'));
  srcDb = join(dir, 'src.db');
  const { service, close } = await makeService(new SqliteMemoryStore(srcDb));
  await service.ingestTurn({ sessionId: 's1', userId: 'alice', messages: [{ role: 'user', content: 'I live in Berlin' }], timestamp: '2025-01-01T00:00:00Z' });
  await service.ingestTurn({ sessionId: 's2', userId: 'alice', messages: [{ role: 'user', content: 'I live in Lisbon now, near the Alfama' }], timestamp: '2025-06-01T00:00:00Z' });
  await service.ingestTurn({ sessionId: 's3', userId: 'bob', messages: [{ role: 'user', content: 'I work at Initech' }] });
  await close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('help and exit codes', { timeout: 180_000 }, () => {
  test('--help works for the program and every command (exit 0)', async () => {
    const commands = [[], ['serve'], ['mcp'], ['export'], ['import'], ['recall'], ['search'], ['eval', 'locomo'], ['reembed']];
    const results = await Promise.all(commands.map((c) => runCli([...c, '--help'])));
    results.forEach((r, i) => {
      expect(r.code, `${commands[i].join(' ')} --help`).toBe(0);
      expect(r.stdout).toMatch(/^Usage: memory-service/);
    });
    for (const name of ['serve', 'mcp', 'export', 'import', 'recall', 'search', 'eval', 'reembed']) expect(results[0].stdout).toContain(name);
    expect(results[3].stdout).toContain('--user');
  });

  test.each([
    ['an unknown option', ['export', '--bogus']],
    ['recall without a query', ['recall', '--user', 'u']],
    ['recall without user or session', ['recall', 'hello']],
    ['a missing import file', ['import', '/nonexistent/dump.jsonl']],
    ['a bad --limit', ['search', 'x', '--user', 'u', '--limit', 'lots']],
    ['a bad --port', ['serve', '--port', 'abc']],
  ])('%s exits 2 with a message', async (_name, args) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error/i);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  test('eval locomo passes its options to the benchmark script', async () => {
    const r = await runCli(['eval', 'locomo', '--data', '/nonexistent/locomo.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('/nonexistent/locomo.json');
  });

  test('an invalid LOG_LEVEL is a usage error naming the variable', async () => {
    const r = await runCli(['recall', 'x', '--user', 'u', '--db', join(dir, 'empty.db')], { env: { LOG_LEVEL: 'chatty' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('LOG_LEVEL');
  });
});

describe('export and import', { timeout: 180_000 }, () => {
  test('export to stdout, import into a new file: identical store; re-import skips', async () => {
    const exp = await runCli(['export', '--db', srcDb]);
    expect(exp.code).toBe(0);
    const lines = exp.stdout.trim().split('\n');
    expect(JSON.parse(lines[0]).type).toBe('header');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ type: 'footer', turns: 3 });
    expect(exp.stderr).toContain('exported 3 turns');
    const dump = join(dir, 'dump.jsonl');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(dump, exp.stdout);

    const dst = join(dir, 'dst.db');
    const imp = await runCli(['import', dump, '--db', dst]);
    expect(imp.code).toBe(0);
    expect(imp.stderr).toMatch(/imported 3 turns \(0 already present\)/);

    const a = new SqliteMemoryStore(srcDb);
    const b = new SqliteMemoryStore(dst);
    try {
      expect(await snapshot(b)).toEqual(await snapshot(a));
    } finally {
      await a.close();
      await b.close();
    }

    const again = await runCli(['import', '-', '--db', dst], { input: exp.stdout });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/imported 0 turns \(3 already present\)/);
  });

  test('export --user -o file writes only that user', async () => {
    const out = join(dir, 'bob.jsonl');
    const r = await runCli(['export', '--db', srcDb, '--user', 'bob', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const recs = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const turns = recs.filter((x) => x.type === 'turn');
    expect(turns).toHaveLength(1);
    expect(turns[0].turn.userId).toBe('bob');
  });

  test('a corrupt file fails with exit 1 and the line number', async () => {
    const r = await runCli(['import', '-', '--db', join(dir, 'corrupt.db')], { input: '{"type":"header","format":"memory-service-export","version":1,"exported_at":"x","source":null,"user_id":null}\nnot json\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2: not valid JSON/);
  });
});

describe('recall and search from the terminal', { timeout: 180_000 }, () => {
  test('against the store directly', async () => {
    const r = await runCli(['recall', 'Lisbon', 'Alfama', '--user', 'alice', '--db', srcDb]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Lisbon');
    const s = await runCli(['search', 'Initech', '--user', 'bob', '--db', srcDb, '--json']);
    expect(s.code).toBe(0);
    const results = JSON.parse(s.stdout).results as Array<{ content: string }>;
    expect(results.some((x) => x.content.includes('Initech'))).toBe(true);
  });

  describe('against a running server (--url, through the SDK)', () => {
    let built: BuiltApp;
    let url: string;
    beforeAll(async () => {
      built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', MEMORY_AUTH_TOKEN: 'cli-token' }));
      url = await built.app.listen({ port: 0, host: '127.0.0.1' });
      await built.app.inject({ method: 'POST', url: '/turns', headers: { authorization: 'Bearer cli-token' }, payload: { session_id: 'x', user_id: 'carol', messages: [{ role: 'user', content: 'My cat Miso loves the balcony' }] } });
    });
    afterAll(async () => {
      await built.close();
    });

    test('recall --json and search with the token', async () => {
      const r = await runCli(['recall', 'Miso the cat', '--user', 'carol', '--url', url, '--token', 'cli-token', '--json']);
      expect(r.code).toBe(0);
      const body = JSON.parse(r.stdout) as { context: string; citations: unknown[] };
      expect(body.context).toContain('Miso');
      expect(body.citations.length).toBeGreaterThan(0);
      const s = await runCli(['search', 'balcony', '--user', 'carol'], { env: { MEMORY_URL: url, MEMORY_AUTH_TOKEN: 'cli-token' } });
      expect(s.code).toBe(0);
      expect(s.stdout).toContain('balcony');
    });

    test('a wrong token exits 1 with the API error code', async () => {
      const r = await runCli(['recall', 'Miso', '--user', 'carol', '--url', url, '--token', 'nope']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/invalid token|UNAUTHORIZED/);
    });
  });
});
