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
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
