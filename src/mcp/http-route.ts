/**
 * @module mcp/http-route
 * MCP over streamable HTTP at /mcp on the running server. PLACEHOLDER — issue 7.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export async function registerMcpRoute(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
