/**
 * @module core/types
 * The domain vocabulary shared by every layer: scopes, turns, memories, extraction
 * candidates, reconciliation operations and recall results. Pure data, no behaviour.
 */

export type Role = 'user' | 'assistant' | 'system' | 'tool';

export interface Message {
  role: Role;
  content: string;
  /** Speaker name (multi-party chats). On a user message it is the speaker. */
  name?: string | null;
}

export const MEMORY_TYPES = ['fact', 'preference', 'opinion', 'event', 'relation'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export type { Scope } from './scope.ts';
export { scopeOf } from './scope.ts';

/** A stored conversation turn (one POST /turns). */
export interface TurnRecord {
  id: string;
  scope: string;
  sessionId: string;
  userId: string | null;
  agentId: string | null;
  /** 1-based position of the turn within its session (assigned by the store). */
  seq: number;
  /** When the turn happened (ISO-8601, UTC). */
  timestamp: string;
  messages: Message[];
  /** Searchable rendering: one "Speaker: content" line per message, secrets masked. */
  text: string;
  /** Analysed index terms (space separated, stemmed) produced by core/text-analysis. */
  terms: string;
  /** Number of index terms (document length for BM25). */
  termCount: number;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** Insert payload for a turn: the store assigns `seq`. */
export type NewTurn = Omit<TurnRecord, 'seq'>;

export type MemoryStatus = 'active' | 'superseded' | 'retracted' | 'historical' | 'deleted';

/** One structured, keyed, provenance-stamped memory row. History rows are kept. */
export interface MemoryRecord {
  id: string;
  scope: string;
  userId: string | null;
  agentId: string | null;
  type: MemoryType;
  /** `user`, a named third party (`sister maya`), or the named speaker in a multi-party chat. */
  subject: string;
  /** Canonical snake_case key from the documented vocabulary (core/key-vocabulary). */
  key: string;
  value: string;
  confidence: number;
  /** True when the key admits one current value per subject (employer, location...). */
  singleValued: boolean;
  status: MemoryStatus;
  active: boolean;
  sourceSession: string | null;
  sourceTurn: string | null;
  /** The sentence the memory came from (secrets masked). */
  evidence: string;
  createdAt: string;
  updatedAt: string;
  /** When the fact started to hold (ISO) if known. */
  validFrom: string | null;
  /** When it stopped holding (set on supersession, retraction, or for history). */
  validTo: string | null;
  /** For events: the date the event happened / will happen (ISO date or datetime). */
  eventDate: string | null;
  supersedes: string | null;
  supersededBy: string | null;
  lastSeenAt: string | null;
  deletedAt: string | null;
  /** Free-form extras: stance for opinions, previous value of a move, category, hash... */
  metadata: Record<string, unknown>;
  /** Searchable rendering and analysed terms, like turns. */
  text: string;
  terms: string;
  termCount: number;
}

/** What an extractor proposes; reconciliation turns candidates into store operations. */
export type CandidateOp =
  /** A statement that something holds now. */
  | 'assert'
  /** "I'm not vegetarian anymore", "we sold the car": end the matching active fact. */
  | 'retract'
  /** "I used to work at X": a past fact, stored inactive with its validity. */
  | 'history'
  /** "sorry, I meant Lisbon": replace the most recent value for this key. */
  | 'correct';

export interface MemoryCandidate {
  type: MemoryType;
  subject: string;
  key: string;
  value: string;
  confidence: number;
  op: CandidateOp;
  /** Sentence the candidate came from. */
  evidence: string;
  eventDate?: string | null;
  validFrom?: string | null;
  validTo?: string | null;
  /** For corrections: the value being corrected, when stated ("not Tuesday"). */
  replaces?: string | null;
  metadata?: Record<string, unknown>;
}

/** Context an extractor gets with a turn. */
export interface ExtractionContext {
  /** Turn timestamp (ISO) that relative dates resolve against. */
  timestamp: string;
  sessionId: string;
  /** Last few turns of the session (oldest first), for co-reference and corrections. */
  recentTurns: TurnRecord[];
  /** Speaker names seen in this scope (multi-party chats). */
  knownSpeakers?: string[];
}

/** Store operations produced by reconciliation (pure) and applied by the store in the ingest transaction. */
export type MemoryOp =
  | { kind: 'insert'; memory: MemoryRecord }
  | { kind: 'update'; id: string; patch: Partial<MemoryRecord> };

/** Which ranker found a candidate, with its rank there (1-based) and raw score. */
export interface RankerHit {
  ranker: string;
  rank: number;
  score: number;
}

/** A fused recall candidate (memory or turn). */
export interface RecallCandidate {
  kind: 'memory' | 'turn';
  id: string;
  score: number;
  rankers: RankerHit[];
  memory?: MemoryRecord;
  turn?: TurnRecord;
}

export interface Citation {
  turn_id: string;
  score: number;
  snippet: string;
}

export interface RecallResult {
  context: string;
  citations: Citation[];
  /** Tokens in `context` as counted by the tokenizer. */
  tokens: number;
}

export interface SearchResult {
  kind: 'memory' | 'turn';
  id: string;
  content: string;
  score: number;
  session_id: string | null;
  timestamp: string | null;
  metadata: Record<string, unknown>;
  rankers: RankerHit[];
  turn_id: string | null;
  memory?: MemoryRecord;
}
