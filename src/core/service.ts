/**
 * @module core/service
 * The application service every surface calls (REST routes, MCP tools, CLI, compatibility
 * APIs): ingest a turn (extract → reconcile → index in one transaction), recall, search, list
 * and forget. It wires the ports; it does no I/O of its own.
 */
import type {
  AnalysedExtraction,
  AnalysingExtractor,
  EmbedderPort,
  Extractor,
  Lexicon,
  MemoryFilter,
  MemoryStore,
  QueryPlannerPort,
  ReconcileDecision,
  ReconcilerPort,
  RerankerPort,
  StoreTx,
  TurnAnalyzer,
} from './ports.ts';
import type { MemoryCandidate, MemoryOp, MemoryRecord, Message, RecallResult, Scope, SearchResult, TurnRecord } from './types.ts';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_TENANT, decodeScope, scopeOf } from './scope.ts';
import { InvalidInputError, NotFoundError } from './errors.ts';
import { turnFeatures } from './text/enrich.ts';
import { dateTokens } from './text/date-tokens.ts';
import { containsSecret, maskDeep, maskSecrets } from './text/secrets.ts';
import { analyseTurn, assertTurnSize, type TurnLimits } from './turn-analysis.ts';
import { byCodePoint } from './text/code-point-order.ts';
import { reconcile } from './reconcile/reconcile.ts';
import { FLOATING_CORRECTION, policyOf, relatedKeys } from './reconcile/policy.ts';
import { countOpOutcomes, type MemoryOpOutcome } from './reconcile/op-outcomes.ts';
import { OfflineExtractor } from './extraction/offline-extractor.ts';
import { WARM_UP_SAMPLE, WARM_UP_SAMPLE_QUESTIONS } from './warm-up-sample.ts';
import { EMPTY_LEXICON } from './lexicon/empty.ts';
import { clearTokenMemo } from './text/tokens.ts';
import { placesContaining } from './lexicon/places.ts';
import { recall as runRecall, search as runSearch } from './recall/recall.ts';

/** What the start-up warm-up asks (MemoryService.warmUp): a fact now, a dated event, a change over time. */
export const WARM_UP_QUESTIONS = ['Where do I work now, and since when?', 'What did I do in the second week of July 2023?', 'Which pets did I have before?'];
/** Passes of warmUpOnSample over its questions (WARM_UP_QUESTIONS, then WARM_UP_SAMPLE_QUESTIONS), at 512 and 2048 tokens in turn. */
export const WARM_UP_SAMPLE_PASSES = 8;

/** Minimal structured logger (pino-compatible subset). */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}

/** Stage timings, provider outcomes, memory operations and recall outcomes, reported to metrics by the edge. */
export interface Observer {
  stage(name: string, ms: number): void;
  provider?(provider: string, op: string, ok: boolean, ms: number): void;
  /** What one committed turn did to memory (see core/reconcile/op-outcomes). */
  memoryOps?(counts: Record<MemoryOpOutcome, number>): void;
  /** One answered recall: whether its context was empty. */
  recalled?(empty: boolean): void;
  /**
   * One recall's packing, for analysis benches (bench/locomo-why512.ts): the candidates in the order their lines were
   * offered, each line offered (its tokens and cited turn) and the keys the budget took. Lines are only recorded when set.
   */
  packed?(p: { candidates: { key: string; coverage: number; score: number }[]; offered: { key: string; text: string; tokens: number; turnId: string }[]; chosen: string[] }): void;
}

export interface ServiceDeps {
  store: MemoryStore;
  /** The offline extractor: always available, used as the fallback (src/pool may run it in a worker). */
  offlineExtractor: Extractor;
  /** Masks, renders and analyses a turn; inline when absent (src/pool runs it off the event loop). */
  analyzer?: TurnAnalyzer | null;
  /** Caps on one turn; over them ingest throws TurnTooLargeError (413). None when absent. */
  limits?: TurnLimits;
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
  /** The tenant every scope of this service belongs to (default: DEFAULT_TENANT). See forTenant(). */
  tenant?: string;
}

