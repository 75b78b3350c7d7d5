/**
 * @module store/postgres/postgres-driver
 * SqlExecutor over a PostgreSQL server with the `postgres` driver (porsager): a connection
 * pool of DATABASE_POOL_SIZE, the schema from `?schema=` put first on every connection's
 * search_path, notices silenced.
 */
import postgres from 'postgres';
import type { Row } from '../rows.ts';
import type { QueryOptions, SqlExecutor, SqlQuery } from './executor.ts';

export interface PostgresOptions {
  poolSize?: number;
  /** Overrides `?schema=` in the URL. */
  schema?: string;
  connectTimeoutSeconds?: number;
  /** Rows the store writes before it first refreshes planner statistics itself (store.ts ANALYZE_FIRST; Infinity: never). */
  analyzeFirst?: number;
}

/** Splits `?schema=` off a connection URL (the driver would send it as a server setting). */
export function parsePostgresUrl(url: string): { url: string; schema: string } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema') ?? u.searchParams.get('search_path') ?? 'public';
  u.searchParams.delete('schema');
  u.searchParams.delete('search_path');
  if (!/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(schema)) throw new Error(`invalid schema name in DATABASE_URL: ${JSON.stringify(schema)}`);
  return { url: u.toString(), schema };
}

export function createPostgresExecutor(rawUrl: string, opts: PostgresOptions = {}): SqlExecutor {
  const parsed = parsePostgresUrl(rawUrl);
  const schema = opts.schema ?? parsed.schema;
  const sql = postgres(parsed.url, {
    max: opts.poolSize ?? 10,
    idle_timeout: 30,
    connect_timeout: opts.connectTimeoutSeconds ?? 10,
    onnotice: () => {},
    // `extensions` is where managed services (e.g. Supabase) install pgvector; absent schemas are ignored.
    connection: { search_path: schema === 'public' ? 'public, extensions' : `"${schema}", public, extensions`, application_name: 'memory-service' },
  });
  // unsafe() defaults to unnamed statements, which the driver Describes first (a second round trip
  // that also stops pipelining); `prepare` keeps the fixed ingest statements named per connection.
  const run = async <T extends Row>(q: postgres.Sql | postgres.TransactionSql, text: string, params: unknown[] = [], opts?: QueryOptions): Promise<T[]> => {
    const rows = await q.unsafe(text, params as never[], { prepare: opts?.prepare === true });
    return [...rows] as unknown as T[];
  };
  const wrap = (tx: postgres.TransactionSql): SqlQuery => ({
    query: (text, params, opts) => run(tx, text, params, opts),
    exec: async (script) => {
      await tx.unsafe(script).simple();
    },
    savepoint: async <T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> => (await tx.savepoint((sp) => fn(wrap(sp)))) as T,
  });
  return {
    kind: 'postgres',
    schema,
    query: (text, params, opts) => run(sql, text, params, opts),
    exec: async (script) => {
      await sql.unsafe(script).simple();
    },
    savepoint: () => Promise.reject(new Error('savepoint outside a transaction')),
    async transaction<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> {
      return (await sql.begin((tx) => fn(wrap(tx)))) as T;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
