/**
 * @module api/inspector-route
 * Serves the inspector, the browser UI built from web/ by Vite into dist/web: `GET /` answers its
 * index.html and `/inspector/*` its hashed assets (@fastify/static, only files that exist, so
 * unknown paths keep the API's JSON 404). The page holds no data and needs no token; it asks for
 * one and sends it on every API call. When the build is missing, `GET /` says how to build it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the assets are served (Vite's `base`). */
export const INSPECTOR_PREFIX = '/inspector/';

/** dist/web, seen from src/api (running the .ts sources under tsx) or from dist/src/api (the build). */
export const INSPECTOR_DIR = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/web/' : '../../web/', import.meta.url));

/** The built inspector folder, or null when it has not been built. */
export function findInspectorDir(dir: string = INSPECTOR_DIR): string | null {
  return existsSync(`${dir}index.html`) ? dir : null;
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>memory-service</title>
<h1>memory-service</h1><p>The inspector is not built. Run <code>npm run build</code> (it runs on <code>npm install</code>) and restart.</p>
<p>The API is up: see <a href="/docs">/docs</a> and <a href="/health">/health</a>.</p>`;

export async function registerInspectorRoute(app: FastifyInstance, dir: string | null = findInspectorDir()): Promise<void> {
  if (dir === null) {
    app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT));
    return;
  }
  const index = readFileSync(`${dir}index.html`, 'utf8');
  await app.register(fastifyStatic, { root: dir, prefix: INSPECTOR_PREFIX, wildcard: false, index: false, schemaHide: true, immutable: true, maxAge: '365d' });
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index));
}
