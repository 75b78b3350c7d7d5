/**
 * @module store/sqlite/migrations
 * Versioned SQLite schema. Each migration runs once, in its own IMMEDIATE transaction, and is
 * recorded in `schema_migrations`; start-up applies whatever is missing. Append new versions,
 * never edit applied ones. Mirrors src/store/postgres/migrations.ts table for table.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

import { LEGACY_SCOPE_REWRITE } from '../scope-migration.ts';
/** A message's speaker in SQL over json_each (alias j): speakerOf in src/core/render.ts. */
export const SPEAKER_SQL = `COALESCE(NULLIF(TRIM(json_extract(j.value, '$.name')), ''), CASE json_extract(j.value, '$.role') WHEN 'user' THEN 'User' WHEN 'assistant' THEN 'Assistant' WHEN 'system' THEN 'System' ELSE 'Tool' END)`;

/** The terms of a row's space-separated `terms` as a json_each source (json_quote escapes any content; spaces only separate). */
const TERMS_OF = (col: string) => `json_each('[' || replace(json_quote(${col}), ' ', '","') || ']')`;
/** Adds one document to each distinct term of the `row` (new/old) in scope_term_docs, when `cond` holds. */
const countUp = (kind: 'turn' | 'memory', row: 'new' | 'old', cond: string) =>
  `INSERT INTO scope_term_docs (scope_id, kind, term, docs) SELECT k.id, '${kind}', j.value, 1 FROM scope_keys k, (SELECT DISTINCT value FROM ${TERMS_OF(`${row}.terms`)} WHERE value <> '') j WHERE k.scope = ${row}.scope AND ${cond} ON CONFLICT (scope_id, kind, term) DO UPDATE SET docs = docs + 1;`;
/** Whether the row's scope still has counts of the kind (deleteUser drops them first: its row deletes then skip the count-down). */
const HAS_COUNTS = (kind: 'turn' | 'memory', row: 'new' | 'old') =>
  `EXISTS (SELECT 1 FROM scope_term_docs WHERE scope_id = (SELECT id FROM scope_keys WHERE scope = ${row}.scope) AND kind = '${kind}')`;
/** Removes one document from each distinct term of the `row`, dropping the counts that reach 0, when `cond` holds. */
const countDown = (kind: 'turn' | 'memory', row: 'new' | 'old', cond: string) =>
  `UPDATE scope_term_docs SET docs = docs - 1 WHERE ${cond} AND scope_id = (SELECT id FROM scope_keys WHERE scope = ${row}.scope) AND kind = '${kind}' AND term IN (SELECT value FROM ${TERMS_OF(`${row}.terms`)});
  DELETE FROM scope_term_docs WHERE ${cond} AND scope_id = (SELECT id FROM scope_keys WHERE scope = ${row}.scope) AND kind = '${kind}' AND docs <= 0 AND term IN (SELECT value FROM ${TERMS_OF(`${row}.terms`)});`;
/** What a memory update does to the scope counters (migration 3's trigger; since migration 7 only when a counted column changes). */
const MEMORY_COUNTERS_ON_UPDATE = `  UPDATE scope_stats SET docs = docs - (old.status <> 'deleted'), terms = terms - CASE WHEN old.status <> 'deleted' THEN old.term_count ELSE 0 END WHERE scope = old.scope AND kind = 'memory';
  UPDATE scope_stats SET docs = docs - (old.status <> 'deleted' AND old.active = 1), terms = terms - CASE WHEN old.status <> 'deleted' AND old.active = 1 THEN old.term_count ELSE 0 END WHERE scope = old.scope AND kind = 'memory_active';
  INSERT INTO scope_stats VALUES (new.scope, 'memory', new.status <> 'deleted', CASE WHEN new.status <> 'deleted' THEN new.term_count ELSE 0 END, new.updated_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + excluded.docs, terms = terms + excluded.terms, revision = max(revision, excluded.revision);
  INSERT INTO scope_stats VALUES (new.scope, 'memory_active', new.status <> 'deleted' AND new.active = 1, CASE WHEN new.status <> 'deleted' AND new.active = 1 THEN new.term_count ELSE 0 END, new.updated_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + excluded.docs, terms = terms + excluded.terms, revision = max(revision, excluded.revision);`;
