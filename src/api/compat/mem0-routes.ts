/**
 * @module api/compat/mem0-routes
 * The mem0 Platform API routes the official mem0ai client calls. PLACEHOLDER — issue 8.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

export async function registerMem0Routes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
