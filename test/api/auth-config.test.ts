/**
 * Issue 12, defect 6 and per-key tenants: the auth configuration (api/tenant-keys) refuses to
 * start on anything blank or malformed instead of failing open, maps keys to tenants, and the
 * server process exits with a clear message (never echoing the secret).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { parseKeyFile, resolveTenantKeys } from '../../src/api/tenant-keys.ts';
import { keyring } from '../../src/api/auth.ts';
import { runCli } from '../cli/helpers.ts';

describe('refused auth settings', () => {
  test.each([
    [{ MEMORY_AUTH_TOKEN: '   ' }, /MEMORY_AUTH_TOKEN is blank/],
    [{ MEMORY_AUTH_TOKEN: '\t' }, /MEMORY_AUTH_TOKEN is blank/],
    [{ MEMORY_AUTH_TOKEN: 'two words' }, /MEMORY_AUTH_TOKEN contains whitespace/],
    [{ MEMORY_AUTH_TOKEN: ' padded ' }, /MEMORY_AUTH_TOKEN contains whitespace/],
    [{ MEMORY_AUTH_TOKEN: 'caf\u00e9-token' }, /MEMORY_AUTH_TOKEN contains characters other than visible ASCII/],
    [{ MEMORY_API_KEYS: '  ' }, /MEMORY_API_KEYS entry 1 is empty/],
    [{ MEMORY_API_KEYS: 'alpha:key-a,' }, /MEMORY_API_KEYS entry 2 is empty/],
    [{ MEMORY_API_KEYS: 'alpha' }, /entry 1 is not of the form tenant:key/],
    [{ MEMORY_API_KEYS: 'alpha:' }, /entry 1: the key is blank/],
    [{ MEMORY_API_KEYS: ':key-a' }, /entry 1: tenant name/],
    [{ MEMORY_API_KEYS: 'al pha:key-a' }, /entry 1: tenant name/],
    [{ MEMORY_API_KEYS: 'alpha:key a' }, /entry 1: the key contains whitespace/],
    [{ MEMORY_API_KEYS: 'alpha:k1,beta:k1' }, /one key is configured for two tenants/],
    [{ MEMORY_AUTH_TOKEN: 'k1', MEMORY_API_KEYS: 'beta:k1' }, /one key is configured for two tenants/],
    [{ MEMORY_API_KEYS_FILE: '/nonexistent/keys.txt' }, /MEMORY_API_KEYS_FILE cannot be read \(ENOENT\)/],
  ])('%j → refused', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    // The message never carries the secret itself.
    try {
      loadConfig(env);
    } catch (err) {
      for (const v of Object.values(env)) for (const secret of v.split(/[,:]/).filter((x) => x.trim().length > 2 && x.startsWith('k'))) expect((err as Error).message).not.toContain(secret);
    }
  });

  test('an exactly empty variable means unset (the `VAR=` convention of .env files)', () => {
    expect(resolveTenantKeys(loadConfig({ MEMORY_AUTH_TOKEN: '', MEMORY_API_KEYS: '' }))).toEqual([]);
  });
});

describe('accepted auth settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('token, list and file combine; the token is the default tenant; a tenant may hold several keys', () => {
    const file = join(dir, 'keys.txt');
    writeFileSync(file, '# tenants\r\ngamma:key-g1\n\n  gamma:key-g2  \nbeta:key-b2\n');
    const keys = resolveTenantKeys(loadConfig({ MEMORY_AUTH_TOKEN: 'tok-default', MEMORY_API_KEYS: 'alpha:key-a, beta:key-b:with:colons', MEMORY_API_KEYS_FILE: file }));
    const lookup = keyring(keys);
    expect(
      Object.fromEntries(['tok-default', 'key-a', 'key-b:with:colons', 'key-b2', 'key-g1', 'key-g2', 'key-x', 'key-g'].map((k) => [k, lookup(k)])),
    ).toEqual({ 'tok-default': 'default', 'key-a': 'alpha', 'key-b:with:colons': 'beta', 'key-b2': 'beta', 'key-g1': 'gamma', 'key-g2': 'gamma', 'key-x': null, 'key-g': null });
  });

  test.each([
    ['# only comments\n\n', /holds no tenant:key line/],
    ['alpha:ok\nbroken line\n', /line 2 is not of the form tenant:key/],
  ])('key file %j → refused', (text, message) => {
    expect(() => parseKeyFile(text)).toThrow(message);
  });
});

test('the server refuses to start on a blank MEMORY_AUTH_TOKEN, saying why', async () => {
  const r = await runCli(['serve'], { env: { MEMORY_AUTH_TOKEN: '   ', MEMORY_DB_PATH: ':memory:', PORT: '0' }, timeoutMs: 60_000 });
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(/MEMORY_AUTH_TOKEN is blank/);
});
