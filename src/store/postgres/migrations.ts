/**
 * @module store/postgres/migrations
 * Versioned PostgreSQL schema, shared by the server and PGlite. All pending migrations run in
 * one transaction holding an advisory lock keyed by the schema name, so replicas starting
 * together apply them once. Mirrors src/store/sqlite/migrations.ts table for table; every
 * table carries `scope` and every unique key includes it, so tables can be distributed by
 * scope (Citus) or partitioned. Append new versions, never edit applied ones.
 */
import type { SqlQuery } from './executor.ts';
import { quoteIdent } from './executor.ts';
import { LEGACY_SCOPE_REWRITE } from '../scope-migration.ts';

export interface PgMigration {
  version: number;
  name: string;
  up(q: SqlQuery): Promise<void>;
}

/** Advisory-lock class for migrations (the second key is hashtext(schema)). */
export const MIGRATION_LOCK_CLASS = 7_169_390;
/** Advisory-lock class for per-scope write transactions (the second key is hashtext(scope)). */
export const SCOPE_LOCK_CLASS = 7_169_389;

const CORE_SQL = `
CREATE FUNCTION terms_tsvector(t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$ SELECT array_to_tsvector(ARRAY(SELECT DISTINCT x FROM unnest(string_to_array(t, ' ')) AS x WHERE x <> '' AND octet_length(x) <= 1000)) $fn$;

CREATE TABLE turns (
  rid bigint GENERATED ALWAYS AS IDENTITY,
  id text NOT NULL,
  scope text NOT NULL,
  session_id text NOT NULL,
  user_id text,
  agent_id text,
  seq integer NOT NULL,
  ts text NOT NULL,
  messages jsonb NOT NULL,
  text text NOT NULL,
  terms text NOT NULL,
  term_count integer NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at text NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (terms_tsvector(terms)) STORED,
  PRIMARY KEY (scope, id)
);
CREATE UNIQUE INDEX turns_scope_session_seq ON turns (scope, session_id, seq);
CREATE INDEX turns_scope_rid ON turns (scope, rid);
CREATE INDEX turns_scope_ts ON turns (scope, ts);
CREATE INDEX turns_id ON turns (id);
CREATE INDEX turns_session ON turns (session_id);
CREATE INDEX turns_user ON turns (user_id);
CREATE INDEX turns_tsv ON turns USING gin (tsv);

CREATE TABLE memories (
  rid bigint GENERATED ALWAYS AS IDENTITY,
  id text NOT NULL,
  scope text NOT NULL,
  user_id text,
  agent_id text,
  type text NOT NULL,
  subject text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  confidence double precision NOT NULL,
  single_valued boolean NOT NULL DEFAULT false,
  status text NOT NULL,
  active boolean NOT NULL,
  source_session text,
  source_turn text,
  evidence text NOT NULL DEFAULT '',
  created_at text NOT NULL,
  updated_at text NOT NULL,
  valid_from text,
  valid_to text,
  event_date text,
  supersedes text,
  superseded_by text,
  last_seen_at text,
  deleted_at text,
  metadata jsonb NOT NULL DEFAULT '{}',
  text text NOT NULL DEFAULT '',
  terms text NOT NULL DEFAULT '',
  term_count integer NOT NULL DEFAULT 0,
  tsv tsvector GENERATED ALWAYS AS (terms_tsvector(terms)) STORED,
  PRIMARY KEY (scope, id)
);
CREATE INDEX memories_scope_subject_key ON memories (scope, subject, key);
CREATE INDEX memories_scope_rid ON memories (scope, rid);
CREATE INDEX memories_id ON memories (id);
CREATE INDEX memories_source_session ON memories (source_session);
CREATE INDEX memories_source_turn ON memories (source_turn);
CREATE INDEX memories_user ON memories (user_id);
CREATE INDEX memories_tsv ON memories USING gin (tsv);
-- The one-active-row rule, enforced by the database: one active row per single-valued key.
CREATE UNIQUE INDEX memories_one_active ON memories (scope, subject, key) WHERE active AND single_valued;
`;

