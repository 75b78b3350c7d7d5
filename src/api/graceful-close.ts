/**
 * @module api/graceful-close
 * Keeps graceful shutdown finite with keep-alive clients: once the app starts closing, every
 * response still being written carries `Connection: close`, so the socket ends after it instead
 * of idling until the client gives up (Node's server.close() only closes connections that are
 * idle at that instant; requests in flight would otherwise hold app.close() open forever).
 */
import type { FastifyInstance } from 'fastify';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
