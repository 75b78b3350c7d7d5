/**
 * @module providers/http/provider-error
 * The one error type every provider adapter throws: provider name, HTTP status (when there was
 * a response), a stable code and a message that has been scrubbed of every configured secret.
 * The service logs these through errorSummary(); keys never reach a log line.
 */

export type ProviderErrorCode =
  | 'PROVIDER_HTTP_ERROR'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_UNREACHABLE'
  | 'PROVIDER_BAD_RESPONSE'
  | 'LLM_OUTPUT_INVALID'
  | 'EMBEDDING_DIMENSION_MISMATCH';

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly provider: string;
  readonly status: number | undefined;
  constructor(provider: string, code: ProviderErrorCode, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(`${provider}: ${message}`, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = 'ProviderError';
    this.provider = provider;
    this.code = code;
    this.status = opts.status;
  }
}

/** Replaces every occurrence of each secret (and its Bearer form) with `[REDACTED]`. */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const s of secrets) {
    if (!s || s.length < 4) continue;
    out = out.split(s).join('[REDACTED]');
  }
  return out;
}

/** Short, secret-free description of a provider's error body ("invalid_api_key: Incorrect API key"). */
export function describeErrorBody(body: string, secrets: ReadonlyArray<string | undefined>): string {
  let msg = body.trim();
  try {
    const j = JSON.parse(msg) as Record<string, unknown>;
    const e = (j.error ?? j) as Record<string, unknown> | string;
    if (typeof e === 'string') msg = e;
    else if (e && typeof e === 'object') {
      const m = e.message ?? e.detail ?? e.error ?? (j as { message?: unknown }).message;
      const code = e.code ?? e.type;
      msg = [typeof code === 'string' ? code : null, typeof m === 'string' ? m : JSON.stringify(m ?? e)].filter(Boolean).join(': ');
    }
  } catch {
    /* not JSON: keep the text */
  }
  return redact(msg, secrets).slice(0, 300);
}

/** Builds a ProviderError from a non-2xx response (reads and scrubs the body). */
export async function errorFromResponse(provider: string, res: Response, secrets: ReadonlyArray<string | undefined>): Promise<ProviderError> {
  const body = await res.text().catch(() => '');
  const detail = describeErrorBody(body, secrets) || res.statusText || 'error';
  return new ProviderError(provider, 'PROVIDER_HTTP_ERROR', `HTTP ${res.status} ${detail}`, { status: res.status });
}

/**
 * Normalises anything thrown by a provider call (AI SDK APICallError, fetch TypeError, our own
 * errors) into a ProviderError with a scrubbed message. Never carries request headers.
 */
export function toProviderError(provider: string, err: unknown, secrets: ReadonlyArray<string | undefined>): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as { name?: string; message?: string; statusCode?: number; status?: number; responseBody?: string; cause?: unknown };
  // The AI SDK wraps our fetch errors in RetryError/APICallError; surface the innermost ProviderError.
  let c: unknown = e?.cause;
  for (let i = 0; i < 5 && c; i++) {
    if (c instanceof ProviderError) return c;
    c = (c as { cause?: unknown }).cause;
  }
  const status = e?.statusCode ?? e?.status;
  const body = typeof e?.responseBody === 'string' ? describeErrorBody(e.responseBody, secrets) : '';
  const message = redact(String(e?.message ?? err), secrets).slice(0, 300);
  const code: ProviderErrorCode = status !== undefined ? 'PROVIDER_HTTP_ERROR' : e?.name === 'AbortError' || e?.name === 'TimeoutError' ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNREACHABLE';
  return new ProviderError(provider, code, status !== undefined ? `HTTP ${status} ${body || message}` : message, { status });
}
