/**
 * @module core/compat/mem0-view
 * mem0's view of our memories (pure): MemoryRecord → mem0 memory object (with our richer model
 * kept in extra fields — `replaced_by`, `supersedes`, `status`, validity), the text mem0 calls
 * `memory`, the entity coordinates (user/agent/app/run), and history events (ADD / UPDATE /
 * DELETE) derived from a supersession chain.
 */
import { createHash } from 'node:crypto';
import type { MemoryRecord } from '../types.ts';
import { decodeScope } from '../scope.ts';
import { humanKey } from '../render.ts';
import { maskSecrets } from '../text/secrets.ts';

/** Key given to memories stored verbatim (mem0 `infer: false`). */
export const RAW_MEMORY_KEY = 'note';

export interface Mem0Memory {
  id: string;
  memory: string;
  user_id: string | null;
  agent_id: string | null;
  app_id: string | null;
  run_id: string | null;
  hash: string;
  metadata: Record<string, unknown> | null;
  categories: string[];
  created_at: string;
  updated_at: string;
  expiration_date: string | null;
  immutable: boolean;
  score?: number;
  // ---- our richer model, kept rather than lost ----
  /** active | superseded | retracted | historical | deleted */
  status: string;
  /** The memory that replaced this one (supersession), if any. */
  replaced_by: string | null;
  /** The memory this one replaced, if any. */
  supersedes: string | null;
  valid_from: string | null;
  valid_to: string | null;
  event_date: string | null;
  type: string;
  subject: string;
  key: string;
  value: string;
  confidence: number;
  source_turn_id: string | null;
}

export interface Mem0HistoryEvent {
  id: string;
  memory_id: string;
  input: Array<{ role: string; content: string }>;
  old_memory: string | null;
  new_memory: string | null;
  user_id: string | null;
  agent_id: string | null;
  categories: string[];
  event: 'ADD' | 'UPDATE' | 'DELETE';
  created_at: string;
  updated_at: string;
  /** The row of the chain this event comes from. */
  version_id: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Session of a session-only scope key (core/scope), else null. */
export function sessionOfScope(scopeKey: string): string | null {
  return decodeScope(scopeKey)?.sessionId ?? null;
}

/** The text mem0 calls `memory`: verbatim for raw/edited memories, else `key: value` (with the subject when not the user). */
export function memoryText(m: Pick<MemoryRecord, 'subject' | 'key' | 'value' | 'metadata'>): string {
  const value = maskSecrets(m.value);
  if (m.metadata?.mem0_verbatim === true || m.key === RAW_MEMORY_KEY) return value;
  const who = m.subject === 'user' || m.subject === '' ? '' : `${m.subject} — `;
  return `${who}${humanKey(m.key)}: ${value}`;
}

/**
 * The value a mem0 edit (PUT text) means for a memory: when the text keeps our rendering's
 * `key: ` prefix only the value changes, otherwise the text is stored verbatim.
 */
export function valueFromEdit(m: Pick<MemoryRecord, 'subject' | 'key' | 'value' | 'metadata'>, text: string): { value: string; verbatim: boolean } {
  const t = text.trim();
  if (m.metadata?.mem0_verbatim === true || m.key === RAW_MEMORY_KEY) return { value: t, verbatim: m.key !== RAW_MEMORY_KEY };
  const rendered = memoryText(m);
  const prefix = rendered.slice(0, rendered.length - maskSecrets(m.value).length);
  if (prefix !== '' && t.toLowerCase().startsWith(prefix.toLowerCase()) && t.length > prefix.length) {
    return { value: t.slice(prefix.length).trim(), verbatim: false };
  }
  return { value: t, verbatim: true };
}

/**
 * mem0 entity ids of a memory. `run_id`: the one a mem0 add named (null when it named none),
 * else the session the memory came from (our own API, the platform API), which is also the
 * scope of a session-only memory.
 */
export function entityOf(m: MemoryRecord): { user_id: string | null; agent_id: string | null; app_id: string | null; run_id: string | null } {
  const md = m.metadata ?? {};
  return {
    user_id: m.userId,
    agent_id: m.agentId,
    app_id: str(md.app_id),
    run_id: Object.hasOwn(md, 'run_id') ? str(md.run_id) : m.userId === null ? sessionOfScope(m.scope) : m.sourceSession,
  };
}

export function toMem0Memory(m: MemoryRecord, score?: number): Mem0Memory {
  const text = memoryText(m);
  const md = m.metadata ?? {};
  const userMeta = md.mem0_metadata;
  return {
    id: m.id,
    memory: text,
    ...entityOf(m),
    hash: createHash('md5').update(text).digest('hex'),
    metadata: userMeta && typeof userMeta === 'object' && !Array.isArray(userMeta) ? (userMeta as Record<string, unknown>) : null,
    categories: Array.isArray(md.categories) ? md.categories.filter((c): c is string => typeof c === 'string') : [m.type],
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    expiration_date: str(md.expiration_date),
    immutable: false,
    ...(score !== undefined ? { score } : {}),
    status: m.status,
    replaced_by: m.supersededBy,
    supersedes: m.supersedes,
    valid_from: m.validFrom,
    valid_to: m.validTo,
    event_date: m.eventDate,
    type: m.type,
    subject: m.subject,
    key: m.key,
    value: maskSecrets(m.value),
    confidence: m.confidence,
    source_turn_id: m.sourceTurn,
  };
}

/**
 * History events of a supersession chain ordered oldest → newest: the first version is an ADD,
 * each later version an UPDATE (old → new text), and an ended last version (deleted or retracted)
 * a DELETE. `memoryId` is the id the caller asked about.
 */
export function historyEvents(memoryId: string, chain: MemoryRecord[]): Mem0HistoryEvent[] {
  const out: Mem0HistoryEvent[] = [];
  let prev: MemoryRecord | null = null;
  for (const v of chain) {
    const base = {
      memory_id: memoryId,
      input: [],
      user_id: v.userId,
      agent_id: v.agentId,
      categories: [v.type],
      version_id: v.id,
    };
    if (prev === null) {
      out.push({ ...base, id: v.id, event: 'ADD', old_memory: null, new_memory: memoryText(v), created_at: v.createdAt, updated_at: v.createdAt });
    } else {
      const at = prev.validTo ?? v.createdAt;
      out.push({ ...base, id: v.id, event: 'UPDATE', old_memory: memoryText(prev), new_memory: memoryText(v), created_at: at, updated_at: at });
    }
    prev = v;
  }
  const last = chain[chain.length - 1];
  if (last && (last.status === 'deleted' || last.status === 'retracted')) {
    const at = last.deletedAt ?? last.validTo ?? last.updatedAt;
    out.push({
      id: `${last.id}:delete`,
      memory_id: memoryId,
      input: [],
      user_id: last.userId,
      agent_id: last.agentId,
      categories: [last.type],
      version_id: last.id,
      event: 'DELETE',
      old_memory: memoryText(last),
      new_memory: null,
      created_at: at,
      updated_at: at,
    });
  }
  return out;
}
