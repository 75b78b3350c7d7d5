/**
 * @module store/create-store
 * Picks the store from the configuration: PostgreSQL when DATABASE_URL is postgres://,
 * PGlite for pglite://<dir> or pglite:memory, otherwise the embedded SQLite file at
 * MEMORY_DB_PATH (its directory is created; `:memory:` is allowed).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { MemoryStore } from '../core/ports.ts';
import type { Logger } from '../core/service.ts';
import { SqliteMemoryStore } from './sqlite/store.ts';

export type StoreTarget =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null };

/** Reads which backend the configuration selects (pure; throws on an unsupported URL). */
export function storeTarget(config: Pick<Config, 'DATABASE_URL' | 'MEMORY_DB_PATH'>): StoreTarget {
  const url = config.DATABASE_URL;
  if (!url) return { kind: 'sqlite', path: config.MEMORY_DB_PATH };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (/^pglite:(\/\/)?memory$/i.test(url)) return { kind: 'pglite', dataDir: null };
  if (/^pglite:\/\//i.test(url)) return { kind: 'pglite', dataDir: url.replace(/^pglite:\/\//i, '') };
  throw new Error(`DATABASE_URL must start with postgres://, postgresql://, pglite:// or be pglite:memory (got "${url.replace(/\/\/[^@/]*@/, '//***@')}")`);
}

export async function createStore(config: Config, logger: Logger): Promise<MemoryStore> {
  const target = storeTarget(config);
  if (target.kind === 'sqlite') {
    const path = target.path === ':memory:' ? ':memory:' : resolve(target.path);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    logger.info({ store: 'sqlite', path }, 'opening SQLite store');
    return new SqliteMemoryStore(path);
  }
  const { createPostgresStore, createPgliteStore } = await import('./postgres/create.ts');
  if (target.kind === 'postgres') {
    logger.info({ store: 'postgres' }, 'connecting to PostgreSQL store');
    return createPostgresStore(target.url, { poolSize: config.DATABASE_POOL_SIZE });
  }
  logger.info({ store: 'pglite', dataDir: target.dataDir ?? 'memory' }, 'opening PGlite store');
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  return createPgliteStore(target.dataDir);
}
