/**
 * @module providers/create-providers
 * Auto-detects the configured LLM, embedding and reranker providers from the configuration and
 * builds the port implementations (all sharing one injected fetch), plus the modes reported in
 * the start-up `ready:` line and /health. Nothing configured → offline everywhere, never an error.
 */
import type { Config } from '../config.ts';
import type { EmbedderPort, Extractor, QueryPlannerPort, ReconcilerPort, RerankerPort } from '../core/ports.ts';
import type { Logger, Observer } from '../core/service.ts';
import { createAnthropicLlm } from './anthropic/anthropic-llm.ts';
import { CohereCompatibleReranker, RERANK_DEFAULTS, type RerankFormat } from './cohere/cohere-reranker.ts';
import type { RetryPolicy } from './http/resilient-fetch.ts';
import { LlmExtractor } from './llm/llm-extractor.ts';
import { LlmQueryPlanner } from './llm/llm-query-planner.ts';
import { LlmReconciler } from './llm/llm-reconciler.ts';
import type { StructuredLlm } from './llm/structured-llm.ts';
import { OPENAI_DEFAULT_EMBEDDING_MODEL, OpenAiCompatibleEmbedder } from './openai/openai-embedder.ts';
import { createOpenAiLlm, isOfficialOpenAi, OPENAI_DEFAULT_BASE_URL } from './openai/openai-llm.ts';
import { ProviderHealth } from './provider-health.ts';
import { VOYAGE_DEFAULT_BASE_URL, VoyageEmbedder } from './voyage/voyage-embedder.ts';

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
  /** Live provider state behind `modes.degraded` (start-up findings can be added). */
  health: ProviderHealth;
}

export interface ProviderDeps {
  logger: Logger;
  observer?: Observer;
  fetch?: typeof fetch;
}

type LlmChoice = { kind: 'openai' | 'anthropic' } | { kind: 'offline'; problem?: string };

/** Which LLM the configuration selects (pure; table-tested). */
export function chooseLlm(c: Config): LlmChoice {
  if (c.MEMORY_DISABLE_LLM || c.EXTRACTION_PROVIDER === 'offline') return { kind: 'offline' };
  const openaiReady = c.OPENAI_API_KEY !== undefined || (c.OPENAI_BASE_URL !== undefined && !isOfficialOpenAi(c.OPENAI_BASE_URL));
  if (c.EXTRACTION_PROVIDER === 'openai') return openaiReady ? { kind: 'openai' } : { kind: 'offline', problem: 'EXTRACTION_PROVIDER=openai but neither OPENAI_API_KEY nor a compatible OPENAI_BASE_URL is set' };
  if (c.EXTRACTION_PROVIDER === 'anthropic') return c.ANTHROPIC_API_KEY ? { kind: 'anthropic' } : { kind: 'offline', problem: 'EXTRACTION_PROVIDER=anthropic but ANTHROPIC_API_KEY is not set' };
  if (openaiReady) return { kind: 'openai' };
  if (c.ANTHROPIC_API_KEY) return { kind: 'anthropic' };
  return { kind: 'offline' };
}

type EmbeddingChoice =
  | { kind: 'openai'; provider: 'openai' | 'openai-compatible'; baseURL: string; apiKey?: string; model: string }
  | { kind: 'voyage'; apiKey: string; baseURL: string; model?: string }
  | { kind: 'none'; problem?: string };

/** Which embedder the configuration selects (pure; table-tested). */
export function chooseEmbedder(c: Config): EmbeddingChoice {
  if (c.EMBEDDING_PROVIDER === 'none') return { kind: 'none' };
  const voyage = (): EmbeddingChoice =>
    c.VOYAGE_API_KEY ? { kind: 'voyage', apiKey: c.VOYAGE_API_KEY, baseURL: c.VOYAGE_BASE_URL ?? VOYAGE_DEFAULT_BASE_URL, model: c.EMBEDDING_MODEL } : { kind: 'none', problem: 'EMBEDDING_PROVIDER=voyage but VOYAGE_API_KEY is not set' };
  const openai = (): EmbeddingChoice => {
    const baseURL = c.EMBEDDING_BASE_URL ?? c.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL;
    const official = isOfficialOpenAi(baseURL);
    const apiKey = c.EMBEDDING_API_KEY ?? (c.EMBEDDING_BASE_URL === undefined || official ? c.OPENAI_API_KEY : undefined);
    if (official && !apiKey) return { kind: 'none', problem: 'OpenAI embeddings need OPENAI_API_KEY or EMBEDDING_API_KEY' };
    if (!official && !c.EMBEDDING_MODEL) return { kind: 'none', problem: `EMBEDDING_MODEL is required for the embedding server at ${hostOf(baseURL)}` };
    return { kind: 'openai', provider: official ? 'openai' : 'openai-compatible', baseURL, apiKey, model: c.EMBEDDING_MODEL ?? OPENAI_DEFAULT_EMBEDDING_MODEL };
  };
  if (c.EMBEDDING_PROVIDER === 'voyage') return voyage();
  if (c.EMBEDDING_PROVIDER === 'openai') return openai();
  // auto: an explicit embedding server first, then Voyage, then OpenAI itself (or a local server
  // with an EMBEDDING_MODEL); a chat-only local server without an embedding model gets none.
  if (c.EMBEDDING_BASE_URL) return openai();
  if (c.VOYAGE_API_KEY) return voyage();
  if (c.OPENAI_API_KEY && isOfficialOpenAi(c.OPENAI_BASE_URL)) return openai();
  if (c.OPENAI_BASE_URL && c.EMBEDDING_MODEL) return openai();
  return { kind: 'none' };
}

