/**
 * @module api/compat/mem0-routes
 * The mem0 Platform API routes the official `mem0ai` clients call (paths with mem0's trailing
 * slashes; `Authorization: Token <key>` is accepted by the shared auth hook): ping, add (v3 and
 * v1), search (v3, v2, v1), list (v3, v2, v1), get/update/delete one memory, history, delete
 * all, entities. Handlers only translate shapes; the work is in core/compat/mem0-memory.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { Mem0Compat } from '../../core/compat/mem0-memory.ts';
import { withEntities, type Mem0Filters } from '../../core/compat/mem0-filters.ts';
import { ErrorResponse } from '../schemas.ts';
import {
  EntityParams,
  EntityQuery,
  LegacyListQuery,
  Mem0AddRequest,
  Mem0AddResponse,
  Mem0BatchDeleteRequest,
  Mem0BatchUpdateRequest,
  Mem0EntitiesResponse,
  Mem0HistorySchema,
  Mem0LegacyAddResponse,
  Mem0LegacyListResponse,
  Mem0LegacySearchResponse,
  Mem0ListRequest,
  Mem0MemorySchema,
  Mem0MessageResponse,
  Mem0PageResponse,
  Mem0PingResponse,
  Mem0SearchLegacyRequest,
  Mem0SearchResponse,
  Mem0SearchV3Request,
  Mem0UpdateRequest,
  MemoryIdParams,
  PageQuery,
} from './mem0-schemas.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 500: ErrorResponse, 503: ErrorResponse } as const;
const tags = ['mem0'];

/** Adds `categories: {in: [...]}` to a filter when the caller passed the `categories` option. */
function withCategories(filters: Mem0Filters, categories: string[] | null | undefined): Mem0Filters {
  return categories && categories.length > 0 ? { AND: [filters, { categories: { in: categories } }] } : filters;
}

/** Absolute next/previous links for a page. */
function pageLinks(req: FastifyRequest, page: number, pageSize: number, count: number): { next: string | null; previous: string | null } {
  const base = `${req.protocol}://${req.host}${req.url.split('?')[0]}`;
  const link = (p: number) => `${base}?page=${p}&page_size=${pageSize}`;
  return { next: page * pageSize < count ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
}

function dateRange(start?: string, end?: string): Mem0Filters | null {
  const cond: Record<string, string> = {};
  if (start) cond.gte = start;
  if (end) cond.lte = end;
  return Object.keys(cond).length > 0 ? { created_at: cond } : null;
}

export async function registerMem0Routes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  // The mem0 clients send `Content-Type: application/json` on bodyless DELETEs; buildApp's JSON
  // parser takes an empty DELETE/GET body as no body for every route.
  mem0Routes(root, ctx);
}

