/**
 * One truth for error codes: the SDK's list is the server's table (src/api/error-codes.ts), and
 * the codes the REAL server sends (buildApp listening on port 0, auth on) reach the SDK as those
 * codes with the table's statuses. The OpenAPI document names every code and the bearer scheme.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ERROR_STATUS } from '../../src/api/error-codes.ts';
import { API_ERROR_CODE_LIST, MemoryApiError, MemoryClient } from '../../client/index.ts';

const TOKEN = 'codes-token';
let built: BuiltApp;
let baseUrl: string;
let client: MemoryClient;

beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', MEMORY_AUTH_TOKEN: TOKEN }));
  baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  client = new MemoryClient({ baseUrl, token: TOKEN, retries: 0 });
});
afterAll(async () => {
  await built.close();
});

async function codeOf(p: Promise<unknown>): Promise<MemoryApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MemoryApiError);
  return err as MemoryApiError;
}

describe('error codes: server table = SDK list', () => {
  test('the SDK list is exactly the server table', () => {
    expect([...API_ERROR_CODE_LIST].sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect(API_ERROR_CODE_LIST).toContain('VALIDATION_FAILED');
    expect(API_ERROR_CODE_LIST).not.toContain('VALIDATION_ERROR');
  });

  test.each<[string, (c: MemoryClient) => Promise<unknown>, string]>([
    ['a schema violation', (c) => c.recall({ query: 'x', session_id: 's', user_id: 'u', max_tokens: 0 }), 'VALIDATION_FAILED'],
    ['a bad query string', (c) => c.listTurns('u', { limit: 0 }), 'VALIDATION_FAILED'],
    ['a missing scope', (c) => c.search({ query: 'x', user_id: null }), 'VALIDATION_FAILED'],
    ['a memory that is not there', (c) => c.forgetMemory('u', 'no-such-memory'), 'MEMORY_NOT_FOUND'],
    ['a wrong token', () => new MemoryClient({ baseUrl, token: 'wrong', retries: 0 }).listUsers(), 'UNAUTHORIZED'],
    ['no token', () => new MemoryClient({ baseUrl, retries: 0 }).listMemories('u'), 'UNAUTHORIZED'],
  ])('%s → %s, with the status of the table', async (_name, call, code) => {
    const err = await codeOf(call(client));
    expect(err.code).toBe(code);
    expect(API_ERROR_CODE_LIST).toContain(err.code);
    expect(err.status).toBe(ERROR_STATUS[err.code as keyof typeof ERROR_STATUS]);
    expect(err.requestId).toBeTruthy();
  });

  test('the OpenAPI document lists every code and declares the bearer scheme; /health needs none', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      security: unknown[];
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
    const text = JSON.stringify(doc.paths['/recall'].post.responses['422']);
    for (const code of API_ERROR_CODE_LIST) expect(text).toContain(code);
  });
});
