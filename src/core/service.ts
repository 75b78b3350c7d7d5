/**
 * @module core/service
 * The application service every surface calls (REST routes, MCP tools, CLI, compatibility
 * APIs): ingest a turn (extract → reconcile → index in one transaction), recall, search, list
 * and forget. It wires the ports; it does no I/O of its own.
 */
import type {
  EmbedderPort,
  Extractor,
  Lexicon,
  MemoryFilter,
  MemoryStore,
  QueryPlannerPort,
  ReconcileDecision,
  ReconcilerPort,
  RerankerPort,
} from './ports.ts';
import type { MemoryCandidate, MemoryOp, MemoryRecord, Message, RecallResult, Scope, SearchResult, TurnRecord } from './types.ts';
import { scopeOf } from './types.ts';
import { NotFoundError } from './errors.ts';
import { renderTurnText } from './render.ts';
import { indexTerms } from './text/analyze.ts';
import { containsSecret, maskSecrets } from './text/secrets.ts';
import { reconcile } from './reconcile/reconcile.ts';
import { relatedKeys } from './reconcile/policy.ts';
import { OfflineExtractor } from './extraction/offline-extractor.ts';
import { EMPTY_LEXICON } from './lexicon/empty.ts';
import { recall as runRecall, search as runSearch } from './recall/recall.ts';

/** Minimal structured logger (pino-compatible subset). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

/** Stage timings and provider outcomes, reported to metrics by the edge. */
export interface Observer {
  stage(name: string, ms: number): void;
  provider?(provider: string, op: string, ok: boolean, ms: number): void;
}

export interface ServiceDeps {
  store: MemoryStore;
  /** The offline extractor: always available, used as the fallback. */
  offlineExtractor: Extractor;
  /** The LLM extractor when configured; failures fall back to offline for that turn. */
  llmExtractor?: Extractor | null;
  reconciler?: ReconcilerPort | null;
  embedder?: EmbedderPort | null;
  reranker?: RerankerPort | null;
  planner?: QueryPlannerPort | null;
  /** Word senses and kinds (WordNet at the edge; the empty lexicon when absent). */
  lexicon?: Lexicon;
  /** Reranker relevance floor (RERANK_MIN_SCORE), passed to recall. */
  rerankMinScore?: number;
  clock?: () => Date;
  newId?: () => string;
  logger?: Logger;
  observer?: Observer;
}

export interface TurnInput {
  sessionId: string;
  userId: string | null;
  agentId?: string | null;
  messages: Message[];
  timestamp?: string | null;
  metadata?: Record<string, unknown>;
  /** Skip extraction (mem0 `infer: false`): store the turn and, if `rawMemory`, one raw memory per message. */
  infer?: boolean;
  /**
   * Compatibility policy (platform /extract, mem0 add): reshapes the candidates after extraction
   * and the secret filter, before reconciliation and outside the transaction (may call providers).
   */
  prepareCandidates?: (candidates: MemoryCandidate[], scope: Scope) => Promise<MemoryCandidate[]>;
}

export interface IngestResult {
  turn: TurnRecord;
  /** Memories inserted or changed by this turn (after the transaction). */
  memories: MemoryRecord[];
  ops: MemoryOp[];
  extractor: string;
}

export interface RecallInput {
  query: string;
  sessionId: string | null;
  userId: string | null;
  agentId?: string | null;
  maxTokens: number;
}

export interface SearchInput {
  query: string;
  sessionId: string | null;
  userId: string | null;
  agentId?: string | null;
  limit: number;
}

const noopLogger: Logger = { info() {}, warn() {}, error() {} };

export class MemoryService {
  readonly store: MemoryStore;
  private readonly deps: ServiceDeps;
  private readonly clock: () => Date;
  readonly newId: () => string;
  readonly logger: Logger;

  constructor(deps: ServiceDeps) {
    this.deps = deps;
    this.store = deps.store;
    this.clock = deps.clock ?? (() => new Date());
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.logger = deps.logger ?? noopLogger;
    // Offline rule failures are skipped per clause; make them visible (rule name only, no content).
    const offline = deps.offlineExtractor;
    if (offline instanceof OfflineExtractor && !offline.onRuleError) {
      offline.onRuleError = (e) => this.logger.warn({ rule: e.rule, errorName: e.errorName, extractor: 'offline' }, 'offline extraction rule failed; rule skipped for this clause');
    }
  }

  get embedder(): EmbedderPort | null {
    return this.deps.embedder ?? null;
  }
  get reranker(): RerankerPort | null {
    return this.deps.reranker ?? null;
  }
  get planner(): QueryPlannerPort | null {
    return this.deps.planner ?? null;
  }
  get lexicon(): Lexicon {
    return this.deps.lexicon ?? EMPTY_LEXICON;
  }

