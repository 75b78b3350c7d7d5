/**
 * @module api/schemas
 * The zod (v4) schemas of our REST contract — every request and response body — and the
 * TypeScript types inferred from them. One source of truth: the routes validate and serialise
 * with them, the OpenAPI document is generated from them and the typed client (`client/`)
 * imports them. No Fastify imports here, so the client can depend on this module alone.
 */
import { z } from 'zod';
import { API_ERROR_CODES, ERROR_STATUS } from './error-codes.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** Bounds shared by the routes, the client and the docs. */
export const LIMITS = {
  idMaxLength: 256,
  /** Generous on purpose: MEMORY_MAX_BODY_BYTES (413) is the real bound of a turn. */
  contentMaxLength: 4_194_304,
  queryMaxLength: 10_000,
  maxTokensMin: 1,
  maxTokensMax: 32_768,
  maxTokensDefault: 1024,
  searchLimitMin: 1,
  searchLimitMax: 100,
  searchLimitDefault: 10,
  /** Largest page of GET /users/{id}/memories (default page size when only a cursor is given). */
  memoriesPageMax: 1000,
  memoriesPageDefault: 100,
  messagesMax: 10_000,
  turnsLimitDefault: 200,
  turnsLimitMax: 1000,
} as const;

/** ISO-8601 calendar date, optionally with a time and a zone (`2024-05-01`, `2024-05-01T10:00:00Z`, `…+02:00`). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** True when `value` is an ISO-8601 date or date-time that denotes a real instant. */
export function isIsoTimestamp(value: string): boolean {
  if (!ISO_8601.test(value)) return false;
  const ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) return false;
  // Reject calendar overflow that Date.parse silently rolls over (2024-02-31 → March 2).
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

export const IsoTimestamp = z
  .string()
  .refine(isIsoTimestamp, { message: 'must be an ISO-8601 date or date-time, e.g. 2024-05-01T10:00:00Z' })
  .meta({ format: 'date-time', example: '2024-05-01T10:00:00Z' });

/** A caller-chosen identifier (any Unicode, 1–256 characters); `what` documents it in OpenAPI. */
const Id = (what: string) =>
  z
    .string()
    .min(1, { message: 'must not be empty' })
    .max(LIMITS.idMaxLength, { message: `must be at most ${LIMITS.idMaxLength} characters` })
    .describe(`${what}: chosen by the caller, 1–${LIMITS.idMaxLength} characters`);

/** A user id, or null for a session-only scope. Required (send null explicitly), as the contract says. */
const NullableUserId = Id('user_id').nullable();

export const RoleSchema = z.enum(['user', 'assistant', 'system', 'tool']);

export const MessageSchema = z.object({
  role: RoleSchema,
  content: z.string().max(LIMITS.contentMaxLength),
  /** Speaker name; on a user message it is the speaker (multi-party chats). */
  name: z.string().max(LIMITS.idMaxLength).nullable().optional(),
});

export const MemoryTypeSchema = z.enum(['fact', 'preference', 'opinion', 'event', 'relation']);

export const MetadataSchema = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const TurnRequest = z.object({
  session_id: Id('session_id'),
  user_id: NullableUserId,
  /** Optional agent/avatar dimension: memories of (user, agent) are kept apart from the user's own. */
  agent_id: Id('agent_id').nullable().optional(),
  messages: z.array(MessageSchema).min(1, { message: 'must contain at least one message' }).max(LIMITS.messagesMax),
  /** When the turn happened (ISO-8601). Missing means now. */
  timestamp: IsoTimestamp.nullable().optional(),
  metadata: MetadataSchema.optional(),
}).meta({
  examples: [
    {
      session_id: 'chat-1',
      user_id: 'alice',
      messages: [
        { role: 'user', content: 'I just moved to Berlin from NYC for a new job.' },
        { role: 'assistant', content: 'Welcome to Berlin!' },
      ],
      timestamp: '2024-05-01T10:00:00Z',
    },
  ],
});

