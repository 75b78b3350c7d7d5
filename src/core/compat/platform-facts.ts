/**
 * @module core/compat/platform-facts
 * The platform (injection/extraction) API's view of a memory — a "fact" — and the pure rules
 * behind it: fact-key and value normalisation, the dedup hash, the category and status maps,
 * and MemoryRecord → PlatformFact. Pure: no I/O.
 */
import { createHash } from 'node:crypto';
import type { MemoryRecord, MemoryStatus, MemoryType } from '../types.ts';
import { maskSecrets } from '../text/secrets.ts';

export const FACT_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const FACT_KEY_MIN = 3;
export const FACT_KEY_MAX = 64;
export const FACT_VALUE_MAX = 200;

export type FactStatus = 'active' | 'superseded' | 'deleted';

/** A platform fact, exactly as the platform API returns it. */
export interface PlatformFact {
  fact_id: string;
  user_id: string | null;
  avatar_id: string | null;
  category: string;
  fact_key: string;
  fact_value: string;
  confidence: number;
  status: FactStatus;
  source_session_id: string | null;
  source_excerpt: string;
  dedup_hash: string;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
  deleted_at: string | null;
}

/**
 * Lower-case snake_case, 3–64 characters, starting with a letter (`^[a-z][a-z0-9_]*$`).
 * Accents are folded, other characters become `_`; a key not starting with a letter gets a
 * `fact_` prefix. Returns null when nothing usable remains (fewer than 3 characters).
 */
export function normaliseFactKey(raw: string): string | null {
  let k = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  if (k === '') return null;
  if (!/^[a-z]/.test(k)) k = `fact_${k}`;
  k = k.slice(0, FACT_KEY_MAX).replace(/_+$/, '');
  return k.length >= FACT_KEY_MIN && FACT_KEY_PATTERN.test(k) ? k : null;
}

/** Whitespace collapsed, trimmed, at most 200 characters (cut at a word boundary when one is near). Null when empty. */
export function normaliseFactValue(raw: string): string | null {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (v === '') return null;
  if (v.length <= FACT_VALUE_MAX) return v;
  const cut = v.slice(0, FACT_VALUE_MAX);
  const space = cut.lastIndexOf(' ');
  return (space >= FACT_VALUE_MAX * 0.75 ? cut.slice(0, space) : cut).trimEnd();
}

/** The platform key of a memory: its key for the user, `<subject>_<key>` for a third party. */
export function factKeyOf(subject: string, key: string): string | null {
  return normaliseFactKey(subject === 'user' || subject === '' ? key : `${subject}_${key}`);
}

/** SHA-256 (hex) of `avatar|fact_key|fact_value`, the value lower-cased with whitespace collapsed. */
export function dedupHash(avatarId: string | null, factKey: string, factValue: string): string {
  const v = factValue.replace(/\s+/g, ' ').trim().toLowerCase();
  return createHash('sha256').update(`${avatarId ?? ''}|${factKey}|${v}`).digest('hex');
}

/** Category = the memory type (fact, preference, opinion, event, relation). */
export function categoryOf(type: MemoryType): string {
  return type;
}

/** Our five statuses onto the platform's three: every ended fact (superseded, retracted, historical) is `superseded`. */
export function factStatusOf(status: MemoryStatus): FactStatus {
  if (status === 'active') return 'active';
  if (status === 'deleted') return 'deleted';
  return 'superseded';
}

/** MemoryRecord → PlatformFact. Key and hash come from metadata when /extract stamped them. */
export function toPlatformFact(m: MemoryRecord): PlatformFact {
  const md = m.metadata ?? {};
  const factKey = typeof md.fact_key === 'string' ? md.fact_key : (factKeyOf(m.subject, m.key) ?? 'fact');
  const factValue = normaliseFactValue(maskSecrets(m.value)) ?? '';
  return {
    fact_id: m.id,
    user_id: m.userId,
    avatar_id: m.agentId,
    category: categoryOf(m.type),
    fact_key: factKey,
    fact_value: factValue,
    confidence: m.confidence,
    status: factStatusOf(m.status),
    source_session_id: m.sourceSession,
    source_excerpt: m.evidence,
    dedup_hash: typeof md.dedup_hash === 'string' ? md.dedup_hash : dedupHash(m.agentId, factKey, factValue),
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    last_seen_at: m.lastSeenAt,
    deleted_at: m.deletedAt,
  };
}