const EMBEDDINGS_SQL = (vectorType: string) => `
CREATE TABLE embeddings (
  scope text NOT NULL,
  owner_kind text NOT NULL,
  owner_id text NOT NULL,
  model text NOT NULL,
  dim integer NOT NULL,
  vector ${vectorType} NOT NULL,
  PRIMARY KEY (scope, owner_kind, owner_id, model)
);
CREATE INDEX embeddings_lookup ON embeddings (scope, owner_kind, model, dim);
CREATE INDEX embeddings_owner ON embeddings (owner_id);
CREATE INDEX embeddings_model ON embeddings (model);
`;

/**
 * Tries to enable pgvector inside a savepoint; false when the extension is not installed on
 * the server or the role may not create it. The decision is fixed by the column type.
 */
async function tryPgvector(q: SqlQuery): Promise<boolean> {
  try {
    await q.savepoint(async (sp) => {
      await sp.query('CREATE EXTENSION IF NOT EXISTS vector SCHEMA public');
      await sp.query("SELECT '[1,2]'::vector(2)");
    });
    return true;
  } catch {
    return false;
  }
}


/** A message's speaker in SQL over jsonb_array_elements (alias j): speakerOf in src/core/render.ts. */
export const PG_SPEAKER_SQL = `COALESCE(NULLIF(btrim(j.value->>'name'), ''), CASE j.value->>'role' WHEN 'user' THEN 'User' WHEN 'assistant' THEN 'Assistant' WHEN 'system' THEN 'System' ELSE 'Tool' END)`;

/**
 * The recall index: scope-prefixed lexemes (the first 12 hex digits of md5(scope), then '_')
 * in a GIN-indexed tsvector, so a lexical query reads only the scope's posting lists; per-scope
 * counters and speakers kept by triggers; key-family and event-date indexes.
 */
