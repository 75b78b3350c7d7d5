/**
 * @module providers/http/resilient-fetch
 * Wraps an injected fetch with the failure policy every provider shares: one deadline per
 * logical call (PROVIDER_TIMEOUT_MS, across all attempts), bounded retries on 429/5xx and network
 * errors with exponential backoff and full jitter, and Retry-After / retry-after-ms honoured
 * when the wait still fits in the deadline. Non-retryable responses are returned untouched so
 * the caller (our clients or the AI SDK) reports the provider's own error. A circuit breaker
 * stops paying the deadline on every request while a provider is down: after `breakerThreshold`
 * consecutive failed calls (timeouts, unreachable, 429/5xx after retries) calls fail at once for
 * `breakerCooldownMs`, then one trial call decides whether it closes again.
 */
import type { Logger } from '../../core/service.ts';
import { ProviderError, redact } from './provider-error.ts';

export interface RetryPolicy {
  /** Deadline for the whole call, all attempts and waits included. */
  timeoutMs: number;
  /** Retries after the first attempt (0 = one attempt). */
  maxRetries: number;
  /** First backoff step (doubles each retry, capped by maxDelayMs). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface ResilientFetchOptions extends RetryPolicy {
  provider: string;
  fetch: typeof fetch;
  logger?: Logger;
  /** Values scrubbed from anything logged (API keys). */
  secrets?: ReadonlyArray<string | undefined>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Consecutive failed calls that open the circuit (default 3; 0 disables the breaker). */
  breakerThreshold?: number;
  /** How long an open circuit fails calls without trying (default 30 s). */
  breakerCooldownMs?: number;
}

export const isRetryableStatus = (status: number): boolean => status === 429 || status === 408 || status >= 500;

/**
 * Delay the server asked for, in ms: `retry-after-ms` (OpenAI), or `Retry-After` as seconds or an
 * HTTP date. Null when absent or unparseable.
 */
export function retryAfterMs(headers: Headers, nowMs: number = Date.now()): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(ra.trim())) return Math.max(0, Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : null;
}

/** Exponential backoff with full jitter: uniform in [base·2^attempt / 2, base·2^attempt], capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function resilientFetch(opts: ResilientFetchOptions): typeof fetch {
  const base = opts.baseDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 8000;
  const sleep = opts.sleep ?? defaultSleep;
  const random = opts.random ?? Math.random;
  const now = opts.now ?? Date.now;
  const secrets = opts.secrets ?? [];
  const threshold = opts.breakerThreshold ?? 3;
  const cooldown = opts.breakerCooldownMs ?? 30_000;
  let failures = 0;
  let openUntil = 0;

  const wrapped = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    if (threshold > 0 && failures >= threshold && now() < openUntil) {
      throw new ProviderError(opts.provider, 'PROVIDER_UNREACHABLE', `circuit open after ${failures} consecutive failures; next try in ${Math.ceil((openUntil - now()) / 1000)} s`);
    }
    try {
      const res = await call(input, init);
      if (isRetryableStatus(res.status)) fail();
      else failures = 0;
      return res;
    } catch (err) {
      if (!init?.signal?.aborted) fail();
      throw err;
    }
  };

  const fail = () => {
    failures++;
    if (threshold > 0 && failures >= threshold) {
      openUntil = now() + cooldown;
      if (failures === threshold) opts.logger?.warn({ provider: opts.provider, failures, cooldownMs: cooldown }, 'provider circuit open; calls fail fast until the cool-down ends');
    }
  };

  const call = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const deadline = now() + opts.timeoutMs;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = safePath(url);
    for (let attempt = 0; ; attempt++) {
      const remaining = deadline - now();
      if (remaining <= 0) throw new ProviderError(opts.provider, 'PROVIDER_TIMEOUT', `timed out after ${opts.timeoutMs} ms (${path})`);
      const timeout = AbortSignal.timeout(remaining);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await opts.fetch(input, { ...init, signal });
      } catch (err) {
        if (timeout.aborted) throw new ProviderError(opts.provider, 'PROVIDER_TIMEOUT', `timed out after ${opts.timeoutMs} ms (${path})`);
        if (init?.signal?.aborted) throw err;
        const message = redact(String((err as Error)?.message ?? err), secrets);
        const cause = redact(String(((err as { cause?: { code?: string; message?: string } })?.cause?.code ?? '')), secrets);
        if (attempt >= opts.maxRetries) {
          throw new ProviderError(opts.provider, 'PROVIDER_UNREACHABLE', `${message}${cause ? ` (${cause})` : ''} (${path})`);
        }
        const delay = backoffMs(attempt, base, maxDelay, random);
        if (now() + delay >= deadline) throw new ProviderError(opts.provider, 'PROVIDER_UNREACHABLE', `${message}${cause ? ` (${cause})` : ''} (${path})`);
        opts.logger?.warn({ provider: opts.provider, path, attempt: attempt + 1, delayMs: delay, error: message, cause }, 'provider unreachable; retrying');
        await sleep(delay);
        continue;
      }
      if (!isRetryableStatus(res.status) || attempt >= opts.maxRetries) return res;
      const asked = retryAfterMs(res.headers, now());
      const delay = asked ?? backoffMs(attempt, base, maxDelay, random);
      if (now() + delay >= deadline) return res; // the wait would blow the budget: report this response
      await res.arrayBuffer().catch(() => undefined);
      opts.logger?.warn({ provider: opts.provider, path, status: res.status, attempt: attempt + 1, delayMs: delay, retryAfter: asked !== null }, 'provider returned a retryable status; retrying');
      await sleep(delay);
    }
  };
  return wrapped as typeof fetch;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '?';
  }
}
