/**
 * Re-embedding and the start-up embedding-space check on real stores (SQLite file, PGlite with
 * pgvector): a model change leaves the old space untouched, reembed fills the new one, and the
 * store reports both models separately.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { MemoryStore } from '../../src/core/ports.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { reembed } from '../../src/core/reembed.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore } from '../../src/store/postgres/create.ts';
import { checkEmbeddingSpace } from '../../src/providers/embedding-space.ts';
import { OpenAiCompatibleEmbedder } from '../../src/providers/openai/openai-embedder.ts';
import { startOpenAiApiDouble } from './doubles/openai-api-double.ts';

const dir = mkdtempSync(join(tmpdir(), 'reembed-stores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: Array<[string, () => Promise<MemoryStore>]> = [
  ['sqlite', async () => new SqliteMemoryStore(join(dir, 'r.sqlite'))],
  ['pglite', async () => createPgliteStore(null)],
];

describe.each(stores)('reembed on %s', (_name, makeStore) => {
  test('model A at ingest, model B configured later: degraded, reembed fills B, A untouched', async () => {
    const double = await startOpenAiApiDouble({ embeddingDim: 16 });
    const store = await makeStore();
    await store.migrate();
    try {
      const embedA = new OpenAiCompatibleEmbedder({ baseURL: `${double.url}/v1`, model: 'model-a', dimensions: 16, fetch, timeoutMs: 3000, maxRetries: 0 });
      const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), embedder: embedA });
      for (const text of ['I live in Lisbon.', 'My sister Maya lives in Porto.', 'We adopted a dog named Biscuit.']) {
        await service.ingestTurn({ sessionId: 's1', userId: 'u1', messages: [{ role: 'user', content: text }] });
      }
      const before = await store.embeddingModels();
      expect(before.map((m) => [m.model, m.dim])).toEqual([['model-a', 16]]);

      const embedB = new OpenAiCompatibleEmbedder({ baseURL: `${double.url}/v1`, model: 'model-b', dimensions: 8, fetch, timeoutMs: 3000, maxRetries: 0 });
      const findings = await checkEmbeddingSpace(store, embedB);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain(`store holds ${before[0].count} vectors of model-a (dim 16)`);

      const r = await reembed(store, embedB, { batchSize: 2 });
      expect(r.embedded).toBe(before[0].count);
      expect(await store.missingEmbeddings('model-b', 100)).toEqual([]);
      const after = await store.embeddingModels();
      expect(after.map((m) => [m.model, m.dim, m.count])).toEqual([
        ['model-a', 16, before[0].count],
        ['model-b', 8, before[0].count],
      ]);
      // Vector search in the new space finds the turn that shares words with the query.
      const [q] = await embedB.embed(['dog Biscuit']);
      const hits = await store.vectorSearch('u:u1', 'turn', 'model-b', q, 3);
      const top = await store.getTurn('u:u1', hits[0].id);
      expect(top?.text).toContain('Biscuit');
    } finally {
      await store.close();
      await double.close();
    }
  });
});