const RECALL_INDEX_SQL = `
CREATE FUNCTION scoped_tsvector(s text, t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $fn$ SELECT array_to_tsvector(ARRAY(SELECT DISTINCT left(md5(s), 12) || '_' || x FROM unnest(string_to_array(t, ' ')) AS x WHERE x <> '' AND octet_length(x) <= 1000)) $fn$;

DROP INDEX turns_tsv;
DROP INDEX memories_tsv;
ALTER TABLE turns DROP COLUMN tsv;
ALTER TABLE memories DROP COLUMN tsv;
ALTER TABLE turns ADD COLUMN stsv tsvector GENERATED ALWAYS AS (scoped_tsvector(scope, terms)) STORED;
ALTER TABLE memories ADD COLUMN stsv tsvector GENERATED ALWAYS AS (scoped_tsvector(scope, terms)) STORED;
CREATE INDEX turns_stsv ON turns USING gin (stsv);
CREATE INDEX memories_stsv ON memories USING gin (stsv) WHERE status <> 'deleted';
CREATE INDEX memories_scope_key ON memories (scope, key COLLATE "C", active);
CREATE INDEX memories_history ON memories (scope, subject, key, (COALESCE(valid_to, updated_at)) COLLATE "C") WHERE NOT active;
CREATE INDEX memories_scope_event_when ON memories (scope, type, (COALESCE(event_date, valid_from)));

CREATE TABLE scope_stats (
  scope text NOT NULL,
  kind text NOT NULL,
  docs bigint NOT NULL,
  terms bigint NOT NULL,
  revision text NOT NULL,
  PRIMARY KEY (scope, kind)
);
INSERT INTO scope_stats SELECT scope, 'turn', COUNT(*), COALESCE(SUM(term_count), 0), COALESCE(MAX(created_at), '') FROM turns GROUP BY scope;
INSERT INTO scope_stats SELECT scope, 'memory', COUNT(*) FILTER (WHERE status <> 'deleted'), COALESCE(SUM(term_count) FILTER (WHERE status <> 'deleted'), 0), COALESCE(MAX(updated_at), '') FROM memories GROUP BY scope;
INSERT INTO scope_stats SELECT scope, 'memory_active', COUNT(*) FILTER (WHERE status <> 'deleted' AND active), COALESCE(SUM(term_count) FILTER (WHERE status <> 'deleted' AND active), 0), COALESCE(MAX(updated_at), '') FROM memories GROUP BY scope;

CREATE FUNCTION scope_stats_add(s text, k text, d bigint, t bigint, rev text) RETURNS void
  LANGUAGE sql
  AS $fn$ INSERT INTO scope_stats AS x VALUES (s, k, d, t, rev) ON CONFLICT (scope, kind) DO UPDATE SET docs = x.docs + excluded.docs, terms = x.terms + excluded.terms, revision = GREATEST(x.revision COLLATE "C", excluded.revision COLLATE "C") $fn$;

CREATE TABLE scope_speakers (scope text NOT NULL, name text NOT NULL, PRIMARY KEY (scope, name));
INSERT INTO scope_speakers SELECT DISTINCT t.scope, ${PG_SPEAKER_SQL} FROM turns t, jsonb_array_elements(t.messages) AS j(value) ON CONFLICT DO NOTHING;

CREATE FUNCTION turns_recall_index() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM scope_stats_add(OLD.scope, 'turn', -1, -OLD.term_count, '');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM scope_stats_add(NEW.scope, 'turn', 1, NEW.term_count, NEW.created_at);
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO scope_speakers SELECT DISTINCT NEW.scope, ${PG_SPEAKER_SQL} FROM jsonb_array_elements(NEW.messages) AS j(value) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER turns_recall_index AFTER INSERT OR DELETE OR UPDATE OF term_count, scope ON turns FOR EACH ROW EXECUTE FUNCTION turns_recall_index();

CREATE FUNCTION memories_recall_index() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF OLD.status <> 'deleted' THEN
      PERFORM scope_stats_add(OLD.scope, 'memory', -1, -OLD.term_count, '');
      IF OLD.active THEN PERFORM scope_stats_add(OLD.scope, 'memory_active', -1, -OLD.term_count, ''); END IF;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM scope_stats_add(NEW.scope, 'memory', CASE WHEN NEW.status <> 'deleted' THEN 1 ELSE 0 END, CASE WHEN NEW.status <> 'deleted' THEN NEW.term_count ELSE 0 END, NEW.updated_at);
    PERFORM scope_stats_add(NEW.scope, 'memory_active', CASE WHEN NEW.status <> 'deleted' AND NEW.active THEN 1 ELSE 0 END, CASE WHEN NEW.status <> 'deleted' AND NEW.active THEN NEW.term_count ELSE 0 END, NEW.updated_at);
  END IF;
  RETURN NULL;
END $fn$;
CREATE TRIGGER memories_recall_index AFTER INSERT OR DELETE OR UPDATE OF status, active, term_count, scope, updated_at ON memories FOR EACH ROW EXECUTE FUNCTION memories_recall_index();
`;

/**
 * Per-scope document frequencies (issue 13): how many documents of a kind in a scope hold a term,
 * the PostgreSQL counterpart of SQLite's fts5vocab tables, so termFrequencies is a primary-key
 * read instead of a COUNT(*) per term over the GIN index and the heap. The terms of a document
 * are exactly the lexemes of its stsv (the scope prefix, 13 characters, cut off), so each count
 * equals `COUNT(*) … WHERE scope = $1 AND stsv @@ 'prefix_term'` (memories: status <> 'deleted').
 * Kept by triggers in the writing transaction: inserts and deletes with one statement-level
 * upsert per write statement (transition tables: a batch of rows is one INSERT … SELECT … ON
 * CONFLICT); updates that change a memory's terms, scope or deleted-ness row by row (a WHEN
 * clause skips every other update, so last_seen_at touches and supersession cost nothing). A
 * count that reaches 0 deletes its row.
 */
