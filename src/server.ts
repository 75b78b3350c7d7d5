/**
 * @module server
 * Starts the HTTP server: sets the heap growth policy (heap-policy.ts), builds the app, warms the recall path up (MemoryService.warmUp), listens
 * (then warms it up over a made-up conversation in a scratch in-memory store, in the background), logs the `ready:` line and the surfaces' URLs, and shuts down
 * gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the store,
 * which checkpoints the SQLite WAL). Shutdown is idempotent: a launcher that forwards the signal
 * again (npm, a process-group kill) or an impatient second Ctrl-C is logged and ignored; after
 * SHUTDOWN_GRACE_MS the remaining connections are cut, and after SHUTDOWN_HARD_MS the process
 * exits whatever is still pending.
 */
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { surfaceUrls } from './api/surface-urls.ts';
import { SqliteMemoryStore } from './store/sqlite/store.ts';
import { applyHeapPolicy } from './heap-policy.ts';

/** How long in-flight requests get to finish after SIGTERM before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** When the process exits (code 1) even if closing the store has not finished. */
export const SHUTDOWN_HARD_MS = SHUTDOWN_GRACE_MS + 5_000;

export interface ShutdownDeps {
  /** Stops accepting, waits for in-flight requests, closes the store. */
  close(): Promise<void>;
  /** Cuts the connections still open (the grace period is over). */
  closeAllConnections(): void;
  exit(code: number): void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  graceMs?: number;
  hardMs?: number;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => void };
}

/**
 * The signal handler: the first signal starts one graceful close; every later one is logged and
 * ignored (it never restarts, hurries or kills the close); the grace and hard deadlines bound it.
 */
export function shutdownOnSignals(deps: ShutdownDeps): (signal: string) => void {
  const graceMs = deps.graceMs ?? SHUTDOWN_GRACE_MS;
  const hardMs = deps.hardMs ?? SHUTDOWN_HARD_MS;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  let stopping: string | null = null;
  return (signal) => {
    if (stopping !== null) {
      deps.log.warn({ signal, first_signal: stopping }, 'already shutting down; signal ignored until in-flight requests finish');
      return;
    }
    stopping = signal;
    deps.log.info({ signal }, 'shutting down');
    setTimer(() => {
      deps.log.warn({ grace_ms: graceMs }, 'shutdown grace period over; closing the remaining connections');
      deps.closeAllConnections();
    }, graceMs).unref?.();
    setTimer(() => {
      deps.log.error({ hard_ms: hardMs }, 'shutdown did not finish in time; exiting');
      deps.exit(1);
    }, hardMs).unref?.();
    deps.close().then(
      () => {
        deps.log.info({}, 'shutdown complete');
        deps.exit(0);
      },
      (err: unknown) => {
        deps.log.error({ err }, 'error during shutdown');
        deps.exit(1);
      },
    );
  };
}

/** MemoryService.warmUpOnSample over a scratch in-memory SQLite store (whatever the configured backend), closed after; a failure is logged, never thrown. */
export async function warmUpOnSample(service: { warmUpOnSample(scratch: SqliteMemoryStore, pause?: () => Promise<void>): Promise<{ recalls: number; ms: number }> }, log: { info(o: object, m: string): void; warn(o: object, m: string): void }): Promise<void> {
  const scratch = new SqliteMemoryStore(':memory:');
  try {
    // A turn of the event loop between warm-up recalls: a request arriving meanwhile is served after one of them.
    const r = await service.warmUpOnSample(scratch, () => new Promise((done) => setImmediate(done)));
    log.info({ recalls: r.recalls, ms: Math.round(r.ms) }, 'recall warmed up on a sample');
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'recall warm-up on a sample failed; continuing');
  } finally {
    await scratch.close().catch(() => undefined);
  }
}

export async function startServer(config: Config): Promise<{ port: number; close: () => Promise<void> }> {
  // Before the app is built (and its workers started), so every isolate of the process collects by it.
  applyHeapPolicy(config.MEMORY_HEAP_GROWING_PERCENT);
  const built = await buildApp(config);
  // The process's one-time recall costs (native regex compilation, ~250 ms) are paid before the
  // first request, not by it (MemoryService.warmUp).
  // An optimisation only: a store that fails it still starts (the first request pays instead).
  try {
    const warm = await built.ctx.service.warmUp();
    built.app.log.info({ recalls: warm.recalls, ms: Math.round(warm.ms) }, 'recall warmed up');
  } catch (err) {
    built.app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'recall warm-up failed; continuing');
  }
  const address = await built.app.listen({ port: config.PORT, host: config.HOST });
  // Then, listening already, the code that only runs over rows: a made-up conversation ingested into
  // a scratch in-memory store and asked the warm-up questions (MemoryService.warmUpOnSample; the
  // first recall of a 10k-turn user ~50 → ~30 ms CPU, and the first ingest's one-time costs), over
  // enough passes that V8 has optimized the recall path. It takes seconds (WordNet loaded, ~150 recalls),
  // too long to hold start-up for; the event loop turns between its recalls, so a request arriving
  // meanwhile waits for the ingest of the sample or one warm-up recall, not for the whole warm-up.
  void warmUpOnSample(built.ctx.service, built.app.log);
  const port = Number(new URL(address).port);
  const m = built.ctx.providers;
  built.app.log.info(`ready: extraction=${m.extraction} embeddings=${m.embeddings} reranker=${m.reranker} store=${built.ctx.storeKind}`);
  const urls = surfaceUrls(config.HOST, port);
  built.app.log.info({ urls }, `inspector ${urls.inspector} · API ${urls.api} · docs ${urls.docs} (OpenAPI ${urls.openapi}) · MCP ${urls.mcp} · metrics ${urls.metrics}`);
  const onSignal = shutdownOnSignals({
    close: built.close,
    closeAllConnections: () => built.app.server.closeAllConnections(),
    exit: (code) => process.exit(code),
    log: { info: (o, msg) => built.app.log.info(o, msg), warn: (o, msg) => built.app.log.warn(o, msg), error: (o, msg) => built.app.log.error(o, msg) },
  });
  // `on`, not `once`: a repeated signal must reach our handler, never Node's default (which kills).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => onSignal(signal));
  return { port, close: built.close };
}
