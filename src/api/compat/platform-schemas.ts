/**
 * @module api/compat/platform-schemas
 * zod schemas of the platform (injection/extraction) API: query/body/params and the fact and
 * injection shapes. They drive validation (422 on violations), serialisation and the OpenAPI
 * document.
 */
import { z } from 'zod';

const Uuid = (what: string) => z.guid({ message: `${what} must be a UUID` }).meta({ format: 'uuid' });

export const InjectionQuery = z.object({
  user_id: Uuid('user_id'),
  avatar_id: Uuid('avatar_id'),
});

export const InjectionResponse = z.object({
  text: z.string().meta({ description: '`## User Memory` block, one `- [category] fact_key: fact_value` line per fact, and a closing instruction; empty when there are no facts' }),
  facts_count: z.number().int().min(0),
  applied: z.boolean(),
});

export const ExtractRequest = z.object({
  transcript: z
    .string()
    .refine((s) => s.trim() !== '', { message: 'transcript must not be empty or whitespace' })
    .meta({ description: 'Conversation text; "User: …" / "Assistant: …" lines become messages. Truncated to MEMORY_MAX_TRANSCRIPT_CHARS.' }),
  session_id: Uuid('session_id'),
  user_id: Uuid('user_id'),
  avatar_id: Uuid('avatar_id'),
});

export const PlatformFactSchema = z.object({
  fact_id: z.string(),
  user_id: z.string().nullable(),
  avatar_id: z.string().nullable(),
  category: z.string().meta({ description: 'The memory type: fact, preference, opinion, event or relation' }),
  fact_key: z.string().meta({ description: 'lower-case snake_case, 3–64 characters, ^[a-z][a-z0-9_]*$' }),
  fact_value: z.string().max(200),
  confidence: z.number(),
  status: z.enum(['active', 'superseded', 'deleted']),
  source_session_id: z.string().nullable(),
  source_excerpt: z.string(),
  dedup_hash: z.string().meta({ description: 'SHA-256 hex of avatar_id|fact_key|fact_value (value lower-cased)' }),
  created_at: z.string(),
  updated_at: z.string(),
  last_seen_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});

export const FactList = z.array(PlatformFactSchema);

export const MemoryListQuery = InjectionQuery;

export const FactParams = z.object({ fact_id: Uuid('fact_id') });
