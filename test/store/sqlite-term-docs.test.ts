/**
 * @module test/store/sqlite-term-docs
 * SQLite's per-scope term counts (scope_term_docs, migration 7, kept by triggers) against what they replaced:
 * fts5vocab's document count of each prefixed token, after every kind of write (turn and memory inserts,
 * supersession, soft and hard deletes, a session deletion, a user deletion), and a lexical read whose
 * common term was cut reports its count from them. Terms with quotes, backslashes and doubled spaces parse.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { MemoryRecord, NewTurn } from '../../src/core/types.ts';
import { isWholeToken, POSTINGS_CAP } from '../../src/store/lexical.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'term-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Db = { prepare(sql: string): { raw(on: boolean): { all(...p: unknown[]): unknown[][] } } };
const dbOf = (s: SqliteMemoryStore) => (s as unknown as { writer: { db: Db } }).writer.db;

/**
 * Both counts as `kind|token → docs` (token = s<id>_term) for the terms a lexical read looks up: whole tokens
 * (isWholeToken). fts5vocab splits a stored term holding other characters into pieces, the table keeps it whole;
 * neither is ever asked for such a term's count, since recall's terms are whole tokens.
 */
function counts(s: SqliteMemoryStore): { kept: Record<string, number>; vocab: Record<string, number> } {
  const db = dbOf(s);
  const whole = (token: string) => /^s[0-9]+_(.+)$/u.test(token) && isWholeToken(token.replace(/^s[0-9]+_/u, ''));
  const kept: Record<string, number> = {};
  for (const [k, t, n] of db.prepare("SELECT kind, 's' || scope_id || '_' || term, docs FROM scope_term_docs").raw(true).all()) if (whole(String(t))) kept[`${k}|${t}`] = Number(n);
  const vocab: Record<string, number> = {};
  for (const [kind, table] of [['turn', 'turns_svocab'], ['memory', 'memories_svocab']]) {
    for (const [t, n] of db.prepare(`SELECT term, doc FROM ${table}`).raw(true).all()) if (whole(String(t))) vocab[`${kind}|${t}`] = Number(n);
  }
  return { kept, vocab };
}

const turn = (scope: string, i: number, terms: string, session = 's1'): NewTurn => ({
  id: `${scope}-t${i}`, scope, sessionId: session, userId: scope.slice(2), agentId: null, timestamp: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
  messages: [{ role: 'user', content: terms }], text: `User: ${terms}`, terms, termCount: terms.split(' ').filter(Boolean).length, metadata: {}, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
});

const memory = (scope: string, id: string, terms: string, over: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id, scope, userId: scope.slice(2), agentId: null, type: 'fact', subject: 'user', key: 'hobby', value: terms, confidence: 0.9, singleValued: false, status: 'active', active: true,
  sourceSession: null, sourceTurn: null, evidence: '', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z', validFrom: null, validTo: null, eventDate: null,
  supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null, metadata: {}, text: terms, terms, termCount: terms.split(' ').length, ...over,
});

describe('scope_term_docs', () => {
  test('equals fts5vocab after every kind of write', async () => {
    const store = new SqliteMemoryStore(join(dir, 'writes.db'));
    await store.migrate();
    const expectSame = () => {
      const { kept, vocab } = counts(store);
      expect(kept).toEqual(vocab);
    };
    for (const scope of ['u:ann', 'u:bo']) {
      await store.transaction(scope, async (tx) => {
        await tx.insertTurn(turn(scope, 1, 'biscuit walk park'));
        await tx.insertTurn(turn(scope, 2, 'biscuit biscuit vet'));
        await tx.insertTurn(turn(scope, 3, 'say hi  double  space tomá', 's2'));
        await tx.insertTurn(turn(scope, 4, ''));
        await tx.insertMemory(memory(scope, `${scope}-m1`, 'user hobby pottery'));
        await tx.insertMemory(memory(scope, `${scope}-m2`, 'user hobby climb'));
      });
    }
    expectSame();
    expect(counts(store).kept['turn|s1_biscuit']).toBe(2);
    // Supersession changes the status only; an edit changes the terms.
    await store.transaction('u:ann', async (tx) => {
      await tx.updateMemory('u:ann', 'u:ann-m1', { status: 'superseded', active: false });
      await tx.updateMemory('u:ann', 'u:ann-m2', { terms: 'user hobby boulder', termCount: 3 });
    });
    expectSame();
    await store.softDeleteMemory('u:ann', 'u:ann-m2', '2024-02-01T00:00:00Z');
    expectSame();
    await store.deleteMemory('u:bo', 'u:bo-m1');
    expectSame();
    await store.deleteSession('s2', (k) => k === 'u:bo');
    expectSame();
    await store.deleteUser('u:ann');
    expectSame();
    const left = Object.keys(counts(store).kept);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((k) => !k.includes('s1_'))).toBe(true);
    await store.close();
  });

  test('a stored term with quotes, a backslash or a control character is counted whole', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    await store.transaction('u:odd', (tx) => tx.insertTurn(turn('u:odd', 1, 'say "hi" back\\slash tab\u0001x')));
    const rows = dbOf(store).prepare('SELECT term, docs FROM scope_term_docs ORDER BY term').raw(true).all();
    expect(rows).toEqual([['"hi"', 1], ['back\\slash', 1], ['say', 1], ['tab\u0001x', 1]]);
    await store.close();
  });

  test('a cut lexical read takes the count of its common term from it', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const scope = 'u:many';
    const n = POSTINGS_CAP + 20;
    await store.transaction(scope, async (tx) => {
      for (let i = 0; i < n; i++) await tx.insertTurn(turn(scope, i, i % 2 === 0 ? 'walk dog' : 'walk'));
    });
    const r = await store.lexicalCandidates(scope, 'turn', ['walk'], 10);
    expect(r.docs).toHaveLength(10);
    expect(r.df?.walk).toBe(n);
    expect(await store.termFrequencies(scope, 'turn', ['walk', 'dog', 'cat'])).toEqual({ walk: n, dog: n / 2, cat: 0 });
    await store.close();
  });
});
