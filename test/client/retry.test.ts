/** The SDK's retry policy, row by row. */
import { describe, expect, test } from 'vitest';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from '../../client/retry.ts';

describe('isRetryableStatus', () => {
  test.each([
    [200, false],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [422, false],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ])('%i → %s', (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  test.each([
    [null, null],
    ['', null],
    ['0', 0],
    ['2', 2000],
    ['1.5', 1500],
    ['Thu, 01 Jan 2026 00:00:05 GMT', 5000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', null],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('retryDelayMs', () => {
  const opts = { baseMs: 100, maxMs: 1000 };
  test.each([
    ['first retry, max jitter', 1, null, 1, 100],
    ['first retry, min jitter', 1, null, 0, 50],
    ['third retry doubles twice', 3, null, 1, 400],
    ['capped by maxMs', 10, null, 1, 1000],
    ['Retry-After wins over backoff', 1, 700, 0, 700],
    ['Retry-After is capped too', 1, 60_000, 0, 1000],
    ['Retry-After 0 retries at once', 2, 0, 1, 0],
  ])('%s', (_name, attempt, retryAfter, rnd, expected) => {
    expect(retryDelayMs(attempt, retryAfter, opts, () => rnd)).toBe(expected);
  });
});

test('the SDK is importable by its package name (memory-service/client)', async () => {
  const sdk = await import('memory-service/client');
  expect(typeof sdk.MemoryClient).toBe('function');
  expect(new sdk.MemoryApiError({ status: 503, code: 'X', message: 'm' }).retryable).toBe(true);
});
