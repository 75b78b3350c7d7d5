/**
 * @module store/postgres/errors
 * Translates PostgreSQL/PGlite errors into port errors once: unique violations (23505) become
 * ConflictError, connection failures (refused, closed, class 08, shutdown, too many
 * connections) StoreUnavailableError; the driver error is kept as `cause`.
 */
import { ConflictError, DomainError, StoreUnavailableError } from '../../core/errors.ts';

const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|53100|3D000)$/;

export function translatePgError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  const message = err instanceof Error ? err.message : String(err);
  if (code === '23505') return new ConflictError(`uniqueness rule violated: ${message}`, err);
  if (NET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return new StoreUnavailableError(`PostgreSQL store unavailable: ${message}`, err);
  if (err instanceof AggregateError && err.errors.some((e) => NET_CODES.has(String((e as { code?: unknown }).code)))) {
    return new StoreUnavailableError(`PostgreSQL store unavailable: ${message || 'connection failed'}`, err);
  }
  return err;
}
