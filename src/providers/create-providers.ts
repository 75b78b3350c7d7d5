/**
 * @module providers/create-providers
 * Auto-detects the configured LLM, embedding and reranker providers from the configuration and
 * builds the port implementations. PLACEHOLDER — implemented by issue 5 (offline only for now).
 */
import type { Config } from '../config.ts';
import type { EmbedderPort, Extractor, QueryPlannerPort, ReconcilerPort, RerankerPort } from '../core/ports.ts';
import type { Logger, Observer } from '../core/service.ts';

export interface ProviderModes {
  extraction: string;
  embeddings: string;
  reranker: string;
  degraded: string[];
}

export interface Providers {
  llmExtractor: Extractor | null;
  reconciler: ReconcilerPort | null;
  embedder: EmbedderPort | null;
  reranker: RerankerPort | null;
  planner: QueryPlannerPort | null;
  modes: ProviderModes;
}

export function createProviders(_config: Config, _deps: { logger: Logger; observer?: Observer; fetch?: typeof fetch }): Providers {
  return {
    llmExtractor: null,
    reconciler: null,
    embedder: null,
    reranker: null,
    planner: null,
    modes: { extraction: 'offline', embeddings: 'none', reranker: 'none', degraded: [] },
  };
}