/** Narrows DELETE /sessions/{id}: only the session's rows of this user and/or agent. */
export interface SessionDeletion {
  userId?: string | null;
  agentId?: string | null;
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
  /** Read back the changed memories after the commit (default true); POST /turns answers with the turn id only. */
  withMemories?: boolean;
}

export interface IngestResult {
  turn: TurnRecord;
  /** Memories inserted or changed by this turn (after the transaction); empty when `withMemories: false`. */
  memories: MemoryRecord[];
  /** How many memories this turn inserted or changed. */
  changed: number;
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

/** What ingest decided about a turn before its transaction (prepareTurn → writeTurn). */
interface PreparedTurn extends Pick<TurnRecord, 'sessionId' | 'timestamp' | 'messages' | 'text' | 'terms' | 'termCount' | 'metadata'> {
  now: string;
  candidates: MemoryCandidate[];
  extractor: string;
  decisions?: Array<ReconcileDecision | null>;
}

const noopLogger: Logger = { info() {}, warn() {}, error() {} };

/** Index-time date tokens (1 = on). Off: on LoCoMo dev they moved temporal recall at 512 from 0.881 to 0.878 (docs/recall-meaning.md). */
export const INDEX_DATES = { on: 0 };

/**
 * A turn's index terms: its analysed words (core/turn-analysis, inline or pooled) plus the kind
 * features of its user messages (core/text/enrich) and, when on, the dates it refers to
 * (core/text/date-tokens).
 */
export function withTurnFeatures(base: { terms: string; termCount: number; features?: string[] }, messages: readonly Message[], lexicon: Lexicon, text: string, timestamp?: string): { terms: string; termCount: number } {
  const features = [...(base.features ?? turnFeatures(lexicon, messages)), ...(timestamp && INDEX_DATES.on ? dateTokens(text, timestamp) : [])];
  if (features.length === 0) return base;
  return { terms: base.terms ? `${base.terms} ${features.join(' ')}` : features.join(' '), termCount: base.termCount + features.length };
}

export class MemoryService {
  readonly store: MemoryStore;
  private readonly deps: ServiceDeps;
  private readonly clock: () => Date;
  readonly newId: () => string;
  readonly logger: Logger;
  /** Every scope this service builds, reads or deletes lies in this tenant. */
  readonly tenant: string;
  private readonly tenants: Map<string, MemoryService>;

  constructor(deps: ServiceDeps, tenants?: Map<string, MemoryService>) {
    this.deps = deps;
    this.tenant = deps.tenant ?? DEFAULT_TENANT;
    this.tenants = tenants ?? new Map();
    this.tenants.set(this.tenant, this);
    this.store = deps.store;
    this.clock = deps.clock ?? (() => new Date());
    // Time-ordered ids (UUIDv7, monotonic within a millisecond): rankings that break score ties by
    // id then order by creation, the same on every run, instead of by random v4 ids.
    this.newId = deps.newId ?? (() => uuidv7());
    this.logger = deps.logger ?? noopLogger;
    // Offline rule failures are skipped per clause; make them visible (rule name only, no content).
    const offline = deps.offlineExtractor;
    if ((offline instanceof OfflineExtractor || reportsRuleErrors(offline)) && !offline.onRuleError) {
      offline.onRuleError = (e) => this.logger.warn({ rule: e.rule, errorName: e.errorName, extractor: 'offline' }, 'offline extraction rule failed; rule skipped for this clause');
    }
  }

  /** The same service (same store, providers and caches) bound to another tenant. */
  forTenant(tenant: string): MemoryService {
    return this.tenants.get(tenant) ?? new MemoryService({ ...this.deps, tenant }, this.tenants);
  }

  /** The scope of a request in this service's tenant. */
  scopeOf(userId: string | null | undefined, sessionId: string | null | undefined, agentId?: string | null): Scope {
    return scopeOf(userId, sessionId, agentId ?? null, this.tenant);
  }

