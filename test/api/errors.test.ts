/**
 * The one error-code → HTTP-status table (src/api/error-codes.ts), pinned row by row: each code is
 * thrown from a route of the real app and must come back with its status and the error body.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DomainError, InvalidInputError, NotFoundError, StoreUnavailableError, UpstreamError, ConflictError } from '../../src/core/errors.ts';
import { ApiError, ERROR_STATUS, FASTIFY_CODE_MAP, classifyError, statusForCode, validationDetails, type ErrorCode } from '../../src/api/errors.ts';
import { ErrorResponse } from '../../src/api/schemas.ts';
import { FakeStore } from './fake-store.ts';

const EXPECTED: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MEMORY_NOT_FOUND: 404,
  TURN_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  FACT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  PAYLOAD_TOO_LARGE: 413,
  TURN_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  INVALID_INPUT: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UPSTREAM_UNAVAILABLE: 502,
  STORE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
};

let built: BuiltApp;
beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { store: new FakeStore() });
  built.app.get('/__throw/api/:code', async (req) => {
    throw new ApiError((req.params as { code: ErrorCode }).code, 'thrown by test');
  });
  built.app.get('/__throw/domain/:code', async (req) => {
    throw new DomainError((req.params as { code: string }).code, 'thrown by test');
  });
  built.app.get('/__throw/plain', async () => {
    throw new Error('secret internals /etc/passwd');
  });
  await built.app.ready();
});
afterAll(() => built.close());

describe('ERROR_STATUS table', () => {
  test('the table is exactly the pinned list (a new row needs a pinned status here)', () => {
    expect(ERROR_STATUS).toEqual(EXPECTED);
  });

  test.each(Object.entries(EXPECTED))('%s → %i through the real error handler', async (code, status) => {
    const res = await built.app.inject({ method: 'GET', url: `/__throw/api/${code}` });
    expect(res.statusCode).toBe(status);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe(code);
    expect(body.error.request_id).toBe(res.headers['x-request-id']);
  });

  test.each(Object.entries(EXPECTED))('domain error %s → %i', async (code, status) => {
    const res = await built.app.inject({ method: 'GET', url: `/__throw/domain/${code}` });
    expect(res.statusCode).toBe(status);
    expect(ErrorResponse.parse(res.json()).error.code).toBe(code);
  });

  test.each([
    ['WIDGET_NOT_FOUND', 404],
    ['SOMETHING_NEW', 500],
  ])('unlisted code %s → %i', (code, status) => {
    expect(statusForCode(code)).toBe(status);
  });
});

describe('core error classes map through the table', () => {
  test.each([
    [new InvalidInputError('bad'), 422, 'INVALID_INPUT'],
    [new NotFoundError('memory', 'm1'), 404, 'MEMORY_NOT_FOUND'],
    [new ConflictError('dup'), 409, 'CONFLICT'],
    [new StoreUnavailableError('down'), 503, 'STORE_UNAVAILABLE'],
    [new UpstreamError('llm down'), 502, 'UPSTREAM_UNAVAILABLE'],
  ])('%s', (err, status, code) => {
    const c = classifyError(err);
    expect([c.status, c.code]).toEqual([status, code]);
  });

  test('5xx domain errors do not leak their message', () => {
    const c = classifyError(new StoreUnavailableError('password=hunter2 at db:5432'));
    expect(c.message).not.toContain('hunter2');
  });
});

describe("Fastify's own errors", () => {
  test.each(Object.entries(FASTIFY_CODE_MAP))('%s → %s', (fstCode, code) => {
    const c = classifyError(Object.assign(new Error('x'), { code: fstCode, statusCode: 400 }));
    expect(c.code).toBe(code);
    expect(c.status).toBe(ERROR_STATUS[code]);
  });

  test('an unknown thrown error is a 500 with no internals in the body', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/__throw/plain' });
    expect(res.statusCode).toBe(500);
    const body = ErrorResponse.parse(res.json());
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('passwd');
    expect(body.error.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('validation paths read like body.messages[0].role', () => {
    expect(validationDetails([{ instancePath: '/messages/0/role', message: 'Invalid option' }], 'body')).toEqual([
      { path: 'body.messages[0].role', message: 'Invalid option' },
    ]);
    expect(validationDetails([{ instancePath: '/session_id', message: 'Invalid input: expected string, received undefined' }], 'body')[0].message).toBe(
      'is required (expected string)',
    );
  });
});
