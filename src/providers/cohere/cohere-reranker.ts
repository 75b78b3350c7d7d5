/**
 * @module providers/cohere/cohere-reranker
 * RerankerPort over the Cohere-compatible `/rerank` family: Cohere and Jina (`{model, query,
 * documents, top_n}` → `{results:[{index, relevance_score}]}`), Voyage (`top_k`, answer under
 * `data`) and Hugging Face TEI (`{query, texts}` → `[{index, score}]`). Every response shape is
 * accepted whatever the request format; scores come back in input order, clamped to [0,1],
 * documents the server left out score 0.
 */
import type { RerankerPort } from '../../core/ports.ts';
import { maskSecrets } from '../../core/text/secrets.ts';
import type { Logger, Observer } from '../../core/service.ts';
import { errorFromResponse, ProviderError, toProviderError } from '../http/provider-error.ts';
import { resilientFetch, type RetryPolicy } from '../http/resilient-fetch.ts';

export type RerankFormat = 'cohere' | 'voyage' | 'tei';

export const RERANK_DEFAULTS: Record<'cohere' | 'jina' | 'voyage', { baseURL: string; model: string; format: RerankFormat }> = {
  cohere: { baseURL: 'https://api.cohere.com/v2', model: 'rerank-v3.5', format: 'cohere' },
  jina: { baseURL: 'https://api.jina.ai/v1', model: 'jina-reranker-v2-base-multilingual', format: 'cohere' },
  voyage: { baseURL: 'https://api.voyageai.com/v1', model: 'rerank-2.5-lite', format: 'voyage' },
};

export interface CohereRerankerOptions extends RetryPolicy {
  baseURL: string;
  apiKey?: string;
  model: string;
  format?: RerankFormat;
  /** Label for logs and modes (`cohere`, `jina`, `voyage`, `tei`). */
  provider?: string;
  /** Documents are cut to this many characters before sending. */
  maxDocumentChars?: number;
  fetch: typeof fetch;
  logger?: Logger;
  observer?: Observer;
}

/** Request body for a format. */
export function rerankRequest(format: RerankFormat, model: string, query: string, documents: string[]): Record<string, unknown> {
  if (format === 'tei') return { query, texts: documents, truncate: true };
  if (format === 'voyage') return { model, query, documents, top_k: documents.length };
  return { model, query, documents, top_n: documents.length };
}

/** Scores in input order from any of the known response shapes. */
export function parseRerankResponse(provider: string, body: unknown, count: number): number[] {
  const list = Array.isArray(body) ? body : ((body as { results?: unknown; data?: unknown })?.results ?? (body as { data?: unknown })?.data);
  if (!Array.isArray(list)) throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', 'rerank response has no results');
  const scores = new Array<number>(count).fill(0);
  for (const r of list) {
    const idx = (r as { index?: unknown })?.index;
    const raw = (r as { relevance_score?: unknown; score?: unknown })?.relevance_score ?? (r as { score?: unknown })?.score;
    if (typeof idx !== 'number' || !Number.isInteger(idx) || idx < 0 || idx >= count || typeof raw !== 'number' || !Number.isFinite(raw)) {
      throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', 'rerank result without a valid index and score');
    }
    scores[idx] = Math.min(1, Math.max(0, raw));
  }
  return scores;
}

export class CohereCompatibleReranker implements RerankerPort {
  readonly model: string;
  readonly provider: string;
  private readonly opts: CohereRerankerOptions;
  private readonly fetch: typeof fetch;

  constructor(opts: CohereRerankerOptions) {
    this.opts = opts;
    this.model = opts.model;
    this.provider = opts.provider ?? 'cohere';
    this.fetch = resilientFetch({ provider: this.provider, fetch: opts.fetch, timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries, logger: opts.logger, secrets: [opts.apiKey] });
  }

  async rerank(query: string, documents: string[]): Promise<number[]> {
    if (documents.length === 0) return [];
    const t0 = performance.now();
    let ok = false;
    const secrets = [this.opts.apiKey];
    try {
      const cap = this.opts.maxDocumentChars ?? 2000;
      const docs = documents.map((d) => maskSecrets(d.length > cap ? d.slice(0, cap) : d));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
      const res = await this.fetch(`${this.opts.baseURL.replace(/\/+$/, '')}/rerank`, {
        method: 'POST',
        headers,
        body: JSON.stringify(rerankRequest(this.opts.format ?? 'cohere', this.model, maskSecrets(query), docs)),
      });
      if (!res.ok) throw await errorFromResponse(this.provider, res, secrets);
      const scores = parseRerankResponse(this.provider, await res.json().catch(() => null), documents.length);
      ok = true;
      return scores;
    } catch (err) {
      throw toProviderError(this.provider, err, secrets);
    } finally {
      this.opts.observer?.provider?.(this.provider, 'rerank', ok, performance.now() - t0);
    }
  }
}
