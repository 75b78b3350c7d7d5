/**
 * @module api/routes/core-routes
 * Our own REST contract: /health, /turns, /recall, /search, /users/{id}/memories, deletions.
 * PLACEHOLDER — implemented by issue 2.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

export async function registerCoreRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
