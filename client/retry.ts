/**
 * @module client/retry
 * The SDK's retry policy as pure functions: which statuses are retried, how long to wait
 * (exponential backoff with jitter, or the server's Retry-After, capped).
 */

export interface BackoffOptions {
  /** First delay (ms); doubles each attempt. */
  baseMs: number;
  /** Upper bound of any delay, Retry-After included (ms). */
  maxMs: number;
}

/** 429 and every 5xx are worth another attempt; 4xx are the caller's to fix. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * Parses Retry-After (delta seconds or an HTTP date) into milliseconds from `now`; null when
 * absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (v === '') return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/**
 * Delay before retry number `attempt` (1 = first retry): the server's Retry-After when given,
 * else base·2^(attempt-1) scaled by a jitter factor in [0.5, 1]; never above maxMs.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | null, opts: BackoffOptions, random: () => number = Math.random): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, opts.maxMs);
  const exp = opts.baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(Math.round(exp * (0.5 + random() / 2)), opts.maxMs);
}
