/**
 * @module core/recall/recall
 * Recall and search orchestration: query analysis → rankers (BM25 over memories and turns)
 * → fusion → assembly under the token budget. FIRST VERSION — deepened by issue 4.
 */
import type { EmbedderPort, MemoryStore, QueryPlannerPort, RerankerPort } from '../ports.ts';
import type { Logger, Observer } from '../service.ts';
import type { Citation, MemoryRecord, RecallResult, Scope, SearchResult, TurnRecord } from '../types.ts';
import { analyze } from '../text/analyze.ts';
import { countTokens } from '../text/tokens.ts';
import { maskSecrets } from '../text/secrets.ts';

export interface RecallDeps {
  store: MemoryStore;
  embedder: EmbedderPort | null;
  reranker: RerankerPort | null;
  planner: QueryPlannerPort | null;
  logger: Logger;
  observer?: Observer;
  now: () => Date;
}

export interface RecallQuery {
  query: string;
  scope: Scope;
  sessionId: string | null;
  maxTokens: number;
}

export interface SearchQuery {
  query: string;
  scopes: Scope[];
  limit: number;
}

const K1 = 1.2;
const B = 0.75;

/** Exact BM25 over the documents the store returned for the query terms. */
export async function bm25(store: MemoryStore, scope: string, kind: 'memory' | 'turn', terms: string[], limit = 500): Promise<Array<{ id: string; score: number }>> {
  if (terms.length === 0) return [];
  const uniq = [...new Set(terms)];
  const [docs, stats] = await Promise.all([store.lexicalCandidates(scope, kind, uniq, limit), store.corpusStats(scope, kind)]);
  if (docs.length === 0 || stats.count === 0) return [];
  const avgdl = stats.totalTerms / stats.count || 1;
  const df = new Map<string, number>();
  const tfs = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d.terms.split(' ')) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of uniq) if (tf.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
    return tf;
  });
  const out = docs.map((d, i) => {
    let s = 0;
    for (const t of uniq) {
      const f = tfs[i].get(t);
      if (!f) continue;
      const n = df.get(t) ?? 0;
      const idf = Math.log(1 + (stats.count - n + 0.5) / (n + 0.5));
      s += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.termCount) / avgdl));
    }
    return { id: d.id, score: s };
  });
  return out.filter((o) => o.score > 0).sort((a, b) => b.score - a.score);
}

function memoryLine(m: MemoryRecord): string {
  const who = m.subject === 'user' ? '' : `${m.subject} — `;
  return `- ${who}${m.key.replace(/_/g, ' ')}: ${maskSecrets(m.value)}`;
}

function turnLine(t: TurnRecord): string {
  return `- [${t.timestamp.slice(0, 10)}] ${maskSecrets(t.text).replace(/\n/g, ' / ')}`;
}

export async function recall(deps: RecallDeps, q: RecallQuery): Promise<RecallResult> {
  const terms = analyze(q.query);
  const [mem, turns] = await Promise.all([bm25(deps.store, q.scope.key, 'memory', terms), bm25(deps.store, q.scope.key, 'turn', terms)]);
  if (mem.length === 0 && turns.length === 0) return { context: '', citations: [], tokens: 0 };
  const memories = (await Promise.all(mem.slice(0, 20).map((h) => deps.store.getMemory(q.scope.key, h.id)))).filter((m): m is MemoryRecord => !!m && m.active);
  const turnRecs = await deps.store.getTurns(q.scope.key, turns.slice(0, 20).map((t) => t.id));
  const byId = new Map(turnRecs.map((t) => [t.id, t]));
  const sections: Array<{ title: string; lines: Array<{ text: string; cite: Citation }> }> = [
    { title: '## Known facts about this user', lines: memories.map((m, i) => ({ text: memoryLine(m), cite: { turn_id: m.sourceTurn ?? '', score: mem[i]?.score ?? 0, snippet: m.evidence.slice(0, 200) } })) },
    { title: '## Relevant from past conversations', lines: turns.slice(0, 20).flatMap((h) => { const t = byId.get(h.id); return t ? [{ text: turnLine(t), cite: { turn_id: t.id, score: h.score, snippet: t.text.slice(0, 200) } }] : []; }) },
  ];
  let context = '';
  const citations: Citation[] = [];
  for (const s of sections) {
    let header = false;
    for (const l of s.lines) {
      const candidate = context + (header ? '' : (context ? '\n\n' : '') + s.title + '\n') + l.text + '\n';
      if (countTokens(candidate) > q.maxTokens) continue;
      context = candidate;
      header = true;
      citations.push(l.cite);
    }
  }
  context = context.trimEnd();
  return { context, citations, tokens: countTokens(context) };
}

export async function search(deps: RecallDeps, q: SearchQuery): Promise<SearchResult[]> {
  const terms = analyze(q.query);
  const out: SearchResult[] = [];
  for (const scope of q.scopes) {
    const [mem, turns] = await Promise.all([bm25(deps.store, scope.key, 'memory', terms), bm25(deps.store, scope.key, 'turn', terms)]);
    for (const h of mem.slice(0, q.limit)) {
      const m = await deps.store.getMemory(scope.key, h.id);
      if (!m || !m.active) continue;
      out.push({ kind: 'memory', id: m.id, content: `${m.key.replace(/_/g, ' ')}: ${maskSecrets(m.value)}`, score: h.score, session_id: m.sourceSession, timestamp: m.updatedAt, metadata: { type: m.type, subject: m.subject, key: m.key }, rankers: [{ ranker: 'bm25_memory', rank: 1, score: h.score }], turn_id: m.sourceTurn, memory: m });
    }
    const recs = await deps.store.getTurns(scope.key, turns.slice(0, q.limit).map((t) => t.id));
    const byId = new Map(recs.map((t) => [t.id, t]));
    for (const h of turns.slice(0, q.limit)) {
      const t = byId.get(h.id);
      if (!t) continue;
      out.push({ kind: 'turn', id: t.id, content: maskSecrets(t.text), score: h.score, session_id: t.sessionId, timestamp: t.timestamp, metadata: t.metadata, rankers: [{ ranker: 'bm25_turn', rank: 1, score: h.score }], turn_id: t.id });
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, q.limit);
}
