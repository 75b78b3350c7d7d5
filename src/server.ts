/**
 * @module server
 * Starts the HTTP server: builds the app, listens, logs the `ready:` line and the surfaces' URLs, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the store).
 */
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { surfaceUrls } from './api/surface-urls.ts';

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config): Promise<{ port: number; close: () => Promise<void> }> {
  const built = await buildApp(config);
  const address = await built.app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const m = built.ctx.providers;
  built.app.log.info(`ready: extraction=${m.extraction} embeddings=${m.embeddings} reranker=${m.reranker} store=${built.ctx.storeKind}`);
  const urls = surfaceUrls(config.HOST, port);
  built.app.log.info({ urls }, `inspector ${urls.inspector} · API ${urls.api} · docs ${urls.docs} (OpenAPI ${urls.openapi}) · MCP ${urls.mcp} · metrics ${urls.metrics}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      built.app.log.warn({ grace_ms: SHUTDOWN_GRACE_MS }, 'shutdown grace period over; closing the remaining connections');
      built.app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await built.close();
      built.app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      built.app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return { port, close: built.close };
}
