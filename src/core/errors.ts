/**
 * @module core/errors
 * Domain errors: each carries a stable UPPER_SNAKE `code` and an optional `cause`, never an
 * HTTP status. The API maps codes to statuses in one table (src/api/error-codes.ts).
 */
export class DomainError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  constructor(code: string, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.code = code;
    this.details = options?.details;
  }
}

/** Input that passed schema validation but makes no sense for the domain. */
export class InvalidInputError extends DomainError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('INVALID_INPUT', message, { details });
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id: string) {
    super(`${what.toUpperCase()}_NOT_FOUND`, `${what} ${id} not found`, { details: { id } });
  }
}

/** A uniqueness rule was violated (adapters translate SQLITE_CONSTRAINT_UNIQUE / 23505). */
export class ConflictError extends DomainError {
  constructor(message: string, cause?: unknown) {
    super('CONFLICT', message, { cause });
  }
}

/** The backing store failed (connection lost, disk full...). */
export class StoreUnavailableError extends DomainError {
  constructor(message: string, cause?: unknown) {
    super('STORE_UNAVAILABLE', message, { cause });
  }
}

/** An upstream provider failed and no fallback could serve the request. */
export class UpstreamError extends DomainError {
  constructor(message: string, cause?: unknown) {
    super('UPSTREAM_UNAVAILABLE', message, { cause });
  }
}
