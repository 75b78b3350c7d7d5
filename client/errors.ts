/**
 * @module client/errors
 * The one error type the SDK throws: MemoryApiError, carrying the HTTP status (0 when no
 * response arrived), the API's stable error code, the message and the request id to quote when
 * reporting a problem. Local failures use their own codes: TIMEOUT, NETWORK_ERROR, ABORTED,
 * INVALID_RESPONSE.
 */

export interface ErrorDetail {
  path: string;
  message: string;
}

export class MemoryApiError extends Error {
  /** HTTP status, or 0 when the request never got a response (timeout, network, abort). */
  readonly status: number;
  /** Stable UPPER_SNAKE code from the API (`VALIDATION_ERROR`, `UNAUTHORIZED`...) or a local one. */
  readonly code: string;
  /** The server's request id (error body or `x-request-id` header), when known. */
  readonly requestId: string | null;
  /** Per-field schema violations (422). */
  readonly details: ErrorDetail[];
  /** Attempts made before giving up (1 = no retry). */
  readonly attempts: number;

  constructor(init: { status: number; code: string; message: string; requestId?: string | null; details?: ErrorDetail[]; attempts?: number; cause?: unknown }) {
    super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'MemoryApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? [];
    this.attempts = init.attempts ?? 1;
  }

  /** True for the failures a later attempt may fix (rate limit, server errors, timeouts, network). */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.code === 'TIMEOUT' || this.code === 'NETWORK_ERROR';
  }
}
