/**
 * @module test/store/conformance
 * The one store-level suite every MemoryStore backend must pass (SQLite, PostgreSQL, PGlite):
 * migrations, turns and their sequence, the lexical index (hostile terms included), corpus
 * stats, memory CRUD/filters/history, the one-active-row rule, transactions, deletion
 * semantics, vectors, scope isolation and exact Unicode round-trips. Each backend's test file
 * calls runStoreConformance(name, makeStore).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MemoryStore, StoreInfo } from '../../src/core/ports.ts';
import type { MemoryRecord, NewTurn } from '../../src/core/types.ts';
import { ConflictError } from '../../src/core/errors.ts';
import { indexTerms } from '../../src/core/text/analyze.ts';
import { scopeOf } from '../../src/core/scope.ts';
import { byCodePoint, POSTINGS_CAP } from '../../src/store/lexical.ts';

export interface ConformanceOptions {
  /** Expected `info().kind`. */
  kind: StoreInfo['kind'];
  /** Expected `info().vectorSearch`. */
  vectorSearch: StoreInfo['vectorSearch'];
}

let counter = 0;
const uid = (p: string) => `${p}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function turn(scope: string, sessionId: string, content: string, extra: Partial<NewTurn> = {}): NewTurn {
  const text = `User: ${content}`;
  const { terms, termCount } = indexTerms(text);
  return {
    id: uid('t'),
    scope,
    sessionId,
    userId: scope.startsWith('u:') ? scope.slice(2).split('|a:')[0] : null,
    agentId: null,
    timestamp: '2026-01-02T03:04:05.000Z',
    messages: [{ role: 'user', content }],
    text,
    terms,
    termCount,
    metadata: {},
    createdAt: '2026-01-02T03:04:05.000Z',
    ...extra,
  };
}

export function memory(scope: string, key: string, value: string, extra: Partial<MemoryRecord> = {}): MemoryRecord {
  const text = `${key.replace(/_/g, ' ')}: ${value}`;
  const { terms, termCount } = indexTerms(text);
  return {
    id: uid('m'),
    scope,
    userId: scope.startsWith('u:') ? scope.slice(2).split('|a:')[0] : null,
    agentId: null,
    type: 'fact',
    subject: 'user',
    key,
    value,
    confidence: 0.9,
    singleValued: true,
    status: 'active',
    active: true,
    sourceSession: null,
    sourceTurn: null,
    evidence: text,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    validFrom: null,
    validTo: null,
    eventDate: null,
    supersedes: null,
    supersededBy: null,
    lastSeenAt: null,
    deletedAt: null,
    metadata: {},
    text,
    terms,
    termCount,
    ...extra,
  };
}

const terms = (s: string) => indexTerms(s).terms.split(' ').filter(Boolean);

export function runStoreConformance(name: string, makeStore: () => Promise<MemoryStore>, opts: ConformanceOptions): void {
  runRecallIndexConformance(name, makeStore);
  describe(`MemoryStore conformance: ${name}`, () => {
    let store: MemoryStore;
    beforeAll(async () => {
      store = await makeStore();
      await store.migrate();
    });
    afterAll(async () => {
      await store?.close();
    });

    test('migrations are idempotent and info reports the backend', async () => {
      await store.migrate();
      await store.migrate();
      const info = await store.info();
      expect(info.kind).toBe(opts.kind);
      expect(info.vectorSearch).toBe(opts.vectorSearch);
      expect(info.schemaVersion).toBeGreaterThanOrEqual(1);
      expect(await store.ping()).toBe(true);
    });

    test('insertTurn assigns seq per session and reads return turns in order', async () => {
      const scope = `u:${uid('seq')}`;
      const s1 = uid('s');
      const s2 = uid('s');
      const got = await store.transaction(scope, async (tx) => [
        await tx.insertTurn(turn(scope, s1, 'one', { timestamp: '2026-01-01T00:00:01.000Z' })),
        await tx.insertTurn(turn(scope, s1, 'two', { timestamp: '2026-01-01T00:00:02.000Z' })),
        await tx.insertTurn(turn(scope, s2, 'other session', { timestamp: '2026-01-01T00:00:03.000Z' })),
        await tx.insertTurn(turn(scope, s1, 'three', { timestamp: '2026-01-01T00:00:04.000Z' })),
      ]);
      expect(got.map((t) => t.seq)).toEqual([1, 2, 1, 3]);
      expect((await store.getTurn(scope, got[1].id))?.messages[0].content).toBe('two');
      expect((await store.sessionTurns(scope, s1, 2, 3)).map((t) => t.seq)).toEqual([2, 3]);
      expect((await store.recentTurns(scope, s1, 2)).map((t) => t.messages[0].content)).toEqual(['two', 'three']);
      expect((await store.latestTurns(scope, 2)).map((t) => t.messages[0].content)).toEqual(['other session', 'three']);
      expect((await store.listTurns(scope, { sessionId: s1 })).map((t) => t.seq)).toEqual([1, 2, 3]);
      expect(await store.listTurns(scope)).toHaveLength(4);
      expect((await store.listTurns(scope, { limit: 2, offset: 1 })).map((t) => t.messages[0].content)).toEqual(['two', 'other session']);
      const byIds = await store.getTurns(scope, [got[3].id, got[0].id, 'missing']);
      expect(byIds.map((t) => t.id)).toEqual([got[3].id, got[0].id]);
      expect(await store.getTurn(scope, 'missing')).toBeNull();
      expect(await store.getTurns(scope, [])).toEqual([]);
    });

    test('concurrent transactions on one scope never duplicate a seq', async () => {
      const scope = `u:${uid('conc')}`;
      const s = uid('s');
      const seqs = await Promise.all(Array.from({ length: 12 }, (_, i) => store.transaction(scope, async (tx) => (await tx.insertTurn(turn(scope, s, `msg ${i}`))).seq)));
      expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    test('lexicalCandidates returns every doc containing any term, scoped, with exact terms', async () => {
      const scope = `u:${uid('lex')}`;
      const other = `u:${uid('lex')}`;
      const s = uid('s');
      const [a, b, c] = await store.transaction(scope, async (tx) => [
        await tx.insertTurn(turn(scope, s, 'I adopted a dog named Biscuit')),
        await tx.insertTurn(turn(scope, s, 'My employer is Notion and I walk the dog daily')),
        await tx.insertTurn(turn(scope, s, 'Completely unrelated sentence about weather')),
      ]);
      await store.transaction(other, async (tx) => tx.insertTurn(turn(other, s, 'Another user has a dog too')));
      const hits = (await store.lexicalCandidates(scope, 'turn', terms('dog'), 100)).docs;
      expect(hits.map((h) => h.id).sort()).toEqual([a.id, b.id].sort());
      const hitB = hits.find((h) => h.id === b.id)!;
      expect(hitB.terms).toBe(b.terms);
      expect(hitB.termCount).toBe(b.termCount);
      const any = (await store.lexicalCandidates(scope, 'turn', [...terms('biscuit'), ...terms('weather')], 100)).docs;
      expect(any.map((h) => h.id).sort()).toEqual([a.id, c.id].sort());
      expect((await store.lexicalCandidates(scope, 'turn', ['nothingmatcheszz'], 100)).docs).toEqual([]);
      expect((await store.lexicalCandidates(scope, 'turn', [], 100)).docs).toEqual([]);
      expect((await store.lexicalCandidates(scope, 'turn', terms('dog'), 1)).docs).toHaveLength(1);
    });

    test('a query expanded to hundreds of terms is answered (SQLite caps a compound SELECT at 500 parts)', async () => {
      const scope = `u:${uid('lexwide')}`;
      const s = uid('s');
      const [a] = await store.transaction(scope, async (tx) => [await tx.insertTurn(turn(scope, s, 'coriander makes everything taste of soap'))]);
      const wide = [...Array.from({ length: 600 }, (_, i) => `nomatchterm${i}`), ...terms('coriander')];
      for (const kind of ['turn', 'memory'] as const) await expect(store.lexicalCandidates(scope, kind, wide, 50)).resolves.toBeTruthy();
      expect((await store.lexicalCandidates(scope, 'turn', wide, 50)).docs.map((d) => d.id)).toEqual([a.id]);
      expect(Object.keys(await store.termFrequencies(scope, 'turn', wide))).toHaveLength(wide.length);
    });

    test.each([['"NEAR(" OR *'], ['dog"'], ["'dog' | !"], ['*'], ['NOT'], ['a:b'], ['\\'], ['(((('], ['dog AND'], ['{terms}:x'], ['']])(
      'hostile term %j is data, never query syntax',
      async (hostile) => {
        const scope = `u:${uid('hostile')}`;
        const s = uid('s');
        const t = await store.transaction(scope, async (tx) => tx.insertTurn(turn(scope, s, 'the dog barks near the gate')));
        const hits = (await store.lexicalCandidates(scope, 'turn', [hostile], 10)).docs;
        expect(hits).toEqual([]);
        const withReal = (await store.lexicalCandidates(scope, 'turn', [hostile, ...terms('gate')], 10)).docs;
        expect(withReal.map((h) => h.id)).toEqual([t.id]);
      },
    );

    test('a stored term that looks like syntax is found by exactly that term', async () => {
      const scope = `u:${uid('synt')}`;
      const t = await store.transaction(scope, async (tx) => tx.insertTurn({ ...turn(scope, uid('s'), 'x'), terms: 'near or not and', termCount: 4 }));
      expect(((await store.lexicalCandidates(scope, 'turn', ['near'], 10)).docs).map((h) => h.id)).toEqual([t.id]);
      expect(((await store.lexicalCandidates(scope, 'turn', ['or'], 10)).docs).map((h) => h.id)).toEqual([t.id]);
    });

    test('corpusStats counts docs and terms per scope and kind', async () => {
      const scope = `u:${uid('stats')}`;
      expect(await store.corpusStats(scope, 'turn')).toMatchObject({ count: 0, totalTerms: 0 });
      const ts = await store.transaction(scope, async (tx) => [await tx.insertTurn(turn(scope, 's', 'alpha beta gamma')), await tx.insertTurn(turn(scope, 's', 'delta'))]);
      const m = memory(scope, 'employer', 'Notion');
      await store.transaction(scope, (tx) => tx.insertMemory(m));
      expect(await store.corpusStats(scope, 'turn')).toMatchObject({ count: 2, totalTerms: ts[0].termCount + ts[1].termCount });
      expect(await store.corpusStats(scope, 'memory')).toMatchObject({ count: 1, totalTerms: m.termCount });
    });

    test('corpusStats revision changes with every write even when counts stay equal (recall cache version)', async () => {
      const scope = `u:${uid('rev')}`;
      const m = memory(scope, 'employer', 'Acme');
      await store.transaction(scope, (tx) => tx.insertMemory(m));
      const before = await store.corpusStats(scope, 'memory');
      // A reinforcement changes neither the row count nor the terms, only updated_at.
      await store.transaction(scope, (tx) => tx.updateMemory(scope, m.id, { confidence: 0.95, updatedAt: '2026-02-01T00:00:00.000Z' }));
      const after = await store.corpusStats(scope, 'memory');
      expect(after).toMatchObject({ count: before.count, totalTerms: before.totalTerms });
      expect(after.revision).not.toBe(before.revision);
      // A deleted session replaced by a new turn of the same size: same count and terms, new revision.
      const oldSession = uid('old-session');
      await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, oldSession, 'alpha beta')));
      const t1 = await store.corpusStats(scope, 'turn');
      await store.deleteSession(oldSession, () => true);
      await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, 'new', 'alpha beta', { createdAt: '2026-03-01T00:00:00.000Z' })));
      const t2 = await store.corpusStats(scope, 'turn');
      expect(t2).toMatchObject({ count: t1.count, totalTerms: t1.totalTerms });
      expect(t2.revision).not.toBe(t1.revision);
    });

    test('memories round-trip every field; update patches; filters and history', async () => {
      const scope = `u:${uid('mem')}`;
      const m1 = memory(scope, 'employer', 'Acme', { metadata: { category: 'work', nested: { a: [1, 2] } }, validFrom: '2024-01-01', eventDate: '2024-02-03', confidence: 0.75, sourceSession: 'sess-1', sourceTurn: 'turn-1' });
      await store.transaction(scope, (tx) => tx.insertMemory(m1));
      expect(await store.getMemory(scope, m1.id)).toEqual(m1);
      expect(await store.getMemory(null, m1.id)).toEqual(m1);
      expect(await store.getMemory(`u:${uid('x')}`, m1.id)).toBeNull();

      // Supersession: the old row goes inactive first, then the new one is inserted.
      const m2 = memory(scope, 'employer', 'Notion', { supersedes: m1.id, createdAt: '2026-02-01T00:00:00.000Z' });
      await store.transaction(scope, async (tx) => {
        await tx.updateMemory(scope, m1.id, { active: false, status: 'superseded', supersededBy: m2.id, validTo: '2026-02-01T00:00:00.000Z' });
        await tx.insertMemory(m2);
      });
      const pref = memory(scope, 'likes', 'hiking', { type: 'preference', singleValued: false, sourceSession: 'sess-2' });
      const pref2 = memory(scope, 'likes', 'jazz', { type: 'preference', singleValued: false });
      const sister = memory(scope, 'location', 'Paris', { subject: 'sister maya' });
      await store.transaction(scope, async (tx) => {
        await tx.insertMemory(pref);
        await tx.insertMemory(pref2);
        await tx.insertMemory(sister);
      });
      const old = await store.getMemory(scope, m1.id);
      expect(old).toMatchObject({ active: false, status: 'superseded', supersededBy: m2.id, validTo: '2026-02-01T00:00:00.000Z', value: 'Acme' });

      const active = await store.listMemories(scope);
      expect(active.map((m) => m.id).sort()).toEqual([m2.id, pref.id, pref2.id, sister.id].sort());
      expect((await store.listMemories(scope, { includeInactive: true })).map((m) => m.id)).toContain(m1.id);
      expect((await store.listMemories(scope, { key: 'employer' })).map((m) => m.value)).toEqual(['Notion']);
      expect((await store.listMemories(scope, { keys: ['likes'] })).map((m) => m.value).sort()).toEqual(['hiking', 'jazz']);
      expect((await store.listMemories(scope, { types: ['preference'] })).length).toBe(2);
      expect((await store.listMemories(scope, { subject: 'sister maya' })).map((m) => m.id)).toEqual([sister.id]);
      expect((await store.listMemories(scope, { sessionId: 'sess-2' })).map((m) => m.id)).toEqual([pref.id]);
      expect(await store.listMemories(scope, { keys: [] })).toEqual([]);
      expect(await store.listMemories(scope, { includeInactive: true, limit: 2 })).toHaveLength(2);
      expect(await store.listMemories(scope, { includeInactive: true, limit: 10, offset: 4 })).toHaveLength(1);

      const history = await store.transaction(scope, (tx) => tx.memoriesByKey(scope, 'user', 'employer'));
      expect(history.map((m) => m.value)).toEqual(['Notion', 'Acme']);
      const act = await store.transaction(scope, (tx) => tx.activeMemories(scope, { subjects: ['user'], keys: ['employer', 'likes'] }));
      expect(act.map((m) => m.id).sort()).toEqual([m2.id, pref.id, pref2.id].sort());
      expect(await store.transaction(scope, (tx) => tx.activeMemories(scope, { subjects: [], keys: [] }))).toEqual([]);
      expect((await store.transaction(scope, (tx) => tx.activeMemories(scope))).length).toBe(4);

      await store.touchMemories(scope, [m2.id], '2026-03-01T00:00:00.000Z');
      expect((await store.getMemory(scope, m2.id))?.lastSeenAt).toBe('2026-03-01T00:00:00.000Z');

      // Memory lexical candidates.
      const hits = (await store.lexicalCandidates(scope, 'memory', terms('notion'), 10)).docs;
      expect(hits.map((h) => h.id)).toEqual([m2.id]);
    });

    test('a second active row for a single-valued key is a ConflictError, and the transaction rolls back', async () => {
      const scope = `u:${uid('one')}`;
      const a = memory(scope, 'location', 'Berlin');
      await store.transaction(scope, (tx) => tx.insertMemory(a));
      const s = uid('s');
      let caught: unknown;
      try {
        await store.transaction(scope, async (tx) => {
          await tx.insertTurn(turn(scope, s, 'I live in Lisbon'));
          await tx.insertMemory(memory(scope, 'location', 'Lisbon'));
        });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(ConflictError);
      expect((caught as ConflictError).code).toBe('CONFLICT');
      expect((caught as ConflictError).cause).toBeDefined();
      expect(await store.listTurns(scope, { sessionId: s })).toEqual([]);
      expect((await store.listMemories(scope)).map((m) => m.value)).toEqual(['Berlin']);
      // Multi-valued keys, other subjects and inactive rows are not constrained.
      await store.transaction(scope, async (tx) => {
        await tx.insertMemory(memory(scope, 'location', 'Paris', { subject: 'sister' }));
        await tx.insertMemory(memory(scope, 'location', 'Rome', { active: false, status: 'historical' }));
        await tx.insertMemory(memory(scope, 'pet', 'Biscuit', { singleValued: false }));
        await tx.insertMemory(memory(scope, 'pet', 'Rex', { singleValued: false }));
      });
      // The same key in another scope is independent.
      const other = `u:${uid('one')}`;
      await store.transaction(other, (tx) => tx.insertMemory(memory(other, 'location', 'Oslo')));
      // A duplicate id is a conflict too.
      await expect(store.transaction(scope, (tx) => tx.insertMemory({ ...a, key: 'other_key' }))).rejects.toBeInstanceOf(ConflictError);
    });

    test('a transaction that throws rolls back everything and later ones still work', async () => {
      const scope = `u:${uid('rb')}`;
      const s = uid('s');
      const m = memory(scope, 'diet', 'vegan');
      await expect(
        store.transaction(scope, async (tx) => {
          await tx.insertTurn(turn(scope, s, 'first'));
          await tx.insertMemory(m);
          await tx.putEmbedding(scope, { ownerKind: 'memory', ownerId: m.id, model: 'm', dim: 2, vector: [1, 0] });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.listTurns(scope)).toEqual([]);
      expect(await store.getMemory(scope, m.id)).toBeNull();
      expect(await store.vectorSearch(scope, 'memory', 'm', [1, 0], 5)).toEqual([]);
      const t = await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, s, 'second')));
      expect(t.seq).toBe(1);
      expect(await store.transaction(scope, async () => 42)).toBe(42);
    });

    test('vectors: exact cosine order, scoped by scope/kind/model/dim, upsert replaces', async () => {
      const scope = `u:${uid('vec')}`;
      const other = `u:${uid('vec')}`;
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: 'a', model: 'mini', dim: 3, vector: [1, 0, 0] });
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: 'b', model: 'mini', dim: 3, vector: [0.6, 0.8, 0] });
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: 'c', model: 'mini', dim: 3, vector: [0, 0, 1] });
      await store.putEmbedding(scope, { ownerKind: 'turn', ownerId: 't', model: 'mini', dim: 3, vector: [1, 0, 0] });
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: 'd', model: 'big', dim: 4, vector: [1, 0, 0, 0] });
      await store.putEmbedding(other, { ownerKind: 'memory', ownerId: 'x', model: 'mini', dim: 3, vector: [1, 0, 0] });
      const hits = await store.vectorSearch(scope, 'memory', 'mini', [1, 0, 0], 10);
      expect(hits.map((h) => h.id)).toEqual(['a', 'b', 'c']);
      expect(hits[0].score).toBeCloseTo(1, 5);
      expect(hits[1].score).toBeCloseTo(0.6, 5);
      expect(hits[2].score).toBeCloseTo(0, 5);
      expect(await store.vectorSearch(scope, 'memory', 'mini', [1, 0, 0], 1)).toHaveLength(1);
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: 'c', model: 'mini', dim: 3, vector: [1, 0.01, 0] });
      expect((await store.vectorSearch(scope, 'memory', 'mini', [1, 0, 0], 2)).map((h) => h.id).sort()).toEqual(['a', 'c']);
      expect((await store.vectorSearch(scope, 'turn', 'mini', [1, 0, 0], 10)).map((h) => h.id)).toEqual(['t']);
      const models = await store.embeddingModels();
      expect(models.find((m) => m.model === 'big')).toMatchObject({ dim: 4 });
      expect(models.find((m) => m.model === 'mini')!.count).toBeGreaterThanOrEqual(5);
    });

    test('vector search in a small scope is complete even when other scopes crowd the neighbourhood', async () => {
      const crowd = `u:${uid('crowd')}`;
      const small = `u:${uid('small')}`;
      const dim = 8;
      const near = (i: number) => Array.from({ length: dim }, (_, j) => (j === 0 ? 1 : ((i * (j + 3)) % 7) / 100));
      for (let i = 0; i < 300; i++) await store.putEmbedding(crowd, { ownerKind: 'turn', ownerId: `c${i}`, model: 'crowd', dim, vector: near(i) });
      for (let i = 0; i < 3; i++) await store.putEmbedding(small, { ownerKind: 'turn', ownerId: `s${i}`, model: 'crowd', dim, vector: Array.from({ length: dim }, (_, j) => (j === i + 1 ? 1 : 0)) });
      const q = near(1);
      const hits = await store.vectorSearch(small, 'turn', 'crowd', q, 5);
      expect(hits.map((h) => h.id).sort()).toEqual(['s0', 's1', 's2']);
      const crowdHits = await store.vectorSearch(crowd, 'turn', 'crowd', q, 10);
      expect(crowdHits).toHaveLength(10);
      for (let i = 1; i < crowdHits.length; i++) expect(crowdHits[i - 1].score).toBeGreaterThanOrEqual(crowdHits[i].score);
    });

    test('missingEmbeddings lists memories and turns without a vector for the model', async () => {
      const scope = `u:${uid('miss')}`;
      const model = uid('model');
      const m = memory(scope, 'employer', 'Acme');
      const t = await store.transaction(scope, async (tx) => {
        await tx.insertMemory(m);
        return tx.insertTurn(turn(scope, 's', 'hello there friend'));
      });
      const before = await store.missingEmbeddings(model, 100_000);
      expect(before.filter((x) => x.scope === scope).map((x) => `${x.ownerKind}:${x.ownerId}`).sort()).toEqual([`memory:${m.id}`, `turn:${t.id}`]);
      expect(before.find((x) => x.ownerId === t.id)?.text).toBe(t.text);
      await store.putEmbedding(scope, { ownerKind: 'turn', ownerId: t.id, model, dim: 2, vector: [0.5, 0.5] });
      const after = await store.missingEmbeddings(model, 100_000);
      expect(after.filter((x) => x.scope === scope).map((x) => x.ownerId)).toEqual([m.id]);
      expect(await store.missingEmbeddings(model, 1)).toHaveLength(1);
    });

    test('deleteSession removes its turns and memories across scopes and revives what they superseded', async () => {
      const user = uid('del');
      const scope = `u:${user}`;
      const agentScope = `u:${user}|a:bot`;
      const keep = uid('s');
      const gone = uid('s');
      const t1 = await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, keep, 'I work at Acme')));
      const old = memory(scope, 'employer', 'Acme', { sourceSession: keep, sourceTurn: t1.id, createdAt: '2026-01-01T00:00:00.000Z' });
      await store.transaction(scope, (tx) => tx.insertMemory(old));
      const t2 = await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, gone, 'I now work at Notion')));
      const fresh = memory(scope, 'employer', 'Notion', { sourceSession: gone, sourceTurn: t2.id, supersedes: old.id, createdAt: '2026-02-01T00:00:00.000Z' });
      await store.transaction(scope, async (tx) => {
        await tx.updateMemory(scope, old.id, { active: false, status: 'superseded', supersededBy: fresh.id, validTo: '2026-02-01T00:00:00.000Z' });
        await tx.insertMemory(fresh);
      });
      const t3 = await store.transaction(agentScope, (tx) => tx.insertTurn({ ...turn(agentScope, gone, 'agent scoped'), agentId: 'bot' }));
      const agentMem = memory(agentScope, 'likes', 'tea', { sourceSession: gone, sourceTurn: t3.id, singleValued: false });
      await store.transaction(agentScope, (tx) => tx.insertMemory(agentMem));
      await store.putEmbedding(scope, { ownerKind: 'turn', ownerId: t2.id, model: 'm', dim: 2, vector: [1, 0] });
      await store.putEmbedding(scope, { ownerKind: 'memory', ownerId: fresh.id, model: 'm', dim: 2, vector: [1, 0] });
      await store.putEmbedding(scope, { ownerKind: 'turn', ownerId: t1.id, model: 'm', dim: 2, vector: [1, 0] });

      await store.deleteSession(gone, () => true);

      expect(await store.getTurn(scope, t2.id)).toBeNull();
      expect(await store.getTurn(agentScope, t3.id)).toBeNull();
      expect(await store.getMemory(null, fresh.id)).toBeNull();
      expect(await store.getMemory(null, agentMem.id)).toBeNull();
      expect(await store.getTurn(scope, t1.id)).not.toBeNull();
      const revived = await store.getMemory(scope, old.id);
      expect(revived).toMatchObject({ active: true, status: 'active', supersededBy: null, validTo: null, value: 'Acme' });
      expect((await store.listMemories(scope)).map((m) => m.value)).toEqual(['Acme']);
      expect((await store.vectorSearch(scope, 'turn', 'm', [1, 0], 10)).map((h) => h.id)).toEqual([t1.id]);
      expect(await store.vectorSearch(scope, 'memory', 'm', [1, 0], 10)).toEqual([]);
      expect((await store.lexicalCandidates(scope, 'turn', terms('Notion'), 10)).docs).toEqual([]);
      expect((await store.lexicalCandidates(scope, 'memory', terms('Notion'), 10)).docs).toEqual([]);
      expect(((await store.lexicalCandidates(scope, 'memory', terms('Acme'), 10)).docs).map((h) => h.id)).toEqual([old.id]);
      // Deleting what does not exist is fine.
      await store.deleteSession(gone, () => true);
      await store.deleteSession(uid('never'), () => true);
    });

    test('deleteSession does not revive a row when another active row holds the key', async () => {
      const scope = `u:${uid('del2')}`;
      const a = memory(scope, 'city', 'A', { createdAt: '2026-01-01T00:00:00.000Z' });
      const b = memory(scope, 'city', 'B', { sourceSession: 'gone2', supersedes: a.id, createdAt: '2026-01-02T00:00:00.000Z' });
      const c = memory(scope, 'city', 'C', { supersedes: b.id, createdAt: '2026-01-03T00:00:00.000Z' });
      await store.transaction(scope, async (tx) => {
        await tx.insertMemory({ ...a, active: false, status: 'superseded', supersededBy: b.id });
        await tx.insertMemory({ ...b, active: false, status: 'superseded', supersededBy: c.id });
        await tx.insertMemory(c);
      });
      await store.deleteSession('gone2', () => true);
      expect(await store.getMemory(scope, b.id)).toBeNull();
      expect((await store.getMemory(scope, a.id))?.active).toBe(false);
      expect((await store.getMemory(scope, c.id))?.supersedes).toBeNull();
      expect((await store.listMemories(scope)).map((m) => m.value)).toEqual(['C']);
    });

    test('deleteUser removes every scope of the user and nothing else', async () => {
      const user = uid('gone');
      const keepUser = uid('keep');
      const scopes = [`u:${user}`, `u:${user}|a:x`];
      for (const sc of scopes) {
        await store.transaction(sc, async (tx) => {
          await tx.insertTurn({ ...turn(sc, 's', 'hello world'), userId: user });
          await tx.insertMemory({ ...memory(sc, 'employer', 'Acme'), userId: user });
        });
        await store.putEmbedding(sc, { ownerKind: 'memory', ownerId: 'vec-' + sc, model: 'm', dim: 2, vector: [1, 0] });
      }
      const keep = `u:${keepUser}`;
      await store.transaction(keep, (tx) => tx.insertTurn(turn(keep, 's', 'hello world')));
      expect((await store.scopesOfUser(`u:${user}`)).sort()).toEqual([...scopes].sort());
      await store.deleteUser(`u:${user}`);
      for (const sc of scopes) {
        expect(await store.listTurns(sc)).toEqual([]);
        expect(await store.listMemories(sc, { includeInactive: true, includeDeleted: true })).toEqual([]);
        expect(await store.vectorSearch(sc, 'memory', 'm', [1, 0], 10)).toEqual([]);
        expect(await store.corpusStats(sc, 'turn')).toMatchObject({ count: 0, totalTerms: 0 });
      }
      expect(await store.scopesOfUser(`u:${user}`)).toEqual([]);
      expect(await store.listTurns(keep)).toHaveLength(1);
      await store.deleteUser(`u:${user}`);
      await store.deleteUser(`u:${uid('never')}`);
    });

    test('scopesOfUser and deleteUser cover exactly the user key and its agent range (no look-alike user, no other tenant)', async () => {
      const user = uid('range');
      const mine = [scopeOf(user, null), scopeOf(user, null, 'x|y:%z')];
      const others = [scopeOf(`${user}|a:x`, null), scopeOf(`${user}x`, null), scopeOf(user, null, null, 'other'), scopeOf(user, null, 'x', 'other'), scopeOf(null, user), scopeOf(null, user, 'x')];
      for (const sc of [...mine, ...others]) {
        await store.transaction(sc.key, (tx) => tx.insertTurn({ ...turn(sc.key, 's', 'hello world'), userId: sc.userId, agentId: sc.agentId }));
      }
      expect(await store.scopesOfUser(mine[0].key)).toEqual(mine.map((s) => s.key).sort(byCodePoint));
      await store.deleteUser(mine[0].key);
      for (const sc of mine) expect(await store.listTurns(sc.key)).toEqual([]);
      for (const sc of others) expect(await store.listTurns(sc.key)).toHaveLength(1);
    });

    test('deleteSession only touches the scopes its predicate accepts', async () => {
      const session = uid('shared-session');
      const a = scopeOf(uid('a'), null);
      const b = scopeOf(uid('b'), null, null, 'other');
      for (const sc of [a, b]) {
        const t = await store.transaction(sc.key, (tx) => tx.insertTurn({ ...turn(sc.key, session, 'hello world'), userId: sc.userId }));
        await store.transaction(sc.key, (tx) => tx.insertMemory({ ...memory(sc.key, 'employer', 'Acme', { sourceSession: session, sourceTurn: t.id }), userId: sc.userId }));
      }
      await store.deleteSession(session, (key) => key === a.key);
      expect(await store.listTurns(a.key)).toEqual([]);
      expect(await store.listMemories(a.key)).toEqual([]);
      expect(await store.listTurns(b.key)).toHaveLength(1);
      expect(await store.listMemories(b.key)).toHaveLength(1);
    });

    test('softDeleteMemory and deleteMemory', async () => {
      const scope = `u:${uid('soft')}`;
      const a = memory(scope, 'employer', 'Acme');
      const b = memory(scope, 'pet', 'Rex', { singleValued: false });
      await store.transaction(scope, async (tx) => {
        await tx.insertMemory(a);
        await tx.insertMemory(b);
      });
      expect(await store.softDeleteMemory(`u:${uid('other')}`, a.id, '2026-05-01T00:00:00.000Z')).toBe(false);
      expect(await store.softDeleteMemory(scope, a.id, '2026-05-01T00:00:00.000Z')).toBe(true);
      expect(await store.getMemory(scope, a.id)).toMatchObject({ status: 'deleted', active: false, deletedAt: '2026-05-01T00:00:00.000Z' });
      expect(await store.listMemories(scope, { includeInactive: true })).toHaveLength(1);
      expect(await store.listMemories(scope, { includeInactive: true, includeDeleted: true })).toHaveLength(2);
      expect((await store.lexicalCandidates(scope, 'memory', terms('Acme'), 10)).docs).toEqual([]);
      expect(await store.softDeleteMemory(null, 'missing', '2026-05-01T00:00:00.000Z')).toBe(false);
      // The freed key can hold a new active row.
      await store.transaction(scope, (tx) => tx.insertMemory(memory(scope, 'employer', 'Notion')));
      expect(await store.deleteMemory(`u:${uid('other')}`, b.id)).toBe(false);
      expect(await store.deleteMemory(null, b.id)).toBe(true);
      expect(await store.getMemory(scope, b.id)).toBeNull();
      expect(await store.deleteMemory(scope, b.id)).toBe(false);
    });

    test('scope isolation: nothing of one scope is visible from another', async () => {
      const a = `u:${uid('iso')}`;
      const b = `u:${uid('iso')}`;
      const s = uid('s');
      const ta = await store.transaction(a, (tx) => tx.insertTurn(turn(a, s, 'secret plans for the weekend')));
      const ma = memory(a, 'employer', 'Globex');
      await store.transaction(a, (tx) => tx.insertMemory(ma));
      expect(await store.getTurn(b, ta.id)).toBeNull();
      expect(await store.getTurns(b, [ta.id])).toEqual([]);
      expect(await store.getMemory(b, ma.id)).toBeNull();
      expect(await store.listMemories(b, { includeInactive: true, includeDeleted: true })).toEqual([]);
      expect(await store.listTurns(b)).toEqual([]);
      expect(await store.recentTurns(b, s, 10)).toEqual([]);
      expect((await store.lexicalCandidates(b, 'turn', terms('secret plans'), 10)).docs).toEqual([]);
      expect((await store.lexicalCandidates(b, 'memory', terms('Globex'), 10)).docs).toEqual([]);
      expect(await store.corpusStats(b, 'memory')).toMatchObject({ count: 0, totalTerms: 0 });
      expect(await store.transaction(b, (tx) => tx.memoriesByKey(b, 'user', 'employer'))).toEqual([]);
      await store.transaction(b, (tx) => tx.updateMemory(b, ma.id, { value: 'hijacked' }));
      expect((await store.getMemory(a, ma.id))?.value).toBe('Globex');
      const scopes = await store.listScopes();
      expect(scopes).toEqual(expect.arrayContaining([a]));
    });

    test('unicode of every kind round-trips exactly and is searchable', async () => {
      const scope = `u:${uid('uni')}-ü-😀`;
      const content = 'Emoji 🎉👩‍👩‍👧 RTL שלום عربي zero\u200Bwidth combining e\u0301 CJK 東京 tab\there "quotes" \'single\' back\\slash NUL-free';
      const t = await store.transaction(scope, (tx) => tx.insertTurn(turn(scope, 'sess-ü', content, { metadata: { note: '😀 שלום', n: 1.5, arr: [null, true] } })));
      const back = await store.getTurn(scope, t.id);
      expect(back?.messages[0].content).toBe(content);
      expect(back?.text).toBe(t.text);
      expect(back?.terms).toBe(t.terms);
      expect(back?.metadata).toEqual({ note: '😀 שלום', n: 1.5, arr: [null, true] });
      expect(back?.sessionId).toBe('sess-ü');
      for (const word of ['東京', 'שלום', 'عربي']) {
        const q = terms(word);
        expect(q.length).toBeGreaterThan(0);
        expect(((await store.lexicalCandidates(scope, 'turn', q, 10)).docs).map((h) => h.id)).toEqual([t.id]);
      }
      const m = memory(scope, 'nickname', 'Zoë 👩‍💻 ‏مرحبا‎');
      await store.transaction(scope, (tx) => tx.insertMemory(m));
      expect(await store.getMemory(scope, m.id)).toEqual(m);
    });

    test('counts and listScopes', async () => {
      const c = await store.counts();
      expect(c.turns).toBeGreaterThan(0);
      expect(c.memories).toBeGreaterThan(0);
      expect(c.bytes === null || c.bytes > 0).toBe(true);
      expect((await store.listScopes()).length).toBeGreaterThan(0);
    });

    test('inside a transaction callback: store reads answer at once, writes go through the handle and join the transaction', async () => {
      // Re-entrancy is structural (no per-async-chain lock tracking): the callback writes through
      // `tx`, which is inside the lock already; store reads never take the write lock.
      const scope = `u:${uid('reent')}`;
      const m = memory(scope, 'employer', 'Acme');
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('deadlock: transaction did not finish in 10 s')), 10_000));
      await Promise.race([
        store.transaction(scope, async (tx) => {
          await tx.insertMemory(m);
          await store.getMemory(scope, m.id);
          await store.listTurns(scope);
          await store.corpusStats(scope, 'memory');
          await tx.putEmbedding(scope, { ownerKind: 'memory', ownerId: m.id, model: 'reent', dim: 2, vector: [1, 0] });
        }),
        timeout,
      ]);
      expect((await store.getMemory(scope, m.id))?.value).toBe('Acme');
      expect((await store.vectorSearch(scope, 'memory', 'reent', [1, 0], 5)).map((h) => h.id)).toEqual([m.id]);
      // The handle's writes are the transaction's: a throw takes them back, embedding included.
      const gone = memory(scope, 'employer_2', 'Initech');
      await expect(
        store.transaction(scope, async (tx) => {
          await tx.insertMemory(gone);
          await tx.putEmbedding(scope, { ownerKind: 'memory', ownerId: gone.id, model: 'reent', dim: 2, vector: [0, 1] });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await store.getMemory(scope, gone.id)).toBeNull();
      expect((await store.vectorSearch(scope, 'memory', 'reent', [0, 1], 5)).map((h) => h.id)).toEqual([m.id]);
    });

    test('a store-level write from another caller during a transaction lands, and a later transaction sees it', async () => {
      const scope = `u:${uid('outside')}`;
      const m = memory(scope, 'employer', 'Acme');
      await store.transaction(scope, (tx) => tx.insertMemory(m));
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const tx1 = store.transaction(scope, async (tx) => {
        await tx.updateMemory(scope, m.id, { confidence: 0.5 });
        await held;
      });
      const outside = store.putEmbedding(scope, { ownerKind: 'memory', ownerId: m.id, model: 'outside', dim: 2, vector: [1, 0] });
      await new Promise((r) => setTimeout(r, 20));
      release();
      await Promise.all([tx1, outside]);
      expect((await store.getMemory(scope, m.id))?.confidence).toBe(0.5);
      expect((await store.vectorSearch(scope, 'memory', 'outside', [1, 0], 5)).map((h) => h.id)).toEqual([m.id]);
    });

    test('a transaction handle cannot be used after its transaction ended', async () => {
      const scope = `u:${uid('late')}`;
      let leaked: Parameters<Parameters<MemoryStore['transaction']>[1]>[0] | undefined;
      await store.transaction(scope, async (tx) => {
        leaked = tx;
      });
      await expect(leaked!.insertTurn(turn(scope, 's', 'late'))).rejects.toThrow();
      expect(await store.listTurns(scope)).toEqual([]);
    });
  });
}

/**
 * The RecallIndex part of the port (bounded, index-backed reads recall is built from), also run
 * against the scan reference (test/store/scan-index.test.ts) so every backend answers alike.
 */
export function runRecallIndexConformance(name: string, makeStore: () => Promise<MemoryStore>): void {
  describe(`RecallIndex conformance: ${name}`, () => {
    let store: MemoryStore;
    beforeAll(async () => {
      store = await makeStore();
      await store.migrate();
    });
    afterAll(async () => {
      await store?.close();
    });

    test('lexical candidates are scoped before matching, cut to the best by relevance, with per-scope document frequencies', async () => {
      const scope = `u:${uid('rix')}`;
      const other = `u:${uid('rix')}`;
      const s = uid('s');
      const rows = await store.transaction(scope, async (tx) => [
        await tx.insertTurn(turn(scope, s, 'my dog Biscuit and the dog park')),
        await tx.insertTurn(turn(scope, s, 'walked the dog')),
        await tx.insertTurn(turn(scope, s, 'fed the dog')),
        await tx.insertTurn(turn(scope, s, 'nothing here at all')),
      ]);
      await store.transaction(other, async (tx) => {
        for (let i = 0; i < 5; i++) await tx.insertTurn(turn(other, s, `another dog ${i} biscuit`));
      });
      const all = (await store.lexicalCandidates(scope, 'turn', [...terms('dog'), ...terms('biscuit')], 10)).docs;
      expect(all.map((d) => d.id).sort()).toEqual(rows.slice(0, 3).map((t) => t.id).sort());
      // Cut to one: the document with the rare term (and the most matches) is the best.
      expect(((await store.lexicalCandidates(scope, 'turn', [...terms('dog'), ...terms('biscuit')], 1)).docs).map((d) => d.id)).toEqual([rows[0].id]);
      expect(await store.termFrequencies(scope, 'turn', [...terms('dog'), ...terms('biscuit'), 'zzznever'])).toEqual({ [terms('dog')[0]]: 3, [terms('biscuit')[0]]: 1, zzznever: 0 });
      expect(await store.termFrequencies(`u:${uid('empty')}`, 'turn', terms('dog'))).toEqual({ [terms('dog')[0]]: 0 });
    });

    test('active-only memory candidates among inactive rows: the best `limit` active ones in index order, complete only when every match was returned', async () => {
      const scope = `u:${uid('act')}`;
      // 12 rows holding the term, every other one inactive (newest last): an active-only query picks
      // more rows than its limit (the inactive ones share the index) and returns the newest active ones.
      const rows: MemoryRecord[] = [];
      await store.transaction(scope, async (tx) => {
        for (let i = 0; i < 12; i++) {
          const m = memory(scope, `hobby_${i}`, `guitar lesson ${i}`, i % 2 === 0 ? {} : { active: false, status: 'superseded' });
          await tx.insertMemory(m);
          rows.push(m);
        }
      });
      const newestActive = rows.filter((m) => m.active).reverse().map((m) => m.id);
      const ask = (limit: number) => store.lexicalCandidates(scope, 'memory', terms('guitar'), limit, { includeInactive: false });
      const three = await ask(3);
      expect(three.docs.map((d) => d.id)).toEqual(newestActive.slice(0, 3));
      expect(three.df).toBeDefined();
      const five = await ask(5);
      expect(five.docs.map((d) => d.id)).toEqual(newestActive.slice(0, 5));
      expect(five.df).toBeDefined();
      // Exactly the six active rows: the set is complete (no index counts needed).
      for (const limit of [6, 7]) {
        const all = await ask(limit);
        expect(all.docs.map((d) => d.id)).toEqual(newestActive);
        expect(all.df).toBeUndefined();
      }
      // With the inactive rows: the newest matches whatever their state.
      expect((await store.lexicalCandidates(scope, 'memory', terms('guitar'), 4)).docs.map((d) => d.id)).toEqual(rows.slice(-4).reverse().map((m) => m.id));
    });

    test('a term in more documents than the postings cap: its newest postings are read, the rare term still wins, counts come from the index', async () => {
      const scope = `u:${uid('cap')}`;
      const s = uid('s');
      const common = POSTINGS_CAP + 20;
      const rows = await store.transaction(scope, async (tx) => {
        const out = [await tx.insertTurn(turn(scope, s, 'the dog met Biscuit'))];
        for (let i = 0; i < common; i++) out.push(await tx.insertTurn(turn(scope, s, `the dog ran ${i % 7}`)));
        out.push(await tx.insertTurn(turn(scope, s, 'Biscuit slept')));
        return out;
      });
      const [dog, biscuit] = [terms('dog')[0], terms('biscuit')[0]];
      const got = await store.lexicalCandidates(scope, 'turn', [dog, biscuit], 5);
      // The two documents with the rare term first (the oldest one holds the common term too), then common-term documents.
      expect(new Set(got.docs.slice(0, 2).map((d) => d.id))).toEqual(new Set([rows[0].id, rows[rows.length - 1].id]));
      expect(got.docs).toHaveLength(5);
      expect(got.df?.[dog]).toBe(common + 1);
      expect(got.df?.[biscuit]).toBe(2);
    });

    test('term frequencies equal the true document count through inserts, supersession, edits, deletes and user deletion', async () => {
      const user = uid('df');
      const scope = `u:${user}`;
      const agentScope = `${scope}|a:bot`;
      const other = `u:${uid('df')}`;
      const live = { turns: new Map<string, string>(), memories: new Map<string, MemoryRecord>() };
      const otherTurn = turn(other, 's', 'dog walk in the park with Biscuit');
      await store.transaction(other, async (tx) => {
        await tx.insertTurn(otherTurn);
      });
      // The truth: documents (deleted memories excluded) whose terms hold the word.
      const truth = (kind: 'turn' | 'memory', word: string) =>
        kind === 'turn'
          ? [...live.turns.values()].filter((t) => t.split(' ').includes(word)).length
          : [...live.memories.values()].filter((m) => m.status !== 'deleted' && m.terms.split(' ').includes(word)).length;
      const vocab = terms('dog park Biscuit cat Lisbon Porto walk sister pottery Notion weekend zzznever');
      const check = async (label: string) => {
        for (const kind of ['turn', 'memory'] as const) {
          expect(await store.termFrequencies(scope, kind, vocab), `${label} (${kind})`).toEqual(Object.fromEntries(vocab.map((w) => [w, truth(kind, w)])));
        }
        expect(await store.termFrequencies(other, 'turn', vocab), `${label} (other scope)`).toEqual(Object.fromEntries(vocab.map((w) => [w, otherTurn.terms.split(' ').includes(w) ? 1 : 0])));
      };
      const turns = [
        turn(scope, 's1', 'my dog Biscuit loves the park, the dog park'),
        turn(scope, 's1', 'walked the dog to the park at the weekend'),
        turn(scope, 's2', 'the cat sleeps all weekend'),
        turn(scope, 's2', 'my sister does pottery in Lisbon'),
      ];
      const loc = memory(scope, 'location', 'Lisbon');
      const pet = memory(scope, 'pet', 'dog Biscuit', { singleValued: false });
      const hobby = memory(scope, 'hobby', 'pottery with my sister', { singleValued: false, subject: 'sister' });
      const gone = memory(scope, 'pet_gone', 'cat and dog', { active: false, status: 'deleted', singleValued: false });
      await store.transaction(scope, async (tx) => {
        for (const t of turns) await tx.insertTurn(t);
        await tx.insertMemories([loc, pet, hobby, gone]);
      });
      for (const t of turns) live.turns.set(t.id, t.terms);
      for (const m of [loc, pet, hobby, gone]) live.memories.set(m.id, m);
      await check('after inserts');

      // Supersession: the old row stays counted (not deleted), the new one is added.
      const moved = memory(scope, 'location', 'Porto', { supersedes: loc.id });
      await store.transaction(scope, async (tx) => {
        await tx.updateMemory(scope, loc.id, { active: false, status: 'superseded', supersededBy: moved.id, updatedAt: '2026-02-01T00:00:00.000Z' });
        await tx.insertMemory(moved);
      });
      live.memories.set(loc.id, { ...loc, active: false, status: 'superseded' });
      live.memories.set(moved.id, moved);
      await check('after supersession');

      // An edit that changes the indexed terms (mem0 update), and a touch that changes none.
      const edited = memory(scope, 'pet', 'cat named Notion', { id: pet.id, singleValued: false });
      await store.transaction(scope, (tx) => tx.updateMemory(scope, pet.id, { value: edited.value, text: edited.text, terms: edited.terms, termCount: edited.termCount }));
      live.memories.set(pet.id, { ...pet, terms: edited.terms });
      await store.touchMemories(scope, [pet.id, hobby.id], '2026-02-02T00:00:00.000Z');
      await check('after an edit');

      // Soft delete, hard delete, and a deleted memory's revival by a status change.
      await store.softDeleteMemory(scope, moved.id, '2026-02-03T00:00:00.000Z');
      live.memories.set(moved.id, { ...moved, status: 'deleted', active: false });
      await store.deleteMemory(scope, hobby.id);
      live.memories.delete(hobby.id);
      await store.transaction(scope, (tx) => tx.updateMemory(scope, gone.id, { status: 'active', active: true }));
      live.memories.set(gone.id, { ...gone, status: 'active', active: true });
      await check('after deletes');

      // A session deleted: its turns go (the memories here have no source session).
      await store.deleteSession('s2', (k) => k === scope);
      for (const t of turns.slice(2)) live.turns.delete(t.id);
      await check('after a session deletion');

      // The user deleted (with an agent sub-scope): every count of theirs is 0, the other user's stay.
      await store.transaction(agentScope, (tx) => tx.insertTurn(turn(agentScope, 's3', 'dog park again')));
      expect((await store.termFrequencies(agentScope, 'turn', terms('dog')))[terms('dog')[0]]).toBe(1);
      await store.deleteUser(scope);
      live.turns.clear();
      live.memories.clear();
      await check('after the user deletion');
      expect(await store.termFrequencies(agentScope, 'turn', vocab)).toEqual(Object.fromEntries(vocab.map((w) => [w, 0])));
    });

    test('memory candidates: deleted never, inactive unless excluded', async () => {
      const scope = `u:${uid('rixm')}`;
      const live = memory(scope, 'pet', 'dog Biscuit');
      const old = memory(scope, 'pet_old', 'dog Rex', { active: false, status: 'superseded' });
      const gone = memory(scope, 'pet_gone', 'dog Fido', { active: false, status: 'deleted' });
      await store.transaction(scope, async (tx) => {
        for (const m of [live, old, gone]) await tx.insertMemory(m);
      });
      expect(((await store.lexicalCandidates(scope, 'memory', terms('dog'), 10)).docs).map((d) => d.id).sort()).toEqual([live.id, old.id].sort());
      expect(((await store.lexicalCandidates(scope, 'memory', terms('dog'), 10, { includeInactive: false })).docs).map((d) => d.id)).toEqual([live.id]);
    });

    test('corpus counters follow inserts, supersession, soft and hard deletes', async () => {
      const scope = `u:${uid('stats')}`;
      const a = memory(scope, 'location', 'Lisbon');
      const b = memory(scope, 'employer', 'Notion');
      await store.transaction(scope, async (tx) => {
        await tx.insertTurn(turn(scope, 's', 'one two three'));
        await tx.insertMemory(a);
        await tx.insertMemory(b);
      });
      const t = await store.corpusStats(scope, 'turn');
      expect(t.count).toBe(1);
      expect(t.totalTerms).toBeGreaterThan(0);
      let m = await store.corpusStats(scope, 'memory');
      expect([m.count, m.totalTerms, m.active?.count, m.active?.totalTerms]).toEqual([2, a.termCount + b.termCount, 2, a.termCount + b.termCount]);
      await store.transaction(scope, (tx) => tx.updateMemory(scope, a.id, { active: false, status: 'superseded', updatedAt: '2026-02-01T00:00:00.000Z' }));
      m = await store.corpusStats(scope, 'memory');
      expect([m.count, m.active?.count, m.active?.totalTerms]).toEqual([2, 1, b.termCount]);
      await store.softDeleteMemory(scope, b.id, '2026-02-02T00:00:00.000Z');
      m = await store.corpusStats(scope, 'memory');
      expect([m.count, m.active?.count]).toEqual([1, 0]);
      await store.deleteMemory(scope, a.id);
      m = await store.corpusStats(scope, 'memory');
      expect([m.count, m.totalTerms, m.active?.count]).toEqual([0, 0, 0]);
    });

    test('scope names: speakers (name, else the role) and live memory subjects', async () => {
      const scope = `u:${uid('names')}`;
      await store.transaction(scope, async (tx) => {
        await tx.insertTurn({ ...turn(scope, 's', 'hi'), messages: [{ role: 'user', name: 'Caroline', content: 'hi' }, { role: 'assistant', content: 'hello' }] });
        await tx.insertMemory(memory(scope, 'job', 'nurse', { subject: 'sister maya' }));
        await tx.insertMemory(memory(scope, 'job', 'baker', { subject: 'user' }));
        await tx.insertMemory(memory(scope, 'job', 'pilot', { subject: 'tom', status: 'deleted', active: false }));
      });
      const n = await store.scopeNames(scope);
      expect([...n.speakers].sort()).toEqual(['Assistant', 'Caroline']);
      expect([...n.subjects].sort()).toEqual(['sister maya', 'user']);
      expect(await store.scopeNames(`u:${uid('none')}`)).toEqual({ speakers: [], subjects: [] });
    });

    test('turns around ids by seq, turns between dates (oldest first, bounded)', async () => {
      const scope = `u:${uid('around')}`;
      const s = uid('s');
      const ts = (i: number) => `2026-03-0${i + 1}T10:00:00.000Z`;
      const rows = await store.transaction(scope, async (tx) => {
        const out = [];
        for (let i = 0; i < 6; i++) out.push(await tx.insertTurn(turn(scope, s, `turn ${i}`, { timestamp: ts(i) })));
        return out;
      });
      const around = await store.turnsAround(scope, [rows[2].id], 1);
      expect(around.map((t) => t.seq).sort()).toEqual([2, 3, 4]);
      expect((await store.turnsAround(scope, [rows[0].id, rows[5].id], 1)).map((t) => t.seq).sort()).toEqual([1, 2, 5, 6]);
      expect(await store.turnsAround(`u:${uid('x')}`, [rows[2].id], 1)).toEqual([]);
      // By place: one seek per (session, seq); missing places, duplicates and other scopes left out.
      const sid = rows[0].sessionId;
      const at = await store.turnsAt(scope, [{ sessionId: sid, seq: 3 }, { sessionId: sid, seq: 5 }, { sessionId: sid, seq: 3 }, { sessionId: sid, seq: 99 }, { sessionId: 'other', seq: 1 }]);
      expect(at.map((t) => t.seq).sort()).toEqual([3, 5]);
      expect(at.find((t) => t.seq === 3)).toEqual(rows.find((t) => t.seq === 3));
      expect(await store.turnsAt(scope, [])).toEqual([]);
      expect(await store.turnsAt(`u:${uid('x')}`, [{ sessionId: sid, seq: 3 }])).toEqual([]);
      const between = await store.turnsBetween(scope, '2026-03-02', '2026-03-05', 10);
      expect(between.map((t) => t.seq)).toEqual([2, 3, 4]);
      expect((await store.turnsBetween(scope, '2026-03-02', '2026-03-05', 2)).map((t) => t.seq)).toEqual([2, 3]);
    });

    test('memories by key family, events between dates, history by slot', async () => {
      const scope = `u:${uid('keys')}`;
      const like = memory(scope, 'like', 'jazz', { singleValued: false, confidence: 0.5 });
      const likeMusic = memory(scope, 'like_music', 'vinyl', { singleValued: false, confidence: 0.9 });
      const likely = memory(scope, 'likely', 'rain', { singleValued: false });
      const oldLike = memory(scope, 'like', 'techno', { singleValued: false, active: false, status: 'superseded', confidence: 0.99 });
      const gone = memory(scope, 'like', 'opera', { singleValued: false, active: false, status: 'deleted' });
      const ev = memory(scope, 'event_trip', 'Lisbon trip', { type: 'event', singleValued: false, eventDate: '2026-04-10' });
      const evLate = memory(scope, 'event_trip', 'Porto trip', { type: 'event', singleValued: false, eventDate: '2026-05-10' });
      const loc = memory(scope, 'location', 'Oslo', { updatedAt: '2026-06-01T00:00:00.000Z' });
      const loc1 = memory(scope, 'location', 'Lisbon', { active: false, status: 'superseded', validTo: '2026-05-01T00:00:00.000Z' });
      const loc2 = memory(scope, 'location', 'Porto', { active: false, status: 'superseded', validTo: '2026-01-01T00:00:00.000Z' });
      const loc3 = memory(scope, 'location', 'Faro', { active: false, status: 'superseded', validTo: '2025-01-01T00:00:00.000Z' });
      await store.transaction(scope, async (tx) => {
        for (const m of [like, likeMusic, likely, oldLike, gone, ev, evLate, loc, loc1, loc2, loc3]) await tx.insertMemory(m);
      });
      expect((await store.memoriesByKeys(scope, { keys: ['like'] }, 10)).map((m) => m.id)).toEqual([likeMusic.id, like.id, oldLike.id]);
      expect((await store.memoriesByKeys(scope, { keys: ['like'], includeInactive: false }, 10)).map((m) => m.id)).toEqual([likeMusic.id, like.id]);
      expect((await store.memoriesByKeys(scope, { keys: ['like'] }, 1)).map((m) => m.id)).toEqual([likeMusic.id]);
      expect(await store.memoriesByKeys(scope, { keys: [] }, 10)).toEqual([]);
      expect((await store.eventsBetween(scope, '2026-04-01', '2026-05-01', 10)).map((m) => m.id)).toEqual([ev.id]);
      const hist = await store.memoryHistory(scope, [{ subject: 'user', key: 'location' }, { subject: 'user', key: 'like' }], 2);
      expect(hist.filter((m) => m.key === 'location').map((m) => m.value)).toEqual(['Lisbon', 'Porto']);
      expect(hist.filter((m) => m.key === 'like').map((m) => m.value)).toEqual(['techno']);
      expect((await store.getMemories(scope, [loc.id, gone.id, 'missing'])).map((m) => m.id).sort()).toEqual([loc.id, gone.id].sort());
    });

    test('the change lookup: retracted rows of the keys, latest end first, whatever the superseded history', async () => {
      const scope = `u:${uid('ended')}`;
      const ended = (key: string, value: string, validTo: string | null, extra: Partial<MemoryRecord> = {}) => memory(scope, key, value, { active: false, status: 'retracted', validTo, ...extra });
      const cur = memory(scope, 'diet', 'pescatarian');
      const vegetarian = ended('diet', 'vegetarian', '2026-02-01');
      const keto = ended('diet', 'keto', '2025-06-01');
      const lactose = ended('diet', 'lactose free', '2025-06-01'); // the same end as keto, written later
      const paleo = ended('diet', 'paleo', null, { updatedAt: '2025-09-01T00:00:00.000Z' }); // no end: its last write
      const winter = ended('diet_winter', 'soup only', '2026-01-01');
      const sister = ended('diet', 'raw food', '2026-03-01', { subject: 'sister' });
      const others = [ended('dietary', 'not in the family', '2026-04-01'), ended('pet', 'Rex', '2026-04-01'), ended('diet', 'erased', '2026-04-01', { status: 'deleted', deletedAt: '2026-04-02T00:00:00.000Z' })];
      // Newer superseded rows of the same slot than any retraction: more than the limits below.
      const history = Array.from({ length: 30 }, (_, i) => memory(scope, 'diet', `plan ${i}`, { active: false, status: 'superseded', validTo: `2026-05-${String(i + 1).padStart(2, '0')}`, confidence: 0.99 }));
      await store.transaction(scope, async (tx) => tx.insertMemories([cur, vegetarian, keto, lactose, paleo, winter, sister, ...others, ...history]));
      const values = async (lookup: { subject: string; keys: string[] }, limit: number) => (await store.retractedByKeys(scope, lookup, limit)).map((m) => m.value);
      expect(await values({ subject: 'user', keys: ['diet'] }, 10)).toEqual(['vegetarian', 'soup only', 'paleo', 'lactose free', 'keto']);
      expect(await values({ subject: 'user', keys: ['diet'] }, 2)).toEqual(['vegetarian', 'soup only']);
      expect(await values({ subject: 'user', keys: ['diet_winter', 'pet'] }, 10)).toEqual(['Rex', 'soup only']);
      expect(await values({ subject: 'sister', keys: ['diet'] }, 10)).toEqual(['raw food']);
      expect(await values({ subject: 'user', keys: [] }, 10)).toEqual([]);
      expect(await values({ subject: 'user', keys: ['diet'] }, 0)).toEqual([]);
      const r = (await store.retractedByKeys(scope, { subject: 'user', keys: ['diet'] }, 1))[0]!;
      expect(r).toMatchObject({ id: vegetarian.id, status: 'retracted', active: false, validTo: '2026-02-01', metadata: vegetarian.metadata });
    });

    test('the active rows of slots: exact keys, bounded per slot', async () => {
      const scope = `u:${uid('activeslots')}`;
      const cur = memory(scope, 'diet', 'pescatarian');
      const old = memory(scope, 'diet', 'vegan', { active: false, status: 'superseded' });
      const summer = memory(scope, 'diet_summer', 'salads');
      const sister = memory(scope, 'diet', 'raw vegan', { subject: 'sister' });
      const likes = ['jazz', 'techno', 'folk'].map((v) => memory(scope, 'like', v, { singleValued: false }));
      const gone = memory(scope, 'like', 'opera', { singleValued: false, active: false, status: 'deleted', deletedAt: '2026-04-02T00:00:00.000Z' });
      await store.transaction(scope, async (tx) => tx.insertMemories([cur, old, summer, sister, ...likes, gone]));
      const read = async (slots: Array<{ subject: string; key: string }>, per: number) => (await store.activeInSlots(scope, slots, per)).map((m) => m.value).sort();
      expect(await read([{ subject: 'user', key: 'diet' }], 10)).toEqual(['pescatarian']);
      expect(await read([{ subject: 'sister', key: 'diet' }, { subject: 'user', key: 'diet' }, { subject: 'user', key: 'diet' }], 10)).toEqual(['pescatarian', 'raw vegan']);
      expect(await read([{ subject: 'user', key: 'like' }], 10)).toEqual(['folk', 'jazz', 'techno']);
      const two = await store.activeInSlots(scope, [{ subject: 'user', key: 'like' }, { subject: 'user', key: 'diet' }], 2);
      expect(two.filter((m) => m.key === 'like')).toHaveLength(2);
      expect(two.filter((m) => m.key === 'diet').map((m) => m.value)).toEqual(['pescatarian']);
      expect(await read([{ subject: 'user', key: 'pet' }], 10)).toEqual([]);
      expect(await read([], 10)).toEqual([]);
    });

    test('the ingest slot read: dated keys only at the asked event dates, other keys whole, active only', async () => {
      const scope = `u:${uid('dated')}`;
      const at = (i: number) => `2026-01-0${i}T00:00:00.000Z`;
      const ev = (value: string, date: string | null, i: number, extra: Partial<MemoryRecord> = {}) => memory(scope, 'event_activity', value, { type: 'event', singleValued: false, eventDate: date, createdAt: at(i), ...extra });
      const a = ev('pottery with Lena', '2026-03-01', 1);
      const b = ev('chess with Omar', '2026-03-02', 2);
      const c = ev('pottery with Lena', '2026-03-01', 3, { subject: 'sister maya' });
      const undated = ev('kayaking', null, 4);
      const ended = ev('pottery with Lena', '2026-03-01', 5, { active: false, status: 'retracted' });
      const trip = memory(scope, 'event_trip', 'Lisbon trip', { type: 'event', singleValued: false, eventDate: '2026-04-10', createdAt: at(6) });
      const job = memory(scope, 'employer', 'Acme', { createdAt: at(7) });
      await store.transaction(scope, async (tx) => tx.insertMemories([a, b, c, undated, ended, trip, job]));
      const read = (filter: { subjects?: string[]; keys?: string[]; dated?: { keys: string[]; dates: string[] } }) =>
        store.transaction(scope, async (tx) => (await tx.activeMemories(scope, filter)).map((m) => m.id));
      const ids = (...ms: MemoryRecord[]) => ms.map((m) => m.id);
      expect(await read({ subjects: ['user'], keys: ['event_activity', 'employer'] })).toEqual(ids(a, b, undated, job));
      expect(await read({ subjects: ['user'], keys: ['event_activity', 'employer'], dated: { keys: ['event_activity'], dates: ['2026-03-01'] } })).toEqual(ids(a, job));
      expect(await read({ subjects: ['user', 'sister maya'], keys: ['event_activity'], dated: { keys: ['event_activity'], dates: ['2026-03-01', '2026-03-02'] } })).toEqual(ids(a, b, c));
      expect(await read({ subjects: ['user'], keys: ['event_activity', 'event_trip'], dated: { keys: ['event_activity', 'event_trip'], dates: ['2026-04-10'] } })).toEqual(ids(trip));
      expect(await read({ subjects: ['user'], keys: ['event_activity'], dated: { keys: ['event_activity'], dates: [] } })).toEqual([]);
      expect(await read({ subjects: ['user'], keys: ['employer'], dated: { keys: [], dates: ['2026-03-01'] } })).toEqual(ids(job));
    });

    test('memories page by keyset: (created_at, id) order, after a cursor, bounded', async () => {
      const scope = `u:${uid('page')}`;
      const ms = ['b', 'a', 'c', 'd'].map((x, i) => memory(scope, `k${i}`, x, { id: `${scope}-${x}`, createdAt: i < 2 ? '2026-01-01T00:00:00.000Z' : `2026-01-0${i}T00:00:00.000Z` }));
      await store.transaction(scope, async (tx) => {
        for (const m of ms) await tx.insertMemory(m);
      });
      const first = await store.listMemories(scope, { includeInactive: true, page: { after: null }, limit: 2 });
      expect(first.map((m) => m.value)).toEqual(['a', 'b']);
      const next = await store.listMemories(scope, { includeInactive: true, page: { after: { createdAt: first[1].createdAt, id: first[1].id } }, limit: 2 });
      expect(next.map((m) => m.value)).toEqual(['c', 'd']);
      expect(await store.listMemories(scope, { includeInactive: true, page: { after: { createdAt: next[1].createdAt, id: next[1].id } }, limit: 2 })).toEqual([]);
    });
  });
}
