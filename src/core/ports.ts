/**
 * @module core/ports
 * The interfaces the core owns and the adapters implement: the memory store (SQLite,
 * PostgreSQL, PGlite), the extraction/reconciliation LLM, the embedder and the reranker.
 * Core code talks only to these; it never imports a driver, `fetch` or `process.env`.
 */
import type {
  ExtractionContext,
  MemoryCandidate,
  MemoryRecord,
  MemoryType,
  Message,
  NewTurn,
  TurnRecord,
} from './types.ts';
import type { AnalysedTurn } from './turn-analysis.ts';

/** A lexical hit: a document containing at least one of the query terms. */
export interface LexicalDoc {
  id: string;
  /** Analysed terms of the document (space separated), for exact BM25 in core. */
  terms: string;
  termCount: number;
}

/** What a lexical candidate query returns: the documents, and the counts needed to score them when they are not all. */
export interface LexicalCandidates {
  docs: LexicalDoc[];
  /**
   * Per-scope document count of each query term. Present when `docs` is not every matching
   * document (the index cut it); absent when it is, so core counts over `docs` exactly.
   */
  df?: Record<string, number>;
}

export interface CorpusStats {
  count: number;
  /** Sum of termCount over the documents (avg length = totalTerms / count). */
  totalTerms: number;
  /** Memories only: the same two figures over the active rows (what recall ranks by default). */
  active?: { count: number; totalTerms: number };
  /**
   * Changes whenever the kind's rows of the scope change (newest created_at for turns, newest
   * updated_at over every memory row, deleted ones included). With count and totalTerms it is the
   * cache version recall uses to see writes from other replicas.
   */
  revision?: string;
}

export interface MemoryFilter {
  /** Include superseded/retracted/historical rows (default false). */
  includeInactive?: boolean;
  /** Include soft-deleted rows (default false). */
  includeDeleted?: boolean;
  subject?: string;
  key?: string;
  keys?: string[];
  types?: MemoryType[];
  sessionId?: string;
  limit?: number;
  offset?: number;
  /**
   * Keyset pagination: rows ordered by (created_at, id) in code-point order, only those after
   * `after` when it is set. Without `page` the listing order is (created_at, insertion).
   */
  page?: { after: { createdAt: string; id: string } | null };
}

/** Which memories a key lookup wants: each key matches itself and its `key_` family (`like` → `like_music`). */
export interface KeyLookup {
  keys: string[];
  /** Include superseded/retracted/historical rows (deleted rows never). */
  includeInactive?: boolean;
}

/** Which ended values a change lookup wants: one subject's rows whose key is one of `keys` or in its `key_` family. */
export interface EndedLookup {
  subject: string;
  keys: string[];
}

/** A turn's place in its session. */
export interface TurnPlace {
  sessionId: string;
  seq: number;
}

/** A (subject, key) slot whose history a memory line shows. */
export interface MemorySlot {
  subject: string;
  key: string;
}

/** Distinct names a scope knows, as stored (core lower-cases them). */
export interface ScopeNames {
  /** Speaker names of the scope's turns (`speakerOf`: the message name, else the role's label). */
  speakers: string[];
  /** Subjects of the scope's memories (deleted rows included or not: either is fine). */
  subjects: string[];
}

/**
 * Bounded, index-backed reads recall is built from. Every call is scoped before it matches and
 * returns at most its limit, so the cost follows the limit, not the size of the user's history.
 */
