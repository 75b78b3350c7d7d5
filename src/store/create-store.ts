/**
 * @module store/create-store
 * Picks the store from the configuration: PostgreSQL when DATABASE_URL is postgres://,
 * PGlite for pglite://, otherwise the embedded SQLite file. PLACEHOLDER until the adapters land.
 */
import type { Config } from '../config.ts';
import type { MemoryStore } from '../core/ports.ts';
import type { Logger } from '../core/service.ts';

export async function createStore(_config: Config, _logger: Logger): Promise<MemoryStore> {
  throw new Error('store adapters not implemented yet');
}
