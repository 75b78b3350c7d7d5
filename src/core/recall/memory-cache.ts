/**
 * @module core/recall/memory-cache
 * Per-scope, in-process cache of a scope's memories (active and history) with their split terms,
 * so recall does not list and parse every memory row per question. The version combines the
 * store's turn and memory corpus stats (count, terms and the newest write time): every path that changes what recall shows either inserts
 * a turn (ingest: new facts, supersession, retraction, reinforcement), inserts a memory row (mem0
 * update keeps a history copy, imports) or removes one from the stats (soft and hard deletes), so
 * a changed version is how another replica's write becomes visible. Pure data over the store port.
 */
import type { CorpusStats, MemoryStore } from '../ports.ts';
import type { MemoryRecord } from '../types.ts';
import { corpusVersion, toTermDoc, type TermDoc } from './turn-cache.ts';

const MAX_SCOPES = 64;
/** Scopes with more memory rows than this are listed per question instead of cached. */
export const MAX_CACHED_MEMORIES = 50_000;
/** All cached scopes together hold at most this many memory rows (least recently used go first). */
const MAX_TOTAL_MEMORIES = 100_000;

export interface ScopeMemories {
  version: string;
  memories: MemoryRecord[];
  docs: Map<string, TermDoc>;
}

const caches = new WeakMap<MemoryStore, Map<string, ScopeMemories>>();

export async function scopeMemories(store: MemoryStore, scope: string, turnStats: CorpusStats, memStats: CorpusStats): Promise<ScopeMemories> {
  const version = `${corpusVersion(turnStats)}|${corpusVersion(memStats)}`;
  let perStore = caches.get(store);
  if (!perStore) caches.set(store, (perStore = new Map()));
  const cur = perStore.get(scope);
  if (cur && cur.version === version) {
    perStore.delete(scope);
    perStore.set(scope, cur);
    return cur;
  }
  const memories = memStats.count === 0 ? [] : await store.listMemories(scope, { includeInactive: true });
  const fresh: ScopeMemories = { version, memories, docs: new Map(memories.map((m) => [m.id, toTermDoc(m)])) };
  if (memStats.count <= MAX_CACHED_MEMORIES) {
    perStore.delete(scope);
    perStore.set(scope, fresh);
    let total = 0;
    for (const x of perStore.values()) total += x.memories.length;
    while (perStore.size > 1 && (perStore.size > MAX_SCOPES || total > MAX_TOTAL_MEMORIES)) {
      const oldest = perStore.keys().next().value as string;
      total -= perStore.get(oldest)!.memories.length;
      perStore.delete(oldest);
    }
  }
  return fresh;
}
