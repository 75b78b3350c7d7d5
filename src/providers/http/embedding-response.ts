/**
 * @module providers/http/embedding-response
 * Shared handling of embedding responses for every embedding adapter: the `{data:[{embedding,
 * index}]}` shape (OpenAI, Ollama /v1, TEI /v1, vLLM, Voyage), order by index, count and
 * finiteness checks, the dimension guard (configured or first-seen dimension vs response), and
 * input preparation (length cap, no empty strings).
 */
import { maskSecrets } from '../../core/text/secrets.ts';
import { ProviderError } from './provider-error.ts';

/** Input as sent: secrets masked, cut to `maxChars`, never empty (OpenAI rejects empty strings). */
export function prepareInput(text: string, maxChars: number): string {
  const masked = maskSecrets(text);
  const t = masked.length > maxChars ? masked.slice(0, maxChars) : masked;
  return t.trim() === '' ? ' ' : t;
}

/** Parses and checks one response; vectors come back in input order. */
export function parseEmbeddingData(provider: string, body: unknown, expected: number): number[][] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', 'embedding response has no data array');
  const out: Array<number[] | undefined> = new Array(expected).fill(undefined);
  data.forEach((d, i) => {
    const idx = typeof d?.index === 'number' ? d.index : i;
    const v = d?.embedding;
    if (!Array.isArray(v) || v.length === 0 || !v.every((x: unknown) => typeof x === 'number' && Number.isFinite(x))) {
      throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', `embedding ${idx} is not a finite number vector`);
    }
    if (idx < 0 || idx >= expected) throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', `embedding index ${idx} out of range`);
    out[idx] = v as number[];
  });
  if (out.some((v) => v === undefined)) throw new ProviderError(provider, 'PROVIDER_BAD_RESPONSE', `expected ${expected} embeddings, got ${data.length}`);
  return out as number[][];
}

/**
 * Keeps one vector space: the first dimension seen (or the configured one) is pinned; a response
 * of another dimension is an error, never stored.
 */
export class DimensionGuard {
  private pinned: number | null;
  constructor(
    private readonly provider: string,
    private readonly model: string,
    configured: number | null,
  ) {
    this.pinned = configured;
  }
  get dim(): number | null {
    return this.pinned;
  }
  /** Pins the dimension from vectors already stored for this model (start-up check). */
  pin(dim: number): void {
    if (this.pinned === null) this.pinned = dim;
  }
  check(vectors: number[][]): void {
    for (const v of vectors) {
      if (this.pinned === null) this.pinned = v.length;
      if (v.length !== this.pinned) {
        throw new ProviderError(this.provider, 'EMBEDDING_DIMENSION_MISMATCH', `model ${this.model} returned dimension ${v.length}, expected ${this.pinned}`);
      }
    }
  }
}

/** Prepares every input and embeds them `batchSize` at a time, keeping input order. */
export async function embedInBatches(texts: string[], batchSize: number, maxChars: number, embedBatch: (batch: string[]) => Promise<number[][]>): Promise<number[][]> {
  if (texts.length === 0) return [];
  const inputs = texts.map((t) => prepareInput(t, maxChars));
  const out: number[][] = [];
  for (let i = 0; i < inputs.length; i += batchSize) out.push(...(await embedBatch(inputs.slice(i, i + batchSize))));
  return out;
}
