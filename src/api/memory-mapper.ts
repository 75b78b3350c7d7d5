/**
 * @module api/memory-mapper
 * Maps core records (camelCase MemoryRecord, SearchResult, TurnRecord) to the API's snake_case shapes
 * defined in api/schemas. Pure functions; the routes and the MCP tools share them. Every text
 * field is masked on the way out too (api/schemas' shapes are what callers see), so rows stored
 * before a masking rule existed never return a secret it now recognises.
 */
import type { MemoryRecord, SearchResult as CoreSearchResult, TurnRecord } from '../core/types.ts';
import type { Memory, SearchResult, Turn } from './schemas.ts';
import { maskDeep, maskSecrets } from '../core/text/secrets.ts';

export function toApiMemory(m: MemoryRecord): Memory {
  return {
    id: m.id,
    type: m.type,
    subject: m.subject,
    key: m.key,
    value: maskSecrets(m.value),
    confidence: m.confidence,
    source_session: m.sourceSession,
    source_turn: m.sourceTurn,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    valid_from: m.validFrom,
    valid_to: m.validTo,
    supersedes: m.supersedes,
    superseded_by: m.supersededBy,
    active: m.active,
    status: m.status,
    event_date: m.eventDate,
    evidence: maskSecrets(m.evidence),
    agent_id: m.agentId,
    metadata: maskDeep(m.metadata ?? {}),
  };
}

export function toApiSearchResult(r: CoreSearchResult): SearchResult {
  return {
    kind: r.kind,
    id: r.id,
    content: maskSecrets(r.content),
    score: Number.isFinite(r.score) ? r.score : 0,
    session_id: r.session_id,
    timestamp: r.timestamp,
    metadata: maskDeep(r.metadata ?? {}),
    turn_id: r.turn_id,
    memory: r.memory ? toApiMemory(r.memory) : null,
    rankers: (r.rankers ?? []).map((h) => ({ ranker: h.ranker, rank: h.rank, score: Number.isFinite(h.score) ? h.score : 0 })),
  };
}

export function toApiTurn(t: TurnRecord): Turn {
  return {
    id: t.id,
    session_id: t.sessionId,
    user_id: t.userId,
    agent_id: t.agentId,
    seq: t.seq,
    timestamp: t.timestamp,
    messages: t.messages.map((m) => ({ role: m.role, content: m.content, ...(m.name != null ? { name: m.name } : {}) })),
    metadata: t.metadata ?? {},
  };
}