export const RecallRequest = z.object({
  query: z.string().max(LIMITS.queryMaxLength),
  session_id: Id('session_id'),
  user_id: NullableUserId,
  agent_id: Id('agent_id').nullable().optional(),
  /** Token budget of `context` (cl100k); default 1024 (MEMORY_DEFAULT_MAX_TOKENS). */
  max_tokens: z.number().int().min(LIMITS.maxTokensMin).max(LIMITS.maxTokensMax).optional(),
}).meta({ examples: [{ query: 'Where does the user live?', session_id: 'chat-2', user_id: 'alice', max_tokens: 512 }] });

export const SearchRequest = z.object({
  query: z.string().max(LIMITS.queryMaxLength),
  session_id: Id('session_id').nullable().optional().default(null),
  user_id: NullableUserId,
  agent_id: Id('agent_id').nullable().optional(),
  limit: z.number().int().min(LIMITS.searchLimitMin).max(LIMITS.searchLimitMax).optional().default(LIMITS.searchLimitDefault),
})
  .refine((b) => b.user_id !== null || b.session_id !== null, { message: 'is required when session_id is null (a search needs a scope)', path: ['user_id'] })
  .meta({ examples: [{ query: 'Berlin', session_id: null, user_id: 'alice', limit: 5 }] });

export const UserParams = z.object({ user_id: Id('user_id') });
export const SessionParams = z.object({ session_id: Id('session_id') });
/** DELETE /sessions/{id} narrowing: only that user's (and/or agent's) rows of the session. */
export const SessionDeleteQuery = z.object({
  user_id: Id('user_id').optional().describe('Delete only this user\'s turns and memories of the session (their agent sub-scopes included unless agent_id is given).'),
  agent_id: Id('agent_id').optional().describe('Delete only the rows of this agent scope.'),
});

export const UserMemoryParams = z.object({ user_id: Id('user_id'), memory_id: Id('memory_id') });

/** Paging of `GET /users/{id}/turns`: one session or all, oldest first. */
export const TurnsQuery = z.object({
  session_id: Id('session_id').optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.turnsLimitMax).optional().default(LIMITS.turnsLimitDefault),
  offset: z.coerce.number().int().min(0).optional().default(0),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const TurnResponse = z.object({
  id: z.string(),
});

export const CitationSchema = z.object({
  turn_id: z.string(),
  score: z.number(),
  snippet: z.string(),
});

export const RecallResponse = z.object({
  /** Prompt-ready Markdown, never over max_tokens; "" when nothing is known or relevant. */
  context: z.string(),
  citations: z.array(CitationSchema),
});

/** A stored memory as the API shows it (snake_case; history rows included). */
export const MemorySchema = z.object({
  id: z.string(),
  type: MemoryTypeSchema,
  subject: z.string(),
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  source_session: z.string().nullable(),
  source_turn: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  supersedes: z.string().nullable(),
  superseded_by: z.string().nullable(),
  active: z.boolean(),
  /** active | superseded | retracted | historical | deleted */
  status: z.string(),
  /** For events: when it happened / will happen. */
  event_date: z.string().nullable(),
  /** The sentence the memory came from (secrets masked). */
  evidence: z.string(),
  agent_id: z.string().nullable(),
  metadata: MetadataSchema,
});

/** `GET /users/{id}/memories`: the full list by default; a page when `limit` or `cursor` is given. */
export const MemoriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.memoriesPageMax).optional(),
  cursor: z.string().min(1).max(LIMITS.idMaxLength * 4).optional(),
});

export const MemoriesResponse = z.object({
  memories: z.array(MemorySchema),
  /** When paging: the cursor of the next page, null on the last one. Absent for the full list. */
  next_cursor: z.string().nullable().optional(),
});

