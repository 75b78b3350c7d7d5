/**
 * @module api/routes/core-routes
 * Our own REST contract: /health, /turns, /recall, /search, /users/{id}/memories and the two
 * deletions. Routes validate with the zod schemas of api/schemas, call the MemoryService and map
 * records to the API shapes; no domain logic lives here.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import {
  ErrorResponse,
  HealthResponse,
  LIMITS,
  MemoriesQuery,
  MemoriesResponse,
  RecallRequest,
  RecallResponse,
  SearchRequest,
  SearchResponse,
  SessionDeleteQuery,
  SessionParams,
  TurnRequest,
  TurnResponse,
  UserParams,
} from '../schemas.ts';
import { toApiMemory, toApiSearchResult } from '../memory-mapper.ts';
import { SERVICE_VERSION } from '../openapi.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse, 422: ErrorResponse, 500: ErrorResponse } as const;
const startedAt = Date.now();

export async function registerCoreRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { service } = ctx;

  app.get(
    '/health',
    {
      // Probes hit this every few seconds: keep them out of the info log.
      logLevel: 'warn',
      schema: {
        summary: 'Readiness and mode report (never needs the token)',
        tags: ['core'],
        security: [],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (req, reply) => {
      let ok = false;
      let info: Awaited<ReturnType<typeof service.store.info>> | null = null;
      try {
        ok = await service.store.ping();
        info = await service.store.info();
      } catch (err) {
        req.log.warn({ err }, 'health: store probe failed');
        ok = false;
      }
      const modes = ctx.providers;
      const body: HealthResponse = {
        status: ok ? 'ok' : 'unavailable',
        version: SERVICE_VERSION,
        store: { kind: info?.kind ?? ctx.storeKind, vector_search: info?.vectorSearch ?? 'none', schema_version: info?.schemaVersion ?? null },
        extraction: modes.extraction,
        embeddings: modes.embeddings,
        reranker: modes.reranker,
        degraded: ok ? [...modes.degraded] : [...modes.degraded, 'store'],
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );

  app.post(
    '/turns',
    {
      schema: {
        summary: 'Store a conversation turn; extract, reconcile and index its memories in one transaction',
        tags: ['core'],
        body: TurnRequest,
        response: { 201: TurnResponse, ...errors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const result = await service.forTenant(req.tenant).ingestTurn({
        sessionId: b.session_id,
        userId: b.user_id,
        agentId: b.agent_id ?? null,
        messages: b.messages.map((m) => ({ role: m.role, content: m.content, ...(m.name != null ? { name: m.name } : {}) })),
        timestamp: b.timestamp ?? null,
        metadata: b.metadata ?? {},
        withMemories: false,
      });
      req.log.info({ turn_id: result.turn.id, memories: result.changed, extractor: result.extractor }, 'turn stored');
      return reply.code(201).send({ id: result.turn.id });
    },
  );

  app.post(
    '/recall',
    {
      schema: {
        summary: 'Prompt-ready context for a query, never over max_tokens, with citations',
        tags: ['core'],
        body: RecallRequest,
        response: { 200: RecallResponse, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const result = await service.forTenant(req.tenant).recall({
        query: b.query,
        sessionId: b.session_id,
        userId: b.user_id,
        agentId: b.agent_id ?? null,
        maxTokens: b.max_tokens ?? ctx.config.MEMORY_DEFAULT_MAX_TOKENS,
      });
      return { context: result.context, citations: result.citations };
    },
  );

  app.post(
    '/search',
    {
      schema: {
        summary: 'Structured hits (memories and turns) for an agent tool call',
        tags: ['core'],
        body: SearchRequest,
        response: { 200: SearchResponse, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const results = await service.forTenant(req.tenant).search({
        query: b.query,
        sessionId: b.session_id,
        userId: b.user_id,
        agentId: b.agent_id ?? null,
        limit: b.limit,
      });
      return { results: results.map(toApiSearchResult) };
    },
  );

  app.get(
    '/users/:user_id/memories',
    {
      schema: {
        summary: "Every memory of the user, superseded ones included (the history of each fact); a page with ?limit=&cursor=",
        tags: ['core'],
        params: UserParams,
        querystring: MemoriesQuery,
        response: { 200: MemoriesResponse, ...errors },
      },
    },
    async (req) => {
      const { limit, cursor } = req.query;
      if (limit === undefined && cursor === undefined) {
        const memories = await service.forTenant(req.tenant).listUserMemories(req.params.user_id);
        return { memories: memories.map(toApiMemory) };
      }
      const page = await service.forTenant(req.tenant).listUserMemoriesPage(req.params.user_id, { limit: limit ?? LIMITS.memoriesPageDefault, cursor });
      return { memories: page.memories.map(toApiMemory), next_cursor: page.nextCursor };
    },
  );

  app.delete(
    '/sessions/:session_id',
    {
      schema: {
        summary: 'Forget a session (its turns, the memories that came from it and their index rows); 204 even if absent',
        description:
          'Deletes, within the caller\'s tenant only, the turns of this session id and the memories extracted from them, in every scope that holds ' +
          'the session: each user\'s (and agent\'s) and the session-only scope. Session ids are caller-chosen, so pass `user_id` (and `agent_id`) ' +
          'to delete only that user\'s (or agent\'s) part. Memories superseded by a deleted one become current again.',
        tags: ['core'],
        params: SessionParams,
        querystring: SessionDeleteQuery,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (req, reply) => {
      await service.forTenant(req.tenant).deleteSession(req.params.session_id, { userId: req.query.user_id ?? null, agentId: req.query.agent_id ?? null });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/users/:user_id',
    {
      schema: {
        summary: 'Forget a user: memories, turns, sessions and index rows; 204 even if absent',
        tags: ['core'],
        params: UserParams,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (req, reply) => {
      await service.forTenant(req.tenant).deleteUser(req.params.user_id);
      return reply.code(204).send();
    },
  );
}