  /** The decoded scope of a stored key when it lies in this tenant, else null. */
  ownScope(key: string): Scope | null {
    const s = decodeScope(key);
    return s !== null && s.tenant === this.tenant ? s : null;
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
  /** Place containment by the lexicon's part holonyms ("England" contains "Leeds"), for reconciliation. */
  private readonly placeContains = (outer: string, inner: string): boolean => {
    const o = outer.trim().toLowerCase();
    return o.length > 0 && o !== inner.trim().toLowerCase() && placesContaining(this.lexicon, inner.trim().toLowerCase(), { capitalised: true }).includes(o);
  };

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
    const scope = this.scopeOf(input.userId, input.sessionId, input.agentId);
    const prepared = await this.prepareTurn(input, scope, () => this.store.recentTurns(scope.key, input.sessionId, 4));
    const result = await this.timed('transaction', () => this.store.transaction(scope.key, (tx) => this.writeTurn(tx, scope, prepared)));

    this.deps.observer?.memoryOps?.(countOpOutcomes(result.ops));
    await this.embedAfterIngest(scope, result.turn, result.ops);

    const changedIds = [...new Set(result.ops.map((o) => (o.kind === 'insert' ? o.memory.id : o.id)))];
    // The changed rows as committed, in one read (none when the caller only needs the turn).
    let memories: MemoryRecord[] = [];
    if (input.withMemories !== false && changedIds.length > 0) {
      const byId = new Map((await this.store.getMemories(scope.key, changedIds)).map((m) => [m.id, m]));
      memories = changedIds.flatMap((id) => byId.get(id) ?? []);
    }
    return { turn: result.turn, memories, ops: result.ops, extractor: prepared.extractor, changed: changedIds.length };
  }

  /**
   * Bulk import (bench:scale's large sizes, migrations of history): the turns go through the
   * pipeline of ingestTurn — analysis, extraction with the session's recent turns, the secret
   * filter, reconciliation against the memories inside the transaction, the same store writes —
   * but consecutive turns of one scope share one transaction, so the store holds what ingesting
   * them one by one would store. With an LLM extractor or reconciler configured (network calls,
   * which never run inside a transaction) each turn is ingested on its own.
   */
  async importTurns(inputs: readonly TurnInput[]): Promise<{ turns: number; ops: number }> {
    let ops = 0;
    if (this.deps.llmExtractor || this.deps.reconciler) {
      for (const input of inputs) ops += (await this.ingestTurn({ ...input, withMemories: false })).ops.length;
      return { turns: inputs.length, ops };
    }
    for (let i = 0; i < inputs.length; ) {
      const scope = this.scopeOf(inputs[i].userId, inputs[i].sessionId, inputs[i].agentId);
      let j = i + 1;
      while (j < inputs.length && this.scopeOf(inputs[j].userId, inputs[j].sessionId, inputs[j].agentId).key === scope.key) j++;
      const run = inputs.slice(i, j);
      // The sessions' recent turns as ingest would read them: committed ones (read before the transaction: inside it a
      // read on the store's pool would wait for the connection the transaction holds — forever with a pool of one),
      // then this run's own.
      const recent = new Map<string, TurnRecord[]>();
      for (const sessionId of new Set(run.map((x) => x.sessionId))) recent.set(sessionId, await this.store.recentTurns(scope.key, sessionId, 4));
      const written = await this.store.transaction(scope.key, async (tx) => {
        const out: Array<{ turn: TurnRecord; ops: MemoryOp[] }> = [];
        for (const input of run) {
          const session = async () => recent.get(input.sessionId)!.slice(-4);
          const done = await this.writeTurn(tx, scope, await this.prepareTurn(input, scope, session));
          const r = recent.get(input.sessionId)!;
          r.push(done.turn);
          if (r.length > 4) r.shift();
          out.push(done);
        }
        return out;
      });
      for (const w of written) {
        this.deps.observer?.memoryOps?.(countOpOutcomes(w.ops));
        await this.embedAfterIngest(scope, w.turn, w.ops);
        ops += w.ops.length;
      }
      i = j;
    }
    return { turns: inputs.length, ops };
  }