type RerankChoice = { kind: 'rerank'; provider: string; baseURL: string; apiKey?: string; model: string; format: RerankFormat } | { kind: 'none'; problem?: string };

/** Which reranker the configuration selects (pure; table-tested). */
export function chooseReranker(c: Config): RerankChoice {
  const p = c.RERANK_PROVIDER;
  if (p === 'none') return { kind: 'none' };
  if (p === 'tei') {
    if (!c.RERANK_BASE_URL) return { kind: 'none', problem: 'RERANK_PROVIDER=tei needs RERANK_BASE_URL' };
    return { kind: 'rerank', provider: 'tei', baseURL: c.RERANK_BASE_URL, apiKey: c.RERANK_API_KEY, model: c.RERANK_MODEL ?? 'default', format: 'tei' };
  }
  if (p === 'cohere' || p === 'jina' || p === 'voyage') {
    const d = RERANK_DEFAULTS[p];
    const apiKey = c.RERANK_API_KEY ?? (p === 'cohere' ? c.COHERE_API_KEY : p === 'voyage' ? c.VOYAGE_API_KEY : undefined);
    if (!apiKey && !c.RERANK_BASE_URL) return { kind: 'none', problem: `RERANK_PROVIDER=${p} but no API key (RERANK_API_KEY${p === 'cohere' ? ' or COHERE_API_KEY' : p === 'voyage' ? ' or VOYAGE_API_KEY' : ''}) is set` };
    return { kind: 'rerank', provider: p, baseURL: c.RERANK_BASE_URL ?? d.baseURL, apiKey, model: c.RERANK_MODEL ?? d.model, format: d.format };
  }
  // auto
  if (c.RERANK_BASE_URL) {
    const host = hostOf(c.RERANK_BASE_URL);
    const known = host.endsWith('voyageai.com') ? 'voyage' : host.endsWith('jina.ai') ? 'jina' : host.endsWith('cohere.com') || host.endsWith('cohere.ai') ? 'cohere' : null;
    const d = known ? RERANK_DEFAULTS[known] : null;
    const model = c.RERANK_MODEL ?? d?.model;
    if (!model) return { kind: 'none', problem: 'RERANK_MODEL is required with RERANK_BASE_URL (or set RERANK_PROVIDER=tei)' };
    return { kind: 'rerank', provider: known ?? 'cohere-compatible', baseURL: c.RERANK_BASE_URL, apiKey: c.RERANK_API_KEY ?? (known === 'cohere' ? c.COHERE_API_KEY : undefined), model, format: d?.format ?? 'cohere' };
  }
  if (c.COHERE_API_KEY) return { kind: 'rerank', provider: 'cohere', ...RERANK_DEFAULTS.cohere, apiKey: c.COHERE_API_KEY, model: c.RERANK_MODEL ?? RERANK_DEFAULTS.cohere.model };
  return { kind: 'none' };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function createProviders(config: Config, deps: ProviderDeps): Providers {
  const fetchFn = deps.fetch ?? globalThis.fetch;
  const degraded: string[] = [];
  const health = new ProviderHealth(degraded);
  const observer = health.observer(deps.observer);
  const retry: RetryPolicy = { timeoutMs: config.PROVIDER_TIMEOUT_MS, maxRetries: config.PROVIDER_MAX_RETRIES };
  const common = { ...retry, fetch: fetchFn, logger: deps.logger, observer };

  let llm: StructuredLlm | null = null;
  const lc = chooseLlm(config);
  if (lc.kind === 'openai') llm = createOpenAiLlm({ ...common, apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, responseFormat: config.LLM_RESPONSE_FORMAT });
  else if (lc.kind === 'anthropic') llm = createAnthropicLlm({ ...common, apiKey: config.ANTHROPIC_API_KEY ?? '', baseURL: config.ANTHROPIC_BASE_URL, model: config.ANTHROPIC_MODEL });
  else if (lc.kind === 'offline' && lc.problem) health.addStatic(`extraction: ${lc.problem}; using offline extraction`);

  let embedder: EmbedderPort | null = null;
  const ec = chooseEmbedder(config);
  if (ec.kind === 'openai') embedder = new OpenAiCompatibleEmbedder({ ...common, provider: ec.provider, baseURL: ec.baseURL, apiKey: ec.apiKey, model: ec.model, dimensions: config.EMBEDDING_DIMENSIONS });
  else if (ec.kind === 'voyage') embedder = new VoyageEmbedder({ ...common, apiKey: ec.apiKey, baseURL: ec.baseURL, model: ec.model, dimensions: config.EMBEDDING_DIMENSIONS });
  else if (ec.problem) health.addStatic(`embeddings: ${ec.problem}; lexical recall only`);

  let reranker: RerankerPort | null = null;
  const rc = chooseReranker(config);
  if (rc.kind === 'rerank') reranker = new CohereCompatibleReranker({ ...common, provider: rc.provider, baseURL: rc.baseURL, apiKey: rc.apiKey, model: rc.model, format: rc.format });
  else if (rc.problem) health.addStatic(`reranker: ${rc.problem}; fused ranking only`);

  const embedderProvider = ec.kind === 'openai' ? ec.provider : ec.kind;
  return {
    llmExtractor: llm ? new LlmExtractor(llm, deps.logger) : null,
    reconciler: llm ? new LlmReconciler(llm, deps.logger) : null,
    planner: llm ? new LlmQueryPlanner(llm, deps.logger) : null,
    embedder,
    reranker,
    modes: {
      extraction: llm ? `${llm.provider}:${llm.model}` : 'offline',
      embeddings: embedder ? `${embedderProvider}:${embedder.model}` : 'none',
      reranker: reranker && rc.kind === 'rerank' ? `${rc.provider}:${reranker.model}` : 'none',
      degraded,
    },
    health,
  };
}
