/**
 * @module test/store/bench-backends
 * Store latency by backend (not part of `npm test`): ingest through MemoryService (offline
 * extraction, one transaction per turn), the lexical path recall uses (lexicalCandidates +
 * corpusStats), and vector search over N random vectors. Run:
 *   node --import tsx test/store/bench-backends.ts [turns=600] [vectors=2000] [dim=384]
 * PostgreSQL runs in a fresh schema that is dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryStore } from '../../src/core/ports.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore, createPostgresStore } from '../../src/store/postgres/create.ts';
import { dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

const TURNS = Number(process.argv[2] ?? 600);
const VECTORS = Number(process.argv[3] ?? 2000);
const DIM = Number(process.argv[4] ?? 384);

const TOPICS = ['hiking in the alps', 'my sister Maya in Paris', 'the new job at Notion', 'walking Biscuit this morning', 'a vegan recipe', 'the trip to Lisbon', 'learning Portuguese', 'the marathon training', 'a jazz concert', 'moving apartments'];
const QUERIES = ['where does the user work', 'what pet does the user have', 'trip to Lisbon', 'favourite music', 'sister Paris', 'marathon training plan'];

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms, p99 ${pct(xs, 99).toFixed(2)} ms`;

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

async function run(name: string, store: MemoryStore): Promise<Record<string, string>> {
  await store.migrate();
  const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
  const user = `bench-${Date.now()}`;
  const ingest: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const t0 = performance.now();
    await service.ingestTurn({
      sessionId: `s${Math.floor(i / 20)}`,
      userId: user,
      messages: [{ role: 'user', content: `Turn ${i}: I keep thinking about ${TOPICS[i % TOPICS.length]} and ${TOPICS[(i * 7) % TOPICS.length]}.` }],
      timestamp: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    });
    ingest.push(performance.now() - t0);
  }
  const scope = `u:${user}`;
  const lexical: number[] = [];
  for (let r = 0; r < 20; r++) {
    for (const q of QUERIES) {
      const terms = [...new Set(analyze(q))];
      const t0 = performance.now();
      await Promise.all([store.lexicalCandidates(scope, 'turn', terms, 500), store.corpusStats(scope, 'turn'), store.lexicalCandidates(scope, 'memory', terms, 500), store.corpusStats(scope, 'memory')]);
      lexical.push(performance.now() - t0);
    }
  }
  const rand = rng(42);
  for (let i = 0; i < VECTORS; i++) {
    await store.putEmbedding(scope, { ownerKind: 'turn', ownerId: `v${i}`, model: 'bench', dim: DIM, vector: Array.from({ length: DIM }, rand) });
  }
  const vector: number[] = [];
  for (let r = 0; r < 50; r++) {
    const q = Array.from({ length: DIM }, rand);
    const t0 = performance.now();
    await store.vectorSearch(scope, 'turn', 'bench', q, 20);
    vector.push(performance.now() - t0);
  }
  const info = await store.info();
  await store.close();
  return { backend: name, vectorSearch: info.vectorSearch, ingest: fmt(ingest), lexical: fmt(lexical), vector: fmt(vector) };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-store-'));
const schema = freshSchemaName('bench');
const rows: Array<Record<string, string>> = [];
try {
  rows.push(await run('sqlite (file, WAL)', new SqliteMemoryStore(join(dir, 'bench.db'))));
  rows.push(await run('postgres 15 (server, exact real[])', await createPostgresStore(urlWithSchema(schema), { poolSize: 4 })));
  rows.push(await run('pglite + pgvector (HNSW)', await createPgliteStore(null)));
} finally {
  rmSync(dir, { recursive: true, force: true });
  await dropSchema(schema).catch(() => {});
}
console.log(`store latency: ${TURNS} turns ingested (offline extraction), lexical = recall's candidate+stats queries, ${VECTORS} vectors × ${DIM} dims, top-20`);
console.table(rows);
