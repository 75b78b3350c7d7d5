/**
 * @module core/reconcile/reconcile
 * Fact evolution policy (pure): turns extraction candidates plus the scope's active memories
 * into store operations. Single-valued keys supersede, multi-valued keys coexist, the same value
 * reinforces, retractions end a fact, history is stored inactive, events accumulate.
 * FIRST VERSION — deepened by the extraction/evolution work (issue 3).
 */
import type { MemoryCandidate, MemoryOp, MemoryRecord, TurnRecord } from '../types.ts';
import type { ReconcileDecision } from '../ports.ts';
import { isSingleValued } from '../extraction/key-vocabulary.ts';
import { renderMemoryText } from '../render.ts';
import { indexTerms } from '../text/analyze.ts';

export interface ReconcileInput {
  scope: { key: string; userId: string | null; agentId: string | null };
  turn: Pick<TurnRecord, 'id' | 'sessionId' | 'timestamp'>;
  candidates: MemoryCandidate[];
  /** Active memories of the scope touching the candidates' subjects/keys. */
  existing: MemoryRecord[];
  now: string;
  newId: () => string;
  /** Optional LLM decisions, by candidate index (null = use the offline policy). */
  decisions?: Array<ReconcileDecision | null>;
}

const norm = (s: string) => s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function buildMemory(input: ReconcileInput, c: MemoryCandidate, overrides: Partial<MemoryRecord> = {}): MemoryRecord {
  const base = { subject: c.subject, key: c.key, value: c.value, type: c.type };
  const text = renderMemoryText(base);
  const { terms, termCount } = indexTerms(text);
  return {
    id: input.newId(),
    scope: input.scope.key,
    userId: input.scope.userId,
    agentId: input.scope.agentId,
    type: c.type,
    subject: c.subject,
    key: c.key,
    value: c.value,
    confidence: c.confidence,
    singleValued: isSingleValued(c.key) && c.type !== 'event',
    status: 'active',
    active: true,
    sourceSession: input.turn.sessionId,
    sourceTurn: input.turn.id,
    evidence: c.evidence,
    createdAt: input.now,
    updatedAt: input.now,
    validFrom: c.validFrom ?? input.turn.timestamp,
    validTo: c.validTo ?? null,
    eventDate: c.eventDate ?? null,
    supersedes: null,
    supersededBy: null,
    lastSeenAt: null,
    deletedAt: null,
    metadata: c.metadata ?? {},
    text,
    terms,
    termCount,
    ...overrides,
  };
}

export function reconcile(input: ReconcileInput): MemoryOp[] {
  const ops: MemoryOp[] = [];
  const live = [...input.existing];
  for (const c of input.candidates) {
    const same = live.filter((m) => m.active && m.subject === c.subject && m.key === c.key);
    const dup = same.find((m) => norm(m.value) === norm(c.value));
    if (c.op === 'retract') {
      for (const m of dup ? [dup] : same.length === 1 ? same : []) {
        ops.push({ kind: 'update', id: m.id, patch: { active: false, status: 'retracted', validTo: input.turn.timestamp, updatedAt: input.now } });
        m.active = false;
      }
      continue;
    }
    if (c.op === 'history') {
      ops.push({ kind: 'insert', memory: buildMemory(input, c, { active: false, status: 'historical', validTo: c.validTo ?? input.turn.timestamp, validFrom: c.validFrom ?? null }) });
      continue;
    }
    if (dup) {
      const confidence = Math.min(0.99, Math.max(dup.confidence, c.confidence) + 0.05);
      ops.push({ kind: 'update', id: dup.id, patch: { confidence, updatedAt: input.now } });
      dup.confidence = confidence;
      continue;
    }
    const single = isSingleValued(c.key) && c.type !== 'event';
    const fresh = buildMemory(input, c);
    if ((single || c.op === 'correct') && same.length > 0) {
      const old = same[0];
      fresh.supersedes = old.id;
      ops.push({ kind: 'update', id: old.id, patch: { active: false, status: 'superseded', validTo: input.turn.timestamp, supersededBy: fresh.id, updatedAt: input.now } });
      old.active = false;
    }
    ops.push({ kind: 'insert', memory: fresh });
    live.push(fresh);
  }
  return ops;
}
