/**
 * @module api/compat/mem0-schemas
 * zod schemas of the mem0 Platform API surface: request bodies as the official mem0 clients
 * send them (loose: unknown fields such as `output_format`, `async_mode` or `rerank` are
 * accepted and ignored), and the memory, search, list, history and entity response shapes,
 * which also carry our richer fields (`status`, `replaced_by`, `supersedes`, validity).
 */
import { z } from 'zod';

const EntityId = z.string().min(1).max(256).nullable().optional();

const Entities = {
  user_id: EntityId,
  agent_id: EntityId,
  app_id: EntityId,
  run_id: EntityId,
};

export const Mem0Message = z.looseObject({
  role: z.string().min(1).max(32),
  content: z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  name: z.string().max(256).nullable().optional(),
});

const Filters = z.record(z.string(), z.unknown()).meta({
  description: 'mem0 filter grammar: {AND|OR|NOT: [...]}, field: value | "*" | {in, nin, eq, ne, gt, gte, lt, lte, contains, icontains}; fields user_id, agent_id, app_id, run_id, created_at, updated_at, categories, metadata, memory, type, key, status…',
});

export const Mem0AddRequest = z.looseObject({
  messages: z.union([z.string().min(1), z.array(Mem0Message).min(1).max(500)]),
  ...Entities,
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  infer: z.boolean().optional().default(true),
  timestamp: z.union([z.number(), z.string()]).nullable().optional(),
  output_format: z.string().nullable().optional(),
});

export const Mem0SearchV3Request = z.looseObject({
  query: z.string().min(1).max(10_000),
  filters: Filters,
  top_k: z.coerce.number().int().min(1).max(1000).optional().default(10),
  threshold: z.coerce.number().min(0).max(1).optional().default(0.1),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  categories: z.array(z.string()).nullable().optional(),
});

/** v1/v2 search: entity ids may be top-level (v1) or in `filters` (v2); `limit` is the v1 name of `top_k`. */
export const Mem0SearchLegacyRequest = z.looseObject({
  query: z.string().min(1).max(10_000),
  ...Entities,
  filters: Filters.nullable().optional(),
  top_k: z.coerce.number().int().min(1).max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  threshold: z.coerce.number().min(0).max(1).optional().default(0),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  categories: z.array(z.string()).nullable().optional(),
  output_format: z.string().nullable().optional(),
});

export const Mem0ListRequest = z.looseObject({
  filters: Filters.optional(),
  ...Entities,
  show_expired: z.boolean().optional(),
  categories: z.array(z.string()).nullable().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
});

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(1000).optional().default(100),
});

export const EntityQuery = z.looseObject({
  user_id: z.string().min(1).max(256).optional(),
  agent_id: z.string().min(1).max(256).optional(),
  app_id: z.string().min(1).max(256).optional(),
  run_id: z.string().min(1).max(256).optional(),
});

export const LegacyListQuery = EntityQuery.extend({
  page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(1000).optional().default(100),
  output_format: z.string().optional(),
});

export const MemoryIdParams = z.object({ memory_id: z.string().min(1).max(256) });

export const EntityParams = z.object({ entity_type: z.enum(['user', 'agent', 'app', 'run']), entity_id: z.string().min(1).max(256) });

export const Mem0UpdateRequest = z
  .looseObject({
    text: z.string().max(200_000).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    timestamp: z.union([z.number(), z.string()]).nullable().optional(),
    expiration_date: z.string().nullable().optional(),
  })
  // As mem0's own client: "Either text or metadata must be provided for update."
  .refine((b) => [b.text, b.metadata, b.timestamp, b.expiration_date].some((v) => v !== undefined && v !== null), { message: 'needs text or metadata (or timestamp / expiration_date): an update with nothing to change', path: ['text'] });

export const Mem0MemorySchema = z.object({
  id: z.string(),
  memory: z.string(),
  user_id: z.string().nullable(),
  agent_id: z.string().nullable(),
  app_id: z.string().nullable(),
  run_id: z.string().nullable(),
  hash: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  categories: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  expiration_date: z.string().nullable(),
  immutable: z.boolean(),
  score: z.number().optional(),
  status: z.string().meta({ description: 'Ours: active, superseded, retracted, historical or deleted' }),
  replaced_by: z.string().nullable().meta({ description: 'Ours: id of the memory that superseded this one' }),
  supersedes: z.string().nullable().meta({ description: 'Ours: id of the memory this one superseded' }),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  event_date: z.string().nullable(),
  type: z.string(),
  subject: z.string(),
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  source_turn_id: z.string().nullable(),
});

export const Mem0AddEventSchema = z.object({
  id: z.string(),
  event: z.enum(['ADD', 'UPDATE', 'DELETE']),
  memory: z.string(),
  data: z.object({ memory: z.string() }),
  previous_memory: z.string().optional(),
  supersedes: z.string().optional(),
  user_id: z.string().nullable(),
  agent_id: z.string().nullable(),
  app_id: z.string().nullable(),
  run_id: z.string().nullable(),
});

export const Mem0AddResponse = z.object({
  results: z.array(Mem0AddEventSchema),
  event_id: z.string().meta({ description: 'The stored turn id; processing is synchronous, so status is always SUCCEEDED' }),
  status: z.literal('SUCCEEDED'),
  message: z.string(),
});

export const Mem0LegacyAddResponse = z.union([z.array(Mem0AddEventSchema), z.object({ results: z.array(Mem0AddEventSchema) })]);

export const Mem0SearchResponse = z.object({ results: z.array(Mem0MemorySchema) });
export const Mem0LegacySearchResponse = z.union([z.array(Mem0MemorySchema), Mem0SearchResponse]);

export const Mem0PageResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(Mem0MemorySchema),
});

export const Mem0LegacyListResponse = z.union([z.array(Mem0MemorySchema), z.object({ results: z.array(Mem0MemorySchema) })]);

export const Mem0HistorySchema = z.array(
  z.object({
    id: z.string(),
    memory_id: z.string(),
    input: z.array(z.object({ role: z.string(), content: z.string() })),
    old_memory: z.string().nullable(),
    new_memory: z.string().nullable(),
    user_id: z.string().nullable(),
    agent_id: z.string().nullable(),
    categories: z.array(z.string()),
    event: z.enum(['ADD', 'UPDATE', 'DELETE']),
    created_at: z.string(),
    updated_at: z.string(),
    version_id: z.string(),
  }),
);

export const Mem0EntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['user', 'agent', 'app', 'run']),
  created_at: z.string(),
  updated_at: z.string(),
  total_memories: z.number().int(),
  owner: z.string().nullable(),
  organization: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

export const Mem0EntitiesResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(Mem0EntitySchema),
});

export const Mem0MessageResponse = z.object({ message: z.string() });

export const Mem0PingResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  org_id: z.string().nullable(),
  project_id: z.string().nullable(),
  user_email: z.string().nullable(),
});

export const Mem0BatchUpdateRequest = z.looseObject({
  memories: z.array(z.looseObject({ memory_id: z.string().min(1).max(256), text: z.string().min(1).max(200_000) })).min(1).max(1000),
});

export const Mem0BatchDeleteRequest = z.looseObject({
  memories: z.array(z.looseObject({ memory_id: z.string().min(1).max(256) })).min(1).max(1000),
});
