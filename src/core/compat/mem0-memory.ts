/**
 * @module core/compat/mem0-memory
 * mem0 Platform API operations over the MemoryService and the store port: add (with or
 * without inference), filtered search and listing, get, update (in place, keeping the old
 * text as a superseded version so history shows the UPDATE), delete, delete-all, history from
 * the supersession chain, and entity listing/deletion. Entity mapping: user_id → user,
 * agent_id → agent dimension, run_id → session (and the scope when there is no user),
 * app_id → memory metadata.
 */
import type { MemoryService } from '../service.ts';
import { errorSummary } from '../service.ts';
import type { MemoryCandidate, MemoryRecord, Message, Role, Scope } from '../types.ts';
import { decodeScope } from '../scope.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { maskDeep, maskSecrets } from '../text/secrets.ts';
import { renderMemoryText } from '../render.ts';
import { indexTerms } from '../text/analyze.ts';
import { buildMemory } from '../reconcile/reconcile.ts';
import { entityMentions, matchesFilters, namesAnEntity, usesOr, validateFilters, withEntities, type EntityField, type FilterDoc, type Mem0Filters } from './mem0-filters.ts';
import { RAW_MEMORY_KEY, historyEvents, memoryText, toMem0Memory, valueFromEdit, type Mem0HistoryEvent, type Mem0Memory } from './mem0-view.ts';

/** Session used for mem0 adds that name no run_id. */
export const DEFAULT_MEM0_SESSION = 'mem0';

export type Entities = Partial<Record<EntityField, string | null>>;

export interface Mem0InputMessage {
  role: string;
  content: unknown;
  name?: string | null;
}

export interface Mem0AddInput extends Entities {
  messages: Mem0InputMessage[] | string;
  metadata?: Record<string, unknown> | null;
  infer?: boolean;
  /** Unix seconds or ISO string: when the conversation happened. */
  timestamp?: number | string | null;
}

export interface Mem0AddEvent {
  id: string;
  event: 'ADD' | 'UPDATE' | 'DELETE';
  memory: string;
  data: { memory: string };
  previous_memory?: string;
  /** For UPDATE: the memory this one superseded. */
  supersedes?: string;
  user_id: string | null;
  agent_id: string | null;
  app_id: string | null;
  run_id: string | null;
}

export interface Mem0SearchInput {
  query: string;
  filters: Mem0Filters;
  topK: number;
  /** Minimum normalised score in [0,1] (best hit = 1). */
  threshold: number;
  metadata?: Record<string, unknown> | null;
}

export interface Mem0ListInput {
  filters: Mem0Filters;
  page: number;
  pageSize: number;
  /** Include ended memories (superseded, retracted, historical), each with `replaced_by`. */
  showExpired?: boolean;
}

export interface Mem0Entity {
  id: string;
  name: string;
  type: 'user' | 'agent' | 'run' | 'app';
  created_at: string;
  updated_at: string;
  total_memories: number;
  owner: string | null;
  organization: string | null;
  metadata: Record<string, unknown>;
}

const ROLES: Record<string, Role> = { user: 'user', human: 'user', assistant: 'assistant', ai: 'assistant', system: 'system', tool: 'tool', function: 'tool' };

/** mem0 messages (string, or role/content with string or multimodal content) → our messages. */
export function toMessages(input: Mem0AddInput['messages']): Message[] {
  if (typeof input === 'string') return input.trim() === '' ? [] : [{ role: 'user', content: input }];
  const out: Message[] = [];
  for (const m of input) {
    const content = contentText(m.content);
    if (content.trim() === '') continue;
    out.push({ role: ROLES[m.role?.toLowerCase?.() ?? 'user'] ?? 'user', content, ...(m.name ? { name: m.name } : {}) });
  }
  return out;
}

function contentText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map(contentText).filter((s) => s !== '').join('\n');
  if (c && typeof c === 'object') {
    const o = c as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
  }
  return '';
}

function timestampOf(t: Mem0AddInput['timestamp']): string | null {
  if (t === null || t === undefined || t === '') return null;
  const ms = typeof t === 'number' ? t * 1000 : /^\d+(\.\d+)?$/.test(t) ? Number(t) * 1000 : Date.parse(t);
  if (Number.isNaN(ms)) throw new InvalidInputError('timestamp must be Unix seconds or an ISO-8601 date-time');
  return new Date(ms).toISOString();
}

export class Mem0Compat {
  private readonly service: MemoryService;

  constructor(service: MemoryService) {
    this.service = service;
  }

  private get store() {
    return this.service.store;
  }

  // ------------------------------------------------------------------ add

