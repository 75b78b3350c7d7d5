/**
 * @module app
 * buildApp(config): the one place that wires everything — store, providers, the core service,
 * the Fastify instance with every surface (REST, compatibility APIs, MCP, metrics, inspector). It does not
 * listen; src/server.ts does. Tests use the returned app with inject() or a real socket.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Extractor, Lexicon, MemoryStore } from './core/ports.ts';
import { MemoryService } from './core/service.ts';
import { OfflineExtractor } from './core/extraction/offline-extractor.ts';
import { createStore } from './store/create-store.ts';
import { TurnPool, defaultWorkerThreads } from './pool/turn-pool.ts';
import { availableParallelism } from 'node:os';
import { createProviders } from './providers/create-providers.ts';
import { checkEmbeddingSpace } from './providers/embedding-space.ts';
import { openLexicon } from './providers/lexicon/create-lexicon.ts';
import { createMetrics, registerMetricsRoute } from './api/metrics.ts';
import { registerCoreRoutes } from './api/routes/core-routes.ts';
import { registerInspectRoutes } from './api/routes/inspect-routes.ts';
import { findInspectorDir, registerInspectorRoute } from './api/inspector-route.ts';
import { registerPlatformRoutes } from './api/compat/platform-routes.ts';
import { registerMem0Routes } from './api/compat/mem0-routes.ts';
import { registerMcpRoute } from './mcp/http-route.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { clientErrorReply, frameworkErrorReply, installErrorHandling, MAX_PATH_PARAM_LENGTH, requestIdFrom } from './api/error-handler.ts';
import { installJsonBodyParser } from './api/json-body.ts';
import { installGracefulClose } from './api/graceful-close.ts';
import { installAuth } from './api/auth.ts';
import { resolveTenantKeys } from './api/tenant-keys.ts';
import { registerOpenApi } from './api/openapi.ts';
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
  /** Where logs go (default stdout). The CLI sends them to stderr when stdout carries data (mcp, export). */
  logStream?: { write(msg: string): void };
  /** Use this extractor instead of the offline one (tests that need deterministic candidates). */
  extractor?: Extractor;
  /** Serve the inspector from this built folder instead of dist/web (tests build it elsewhere). */
  inspectorDir?: string;
  /** Use this lexicon instead of the configured one (tests with a test double). */
  lexicon?: Lexicon;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: config.MEMORY_MAX_BODY_BYTES,
    genReqId: requestIdFrom,
    requestIdHeader: false,
    // Requests that arrive while closing are refused by api/graceful-close with our error body.
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // A path Fastify's router rejects (bad percent-encoding, an over-long id) answers with our error body.
    frameworkErrors: frameworkErrorReply,
    // Errors of Node's HTTP parser (431 for a 16 KB+ path, malformed requests) in our error shape.
    clientErrorHandler: clientErrorReply,
  });
  // Before any route plugin: every surface shares the zod compilers, the error body, auth and the docs.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installGracefulClose(app);
  const tenantKeys = resolveTenantKeys(config);
  installAuth(app, tenantKeys);
  installJsonBodyParser(app);
  await registerOpenApi(app, { authEnabled: tenantKeys.length > 0 });
  const logger = app.log;
  if (tenantKeys.length === 0) logger.warn('auth disabled: neither MEMORY_AUTH_TOKEN nor MEMORY_API_KEYS is set; every caller shares the default tenant');
  else logger.info({ tenants: new Set(tenantKeys.map((k) => k.tenant)).size, keys: tenantKeys.length }, 'auth enabled');
  const metrics = createMetrics();
  const store = opts.store ?? (await createStore(config, logger));
  await store.migrate();
  const providers = createProviders(config, { logger, observer: metrics.observer, fetch: opts.fetch });
  for (const finding of await checkEmbeddingSpace(store, providers.embedder, logger)) providers.health.addStatic(finding);
  const opened = opts.lexicon ? null : openLexicon(config, logger);
  const lexicon = opts.lexicon ?? opened!.lexicon;
  // CPU-heavy per-turn work goes to worker threads (started on first use); a test extractor runs inline.
  // One worker fewer than the cores: the main thread (HTTP, SQL, small turns) is the other one.
  const threads = config.MEMORY_WORKER_THREADS ?? defaultWorkerThreads(availableParallelism());
  // The workers compute a large turn's kind features too, with the lexicon of the same settings (not with a test's double).
  const featureLexicon = opts.lexicon ? undefined : { MEMORY_LEXICON: config.MEMORY_LEXICON, MEMORY_LEXICON_CACHE: config.MEMORY_LEXICON_CACHE };
  // They share the main thread's WordNet tables (one SharedArrayBuffer) instead of each loading a copy.
  const pool = threads > 0 ? new TurnPool({ threads, heapMb: config.MEMORY_WORKER_HEAP_MB, logger, featureLexicon, lexiconTables: opened?.tables }) : null;
  const offline = new OfflineExtractor({ lexicon });
  const service = new MemoryService({
    store,
    lexicon,
    offlineExtractor: opts.extractor ?? (pool ? pool.extractor(offline) : offline),
    analyzer: pool,
    limits: { maxMessages: config.MEMORY_MAX_TURN_MESSAGES, maxMessageChars: config.MEMORY_MAX_MESSAGE_CHARS },
    llmExtractor: providers.llmExtractor,
    reconciler: providers.reconciler,
    embedder: providers.embedder,
    reranker: providers.reranker,
    planner: providers.planner,
    rerankMinScore: config.RERANK_MIN_SCORE,
    logger,
    observer: metrics.observer,
  });
  const info = await store.info();
  const ctx: AppContext = { service, config, providers: providers.modes, metrics, storeKind: info.kind };

  await registerCoreRoutes(app, ctx);
  await registerInspectRoutes(app, ctx);
  await registerInspectorRoute(app, findInspectorDir(opts.inspectorDir));
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
      await pool?.close();
      await store.close();
    },
  };
}
