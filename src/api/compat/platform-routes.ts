/**
 * @module api/compat/platform-routes
 * The injection/extraction platform memory API (per-avatar memory). PLACEHOLDER — issue 8.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

export async function registerPlatformRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
