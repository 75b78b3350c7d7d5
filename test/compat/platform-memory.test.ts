/**
 * PlatformMemory over a real MemoryService and SQLite store with an embedder double: the
 * near-duplicate tier (embedding similarity merges a fact stored under another key) and its
 * graceful degradation when the embedder fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { EmbedderPort } from '../../src/core/ports.ts';
import { PlatformMemory } from '../../src/core/compat/platform-memory.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { ScriptedExtractor } from './scripted-extractor.ts';

const U = '11111111-1111-4111-8111-111111111111';
const A = '22222222-2222-4222-8222-222222222222';
const S = '44444444-4444-4444-8444-444444444444';

/**
 * Embeds a memory text by the first word of its value (after "key: "), one-hot over 64 buckets:
 * "user residence: Berlin" and "user location: Berlin Mitte" are identical (cosine 1), other
 * cities are orthogonal. Turn texts get a constant vector.
 */
class FirstWordEmbedder implements EmbedderPort {
  readonly model = 'first-word-test';
  readonly dim = 64;
  failing = false;
  async embed(texts: string[]): Promise<number[][]> {
    if (this.failing) throw new Error('embedding provider down');
    return texts.map((t) => {
      const v = new Array(64).fill(0);
      const value = t.includes(': ') ? t.slice(t.indexOf(': ') + 2) : '';
      const w = value.split(/\s+/)[0]?.toLowerCase() ?? '';
      let h = 7;
      for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 64;
      v[w ? h : 0] = 1;
      return v;
    });
  }
}

const dirs: string[] = [];
const stores: SqliteMemoryStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(embedder: EmbedderPort | null) {
  const dir = mkdtempSync(join(tmpdir(), 'compat-core-'));
  dirs.push(dir);
  const store = new SqliteMemoryStore(join(dir, 'm.db'));
  stores.push(store);
  await store.migrate();
  const service = new MemoryService({ store, offlineExtractor: new ScriptedExtractor(), embedder });
  return new PlatformMemory(service, { charBudget: 2000, maxTranscriptChars: 12000, minConfidence: 0.6 });
}

const run = (p: PlatformMemory, transcript: string) => p.extract({ transcript, sessionId: S, userId: U, avatarId: A });

test('a near-duplicate under another key is merged into one updated fact superseding it', async () => {
  const p = await setup(new FirstWordEmbedder());
  const [first] = await run(p, 'User: I reside in Berlin.');
  expect(first).toMatchObject({ fact_key: 'residence', fact_value: 'Berlin' });
  const saved = await run(p, 'User: I live in Berlin Mitte.');
  expect(saved.map((f) => [f.fact_key, f.fact_value, f.status])).toEqual([['residence', 'Berlin Mitte', 'active']]);
  const all = await p.list(U, A);
  expect(all.map((f) => [f.fact_key, f.fact_value, f.status])).toEqual([
    ['residence', 'Berlin', 'superseded'],
    ['residence', 'Berlin Mitte', 'active'],
  ]);
  // a different city is not a near-duplicate: it is a new fact under its own key
  const other = await run(p, 'User: I live in Oslo.');
  expect(other.map((f) => [f.fact_key, f.fact_value])).toEqual([['location', 'Oslo']]);
});

test('without an embedder only exact and same-key deduplication apply', async () => {
  const p = await setup(null);
  await run(p, 'User: I reside in Berlin.');
  const saved = await run(p, 'User: I live in Berlin Mitte.');
  expect(saved.map((f) => f.fact_key)).toEqual(['location']);
  expect((await p.list(U, A)).filter((f) => f.status === 'active')).toHaveLength(2);
});

test('an embedder failure degrades to exact/same-key deduplication, never an error', async () => {
  const embedder = new FirstWordEmbedder();
  const p = await setup(embedder);
  await run(p, 'User: I reside in Berlin.');
  embedder.failing = true;
  const saved = await run(p, 'User: I live in Berlin Mitte.');
  expect(saved.map((f) => f.fact_key)).toEqual(['location']);
  const ctx = await p.injectionContext(U, A);
  expect(ctx.facts_count).toBe(2);
});
