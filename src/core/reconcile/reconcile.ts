/**
 * @module core/reconcile/reconcile
 * Fact evolution (pure): turns extraction candidates plus the scope's active memories into
 * store operations, following the per-key policy (core/reconcile/policy):
 * - single-valued keys supersede (old row: active=false, status superseded, valid_to,
 *   superseded_by; new row: supersedes);
 * - multi-valued keys coexist; a retraction or a correction ends the value it names;
 * - a near-identical value reinforces (confidence up, updated_at refreshed, no new row);
 * - ending the last partner ends a status that presupposes one ("engaged"; policy PRESUPPOSED);
 * - an ending of something never stored is kept as an inactive, retracted row (recordEnded);
 * - `history` ("I used to work at X") ends a matching active row or is stored inactive with
 *   its validity; events accumulate and never supersede;
 * - corrections replace the value they correct, even for multi-valued keys and events;
 * - opinions keep the chain: each stance supersedes the previous one, stance in metadata;
 * - a dislike ends the like of the same thing and vice versa;
 * - an implicit (low-confidence) candidate never overrides a more confident value.
 * Optional LLM decisions (ADD/UPDATE/COEXIST/DUPLICATE/RETRACT/HISTORICAL) take precedence per
 * candidate; a missing or unusable decision falls back to the offline policy.
 */
import type { MemoryCandidate, MemoryOp, MemoryRecord, TurnRecord } from '../types.ts';
import type { ReconcileDecision } from '../ports.ts';
import { isSingleValued } from '../extraction/key-vocabulary.ts';
import { renderMemoryText } from '../render.ts';
import { indexTerms } from '../text/analyze.ts';
import { FLOATING_CORRECTION, IMPLICIT_CEILING, MAX_CONFIDENCE, OPPOSITE_KEYS, PRESUPPOSED, REINFORCE_STEP, policyOf } from './policy.ts';
import { refersTo, sameValue } from './value-match.ts';

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
  /**
   * Whether place `outer` contains place `inner` ("England" contains "Leeds"), from the lexicon at the edge; absent:
   * no containment is known. A place key's new value that only contains the current one says nothing new.
   */
  placeContains?: (outer: string, inner: string) => boolean;
}

/** Keys whose values are places: a broader place that contains the current value confirms it (PLACE_KEYS). */
export const PLACE_KEYS: ReadonlySet<string> = new Set(['location', 'hometown']);

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
    metadata: { ...(c.metadata ?? {}), ...(c.replaces ? { replaces: c.replaces } : {}) },
    text,
    terms,
    termCount,
    ...overrides,
  };
}

/** Working state: rows as they will be after the ops emitted so far. */
class Ledger {
  readonly ops: MemoryOp[] = [];
  readonly rows: MemoryRecord[];
  constructor(existing: MemoryRecord[]) {
    this.rows = existing.map((m) => ({ ...m }));
  }
  active(subject: string, key: string): MemoryRecord[] {
    return this.rows.filter((m) => m.active && m.subject === subject && m.key === key).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt));
  }
  byId(id: string): MemoryRecord | undefined {
    return this.rows.find((m) => m.id === id && m.active);
  }
  update(m: MemoryRecord, patch: Partial<MemoryRecord>): void {
    Object.assign(m, patch);
    const pending = this.ops.find((o) => o.kind === 'insert' && o.memory.id === m.id);
    if (pending && pending.kind === 'insert') Object.assign(pending.memory, patch);
    else this.ops.push({ kind: 'update', id: m.id, patch });
  }
  insert(m: MemoryRecord): void {
    this.rows.push(m);
    this.ops.push({ kind: 'insert', memory: m });
  }
}

/**
 * When a value stopped holding: the bound the statement dates ("moved here from Berlin two years ago" → 2023-02)
 * when it lies before the turn, else the turn's time; never before the row's own start (a place told in May and
 * left "last month" ends in May: the interval stays well-formed).
 */
function endedAt(bound: string | null | undefined, input: ReconcileInput, row?: MemoryRecord): string {
  const at = bound && bound < input.turn.timestamp ? bound : input.turn.timestamp;
  return row?.validFrom && at < row.validFrom ? row.validFrom : at;
}