  /** Everything ingest decides before its transaction: analysis, masking, extraction, candidates, LLM reconciliation decisions. */
  private async prepareTurn(input: TurnInput, scope: Scope, recent: () => Promise<TurnRecord[]>): Promise<PreparedTurn> {
    assertTurnSize(input.messages, this.deps.limits);
    const now = this.now();
    const timestamp = input.timestamp ? new Date(input.timestamp).toISOString() : now;
    // Hygiene: secrets are masked before anything is stored, indexed or sent to a provider:
    // every message's content and speaker name (in the analysis) and each metadata string.
    // An offline extraction that runs off the event loop takes the turn's analysis with it (one
    // worker task; extraction reads the masked messages either way). Else: analyse, then extract.
    let recentTurns: TurnRecord[] | undefined;
    let joint: AnalysedExtraction | null = null;
    const offline = this.deps.offlineExtractor;
    if (input.infer !== false && !this.deps.llmExtractor && analysesTurns(offline)) {
      recentTurns = await recent();
      const t0 = performance.now();
      joint = await offline.analyseAndExtract(input.messages, { timestamp, sessionId: input.sessionId, recentTurns });
      if (joint) this.deps.observer?.stage('extraction', performance.now() - t0);
    }
    const analysed = joint?.turn ?? (this.deps.analyzer ? await this.timed('analysis', () => this.deps.analyzer!.analyse(input.messages)) : analyseTurn(input.messages));
    const { messages, text } = analysed;
    const metadata = maskDeep(input.metadata ?? {});
    const { terms, termCount } = withTurnFeatures(analysed, messages, this.lexicon, text, timestamp);

    recentTurns ??= await recent();
    const { candidates: raw, extractor } =
      input.infer === false
        ? { candidates: [] as MemoryCandidate[], extractor: 'none' }
        : joint
          ? { candidates: joint.candidates, extractor: offline.name }
          : await this.timed('extraction', () => this.extract(messages, { timestamp, sessionId: input.sessionId, recentTurns }));
    const screened = raw.filter((c) => c.value.trim() !== '' && !containsSecret(c.value) && !c.value.includes('[REDACTED]')).map((c) => ({ ...c, evidence: maskSecrets(c.evidence), ...(c.metadata ? { metadata: maskDeep(c.metadata) } : {}) }));
    const prepared = input.prepareCandidates ? await input.prepareCandidates(screened, scope) : screened;
    const candidates = prepared.map((c) => (c.metadata ? { ...c, metadata: maskDeep(c.metadata) } : c));

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
    return { sessionId: input.sessionId, now, timestamp, messages, text, terms, termCount, metadata, candidates, extractor, decisions };
  }

  /** The transaction's part of ingest: the turn row, the slot read, reconciliation and the memory writes. */
  private async writeTurn(tx: StoreTx, scope: Scope, p: PreparedTurn): Promise<{ turn: TurnRecord; ops: MemoryOp[] }> {
    const { candidates, now } = p;
    // Both statements are issued at once (pipelined on PostgreSQL): the slot read does not depend on the turn row.
    const [turn, existing] = await Promise.all([
      tx.insertTurn({ id: this.newId(), scope: scope.key, sessionId: p.sessionId, userId: scope.userId, agentId: scope.agentId, timestamp: p.timestamp, messages: p.messages, text: p.text, terms: p.terms, termCount: p.termCount, metadata: p.metadata, createdAt: now }),
      tx.activeMemories(scope.key, {
        subjects: [...new Set(candidates.map((c) => c.subject))],
        keys: [...new Set(candidates.flatMap((c) => relatedKeys(c.key, c.metadata?.anyKey === true)))],
        ...(p.decisions ? {} : { dated: datedSlots(candidates) }),
      }),
    ]);
    const t0 = performance.now();
    const ops = reconcile({ scope, turn, candidates, existing, now, newId: this.newId, decisions: p.decisions, placeContains: this.placeContains });
    this.deps.observer?.stage('reconciliation', performance.now() - t0);
    await applyOps(tx, scope.key, ops);
    return { turn, ops };
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
    const scope = this.scopeOf(input.userId, input.sessionId, input.agentId);
    const result = await runRecall(this.recallDeps(), { ...input, scope });
    this.deps.observer?.recalled?.(result.context === '');
    return result;
  }

