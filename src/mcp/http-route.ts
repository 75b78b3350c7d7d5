/**
 * @module mcp/http-route
 * MCP over streamable HTTP at `POST /mcp` on the running Fastify server, in stateless mode:
 * each request gets a fresh MCP server and transport (no session affinity, so any replica can
 * answer), handed Fastify's raw request/response and the already parsed JSON body. JSON
 * responses rather than SSE streams (tools answer in one message). Authentication is the API's
 * global bearer hook, which runs before this handler and selects the tenant the tools work in; `GET`/`DELETE /mcp` (server-initiated
 * streams and session termination) are not offered in stateless mode and answer 405.
 */
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AppContext } from '../app-context.ts';
import { createMcpServer } from './server.ts';

const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; use POST /mcp.' },
  id: null,
};

export async function registerMcpRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
    // JSON-RPC 2.0: an empty batch or a body that is no request object is one Invalid Request error.
    const b = request.body;
    if ((Array.isArray(b) && b.length === 0) || b === null || typeof b !== 'object') {
      return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32600, message: Array.isArray(b) ? 'Invalid Request: empty batch' : 'Invalid Request: expected a JSON-RPC request object or batch' }, id: null });
    }
    const server = createMcpServer(ctx.service.forTenant(request.tenant), { defaultMaxTokens: ctx.config.MEMORY_DEFAULT_MAX_TOKENS });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.setHeader('x-request-id', request.id);
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
      }
    }
  });
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
    });
  }
}