  async add(input: Mem0AddInput): Promise<{ results: Mem0AddEvent[]; event_id: string }> {
    const userId = input.user_id || null;
    const agentId = input.agent_id || null;
    const runId = input.run_id || null;
    const appId = input.app_id || null;
    if (!userId && !agentId && !runId && !appId) throw new InvalidInputError('at least one of user_id, agent_id, app_id, run_id is required');
    // Secrets are masked before anything is stored (turn, extraction input, verbatim memories).
    const messages = toMessages(input.messages).map((m) => ({ ...m, content: maskSecrets(m.content), ...(m.name ? { name: maskSecrets(m.name) } : {}) }));
    if (messages.length === 0) throw new InvalidInputError('messages must contain at least one message with text content');
    const sessionId = runId ?? DEFAULT_MEM0_SESSION;
    const extra: Record<string, unknown> = { run_id: runId, ...(appId ? { app_id: appId } : {}), ...(input.metadata ? { mem0_metadata: maskDeep(input.metadata) } : {}) };
    const result = await this.service.ingestTurn({
      sessionId,
      userId,
      agentId,
      messages,
      timestamp: timestampOf(input.timestamp),
      metadata: { source: 'mem0', ...extra },
      infer: input.infer !== false,
      prepareCandidates: async (candidates: MemoryCandidate[]) => candidates.map((c) => ({ ...c, metadata: { ...(c.metadata ?? {}), ...extra } })),
    });
    const scope = this.service.scopeOf(userId, sessionId, agentId);
    if (input.infer === false) {
      const raw = await this.insertRaw(scope, result.turn, messages, extra, agentId);
      return { results: raw.map((m) => addEvent('ADD', m)), event_id: result.turn.id };
    }
    const byId = new Map(result.memories.map((m) => [m.id, m]));
    const events: Mem0AddEvent[] = [];
    for (const op of result.ops) {
      if (op.kind === 'insert') {
        const m = byId.get(op.memory.id);
        if (!m || !m.active) continue;
        const prev = m.supersedes ? byId.get(m.supersedes) : undefined;
        events.push(prev ? { ...addEvent('UPDATE', m), previous_memory: memoryText(prev), supersedes: prev.id } : addEvent('ADD', m));
      } else if (op.patch.status === 'retracted') {
        const m = byId.get(op.id);
        if (m) events.push(addEvent('DELETE', m));
      }
    }
    return { results: events, event_id: result.turn.id };
  }

  /** `infer: false`: one verbatim memory per user/assistant message, in the turn's scope. */
  private async insertRaw(scope: Scope, turn: { id: string; sessionId: string; timestamp: string }, messages: Message[], extra: Record<string, unknown>, agentId: string | null): Promise<MemoryRecord[]> {
    const now = this.service.now();
    const rows = messages
      .filter((m) => m.role === 'user' || m.role === 'assistant')
      .map((m) => {
        const value = maskSecrets(m.content.trim());
        return buildMemory(
          { scope, turn, candidates: [], existing: [], now, newId: this.service.newId },
          { type: 'fact', subject: m.role === 'user' ? 'user' : (agentId ?? 'assistant'), key: RAW_MEMORY_KEY, value, confidence: 1, op: 'assert', evidence: value.slice(0, 500) },
          { metadata: { ...extra, mem0_verbatim: true, role: m.role } },
        );
      });
    if (rows.length === 0) return [];
    await this.store.transaction(scope.key, async (tx) => {
      for (const r of rows) await tx.insertMemory(r);
    });
    await this.embed(scope.key, rows);
    return rows;
  }

  /** Best-effort embeddings for memories written outside ingest; failures leave gaps `reembed` fills. */
  private async embed(scopeKey: string, rows: MemoryRecord[]): Promise<void> {
    const embedder = this.service.embedder;
    if (!embedder || rows.length === 0) return;
    try {
      const vectors = await embedder.embed(rows.map((r) => r.text));
      for (let i = 0; i < rows.length; i++) {
        const v = vectors[i];
        if (v) await this.store.putEmbedding(scopeKey, { ownerKind: 'memory', ownerId: rows[i].id, model: embedder.model, dim: v.length, vector: v });
      }
    } catch (err) {
      this.service.logger.warn({ err: errorSummary(err) }, 'embedding failed for mem0 memories; stored without vectors');
    }
  }

  // ------------------------------------------------------------------ scopes

