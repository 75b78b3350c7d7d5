/**
 * @module test/store/pg-harness
 * The PostgreSQL server used by the store, contract and two-replica tests: the URL
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), a fresh schema per run
 * and its cleanup. When the server is unreachable it fails with a clear message: the server
 * is present on every developer and CI machine (`.ci/run` starts it).
 */
import postgres from 'postgres';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name unique to this run. */
export function freshSchemaName(prefix = 'memtest'): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** `TEST_PG_URL` with `?schema=`. */
export function urlWithSchema(schema: string, base = TEST_PG_URL): string {
  const u = new URL(base);
  u.searchParams.set('schema', schema);
  return u.toString();
}

/** Throws a readable error when the server cannot be reached. */
export async function assertPostgresReachable(url = TEST_PG_URL): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`SELECT 1`;
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${url.replace(/\/\/[^@/]*@/, '//***@')} (${(err as Error).message}). ` +
        'The PostgreSQL tests need the server at 127.0.0.1:5432 with database "test" (trust auth); start it (`.ci/run` does) or set TEST_DATABASE_URL.',
    );
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Drops a schema created by a test run. */
export async function dropSchema(schema: string, url = TEST_PG_URL): Promise<void> {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}
