/**
 * @module api/compat/platform-routes
 * The injection/extraction platform memory API (per-avatar memory), over the same service and
 * store as our own contract: GET /get_injection_context, POST /extract, GET /memory,
 * DELETE /memory/{fact_id}. Validation → 422; store or provider failures → 503.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { PlatformMemory } from '../../core/compat/platform-memory.ts';
import { ErrorResponse } from '../schemas.ts';
import { classifyError, errorBody } from '../errors.ts';
import { ExtractRequest, FactList, FactParams, InjectionQuery, InjectionResponse, MemoryListQuery, PlatformFactSchema } from './platform-schemas.ts';

const errors = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse } as const;
const tags = ['platform'];

const UPSTREAM_CODES = new Set(['STORE_UNAVAILABLE', 'UPSTREAM_UNAVAILABLE']);

/**
 * Runs a handler; a store or provider failure answers 503 with a clear message (the platform's
 * contract; our own API answers 502 for a provider). Anything else goes to the shared handler.
 */
async function guarded<T>(req: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (err) {
    const c = classifyError(err);
    if (!UPSTREAM_CODES.has(c.code)) throw err;
    req.log.error({ err, code: c.code }, 'platform API: upstream failure');
    const message = c.code === 'STORE_UNAVAILABLE' ? 'memory store unavailable; retry later' : 'model provider unavailable; retry later';
    return reply.code(503).send(errorBody({ status: 503, code: c.code, message, unexpected: false }, req.id));
  }
}

export async function registerPlatformRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const options = {
    charBudget: ctx.config.MEMORY_INJECTION_CHAR_BUDGET,
    maxTranscriptChars: ctx.config.MEMORY_MAX_TRANSCRIPT_CHARS,
    minConfidence: ctx.config.MEMORY_MIN_CONFIDENCE,
  };
  // The platform operations of the request's tenant.
  const platformFor = (req: FastifyRequest) => new PlatformMemory(ctx.service.forTenant(req.tenant), options);

  app.get(
    '/get_injection_context',
    {
      schema: {
        summary: 'Prompt-ready memory block for a user and avatar',
        description:
          'Active facts of the (user, avatar) scope ranked by confidence then recency, as `- [category] fact_key: fact_value` lines under `## User Memory`, ' +
          'within MEMORY_INJECTION_CHAR_BUDGET characters (whole lines). Included facts get `last_seen_at` stamped.',
        tags,
        querystring: InjectionQuery,
        response: { 200: InjectionResponse, ...errors },
      },
    },
    async (req, reply) => guarded(req, reply, () => platformFor(req).injectionContext(req.query.user_id, req.query.avatar_id)),
  );

  app.post(
    '/extract',
    {
      schema: {
        summary: 'Extract and save facts from a transcript',
        description:
          'Ingests the transcript as one turn of the avatar scope (same extraction and reconciliation as POST /turns) and returns the facts saved by this call. ' +
          'Below MEMORY_MIN_CONFIDENCE dropped; secrets never saved; exact duplicates skipped; a near-duplicate (embeddings) or same-key fact is superseded by one updated fact.',
        tags,
        body: ExtractRequest,
        response: { 200: FactList, ...errors },
      },
    },
    async (req, reply) =>
      guarded(req, reply, () =>
        platformFor(req).extract({ transcript: req.body.transcript, sessionId: req.body.session_id, userId: req.body.user_id, avatarId: req.body.avatar_id }),
      ),
  );

  app.get(
    '/memory',
    {
      schema: {
        summary: 'List every fact of a user and avatar with its status',
        tags,
        querystring: MemoryListQuery,
        response: { 200: FactList, ...errors },
      },
    },
    async (req, reply) => guarded(req, reply, () => platformFor(req).list(req.query.user_id, req.query.avatar_id)),
  );

  app.delete(
    '/memory/:fact_id',
    {
      schema: {
        summary: 'Soft-delete a fact',
        description: 'Status becomes `deleted` and `deleted_at` is set; the fact is never injected or recalled again but stays listed.',
        tags,
        params: FactParams,
        response: { 200: PlatformFactSchema, ...errors },
      },
    },
    async (req, reply) => guarded(req, reply, () => platformFor(req).softDelete(req.params.fact_id)),
  );
}
