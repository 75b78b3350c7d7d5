/**
 * The shared failure policy (retries with backoff on 429/5xx, Retry-After, one deadline per call)
 * against a scripted API double, plus its pure helpers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { backoffMs, isRetryableStatus, resilientFetch, retryAfterMs } from '../../src/providers/http/resilient-fetch.ts';
import { ProviderError } from '../../src/providers/http/provider-error.ts';
import { ApiDouble } from './doubles/api-double.ts';

describe('retry helpers', () => {
  test.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '150' }, 150],
    [{ 'retry-after-ms': '150', 'retry-after': '9' }, 150],
    [{ 'retry-after': new Date(1_000_000 + 3000).toUTCString() }, 3000],
    [{ 'retry-after': 'soon' }, null],
    [{}, null],
  ])('retryAfterMs(%j) = %s', (h, want) => {
    expect(retryAfterMs(new Headers(h as Record<string, string>), 1_000_000)).toBe(want);
  });

  test.each([
    [0, 0, 50],
    [0, 1, 100],
    [3, 0, 400],
    [3, 1, 800],
    [10, 1, 5000],
  ])('backoff attempt %i with random %f = %i ms (base 100, cap 5000)', (attempt, r, want) => {
    expect(backoffMs(attempt, 100, 5000, () => r)).toBe(want);
  });

  test.each([
    [429, true],
    [500, true],
    [503, true],
    [408, true],
    [400, false],
    [401, false],
    [404, false],
    [200, false],
  ])('status %i retryable: %s', (s, want) => expect(isRetryableStatus(s)).toBe(want));
});

describe('resilientFetch against an API double', () => {
  let double: ApiDouble;
  const waits: number[] = [];
  const make = (over: Partial<Parameters<typeof resilientFetch>[0]> = {}) =>
    resilientFetch({ provider: 'test', fetch, timeoutMs: 3000, maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50, sleep: async (ms) => void waits.push(ms), ...over });

  beforeAll(async () => {
    double = await ApiDouble.start(() => ({ json: { ok: true } }));
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.requests.length = 0;
    waits.length = 0;
  });

  test('429 with Retry-After, then success: waits what the server asked and succeeds', async () => {
    double.script('/x', { status: 429, headers: { 'retry-after': '1' }, json: { error: { message: 'rate limited' } } });
    const res = await make()(`${double.url}/x`, { method: 'POST', body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(double.calls('/x')).toHaveLength(2);
    expect(double.calls('/x')[1].raw).toBe('{"a":1}'); // the body is re-sent
    expect(waits).toEqual([1000]);
  });

  test('5xx retried with backoff up to maxRetries, then the last response is returned', async () => {
    double.script('/x', { status: 503, text: 'down' }, { status: 502, text: 'down' }, { status: 500, text: 'down' }, { status: 500, text: 'down' });
    const res = await make()(`${double.url}/x`);
    expect(res.status).toBe(500);
    expect(double.calls('/x')).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(waits[0] / 2);
    double.script('/x', { json: {} }); // drain: leave the queue as we found it
    await make()(`${double.url}/x`);
  });

  test('a connection dropped mid-request is retried', async () => {
    double.script('/drop', { drop: true });
    const res = await make()(`${double.url}/drop`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(double.calls('/drop')).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  test('4xx is not retried', async () => {
    double.script('/x', { status: 401, json: { error: { message: 'bad key' } } });
    const res = await make()(`${double.url}/x`);
    expect(res.status).toBe(401);
    expect(double.calls('/x')).toHaveLength(1);
  });

  test('a Retry-After beyond the deadline is not waited for', async () => {
    double.script('/x', { status: 429, headers: { 'retry-after': '60' }, json: {} });
    const res = await make({ timeoutMs: 2000 })(`${double.url}/x`);
    expect(res.status).toBe(429);
    expect(waits).toEqual([]);
  });

  test('a hanging server times out within the deadline with PROVIDER_TIMEOUT', async () => {
    double.script('/slow', { hang: true });
    const t0 = Date.now();
    const err = await make({ timeoutMs: 300, maxRetries: 0 })(`${double.url}/slow`).catch((e) => e);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('PROVIDER_TIMEOUT');
  });

  test('a connection refused is retried then reported as PROVIDER_UNREACHABLE', async () => {
    const dead = await ApiDouble.start(() => ({ json: {} }));
    const url = dead.url;
    await dead.die();
    const err = await make()(`${url}/x`).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('PROVIDER_UNREACHABLE');
    expect(waits).toHaveLength(2);
  });

  test('the circuit opens after consecutive failures, fails fast, then closes after a good trial call', async () => {
    let clock = 1_000_000;
    const f = make({ maxRetries: 0, breakerThreshold: 2, breakerCooldownMs: 10_000, now: () => clock });
    double.script('/cb', { status: 503, text: 'down' }, { status: 503, text: 'down' });
    expect((await f(`${double.url}/cb`)).status).toBe(503);
    expect((await f(`${double.url}/cb`)).status).toBe(503);
    const err = await f(`${double.url}/cb`).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toContain('circuit open after 2 consecutive failures');
    expect(double.calls('/cb')).toHaveLength(2); // the open circuit made no request
    clock += 10_001;
    expect((await f(`${double.url}/cb`)).status).toBe(200); // half-open trial succeeds
    expect((await f(`${double.url}/cb`)).status).toBe(200);
    expect(double.calls('/cb')).toHaveLength(4);
  });

  test('4xx answers do not open the circuit', async () => {
    const f = make({ maxRetries: 0, breakerThreshold: 1 });
    double.script('/auth', { status: 401, json: {} }, { status: 401, json: {} });
    expect((await f(`${double.url}/auth`)).status).toBe(401);
    expect((await f(`${double.url}/auth`)).status).toBe(401);
    expect(double.calls('/auth')).toHaveLength(2);
  });
});
