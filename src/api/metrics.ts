/**
 * @module api/metrics
 * Prometheus metrics (prom-client): per-route request counts and latency, ingest/recall stage
 * timings, provider calls, memory/turn counts, database size. PLACEHOLDER — issue 7.
 */
import type { FastifyInstance } from 'fastify';
import type { Observer } from '../core/service.ts';
import type { AppContext } from '../app-context.ts';

export interface Metrics {
  observer: Observer;
}

export function createMetrics(): Metrics {
  return { observer: { stage() {}, provider() {} } };
}

export async function registerMetricsRoute(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