function mem0Routes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The mem0 operations of the request's tenant (cheap: the service and its caches are shared).
  const mem0For = (req: FastifyRequest) => new Mem0Compat(ctx.service.forTenant(req.tenant));

  app.get('/v1/ping/', { schema: { summary: 'mem0: key check', tags, response: { 200: Mem0PingResponse, 401: ErrorResponse } } }, async () => ({
    status: 'ok' as const,
    message: 'pong',
    org_id: null,
    project_id: null,
    user_email: null,
  }));

  // ---------------------------------------------------------------- add
  app.post(
    '/v3/memories/add/',
    {
      schema: {
        summary: 'mem0: add memories from messages',
        description: 'Synchronous (our ingest is): the response already holds the ADD/UPDATE/DELETE results. `infer: false` stores each user/assistant message verbatim.',
        tags,
        body: Mem0AddRequest,
        response: { 200: Mem0AddResponse, ...errors },
      },
    },
    async (req) => {
      const out = await mem0For(req).add(req.body);
      return { ...out, status: 'SUCCEEDED' as const, message: `${out.results.length} memories processed` };
    },
  );

  app.post(
    '/v1/memories/',
    {
      schema: {
        summary: 'mem0 (v1): add memories',
        description: 'Older add shape: `{results: [...]}`, or a bare array with `output_format: "v1.0"`.',
        tags,
        body: Mem0AddRequest,
        response: { 200: Mem0LegacyAddResponse, ...errors },
      },
    },
    async (req) => {
      const out = await mem0For(req).add(req.body);
      return req.body.output_format === 'v1.0' ? out.results : { results: out.results };
    },
  );

  // ---------------------------------------------------------------- search
  app.post(
    '/v3/memories/search/',
    {
      schema: {
        summary: 'mem0: search memories with filters',
        description: 'Entity ids go in `filters` (at least one). Scores are normalised to [0,1] against the best hit; `threshold` (default 0.1) applies to that score.',
        tags,
        body: Mem0SearchV3Request,
        response: { 200: Mem0SearchResponse, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const results = await mem0For(req).search({ query: b.query, filters: withCategories(b.filters, b.categories), topK: b.top_k, threshold: b.threshold, metadata: b.metadata });
      return { results };
    },
  );

  for (const path of ['/v1/memories/search/', '/v2/memories/search/']) {
    app.post(
      path,
      {
        schema: {
          summary: `mem0 (${path.slice(1, 3)}): search memories`,
          description: 'Entity ids top-level (v1) or in `filters` (v2). A bare array, or `{results}` with `output_format: "v1.1"`.',
          tags,
          body: Mem0SearchLegacyRequest,
          response: { 200: Mem0LegacySearchResponse, ...errors },
        },
      },
      async (req) => {
        const b = req.body;
        const filters = withCategories(withEntities(b.filters ?? undefined, b), b.categories);
        const results = await mem0For(req).search({ query: b.query, filters, topK: b.top_k ?? b.limit ?? 10, threshold: b.threshold, metadata: b.metadata });
        return b.output_format === 'v1.1' ? { results } : results;
      },
    );
  }

  // ---------------------------------------------------------------- list
  for (const path of ['/v3/memories/', '/v2/memories/']) {
    app.post(
      path,
      {
        schema: {
          summary: `mem0 (${path.slice(1, 3)}): list memories with filters, paginated`,
          description: 'Current memories by default; `show_expired: true` adds ended versions (superseded, retracted, historical) with `replaced_by`.',
          tags,
          querystring: PageQuery,
          body: Mem0ListRequest,
          response: { 200: Mem0PageResponse, ...errors },
        },
      },
      async (req) => {
        const b = req.body;
        const range = dateRange(b.start_date, b.end_date);
        let filters = withCategories(withEntities(b.filters, b), b.categories);
        if (range) filters = { AND: [filters, range] };
        const { page, page_size } = req.query;
        const out = await mem0For(req).list({ filters, page, pageSize: page_size, showExpired: b.show_expired });
        return { count: out.count, ...pageLinks(req, page, page_size, out.count), results: out.results };
      },
    );
  }

  app.get(
    '/v1/memories/',
    {
      schema: {
        summary: 'mem0 (v1): list memories of an entity',
        tags,
        querystring: LegacyListQuery,
        response: { 200: Mem0LegacyListResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const out = await mem0For(req).list({ filters: withEntities(undefined, q), page: q.page, pageSize: q.page_size });
      return q.output_format === 'v1.1' ? { results: out.results } : out.results;
    },
  );

  // ---------------------------------------------------------------- one memory
  app.get(
    '/v1/memories/:memory_id/',
    { schema: { summary: 'mem0: get a memory', description: 'Ended versions are returned with `status` and `replaced_by`; deleted ones are 404.', tags, params: MemoryIdParams, response: { 200: Mem0MemorySchema, ...errors } } },
    async (req) => mem0For(req).get(req.params.memory_id),
  );

  app.put(
    '/v1/memories/:memory_id/',
    {
      schema: {
        summary: 'mem0: update a memory',
        description: 'The id keeps the new text; the previous text is kept as a superseded version (see history).',
        tags,
        params: MemoryIdParams,
        body: Mem0UpdateRequest,
        response: { 200: Mem0MemorySchema, ...errors },
      },
    },
    async (req) => mem0For(req).update(req.params.memory_id, { text: req.body.text, metadata: req.body.metadata }),
  );

  app.delete(
    '/v1/memories/:memory_id/',
    { schema: { summary: 'mem0: delete a memory', description: 'Soft delete: never recalled again; history keeps the DELETE event.', tags, params: MemoryIdParams, response: { 200: Mem0MessageResponse, ...errors } } },
    async (req) => {
      await mem0For(req).delete(req.params.memory_id);
      return { message: 'Memory deleted successfully!' };
    },
  );

  app.get(
    '/v1/memories/:memory_id/history/',
    { schema: { summary: 'mem0: history of a memory (ADD / UPDATE / DELETE from the supersession chain)', tags, params: MemoryIdParams, response: { 200: Mem0HistorySchema, ...errors } } },
    async (req) => mem0For(req).history(req.params.memory_id),
  );

  app.delete(
    '/v1/memories/',
    {
      schema: {
        summary: 'mem0: delete all memories of an entity',
        description: '`user_id` alone erases the user entirely (turns too); other combinations delete the matching memories.',
        tags,
        querystring: EntityQuery,
        response: { 200: Mem0MessageResponse, ...errors },
      },
    },
    async (req) => {
      const n = await mem0For(req).deleteAll(req.query);
      return { message: `Memories deleted successfully! (${n})` };
    },
  );

  // ---------------------------------------------------------------- batch
  app.put(
    '/v1/batch/',
    {
      schema: {
        summary: 'mem0: update up to 1000 memories',
        description: 'Each like PUT /v1/memories/{id}/; all ids are checked first, so an unknown id (404) changes nothing.',
        tags,
        body: Mem0BatchUpdateRequest,
        response: { 200: Mem0MessageResponse, ...errors },
      },
    },
    async (req) => {
      for (const m of req.body.memories) await mem0For(req).get(m.memory_id);
      for (const m of req.body.memories) await mem0For(req).update(m.memory_id, { text: m.text });
      return { message: `Successfully updated ${req.body.memories.length} memories` };
    },
  );

  app.delete(
    '/v1/batch/',
    {
      schema: {
        summary: 'mem0: delete up to 1000 memories',
        description: 'Each like DELETE /v1/memories/{id}/; all ids are checked first, so an unknown id (404) deletes nothing.',
        tags,
        body: Mem0BatchDeleteRequest,
        response: { 200: Mem0MessageResponse, ...errors },
      },
    },
    async (req) => {
      for (const m of req.body.memories) await mem0For(req).get(m.memory_id);
      for (const m of req.body.memories) await mem0For(req).delete(m.memory_id);
      return { message: `Successfully deleted ${req.body.memories.length} memories` };
    },
  );

  // ---------------------------------------------------------------- entities
  app.get(
    '/v1/entities/',
    { schema: { summary: 'mem0: users, agents and runs holding memories', tags, querystring: PageQuery, response: { 200: Mem0EntitiesResponse, ...errors } } },
    async (req) => {
      const all = await mem0For(req).entities();
      const { page, page_size } = req.query;
      const start = (page - 1) * page_size;
      return { count: all.length, ...pageLinks(req, page, page_size, all.length), results: all.slice(start, start + page_size) };
    },
  );

  for (const path of ['/v1/entities/:entity_type/:entity_id/', '/v2/entities/:entity_type/:entity_id/']) {
    app.delete(
      path,
      { schema: { summary: 'mem0: delete an entity and its memories', tags, params: EntityParams, response: { 200: Mem0MessageResponse, ...errors } } },
      async (req) => {
        await mem0For(req).deleteEntity(req.params.entity_type, req.params.entity_id);
        return { message: 'Entity deleted successfully!' };
      },
    );
  }
}
