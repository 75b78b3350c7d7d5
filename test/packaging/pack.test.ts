/**
 * The package as a user gets it: `npm pack` (which runs `prepare`, the build) makes a tarball;
 * it is installed into a fresh temp project (from the npm cache where possible, else the npm
 * registry; nothing else); plain Node 20 then imports the client as ESM and as CJS, `npx
 * memory-service --help` runs from the install, and `memory-service serve` from the install
 * serves the inspector at `/` and the API next to it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, freePort } from '../cli/helpers.ts';

const run = promisify(execFile);
let work: string;
let project: string;

/** The environment without the npm_* variables of the `npm test` that runs us. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
}

describe('packaging', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pack-'));
    const env = cleanEnv();
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
    const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string }>;
    project = join(work, 'consumer');
    await run('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    await run('npm', ['install', join(work, filename), '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, env, maxBuffer: 64 * 1024 * 1024 });
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the tarball holds the build and no sources or tests', () => {
    const pkg = join(project, 'node_modules', 'memory-service');
    for (const f of ['dist/src/app.js', 'dist/src/app.d.ts', 'dist/client/index.js', 'dist/client/index.d.ts', 'dist/cjs/client/index.js', 'dist/cjs/client/index.d.ts', 'dist/web/index.html', 'bin/memory-service.js']) {
      expect(existsSync(join(pkg, f)), f).toBe(true);
    }
    for (const f of ['src', 'test', 'web', 'bench']) expect(existsSync(join(pkg, f)), f).toBe(false);
  });

  test('plain Node imports the client as ESM and requires it as CJS', async () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      "import { MemoryClient, MemoryApiError, API_ERROR_CODE_LIST } from 'memory-service/client';\n" +
        "const c = new MemoryClient({ baseUrl: 'http://127.0.0.1:1' });\n" +
        "const err = await c.health({ timeoutMs: 2000 }).catch((e) => e);\n" +
        'console.log(JSON.stringify({ ctor: typeof MemoryClient, error: err instanceof MemoryApiError, code: err.code, validation: API_ERROR_CODE_LIST.includes("VALIDATION_FAILED") }));\n',
    );
    writeFileSync(
      join(project, 'cjs.cjs'),
      "const { MemoryClient, API_ERROR_CODE_LIST } = require('memory-service/client');\n" +
        'console.log(JSON.stringify({ ctor: typeof MemoryClient, validation: API_ERROR_CODE_LIST.includes("VALIDATION_FAILED") }));\n',
    );
    const esm = await run(process.execPath, ['esm.mjs'], { cwd: project, env: cleanEnv() });
    expect(JSON.parse(esm.stdout)).toEqual({ ctor: 'function', error: true, code: 'NETWORK_ERROR', validation: true });
    const cjs = await run(process.execPath, ['cjs.cjs'], { cwd: project, env: cleanEnv() });
    expect(JSON.parse(cjs.stdout)).toEqual({ ctor: 'function', validation: true });
  });

  test('npx memory-service --help runs from the install', async () => {
    const { stdout } = await run('npx', ['--no-install', 'memory-service', '--help'], { cwd: project, env: cleanEnv() });
    expect(stdout).toContain('Usage: memory-service');
    expect(stdout).toMatch(/serve/);
  });

  test('memory-service serve from the install serves the inspector at / and the API', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const bin = join(project, 'node_modules', '.bin', 'memory-service');
    const child = spawn(bin, ['serve', '--db', join(work, 'served.db'), '--port', String(port), '--host', '127.0.0.1'], { cwd: project, env: { ...cleanEnv(), LOG_LEVEL: 'info' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      for (let i = 0; i < 600 && !out.includes('ready:'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('ready:');
      expect(out).toContain(`inspector http://127.0.0.1:${port}/`);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const asset = /src="(\/inspector\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset, html).toBeDefined();
      expect((await fetch(`http://127.0.0.1:${port}${asset}`)).status).toBe(200);
      expect(((await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as { status: string }).status).toBe('ok');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });
});
