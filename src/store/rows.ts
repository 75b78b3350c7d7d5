/**
 * @module store/rows
 * The row shape shared by every SQL backend: column names of `turns` and `memories`, the
 * camelCase ↔ snake_case patch mapping, and row → record decoding that tolerates each
 * driver's representation (SQLite 0/1 and JSON text, PostgreSQL booleans and parsed jsonb).
 * Pure: no driver imports.
 */
import type { CorpusStats } from '../core/ports.ts';
import type { MemoryRecord, TurnRecord } from '../core/types.ts';
import { mapPacked } from '../core/packed.ts';

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

const COLUMN_OF_FIELD: ReadonlyMap<string, string> = new Map(mapPacked(MEMORY_COLUMNS, ([c, f]) => [f, c]));

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
  return mapPacked(MEMORY_COLUMNS, ([, f]) => encodeField(f, m[f], bool));
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
    // Most turns and memories carry no metadata: no parse for the empty object.
    if (v === '{}') return {} as T;
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

/** A memory from a row object (column names as keys). */
export function rowToMemory(r: Row): MemoryRecord {
  return memoryFromValues(mapPacked(MEMORY_COLUMNS, ([c]) => r[c]));
}

/**
 * A memory from a row of values in MEMORY_COLUMNS order, starting at `at` (drivers that return
 * rows as arrays skip building an object per row: about half the cost of a row on SQLite).
 */
export function memoryFromValues(v: readonly unknown[], at = 0): MemoryRecord {
  return {
    id: String(v[at]),
    scope: String(v[at + 1]),
    userId: str(v[at + 2]),
    agentId: str(v[at + 3]),
    type: v[at + 4] as MemoryRecord['type'],
    subject: String(v[at + 5]),
    key: String(v[at + 6]),
    value: String(v[at + 7]),
    confidence: Number(v[at + 8]),
    singleValued: Boolean(v[at + 9]),
    status: v[at + 10] as MemoryRecord['status'],
    active: Boolean(v[at + 11]),
    sourceSession: str(v[at + 12]),
    sourceTurn: str(v[at + 13]),
    evidence: String(v[at + 14] ?? ''),
    createdAt: String(v[at + 15]),
    updatedAt: String(v[at + 16]),
    validFrom: str(v[at + 17]),
    validTo: str(v[at + 18]),
    eventDate: str(v[at + 19]),
    supersedes: str(v[at + 20]),
    supersededBy: str(v[at + 21]),
    lastSeenAt: str(v[at + 22]),
    deletedAt: str(v[at + 23]),
    metadata: json<Record<string, unknown>>(v[at + 24], {}),
    text: String(v[at + 25] ?? ''),
    terms: String(v[at + 26] ?? ''),
    termCount: Number(v[at + 27] ?? 0),
  };
}

export const TURN_COLUMNS = ['id', 'scope', 'session_id', 'user_id', 'agent_id', 'seq', 'ts', 'messages', 'text', 'terms', 'term_count', 'metadata', 'created_at'] as const;

/** A turn from a row object (column names as keys). */
export function rowToTurn(r: Row): TurnRecord {
  return turnFromValues(mapPacked(TURN_COLUMNS, (c) => r[c]));
}

/** A turn from a row of values in TURN_COLUMNS order, starting at `at` (see memoryFromValues). */
export function turnFromValues(v: readonly unknown[], at = 0): TurnRecord {
  return {
    id: String(v[at]),
    scope: String(v[at + 1]),
    sessionId: String(v[at + 2]),
    userId: str(v[at + 3]),
    agentId: str(v[at + 4]),
    seq: Number(v[at + 5]),
    timestamp: String(v[at + 6]),
    messages: json<TurnRecord['messages']>(v[at + 7], []),
    text: String(v[at + 8] ?? ''),
    terms: String(v[at + 9] ?? ''),
    termCount: Number(v[at + 10] ?? 0),
    metadata: json<Record<string, unknown>>(v[at + 11], {}),
    createdAt: String(v[at + 12]),
  };
}

/** The column list of a SELECT that reads rows for memoryFromValues / turnFromValues (optionally table-qualified). */
export const memorySelect = (alias = ''): string => mapPacked(MEMORY_COLUMNS, ([c]) => (alias ? `${alias}.${c}` : c)).join(', ');
export const turnSelect = (alias = ''): string => mapPacked(TURN_COLUMNS, (c) => (alias ? `${alias}.${c}` : c)).join(', ');

/** CorpusStats from `scope_stats` rows (kind, docs, terms, revision); memories add their active figures. */
export function statsFromRows(rows: Row[], kind: 'memory' | 'turn'): CorpusStats {
  const of = (k: string) => rows.find((r) => r.kind === k);
  const main = of(kind);
  const stats: CorpusStats = { count: Number(main?.docs ?? 0), totalTerms: Number(main?.terms ?? 0), revision: String(main?.revision ?? '') };
  if (kind === 'memory') stats.active = { count: Number(of('memory_active')?.docs ?? 0), totalTerms: Number(of('memory_active')?.terms ?? 0) };
  return stats;
}
