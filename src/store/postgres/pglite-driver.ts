/**
 * @module store/postgres/pglite-driver
 * SqlExecutor over PGlite (PostgreSQL compiled to WASM, in process) with the pgvector
 * extension loaded. PGlite has one connection, so every statement and transaction is
 * serialised here: a query from another request waits while a transaction is open; a query
 * issued from inside the transaction callback joins it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Row } from '../rows.ts';
import { Mutex } from '../mutex.ts';
import type { SqlExecutor, SqlQuery } from './executor.ts';

/** Opens PGlite on a data directory, or in memory when `dataDir` is null. */
export async function createPgliteExecutor(dataDir: string | null): Promise<SqlExecutor> {
  const db = await PGlite.create(dataDir ?? undefined, { extensions: { vector } });
  const lock = new Mutex();
  let savepoints = 0;
  const wrap = (tx: Transaction): SqlQuery => ({
    query: (text, params) => run(tx, text, params),
    exec: async (script) => void (await tx.exec(script)),
    async savepoint<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> {
      const name = `sp_${savepoints++}`;
      await tx.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(wrap(tx));
        await tx.exec(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await tx.exec(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
  });
  const run = async <T extends Row>(q: { query: PGlite['query'] }, text: string, params: unknown[] = []): Promise<T[]> => (await q.query<T>(text, params)).rows;
  // A statement issued from inside a transaction callback (same async chain) joins that
  // transaction: PGlite would otherwise wait for its own transaction to finish, forever.
  const current = new AsyncLocalStorage<Transaction>();
  return {
    kind: 'pglite',
    schema: 'public',
    query: (text, params) => {
      const tx = current.getStore();
      return tx ? run(tx, text, params) : lock.run(() => run(db, text, params));
    },
    exec: (script) => {
      const tx = current.getStore();
      return tx ? tx.exec(script).then(() => undefined) : lock.run(async () => void (await db.exec(script)));
    },
    savepoint: () => Promise.reject(new Error('savepoint outside a transaction')),
    transaction<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> {
      const tx = current.getStore();
      if (tx) return wrap(tx).savepoint(fn);
      return lock.run(() => db.transaction((t) => current.run(t, () => fn(wrap(t)))));
    },
    async close() {
      await lock.run(() => db.close());
    },
  };
}
