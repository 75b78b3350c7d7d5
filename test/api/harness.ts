/**
 * @module test/api/harness
 * Runs the real server as a child process (`node --no-regexp-tier-up --import tsx src/cli/main.ts serve`) on a free
 * port, waits for /health, and gives tests a tiny HTTP client. Used by the contract suite against
 * any backend: the backend is just environment variables (MEMORY_DB_PATH, DATABASE_URL...).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now (PORT=0 is not reported back by the server). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Client {
  url: string;
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult<T>>;
  /** Sends a raw string body (malformed JSON, oversized payloads...). */
  raw<T = any>(method: string, path: string, body: string, headers?: Record<string, string>): Promise<HttpResult<T>>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<HttpResult<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult<T>>;
  del<T = any>(path: string, headers?: Record<string, string>): Promise<HttpResult<T>>;
}

export function client(url: string, defaultHeaders: Record<string, string> = {}): Client {
  const raw = async (method: string, path: string, body: string | undefined, headers: Record<string, string> = {}): Promise<HttpResult> => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...defaultHeaders, ...headers },
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    url,
    request: (method, path, body, headers) => raw(method, path, body === undefined ? undefined : JSON.stringify(body), headers),
    raw: (method, path, body, headers) => raw(method, path, body, headers),
    get: (path, headers) => raw('GET', path, undefined, headers),
    post: (path, body, headers) => raw('POST', path, JSON.stringify(body), headers),
    del: (path, headers) => raw('DELETE', path, undefined, headers),
  };
}

export interface RunningServer {
  port: number;
  url: string;
  api: Client;
  proc: ChildProcess;
  /** Everything the process wrote (logs), for assertions and failure messages. */
  output(): string;
  /** SIGTERM and wait for exit (graceful). */
  stop(): Promise<void>;
  /** SIGKILL and wait for exit (crash). */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts the server with `env` on a free port; resolves once GET /health answers 200. */
export async function startServer(env: Record<string, string>, opts: { timeoutMs?: number; nodeArgs?: readonly string[] } = {}): Promise<RunningServer> {
  const port = await freePort();
  // As `npm start` and the Docker image run it: regular expressions compiled to native code from the first run (the
  // extractor's large alternations; see the CHANGELOG), so the benches that use this harness measure the served runtime.
  const proc = spawn(process.execPath, ['--no-regexp-tier-up', ...(opts.nodeArgs ?? []), '--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let dead = false;
  void exited.then(() => (dead = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (dead) throw new Error(`server exited before becoming ready:\n${out}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready after ${opts.timeoutMs ?? 60_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const waitExit = async (signal: NodeJS.Signals) => {
    if (!dead) proc.kill(signal);
    await exited;
  };
  return { port, url, api: client(url, env.MEMORY_AUTH_TOKEN ? { authorization: `Bearer ${env.MEMORY_AUTH_TOKEN}` } : {}), proc, output: () => out, stop: () => waitExit('SIGTERM'), kill: () => waitExit('SIGKILL'), exited };
}

/** The backend contract: env for the server plus a cleanup. */
export interface Backend {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A fresh SQLite database file in a temporary directory. */
export async function sqliteBackend(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), 'memsvc-api-'));
  return {
    env: { MEMORY_DB_PATH: join(dir, 'memory.db') },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A message list with one user message. */
export function userSays(content: string, name?: string) {
  return [{ role: 'user' as const, content, ...(name ? { name } : {}) }];
}

/** A unique alphabetic word (analysers drop digits; letters survive stemming mostly intact). */
export function uniqueWord(i: number, prefix = 'zq'): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(97 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `${prefix}${s}vex`;
}
