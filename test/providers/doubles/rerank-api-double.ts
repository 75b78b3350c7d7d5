/**
 * @module test/providers/doubles/rerank-api-double
 * Test double of the Cohere-compatible `/rerank` API family. Its "model" scores a document by
 * the share of the query's content words it contains (deterministic, in [0,1]) and answers in
 * the Cohere/Jina shape (`{results:[{index, relevance_score}]}`), Voyage's (`{data:[…]}`) or
 * TEI's (`[{index, score}]`). Scripted, recording.
 */
import { ApiDouble } from './api-double.ts';

const STOP = new Set(['the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'on', 'is', 'are', 'was', 'do', 'does', 'did', 'what', 'which', 'who', 'where', 'when', 'how', 'my', 'i', 'you', 'user', 'their', 'they', 's']);

export function overlapScore(query: string, doc: string): number {
  const words = (s: string) => (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));
  const q = [...new Set(words(query))];
  if (q.length === 0) return 0;
  const d = new Set(words(doc));
  return q.filter((w) => d.has(w)).length / q.length;
}

export async function startRerankApiDouble(format: 'cohere' | 'voyage' | 'tei' = 'cohere'): Promise<ApiDouble> {
  return ApiDouble.start((req) => {
    if (req.method !== 'POST' || !req.path.endsWith('/rerank')) return undefined;
    const docs: string[] = req.body?.documents ?? req.body?.texts ?? [];
    const scored = docs.map((d, index) => ({ index, s: overlapScore(String(req.body?.query ?? ''), d) })).sort((a, b) => b.s - a.s);
    if (format === 'tei') return { json: scored.map((r) => ({ index: r.index, score: r.s })) };
    const top = req.body?.top_n ?? req.body?.top_k ?? docs.length;
    const results = scored.slice(0, top).map((r) => ({ index: r.index, relevance_score: r.s }));
    return { json: format === 'voyage' ? { object: 'list', data: results, model: req.body?.model } : { id: 'rr', results, meta: {} } };
  });
}
