/**
 * @module bench/lib/in-memory-store
 * A small in-process MemoryStore (maps plus an inverted index) for the recall benchmark when no
 * real store is available, and for recall unit tests. Same port semantics as the SQLite store:
 * scope filtering on every call, one transaction at a time per store, writes applied on commit.
 */
import type { MemoryFilter, MemoryStore, RecallIndex, StoreInfo, StoredEmbedding, StoreTx } from '../../src/core/ports.ts';
import { scanRecallIndex } from '../../src/store/scan-index.ts';
import { byCodePoint } from '../../src/store/lexical.ts';
import { inSlotFilter } from '../../src/store/slot-filter.ts';
import type { MemoryRecord, NewTurn, TurnRecord } from '../../src/core/types.ts';
import { withinBase } from '../../src/core/scope.ts';

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * (b[i] ?? 0);
    na += a[i] * a[i];
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

export class InMemoryStore implements MemoryStore {
  private turns = new Map<string, TurnRecord>();
  private memories = new Map<string, MemoryRecord>();
  private embeddings = new Map<string, StoredEmbedding & { scope: string }>();
  private lock: Promise<unknown> = Promise.resolve();

  async migrate(): Promise<void> {}
  async info(): Promise<StoreInfo> {
    return { kind: 'memory', vectorSearch: 'exact', schemaVersion: 1 };
  }
  async ping(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}

  private putTurn(t: TurnRecord): void {
    this.turns.set(t.id, t);
  }

  private putMemory(m: MemoryRecord): void {
    this.memories.set(m.id, m);
  }

