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