  /** Scope keys a filter can touch (a superset; every memory is then checked against the filter). */
  async scopesFor(filters: Mem0Filters): Promise<string[]> {
    validateFilters(filters);
    const m = entityMentions(filters);
    if (!namesAnEntity(m)) throw new InvalidInputError('filters must name at least one of user_id, agent_id, app_id, run_id');
    const hasOr = usesOr(filters);
    const users = [...m.user_id];
    if (!hasOr && users.length > 0 && !users.includes('*')) {
      const keys = new Set<string>();
      for (const u of users) {
        const base = this.service.scopeOf(u, null).key;
        keys.add(base);
        for (const k of await this.store.scopesOfUser(base)) keys.add(k);
      }
      return [...keys];
    }
    const all = await this.tenantScopes();
    const agents = [...m.agent_id];
    if (!hasOr && users.length === 0 && agents.length > 0 && !agents.includes('*') && m.run_id.size === 0 && m.app_id.size === 0) {
      return all.filter((k) => agents.includes(parseScopeKey(k).agentId ?? '\u0000'));
    }
    return all;
  }

  /** Every stored scope key of this service's tenant (never another tenant's). */
  private async tenantScopes(): Promise<string[]> {
    return (await this.store.listScopes()).filter((k) => this.service.ownScope(k) !== null);
  }

  // ------------------------------------------------------------------ search / list / get

  async search(input: Mem0SearchInput): Promise<Mem0Memory[]> {
    const filters = input.metadata && Object.keys(input.metadata).length > 0 ? { AND: [input.filters, { metadata: input.metadata }] } : input.filters;
    const keys = await this.scopesFor(filters);
    if (input.query.trim() === '') throw new InvalidInputError('query must not be empty');
    const calls = searchCalls(keys, await this.userScopeIndex(keys));
    const limit = Math.min(200, Math.max(50, input.topK * 5));
    const hits = new Map<string, { m: MemoryRecord; score: number }>();
    for (const c of calls) {
      const results = await this.service.search({ query: input.query, userId: c.userId, sessionId: c.sessionId, agentId: c.agentId, limit });
      for (const r of results) {
        if (r.kind !== 'memory' || !r.memory || !keys.includes(r.memory.scope) || !foundDirectly(r.rankers)) continue;
        const prev = hits.get(r.id);
        if (!prev || prev.score < r.score) hits.set(r.id, { m: r.memory, score: r.score });
      }
    }
    const matching = [...hits.values()].filter((h) => h.m.active && matchesFilters(asDoc(toMem0Memory(h.m)), filters));
    const max = Math.max(0, ...matching.map((h) => h.score));
    return matching
      .map((h) => ({ ...h, norm: max > 0 ? Math.round((h.score / max) * 10000) / 10000 : 0 }))
      .filter((h) => h.norm >= input.threshold)
      .sort((a, b) => b.norm - a.norm || b.m.updatedAt.localeCompare(a.m.updatedAt))
      .slice(0, input.topK)
      .map((h) => toMem0Memory(h.m, h.norm));
  }

  /** For each user seen in `keys`: whether every scope of that user is included (one search covers them). */
  private async userScopeIndex(keys: string[]): Promise<Map<string, boolean>> {
    const out = new Map<string, boolean>();
    const set = new Set(keys);
    for (const k of keys) {
      const c = parseScopeKey(k);
      if (c.userId === null || out.has(c.userId)) continue;
      const base = this.service.scopeOf(c.userId, null).key;
      const all = [base, ...(await this.store.scopesOfUser(base))];
      out.set(c.userId, all.every((x) => set.has(x)));
    }
    return out;
  }

  async list(input: Mem0ListInput): Promise<{ count: number; results: Mem0Memory[] }> {
    const keys = await this.scopesFor(input.filters);
    const seen = new Set<string>();
    const views: Mem0Memory[] = [];
    for (const k of keys) {
      for (const m of await this.store.listMemories(k, { includeInactive: input.showExpired === true })) {
        if (seen.has(m.id) || m.status === 'deleted') continue;
        seen.add(m.id);
        const v = toMem0Memory(m);
        if (matchesFilters(asDoc(v), input.filters)) views.push(v);
      }
    }
    views.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    const start = (input.page - 1) * input.pageSize;
    return { count: views.length, results: views.slice(start, start + input.pageSize) };
  }

  /** A memory by id; deleted or unknown → MEMORY_NOT_FOUND. Ended versions are returned with `replaced_by`. */
  async get(id: string): Promise<Mem0Memory> {
    return toMem0Memory(await this.live(id));
  }

  private async live(id: string): Promise<MemoryRecord> {
    const m = await this.owned(id);
    if (m.status === 'deleted') throw new NotFoundError('memory', id);
    return m;
  }

