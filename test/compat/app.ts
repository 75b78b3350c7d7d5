/**
 * @module test/compat/app
 * Builds the real app in-process (buildApp) on a fresh store (SQLite file in a temp dir by
 * default; a fresh PostgreSQL schema or in-memory PGlite on request), with the
 * scripted extractor and no providers, optionally listening on a free local port (for the
 * official mem0 client). `failing` makes every store call throw StoreUnavailableError, to
 * check how the surfaces answer an unavailable backend.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { MemoryStore } from '../../src/core/ports.ts';
import { StoreUnavailableError } from '../../src/core/errors.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { ScriptedExtractor } from './scripted-extractor.ts';

export interface TestApp extends BuiltApp {
  url: string | null;
  /** While on, every store method except close() throws `error()` (default StoreUnavailableError). */
  failing: { on: boolean; error?: () => Error };
  stop(): Promise<void>;
}

export type Backend = 'sqlite' | 'postgres' | 'pglite';

/** The store for a backend: a fresh SQLite file, a fresh PostgreSQL schema (dropped on stop) or in-memory PGlite. */
async function openStore(backend: Backend, dir: string): Promise<{ store: MemoryStore; cleanup: () => Promise<void> }> {
  if (backend === 'sqlite') return { store: new SqliteMemoryStore(join(dir, 'memory.db')), cleanup: async () => {} };
  const { createPostgresStore, createPgliteStore } = await import('../../src/store/postgres/create.ts');
  if (backend === 'pglite') return { store: await createPgliteStore(null), cleanup: async () => {} };
  const { assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } = await import('../store/pg-harness.ts');
  await assertPostgresReachable();
  const schema = freshSchemaName('compat');
  return { store: await createPostgresStore(urlWithSchema(schema), { poolSize: 4 }), cleanup: () => dropSchema(schema) };
}

export async function startApp(
  env: Record<string, string> = {},
  opts: { listen?: boolean; backend?: Backend; /** 'offline': the real offline extractor instead of the scripted one. */ extractor?: 'scripted' | 'offline' } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'compat-'));
  const { store: real, cleanup } = await openStore(opts.backend ?? 'sqlite', dir);
  const failing: TestApp['failing'] = { on: false };
  const store = new Proxy(real, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== 'function' || prop === 'close') return typeof v === 'function' ? v.bind(target) : v;
      return (...args: unknown[]) => {
        if (failing.on) return Promise.reject(failing.error ? failing.error() : new StoreUnavailableError('simulated outage'));
        return v.apply(target, args);
      };
    },
  }) as MemoryStore;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MEMORY_DB_PATH: join(dir, 'unused.db'),
    EXTRACTION_PROVIDER: 'offline',
    EMBEDDING_PROVIDER: 'none',
    ...env,
  });
  const built = await buildApp(config, { store, ...(opts.extractor === 'offline' ? {} : { extractor: new ScriptedExtractor() }) });
  let url: string | null = null;
  if (opts.listen) url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...built,
    url,
    failing,
    async stop() {
      await built.close();
      await cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
