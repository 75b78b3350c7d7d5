/**
 * @module api/auth
 * Optional shared-token authentication. With MEMORY_AUTH_TOKEN set, every request must carry
 * `Authorization: Bearer <token>` (or `Token <token>`, which mem0 clients send); the token is
 * compared in constant time. Open without a token: `/health` (load-balancer and container
 * probes), `/openapi.json` and `/docs` (the contract, no data), `/` and `/inspector/*` (the
 * inspector's page and assets, no data).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Paths that never need the token. */
export const OPEN_PATHS = ['/health', '/openapi.json', '/'];
/** `/inspector`: the inspector's static assets (the page asks for the token and sends it on its API calls). */
const OPEN_PREFIXES = ['/docs', '/inspector'];

export function isOpenPath(path: string): boolean {
  return OPEN_PATHS.includes(path) || OPEN_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The credential in an Authorization header (`Bearer x` or `Token x`, scheme case-insensitive), else null. */
export function credentialOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** Constant-time equality: both sides are hashed first, so neither length nor prefix leaks. */
export function tokenMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

export function installAuth(app: FastifyInstance, token: string | undefined): void {
  if (!token) return;
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (isOpenPath(path)) return;
    const given = credentialOf(req.headers.authorization);
    if (given === null) throw new ApiError('UNAUTHORIZED', 'missing Authorization: Bearer <token> header');
    if (!tokenMatches(given, token)) throw new ApiError('UNAUTHORIZED', 'invalid token');
  });
}