export interface RecallIndex {
  /**
   * At most `limit` documents of the kind in the scope whose analysed terms contain at least one
   * of `terms`, read from the store's index with the scope in it, best first by the store's
   * estimate (SQLite: each term's newest postings, at most POSTINGS_CAP, scored by their IDF
   * mass; PostgreSQL: ts_rank over the GIN matches), so the cost follows the cap and the limit,
   * not the size of the history. Memories: deleted rows never; inactive rows unless
   * `includeInactive` is false (default true). Core computes the exact BM25 from the returned
   * terms, with `df` when the set was cut.
   */
  lexicalCandidates(scope: string, kind: 'memory' | 'turn', terms: string[], limit: number, opts?: { includeInactive?: boolean }): Promise<LexicalCandidates>;
  /** How many documents of the kind in the scope contain each term (deleted memories excluded where cheap). */
  termFrequencies(scope: string, kind: 'memory' | 'turn', terms: string[]): Promise<Record<string, number>>;
  /** Count and total terms (memories: non-deleted, plus `active`), read from maintained counters. */
  corpusStats(scope: string, kind: 'memory' | 'turn'): Promise<CorpusStats>;
  /** Speakers and memory subjects of the scope. */
  scopeNames(scope: string): Promise<ScopeNames>;
  /** The given turns and their session neighbours within `radius` seq steps (any order, no duplicates). */
  turnsAround(scope: string, ids: string[], radius: number): Promise<TurnRecord[]>;
  /** The turns at these (session, seq) places of the scope, by the (scope, session, seq) index; places with no turn are left out (any order, no duplicates). */
  turnsAt(scope: string, places: TurnPlace[]): Promise<TurnRecord[]>;
  /** Turns with timestamp in [from, to), oldest first, at most `limit`. */
  turnsBetween(scope: string, from: string, to: string, limit: number): Promise<TurnRecord[]>;
  /** Memories by id (deleted ones included; callers filter). */
  getMemories(scope: string, ids: string[]): Promise<MemoryRecord[]>;
  /** Non-deleted memories whose key is one of `keys` or in its `key_` family: active first, then confidence, newest; at most `limit`. */
  memoriesByKeys(scope: string, lookup: KeyLookup, limit: number): Promise<MemoryRecord[]>;
  /**
   * Retracted rows (ended values, not superseded ones) of the lookup's subject and keys (each key and
   * its `key_` family), the latest end (valid_to, else updated_at) first, the later written first on
   * ties; at most `limit`. However long the superseded history of those keys, it is not read.
   */
  retractedByKeys(scope: string, lookup: EndedLookup, limit: number): Promise<MemoryRecord[]>;
  /** Active rows of these (subject, key) slots (exact keys, no family), at most `perSlot` a slot, any order. */
  activeInSlots(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]>;
  /** Non-deleted event memories dated (event date, else validity start) in [from, to), at most `limit`. */
  eventsBetween(scope: string, from: string, to: string, limit: number): Promise<MemoryRecord[]>;
  /** Inactive, non-deleted rows of these slots, newest end (valid_to, else updated_at) first, at most `perSlot` each. */
  memoryHistory(scope: string, slots: MemorySlot[], perSlot: number): Promise<MemoryRecord[]>;
}

export interface StoreInfo {
  kind: 'sqlite' | 'postgres' | 'pglite' | 'memory';
  /** How vectors are searched: an ANN index, exact scoring in SQL/core, or no vectors at all. */
  vectorSearch: 'pgvector-hnsw' | 'exact' | 'none';
  schemaVersion: number;
  detail?: Record<string, unknown>;
}

export interface StoredEmbedding {
  ownerKind: 'memory' | 'turn';
  ownerId: string;
  model: string;
  dim: number;
  vector: number[];
}

/** Writes inside one ingest transaction. Everything or nothing is committed. */
export interface StoreTx {
  /** Inserts the turn and returns it with its session sequence number. */
  insertTurn(turn: NewTurn): Promise<TurnRecord>;
  /**
   * Active memories of the scope (optionally narrowed), read inside the transaction, locked where
   * the backend locks. `dated`: rows of those keys only at those event dates (a superset is allowed).
   */
  activeMemories(scope: string, filter?: { subjects?: string[]; keys?: string[]; dated?: { keys: string[]; dates: string[] } }): Promise<MemoryRecord[]>;
  /** All memories (any status) of the scope for these subject/key pairs, newest first. */
  memoriesByKey(scope: string, subject: string, key: string): Promise<MemoryRecord[]>;
  insertMemory(memory: MemoryRecord): Promise<void>;
  /** Inserts several memories in order (one multi-row statement where the backend can). */
  insertMemories(memories: MemoryRecord[]): Promise<void>;
  updateMemory(scope: string, id: string, patch: Partial<MemoryRecord>): Promise<void>;
  putEmbedding(scope: string, e: StoredEmbedding): Promise<void>;
}

/**
 * Persistence port. Every method takes the scope key and filters on it, so a backend can be
 * distributed or partitioned by scope. Implementations: src/store/sqlite, src/store/postgres.
 */
export interface MemoryStore extends RecallIndex {
  /** Applies versioned migrations (idempotent, safe when replicas start together). */
  migrate(): Promise<void>;
  info(): Promise<StoreInfo>;
  /** Cheap liveness probe. */
  ping(): Promise<boolean>;
  close(): Promise<void>;

