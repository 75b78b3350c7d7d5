/**
 * @module client
 * The typed TypeScript SDK (`memory-service/client`): `new MemoryClient({ baseUrl, token })`
 * with addTurn, recall, search, listMemories, listUsers, listTurns, forgetMemory,
 * deleteSession, deleteUser and health. Request and
 * response types come from the server's own zod schemas (src/api/schemas.ts); every call has a
 * timeout, 429/5xx answers are retried with backoff (honouring Retry-After), and every failure
 * is a MemoryApiError carrying status, code, message and request id. Takes an injected `fetch`.
 */
import {
  ErrorResponse,
  ForgetResponse as ForgetResponseSchema,
  HealthResponse as HealthResponseSchema,
  MemoriesResponse as MemoriesResponseSchema,
  RecallResponse as RecallResponseSchema,
  SearchResponse as SearchResponseSchema,
  TurnResponse as TurnResponseSchema,
  TurnsResponse as TurnsResponseSchema,
  UsersResponse as UsersResponseSchema,
} from '../src/api/schemas.ts';
import type {
  ForgetResponse,
  HealthResponse,
  Memory,
  RecallRequest,
  RecallResponse,
  SearchRequest,
  SearchResponse,
  Turn,
  TurnRequest,
  TurnResponse,
  TurnsQuery,
  TurnsResponse,
  UsersResponse,
} from '../src/api/schemas.ts';
import { MemoryApiError } from './errors.ts';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from './retry.ts';

export { API_ERROR_CODE_LIST, LOCAL_ERROR_CODES, MemoryApiError } from './errors.ts';
export type { ApiErrorCode, ErrorDetail, LocalErrorCode, MemoryErrorCode } from './errors.ts';
export type {
  Citation,
  HealthResponse,
  Memory,
  MessageBody as Message,
  RecallRequest,
  RecallResponse,
  SearchRequest,
  SearchResponse,
  SearchResult,
  Turn,
  TurnRequest,
  TurnResponse,
  TurnsQuery,
} from '../src/api/schemas.ts';

export interface MemoryClientOptions {
  /** Where the service listens, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** MEMORY_AUTH_TOKEN of the server, sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Per-attempt timeout (ms, default 30 000: ingestion with an LLM can take a while). */
  timeoutMs?: number;
  /** Retries after the first attempt on 429/5xx (and on timeouts/network errors for idempotent calls). Default 2. */
  retries?: number;
  /** First backoff delay (ms, default 250); doubles per retry, with jitter. */
  retryBaseMs?: number;
  /** Cap on any backoff delay, Retry-After included (ms, default 10 000). */
  maxRetryDelayMs?: number;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Check every response against the server's zod schema (contract tests; default false). */
  validateResponses?: boolean;
  /** Sleep used between retries (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the call (and its retries). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Sent as `x-request-id` (kept by the server in its logs and error bodies). */
  requestId?: string;
}

interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** Safe to repeat after a timeout or a connection error (no side effect or the same one). */
  idempotent: boolean;
  /** Statuses that are answers, not errors. */
  accept: number[];
  schema?: { safeParse(v: unknown): { success: boolean; error?: { message: string } } };
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export class MemoryClient {
  private readonly baseUrl: string;
  private readonly token: string | null;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly headers: Record<string, string>;
  private readonly validate: boolean;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: MemoryClientOptions) {
    if (!options?.baseUrl) throw new TypeError('MemoryClient: baseUrl is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token ?? null;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.headers = { ...(options.headers ?? {}) };
    this.validate = options.validateResponses ?? false;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** `GET /health`: the service's state; returned (not thrown) when the store is unavailable (503). */
  health(opts?: CallOptions): Promise<HealthResponse> {
    return this.request<HealthResponse>({ method: 'GET', path: '/health', idempotent: true, accept: [200, 503], schema: HealthResponseSchema }, { ...opts, noRetry: true });
  }

  /** `POST /turns`: stores a finished turn; when it resolves, recall and search see it. */
  addTurn(turn: TurnRequest, opts?: CallOptions): Promise<TurnResponse> {
    return this.request<TurnResponse>({ method: 'POST', path: '/turns', body: turn, idempotent: false, accept: [201], schema: TurnResponseSchema }, opts);
  }

  /** `POST /recall`: prompt-ready context within `max_tokens`, with citations. */
  recall(query: RecallRequest, opts?: CallOptions): Promise<RecallResponse> {
    return this.request<RecallResponse>({ method: 'POST', path: '/recall', body: query, idempotent: true, accept: [200], schema: RecallResponseSchema }, opts);
  }

  /** `POST /search`: scored memory and turn hits. */
  search(query: SearchRequest, opts?: CallOptions): Promise<SearchResponse> {
    return this.request<SearchResponse>({ method: 'POST', path: '/search', body: query, idempotent: true, accept: [200], schema: SearchResponseSchema }, opts);
  }

  /** `GET /users/{id}/memories`: every memory of the user, history included. */
  async listMemories(userId: string, opts?: CallOptions): Promise<Memory[]> {
    const r = await this.request<{ memories: Memory[] }>(
      { method: 'GET', path: `/users/${encodeURIComponent(userId)}/memories`, idempotent: true, accept: [200], schema: MemoriesResponseSchema },
      opts,
    );
    return r.memories;
  }

  /** `GET /users`: every user id that holds turns or memories. */
  async listUsers(opts?: CallOptions): Promise<string[]> {
    const r = await this.request<UsersResponse>({ method: 'GET', path: '/users', idempotent: true, accept: [200], schema: UsersResponseSchema }, opts);
    return r.users;
  }

  /** `GET /users/{id}/turns`: the user's turns, oldest first (one session with `session_id`). */
  async listTurns(userId: string, query: TurnsQuery = {}, opts?: CallOptions): Promise<Turn[]> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.size > 0 ? `?${params}` : '';
    const r = await this.request<TurnsResponse>(
      { method: 'GET', path: `/users/${encodeURIComponent(userId)}/turns${qs}`, idempotent: true, accept: [200], schema: TurnsResponseSchema },
      opts,
    );
    return r.turns;
  }

  /** `DELETE /users/{id}/memories/{memory_id}`: forgets one memory (status `deleted`); returns it. */
  async forgetMemory(userId: string, memoryId: string, opts?: CallOptions): Promise<Memory> {
    const r = await this.request<ForgetResponse>(
      { method: 'DELETE', path: `/users/${encodeURIComponent(userId)}/memories/${encodeURIComponent(memoryId)}`, idempotent: true, accept: [200], schema: ForgetResponseSchema },
      opts,
    );
    return r.memory;
  }

  /** `GET /users/{id}/memories?limit=&cursor=`: one page; pass `nextCursor` back for the next (null on the last page). */
  async listMemoriesPage(userId: string, page: { limit?: number; cursor?: string | null } = {}, opts?: CallOptions): Promise<{ memories: Memory[]; nextCursor: string | null }> {
    const q = new URLSearchParams({ limit: String(page.limit ?? 100) });
    if (page.cursor) q.set('cursor', page.cursor);
    const r = await this.request<{ memories: Memory[]; next_cursor?: string | null }>(
      { method: 'GET', path: `/users/${encodeURIComponent(userId)}/memories?${q.toString()}`, idempotent: true, accept: [200], schema: MemoriesResponseSchema },
      opts,
    );
    return { memories: r.memories, nextCursor: r.next_cursor ?? null };
  }

  /**
   * `DELETE /sessions/{id}`: forgets a session (succeeds when absent) — every user's part of it in
   * the key's tenant, or only `userId`'s (and `agentId`'s) part when given.
   */
  async deleteSession(sessionId: string, opts?: CallOptions & { userId?: string; agentId?: string }): Promise<void> {
    const q = new URLSearchParams();
    if (opts?.userId !== undefined) q.set('user_id', opts.userId);
    if (opts?.agentId !== undefined) q.set('agent_id', opts.agentId);
    const query = q.size > 0 ? `?${q.toString()}` : '';
    await this.request({ method: 'DELETE', path: `/sessions/${encodeURIComponent(sessionId)}${query}`, idempotent: true, accept: [204] }, opts);
  }

  /** `DELETE /users/{id}`: forgets everything about a user (succeeds when absent). */
  async deleteUser(userId: string, opts?: CallOptions): Promise<void> {
    await this.request({ method: 'DELETE', path: `/users/${encodeURIComponent(userId)}`, idempotent: true, accept: [204] }, opts);
  }

  private async request<T>(spec: RequestSpec, opts: CallOptions & { noRetry?: boolean } = {}): Promise<T> {
    const maxAttempts = opts.noRetry ? 1 : this.retries + 1;
    for (let attempt = 1; ; attempt++) {
      let failure: MemoryApiError | null = null;
      let retryAfterMs: number | null = null;
      let res: Response | null = null;
      try {
        res = await this.attempt(spec, opts);
      } catch (err) {
        if (!(err instanceof MemoryApiError)) throw err;
        // Timeouts and dropped connections are retried only when repeating the call is harmless.
        const transient = err.code === 'TIMEOUT' || err.code === 'NETWORK_ERROR';
        if (!(transient && spec.idempotent) || attempt >= maxAttempts) throw withAttempts(err, attempt);
        failure = err;
      }
      if (res) {
        if (spec.accept.includes(res.status)) return await this.readBody<T>(res, spec, attempt);
        failure = await toApiError(res, attempt);
        if (!isRetryableStatus(res.status)) throw failure;
        retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      }
      if (failure === null) throw new Error('unreachable: no response and no error');
      if (attempt >= maxAttempts) throw withAttempts(failure, attempt);
      try {
        await this.sleep(retryDelayMs(attempt, retryAfterMs, { baseMs: this.retryBaseMs, maxMs: this.maxRetryDelayMs }), opts.signal);
      } catch (cause) {
        throw new MemoryApiError({ status: 0, code: 'ABORTED', message: 'request aborted by the caller', attempts: attempt, cause });
      }
    }
  }

  /** One HTTP exchange with its own timeout; network failures become MemoryApiError (status 0). */
  private async attempt(spec: RequestSpec, opts: CallOptions): Promise<Response> {
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (opts.requestId) headers['x-request-id'] = opts.requestId;
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await this.fetchImpl(`${this.baseUrl}${spec.path}`, {
        method: spec.method,
        headers,
        body: spec.body !== undefined ? JSON.stringify(spec.body) : undefined,
        signal,
      });
    } catch (cause) {
      if (opts.signal?.aborted) throw new MemoryApiError({ status: 0, code: 'ABORTED', message: 'request aborted by the caller', cause });
      if (timeout.aborted) throw new MemoryApiError({ status: 0, code: 'TIMEOUT', message: `${spec.method} ${spec.path} timed out after ${timeoutMs} ms`, cause });
      const detail = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
      throw new MemoryApiError({ status: 0, code: 'NETWORK_ERROR', message: `${spec.method} ${spec.path} failed: ${detail}`, cause });
    }
  }

  private async readBody<T>(res: Response, spec: RequestSpec, attempt: number): Promise<T> {
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let data: unknown;
    try {
      data = text === '' ? undefined : JSON.parse(text);
    } catch (cause) {
      throw new MemoryApiError({ status: res.status, code: 'INVALID_RESPONSE', message: `${spec.method} ${spec.path}: response is not JSON`, requestId: res.headers.get('x-request-id'), attempts: attempt, cause });
    }
    if (this.validate && spec.schema) {
      const parsed = spec.schema.safeParse(data);
      if (!parsed.success) {
        throw new MemoryApiError({ status: res.status, code: 'INVALID_RESPONSE', message: `${spec.method} ${spec.path}: response does not match the contract: ${parsed.error?.message}`, requestId: res.headers.get('x-request-id'), attempts: attempt });
      }
    }
    return data as T;
  }
}

function withAttempts(err: MemoryApiError, attempts: number): MemoryApiError {
  if (err.attempts === attempts) return err;
  return new MemoryApiError({ status: err.status, code: err.code, message: err.message, requestId: err.requestId, details: err.details, attempts, cause: err.cause });
}

/** Builds the typed error from a non-success response (our error body, or whatever came back). */
async function toApiError(res: Response, attempts: number): Promise<MemoryApiError> {
  const headerId = res.headers.get('x-request-id');
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) {
    const e = parsed.data.error;
    return new MemoryApiError({ status: res.status, code: e.code, message: e.message, requestId: e.request_id || headerId, details: e.details, attempts });
  }
  const snippet = text.trim().slice(0, 200);
  return new MemoryApiError({
    status: res.status,
    code: `HTTP_${res.status}`,
    message: snippet || res.statusText || `HTTP ${res.status}`,
    requestId: headerId,
    attempts,
  });
}
