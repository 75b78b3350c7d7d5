/**
 * @module api/routes/inspect-routes
 * The read-and-forget routes the inspector (and any operator tool) needs beyond the core
 * contract: the users that hold data, a user's turns by session, and forgetting one memory of a
 * user. Validation by the zod schemas of api/schemas; the work is in the MemoryService.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ErrorResponse, ForgetResponse, TurnsQuery, TurnsResponse, UserMemoryParams, UserParams, UsersResponse } from '../schemas.ts';
import { toApiMemory, toApiTurn } from '../memory-mapper.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse, 500: ErrorResponse } as const;
const tags = ['inspect'];

export async function registerInspectRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { service } = ctx;

  app.get(
    '/users',
    { schema: { summary: 'Every user id that holds turns or memories, sorted', tags, response: { 200: UsersResponse, ...errors } } },
    async (req) => ({ users: await service.forTenant(req.tenant).listUsers() }),
  );

  app.get(
    '/users/:user_id/turns',
    {
      schema: {
        summary: "The user's stored turns, oldest first (all sessions, or one with ?session_id=)",
        tags,
        params: UserParams,
        querystring: TurnsQuery,
        response: { 200: TurnsResponse, ...errors },
      },
    },
    async (req) => {
      const { session_id, limit, offset } = req.query;
      const turns = await service.forTenant(req.tenant).listUserTurns(req.params.user_id, { ...(session_id !== undefined ? { sessionId: session_id } : {}), limit, offset });
      return { turns: turns.map(toApiTurn) };
    },
  );

  app.delete(
    '/users/:user_id/memories/:memory_id',
    {
      schema: {
        summary: "Forget one of the user's memories (status `deleted`: never recalled, searched or listed again); MEMORY_NOT_FOUND if it is not theirs",
        tags,
        params: UserMemoryParams,
        response: { 200: ForgetResponse, ...errors },
      },
    },
    async (req) => {
      const memory = await service.forTenant(req.tenant).forgetMemory({ userId: req.params.user_id }, req.params.memory_id);
      req.log.info({ memory_id: memory.id }, 'memory forgotten');
      return { memory: toApiMemory(memory) };
    },
  );
}
