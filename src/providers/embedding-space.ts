/**
 * @module providers/embedding-space
 * Start-up check of the vector space: compares the embedding models held in the store with the
 * configured embedder. Vectors of another model are never mixed in (the store searches by model);
 * they are reported as degraded with the command that fixes it (`memory-service reembed`). A
 * stored dimension for the same model pins the embedder's expected dimension.
 */
import type { EmbedderPort, MemoryStore } from '../core/ports.ts';
import type { Logger } from '../core/service.ts';
import { errorSummary } from '../core/service.ts';

interface Pinnable {
  pinDimension?(dim: number): void;
}

export async function checkEmbeddingSpace(store: MemoryStore, embedder: EmbedderPort | null, logger?: Logger): Promise<string[]> {
  let models: Array<{ model: string; dim: number; count: number }>;
  try {
    models = await store.embeddingModels();
  } catch (err) {
    logger?.warn({ err: errorSummary(err) }, 'could not list stored embedding models');
    return [];
  }
  const out: string[] = [];
  if (!embedder) {
    for (const m of models) out.push(`embeddings: store holds ${m.count} vectors of ${m.model} (dim ${m.dim}) but no embedder is configured; vector recall off`);
    return out;
  }
  for (const m of models) {
    if (m.model !== embedder.model) {
      out.push(`embeddings: store holds ${m.count} vectors of ${m.model} (dim ${m.dim}); only ${embedder.model} vectors are used — run \`memory-service reembed\``);
      continue;
    }
    if (embedder.dim !== null && embedder.dim !== m.dim) {
      out.push(`embeddings: store holds ${m.count} ${m.dim}-dim vectors of ${m.model} but ${embedder.dim} dimensions are configured; new vectors will be rejected until EMBEDDING_DIMENSIONS matches`);
    } else {
      (embedder as EmbedderPort & Pinnable).pinDimension?.(m.dim);
    }
  }
  return out;
}
