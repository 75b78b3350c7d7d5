/**
 * @module api/metrics
 * Prometheus metrics (prom-client) on a per-app Registry: per-route request counts and latency
 * (labelled by the route pattern, never the raw URL), ingest/recall stage timings reported by
 * the core through its Observer, memory operations (inserted, superseded, reinforced, retracted,
 * ended) and recall outcomes (empty vs non-empty), provider call counts/errors/latency, and memory/turn counts and
 * database size read from the store at scrape time. Served at `GET /metrics`.
 */
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Observer } from '../core/service.ts';
import { MEMORY_OP_OUTCOMES } from '../core/reconcile/op-outcomes.ts';
import type { AppContext } from '../app-context.ts';

export interface Metrics {
  /** Handed to the core service and the providers. */
  observer: Observer;
  /** This app's registry (tests read it directly; `GET /metrics` renders it). */
  registry: Registry;
  /** Records one HTTP request (done by the onResponse hook). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** Route label for requests that matched no route, so scanners cannot blow up label cardinality. */
export const UNMATCHED_ROUTE = 'unmatched';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface CreateMetricsOptions {
  /** Node process metrics (CPU, memory, event loop). Default true. */
  defaultMetrics?: boolean;
}

export function createMetrics(opts: CreateMetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const stages = new Histogram({
    name: 'memory_stage_duration_seconds',
    help: 'Time spent in each ingest/recall stage (extraction, reconciliation, transaction, embedding, ranking, assembly...)',
    labelNames: ['stage'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'memory_provider_calls_total',
    help: 'Calls to external providers (LLM, embeddings, reranker) by provider, operation and outcome',
    labelNames: ['provider', 'op', 'outcome'] as const,
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'memory_provider_errors_total',
    help: 'Failed calls to external providers by provider and operation',
    labelNames: ['provider', 'op'] as const,
    registers: [registry],
  });
  const providerLatency = new Histogram({
    name: 'memory_provider_call_duration_seconds',
    help: 'Latency of calls to external providers by provider and operation',
    labelNames: ['provider', 'op'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const memoryOps = new Counter({
    name: 'memory_operations_total',
    help: 'What ingested turns did to memory: inserted, superseded, reinforced, retracted, ended (a value that stopped holding)',
    labelNames: ['op'] as const,
    registers: [registry],
  });
  // Every label present from the start, so rate() works before the first event.
  for (const op of MEMORY_OP_OUTCOMES) memoryOps.inc({ op }, 0);
  const recalls = new Counter({
    name: 'memory_recalls_total',
    help: 'Answered recalls by outcome: empty (no context) or non_empty',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['empty', 'non_empty']) recalls.inc({ outcome }, 0);

  const observer: Observer = {
    stage(name, ms) {
      stages.observe({ stage: name }, ms / 1000);
    },
    provider(provider, op, ok, ms) {
      providerCalls.inc({ provider, op, outcome: ok ? 'ok' : 'error' });
      if (!ok) providerErrors.inc({ provider, op });
      providerLatency.observe({ provider, op }, ms / 1000);
    },
    memoryOps(counts) {
      for (const [op, n] of Object.entries(counts)) if (n > 0) memoryOps.inc({ op }, n);
    },
    recalled(empty) {
      recalls.inc({ outcome: empty ? 'empty' : 'non_empty' });
    },
  };

  return {
    observer,
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status_code: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}

/**
 * Store gauges, read at scrape time. A store failure leaves the previous values in place and
 * sets `memory_store_up` to 0 rather than failing the scrape.
 */
function registerStoreGauges(ctx: AppContext): void {
  const registry = ctx.metrics.registry;
  let last: { turns: number; memories: number; bytes: number | null } | null = null;
  let up = 1;
  let pending: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    pending ??= ctx.service.store
      .counts()
      .then(
        (c) => {
          last = c;
          up = 1;
        },
        (err: unknown) => {
          up = 0;
          ctx.service.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'metrics: store counts failed');
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  new Gauge({
    name: 'memory_store_up',
    help: '1 when the store answered the last scrape, 0 when it failed',
    registers: [registry],
    async collect() {
      await refresh();
      this.set(up);
    },
  });
  new Gauge({
    name: 'memory_store_turns',
    help: 'Stored conversation turns',
    registers: [registry],
    async collect() {
      await refresh();
      if (last) this.set(last.turns);
    },
  });
  new Gauge({
    name: 'memory_store_memories',
    help: 'Stored memory rows (all statuses, history included)',
    registers: [registry],
    async collect() {
      await refresh();
      if (last) this.set(last.memories);
    },
  });
  new Gauge({
    name: 'memory_store_size_bytes',
    help: 'Database size in bytes (absent when the store cannot tell)',
    registers: [registry],
    async collect() {
      await refresh();
      if (last && last.bytes !== null) this.set(last.bytes);
    },
  });
}

/** Adds the request-metrics hook and `GET /metrics`. */
export async function registerMetricsRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const metrics = ctx.metrics;
  registerStoreGauges(ctx);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
