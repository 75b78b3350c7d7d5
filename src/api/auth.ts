/**
 * @module api/auth
 * Bearer-key authentication and the request's tenant. With MEMORY_AUTH_TOKEN and/or
 * MEMORY_API_KEYS set (api/tenant-keys), every request must carry `Authorization: Bearer <key>`
 * (or `Token <key>`, which mem0 clients send); the key selects the tenant (`req.tenant`) every
 * surface then works in. Keys are looked up by their SHA-256, so the comparison never runs over
 * the secret itself. Without any key the service is open and everything is the default tenant.
 * Open without a key: `/health` (probes), `/openapi.json` and `/docs` (the contract, no data),
 * `/` and `/inspector/*` (the inspector's page and assets, no data).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';
import { DEFAULT_TENANT } from '../core/scope.ts';
import type { TenantKey } from './tenant-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's key (DEFAULT_TENANT without auth or with MEMORY_AUTH_TOKEN). */
    tenant: string;
  }
}

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

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time equality: both sides are hashed first, so neither length nor prefix leaks. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Key → tenant, looked up by digest (a timing difference tells nothing about the key). */
export function keyring(keys: readonly TenantKey[]): (credential: string) => string | null {
  const byDigest = new Map(keys.map((k) => [digest(k.key).toString('hex'), k.tenant]));
  return (credential) => byDigest.get(digest(credential).toString('hex')) ?? null;
}

export function installAuth(app: FastifyInstance, keys: readonly TenantKey[]): void {
  app.decorateRequest('tenant', DEFAULT_TENANT);
  if (keys.length === 0) return;
  const tenantOf = keyring(keys);
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (isOpenPath(path)) return;
    const given = credentialOf(req.headers.authorization);
    if (given === null) throw new ApiError('UNAUTHORIZED', 'missing Authorization: Bearer <token> header');
    const tenant = tenantOf(given);
    if (tenant === null) throw new ApiError('UNAUTHORIZED', 'invalid token');
    req.tenant = tenant;
  });
}
