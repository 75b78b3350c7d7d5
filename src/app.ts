/**
 * @module app
 * buildApp(config): the one place that wires everything — store, providers, the core service,
 * the Fastify instance with every surface (REST, compatibility APIs, MCP, metrics). It does not
 * listen; src/server.ts does. Tests use the returned app with inject() or a real socket.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { MemoryStore } from './core/ports.ts';
import { MemoryService } from './core/service.ts';
import { OfflineExtractor } from './core/extraction/offline-extractor.ts';
import { createStore } from './store/create-store.ts';
import { createProviders } from './providers/create-providers.ts';
import { createMetrics, registerMetricsRoute } from './api/metrics.ts';
import { registerCoreRoutes } from './api/routes/core-routes.ts';
import { registerPlatformRoutes } from './api/compat/platform-routes.ts';
import { registerMem0Routes } from './api/compat/mem0-routes.ts';
import { registerMcpRoute } from './mcp/http-route.ts';
import type { AppContext } from './app-context.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops accepting, finishes in-flight requests, closes the store. */
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Use this store instead of the configured one (tests). */
  store?: MemoryStore;
  /** fetch used by providers (tests point it at provider doubles). */
  fetch?: typeof fetch;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.MEMORY_MAX_BODY_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
  });
  const logger = app.log;
  const metrics = createMetrics();
  const store = opts.store ?? (await createStore(config, logger));
  await store.migrate();
  const providers = createProviders(config, { logger, observer: metrics.observer, fetch: opts.fetch });
  const service = new MemoryService({
    store,
    offlineExtractor: new OfflineExtractor(),
    llmExtractor: providers.llmExtractor,
    reconciler: providers.reconciler,
    embedder: providers.embedder,
    reranker: providers.reranker,
    planner: providers.planner,
    logger,
    observer: metrics.observer,
  });
  const info = await store.info();
  const ctx: AppContext = { service, config, providers: providers.modes, metrics, storeKind: info.kind };

  await registerCoreRoutes(app, ctx);
  await registerPlatformRoutes(app, ctx);
  await registerMem0Routes(app, ctx);
  await registerMcpRoute(app, ctx);
  await registerMetricsRoute(app, ctx);

  let closed = false;
  return {
    app,
    ctx,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await store.close();
    },
  };
}
