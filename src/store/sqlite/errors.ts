/**
 * @module store/sqlite/errors
 * Translates better-sqlite3 errors into port errors once: unique/primary-key violations become
 * ConflictError, I/O, lock and closed-connection failures StoreUnavailableError (the driver
 * error is kept as `cause`). Anything else is rethrown unchanged.
 */
import { ConflictError, DomainError, StoreUnavailableError } from '../../core/errors.ts';

const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY|CORRUPT|NOTADB|PROTOCOL)/;

export function translateSqliteError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new ConflictError(`uniqueness rule violated: ${message}`, err);
  }
  if (typeof code === 'string' && UNAVAILABLE.test(code)) return new StoreUnavailableError(`SQLite store unavailable: ${message}`, err);
  if (err instanceof TypeError && /database connection is not open/i.test(message)) {
    return new StoreUnavailableError('SQLite store is closed', err);
  }
  return err;
}