  /**
   * Pays the process's one-time recall costs before the first request does: recall asked of an
   * empty scope (a fresh session id: reads only, nothing is written, no provider is called, no
   * metric counted), each question twice. V8 runs a regular expression in its interpreter the
   * first time and compiles it to native code the second time: chrono's date patterns took
   * 150-250 ms of the second recall of a process (docs/recall-architecture.md, session 6). The
   * code is compiled and the connection's statements are prepared on the way. For a long-lived
   * server; a one-shot command asks once and would only pay more.
   */
  async warmUp(): Promise<{ recalls: number; ms: number }> {
    const t0 = performance.now();
    const deps = { ...this.recallDeps(), embedder: null, reranker: null, planner: null, observer: undefined };
    let recalls = 0;
    for (let pass = 0; pass < 2; pass++) {
      const scope = this.scopeOf(null, `warm-up-${this.newId()}`);
      for (const query of WARM_UP_QUESTIONS) {
        await runRecall(deps, { query, scope, sessionId: scope.sessionId, maxTokens: 512 });
        recalls++;
      }
    }
    return { recalls, ms: performance.now() - t0 };
  }

  /**
   * The warm-up over rows: WARM_UP_SAMPLE is ingested into `scratch` (an empty store the caller
   * made for this and closes after: never the service's own) by the offline pipeline, then
   * WARM_UP_QUESTIONS and WARM_UP_SAMPLE_QUESTIONS are asked of it WARM_UP_SAMPLE_PASSES times.
   * Ranking, features, turn rendering and memory lines only run when a scope has rows, so warmUp's
   * empty scope leaves them to the first request (~20 ms of a 10k-turn user's first recall); and
   * V8 optimizes a function only after many calls, so a few recalls leave the recall path to be
   * compiled (and deoptimized, as new types come) through a user's first hundreds of recalls
   * (session 22: with 6 warm-up recalls a 10k-turn user's first five passes of 30 questions
   * averaged 14-21 ms of CPU a recall against 9-10 later). Ingest's one-time costs are paid on
   * the way. Nothing is written to the service's store, no provider is called, no metric counted.
   * `pause` runs between recalls (the server turns its event loop there, so a request arriving
   * meanwhile waits for one warm-up recall, not for all). Returns the non-empty contexts among
   * the recalls (a test checks the rows were reached).
   */
  async warmUpOnSample(scratch: MemoryStore, pause: () => Promise<void> = async () => undefined): Promise<{ recalls: number; answered: number; ms: number }> {
    const t0 = performance.now();
    const sample = new MemoryService({ store: scratch, lexicon: this.deps.lexicon, offlineExtractor: new OfflineExtractor({ lexicon: this.lexicon }) });
    await scratch.migrate();
    await sample.importTurns(
      WARM_UP_SAMPLE.map((t, i) => ({
        userId: 'warm-up',
        sessionId: `warm-up-${t.day}`,
        timestamp: `${t.day}T09:${String(10 + i).padStart(2, '0')}:00.000Z`,
        messages: [
          { role: 'user' as const, content: t.user },
          { role: 'assistant' as const, content: t.assistant },
        ],
        withMemories: false,
      })),
    );
    let recalls = 0;
    let answered = 0;
    for (let pass = 0; pass < WARM_UP_SAMPLE_PASSES; pass++) {
      for (const query of [...WARM_UP_QUESTIONS, ...WARM_UP_SAMPLE_QUESTIONS]) {
        await pause();
        const r = await sample.recall({ query, sessionId: null, userId: 'warm-up', maxTokens: pass % 2 === 0 ? 512 : 2048 });
        recalls++;
        if (r.context.trim() !== '') answered++;
      }
    }
    return { recalls, answered, ms: performance.now() - t0 };
  }

  async search(input: SearchInput): Promise<SearchResult[]> {
    const scopes = await this.searchScopes(input.userId, input.sessionId, input.agentId ?? null);
    return runSearch(this.recallDeps(), { ...input, scopes });
  }