/** What a memory update does to the memory full-text index (migration 3's trigger; since migration 7 only when the terms, the scope or deleted-ness change). */
const MEMORY_SFTS_ON_UPDATE = `  DELETE FROM memories_sfts WHERE rowid = old.rowid;
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  INSERT INTO memories_sfts (rowid, terms)
    SELECT new.rowid, 's' || k.id || '_' || replace(new.terms, ' ', ' s' || k.id || '_') FROM scope_keys k WHERE k.scope = new.scope AND new.status <> 'deleted';`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'turns, memories, embeddings, full-text indexes',
    sql: `
CREATE TABLE turns (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL,
  session_id TEXT NOT NULL,
  user_id TEXT,
  agent_id TEXT,
  seq INTEGER NOT NULL,
  ts TEXT NOT NULL,
  messages TEXT NOT NULL,
  text TEXT NOT NULL,
  terms TEXT NOT NULL,
  term_count INTEGER NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX turns_scope_session_seq ON turns(scope, session_id, seq);
CREATE INDEX turns_scope_ts ON turns(scope, ts);
CREATE INDEX turns_session ON turns(session_id);
CREATE INDEX turns_user ON turns(user_id);

CREATE TABLE memories (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL,
  user_id TEXT,
  agent_id TEXT,
  type TEXT NOT NULL,
  subject TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  confidence REAL NOT NULL,
  single_valued INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  active INTEGER NOT NULL,
  source_session TEXT,
  source_turn TEXT,
  evidence TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  valid_from TEXT,
  valid_to TEXT,
  event_date TEXT,
  supersedes TEXT,
  superseded_by TEXT,
  last_seen_at TEXT,
  deleted_at TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  text TEXT NOT NULL DEFAULT '',
  terms TEXT NOT NULL DEFAULT '',
  term_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX memories_scope_subject_key ON memories(scope, subject, key);
CREATE INDEX memories_scope_created ON memories(scope, created_at);
CREATE INDEX memories_source_session ON memories(source_session);
CREATE INDEX memories_source_turn ON memories(source_turn);
CREATE INDEX memories_user ON memories(user_id);
-- The one-active-row rule, enforced by the database: one active row per single-valued key.
CREATE UNIQUE INDEX memories_one_active ON memories(scope, subject, key) WHERE active = 1 AND single_valued = 1;

CREATE TABLE embeddings (
  scope TEXT NOT NULL,
  owner_kind TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  model TEXT NOT NULL,
  dim INTEGER NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (scope, owner_kind, owner_id, model)
);
CREATE INDEX embeddings_owner ON embeddings(owner_id);
CREATE INDEX embeddings_model ON embeddings(model);

-- Full-text indexes over the analysed terms (external content: the terms live once, in the
-- table). The ascii tokenizer splits on ASCII punctuation/space only and keeps every
-- non-ASCII character, so the analyser's terms are indexed as they are.
CREATE VIRTUAL TABLE turns_fts USING fts5(terms, content='turns', content_rowid='rowid', tokenize="ascii tokenchars '_'");
CREATE TRIGGER turns_fts_ai AFTER INSERT ON turns BEGIN
  INSERT INTO turns_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;
CREATE TRIGGER turns_fts_ad AFTER DELETE ON turns BEGIN
  INSERT INTO turns_fts(turns_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
END;
CREATE TRIGGER turns_fts_au AFTER UPDATE OF terms ON turns BEGIN
  INSERT INTO turns_fts(turns_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
  INSERT INTO turns_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;

CREATE VIRTUAL TABLE memories_fts USING fts5(terms, content='memories', content_rowid='rowid', tokenize="ascii tokenchars '_'");
CREATE TRIGGER memories_fts_ai AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;
CREATE TRIGGER memories_fts_ad AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
END;
CREATE TRIGGER memories_fts_au AFTER UPDATE OF terms ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
  INSERT INTO memories_fts(rowid, terms) VALUES (new.rowid, new.terms);
END;
`,
  },
  {
    version: 2,
    name: 'scope keys: injective encoding of legacy keys; FTS5 secure-delete',
    sql: `${LEGACY_SCOPE_REWRITE}
INSERT INTO turns_fts(turns_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO memories_fts(memories_fts, rank) VALUES ('secure-delete', 1);
INSERT INTO turns_fts(turns_fts) VALUES ('optimize');
INSERT INTO memories_fts(memories_fts) VALUES ('optimize');
`,
  },
  {
    version: 3,
    name: 'recall index: scope-prefixed full-text tokens, per-scope counters and speakers, key/date indexes',
    sql: `
-- Every scope gets a short numeric id; its documents are indexed under scope-prefixed tokens
-- ('s12_biscuit'), so a lexical query matches only that scope's posting lists: a query for one
-- user never reads another user's documents, and fts5vocab gives per-scope document counts.
CREATE TABLE scope_keys (id INTEGER PRIMARY KEY, scope TEXT NOT NULL UNIQUE);
INSERT OR IGNORE INTO scope_keys (scope) SELECT scope FROM turns UNION SELECT scope FROM memories;

DROP TRIGGER turns_fts_ai;
DROP TRIGGER turns_fts_ad;
DROP TRIGGER turns_fts_au;
DROP TABLE turns_fts;
DROP TRIGGER memories_fts_ai;
DROP TRIGGER memories_fts_ad;
DROP TRIGGER memories_fts_au;
DROP TABLE memories_fts;

CREATE VIRTUAL TABLE turns_sfts USING fts5(terms, content='', contentless_delete=1, tokenize="ascii tokenchars '_'");
INSERT INTO turns_sfts(turns_sfts, rank) VALUES ('secure-delete', 1);
CREATE VIRTUAL TABLE turns_svocab USING fts5vocab(turns_sfts, 'row');
INSERT INTO turns_sfts (rowid, terms)
  SELECT t.rowid, 's' || k.id || '_' || replace(t.terms, ' ', ' s' || k.id || '_') FROM turns t JOIN scope_keys k ON k.scope = t.scope;
CREATE TRIGGER turns_sfts_ai AFTER INSERT ON turns BEGIN
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  INSERT INTO turns_sfts (rowid, terms)
    SELECT new.rowid, 's' || k.id || '_' || replace(new.terms, ' ', ' s' || k.id || '_') FROM scope_keys k WHERE k.scope = new.scope;
END;
CREATE TRIGGER turns_sfts_ad AFTER DELETE ON turns BEGIN
  DELETE FROM turns_sfts WHERE rowid = old.rowid;
END;
CREATE TRIGGER turns_sfts_au AFTER UPDATE OF terms, scope ON turns BEGIN
  DELETE FROM turns_sfts WHERE rowid = old.rowid;
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  INSERT INTO turns_sfts (rowid, terms)
    SELECT new.rowid, 's' || k.id || '_' || replace(new.terms, ' ', ' s' || k.id || '_') FROM scope_keys k WHERE k.scope = new.scope;
END;

-- Memories: every non-deleted row (history included; recall filters active rows in the join).
CREATE VIRTUAL TABLE memories_sfts USING fts5(terms, content='', contentless_delete=1, tokenize="ascii tokenchars '_'");
INSERT INTO memories_sfts(memories_sfts, rank) VALUES ('secure-delete', 1);
CREATE VIRTUAL TABLE memories_svocab USING fts5vocab(memories_sfts, 'row');
INSERT INTO memories_sfts (rowid, terms)
  SELECT m.rowid, 's' || k.id || '_' || replace(m.terms, ' ', ' s' || k.id || '_') FROM memories m JOIN scope_keys k ON k.scope = m.scope WHERE m.status <> 'deleted';
CREATE TRIGGER memories_sfts_ai AFTER INSERT ON memories WHEN new.status <> 'deleted' BEGIN
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  INSERT INTO memories_sfts (rowid, terms)
    SELECT new.rowid, 's' || k.id || '_' || replace(new.terms, ' ', ' s' || k.id || '_') FROM scope_keys k WHERE k.scope = new.scope;
END;
CREATE TRIGGER memories_sfts_ad AFTER DELETE ON memories BEGIN
  DELETE FROM memories_sfts WHERE rowid = old.rowid;
END;
CREATE TRIGGER memories_sfts_au AFTER UPDATE OF terms, scope, status ON memories BEGIN
${MEMORY_SFTS_ON_UPDATE}
END;

-- Per-scope counters (documents, total terms, newest write) kept by triggers, so corpus
-- statistics are one row read at any size. Kinds: turn; memory (non-deleted); memory_active.
CREATE TABLE scope_stats (
  scope TEXT NOT NULL,
  kind TEXT NOT NULL,
  docs INTEGER NOT NULL,
  terms INTEGER NOT NULL,
  revision TEXT NOT NULL,
  PRIMARY KEY (scope, kind)
) WITHOUT ROWID;
INSERT INTO scope_stats SELECT scope, 'turn', COUNT(*), COALESCE(SUM(term_count), 0), COALESCE(MAX(created_at), '') FROM turns GROUP BY scope;
INSERT INTO scope_stats SELECT scope, 'memory', SUM(status <> 'deleted'), COALESCE(SUM(CASE WHEN status <> 'deleted' THEN term_count ELSE 0 END), 0), COALESCE(MAX(updated_at), '') FROM memories GROUP BY scope;
INSERT INTO scope_stats SELECT scope, 'memory_active', SUM(status <> 'deleted' AND active = 1), COALESCE(SUM(CASE WHEN status <> 'deleted' AND active = 1 THEN term_count ELSE 0 END), 0), COALESCE(MAX(updated_at), '') FROM memories GROUP BY scope;
CREATE TRIGGER turns_stats_ai AFTER INSERT ON turns BEGIN
  INSERT INTO scope_stats VALUES (new.scope, 'turn', 1, new.term_count, new.created_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + 1, terms = terms + excluded.terms, revision = max(revision, excluded.revision);
END;
CREATE TRIGGER turns_stats_ad AFTER DELETE ON turns BEGIN
  UPDATE scope_stats SET docs = docs - 1, terms = terms - old.term_count WHERE scope = old.scope AND kind = 'turn';
END;
CREATE TRIGGER turns_stats_au AFTER UPDATE OF term_count, scope ON turns BEGIN
  UPDATE scope_stats SET docs = docs - 1, terms = terms - old.term_count WHERE scope = old.scope AND kind = 'turn';
  INSERT INTO scope_stats VALUES (new.scope, 'turn', 1, new.term_count, new.created_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + 1, terms = terms + excluded.terms, revision = max(revision, excluded.revision);
END;
CREATE TRIGGER memories_stats_ai AFTER INSERT ON memories BEGIN
  INSERT INTO scope_stats VALUES (new.scope, 'memory', new.status <> 'deleted', CASE WHEN new.status <> 'deleted' THEN new.term_count ELSE 0 END, new.updated_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + excluded.docs, terms = terms + excluded.terms, revision = max(revision, excluded.revision);
  INSERT INTO scope_stats VALUES (new.scope, 'memory_active', new.status <> 'deleted' AND new.active = 1, CASE WHEN new.status <> 'deleted' AND new.active = 1 THEN new.term_count ELSE 0 END, new.updated_at)
    ON CONFLICT (scope, kind) DO UPDATE SET docs = docs + excluded.docs, terms = terms + excluded.terms, revision = max(revision, excluded.revision);
END;
CREATE TRIGGER memories_stats_ad AFTER DELETE ON memories BEGIN
  UPDATE scope_stats SET docs = docs - (old.status <> 'deleted'), terms = terms - CASE WHEN old.status <> 'deleted' THEN old.term_count ELSE 0 END WHERE scope = old.scope AND kind = 'memory';
  UPDATE scope_stats SET docs = docs - (old.status <> 'deleted' AND old.active = 1), terms = terms - CASE WHEN old.status <> 'deleted' AND old.active = 1 THEN old.term_count ELSE 0 END WHERE scope = old.scope AND kind = 'memory_active';
END;
CREATE TRIGGER memories_stats_au AFTER UPDATE ON memories BEGIN
${MEMORY_COUNTERS_ON_UPDATE}
END;

-- Speakers of each scope (speakerOf: the message name, else the role's label), kept on insert.
CREATE TABLE scope_speakers (scope TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (scope, name)) WITHOUT ROWID;
INSERT OR IGNORE INTO scope_speakers SELECT t.scope, ${SPEAKER_SQL} FROM turns t, json_each(t.messages) AS j;
CREATE TRIGGER turns_speakers_ai AFTER INSERT ON turns BEGIN
  INSERT OR IGNORE INTO scope_speakers SELECT new.scope, ${SPEAKER_SQL} FROM json_each(new.messages) AS j;
END;

-- Key-family and event-date lookups of the recall rankers.
CREATE INDEX memories_scope_key ON memories (scope, key, active);
CREATE INDEX memories_scope_event_when ON memories (scope, type, COALESCE(event_date, valid_from));
-- History notes: the newest-ended inactive rows of a (subject, key) slot, read in index order.
CREATE INDEX memories_history ON memories (scope, subject, key, COALESCE(valid_to, updated_at)) WHERE active = 0;
`,
  },
  {
    version: 4,
    name: 'memories_active_slot: partial index for the ingest read of a slot\'s active rows',
    // The ingest transaction reads the active rows of the candidates' (subject, key) slots. The
    // partial index holds only active rows, so the read costs the same however much history the
    // user has (superseded/historical rows are never visited). The store names it with
    // INDEXED BY, so the plan does not depend on statistics.
    sql: `
CREATE INDEX memories_active_slot ON memories(scope, subject, key) WHERE active = 1;
ANALYZE;
`,
  },
  {
    version: 5,
    name: 'memories_scope_key in key-lookup order and memories_scope_created with id: bounded key lookups and memory pages whatever the history',
    // A key lookup reads each key's best rows (active first, then confidence, then the latest
    // update, then the newest row) straight from this index and stops at its limit: a slot
    // superseded hundreds of times, or an event key with thousands of rows, costs the limit,
    // not its history. A memories page is a keyset range on (scope, created_at, id): with id
    // in the index it stops after the page instead of sorting every row after the cursor.
    sql: `
DROP INDEX IF EXISTS memories_scope_key;
CREATE INDEX memories_scope_key ON memories (scope, key, active, confidence, updated_at);
DROP INDEX IF EXISTS memories_scope_created;
CREATE INDEX memories_scope_created ON memories (scope, created_at, id);
`,
  },
  {
    version: 6,
    name: 'memories_active_slot with event_date: the ingest read of an event slot at its dates',
    // An event key accumulates one active row per event (event_activity: 2,100 rows at 10k turns
    // of the scale user, all read — whole — by every turn that told another activity: ingest grew
    // linearly with the history). Ingest looks an event up again only at its own date (the offline
    // policy's duplicate test is same value and same date), so the slot index gains event_date and
    // that read becomes a probe on all four columns; the (scope, subject, key) reads keep the prefix.
    sql: `
DROP INDEX IF EXISTS memories_active_slot;
CREATE INDEX memories_active_slot ON memories(scope, subject, key, event_date) WHERE active = 1;
ANALYZE;
`,
  },
  {
    version: 7,
    name: 'scope_term_docs: per-scope document counts of each index term, kept by triggers',
    // A lexical query needs the per-scope document count of every term whose postings it cut
    // (a common word). fts5vocab computes it by walking the term's whole posting list, so its cost
    // followed the history (memories "event": 0.11 ms at 10k turns, 0.66 ms at 100k; turns "user":
    // 0.38 → 2.2 ms). These counts are kept at write time instead (the same figure fts5vocab gives:
    // documents holding the term, deleted memories left out, as the full-text tables), and read by
    // primary key. A row's terms are split on spaces through json_quote, so any content parses; a
    // count that reaches 0 drops its row, so a deleted user's words leave no row (secure_delete).
    sql: `
CREATE TABLE scope_term_docs (scope_id INTEGER NOT NULL, kind TEXT NOT NULL, term TEXT NOT NULL, docs INTEGER NOT NULL, PRIMARY KEY (scope_id, kind, term)) WITHOUT ROWID;
INSERT INTO scope_term_docs (scope_id, kind, term, docs)
  SELECT k.id, 'turn', d.term, COUNT(*) FROM (SELECT DISTINCT t.rowid AS r, t.scope AS scope, j.value AS term FROM turns t, ${TERMS_OF('t.terms')} j WHERE j.value <> '') d JOIN scope_keys k ON k.scope = d.scope GROUP BY k.id, d.term;
INSERT INTO scope_term_docs (scope_id, kind, term, docs)
  SELECT k.id, 'memory', d.term, COUNT(*) FROM (SELECT DISTINCT m.rowid AS r, m.scope AS scope, j.value AS term FROM memories m, ${TERMS_OF('m.terms')} j WHERE j.value <> '' AND m.status <> 'deleted') d JOIN scope_keys k ON k.scope = d.scope GROUP BY k.id, d.term;
CREATE TRIGGER turns_terms_ai AFTER INSERT ON turns BEGIN
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  ${countUp('turn', 'new', 'TRUE')}
END;
CREATE TRIGGER turns_terms_ad AFTER DELETE ON turns WHEN ${HAS_COUNTS('turn', 'old')} BEGIN
  ${countDown('turn', 'old', 'TRUE')}
END;
CREATE TRIGGER turns_terms_au AFTER UPDATE OF terms, scope ON turns WHEN old.terms IS NOT new.terms OR old.scope IS NOT new.scope BEGIN
  ${countDown('turn', 'old', 'TRUE')}
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  ${countUp('turn', 'new', 'TRUE')}
END;
CREATE TRIGGER memories_terms_ai AFTER INSERT ON memories WHEN new.status <> 'deleted' BEGIN
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  ${countUp('memory', 'new', 'TRUE')}
END;
CREATE TRIGGER memories_terms_ad AFTER DELETE ON memories WHEN old.status <> 'deleted' AND ${HAS_COUNTS('memory', 'old')} BEGIN
  ${countDown('memory', 'old', 'TRUE')}
END;
CREATE TRIGGER memories_terms_au AFTER UPDATE OF terms, scope, status ON memories
  WHEN old.terms IS NOT new.terms OR old.scope IS NOT new.scope OR (old.status = 'deleted') IS NOT (new.status = 'deleted') BEGIN
  ${countDown('memory', 'old', "old.status <> 'deleted'")}
  INSERT OR IGNORE INTO scope_keys (scope) VALUES (new.scope);
  ${countUp('memory', 'new', "new.status <> 'deleted'")}
END;
`,
  },
  {
    version: 8,
    name: 'memory update triggers fire only for what changes: the full-text row on terms, scope or deletion, the counters on counted columns',
    // Ingest updates ~1.5 memories a turn: reinforcements (confidence, updated_at) and retirements
    // (status, active, valid_to). A retirement re-indexed the row's unchanged terms (a secure delete
    // and an insert in memories_sfts), a reinforcement ran four upserts of scope_stats to move the
    // revision. The full-text row depends only on the terms, the scope and whether the row is
    // deleted; the counters only on scope, status, active and term_count, else only the revision
    // moves (docs/ingest.md, Session 15).
    sql: `
DROP TRIGGER memories_sfts_au;
CREATE TRIGGER memories_sfts_au AFTER UPDATE OF terms, scope, status ON memories
WHEN old.terms IS NOT new.terms OR old.scope IS NOT new.scope OR (old.status = 'deleted') IS NOT (new.status = 'deleted') BEGIN
${MEMORY_SFTS_ON_UPDATE}
END;
DROP TRIGGER memories_stats_au;
CREATE TRIGGER memories_stats_au AFTER UPDATE ON memories
WHEN old.scope IS NOT new.scope OR old.status IS NOT new.status OR old.active IS NOT new.active OR old.term_count IS NOT new.term_count BEGIN
${MEMORY_COUNTERS_ON_UPDATE}
END;
CREATE TRIGGER memories_stats_au_revision AFTER UPDATE ON memories
WHEN old.scope IS new.scope AND old.status IS new.status AND old.active IS new.active AND old.term_count IS new.term_count BEGIN
  UPDATE scope_stats SET revision = max(revision, new.updated_at) WHERE scope = new.scope AND kind IN ('memory', 'memory_active');
END;
`,
  },
  {
    version: 9,
    name: 'memories_retracted: the ended values of a slot, without its superseded history',
    // The change lookup ("no longer vegetarian") needs a key's retracted rows. In memories_scope_key
    // and memories_history they sort among the superseded ones, so a slot's long history (687 job
    // titles on the 10k-turn bench user) pushed an older retraction out of a bounded cut (session 15).
    // This index holds only retracted rows, latest end last per (subject, key).
    sql: `
CREATE INDEX memories_retracted ON memories (scope, subject, key, COALESCE(valid_to, updated_at)) WHERE status = 'retracted';
`,
  },
  {
    version: 10,
    name: 'full-text rows of new turns and memories written by the store, batched per commit (insert triggers dropped)',
    // FTS5 flushes its pending rows to a new segment at every statement savepoint, so a row written
    // by an insert trigger became a segment of its own as soon as the next statement began (one per
    // turn and one per memory; group commit did not merge them: ~99 pwrite64 a turn, half of a
    // turn's transaction CPU). The store now writes the full-text rows of the turns and memories
    // inserted by a commit in one statement per table just before its COMMIT (TURNS_FTS_SQL,
    // MEMORIES_FTS_SQL in store.ts), from the rows as they are then: one segment per table a commit.
    // The delete and update triggers stay (a deletion still removes its rows at once, secure-delete
    // on). Rows already in the tables keep their full-text rows.
    sql: `
DROP TRIGGER turns_sfts_ai;
DROP TRIGGER memories_sfts_ai;
`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