  /**
   * Runs `fn` in one transaction serialised per scope (the store's lock); commits when it
   * resolves, rolls back when it throws.
   */
  transaction<T>(scope: string, fn: (tx: StoreTx) => Promise<T>): Promise<T>;

  // ---- turns ----
  getTurn(scope: string, id: string): Promise<TurnRecord | null>;
  getTurns(scope: string, ids: string[]): Promise<TurnRecord[]>;
  /** Turns of a session with seq in [fromSeq, toSeq], ordered by seq. */
  sessionTurns(scope: string, sessionId: string, fromSeq: number, toSeq: number): Promise<TurnRecord[]>;
  /** The newest turns of a session (newest last). */
  recentTurns(scope: string, sessionId: string, limit: number): Promise<TurnRecord[]>;
  /** The newest turns of the scope across sessions (newest last). */
  latestTurns(scope: string, limit: number): Promise<TurnRecord[]>;
  listTurns(scope: string, opts?: { sessionId?: string; limit?: number; offset?: number }): Promise<TurnRecord[]>;

  // ---- memories ----
  getMemory(scope: string | null, id: string): Promise<MemoryRecord | null>;
  listMemories(scope: string, filter?: MemoryFilter): Promise<MemoryRecord[]>;
  /**
   * Stored scope keys of one user in one tenant: `userKey` (a user scope key without agent, from
   * core/scope) and its agent sub-scopes (core/scope agentScopeRange), sorted. An exact range
   * query: no id can widen it to another user or tenant.
   */
  scopesOfUser(userKey: string): Promise<string[]>;
  /** Marks memories as seen now (injection API). */
  touchMemories(scope: string, ids: string[], at: string): Promise<void>;

  // ---- vectors ----
  /** Nearest documents by cosine similarity for one embedding model. */
  vectorSearch(scope: string, kind: 'memory' | 'turn', model: string, vector: number[], limit: number): Promise<Array<{ id: string; score: number }>>;
  /** Owners (memory/turn ids) that have no embedding for `model`, for re-embedding. */
  missingEmbeddings(model: string, limit: number): Promise<Array<{ scope: string; ownerKind: 'memory' | 'turn'; ownerId: string; text: string }>>;
  putEmbedding(scope: string, e: StoredEmbedding): Promise<void>;
  /** Distinct embedding models present (model, dim, count). */
  embeddingModels(): Promise<Array<{ model: string; dim: number; count: number }>>;

  // ---- deletion ----
  /**
   * Deletes the session's turns (with their vectors) in the scopes `inScope` accepts, and the
   * memories of those scopes that came from the session (reviving what they superseded).
   * Callers pass a predicate over decoded scopes (tenant, user, agent), so a caller-chosen
   * session id never reaches another tenant's or user's data.
   */
  deleteSession(sessionId: string, inScope: (scopeKey: string) => boolean): Promise<void>;
  /** Deletes every row of `userKey` and its agent sub-scopes (same range as scopesOfUser); erases the text (see docs/security.md). */
  deleteUser(userKey: string): Promise<void>;
  /** Soft delete: status deleted, deletedAt set, active false. Returns false when absent. */
  softDeleteMemory(scope: string | null, id: string, at: string): Promise<boolean>;
  /** Hard delete of one memory row (mem0 DELETE). Returns false when absent. Call erase() after a batch. */
  deleteMemory(scope: string | null, id: string): Promise<boolean>;
  /**
   * Makes the hard deletions so far leave no copy in the store's files where the backend can
   * (SQLite: WAL checkpoint and truncate, one fsync); absent or a no-op elsewhere. deleteUser and
   * deleteSession already do it.
   */
  erase?(): Promise<void>;

  // ---- operations ----
  counts(): Promise<{ turns: number; memories: number; bytes: number | null }>;
  /** All scope keys, for export. */
  listScopes(): Promise<string[]>;
}

/**
 * The CPU-heavy preparation of a turn (core/turn-analysis analyseTurn): inline by default, or in
 * a worker-thread pool (src/pool) so a large turn does not stall the event loop.
 */
export interface TurnAnalyzer {
  analyse(messages: Message[]): Promise<AnalysedTurn>;
}

/** Offline or LLM extractor: turns a message list into memory candidates. */
export interface Extractor {
  readonly name: string;
  extract(messages: Message[], ctx: ExtractionContext): Promise<MemoryCandidate[]>;
}

