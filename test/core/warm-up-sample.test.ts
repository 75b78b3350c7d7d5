/**
 * @module test/core/warm-up-sample
 * MemoryService.warmUpOnSample (run by src/server.ts at start-up): the made-up conversation is
 * ingested into the scratch store it is given, every warm-up question then finds rows (so recall's
 * ranking, features, rendering and memory lines ran) but the two the sample cannot answer, the caller's pause runs
 * before each recall, and the service's own store is left untouched.
 */
import { afterEach, expect, test } from 'vitest';
import { MemoryService, WARM_UP_QUESTIONS, WARM_UP_SAMPLE_PASSES } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { WARM_UP_SAMPLE, WARM_UP_SAMPLE_QUESTIONS } from '../../src/core/warm-up-sample.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

const opened: SqliteMemoryStore[] = [];
const store = () => {
  const s = new SqliteMemoryStore(':memory:');
  opened.push(s);
  return s;
};
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

test('the sample lands in the scratch store, every warm-up question is answered from it, the own store stays empty', async () => {
  const own = store();
  await own.migrate();
  const service = new MemoryService({ store: own, offlineExtractor: new OfflineExtractor() });
  const scratch = store();
  let pauses = 0;
  const r = await service.warmUpOnSample(scratch, async () => {
    pauses++;
  });
  const asked = [...WARM_UP_QUESTIONS, ...WARM_UP_SAMPLE_QUESTIONS];
  expect(r.recalls).toBe(WARM_UP_SAMPLE_PASSES * asked.length);
  expect(pauses).toBe(r.recalls);
  // Every question finds rows but the two the sample cannot answer (nothing recent; a general-knowledge question).
  const unanswerable = ['What have I been up to lately?', 'What is the boiling point of water?'];
  expect(unanswerable.every((q) => asked.includes(q))).toBe(true);
  expect(r.answered).toBe(WARM_UP_SAMPLE_PASSES * (asked.length - unanswerable.length));

  const sample = new MemoryService({ store: scratch, offlineExtractor: new OfflineExtractor() });
  expect(await sample.listUsers()).toEqual(['warm-up']);
  expect((await sample.listUserTurns('warm-up', { limit: 100, offset: 0 })).length).toBe(WARM_UP_SAMPLE.length);
  // Memory rows too, so the memory lines are exercised, not only the turns.
  expect((await sample.listUserMemories('warm-up')).length).toBeGreaterThan(3);
  const work = await sample.recall({ query: WARM_UP_QUESTIONS[0], sessionId: null, userId: 'warm-up', maxTokens: 512 });
  expect(work.context).toMatch(/Northwind|data analyst/);

  expect(await service.listUsers()).toEqual([]);
  expect((await own.corpusStats(service.scopeOf('warm-up', null).key, 'turn')).count).toBe(0);
});

test("the server's background warm-up logs a failure and closes its scratch store instead of throwing", async () => {
  const { warmUpOnSample } = await import('../../src/server.ts');
  const logged: string[] = [];
  let scratch: SqliteMemoryStore | null = null;
  const failing = {
    async warmUpOnSample(s: SqliteMemoryStore): Promise<{ recalls: number; ms: number }> {
      scratch = s;
      throw new Error('boom');
    },
  };
  await expect(warmUpOnSample(failing, { info: (_o, m) => logged.push(m), warn: (_o, m) => logged.push(m) })).resolves.toBeUndefined();
  expect(logged).toEqual(['recall warm-up on a sample failed; continuing']);
  // Closed: a closed better-sqlite3 connection refuses work.
  await expect(scratch!.migrate()).rejects.toThrow();
});
