/**
 * @module api/graceful-close
 * Graceful shutdown with keep-alive clients: once the app starts closing, new requests get 503
 * SHUTTING_DOWN (our error body) and every
 * response still being written carries `Connection: close`, so the socket ends after it instead
 * of idling until the client gives up (Node's server.close() only closes connections that are
 * idle at that instant; requests in flight would otherwise hold app.close() open forever).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Requests arriving after the signal get our error body (503 SHUTTING_DOWN), not Fastify's own.
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new ApiError('SHUTTING_DOWN', 'the server is shutting down; retry later');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
