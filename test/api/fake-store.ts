/**
 * @module test/api/fake-store
 * A small in-memory MemoryStore for app.inject() route tests: enough behaviour (turns, memories,
 * term lookup, deletion) to exercise the routes without a database. Not a conformance target.
 */
import { inSlotFilter } from '../../src/store/slot-filter.ts';
import type { MemoryFilter, MemoryStore, RecallIndex, StoreInfo, StoreTx } from '../../src/core/ports.ts';
import { scanRecallIndex } from '../../src/store/scan-index.ts';
import type { MemoryRecord, NewTurn, TurnRecord } from '../../src/core/types.ts';
import { withinBase } from '../../src/core/scope.ts';

export class FakeStore implements MemoryStore {
  turns: TurnRecord[] = [];
  memories: MemoryRecord[] = [];
  /** When set, every data call throws it (simulates a broken backend). */
  failWith: Error | null = null;

  private check(): void {
    if (this.failWith) throw this.failWith;
  }
  async migrate() {}
  async info(): Promise<StoreInfo> {
    return { kind: 'memory', vectorSearch: 'none', schemaVersion: 1 };
  }
  async ping() {
    return this.failWith === null;
  }
  async close() {}
  async transaction<T>(_scope: string, fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    this.check();
    const snapshot = { turns: [...this.turns], memories: this.memories.map((m) => ({ ...m })) };
    const tx: StoreTx = {
      insertTurn: async (t: NewTurn) => {
        const seq = this.turns.filter((x) => x.scope === t.scope && x.sessionId === t.sessionId).length + 1;
        const rec = { ...t, seq };
        this.turns.push(rec);
        return rec;
      },
      activeMemories: async (scope, filter) =>
        this.memories.filter((m) => m.scope === scope && m.active && inSlotFilter(m, filter)),
      memoriesByKey: async (scope, subject, key) => this.memories.filter((m) => m.scope === scope && m.subject === subject && m.key === key).reverse(),
      insertMemory: async (m) => {
        this.memories.push({ ...m });
      },
      insertMemories: async (ms) => {
        for (const m of ms) this.memories.push({ ...m });
      },
      updateMemory: async (scope, id, patch) => {
        const m = this.memories.find((x) => x.scope === scope && x.id === id);
        if (m) Object.assign(m, patch);
      },
      putEmbedding: async () => {},
    };
    try {
      return await fn(tx);
    } catch (err) {
      this.turns = snapshot.turns;
      this.memories = snapshot.memories;
      throw err;
    }
  }
  async getTurn(scope: string, id: string) {
    this.check();
    return this.turns.find((t) => t.scope === scope && t.id === id) ?? null;
  }
  async getTurns(scope: string, ids: string[]) {
    this.check();
    return this.turns.filter((t) => t.scope === scope && ids.includes(t.id));
  }
  async sessionTurns(scope: string, sessionId: string, fromSeq: number, toSeq: number) {
    this.check();
    return this.turns.filter((t) => t.scope === scope && t.sessionId === sessionId && t.seq >= fromSeq && t.seq <= toSeq);
  }
  async recentTurns(scope: string, sessionId: string, limit: number) {
    this.check();
    return this.turns.filter((t) => t.scope === scope && t.sessionId === sessionId).slice(-limit);
  }
  async latestTurns(scope: string, limit: number) {
    this.check();
    return this.turns.filter((t) => t.scope === scope).slice(-limit);
  }
  async listTurns(scope: string, opts: { sessionId?: string; limit?: number; offset?: number } = {}) {
    this.check();
    const all = this.turns.filter((t) => t.scope === scope && (!opts.sessionId || t.sessionId === opts.sessionId));
    return all.slice(opts.offset ?? 0, (opts.offset ?? 0) + (opts.limit ?? all.length));
  }
  async getMemory(scope: string | null, id: string) {
    this.check();
    return this.memories.find((m) => (scope === null || m.scope === scope) && m.id === id) ?? null;
  }
  async listMemories(scope: string, f: MemoryFilter = {}) {
    this.check();
    return this.memories.filter(
      (m) =>
        m.scope === scope &&
        (f.includeInactive || m.active) &&
        (f.includeDeleted || m.status !== 'deleted') &&
        (!f.subject || m.subject === f.subject) &&
        (!f.key || m.key === f.key) &&
        (!f.keys || f.keys.includes(m.key)) &&
        (!f.types || f.types.includes(m.type)),
    );
  }
  async scopesOfUser(userKey: string) {
    this.check();
    return [...new Set([...this.turns, ...this.memories].filter((x) => withinBase(x.scope, userKey)).map((x) => x.scope))];
  }
  async touchMemories() {}
  // The recall index: the scan reference over this fake's arrays.
  private readonly scan = scanRecallIndex({ turns: (scope) => this.turns.filter((t) => t.scope === scope), memories: (scope) => this.memories.filter((m) => m.scope === scope) });
  private guard<K extends keyof RecallIndex>(k: K): RecallIndex[K] {
    return ((...a: unknown[]) => {
      this.check();
      return (this.scan[k] as (...x: unknown[]) => unknown)(...a);
    }) as RecallIndex[K];
  }
  lexicalCandidates = this.guard('lexicalCandidates');
  termFrequencies = this.guard('termFrequencies');
  corpusStats = this.guard('corpusStats');
  scopeNames = this.guard('scopeNames');
  turnsAround = this.guard('turnsAround');
  turnsAt = this.guard('turnsAt');
  turnsBetween = this.guard('turnsBetween');
  getMemories = this.guard('getMemories');
  memoriesByKeys = this.guard('memoriesByKeys');
  retractedByKeys = this.guard('retractedByKeys');
  activeInSlots = this.guard('activeInSlots');
  eventsBetween = this.guard('eventsBetween');
  memoryHistory = this.guard('memoryHistory');
  async vectorSearch() {
    return [];
  }
  async missingEmbeddings() {
    return [];
  }
  async putEmbedding() {}
  async embeddingModels() {
    return [];
  }
  async deleteSession(sessionId: string, inScope: (scopeKey: string) => boolean) {
    this.check();
    this.turns = this.turns.filter((t) => t.sessionId !== sessionId || !inScope(t.scope));
    this.memories = this.memories.filter((m) => m.sourceSession !== sessionId || !inScope(m.scope));
  }
  async deleteUser(userKey: string) {
    this.check();
    this.turns = this.turns.filter((t) => !withinBase(t.scope, userKey));
    this.memories = this.memories.filter((m) => !withinBase(m.scope, userKey));
  }
  async softDeleteMemory() {
    return false;
  }
  async deleteMemory() {
    return false;
  }
  async counts() {
    return { turns: this.turns.length, memories: this.memories.length, bytes: null };
  }
  async listScopes() {
    return [...new Set(this.turns.map((t) => t.scope))];
  }
}