/**
 * Ends a value; `metadata.endedBy` keeps the turn that ended it (recall states the change with
 * it), and an entity-state ending also keeps what ended it (`metadata.ending`: the predicate and
 * the user's words).
 */
function end(l: Ledger, m: MemoryRecord, status: 'retracted' | 'historical', input: ReconcileInput, bound?: string | null, by?: MemoryCandidate): void {
  const ending = by?.metadata?.ending ? { ending: { ending: by.metadata.ending, evidence: by.evidence } } : {};
  l.update(m, { active: false, status, validTo: endedAt(bound, input, m), updatedAt: input.now, metadata: { ...m.metadata, endedBy: input.turn.id, ...ending } });
  // The state the value held up ends with the speaker's last one (policy PRESUPPOSED: "engaged" with the partner).
  const presupposed = status === 'retracted' ? PRESUPPOSED[m.key] : undefined;
  if (presupposed && l.active(m.subject, m.key).length === 0)
    for (const s of l.active(m.subject, presupposed.key)) if (presupposed.values.test(s.value)) l.update(s, { active: false, status: 'retracted', validTo: endedAt(bound, input, s), updatedAt: input.now, metadata: { ...s.metadata, endedBy: input.turn.id, endedWith: m.id } });
}

/**
 * Entity state (extraction/frames/entity-state): an ending that found nothing under its guessed key ends the speaker's
 * active memory that holds the named value, whatever its key ("Biscuit" stored as a pet, a hobby or a relation's pet);
 * a `current` ending ("I resigned", "we split") ends the current value of its key.
 */
function endEntity(l: Ledger, c: MemoryCandidate, input: ReconcileInput): void {
  if (c.metadata?.current) {
    const cur = l.active(c.subject, c.key)[0];
    if (cur) end(l, cur, 'retracted', input, undefined, c);
    return;
  }
  const hit = l.rows
    .filter((m) => m.active && m.subject === c.subject && m.type !== 'event' && m.key !== FLOATING_CORRECTION && refersTo(c.value, m.value))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  if (hit) end(l, hit, 'retracted', input, undefined, c);
  else recordEnded(l, c, input);
}

/**
 * An ending of something never stored ("got rid of the kayak" when the kayak was only mentioned in passing) is kept
 * as an ended row of its own: inactive, retracted at this turn, `endedBy` this turn. Recall states it when a question
 * names the thing (recall/change.ts namedChanges); it is never a current fact. Only a named referent: a `current`
 * ending ("I resigned") with nothing held names nothing.
 */
function recordEnded(l: Ledger, c: MemoryCandidate, input: ReconcileInput): void {
  if (!c.metadata?.ending || c.metadata.current || !c.value.trim()) return;
  if (l.rows.some((m) => m.subject === c.subject && m.key === c.key && m.status === 'retracted' && sameValue(m.value, c.value) && m.validTo === input.turn.timestamp)) return;
  const ending = { ending: { ending: c.metadata.ending, evidence: c.evidence } };
  l.insert(buildMemory(input, c, { active: false, status: 'retracted', validFrom: null, validTo: input.turn.timestamp, metadata: { ...c.metadata, endedBy: input.turn.id, unheld: true, ...ending } }));
}

function supersede(l: Ledger, old: MemoryRecord, fresh: MemoryRecord, input: ReconcileInput, bound?: string | null): void {
  fresh.supersedes = old.id;
  l.update(old, { active: false, status: 'superseded', validTo: endedAt(bound, input, old), supersededBy: fresh.id, updatedAt: input.now, metadata: { ...old.metadata, endedBy: input.turn.id } });
}

function reinforce(l: Ledger, m: MemoryRecord, c: MemoryCandidate, input: ReconcileInput): void {
  const confidence = Math.min(MAX_CONFIDENCE, Math.round((Math.max(m.confidence, c.confidence) + REINFORCE_STEP) * 100) / 100);
  l.update(m, { confidence, updatedAt: input.now });
}

const sameEvent = (m: MemoryRecord, c: MemoryCandidate) => sameValue(m.value, c.value) && (m.eventDate ?? '') === (c.eventDate ?? '');