  now(): string {
    return this.clock().toISOString();
  }

  private async timed<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.deps.observer?.stage(stage, performance.now() - t0);
    }
  }

  /** Extraction with fallback: the LLM when configured, the offline extractor when it fails. */
  private async extract(messages: Message[], ctx: Parameters<Extractor['extract']>[1]): Promise<{ candidates: MemoryCandidate[]; extractor: string }> {
    const llm = this.deps.llmExtractor;
    if (llm) {
      try {
        return { candidates: await llm.extract(messages, ctx), extractor: llm.name };
      } catch (err) {
        this.logger.warn({ err: errorSummary(err), extractor: llm.name }, 'LLM extraction failed; falling back to offline extraction');
      }
    }
    return { candidates: await this.deps.offlineExtractor.extract(messages, ctx), extractor: this.deps.offlineExtractor.name };
  }

  /** Persists a turn and its memories in one transaction; when this resolves, recall sees it. */
  async ingestTurn(input: TurnInput): Promise<IngestResult> {
    const scope = scopeOf(input.userId, input.sessionId, input.agentId ?? null);
    const now = this.now();
    const timestamp = input.timestamp ? new Date(input.timestamp).toISOString() : now;
    // Hygiene: secrets are masked before anything is stored, indexed or sent to a provider.
    const messages: Message[] = input.messages.map((m) => ({ ...m, content: maskSecrets(m.content) }));
    const text = renderTurnText(messages);
    const { terms, termCount } = indexTerms(text);

    const recentTurns = await this.store.recentTurns(scope.key, input.sessionId, 4);
    const { candidates: raw, extractor } =
      input.infer === false
        ? { candidates: [] as MemoryCandidate[], extractor: 'none' }
        : await this.timed('extraction', () => this.extract(messages, { timestamp, sessionId: input.sessionId, recentTurns }));
    const screened = raw.filter((c) => c.value.trim() !== '' && !containsSecret(c.value) && !c.value.includes('[REDACTED]')).map((c) => ({ ...c, evidence: maskSecrets(c.evidence) }));
    const candidates = input.prepareCandidates ? await input.prepareCandidates(screened, scope) : screened;

    // LLM reconciliation decisions are taken before the transaction (no network inside it).
    let decisions: Array<ReconcileDecision | null> | undefined;
    const reconciler = this.deps.reconciler;
    if (reconciler && candidates.length > 0) {
      decisions = await this.timed('reconciliation_llm', async () => {
        const current = await this.store.listMemories(scope.key, { keys: [...new Set(candidates.map((c) => c.key))] });
        const out: Array<ReconcileDecision | null> = [];
        for (const c of candidates) {
          const touching = current.filter((m) => m.subject === c.subject && m.key === c.key);
          if (touching.length === 0) {
            out.push(null);
            continue;
          }
          try {
            out.push(await reconciler.decide(c, touching));
          } catch (err) {
            this.logger.warn({ err: errorSummary(err) }, 'LLM reconciliation failed; using the offline policy');
            out.push(null);
          }
        }
        return out;
      });
    }

    const turnId = this.newId();
    const result = await this.timed('transaction', () =>
      this.store.transaction(scope.key, async (tx) => {
        const turn = await tx.insertTurn({
          id: turnId,
          scope: scope.key,
          sessionId: input.sessionId,
          userId: scope.userId,
          agentId: scope.agentId,
          timestamp,
          messages,
          text,
          terms,
          termCount,
          metadata: input.metadata ?? {},
          createdAt: now,
        });
        const existing = await tx.activeMemories(scope.key, {
          subjects: [...new Set(candidates.map((c) => c.subject))],
          keys: [...new Set(candidates.flatMap((c) => relatedKeys(c.key, c.metadata?.anyKey === true)))],
        });
        const t0 = performance.now();
        const ops = reconcile({ scope, turn, candidates, existing, now, newId: this.newId, decisions });
        this.deps.observer?.stage('reconciliation', performance.now() - t0);
        for (const op of ops) {
          if (op.kind === 'insert') await tx.insertMemory(op.memory);
          else await tx.updateMemory(scope.key, op.id, op.patch);
        }
        return { turn, ops };
      }),
    );

    await this.embedAfterIngest(scope, result.turn, result.ops);

    const changedIds = [...new Set(result.ops.map((o) => (o.kind === 'insert' ? o.memory.id : o.id)))];
    const memories = (await Promise.all(changedIds.map((id) => this.store.getMemory(scope.key, id)))).filter((m): m is MemoryRecord => m !== null);
    return { turn: result.turn, memories, ops: result.ops, extractor };
  }

  /**
   * Embeds the new turn and memories when an embedder is configured. Runs after the commit:
   * a provider failure never loses the turn (`memory-service reembed` fills gaps later).
   */
  private async embedAfterIngest(scope: Scope, turn: TurnRecord, ops: MemoryOp[]): Promise<void> {
    const embedder = this.deps.embedder;
    if (!embedder) return;
    const items: Array<{ kind: 'memory' | 'turn'; id: string; text: string }> = [{ kind: 'turn', id: turn.id, text: turn.text }];
    for (const op of ops) if (op.kind === 'insert') items.push({ kind: 'memory', id: op.memory.id, text: op.memory.text });
    try {
      const t0 = performance.now();
      const vectors = await embedder.embed(items.map((i) => i.text));
      this.deps.observer?.stage('embedding', performance.now() - t0);
      for (let i = 0; i < items.length; i++) {
        const v = vectors[i];
        if (!v) continue;
        await this.store.putEmbedding(scope.key, { ownerKind: items[i].kind, ownerId: items[i].id, model: embedder.model, dim: v.length, vector: v });
      }
    } catch (err) {
      this.logger.warn({ err: errorSummary(err), model: embedder.model }, 'embedding failed; the turn is stored without vectors');
    }
  }

  async recall(input: RecallInput): Promise<RecallResult> {
    const scope = scopeOf(input.userId, input.sessionId, input.agentId ?? null);
    return runRecall(this.recallDeps(), { ...input, scope });
  }

  async search(input: SearchInput): Promise<SearchResult[]> {
    const scopes = await this.searchScopes(input.userId, input.sessionId, input.agentId ?? null);
    return runSearch(this.recallDeps(), { ...input, scopes });
  }

  private recallDeps() {
    return {
      store: this.store,
      embedder: this.deps.embedder ?? null,
      reranker: this.deps.reranker ?? null,
      planner: this.deps.planner ?? null,
      rerankMinScore: this.deps.rerankMinScore,
      logger: this.logger,
      observer: this.deps.observer,
      now: this.clock,
    };
  }

  /** Scopes a search covers: the user's (with agent sub-scopes unless an agent is named), else the session's. */
  async searchScopes(userId: string | null, sessionId: string | null, agentId: string | null): Promise<Scope[]> {
    if (userId !== null) {
      if (agentId !== null) return [scopeOf(userId, null, agentId)];
      const keys = await this.store.scopesOfUser(userId);
      const all = new Set([scopeOf(userId, null).key, ...keys]);
      return [...all].map((key) => ({ key, userId, agentId: parseAgent(key), sessionId: null }));
    }
    if (sessionId !== null) return [scopeOf(null, sessionId, agentId)];
    return [];
  }

  /** Every memory of a user across their scopes (history included unless filtered). */
  async listUserMemories(userId: string, filter: MemoryFilter & { agentId?: string | null } = {}): Promise<MemoryRecord[]> {
    const scopes = await this.searchScopes(userId, null, filter.agentId ?? null);
    const lists = await Promise.all(scopes.map((s) => this.store.listMemories(s.key, { includeInactive: true, ...filter })));
    return lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.store.deleteSession(sessionId);
  }

  async deleteUser(userId: string): Promise<void> {
    await this.store.deleteUser(userId);
  }

  /**
   * Forgets one memory (MCP `forget`, SDK): a soft delete — status `deleted`, never recalled
   * again, still listed with history. The memory must belong to the user (any of their agent
   * scopes) or, with no user, to the session-only scope; otherwise MEMORY_NOT_FOUND, so ids of
   * other tenants are not revealed. Forgetting an already deleted memory is a no-op.
   */
  async forgetMemory(owner: { userId: string | null; sessionId?: string | null }, memoryId: string): Promise<MemoryRecord> {
    const memory = await this.store.getMemory(null, memoryId);
    const owned =
      memory !== null &&
      (owner.userId !== null ? memory.userId === owner.userId : memory.userId === null && owner.sessionId != null && isSessionScope(memory.scope, owner.sessionId));
    if (!memory || !owned) throw new NotFoundError('memory', memoryId);
    if (memory.status !== 'deleted') await this.store.softDeleteMemory(memory.scope, memoryId, this.now());
    return (await this.store.getMemory(memory.scope, memoryId)) ?? memory;
  }
}

/** True when the scope key is the session-only scope of `sessionId` (with or without an agent). */
function isSessionScope(scopeKey: string, sessionId: string): boolean {
  const base = scopeOf(null, sessionId).key;
  return scopeKey === base || scopeKey.startsWith(`${base}|a:`);
}

function parseAgent(scopeKey: string): string | null {
  const i = scopeKey.indexOf('|a:');
  return i >= 0 ? scopeKey.slice(i + 3) : null;
}

/** Error summary safe to log: message and code/status, never headers or keys. */
export function errorSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const e = err as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
    return { name: e.name, message: e.message, code: e.code, status: e.status ?? e.statusCode };
  }
  return { message: String(err) };
}