  private recallDeps() {
    return {
      store: this.store,
      lexicon: this.lexicon,
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
      if (agentId !== null) return [this.scopeOf(userId, null, agentId)];
      const base = this.scopeOf(userId, null);
      const keys = new Set([base.key, ...(await this.store.scopesOfUser(base.key))]);
      return [...keys].flatMap((key) => this.ownScope(key) ?? []);
    }
    if (sessionId !== null) return [this.scopeOf(null, sessionId, agentId)];
    return [];
  }

  /** Every memory of a user across their scopes (history included unless filtered). */
  async listUserMemories(userId: string, filter: MemoryFilter & { agentId?: string | null } = {}): Promise<MemoryRecord[]> {
    const scopes = await this.searchScopes(userId, null, filter.agentId ?? null);
    const lists = await Promise.all(scopes.map((s) => this.store.listMemories(s.key, { includeInactive: true, ...filter })));
    return lists.flat().sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /**
   * One page of a user's memories (history included) across their scopes, ordered by
   * (created_at, id): at most `limit` rows after `cursor`, and the cursor of the next page
   * (null on the last). Each scope is read by keyset from its index, so a page costs the same
   * at any size. A cursor that does not decode is INVALID_INPUT.
   */
  async listUserMemoriesPage(userId: string, opts: { limit: number; cursor?: string | null; agentId?: string | null }): Promise<{ memories: MemoryRecord[]; nextCursor: string | null }> {
    const after = opts.cursor ? decodeCursor(opts.cursor) : null;
    const scopes = await this.searchScopes(userId, null, opts.agentId ?? null);
    const lists = await Promise.all(scopes.map((s) => this.store.listMemories(s.key, { includeInactive: true, page: { after }, limit: opts.limit + 1 })));
    const merged = lists.flat().sort((a, b) => byCodePoint(a.createdAt, b.createdAt) || byCodePoint(a.id, b.id));
    const memories = merged.slice(0, opts.limit);
    const last = memories.at(-1);
    return { memories, nextCursor: merged.length > opts.limit && last ? encodeCursor(last) : null };
  }

  /** Every user id of this tenant that holds turns or memories, sorted (the inspector's user finder). */
  async listUsers(): Promise<string[]> {
    const users = new Set<string>();
    for (const key of await this.store.listScopes()) {
      const userId = this.ownScope(key)?.userId;
      if (userId != null) users.add(userId);
    }
    return [...users].sort();
  }

  /** A user's turns across their scopes, oldest first; one session when `sessionId` is given. */
  async listUserTurns(userId: string, opts: { sessionId?: string; limit: number; offset: number }): Promise<TurnRecord[]> {
    const scopes = await this.searchScopes(userId, null, null);
    const lists = await Promise.all(scopes.map((s) => this.store.listTurns(s.key, opts.sessionId !== undefined ? { sessionId: opts.sessionId } : {})));
    const all = lists.flat().sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.sessionId.localeCompare(b.sessionId) || a.seq - b.seq);
    return all.slice(opts.offset, opts.offset + opts.limit);
  }

  /**
   * Forgets a session of this tenant: its turns and the memories that came from it, in every
   * scope of the tenant that holds the session (any user's, and the session-only scope), or
   * only the named user's and/or agent's. Never another tenant's rows.
   */
  async deleteSession(sessionId: string, narrow: SessionDeletion = {}): Promise<void> {
    await this.store.deleteSession(sessionId, (key) => {
      const s = this.ownScope(key);
      if (s === null) return false;
      if (narrow.userId != null && s.userId !== narrow.userId) return false;
      return narrow.agentId == null || s.agentId === narrow.agentId;
    });
    // The token-count memo's keys are recalled context lines: none of the deleted text stays in it.
    clearTokenMemo();
  }

  /** Forgets a user of this tenant: every scope of theirs (agent sub-scopes included). */
  async deleteUser(userId: string): Promise<void> {
    await this.store.deleteUser(this.scopeOf(userId, null).key);
    clearTokenMemo();
  }