function applyDecision(l: Ledger, c: MemoryCandidate, d: ReconcileDecision, input: ReconcileInput): boolean {
  switch (d.action) {
    case 'ADD':
    case 'COEXIST':
      l.insert(buildMemory(input, c));
      return true;
    case 'HISTORICAL':
      l.insert(buildMemory(input, c, { active: false, status: 'historical', validFrom: c.validFrom ?? null, validTo: c.validTo ?? input.turn.timestamp }));
      return true;
    case 'UPDATE': {
      const t = l.byId(d.targetId);
      if (!t) return false;
      const fresh = buildMemory(input, c);
      supersede(l, t, fresh, input);
      l.insert(fresh);
      return true;
    }
    case 'DUPLICATE': {
      const t = l.byId(d.targetId);
      if (!t) return false;
      reinforce(l, t, c, input);
      return true;
    }
    case 'RETRACT': {
      const t = l.byId(d.targetId);
      if (!t) return false;
      end(l, t, 'retracted', input);
      return true;
    }
  }
}

/** Corrects the speaker's active memory that `replaces` refers to (see FLOATING_CORRECTION); no target, no op. */
function floatingCorrection(l: Ledger, c: MemoryCandidate, input: ReconcileInput): void {
  const old = c.replaces;
  if (!old) return;
  const isDate = !!c.eventDate;
  const hits = l.rows
    // Only the speaker's own rows; the evidence sentence counts for events only ("my sister Ana lives in Tucson"
    // must not make the sibling row a target of "not Tucson").
    .filter((m) => m.active && m.subject === c.subject && m.key !== FLOATING_CORRECTION && (refersTo(old, m.value) || (m.type === 'event' && refersTo(old, m.value, [m.evidence, String(m.metadata?.dateText ?? '')]))))
    // A corrected date fixes an event; a corrected place or name fixes the fact before the event that mentions it.
    .sort((a, b) => Number((b.type === 'event') === isDate) - Number((a.type === 'event') === isDate) || b.updatedAt.localeCompare(a.updatedAt));
  const target = hits[0];
  if (!target) return;
  const esc = old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The old value written in the memory ("…, finished in 2:05") is replaced there, even when the new one reads as a time.
  const inValue = new RegExp(esc, 'i').test(target.value);
  const dateFix = isDate && target.type === 'event' && !inValue;
  if (isDate && !dateFix && !inValue) return;
  // An event that has the old value only in its evidence keeps its value: a bare "2:15" is no event.
  if (target.type === 'event' && !dateFix && !inValue) return;
  const value = dateFix ? target.value : inValue ? target.value.replace(new RegExp(esc, 'i'), c.value) : c.value;
  const fixed: MemoryCandidate = {
    ...c,
    key: target.key,
    type: target.type,
    value,
    op: 'correct',
    eventDate: dateFix ? c.eventDate : target.eventDate,
    metadata: { ...(target.metadata ?? {}), ...(c.metadata ?? {}), ...(dateFix ? { previousDate: target.eventDate ?? null } : {}), floating: undefined },
  };
  delete fixed.metadata!.floating;
  // A renamed pet or person ("her name is Momo, not Mochi") carries the new name in metadata too.
  if (typeof fixed.metadata?.name === 'string' && sameValue(fixed.metadata.name, old) && !dateFix) fixed.metadata.name = c.value;
  const fresh = buildMemory(input, fixed, { metadata: { ...fixed.metadata, replaces: old, correction: true } });
  supersede(l, target, fresh, input);
  l.insert(fresh);
}

