// MemoryService.importTurns (bench:scale's import path): the store it builds is the store that
// ingesting the same turns one by one through ingestTurn builds — turns, memories (superseded
// chains included) and counters — on SQLite and on PGlite, across transaction boundaries.
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryService, type TurnInput } from '../../src/core/service.ts';
import type { MemoryStore } from '../../src/core/ports.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { createPgliteStore } from '../../src/store/postgres/create.ts';
import { generateTurns } from '../../bench/lib/scale-gen.ts';

const USER = 'import-user';
const turn = (sessionId: string, timestamp: string, user: string, assistant = 'Ok.'): TurnInput => ({ sessionId, userId: USER, timestamp, messages: [{ role: 'user', content: user }, { role: 'assistant', content: assistant }] });
const inputs: TurnInput[] = [...generateTurns(160)].map((t) => turn(t.sessionId, t.timestamp, t.user, t.assistant));
// Corrections read the session's recent turns: one pair inside a batch, one across a batch boundary (72 | 73).
inputs.splice(10, 0, turn('fix-a', '2021-01-03T12:00:00Z', 'I am flying to Porto on June 3rd.'), turn('fix-a', '2021-01-03T12:01:00Z', 'Sorry, I meant Lisbon.'));
inputs.splice(72, 0, turn('fix-b', '2021-01-20T12:00:00Z', 'I work at Atlassian.'), turn('fix-b', '2021-01-20T12:01:00Z', 'Sorry, I meant Canva.'));

/** A service with deterministic ids and clock, so two builds can be compared row by row. */
function service(store: MemoryStore): MemoryService {
  let id = 0;
  let tick = Date.parse('2026-01-01T00:00:00Z');
  return new MemoryService({ store, offlineExtractor: new OfflineExtractor(), newId: () => `id-${String(++id).padStart(6, '0')}`, clock: () => new Date((tick += 1000)) });
}

async function snapshot(store: MemoryStore) {
  const scope = `u:${USER}`;
  const memories = await store.listMemories(scope, { includeInactive: true });
  const turns = await store.listTurns(scope, { limit: 10_000 });
  return { memories, turns, stats: [await store.corpusStats(scope, 'turn'), await store.corpusStats(scope, 'memory')], names: await store.scopeNames(scope) };
}

const stores: MemoryStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe.each([
  ['sqlite', async () => new SqliteMemoryStore(':memory:') as MemoryStore],
  ['pglite', async () => createPgliteStore(null)],
])('importTurns on %s', (_name, open) => {
  test('stores what ingestTurn one by one stores (batches of 73 turns: sessions of 5 span transactions)', async () => {
    const one = await open();
    const many = await open();
    stores.push(one, many);
    await one.migrate();
    await many.migrate();
    const a = service(one);
    for (const input of inputs) await a.ingestTurn(input);
    const b = service(many);
    for (let i = 0; i < inputs.length; i += 73) await b.importTurns(inputs.slice(i, i + 73));
    const [x, y] = [await snapshot(one), await snapshot(many)];
    expect(x.memories.length).toBeGreaterThan(50);
    expect(x.memories.some((m) => !m.active)).toBe(true);
    // The correction replaced Atlassian by Canva (a later generated job may supersede Canva in turn).
    const canva = x.memories.find((m) => m.value === 'Canva');
    const atlassian = x.memories.find((m) => m.value === 'Atlassian');
    expect(atlassian?.active).toBe(false);
    expect(canva && atlassian?.supersededBy).toBe(canva?.id);
    expect(y.turns).toEqual(x.turns);
    expect(y.memories).toEqual(x.memories);
    expect(y.stats).toEqual(x.stats);
    expect(y.names).toEqual(x.names);
  }, 60_000);
});
