/**
 * @module client/errors
 * The one error type the SDK throws: MemoryApiError, carrying the HTTP status (0 when no
 * response arrived), the API's stable error code, the message and the request id to quote when
 * reporting a problem. Local failures use their own codes: TIMEOUT, NETWORK_ERROR, ABORTED,
 * INVALID_RESPONSE. The API's codes are the server's own table (src/api/error-codes.ts).
 */
import { API_ERROR_CODES, type ErrorCode } from '../src/api/error-codes.ts';

/** Codes the API sends (from the server's table, so the two cannot drift). */
export const API_ERROR_CODE_LIST: readonly ErrorCode[] = API_ERROR_CODES;
export type ApiErrorCode = ErrorCode;

/** Codes the SDK itself raises when no usable answer arrived. */
export const LOCAL_ERROR_CODES = ['TIMEOUT', 'NETWORK_ERROR', 'ABORTED', 'INVALID_RESPONSE'] as const;
export type LocalErrorCode = (typeof LOCAL_ERROR_CODES)[number];

/**
 * Every code a MemoryApiError can carry: an API code, a local one, or `HTTP_<status>` when the
 * answer was not our error body (a proxy's page, say). The `string & {}` keeps other strings
 * assignable while editors still suggest the known codes.
 */
export type MemoryErrorCode = ApiErrorCode | LocalErrorCode | `HTTP_${number}` | (string & {});

export interface ErrorDetail {
  path: string;
  message: string;
}

export class MemoryApiError extends Error {
  /** HTTP status, or 0 when the request never got a response (timeout, network, abort). */
  readonly status: number;
  /** Stable UPPER_SNAKE code from the API (`VALIDATION_FAILED`, `UNAUTHORIZED`...; see API_ERROR_CODE_LIST) or a local one. */
  readonly code: MemoryErrorCode;
  /** The server's request id (error body or `x-request-id` header), when known. */
  readonly requestId: string | null;
  /** Per-field schema violations (422). */
  readonly details: ErrorDetail[];
  /** Attempts made before giving up (1 = no retry). */
  readonly attempts: number;

  constructor(init: { status: number; code: MemoryErrorCode; message: string; requestId?: string | null; details?: ErrorDetail[]; attempts?: number; cause?: unknown }) {
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
