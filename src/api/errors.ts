/**
 * @module api/errors
 * The error table (api/error-codes, re-exported here), the translation of Fastify's own
 * errors into those codes, and the `{error: {code, message, request_id}}` body. Every surface (REST, platform, mem0 compat) answers errors through here.
 */
import { DomainError } from '../core/errors.ts';
import { ERROR_STATUS, type ErrorCode } from './error-codes.ts';

export { ERROR_STATUS, type ErrorCode } from './error-codes.ts';

/** Fastify's own error codes → ours. */
export const FASTIFY_CODE_MAP: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/** Status for any code: the table, `*_NOT_FOUND` → 404, anything else → 500. */
export function statusForCode(code: string): number {
  if (Object.hasOwn(ERROR_STATUS, code)) return ERROR_STATUS[code as ErrorCode];
  if (code.endsWith('_NOT_FOUND')) return 404;
  return 500;
}

/** An error raised at the HTTP edge (auth, not found...) with one of our codes. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }
  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ClassifiedError {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  /** True for 5xx: log it with the stack, show the client only a generic message. */
  unexpected: boolean;
}

interface ValidationEntry {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns an error thrown anywhere in a request into a code, a status and a client-safe message. */
export function classifyError(err: unknown): ClassifiedError {
  if (err instanceof ApiError) {
    return { status: err.statusCode, code: err.code, message: err.message, details: err.details, unexpected: false };
  }
  if (err instanceof DomainError) {
    const status = statusForCode(err.code);
    return { status, code: err.code, message: status >= 500 ? publicMessage(err.code) : err.message, unexpected: status >= 500 };
  }
  const e = (err ?? {}) as { code?: unknown; statusCode?: unknown; validation?: unknown; validationContext?: unknown; message?: unknown };
  if (Array.isArray(e.validation)) {
    const details = validationDetails(e.validation as ValidationEntry[], typeof e.validationContext === 'string' ? e.validationContext : 'body');
    return { status: 422, code: 'VALIDATION_FAILED', message: validationMessage(details), details, unexpected: false };
  }
  if (typeof e.code === 'string' && Object.hasOwn(FASTIFY_CODE_MAP, e.code)) {
    const code = FASTIFY_CODE_MAP[e.code];
    return { status: ERROR_STATUS[code], code, message: edgeMessage(code, e.message), unexpected: false };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = codeForClientStatus(status);
    return { status, code, message: typeof e.message === 'string' && e.message ? e.message : code, unexpected: false };
  }
  return { status: status >= 500 && status < 600 ? status : 500, code: 'INTERNAL_ERROR', message: publicMessage('INTERNAL_ERROR'), unexpected: true };
}

/** One `{path, message}` per violation; paths read like `body.messages[0].role`. */
export function validationDetails(entries: ValidationEntry[], context: string): ErrorDetail[] {
  return entries.map((v) => {
    const segments = (v.instancePath ?? '').split('/').filter((s) => s !== '');
    const path = segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : `${acc}.${s}`), context);
    return { path, message: humanise(v.message ?? 'is invalid') };
  });
}

function humanise(message: string): string {
  // zod: "Invalid input: expected string, received undefined" → "is required (expected string)"
  const m = /^Invalid input: expected (.+), received undefined$/.exec(message);
  if (m) return `is required (expected ${m[1]})`;
  return message;
}

export function validationMessage(details: ErrorDetail[]): string {
  if (details.length === 0) return 'request does not match the schema';
  return `invalid request: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`;
}

function edgeMessage(code: ErrorCode, original: unknown): string {
  switch (code) {
    case 'MALFORMED_JSON':
      return 'request body is not valid JSON';
    case 'PAYLOAD_TOO_LARGE':
      return 'request body is larger than MEMORY_MAX_BODY_BYTES';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'unsupported Content-Type; send application/json';
    default:
      return typeof original === 'string' && original ? original : code;
  }
}

function codeForClientStatus(status: number): string {
  for (const [code, s] of Object.entries(ERROR_STATUS)) if (s === status) return code;
  return 'BAD_REQUEST';
}

function publicMessage(code: string): string {
  switch (code) {
    case 'STORE_UNAVAILABLE':
      return 'the store is unavailable; retry later';
    case 'UPSTREAM_UNAVAILABLE':
      return 'an upstream provider is unavailable; retry later';
    default:
      return 'internal error; quote the request_id when reporting it';
  }
}

/** The error body every non-2xx response carries. */
export function errorBody(c: ClassifiedError, requestId: string): { error: { code: string; message: string; request_id: string; details?: ErrorDetail[] } } {
  return { error: { code: c.code, message: c.message, request_id: requestId, ...(c.details ? { details: c.details } : {}) } };
}