  /** A memory by id when it lies in this tenant; another tenant's id is MEMORY_NOT_FOUND, like an unknown one. */
  private async owned(id: string): Promise<MemoryRecord> {
    const m = await this.store.getMemory(null, id);
    if (!m || this.service.ownScope(m.scope) === null) throw new NotFoundError('memory', id);
    return m;
  }

  // ------------------------------------------------------------------ update / delete

  /**
   * PUT: the id keeps pointing at the current text. The previous version is kept as a
   * superseded row (its own id, `replaced_by` = this id), so history shows ADD → UPDATE.
   */
  async update(id: string, patch: { text?: string | null; metadata?: Record<string, unknown> | null }): Promise<Mem0Memory> {
    const m = await this.live(id);
    const now = this.service.now();
    const metadata = { ...m.metadata, ...(patch.metadata ? { mem0_metadata: { ...((m.metadata.mem0_metadata as Record<string, unknown>) ?? {}), ...maskDeep(patch.metadata) } } : {}) };
    const text = patch.text?.trim();
    if (!text) {
      await this.store.transaction(m.scope, (tx) => tx.updateMemory(m.scope, id, { metadata, updatedAt: now }));
      return this.get(id);
    }
    const edit = valueFromEdit(m, maskSecrets(text));
    if (edit.value === m.value) {
      await this.store.transaction(m.scope, (tx) => tx.updateMemory(m.scope, id, { metadata, updatedAt: now }));
      return this.get(id);
    }
    const copyId = this.service.newId();
    const copy: MemoryRecord = { ...m, id: copyId, status: 'superseded', active: false, validTo: now, supersededBy: id, updatedAt: now, lastSeenAt: null };
    const rendered = renderMemoryText({ subject: m.subject, key: m.key, value: edit.value, type: m.type });
    const { terms, termCount } = indexTerms(rendered);
    const newMeta = { ...metadata, mem0_verbatim: edit.verbatim || undefined, edited_at: now };
    if (!edit.verbatim) delete newMeta.mem0_verbatim;
    await this.store.transaction(m.scope, async (tx) => {
      await tx.insertMemory(copy);
      if (m.supersedes) await tx.updateMemory(m.scope, m.supersedes, { supersededBy: copyId });
      await tx.updateMemory(m.scope, id, { value: edit.value, text: rendered, terms, termCount, supersedes: copyId, updatedAt: now, metadata: newMeta, validFrom: now });
    });
    const updated = await this.live(id);
    await this.embed(m.scope, [updated]);
    return toMem0Memory(updated);
  }

  /** Soft delete (history keeps the DELETE event, as mem0's does); never recalled again. */
  async delete(id: string): Promise<void> {
    const m = await this.live(id);
    await this.store.softDeleteMemory(m.scope, id, this.service.now());
  }

  /**
   * Deletes every memory of the named entities. A user alone erases the user entirely (turns
   * too); otherwise the matching memories are removed (hard delete) — and a run alone also
   * erases that session's turns.
   */
  async deleteAll(entities: Entities): Promise<number> {
    const named = Object.entries(entities).filter(([, v]) => typeof v === 'string' && v !== '');
    if (named.length === 0) throw new InvalidInputError('at least one of user_id, agent_id, app_id, run_id is required');
    if (named.length === 1 && entities.user_id) {
      const count = (await this.list({ filters: { user_id: entities.user_id }, page: 1, pageSize: 1, showExpired: true })).count;
      await this.service.deleteUser(entities.user_id);
      return count;
    }
    const filters = withEntities(undefined, entities);
    let n = 0;
    for (const k of await this.scopesFor(filters)) {
      for (const m of await this.store.listMemories(k, { includeInactive: true, includeDeleted: true })) {
        if (matchesFilters(asDoc(toMem0Memory(m)), filters) && (await this.store.deleteMemory(k, m.id))) n++;
      }
    }
    // One erasure pass for the whole batch (docs/security.md).
    if (n > 0) await this.store.erase?.();
    if (named.length === 1 && entities.run_id) await this.service.deleteSession(entities.run_id);
    return n;
  }

  // ------------------------------------------------------------------ history / entities

  async history(id: string): Promise<Mem0HistoryEvent[]> {
    const m = await this.owned(id);
    return historyEvents(id, await this.chain(m));
  }

