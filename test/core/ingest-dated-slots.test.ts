// Ingest's slot read at event dates (datedSlots): a turn that asserts a dated event reads that
// event key's active rows of that date only — an event key accumulates a row per event, so
// reading it whole made ingest grow with the history — and the store it builds is the store the
// whole-slot read builds (the offline policy finds an asserted event again only at its date).
import { afterEach, describe, expect, test } from 'vitest';
import { datedSlots, MemoryService, type TurnInput } from '../../src/core/service.ts';
import type { MemoryStore, StoreTx } from '../../src/core/ports.ts';
import type { MemoryCandidate } from '../../src/core/types.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { generateTurns } from '../../bench/lib/scale-gen.ts';

const cand = (key: string, extra: Partial<MemoryCandidate> = {}): MemoryCandidate =>
  ({ type: key.startsWith('event') ? 'event' : 'fact', subject: 'user', key, value: 'v', confidence: 0.8, evidence: 'e', op: 'assert', eventDate: key.startsWith('event') ? '2026-03-01' : undefined, ...extra }) as MemoryCandidate;

describe('datedSlots', () => {
  test.each<[string, MemoryCandidate[], { keys: string[]; dates: string[] }]>([
    ['a dated event assert', [cand('event_activity')], { keys: ['event_activity'], dates: ['2026-03-01'] }],
    ['two dates of one key', [cand('event_activity'), cand('event_activity', { eventDate: '2026-03-02' })], { keys: ['event_activity'], dates: ['2026-03-01', '2026-03-02'] }],
    ['an undated event reads whole', [cand('event_activity', { eventDate: undefined })], { keys: [], dates: [] }],
    ['a correction of the key reads whole', [cand('event_activity'), cand('event_activity', { op: 'correct', replaces: 'x' })], { keys: [], dates: [] }],
    ['a retraction reads whole', [cand('event_trip', { op: 'retract' })], { keys: [], dates: [] }],
    ['a fact key reads whole', [cand('employer'), cand('event_trip')], { keys: ['event_trip'], dates: ['2026-03-01'] }],
    ['an any-key candidate reads every key whole', [cand('event_trip'), cand('pet', { metadata: { anyKey: true } })], { keys: [], dates: [] }],
  ])('%s', (_name, cands, want) => {
    expect(datedSlots(cands)).toEqual(want);
  });
});

/** The store with ingest's slot reads counted, and optionally made whole (the read before datedSlots). */
function watched(store: MemoryStore, whole: boolean, rows: number[]): MemoryStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return <T>(scope: string, fn: (tx: StoreTx) => Promise<T>) =>
        target.transaction(scope, (tx) =>
          fn({
            ...tx,
            insertTurn: (t) => tx.insertTurn(t),
            memoriesByKey: (s, subject, key) => tx.memoriesByKey(s, subject, key),
            insertMemory: (m) => tx.insertMemory(m),
            insertMemories: (ms) => tx.insertMemories(ms),
            updateMemory: (s, id, patch) => tx.updateMemory(s, id, patch),
            putEmbedding: (s, e) => tx.putEmbedding(s, e),
            activeMemories: async (s, filter) => {
              const out = await tx.activeMemories(s, whole && filter ? { subjects: filter.subjects, keys: filter.keys } : filter);
              rows.push(out.length);
              return out;
            },
          }),
        );
    },
  });
}

const stores: MemoryStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function service(store: MemoryStore): MemoryService {
  let id = 0;
  let tick = Date.parse('2026-01-01T00:00:00Z');
  return new MemoryService({ store, offlineExtractor: new OfflineExtractor(), newId: () => `id-${++id}`, clock: () => new Date((tick += 1000)) });
}

test('ingest reads an event key at the event date only, and stores what the whole-slot read stores', async () => {
  const inputs: TurnInput[] = [...generateTurns(600)].map((t) => ({ sessionId: t.sessionId, userId: 'u', timestamp: t.timestamp, messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }] }));
  const [a, b] = [new SqliteMemoryStore(':memory:'), new SqliteMemoryStore(':memory:')];
  stores.push(a, b);
  await a.migrate();
  await b.migrate();
  const [wholeRows, datedRows] = [[] as number[], [] as number[]];
  const [sa, sb] = [service(watched(a, true, wholeRows)), service(watched(b, false, datedRows))];
  for (const input of inputs) {
    await sa.ingestTurn(input);
    await sb.ingestTurn(input);
  }
  const snap = async (s: MemoryStore) => ({ memories: await s.listMemories('u:u', { includeInactive: true }), stats: await s.corpusStats('u:u', 'memory') });
  const [x, y] = [await snap(a), await snap(b)];
  expect(x.memories.filter((m) => m.key === 'event_activity').length).toBeGreaterThan(100);
  expect(y).toEqual(x);
  // The whole read grows with the event history; the dated one stays at a date's rows.
  const sum = (xs: number[]) => xs.reduce((s, n) => s + n, 0);
  expect(Math.max(...wholeRows)).toBeGreaterThan(100);
  expect(Math.max(...datedRows)).toBeLessThan(20);
  expect(sum(datedRows) * 10).toBeLessThan(sum(wholeRows));
}, 60_000);