const SCOPE_TERMS_SQL = `
CREATE TABLE scope_terms (
  scope text NOT NULL,
  kind text NOT NULL,
  term text NOT NULL,
  docs bigint NOT NULL,
  PRIMARY KEY (scope, kind, term)
);
INSERT INTO scope_terms SELECT scope, 'turn', substr(l, 14), COUNT(*) FROM turns, unnest(tsvector_to_array(stsv)) AS l GROUP BY 1, 3;
INSERT INTO scope_terms SELECT scope, 'memory', substr(l, 14), COUNT(*) FROM memories, unnest(tsvector_to_array(stsv)) AS l WHERE status <> 'deleted' GROUP BY 1, 3;

-- Adds per-(scope, term) deltas of one kind in one statement (keys in a stable order, so
-- concurrent writers lock rows alike), then drops the rows that reached 0. The delete is
-- planned at each call (EXECUTE): a plan cached while the table was empty would scan it whole.
CREATE FUNCTION scope_terms_apply(k text, s text[], t text[], n bigint[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE zs text[]; zt text[];
BEGIN
  IF s IS NULL THEN RETURN; END IF;
  WITH up AS (
    INSERT INTO scope_terms AS x (scope, kind, term, docs)
      SELECT u.s, k, u.t, u.n FROM unnest(s, t, n) AS u(s, t, n) ORDER BY u.s COLLATE "C", u.t COLLATE "C"
      ON CONFLICT (scope, kind, term) DO UPDATE SET docs = x.docs + excluded.docs
      RETURNING x.scope, x.term, x.docs)
  SELECT array_agg(up.scope), array_agg(up.term) INTO zs, zt FROM up WHERE up.docs <= 0;
  IF zs IS NOT NULL THEN
    EXECUTE 'DELETE FROM scope_terms x USING unnest($1::text[], $2::text[]) AS z(s, t) WHERE x.scope = z.s AND x.kind = $3 AND x.term = z.t AND x.docs <= 0' USING zs, zt, k;
  END IF;
END $fn$;

CREATE FUNCTION scope_terms_rows() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE s text[]; t text[]; n bigint[];
BEGIN
  IF TG_TABLE_NAME = 'turns' AND TG_OP = 'INSERT' THEN
    SELECT array_agg(d.scope), array_agg(d.term), array_agg(d.n) INTO s, t, n FROM (
      SELECT r.scope, substr(l, 14) AS term, COUNT(*) AS n FROM added r, unnest(tsvector_to_array(r.stsv)) AS l GROUP BY 1, 2) d;
  ELSIF TG_TABLE_NAME = 'turns' THEN
    SELECT array_agg(d.scope), array_agg(d.term), array_agg(d.n) INTO s, t, n FROM (
      SELECT r.scope, substr(l, 14) AS term, -COUNT(*) AS n FROM removed r, unnest(tsvector_to_array(r.stsv)) AS l GROUP BY 1, 2) d;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.scope), array_agg(d.term), array_agg(d.n) INTO s, t, n FROM (
      SELECT r.scope, substr(l, 14) AS term, COUNT(*) AS n FROM added r, unnest(tsvector_to_array(r.stsv)) AS l WHERE r.status <> 'deleted' GROUP BY 1, 2) d;
  ELSE
    SELECT array_agg(d.scope), array_agg(d.term), array_agg(d.n) INTO s, t, n FROM (
      SELECT r.scope, substr(l, 14) AS term, -COUNT(*) AS n FROM removed r, unnest(tsvector_to_array(r.stsv)) AS l WHERE r.status <> 'deleted' GROUP BY 1, 2) d;
  END IF;
  PERFORM scope_terms_apply(CASE TG_TABLE_NAME WHEN 'turns' THEN 'turn' ELSE 'memory' END, s, t, n);
  RETURN NULL;
END $fn$;

-- A row whose terms, scope or deleted-ness changed: its old lexemes out, its new ones in.
CREATE FUNCTION scope_terms_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE s text[]; t text[]; n bigint[]; was boolean := true; is_now boolean := true;
BEGIN
  IF TG_TABLE_NAME = 'memories' THEN
    was := OLD.status <> 'deleted';
    is_now := NEW.status <> 'deleted';
  END IF;
  SELECT array_agg(d.scope), array_agg(d.term), array_agg(d.n) INTO s, t, n FROM (
    SELECT e.scope, e.term, SUM(e.n)::bigint AS n FROM (
      SELECT OLD.scope AS scope, substr(l, 14) AS term, -1 AS n FROM unnest(tsvector_to_array(OLD.stsv)) AS l WHERE was
      UNION ALL
      SELECT NEW.scope, substr(l, 14), 1 FROM unnest(tsvector_to_array(NEW.stsv)) AS l WHERE is_now
    ) e GROUP BY 1, 2 HAVING SUM(e.n) <> 0) d;
  PERFORM scope_terms_apply(CASE TG_TABLE_NAME WHEN 'turns' THEN 'turn' ELSE 'memory' END, s, t, n);
  RETURN NULL;
END $fn$;

CREATE TRIGGER turns_terms_insert AFTER INSERT ON turns REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION scope_terms_rows();
CREATE TRIGGER turns_terms_delete AFTER DELETE ON turns REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION scope_terms_rows();
CREATE TRIGGER turns_terms_update AFTER UPDATE OF terms, scope ON turns FOR EACH ROW
  WHEN (OLD.terms IS DISTINCT FROM NEW.terms OR OLD.scope IS DISTINCT FROM NEW.scope) EXECUTE FUNCTION scope_terms_update();
CREATE TRIGGER memories_terms_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION scope_terms_rows();
CREATE TRIGGER memories_terms_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION scope_terms_rows();
CREATE TRIGGER memories_terms_update AFTER UPDATE OF terms, scope, status ON memories FOR EACH ROW
  WHEN (OLD.terms IS DISTINCT FROM NEW.terms OR OLD.scope IS DISTINCT FROM NEW.scope OR (OLD.status = 'deleted') IS DISTINCT FROM (NEW.status = 'deleted'))
  EXECUTE FUNCTION scope_terms_update();
ANALYZE scope_terms;
`;

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: 'turns, memories, embeddings (pgvector or real[]), tsvector GIN indexes',
    async up(q) {
      await q.exec(CORE_SQL);
      const pgvector = await tryPgvector(q);
      await q.exec(EMBEDDINGS_SQL(pgvector ? 'vector' : 'real[]'));
    },
  },
  {
    version: 2,
    name: 'scope keys: injective encoding of legacy keys',
    async up(q) {
      await q.exec(LEGACY_SCOPE_REWRITE);
    },
  },
  {
    version: 3,
    name: 'recall index: scope-prefixed tsvector (GIN), per-scope counters and speakers, key/date indexes',
    async up(q) {
      await q.exec(RECALL_INDEX_SQL);
    },
  },
  {
    version: 4,
    name: 'memories_active_slot: partial index for the ingest read of a slot\'s active rows',
    // Mirrors the SQLite migration: the ingest transaction's read of the candidates' active
    // slot rows visits active rows only, however long the user's history. ANALYZE gives the
    // planner statistics at once (autovacuum keeps them fresh afterwards).
    async up(q) {
      await q.exec(`CREATE INDEX memories_active_slot ON memories (scope, subject, key) WHERE active;
ANALYZE memories;
ANALYZE turns;`);
    },
  },
  {
    version: 5,
    name: 'memories_scope_created: keyset pages of a user\'s memories read from an index',
    // Mirrors SQLite's migration 5 for pages: (created_at, id) > cursor ORDER BY created_at, id
    // LIMIT n is an index range that stops after the page, however long the history.
    async up(q) {
      await q.exec(`CREATE INDEX IF NOT EXISTS memories_scope_created ON memories (scope, created_at COLLATE "C", id COLLATE "C");
ANALYZE memories;`);
    },
  },
  {
    version: 6,
    name: 'memories_active_slot with event_date: the ingest read of an event slot at its dates',
    // Mirrors SQLite's migration 6: an event key accumulates a row per event (thousands over
    // years); ingest looks an event up again only at its own date, an index probe on the 4th column.
    async up(q) {
      await q.exec(`DROP INDEX IF EXISTS memories_active_slot;
CREATE INDEX memories_active_slot ON memories (scope, subject, key, event_date) WHERE active;
ANALYZE memories;`);
    },
  },
  {
    version: 7,
    name: 'scope_terms: per-scope document frequencies of terms, kept by triggers',
    async up(q) {
      await q.exec(SCOPE_TERMS_SQL);
    },
  },
  {
    version: 8,
    name: 'GIN full-text indexes without a pending list (fastupdate off), the existing list merged',
    // With fastupdate (the default) new entries go to an unsorted pending list, up to
    // gin_pending_list_limit (4 MB), that every lookup of the index scans whole until a vacuum
    // merges it: a store built by one import had all 10,000 turns of a user there, and each
    // per-term postings read of a recall paid a scan of 368 pages. Off: each insert writes its
    // entries into the tree (the cost moves to the writer, a few lexemes per turn), and a lookup
    // reads only the posting lists of its lexemes.
    async up(q) {
      await q.exec(`ALTER INDEX turns_stsv SET (fastupdate = off);
ALTER INDEX memories_stsv SET (fastupdate = off);
SELECT gin_clean_pending_list('turns_stsv'::regclass);
SELECT gin_clean_pending_list('memories_stsv'::regclass);`);
    },
  },
  {
    version: 9,
    name: 'memories_key_rank: a key\'s non-deleted rows in key-lookup order',
    // Mirrors SQLite's memories_scope_key (scope, key, active, confidence, updated_at): a key
    // lookup reads each key's best rows straight from the index and stops at its limit, instead
    // of reading and sorting every row of the keys asked for (a user's 2,100 activity events).
    async up(q) {
      await q.exec(`CREATE INDEX IF NOT EXISTS memories_key_rank ON memories (scope, key COLLATE "C", active DESC, confidence DESC, updated_at COLLATE "C" DESC, rid DESC) WHERE status <> 'deleted';
ANALYZE memories;`);
    },
  },
  {
    version: 10,
    name: 'memories_retracted: the ended values of a slot, without its superseded history',
    // Mirrors SQLite's memories_retracted (its migration 9): the change lookup reads a key's
    // retracted rows, latest end first, from an index that holds no superseded row, so a slot's
    // long history cannot push an older retraction out of the bounded cut (session 16).
    async up(q) {
      await q.exec(`CREATE INDEX IF NOT EXISTS memories_retracted ON memories (scope, subject, key COLLATE "C", (COALESCE(valid_to, updated_at)) COLLATE "C") WHERE status = 'retracted';
ANALYZE memories;`);
    },
  },
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS[PG_MIGRATIONS.length - 1].version;

/** Applies pending migrations under the migration advisory lock (idempotent). */
export async function migratePg(exec: { transaction<T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> }, schema: string): Promise<number[]> {
  return exec.transaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1::int4, hashtext($2::text))', [MIGRATION_LOCK_CLASS, schema]);
    if (schema !== 'public') await q.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await q.query(`SET LOCAL search_path TO ${quoteIdent(schema)}, public, extensions`);
    await q.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q.query('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of PG_MIGRATIONS) {
      if (done.has(m.version)) continue;
      await m.up(q);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
