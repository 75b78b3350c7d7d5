/**
 * MemoryService.ingestsInFlight: the count of turns being ingested at once, over every tenant, that the turn pool
 * reads to decide when the main thread shares small turns with its workers (docs/ingest.md, Session 11).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor } from '../../src/core/ports.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'ingest-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('turns in ingest are counted while they run, over tenants, and the count returns to 0 after a failure', async () => {
  const store = new SqliteMemoryStore(join(dir, 'm.db'));
  await store.migrate();
  const seen: number[] = [];
  let service: MemoryService;
  const extractor: Extractor = {
    name: 'probe',
    async extract(messages) {
      seen.push(service.ingestsInFlight);
      await new Promise((r) => setTimeout(r, 20));
      if (messages[0]!.content === 'boom') throw new Error('extractor failed');
      return [];
    },
  };
  service = new MemoryService({ store, offlineExtractor: extractor });
  const other = service.forTenant('t2');
  const turn = (content: string, userId = 'u1') => ({ userId, sessionId: 's1', messages: [{ role: 'user' as const, content }] });
  expect(service.ingestsInFlight).toBe(0);
  await Promise.all([service.ingestTurn(turn('one')), service.ingestTurn(turn('two', 'u2')), other.ingestTurn(turn('three'))]);
  expect(Math.max(...seen)).toBe(3);
  expect(service.ingestsInFlight).toBe(0);
  await expect(service.ingestTurn(turn('boom'))).rejects.toThrow();
  expect(service.ingestsInFlight).toBe(0);
  expect(other.ingestsInFlight).toBe(0);
  await store.close();
});
