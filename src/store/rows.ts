/**
 * @module store/rows
 * The row shape shared by every SQL backend: column names of `turns` and `memories`, the
 * camelCase ↔ snake_case patch mapping, and row → record decoding that tolerates each
 * driver's representation (SQLite 0/1 and JSON text, PostgreSQL booleans and parsed jsonb).
 * Pure: no driver imports.
 */
import type { CorpusStats } from '../core/ports.ts';
import type { MemoryRecord, TurnRecord } from '../core/types.ts';

/** Memory columns in insert order, with the record field each one stores. */
export const MEMORY_COLUMNS = [
  ['id', 'id'],
  ['scope', 'scope'],
  ['user_id', 'userId'],
  ['agent_id', 'agentId'],
  ['type', 'type'],
  ['subject', 'subject'],
  ['key', 'key'],
  ['value', 'value'],
  ['confidence', 'confidence'],
  ['single_valued', 'singleValued'],
  ['status', 'status'],
  ['active', 'active'],
  ['source_session', 'sourceSession'],
  ['source_turn', 'sourceTurn'],
  ['evidence', 'evidence'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['valid_from', 'validFrom'],
  ['valid_to', 'validTo'],
  ['event_date', 'eventDate'],
  ['supersedes', 'supersedes'],
  ['superseded_by', 'supersededBy'],
  ['last_seen_at', 'lastSeenAt'],
  ['deleted_at', 'deletedAt'],
  ['metadata', 'metadata'],
  ['text', 'text'],
  ['terms', 'terms'],
  ['term_count', 'termCount'],
] as const satisfies ReadonlyArray<readonly [string, keyof MemoryRecord]>;

const COLUMN_OF_FIELD: ReadonlyMap<string, string> = new Map(MEMORY_COLUMNS.map(([c, f]) => [f, c]));

export type SqlValue = string | number | boolean | null;

/** Encodes a record field for a SQL parameter. `bool` picks how booleans are written. */
export function encodeField(field: keyof MemoryRecord, value: unknown, bool: (b: boolean) => SqlValue): SqlValue {
  if (value === undefined || value === null) return field === 'metadata' ? '{}' : null;
  if (field === 'metadata') return JSON.stringify(value);
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Column values of a memory in MEMORY_COLUMNS order. */
export function memoryValues(m: MemoryRecord, bool: (b: boolean) => SqlValue): SqlValue[] {
  return MEMORY_COLUMNS.map(([, f]) => encodeField(f, m[f], bool));
}

/**
 * The (column, value) pairs of a patch. `id` and `scope` are never patched (identity); unknown
 * fields are ignored so a patch can never name a column that does not exist.
 */
export function patchColumns(patch: Partial<MemoryRecord>, bool: (b: boolean) => SqlValue): Array<[string, SqlValue]> {
  const out: Array<[string, SqlValue]> = [];
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'id' || field === 'scope' || value === undefined) continue;
    const col = COLUMN_OF_FIELD.get(field);
    if (!col) continue;
    out.push([col, encodeField(field as keyof MemoryRecord, value, bool)]);
  }
  return out;
}

function json<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export type Row = Record<string, unknown>;

export function rowToMemory(r: Row): MemoryRecord {
  return {
    id: String(r.id),
    scope: String(r.scope),
    userId: str(r.user_id),
    agentId: str(r.agent_id),
    type: r.type as MemoryRecord['type'],
    subject: String(r.subject),
    key: String(r.key),
    value: String(r.value),
    confidence: Number(r.confidence),
    singleValued: Boolean(r.single_valued),
    status: r.status as MemoryRecord['status'],
    active: Boolean(r.active),
    sourceSession: str(r.source_session),
    sourceTurn: str(r.source_turn),
    evidence: String(r.evidence ?? ''),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    validFrom: str(r.valid_from),
    validTo: str(r.valid_to),
    eventDate: str(r.event_date),
    supersedes: str(r.supersedes),
    supersededBy: str(r.superseded_by),
    lastSeenAt: str(r.last_seen_at),
    deletedAt: str(r.deleted_at),
    metadata: json<Record<string, unknown>>(r.metadata, {}),
    text: String(r.text ?? ''),
    terms: String(r.terms ?? ''),
    termCount: Number(r.term_count ?? 0),
  };
}

export const TURN_COLUMNS = ['id', 'scope', 'session_id', 'user_id', 'agent_id', 'seq', 'ts', 'messages', 'text', 'terms', 'term_count', 'metadata', 'created_at'] as const;

export function rowToTurn(r: Row): TurnRecord {
  return {
    id: String(r.id),
    scope: String(r.scope),
    sessionId: String(r.session_id),
    userId: str(r.user_id),
    agentId: str(r.agent_id),
    seq: Number(r.seq),
    timestamp: String(r.ts),
    messages: json<TurnRecord['messages']>(r.messages, []),
    text: String(r.text ?? ''),
    terms: String(r.terms ?? ''),
    termCount: Number(r.term_count ?? 0),
    metadata: json<Record<string, unknown>>(r.metadata, {}),
    createdAt: String(r.created_at),
  };
}

/** CorpusStats from `scope_stats` rows (kind, docs, terms, revision); memories add their active figures. */
export function statsFromRows(rows: Row[], kind: 'memory' | 'turn'): CorpusStats {
  const of = (k: string) => rows.find((r) => r.kind === k);
  const main = of(kind);
  const stats: CorpusStats = { count: Number(main?.docs ?? 0), totalTerms: Number(main?.terms ?? 0), revision: String(main?.revision ?? '') };
  if (kind === 'memory') stats.active = { count: Number(of('memory_active')?.docs ?? 0), totalTerms: Number(of('memory_active')?.terms ?? 0) };
  return stats;
}
