// Ids the service gives turns and memories are time-ordered (UUIDv7, monotonic within a
// millisecond): rankings that break score ties by id order by creation, identically on every run.
// Before they were random v4 ids, and LoCoMo evidence recall moved by up to 0.002 between two runs
// of the same tree (docs/benchmarks.md, session 9).
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

describe('MemoryService ids', () => {
  test('turn and memory ids sort in the order they were created, even within one millisecond', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
    const made = Array.from({ length: 500 }, () => service.newId());
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    const pets = ['Rex', 'Miso', 'Pip', 'Juniper', 'Tango', 'Clover'];
    const turnIds: string[] = [];
    for (const [i, name] of pets.entries()) {
      const r = await service.ingestTurn({ sessionId: 's1', userId: 'ids-user', timestamp: `2024-0${i + 1}-01T09:00:00Z`, messages: [{ role: 'user', content: `I adopted a dog named ${name}.` }] });
      turnIds.push(r.turn.id);
    }
    expect([...turnIds].sort()).toEqual(turnIds);
    const memories = (await store.listMemories((await store.listScopes())[0], { includeInactive: true })).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(memories.length).toBeGreaterThan(1);
    expect(memories.map((m) => m.id)).toEqual([...memories.map((m) => m.id)].sort());
    await store.close();
  });
});
