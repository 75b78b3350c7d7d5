/**
 * Read commands (recall, search, export, reembed) on a store that does not exist: a clear error
 * naming where they looked, exit 1, and nothing created — where they used to open an empty
 * ./data/memory.db wherever they ran and report "nothing remembered".
 */
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_DB_PATH, missingStore } from '../../src/cli/runtime.ts';
import { runCli } from './helpers.ts';

let dir: string;
beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'no-store-')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('missingStore', () => {
  test('the documented default is the configuration default', () => {
    expect(loadConfig({}).MEMORY_DB_PATH).toBe(DEFAULT_DB_PATH);
  });

  const none = () => false;
  const all = () => true;
  test.each<[string, { DATABASE_URL?: string; MEMORY_DB_PATH: string }, (p: string) => boolean, RegExp | null]>([
    ['the default SQLite file, absent', { MEMORY_DB_PATH: DEFAULT_DB_PATH }, none, /no store at .*data\/memory\.db \(the default location/],
    ['another SQLite file, absent', { MEMORY_DB_PATH: '/srv/m.db' }, none, /^no store at \/srv\/m\.db: point --db/],
    ['a SQLite file that exists', { MEMORY_DB_PATH: '/srv/m.db' }, all, null],
    ['in memory', { MEMORY_DB_PATH: ':memory:' }, none, null],
    ['a PGlite folder, absent', { DATABASE_URL: 'pglite:///srv/pg', MEMORY_DB_PATH: DEFAULT_DB_PATH }, none, /no PGlite store at \/srv\/pg/],
    ['PGlite in memory', { DATABASE_URL: 'pglite:memory', MEMORY_DB_PATH: DEFAULT_DB_PATH }, none, null],
    ['PostgreSQL (the server knows)', { DATABASE_URL: 'postgres://h/db', MEMORY_DB_PATH: DEFAULT_DB_PATH }, none, null],
  ])('%s', (_name, config, exists, expected) => {
    const got = missingStore({ DATABASE_URL: undefined, ...config }, exists);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatch(expected);
  });
});

describe('read commands without a store', { timeout: 180_000 }, () => {
  test.each([
    [['recall', 'where', '--user', 'alice']],
    [['search', 'where', '--user', 'alice']],
    [['export']],
    [['reembed']],
  ])('%j in an empty folder: exit 1, the path named, nothing created', async (args) => {
    const r = await runCli(args, { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`no store at ${join(dir, 'data', 'memory.db')} (the default location`);
    expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  test('--db naming a missing file is refused the same way', async () => {
    const r = await runCli(['recall', 'x', '--user', 'a', '--db', join(dir, 'nope.db')], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`no store at ${join(dir, 'nope.db')}:`);
    expect(existsSync(join(dir, 'nope.db'))).toBe(false);
  });
});
