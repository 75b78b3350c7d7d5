/**
 * @module store/postgres/create
 * Builds the PostgreSQL-family stores: a pooled PostgreSQL server store from a postgres:// URL
 * (`?schema=` selects the schema), or an embedded PGlite store on a directory or in memory.
 * Both are the same PostgresMemoryStore over a different SqlExecutor.
 */
import type { MemoryStore } from '../../core/ports.ts';
import { StoreUnavailableError } from '../../core/errors.ts';
import { PostgresMemoryStore } from './store.ts';
import { createPostgresExecutor, type PostgresOptions } from './postgres-driver.ts';
import { createPgliteExecutor } from './pglite-driver.ts';

export async function createPostgresStore(url: string, opts: PostgresOptions = {}): Promise<PostgresMemoryStore> {
  return new PostgresMemoryStore(createPostgresExecutor(url, opts), { analyzeFirst: opts.analyzeFirst });
}

export async function createPgliteStore(dataDir: string | null): Promise<MemoryStore> {
  try {
    return new PostgresMemoryStore(await createPgliteExecutor(dataDir));
  } catch (err) {
    throw new StoreUnavailableError(`cannot open PGlite at ${dataDir ?? 'memory'}: ${(err as Error).message}`, err);
  }
}