  /** The supersession chain through `m`, oldest first (bounded, cycle-safe). */
  async chain(m: MemoryRecord): Promise<MemoryRecord[]> {
    const seen = new Set([m.id]);
    const back: MemoryRecord[] = [];
    let cur = m;
    while (cur.supersedes && !seen.has(cur.supersedes) && back.length < 100) {
      const prev = await this.store.getMemory(m.scope, cur.supersedes);
      if (!prev) break;
      seen.add(prev.id);
      back.unshift(prev);
      cur = prev;
    }
    const forward: MemoryRecord[] = [];
    cur = m;
    while (cur.supersededBy && !seen.has(cur.supersededBy) && forward.length < 100) {
      const next = await this.store.getMemory(m.scope, cur.supersededBy);
      if (!next) break;
      seen.add(next.id);
      forward.push(next);
      cur = next;
    }
    return [...back, m, ...forward];
  }

  /** Users, agents and runs (session-only scopes) that hold memories, with their active counts. */
  async entities(): Promise<Mem0Entity[]> {
    const acc = new Map<string, Mem0Entity>();
    const bump = (type: Mem0Entity['type'], name: string, mems: MemoryRecord[]) => {
      const id = `${type}:${name}`;
      const e = acc.get(id) ?? { id, name, type, created_at: '', updated_at: '', total_memories: 0, owner: null, organization: null, metadata: {} };
      e.total_memories += mems.length;
      for (const m of mems) {
        if (e.created_at === '' || m.createdAt < e.created_at) e.created_at = m.createdAt;
        if (m.updatedAt > e.updated_at) e.updated_at = m.updatedAt;
      }
      acc.set(id, e);
    };
    for (const k of await this.tenantScopes()) {
      const c = parseScopeKey(k);
      const mems = await this.store.listMemories(k);
      if (c.userId !== null) bump('user', c.userId, mems);
      else if (c.sessionId) bump('run', c.sessionId, mems);
      if (c.agentId !== null) bump('agent', c.agentId, mems);
    }
    const now = this.service.now();
    return [...acc.values()]
      .map((e) => ({ ...e, created_at: e.created_at || now, updated_at: e.updated_at || now }))
      .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name));
  }

  /** DELETE /v1|v2/entities/{type}/{id}/: everything the entity holds. */
  async deleteEntity(type: string, name: string): Promise<void> {
    const field = ({ user: 'user_id', agent: 'agent_id', app: 'app_id', run: 'run_id' } as const)[type as 'user'];
    if (!field) throw new InvalidInputError(`entity type must be one of user, agent, app, run (got "${type}")`);
    await this.deleteAll({ [field]: name });
  }
}

/** Coordinates of a stored scope key (user, agent, session); keys that do not parse have none. */
export function parseScopeKey(key: string): { key: string; userId: string | null; agentId: string | null; sessionId: string | null } {
  const s = decodeScope(key);
  return { key, userId: s?.userId ?? null, agentId: s?.agentId ?? null, sessionId: s?.sessionId ?? null };
}

/**
 * mem0 search answers memories that match the query itself: a hit must come from a ranker that
 * scored the memory against the query (BM25, key match, vectors, reranker), not only from
 * recall's second-hop entity bridging, which serves multi-hop context rather than search.
 */
export function foundDirectly(rankers: Array<{ ranker: string }>): boolean {
  return rankers.some((r) => r.ranker !== 'bridge' && /memory|rerank/.test(r.ranker));
}

/** A memory view as the document filters are evaluated against. */
const asDoc = (v: Mem0Memory): FilterDoc => ({ ...v });

function addEvent(event: Mem0AddEvent['event'], m: MemoryRecord): Mem0AddEvent {
  const v = toMem0Memory(m);
  return { id: m.id, event, memory: v.memory, data: { memory: v.memory }, user_id: v.user_id, agent_id: v.agent_id, app_id: v.app_id, run_id: v.run_id };
}

/** The fewest service.search calls that cover `keys`: one per fully covered user, else one per scope. */
function searchCalls(keys: string[], fullUsers: Map<string, boolean>): Array<{ userId: string | null; sessionId: string | null; agentId: string | null }> {
  const out: Array<{ userId: string | null; sessionId: string | null; agentId: string | null }> = [];
  const done = new Set<string>();
  for (const k of keys) {
    const c = parseScopeKey(k);
    if (c.userId !== null && fullUsers.get(c.userId)) {
      if (done.has(c.userId)) continue;
      done.add(c.userId);
      out.push({ userId: c.userId, sessionId: null, agentId: null });
    } else if (c.userId !== null && c.agentId === null) {
      // The user's own scope without its agent sub-scopes: search all, keep only this key (filtered by the caller).
      out.push({ userId: c.userId, sessionId: null, agentId: null });
    } else {
      out.push({ userId: c.userId, sessionId: c.sessionId, agentId: c.agentId });
    }
  }
  return out;
}
