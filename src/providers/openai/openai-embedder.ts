/**
 * @module providers/openai/openai-embedder
 * EmbedderPort over the OpenAI-compatible `POST {base}/embeddings` (OpenAI, Ollama `/v1`,
 * Hugging Face TEI, vLLM, LM Studio): batched requests, Bearer auth when a key is set, optional
 * `dimensions`, and the dimension guard. Thin hand-written client: the wire format is two fields.
 */
import type { EmbedderPort } from '../../core/ports.ts';
import type { Logger, Observer } from '../../core/service.ts';
import { DimensionGuard, embedInBatches, parseEmbeddingData } from '../http/embedding-response.ts';
import { errorFromResponse, toProviderError } from '../http/provider-error.ts';
import { resilientFetch, type RetryPolicy } from '../http/resilient-fetch.ts';

export const OPENAI_DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

export interface OpenAiEmbedderOptions extends RetryPolicy {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Requested output dimension (OpenAI text-embedding-3-*); also pins the expected dimension. */
  dimensions?: number;
  batchSize?: number;
  /** Each input is cut to this many characters (default 8000 ≈ 2k tokens) so one long paste cannot fail a batch. */
  maxInputChars?: number;
  /** Label for logs and modes (`openai`, `openai-compatible`). */
  provider?: string;
  fetch: typeof fetch;
  logger?: Logger;
  observer?: Observer;
}

export class OpenAiCompatibleEmbedder implements EmbedderPort {
  readonly model: string;
  readonly provider: string;
  private readonly opts: OpenAiEmbedderOptions;
  private readonly fetch: typeof fetch;
  private readonly guard: DimensionGuard;

  constructor(opts: OpenAiEmbedderOptions) {
    this.opts = opts;
    this.model = opts.model;
    this.provider = opts.provider ?? 'openai';
    this.guard = new DimensionGuard(this.provider, opts.model, opts.dimensions ?? null);
    this.fetch = resilientFetch({ provider: this.provider, fetch: opts.fetch, timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries, logger: opts.logger, secrets: [opts.apiKey] });
  }

  get dim(): number | null {
    return this.guard.dim;
  }

  pinDimension(dim: number): void {
    this.guard.pin(dim);
  }

  async embed(texts: string[]): Promise<number[][]> {
    return embedInBatches(texts, Math.max(1, this.opts.batchSize ?? 96), this.opts.maxInputChars ?? 8000, (batch) => this.embedBatch(batch));
  }

  private async embedBatch(texts: string[]): Promise<number[][]> {
    const t0 = performance.now();
    let ok = false;
    const secrets = [this.opts.apiKey];
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
      const body: Record<string, unknown> = { model: this.model, input: texts, encoding_format: 'float' };
      if (this.opts.dimensions) body.dimensions = this.opts.dimensions;
      const res = await this.fetch(`${this.opts.baseURL.replace(/\/+$/, '')}/embeddings`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw await errorFromResponse(this.provider, res, secrets);
      const vectors = parseEmbeddingData(this.provider, await res.json().catch(() => null), texts.length);
      this.guard.check(vectors);
      ok = true;
      return vectors;
    } catch (err) {
      throw toProviderError(this.provider, err, secrets);
    } finally {
      this.opts.observer?.provider?.(this.provider, 'embedding', ok, performance.now() - t0);
    }
  }
}
