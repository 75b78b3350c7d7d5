/**
 * @module core/reembed
 * Re-embedding (pure orchestration over the ports): fills every memory and turn that has no
 * vector for the configured embedding model, in batches, so a change of model rebuilds one
 * consistent vector space instead of mixing two. Wired to `memory-service reembed` by the CLI.
 * Vectors of other models stay in the store untouched (recall only reads the configured model).
 */
import type { EmbedderPort, MemoryStore } from './ports.ts';

export interface ReembedOptions {
  /** Texts per embedding request (default 64). */
  batchSize?: number;
  /** Stop after this many items (default: everything missing). */
  maxItems?: number;
  /** Called after each batch with running totals. */
  onProgress?: (p: { embedded: number; batches: number }) => void;
  signal?: AbortSignal;
}

export interface ReembedResult {
  model: string;
  dim: number | null;
  embedded: number;
  batches: number;
  /** True when maxItems or the signal stopped the run before everything was embedded. */
  stoppedEarly: boolean;
}

export async function reembed(store: MemoryStore, embedder: EmbedderPort, opts: ReembedOptions = {}): Promise<ReembedResult> {
  const batchSize = Math.max(1, opts.batchSize ?? 64);
  const maxItems = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const attempted = new Set<string>();
  let embedded = 0;
  let batches = 0;
  let dim: number | null = embedder.dim;
  while (embedded < maxItems) {
    if (opts.signal?.aborted) return { model: embedder.model, dim, embedded, batches, stoppedEarly: true };
    const rows = await store.missingEmbeddings(embedder.model, Math.min(batchSize, maxItems - embedded));
    if (rows.length === 0) return { model: embedder.model, dim, embedded, batches, stoppedEarly: false };
    const fresh = rows.filter((r) => !attempted.has(`${r.ownerKind}:${r.ownerId}`));
    if (fresh.length === 0) throw new Error(`reembed: the store still reports ${rows.length} items missing after they were embedded (model ${embedder.model})`);
    for (const r of fresh) attempted.add(`${r.ownerKind}:${r.ownerId}`);
    const vectors = await embedder.embed(fresh.map((r) => r.text));
    if (vectors.length !== fresh.length) throw new Error(`reembed: embedder returned ${vectors.length} vectors for ${fresh.length} texts`);
    for (let i = 0; i < fresh.length; i++) {
      const v = vectors[i];
      if (dim === null) dim = v.length;
      if (v.length !== dim) throw new Error(`reembed: dimension changed from ${dim} to ${v.length} within model ${embedder.model}`);
      await store.putEmbedding(fresh[i].scope, { ownerKind: fresh[i].ownerKind, ownerId: fresh[i].ownerId, model: embedder.model, dim: v.length, vector: v });
    }
    embedded += fresh.length;
    batches++;
    opts.onProgress?.({ embedded, batches });
  }
  return { model: embedder.model, dim, embedded, batches, stoppedEarly: true };
}
