/**
 * @module api/error-handler
 * Installs the error surface on a Fastify instance: the error handler (every thrown error →
 * `{error: {code, message, request_id}}` with the status from api/errors), the 404 handler and
 * the `x-request-id` header on every response. Installed in buildApp before any route plugin,
 * so the REST, platform, mem0, MCP and metrics routes all answer errors the same way.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { classifyError, errorBody } from './errors.ts';

export function installErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler(sendError);

  app.setNotFoundHandler((req, reply) => {
    void reply
      .code(404)
      .header('x-request-id', req.id)
      .type('application/json; charset=utf-8')
      .send(errorBody({ status: 404, code: 'NOT_FOUND', message: `no route for ${req.method} ${req.url.split('?')[0].slice(0, 200)}`, unexpected: false }, req.id));
  });
}

/** Answers any error with our body and the status from api/errors (logged by kind). */
export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const c = classifyError(err);
  if (c.unexpected) req.log.error({ err, code: c.code }, 'unexpected error');
  else req.log.info({ code: c.code, status: c.status, reason: c.message }, 'request rejected');
  if (c.status === 401) reply.header('www-authenticate', 'Bearer');
  void reply.code(c.status).header('x-request-id', req.id).type('application/json; charset=utf-8').serializer(JSON.stringify).send(errorBody(c, req.id));
}

/** Longest path parameter the router accepts (ids are up to 256 characters; percent-encoded UTF-8 takes up to 12 per character). */
export const MAX_PATH_PARAM_LENGTH = 4096;

/** Our messages for the router's errors (their codes map through FASTIFY_CODE_MAP); Fastify's own would echo the whole path. */
const FRAMEWORK_MESSAGES: Record<string, (path: string) => string> = {
  FST_ERR_MAX_PARAM_LENGTH: () => `a path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters (ids are at most 256)`,
  FST_ERR_BAD_URL: (path) => `the path ${path} is not valid percent-encoding`,
};

/** Fastify's `frameworkErrors`: errors its router raises before any hook (bad percent-encoding, an over-long path parameter). */
export function frameworkErrorReply(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const message = FRAMEWORK_MESSAGES[err.code]?.(req.url.split('?')[0].slice(0, 200));
  sendError(message ? Object.assign(new Error(message), { code: err.code }) : err, req, reply);
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before there is a request
 * (headers or request line over 16 KB → 431, malformed HTTP → 400, header timeout → 408) get our
 * error body and an x-request-id, like every other answer. Nothing is written to a socket that
 * the client already reset.
 */
export function clientErrorReply(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'the request line and headers exceed 16 KB; send long input in a JSON body']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST', 'the request headers did not arrive in time']
        : [400, 'BAD_REQUEST', 'malformed HTTP request'];
  const id = crypto.randomUUID();
  const body = JSON.stringify(errorBody({ status, code, message, unexpected: false }, id));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Request ids: a well-formed incoming `x-request-id` is kept (tracing), anything else gets a UUID. */
export function requestIdFrom(req: { headers: Record<string, string | string[] | undefined> }): string {
  const h = req.headers['x-request-id'];
  if (typeof h === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(h)) return h;
  return crypto.randomUUID();
}
