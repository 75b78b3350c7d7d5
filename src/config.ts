/**
 * @module config
 * Reads every setting from the environment once, validates it with zod and hands a typed
 * Config to buildApp(). The only module (with src/cli) that touches process.env.
 * Every variable here is documented in docs/operations.md and listed in .env.example.
 */
import { z } from 'zod';
import { resolveTenantKeys } from './api/tenant-keys.ts';

const bool = z
  .string()
  .optional()
  .transform((v) => v !== undefined && /^(1|true|yes|on)$/i.test(v));
const int = (def: number) => z.coerce.number().int().positive().default(def);
const optStr = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Secrets are taken as given (no trimming): only exactly empty means unset; api/tenant-keys judges the rest. */
const rawStr = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SQLite file (default ./data/memory.db). Ignored when DATABASE_URL selects PostgreSQL. */
  MEMORY_DB_PATH: z.string().default('./data/memory.db'),
  /** postgres://… selects the PostgreSQL store; pglite:// (or pglite:memory) the embedded PGlite store. */
  DATABASE_URL: optStr,
  DATABASE_POOL_SIZE: int(10),
  /**
   * When set, every request needs `Authorization: Bearer <token>` (or `Token <token>` on mem0 routes);
   * the token's data is the default tenant's. Empty = unset; blank or with whitespace = refused (api/tenant-keys).
   */
  MEMORY_AUTH_TOKEN: rawStr,
  /** Per-key tenants: `tenant:key,tenant:key`. Each key sees only its tenant's data. */
  MEMORY_API_KEYS: rawStr,
  /** File with one `tenant:key` a line (`#` comments), for many tenants. */
  MEMORY_API_KEYS_FILE: optStr,
  MEMORY_MAX_BODY_BYTES: int(2 * 1024 * 1024),
  MEMORY_DEFAULT_MAX_TOKENS: int(1024),
  // ---- ingest ----
  /** Most messages one turn may carry (more → 413 TURN_TOO_LARGE, on every surface). */
  MEMORY_MAX_TURN_MESSAGES: int(1000),
  /** Longest message content in characters (longer → 413 TURN_TOO_LARGE). */
  MEMORY_MAX_MESSAGE_CHARS: int(32_000),
  /** Worker threads for turn analysis and offline extraction; 0 runs them on the event loop. Default: the machine's parallelism (at most 4). */
  MEMORY_WORKER_THREADS: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).max(64).optional()),
  /**
   * Old-generation heap of each worker thread, in MB. V8 collects a worker's garbage lazily, so
   * without a cap a worker that analysed a maximum-size turn keeps hundreds of MB it no longer uses.
   * A task that would need more than this fails in the worker and runs inline (nothing lost).
   */
  MEMORY_WORKER_HEAP_MB: z.coerce.number().int().min(64).default(256),
  /**
   * How far (per cent) a thread's V8 heap may grow past what survived the last full collection
   * before the next one, for every thread of the server (src/heap-policy.ts). V8's own factor goes
   * up to 4× on a large machine, which let the main thread's heap reach ~300 MB; 0 keeps V8's.
   */
  MEMORY_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(30),
  // ---- platform (injection/extraction) API ----
  MEMORY_INJECTION_CHAR_BUDGET: int(2000),
  MEMORY_MAX_TRANSCRIPT_CHARS: int(12000),
  MEMORY_MIN_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.6),
  // ---- providers (all optional; without them the offline path is used) ----
  OPENAI_API_KEY: optStr,
  OPENAI_BASE_URL: optStr,
  OPENAI_MODEL: optStr,
  ANTHROPIC_API_KEY: optStr,
  ANTHROPIC_BASE_URL: optStr,
  ANTHROPIC_MODEL: optStr,
  /** auto | openai | anthropic | offline */
  EXTRACTION_PROVIDER: z.enum(['auto', 'openai', 'anthropic', 'offline']).default('auto'),
  /** json_schema (constrained decoding) | json_object (for OpenAI-compatible servers without json_schema support). */
  LLM_RESPONSE_FORMAT: z.enum(['json_schema', 'json_object']).default('json_schema'),
  EMBEDDING_PROVIDER: z.enum(['auto', 'openai', 'voyage', 'none']).default('auto'),
  EMBEDDING_BASE_URL: optStr,
  EMBEDDING_API_KEY: optStr,
  EMBEDDING_MODEL: optStr,
  /** Requested/expected embedding dimension (OpenAI text-embedding-3-*, Voyage output_dimension). */
  EMBEDDING_DIMENSIONS: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  VOYAGE_API_KEY: optStr,
  VOYAGE_BASE_URL: optStr,
  /** auto | cohere | jina | voyage | tei | none — which /rerank dialect RERANK_BASE_URL speaks. */
  RERANK_PROVIDER: z.enum(['auto', 'cohere', 'jina', 'voyage', 'tei', 'none']).default('auto'),
  RERANK_BASE_URL: optStr,
  RERANK_API_KEY: optStr,
  RERANK_MODEL: optStr,
  COHERE_API_KEY: optStr,
  RERANK_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.1),
  PROVIDER_TIMEOUT_MS: int(20000),
  PROVIDER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  MEMORY_DISABLE_LLM: bool,
  /** wordnet | off — the lexicon recall and extraction consult (off, or WordNet not installed → empty lexicon). */
  MEMORY_LEXICON: z.enum(['wordnet', 'off']).default('wordnet'),
  /** Lexicon cache file (default node_modules/.cache/memory-service/wordnet-lexicon-v<N>.bin). */
  MEMORY_LEXICON_CACHE: optStr,
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses a config from an env-like record; throws a readable error naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${msg}`);
  }
  try {
    resolveTenantKeys(parsed.data);
  } catch (err) {
    throw new Error(`invalid configuration: ${(err as Error).message}`);
  }
  return parsed.data;
}