function offline(l: Ledger, c: MemoryCandidate, input: ReconcileInput): void {
  if (c.key === FLOATING_CORRECTION) return floatingCorrection(l, c, input);
  const same = l.active(c.subject, c.key);
  const policy = policyOf(c.key, c.type);
  if (c.op === 'retract') {
    // A contradicted state names every value it rules out ("eating fish again" ends vegetarian or vegan): `endsAnyOf`.
    const also = Array.isArray(c.metadata?.endsAnyOf) ? c.metadata.endsAnyOf.filter((v): v is string => typeof v === 'string') : [];
    const hits = same.filter((x) => refersTo(c.value, x.value) || also.some((v) => refersTo(v, x.value)));
    if (hits.length === 0 && c.metadata?.anyKey) return endEntity(l, c, input);
    for (const m of hits) end(l, m, 'retracted', input, undefined, c);
    if (hits.length === 0) recordEnded(l, c, input);
    return;
  }
  if (c.op === 'history') {
    const match = same.find((x) => sameValue(x.value, c.value));
    if (match) return end(l, match, 'historical', input, c.validTo);
    // Already ended in this turn ("moved to Berlin from NYC": NYC was just superseded); a dated move dates its end.
    const until = endedAt(c.validTo, input);
    const ended = l.rows.find((x) => !x.active && x.subject === c.subject && x.key === c.key && sameValue(x.value, c.value) && (x.validTo === input.turn.timestamp || x.validTo === until));
    if (ended) {
      if (ended.validTo !== endedAt(c.validTo, input, ended)) l.update(ended, { validTo: endedAt(c.validTo, input, ended) });
      return;
    }
    l.insert(buildMemory(input, c, { active: false, status: 'historical', validFrom: c.validFrom ?? null, validTo: until }));
    return;
  }
  if (c.op === 'correct') {
    const target =
      (c.replaces ? same.find((x) => refersTo(c.replaces!, x.value, [x.evidence, String(x.metadata?.dateText ?? '')])) : undefined) ??
      (policy === 'supersede' || policy === 'opinion-chain' ? same[0] : undefined) ??
      (c.replaces ? undefined : same[0]);
    if (target && sameValue(target.value, c.value) && (target.eventDate ?? '') === (c.eventDate ?? '') && !c.replaces) return reinforce(l, target, c, input);
    const fresh = buildMemory(input, c, { metadata: { ...(c.metadata ?? {}), ...(c.replaces ? { replaces: c.replaces } : {}), correction: true } });
    if (target) supersede(l, target, fresh, input);
    l.insert(fresh);
    return;
  }
  // assert
  if (policy === 'accumulate') {
    const dup = same.find((x) => sameEvent(x, c));
    if (dup) return reinforce(l, dup, c, input);
    l.insert(buildMemory(input, c));
    return;
  }
  if (policy === 'opinion-chain') {
    const cur = same[0];
    if (cur && cur.metadata?.stance === c.metadata?.stance && sameValue(cur.value, c.value)) return reinforce(l, cur, c, input);
    const fresh = buildMemory(input, c, { metadata: { ...(c.metadata ?? {}), ...(cur ? { previousStance: cur.metadata?.stance ?? null, previousValue: cur.value } : {}) } });
    if (cur) supersede(l, cur, fresh, input);
    l.insert(fresh);
    return;
  }
  const dup = same.find((x) => sameValue(x.value, c.value));
  if (dup) return reinforce(l, dup, c, input);
  const fresh = buildMemory(input, c);
  const opposite = OPPOSITE_KEYS[c.key];
  if (opposite) for (const o of l.active(c.subject, opposite).filter((x) => sameValue(x.value, c.value))) supersede(l, o, fresh, input);
  if (policy === 'supersede' && same.length > 0) {
    if (c.confidence < IMPLICIT_CEILING && same.some((x) => x.confidence > c.confidence)) return;
    // "…before moving to England" while the current city is Leeds: the region holds the city, so it is no move.
    const within = PLACE_KEYS.has(c.key) && input.placeContains ? same.find((x) => input.placeContains!(c.value, x.value)) : undefined;
    if (within) return reinforce(l, within, c, input);
    // "moved to Denver from Chicago last month": the old place ends when the new one starts, if that is dated.
    for (const old of same) supersede(l, old, fresh, input, c.validFrom);
  }
  l.insert(fresh);
}

/** Reconciles candidates (in order) against the active memories; returns the store ops. */
export function reconcile(input: ReconcileInput): MemoryOp[] {
  const l = new Ledger(input.existing);
  input.candidates.forEach((c, i) => {
    const d = c.key === FLOATING_CORRECTION ? undefined : input.decisions?.[i];
    if (d && applyDecision(l, c, d, input)) return;
    offline(l, c, input);
  });
  return l.ops;
}