/** A stored conversation turn as the API shows it (secrets masked, as stored). */
export const TurnSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  user_id: z.string().nullable(),
  agent_id: z.string().nullable(),
  /** 1-based position within its session. */
  seq: z.number().int(),
  timestamp: z.string(),
  messages: z.array(MessageSchema),
  metadata: MetadataSchema,
});

export const TurnsResponse = z.object({
  turns: z.array(TurnSchema),
});

export const UsersResponse = z.object({
  /** Every user id that has turns or memories, sorted. */
  users: z.array(z.string()),
});

export const ForgetResponse = z.object({
  /** The memory after forgetting: status `deleted`: never recalled, searched or listed again. */
  memory: MemorySchema,
});

export const SearchResultSchema = z.object({
  kind: z.enum(['memory', 'turn']),
  id: z.string(),
  content: z.string(),
  score: z.number(),
  session_id: z.string().nullable(),
  timestamp: z.string().nullable(),
  metadata: MetadataSchema,
  /** The turn the hit is (or, for a memory, came from). */
  turn_id: z.string().nullable(),
  /** For memory hits: the structured memory. */
  memory: MemorySchema.nullable(),
  /** Which rankers found the hit, at what rank and score (bm25_turn, key_memory, vector_turn, rerank…). */
  rankers: z.array(z.object({ ranker: z.string(), rank: z.number(), score: z.number() })).optional(),
});

export const SearchResponse = z.object({
  results: z.array(SearchResultSchema),
});

export const HealthResponse = z.object({
  /** "ok" when the store answers; "unavailable" (with HTTP 503) when it does not. */
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  store: z.object({
    kind: z.string(),
    /** pgvector-hnsw | exact | none */
    vector_search: z.string(),
    schema_version: z.number().nullable(),
  }),
  /** Which extractor runs: "offline" or the LLM provider/model. */
  extraction: z.string(),
  embeddings: z.string(),
  reranker: z.string(),
  /** Features running in a fallback mode (e.g. a provider that failed to configure). */
  degraded: z.array(z.string()),
  uptime_s: z.number(),
});

/** Every non-2xx body. `code` is a stable UPPER_SNAKE string (see src/api/errors.ts). */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.string().describe(`Stable UPPER_SNAKE code, one of: ${API_ERROR_CODES.map((c) => `${c} (${ERROR_STATUS[c]})`).join(', ')}`),
    message: z.string(),
    request_id: z.string(),
    /** Schema violations: one entry per offending field. */
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

/** Request bodies as sent by a client (defaults optional). */
export type TurnRequest = z.input<typeof TurnRequest>;
export type RecallRequest = z.input<typeof RecallRequest>;
export type SearchRequest = z.input<typeof SearchRequest>;
/** Request bodies after validation (defaults applied). */
export type TurnRequestParsed = z.output<typeof TurnRequest>;
export type RecallRequestParsed = z.output<typeof RecallRequest>;
export type SearchRequestParsed = z.output<typeof SearchRequest>;

export type MessageBody = z.infer<typeof MessageSchema>;
export type TurnResponse = z.infer<typeof TurnResponse>;
export type Citation = z.infer<typeof CitationSchema>;
export type RecallResponse = z.infer<typeof RecallResponse>;
export type Memory = z.infer<typeof MemorySchema>;
export type MemoriesResponse = z.infer<typeof MemoriesResponse>;
export type Turn = z.infer<typeof TurnSchema>;
export type TurnsResponse = z.infer<typeof TurnsResponse>;
export type TurnsQuery = z.input<typeof TurnsQuery>;
export type UsersResponse = z.infer<typeof UsersResponse>;
export type ForgetResponse = z.infer<typeof ForgetResponse>;
export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchResponse = z.infer<typeof SearchResponse>;
export type HealthResponse = z.infer<typeof HealthResponse>;
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Aliases under the contract's names (`Memory`, `Citation`, `SearchResult`, `Message`). */
export const Memory = MemorySchema;
export const Citation = CitationSchema;
export const SearchResult = SearchResultSchema;
export const Message = MessageSchema;
