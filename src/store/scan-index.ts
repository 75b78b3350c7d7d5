/**
 * @module store/scan-index
 * The RecallIndex port answered by scanning plain arrays of a scope's turns and memories: the
 * reference semantics the indexed backends (SQLite, PostgreSQL) must match, used by the
 * in-process stores (bench/lib/in-memory-store, test doubles). Linear in the scope; not for
 * large scopes. Pure over the arrays it is handed.
 */
import type { CorpusStats, EndedLookup, KeyLookup, LexicalDoc, MemorySlot, RecallIndex, ScopeNames } from '../core/ports.ts';
import type { MemoryRecord, TurnRecord } from '../core/types.ts';
import { speakerOf } from '../core/render.ts';
import { byCodePoint, cleanTerms, distinctPlaces, historyEnd, selectCandidates } from './lexical.ts';

export interface ScanSource {
  /** The scope's turns (any order). */
  turns(scope: string): TurnRecord[];
  /** The scope's memories, deleted rows included, in listing order (created_at, insertion). */
  memories(scope: string): MemoryRecord[];
}

/** True when the key is `k` or in its `k_` family. */
export function keyInFamily(key: string, families: readonly string[]): boolean {
  return families.some((k) => key === k || key.startsWith(`${k}_`));
}

/** Memories in key-lookup order: active first, then confidence, then the most recently updated. */
export function byKeyLookupOrder(a: MemoryRecord, b: MemoryRecord): number {
  return Number(b.active) - Number(a.active) || b.confidence - a.confidence || byCodePoint(b.updatedAt, a.updatedAt);
}


function stats(docs: Array<{ termCount: number }>): { count: number; totalTerms: number } {
  return { count: docs.length, totalTerms: docs.reduce((s, d) => s + d.termCount, 0) };
}

export function scanRecallIndex(src: ScanSource): RecallIndex {
  const liveMemories = (scope: string) => src.memories(scope).filter((m) => m.status !== 'deleted');
  const docsOf = (scope: string, kind: 'memory' | 'turn', includeInactive = true): LexicalDoc[] =>
    (kind === 'turn' ? src.turns(scope) : liveMemories(scope).filter((m) => includeInactive || m.active)).map((d) => ({ id: d.id, terms: d.terms, termCount: d.termCount }));
  const frequencies = (scope: string, kind: 'memory' | 'turn', terms: string[]): Record<string, number> => {
    const want = new Set(terms);
    const out: Record<string, number> = {};
    for (const t of want) out[t] = 0;
    for (const d of docsOf(scope, kind)) for (const t of new Set(d.terms.split(' '))) if (want.has(t)) out[t]++;
    return out;
  };
  return {
    async lexicalCandidates(scope, kind, terms, limit, opts) {
      const clean = cleanTerms(terms);
      if (clean.length === 0 || limit <= 0) return { docs: [] };
      // Newest first, as the stores' postings are read: among equal scores the newest documents are kept.
      const all = selectCandidates(docsOf(scope, kind, opts?.includeInactive ?? true).reverse(), clean, Number.MAX_SAFE_INTEGER);
      if (all.length <= limit) return { docs: all };
      return { docs: selectCandidates(all, clean, limit), df: frequencies(scope, kind, clean) };
    },
    async termFrequencies(scope, kind, terms) {
      return frequencies(scope, kind, cleanTerms(terms));
    },
    async corpusStats(scope, kind): Promise<CorpusStats> {
      if (kind === 'turn') return stats(src.turns(scope));
      const live = liveMemories(scope);
      return { ...stats(live), active: stats(live.filter((m) => m.active)) };
    },
    async scopeNames(scope): Promise<ScopeNames> {
      const speakers = new Set<string>();
      for (const t of src.turns(scope)) for (const m of t.messages) speakers.add(speakerOf(m));
      return { speakers: [...speakers].sort(byCodePoint), subjects: [...new Set(liveMemories(scope).map((m) => m.subject))].sort(byCodePoint) };
    },
    async turnsAround(scope, ids, radius) {
      const turns = src.turns(scope);
      const want = new Set(ids);
      const spans = turns.filter((t) => want.has(t.id)).map((t) => ({ session: t.sessionId, from: t.seq - radius, to: t.seq + radius }));
      return turns.filter((t) => spans.some((s) => s.session === t.sessionId && t.seq >= s.from && t.seq <= s.to));
    },
    async turnsAt(scope, places) {
      const want = new Set(distinctPlaces(places).map(([s, q]) => `${s}\u0000${q}`));
      return src.turns(scope).filter((t) => want.has(`${t.sessionId}\u0000${t.seq}`));
    },
    async turnsBetween(scope, from, to, limit) {
      return src
        .turns(scope)
        .filter((t) => t.timestamp >= from && t.timestamp < to)
        .sort((a, b) => byCodePoint(a.timestamp, b.timestamp) || byCodePoint(a.sessionId, b.sessionId) || a.seq - b.seq)
        .slice(0, Math.max(0, limit));
    },
    async getMemories(scope, ids) {
      const want = new Set(ids);
      return src.memories(scope).filter((m) => want.has(m.id));
    },
    async memoriesByKeys(scope, lookup: KeyLookup, limit) {
      if (lookup.keys.length === 0) return [];
      // Ties: the later written first (reverse listing order into a stable sort).
      return liveMemories(scope)
        .filter((m) => (lookup.includeInactive !== false || m.active) && keyInFamily(m.key, lookup.keys))
        .reverse()
        .sort(byKeyLookupOrder)
        .slice(0, Math.max(0, limit));
    },
    async retractedByKeys(scope, lookup: EndedLookup, limit) {
      if (lookup.keys.length === 0) return [];
      // Ties: the later written first (reverse listing order into a stable sort).
      return liveMemories(scope)
        .filter((m) => m.status === 'retracted' && m.subject === lookup.subject && keyInFamily(m.key, lookup.keys))
        .reverse()
        .sort((a, b) => byCodePoint(historyEnd(b), historyEnd(a)))
        .slice(0, Math.max(0, limit));
    },
    async activeInSlots(scope, slots: MemorySlot[], perSlot) {
      const want = new Set(slots.map((s) => `${s.subject}\u0000${s.key}`));
      const per = new Map<string, number>();
      return liveMemories(scope).filter((m) => {
        const k = `${m.subject}\u0000${m.key}`;
        if (!m.active || !want.has(k) || (per.get(k) ?? 0) >= perSlot) return false;
        per.set(k, (per.get(k) ?? 0) + 1);
        return true;
      });
    },
    async eventsBetween(scope, from, to, limit) {
      return liveMemories(scope)
        .filter((m) => {
          const d = m.eventDate ?? m.validFrom;
          return m.type === 'event' && !!d && d >= from && d < to;
        })
        .slice(0, Math.max(0, limit));
    },
    async memoryHistory(scope, slots: MemorySlot[], perSlot) {
      const want = new Set(slots.map((s) => `${s.subject}\u0000${s.key}`));
      const per = new Map<string, MemoryRecord[]>();
      for (const m of liveMemories(scope).reverse()) {
        if (m.active || !want.has(`${m.subject}\u0000${m.key}`)) continue;
        const k = `${m.subject}\u0000${m.key}`;
        let l = per.get(k);
        if (!l) per.set(k, (l = []));
        l.push(m);
      }
      // Stable sort over the reversed listing: equal ends, the later written first.
      return [...per.entries()].sort(([a], [b]) => byCodePoint(a, b)).flatMap(([, l]) => l.sort((a, b) => byCodePoint(historyEnd(b), historyEnd(a))).slice(0, Math.max(0, perSlot)));
    },
  };
}