/** A turn analysed (core/turn-analysis) and the candidates extracted from its masked messages. */
export interface AnalysedExtraction {
  turn: AnalysedTurn;
  candidates: MemoryCandidate[];
}

/**
 * An extractor that may analyse the turn it extracts in the same place (src/pool: one worker
 * task, so the analysis leaves the event loop with the extraction). `analyseAndExtract` takes the
 * messages as received; null: not taken here, the caller analyses and then extracts.
 */
export interface AnalysingExtractor extends Extractor {
  analyseAndExtract(messages: Message[], ctx: ExtractionContext): Promise<AnalysedExtraction | null>;
}

export interface EmbedderPort {
  readonly model: string;
  readonly dim: number | null;
  embed(texts: string[]): Promise<number[][]>;
}

export interface RerankerPort {
  readonly model: string;
  /** Relevance scores in [0,1] for each document, in input order. */
  rerank(query: string, documents: string[]): Promise<number[]>;
}

/** Decisions an LLM can take when a candidate touches an existing key family. */
export type ReconcileDecision =
  | { action: 'ADD' }
  | { action: 'UPDATE'; targetId: string }
  | { action: 'COEXIST' }
  | { action: 'DUPLICATE'; targetId: string }
  | { action: 'RETRACT'; targetId: string }
  | { action: 'HISTORICAL' };

export interface ReconcilerPort {
  decide(candidate: MemoryCandidate, current: MemoryRecord[]): Promise<ReconcileDecision | null>;
}

/** Splits a multi-hop question into sub-queries (LLM); null/[] when unavailable. */
export interface QueryPlannerPort {
  decompose(query: string): Promise<string[]>;
}

/** Parts of speech the lexicon knows (WordNet's four). */
export type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';

/**
 * One word sense (a WordNet synset). `lexClass` is the lexicographer file, e.g. 'noun.animal',
 * 'noun.food', 'noun.person', 'verb.motion'. `rank` is the sense's frequency rank for the word it
 * was looked up by (0 = most common sense).
 */
export interface LexSense {
  id: string;
  pos: PartOfSpeech;
  lexClass: string;
  lemmas: string[];
  rank: number;
}

/**
 * Lexical knowledge (WordNet behind an adapter in src/providers/lexicon). Synchronous: the
 * adapter loads its index before the service starts, so core asks without I/O. Every method
 * answers with empty results for words it does not know; a lexicon that is not installed is the
 * empty lexicon, never an error.
 */
export interface Lexicon {
  /** Base forms of an inflected word ("geese" → ["goose"], "ran" → ["run"]), best first. */
  lemmas(word: string, pos?: PartOfSpeech): string[];
  /** Senses of a lemma (or inflected word), most frequent first; `maxSenses` caps them. */
  senses(word: string, pos?: PartOfSpeech, maxSenses?: number): LexSense[];
  /** Direct hypernyms ("is a kind of") of a sense. */
  hypernyms(senseId: string): LexSense[];
  /** Direct part holonyms ("is part of") of a sense: a city's region or country, a region's country. */
  partHolonyms?(senseId: string): LexSense[];
  /** Direct hyponyms ("kinds of this") of a sense. */
  hyponyms(senseId: string): LexSense[];
  /** Senses derivationally linked to a sense ("jogging" the exercise → the "jog" verb senses that are it). */
  derivedSenses?(senseId: string): LexSense[];
  /** Synonyms over the word's first `maxSenses` senses (default 1), the word itself excluded. */
  synonyms(word: string, pos?: PartOfSpeech, maxSenses?: number): string[];
  /** Derivationally related forms ("teacher" ↔ "teach", "vegetarian" ↔ "vegetarianism"). */
  derivations(word: string, pos?: PartOfSpeech): string[];
  /**
   * True when one of the word's first `maxSenses` senses (default 2) has `ancestor` (a lemma such
   * as 'animal', 'worker', 'disease') among its hypernyms within `maxDepth` steps (default 12).
   */
  isA(word: string, ancestor: string, opts?: { pos?: PartOfSpeech; maxSenses?: number; maxDepth?: number }): boolean;
  /** Lexicographer classes of the word's first `maxSenses` senses (default 1), e.g. ['noun.animal']. */
  classesOf(word: string, pos?: PartOfSpeech, maxSenses?: number): string[];
  /** Relative frequency rank of a word in everyday text, 0..1 (1 = very common); 0 when unknown. */
  commonness?(word: string): number;
}
