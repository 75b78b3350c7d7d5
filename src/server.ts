/**
 * @module server
 * Starts the HTTP server: builds the app, listens, logs the one `ready:` line, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the store).
 */
import { buildApp } from './app.ts';
import type { Config } from './config.ts';

export async function startServer(config: Config): Promise<{ port: number; close: () => Promise<void> }> {
  const built = await buildApp(config);
  const address = await built.app.listen({ port: config.PORT, host: config.HOST });
  const port = Number(new URL(address).port);
  const m = built.ctx.providers;
  built.app.log.info(`ready: extraction=${m.extraction} embeddings=${m.embeddings} reranker=${m.reranker} store=${built.ctx.storeKind}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info({ signal }, 'shutting down');
    try {
      await built.close();
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
