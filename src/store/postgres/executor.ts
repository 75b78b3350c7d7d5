/**
 * @module store/postgres/executor
 * The small SQL-executor interface the PostgreSQL store is written against, so the same SQL
 * runs on a PostgreSQL server (driver `postgres`, pooled) and on PGlite (embedded WASM
 * PostgreSQL). Parameters are positional ($1…); rows come back as plain objects.
 */
import type { Row } from '../rows.ts';

/** Per-statement options. */
export interface QueryOptions {
  /**
   * Keep the statement prepared on the connection (PostgreSQL server; PGlite ignores it): one round
   * trip instead of two (no Describe first), so it pipelines, and the server reuses its plan. Only
   * for statements whose SQL text comes from a fixed set (the prepared set must stay bounded).
   */
  prepare?: boolean;
}

export interface SqlQuery {
  query<T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]>;
  /** Runs a multi-statement script without parameters (simple protocol). */
  exec(script: string): Promise<void>;
  /** Runs `fn` inside a savepoint: rolled back to it (and rethrown) when `fn` throws. */
  savepoint<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T>;
}

export interface SqlExecutor extends SqlQuery {
  readonly kind: 'postgres' | 'pglite';
  /** Schema the store's tables live in (created by the migration when missing). */
  readonly schema: string;
  /** Runs `fn` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Quotes an identifier (schema names come from configuration). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