  async transaction<T>(scope: string, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const pendingTurns: TurnRecord[] = [];
      const pendingMem = new Map<string, MemoryRecord>();
      const pendingEmb: Array<StoredEmbedding & { scope: string }> = [];
      const view = (id: string) => pendingMem.get(id) ?? this.memories.get(id);
      const scopeMems = () => {
        const ids = new Set([...this.memories.keys(), ...pendingMem.keys()]);
        return [...ids].map((id) => view(id)!).filter((m) => m.scope === scope);
      };
      const tx: StoreTx = {
        insertTurn: async (t: NewTurn) => {
          const seq = [...this.turns.values(), ...pendingTurns].filter((x) => x.scope === t.scope && x.sessionId === t.sessionId).length + 1;
          const rec = { ...t, seq };
          pendingTurns.push(rec);
          return rec;
        },
        activeMemories: async (s, filter) =>
          scopeMems().filter((m) => m.scope === s && m.active && inSlotFilter(m, filter)),
        memoriesByKey: async (s, subject, key) =>
          scopeMems()
            .filter((m) => m.scope === s && m.subject === subject && m.key === key)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        insertMemory: async (m) => {
          pendingMem.set(m.id, { ...m });
        },
        insertMemories: async (ms) => {
          for (const m of ms) pendingMem.set(m.id, { ...m });
        },
        updateMemory: async (_s, id, patch) => {
          const cur = view(id);
          if (cur) pendingMem.set(id, { ...cur, ...patch });
        },
        putEmbedding: async (s, e) => {
          pendingEmb.push({ ...e, scope: s });
        },
      };
      const out = await fn(tx);
      for (const t of pendingTurns) this.putTurn(t);
      for (const m of pendingMem.values()) this.putMemory(m);
      for (const e of pendingEmb) this.embeddings.set(`${e.ownerKind}:${e.ownerId}:${e.model}`, e);
      return out;
    };
    const p = this.lock.then(run, run);
    this.lock = p.catch(() => undefined);
    return p;
  }

  async getTurn(scope: string, id: string): Promise<TurnRecord | null> {
    const t = this.turns.get(id);
    return t && t.scope === scope ? t : null;
  }
  async getTurns(scope: string, ids: string[]): Promise<TurnRecord[]> {
    return ids.map((id) => this.turns.get(id)).filter((t): t is TurnRecord => !!t && t.scope === scope);
  }
  private scopeTurns(scope: string, sessionId?: string): TurnRecord[] {
    return [...this.turns.values()]
      .filter((t) => t.scope === scope && (sessionId === undefined || t.sessionId === sessionId))
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.seq - b.seq);
  }
  async sessionTurns(scope: string, sessionId: string, fromSeq: number, toSeq: number): Promise<TurnRecord[]> {
    return this.scopeTurns(scope, sessionId)
      .filter((t) => t.seq >= fromSeq && t.seq <= toSeq)
      .sort((a, b) => a.seq - b.seq);
  }
  async recentTurns(scope: string, sessionId: string, limit: number): Promise<TurnRecord[]> {
    return this.scopeTurns(scope, sessionId).slice(-limit);
  }
  async latestTurns(scope: string, limit: number): Promise<TurnRecord[]> {
    return this.scopeTurns(scope).slice(-limit);
  }
  async listTurns(scope: string, opts: { sessionId?: string; limit?: number; offset?: number } = {}): Promise<TurnRecord[]> {
    const all = this.scopeTurns(scope, opts.sessionId);
    const off = opts.offset ?? 0;
    return all.slice(off, opts.limit !== undefined ? off + opts.limit : undefined);
  }

  async getMemory(scope: string | null, id: string): Promise<MemoryRecord | null> {
    const m = this.memories.get(id);
    return m && (scope === null || m.scope === scope) ? m : null;
  }
  async listMemories(scope: string, f: MemoryFilter = {}): Promise<MemoryRecord[]> {
    const out = [...this.memories.values()]
      .filter(
        (m) =>
          m.scope === scope &&
          (f.includeDeleted || m.status !== 'deleted') &&
          (f.includeInactive || m.active) &&
          (!f.subject || m.subject === f.subject) &&
          (!f.key || m.key === f.key) &&
          (!f.keys || f.keys.includes(m.key)) &&
          (!f.types || f.types.includes(m.type)) &&
          (!f.sessionId || m.sourceSession === f.sessionId),
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    const after = f.page?.after;
    const paged = f.page ? out.sort((a, b) => byCodePoint(a.createdAt, b.createdAt) || byCodePoint(a.id, b.id)).filter((m) => !after || byCodePoint(m.createdAt, after.createdAt) > 0 || (m.createdAt === after.createdAt && byCodePoint(m.id, after.id) > 0)) : out;
    const off = f.offset ?? 0;
    return paged.slice(off, f.limit !== undefined ? off + f.limit : undefined);
  }
  async scopesOfUser(userKey: string): Promise<string[]> {
    const keys = new Set<string>();
    for (const t of this.turns.values()) if (withinBase(t.scope, userKey)) keys.add(t.scope);
    for (const m of this.memories.values()) if (withinBase(m.scope, userKey)) keys.add(m.scope);
    return [...keys].sort();
  }
  async touchMemories(scope: string, ids: string[], at: string): Promise<void> {
    for (const id of ids) {
      const m = this.memories.get(id);
      if (m && m.scope === scope) this.memories.set(id, { ...m, lastSeenAt: at });
    }
  }

  // ---- recall index: the scan reference (src/store/scan-index.ts) over this store's maps ----
  private readonly scan = scanRecallIndex({
    turns: (scope) => [...this.turns.values()].filter((t) => t.scope === scope),
    memories: (scope) => [...this.memories.values()].filter((m) => m.scope === scope).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
  });
  lexicalCandidates: RecallIndex['lexicalCandidates'] = (...a) => this.scan.lexicalCandidates(...a);
  termFrequencies: RecallIndex['termFrequencies'] = (...a) => this.scan.termFrequencies(...a);
  corpusStats: RecallIndex['corpusStats'] = (...a) => this.scan.corpusStats(...a);
  scopeNames: RecallIndex['scopeNames'] = (...a) => this.scan.scopeNames(...a);
  turnsAround: RecallIndex['turnsAround'] = (...a) => this.scan.turnsAround(...a);
  turnsAt: RecallIndex['turnsAt'] = (...a) => this.scan.turnsAt(...a);
  turnsBetween: RecallIndex['turnsBetween'] = (...a) => this.scan.turnsBetween(...a);
  getMemories: RecallIndex['getMemories'] = (...a) => this.scan.getMemories(...a);
  memoriesByKeys: RecallIndex['memoriesByKeys'] = (...a) => this.scan.memoriesByKeys(...a);
  retractedByKeys: RecallIndex['retractedByKeys'] = (...a) => this.scan.retractedByKeys(...a);
  activeInSlots: RecallIndex['activeInSlots'] = (...a) => this.scan.activeInSlots(...a);
  eventsBetween: RecallIndex['eventsBetween'] = (...a) => this.scan.eventsBetween(...a);
  memoryHistory: RecallIndex['memoryHistory'] = (...a) => this.scan.memoryHistory(...a);

  async vectorSearch(scope: string, kind: 'memory' | 'turn', model: string, vector: number[], limit: number): Promise<Array<{ id: string; score: number }>> {
    return [...this.embeddings.values()]
      .filter((e) => e.scope === scope && e.ownerKind === kind && e.model === model)
      .map((e) => ({ id: e.ownerId, score: cosine(vector, e.vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
  async missingEmbeddings(model: string, limit: number): Promise<Array<{ scope: string; ownerKind: 'memory' | 'turn'; ownerId: string; text: string }>> {
    const out: Array<{ scope: string; ownerKind: 'memory' | 'turn'; ownerId: string; text: string }> = [];
    for (const t of this.turns.values()) if (!this.embeddings.has(`turn:${t.id}:${model}`)) out.push({ scope: t.scope, ownerKind: 'turn', ownerId: t.id, text: t.text });
    for (const m of this.memories.values()) if (!this.embeddings.has(`memory:${m.id}:${model}`)) out.push({ scope: m.scope, ownerKind: 'memory', ownerId: m.id, text: m.text });
    return out.slice(0, limit);
  }
  async putEmbedding(scope: string, e: StoredEmbedding): Promise<void> {
    this.embeddings.set(`${e.ownerKind}:${e.ownerId}:${e.model}`, { ...e, scope });
  }
  async embeddingModels(): Promise<Array<{ model: string; dim: number; count: number }>> {
    const by = new Map<string, { model: string; dim: number; count: number }>();
    for (const e of this.embeddings.values()) {
      const cur = by.get(e.model) ?? { model: e.model, dim: e.dim, count: 0 };
      cur.count++;
      by.set(e.model, cur);
    }
    return [...by.values()];
  }

  async deleteSession(sessionId: string, inScope: (scopeKey: string) => boolean): Promise<void> {
    for (const t of [...this.turns.values()]) {
      if (t.sessionId !== sessionId || !inScope(t.scope)) continue;
      this.turns.delete(t.id);
    }
    for (const m of [...this.memories.values()]) {
      if (m.sourceSession !== sessionId || m.userId !== null || !inScope(m.scope)) continue;
      this.memories.delete(m.id);
    }
  }
  async deleteUser(userKey: string): Promise<void> {
    for (const t of [...this.turns.values()]) {
      if (!withinBase(t.scope, userKey)) continue;
      this.turns.delete(t.id);
    }
    for (const m of [...this.memories.values()]) {
      if (!withinBase(m.scope, userKey)) continue;
      this.memories.delete(m.id);
    }
  }
  async softDeleteMemory(scope: string | null, id: string, at: string): Promise<boolean> {
    const m = await this.getMemory(scope, id);
    if (!m) return false;
    this.putMemory({ ...m, status: 'deleted', active: false, deletedAt: at, updatedAt: at });
    return true;
  }
  async deleteMemory(scope: string | null, id: string): Promise<boolean> {
    const m = await this.getMemory(scope, id);
    if (!m) return false;
    this.memories.delete(id);
    return true;
  }

  async counts(): Promise<{ turns: number; memories: number; bytes: number | null }> {
    return { turns: this.turns.size, memories: this.memories.size, bytes: null };
  }
  async listScopes(): Promise<string[]> {
    return [...new Set([...[...this.turns.values()].map((t) => t.scope), ...[...this.memories.values()].map((m) => m.scope)])];
  }
}
