/**
 * @module providers/voyage/voyage-embedder
 * EmbedderPort over Voyage AI's `POST /v1/embeddings` (`{input, model, output_dimension?}` →
 * `{data:[{embedding, index}]}`), batched (Voyage accepts up to 128 inputs), with the dimension guard.
 */
import type { EmbedderPort } from '../../core/ports.ts';
import type { Logger, Observer } from '../../core/service.ts';
import { DimensionGuard, embedInBatches, parseEmbeddingData } from '../http/embedding-response.ts';
import { errorFromResponse, toProviderError } from '../http/provider-error.ts';
import { resilientFetch, type RetryPolicy } from '../http/resilient-fetch.ts';

export const VOYAGE_DEFAULT_BASE_URL = 'https://api.voyageai.com/v1';
export const VOYAGE_DEFAULT_EMBEDDING_MODEL = 'voyage-3.5-lite';

export interface VoyageEmbedderOptions extends RetryPolicy {
  apiKey: string;
  baseURL?: string;
  model?: string;
  dimensions?: number;
  batchSize?: number;
  /** Each input is cut to this many characters (default 8000 ≈ 2k tokens) so one long paste cannot fail a batch. */
  maxInputChars?: number;
  fetch: typeof fetch;
  logger?: Logger;
  observer?: Observer;
}

export class VoyageEmbedder implements EmbedderPort {
  readonly model: string;
  readonly provider = 'voyage';
  private readonly opts: VoyageEmbedderOptions;
  private readonly fetch: typeof fetch;
  private readonly guard: DimensionGuard;

  constructor(opts: VoyageEmbedderOptions) {
    this.opts = opts;
    this.model = opts.model ?? VOYAGE_DEFAULT_EMBEDDING_MODEL;
    this.guard = new DimensionGuard('voyage', this.model, opts.dimensions ?? null);
    this.fetch = resilientFetch({ provider: 'voyage', fetch: opts.fetch, timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries, logger: opts.logger, secrets: [opts.apiKey] });
  }

  get dim(): number | null {
    return this.guard.dim;
  }

  pinDimension(dim: number): void {
    this.guard.pin(dim);
  }

  async embed(texts: string[]): Promise<number[][]> {
    return embedInBatches(texts, Math.min(128, Math.max(1, this.opts.batchSize ?? 128)), this.opts.maxInputChars ?? 8000, (batch) => this.embedBatch(batch));
  }

  private async embedBatch(texts: string[]): Promise<number[][]> {
    const t0 = performance.now();
    let ok = false;
    const secrets = [this.opts.apiKey];
    try {
      const body: Record<string, unknown> = { input: texts, model: this.model };
      if (this.opts.dimensions) body.output_dimension = this.opts.dimensions;
      const res = await this.fetch(`${(this.opts.baseURL ?? VOYAGE_DEFAULT_BASE_URL).replace(/\/+$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.opts.apiKey}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw await errorFromResponse('voyage', res, secrets);
      const vectors = parseEmbeddingData('voyage', await res.json().catch(() => null), texts.length);
      this.guard.check(vectors);
      ok = true;
      return vectors;
    } catch (err) {
      throw toProviderError('voyage', err, secrets);
    } finally {
      this.opts.observer?.provider?.('voyage', 'embedding', ok, performance.now() - t0);
    }
  }
}
