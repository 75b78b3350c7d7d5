/**
 * @module api/surface-urls
 * Where each surface of a listening server lives (REST API, Swagger docs, OpenAPI document,
 * inspector, MCP, metrics), for the start-up log. A wildcard bind address (0.0.0.0, ::) is shown
 * as localhost, since that is the URL a person on the same machine can open.
 */

export const SURFACE_PATHS = {
  api: '/',
  inspector: '/',
  docs: '/docs',
  openapi: '/openapi.json',
  mcp: '/mcp',
  metrics: '/metrics',
} as const;

export type Surface = keyof typeof SURFACE_PATHS;

/** Base URL a person can open for a server bound to `host` on `port`. */
export function publicBaseUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '' || host === '[::]';
  const shown = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export function surfaceUrls(host: string, port: number): Record<Surface, string> {
  const base = publicBaseUrl(host, port);
  return Object.fromEntries(Object.entries(SURFACE_PATHS).map(([k, p]) => [k, p === '/' ? `${base}/` : `${base}${p}`])) as Record<Surface, string>;
}
