/**
 * @module core/compat/platform-memory
 * The platform (injection/extraction) API's operations over the MemoryService and the store
 * port: injection context (with last_seen_at stamping), /extract (transcript → one ingest in
 * the avatar scope, through the same extraction and reconciliation as POST /turns, with the
 * platform candidate policy), fact listing and soft delete. avatar_id is the agent dimension
 * of our scope (core/scope: user + agent, in the service's tenant).
 */
import type { MemoryService } from '../service.ts';
import { errorSummary } from '../service.ts';
import type { MemoryCandidate, MemoryRecord, Scope } from '../types.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { maskSecrets } from '../text/secrets.ts';
import { renderMemoryText } from '../render.ts';
import { toPlatformFact, type PlatformFact } from './platform-facts.ts';
import { applyPlatformPolicy, mergeNearDuplicates } from './platform-policy.ts';
import { buildInjectionContext } from './injection-context.ts';
import { parseTranscript, truncateTranscript } from './transcript.ts';

export interface PlatformOptions {
  charBudget: number;
  maxTranscriptChars: number;
  minConfidence: number;
  /** Cosine similarity at or above which an existing fact counts as a near-duplicate. */
  nearDuplicateSimilarity?: number;
}

export interface ExtractInput {
  transcript: string;
  sessionId: string;
  userId: string;
  avatarId: string;
}

export interface InjectionResult {
  text: string;
  facts_count: number;
  applied: boolean;
}

export class PlatformMemory {
  private readonly service: MemoryService;
  private readonly opts: Required<PlatformOptions>;

  constructor(service: MemoryService, opts: PlatformOptions) {
    this.service = service;
    this.opts = { nearDuplicateSimilarity: 0.92, ...opts };
  }

  private scope(userId: string, avatarId: string): Scope {
    return this.service.scopeOf(userId, null, avatarId);
  }

  async injectionContext(userId: string, avatarId: string): Promise<InjectionResult> {
    const scope = this.scope(userId, avatarId);
    const active = await this.service.store.listMemories(scope.key);
    const ctx = buildInjectionContext(active.map(toPlatformFact), this.opts.charBudget);
    if (ctx.included.length === 0) return { text: '', facts_count: 0, applied: false };
    await this.service.store.touchMemories(scope.key, ctx.included.map((f) => f.fact_id), this.service.now());
    return { text: ctx.text, facts_count: ctx.included.length, applied: true };
  }

  /** Ingests the transcript as one turn of the avatar scope; returns the facts this call saved. */
  async extract(input: ExtractInput): Promise<PlatformFact[]> {
    if (input.transcript.trim() === '') throw new InvalidInputError('transcript must not be empty');
    const text = truncateTranscript(input.transcript, this.opts.maxTranscriptChars);
    const messages = parseTranscript(text).map((m) => ({ ...m, content: maskSecrets(m.content) }));
    if (messages.length === 0) throw new InvalidInputError('transcript has no message content');
    const result = await this.service.ingestTurn({
      sessionId: input.sessionId,
      userId: input.userId,
      agentId: input.avatarId,
      messages,
      metadata: { source: 'platform_extract', transcript_chars: input.transcript.length, truncated: text.length < input.transcript.length },
      prepareCandidates: (candidates, scope) => this.prepare(candidates, scope, input.avatarId),
    });
    const inserted = new Set(result.ops.flatMap((o) => (o.kind === 'insert' ? [o.memory.id] : [])));
    return result.memories.filter((m) => inserted.has(m.id) && m.active).map(toPlatformFact);
  }

  private async prepare(candidates: MemoryCandidate[], scope: Scope, avatarId: string): Promise<MemoryCandidate[]> {
    const active = await this.service.store.listMemories(scope.key);
    const existingHashes = new Set(active.map((m) => toPlatformFact(m).dedup_hash));
    const { kept } = applyPlatformPolicy(candidates, { avatarId, minConfidence: this.opts.minConfidence, existingHashes });
    const matches = await this.nearDuplicates(kept, scope);
    return mergeNearDuplicates(kept, matches, avatarId);
  }

  /** Nearest active fact per candidate by embedding similarity; all null without an embedder or on failure. */
  private async nearDuplicates(candidates: MemoryCandidate[], scope: Scope): Promise<Array<MemoryRecord | null>> {
    const none = candidates.map(() => null);
    const embedder = this.service.embedder;
    if (!embedder || candidates.length === 0) return none;
    try {
      const vectors = await embedder.embed(candidates.map((c) => renderMemoryText(c)));
      const out: Array<MemoryRecord | null> = [];
      for (const v of vectors) {
        const hits = v ? await this.service.store.vectorSearch(scope.key, 'memory', embedder.model, v, 3) : [];
        const best = hits.find((h) => h.score >= this.opts.nearDuplicateSimilarity);
        const m = best ? await this.service.store.getMemory(scope.key, best.id) : null;
        out.push(m && m.active ? m : null);
      }
      return out;
    } catch (err) {
      this.service.logger.warn({ err: errorSummary(err) }, 'near-duplicate check failed; using exact and same-key deduplication only');
      return none;
    }
  }

  /** Every fact of the avatar scope with its status (active, superseded, deleted), oldest first. */
  async list(userId: string, avatarId: string): Promise<PlatformFact[]> {
    const scope = this.scope(userId, avatarId);
    const all = await this.service.store.listMemories(scope.key, { includeInactive: true, includeDeleted: true });
    return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)).map(toPlatformFact);
  }

  /** Soft delete: status deleted, deleted_at set; never injected or recalled again, still listed. */
  async softDelete(factId: string): Promise<PlatformFact> {
    const m = await this.service.store.getMemory(null, factId);
    // Another tenant's fact id is as unknown as a made-up one.
    if (!m || this.service.ownScope(m.scope) === null) throw new NotFoundError('fact', factId);
    if (m.status !== 'deleted') await this.service.store.softDeleteMemory(m.scope, factId, this.service.now());
    const after = await this.service.store.getMemory(m.scope, factId);
    return toPlatformFact(after ?? m);
  }
}