  /**
   * Forgets one memory (MCP `forget`, SDK): a soft delete — status `deleted`, never recalled
   * again, still listed with history. The memory must belong to the user (any of their agent
   * scopes) or, with no user, to the session-only scope; otherwise MEMORY_NOT_FOUND, so ids of
   * other tenants are not revealed. Forgetting an already deleted memory is a no-op.
   */
  async forgetMemory(owner: { userId: string | null; sessionId?: string | null }, memoryId: string): Promise<MemoryRecord> {
    const memory = await this.store.getMemory(null, memoryId);
    const scope = memory ? this.ownScope(memory.scope) : null;
    const owned = scope !== null && (owner.userId !== null ? scope.userId === owner.userId : scope.userId === null && owner.sessionId != null && scope.sessionId === owner.sessionId);
    if (!memory || !owned) throw new NotFoundError('memory', memoryId);
    if (memory.status !== 'deleted') await this.store.softDeleteMemory(memory.scope, memoryId, this.now());
    return (await this.store.getMemory(memory.scope, memoryId)) ?? memory;
  }
}

/** An extractor that may analyse the turn it extracts (the pooled offline one). */
function analysesTurns(e: Extractor): e is AnalysingExtractor {
  return typeof (e as Partial<AnalysingExtractor>).analyseAndExtract === 'function';
}

/** An extractor (e.g. the pooled offline one) that reports rule failures like OfflineExtractor. */
function reportsRuleErrors(e: Extractor): e is Extractor & { onRuleError?: OfflineExtractor['onRuleError'] } {
  return 'onRuleError' in e;
}

/**
 * The keys ingest may read at the candidates' event dates only: a key every candidate touching
 * it asserts as a dated event (the accumulate policy looks an asserted event up again only by
 * the same value at the same date; corrections, retractions and history read the whole slot).
 */
export function datedSlots(candidates: readonly MemoryCandidate[]): { keys: string[]; dates: string[] } {
  const dated = (c: MemoryCandidate) => c.op === 'assert' && !!c.eventDate && c.key !== FLOATING_CORRECTION && c.metadata?.anyKey !== true && policyOf(c.key, c.type) === 'accumulate';
  const whole = new Set(candidates.filter((c) => !dated(c)).flatMap((c) => relatedKeys(c.key, c.metadata?.anyKey === true)));
  const keys = [...new Set(candidates.filter(dated).flatMap((c) => relatedKeys(c.key)))].filter((k) => !whole.has(k));
  return { keys, dates: keys.length > 0 ? [...new Set(candidates.filter(dated).map((c) => c.eventDate!))] : [] };
}

/**
 * Writes a turn's memory ops in order, batched: each run of consecutive inserts is one
 * `insertMemories` call (one statement on PostgreSQL) and each run of consecutive updates is
 * issued together (pipelined on one connection, in order). Order between runs is kept: an
 * update that retires a row must land before the insert that takes its single-valued slot.
 */
export async function applyOps(tx: StoreTx, scope: string, ops: readonly MemoryOp[]): Promise<void> {
  for (let i = 0; i < ops.length; ) {
    let j = i;
    while (j < ops.length && ops[j].kind === ops[i].kind) j++;
    const run = ops.slice(i, j);
    if (run[0].kind === 'insert') await tx.insertMemories(run.map((o) => (o as Extract<MemoryOp, { kind: 'insert' }>).memory));
    else await Promise.all(run.map((o) => (o.kind === 'update' ? tx.updateMemory(scope, o.id, o.patch) : undefined)));
    i = j;
  }
}

/** The opaque page cursor: the last row's (created_at, id), base64url JSON. */
export function encodeCursor(m: Pick<MemoryRecord, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([m.createdAt, m.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') return { createdAt: v[0], id: v[1] };
  } catch {
    // falls through to the error below
  }
  throw new InvalidInputError('cursor is not a cursor returned by this endpoint', { field: 'cursor' });
}

/** Error summary safe to log: message and code/status, never headers or keys. */
export function errorSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const e = err as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
    return { name: e.name, message: e.message, code: e.code, status: e.status ?? e.statusCode };
  }
  return { message: String(err) };
}
