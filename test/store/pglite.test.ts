// Store conformance on PGlite (embedded PostgreSQL in WASM) with the pgvector extension: the
// pgvector/HNSW path of the PostgreSQL store, running the same SQL as the server.
import { createPgliteStore } from '../../src/store/postgres/create.ts';
import { runStoreConformance } from './conformance.ts';

runStoreConformance('pglite + pgvector', () => createPgliteStore(null), { kind: 'pglite', vectorSearch: 'pgvector-hnsw' });
