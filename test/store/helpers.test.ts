// Pure store helpers: backend selection, term cleaning, query literals, candidate selection, revival plan.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createStore, storeTarget } from '../../src/store/create-store.ts';
import { byCodePoint, cappedTerms, cleanTerms, cosine, cutPostings, fts5Query, keepFor, POSTINGS_CAP, preselect, selectCandidates, tsqueryLiteral } from '../../src/store/lexical.ts';
import { planReactivation } from '../../src/store/deletion.ts';
import { loadConfig } from '../../src/config.ts';
import { memory } from './conformance.ts';
import { inRowidOrder } from '../../src/store/sqlite/store.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('storeTarget', () => {
  test.each([
    [{ MEMORY_DB_PATH: './data/memory.db' }, { kind: 'sqlite', path: './data/memory.db' }],
    [{ MEMORY_DB_PATH: ':memory:' }, { kind: 'sqlite', path: ':memory:' }],
    [{ DATABASE_URL: 'postgres://u@h:5432/db', MEMORY_DB_PATH: 'x' }, { kind: 'postgres', url: 'postgres://u@h:5432/db' }],
    [{ DATABASE_URL: 'postgresql://h/db?schema=s1', MEMORY_DB_PATH: 'x' }, { kind: 'postgres', url: 'postgresql://h/db?schema=s1' }],
    [{ DATABASE_URL: 'pglite:memory', MEMORY_DB_PATH: 'x' }, { kind: 'pglite', dataDir: null }],
    [{ DATABASE_URL: 'pglite://memory', MEMORY_DB_PATH: 'x' }, { kind: 'pglite', dataDir: null }],
    [{ DATABASE_URL: 'pglite:///var/lib/mem', MEMORY_DB_PATH: 'x' }, { kind: 'pglite', dataDir: '/var/lib/mem' }],
  ])('%j → %j', (cfg, expected) => {
    expect(storeTarget(cfg as never)).toEqual(expected);
  });

  test('an unsupported URL is a readable error that hides credentials', () => {
    expect(() => storeTarget({ DATABASE_URL: 'mysql://root:hunter2@h/db', MEMORY_DB_PATH: 'x' })).toThrow(/DATABASE_URL must start with/);
    expect(() => storeTarget({ DATABASE_URL: 'mysql://root:hunter2@h/db', MEMORY_DB_PATH: 'x' })).not.toThrow(/hunter2/);
  });

  test('createStore makes the SQLite directory and returns a working store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'create-store-'));
    try {
      const path = join(dir, 'nested', 'deeper', 'memory.db');
      const store = await createStore(loadConfig({ MEMORY_DB_PATH: path }), silent);
      await store.migrate();
      expect(existsSync(path)).toBe(true);
      expect((await store.info()).kind).toBe('sqlite');
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lexical helpers', () => {
  test.each([
    [['a', 'b', 'a'], ['a', 'b']],
    [['', ' ', 'dog AND', 'ok'], ['ok']],
    [['x'.repeat(2000)], []],
    [['"NEAR("', '*'], ['"NEAR("', '*']],
  ])('cleanTerms(%j) = %j', (input, expected) => {
    expect(cleanTerms(input)).toEqual(expected);
  });

  test.each([
    [['dog'], '"dog"'],
    [['a"b', 'NEAR('], '"a""b" OR "NEAR("'],
  ])('fts5Query(%j) = %s', (input, expected) => {
    expect(fts5Query(input)).toBe(expected);
  });

  test.each([
    [['dog'], "'dog'"],
    [["it's", 'a\\b'], "'it''s' | 'a\\\\b'"],
  ])('tsqueryLiteral(%j) = %s', (input, expected) => {
    expect(tsqueryLiteral(input)).toBe(expected);
  });

  test('selectCandidates keeps exact matches only and cuts to limit by relevance', () => {
    const docs = [
      { id: 'noise', terms: 'dogma x', termCount: 2 },
      { id: 'one', terms: 'dog a b c d e f g', termCount: 8 },
      { id: 'two', terms: 'dog dog biscuit', termCount: 3 },
      { id: 'three', terms: 'cat', termCount: 1 },
    ];
    expect(selectCandidates(docs, ['dog', 'biscuit'], 10).map((d) => d.id)).toEqual(['one', 'two']);
    expect(selectCandidates(docs, ['dog', 'biscuit'], 1).map((d) => d.id)).toEqual(['two']);
    expect(selectCandidates(docs, ['dog'], 0)).toEqual([]);
  });

  // Bounded candidates from per-term postings (newest first): the IDF mass of the terms a
  // document contains decides, ties go to the newer document, and the cut is k.
  test.each([
    ['a rare term outweighs a common one', { rare: [7], common: [9, 8, 7, 6, 5] }, { rare: 1, common: 5 }, 10, 2, [7, 9]],
    ['more matched terms first', { a: [3, 2], b: [3], c: [1] }, { a: 2, b: 1, c: 1 }, 10, 3, [3, 1, 2]],
    ['ties: the newer first', { dog: [4, 2, 9] }, { dog: 3 }, 10, 2, [9, 4]],
    ['a capped term uses its index count', { common: [10, 9], rare: [1] }, { common: 900, rare: 1 }, 1000, 3, [1, 10, 9]],
    ['k = 0 keeps nothing', { dog: [1] }, { dog: 1 }, 5, 0, []],
  ] as const)('preselect: %s', (_label, postings, df, n, k, expected) => {
    const map = new Map(Object.entries(postings).map(([t, rows]) => [t, [...rows]]));
    expect(preselect(map, df, n, k)).toEqual(expected);
  });

  test('preselect: newest-first postings (merged) pick exactly what the same postings in any order pick', () => {
    // A small deterministic generator: overlapping posting lists of 1–400 rows over 2,000 documents.
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 40; round++) {
      const terms = 1 + Math.floor(rand() * 12);
      const sorted = new Map<string, number[]>();
      const shuffled = new Map<string, number[]>();
      const df: Record<string, number> = {};
      for (let t = 0; t < terms; t++) {
        const rows = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 400) }, () => 1 + Math.floor(rand() * 2000)))];
        sorted.set(`t${t}`, [...rows].sort((a, b) => b - a));
        shuffled.set(`t${t}`, [...rows].sort(() => rand() - 0.5));
        df[`t${t}`] = rows.length + Math.floor(rand() * 3) * 100;
      }
      // A shuffled list is not newest first, so it takes the map path; a one-row list is both.
      for (const k of [1, 50, 300, 5000]) expect(preselect(sorted, df, 2000, k)).toEqual(preselect(shuffled, df, 2000, k));
    }
  });

  test('preselect: more distinct scores than the merged cut groups (511 term subsets) pick what the map path picks', () => {
    // Document d holds term t when bit t of d is set: 9 terms of distinct weights give 511 distinct sums, past the
    // merged cut's 256 groups, so it hands the cut to the grouped path; 8 terms (255 sums) stay merged.
    for (const terms of [8, 9]) {
      const sorted = new Map<string, number[]>();
      const shuffled = new Map<string, number[]>();
      const df: Record<string, number> = {};
      for (let t = 0; t < terms; t++) {
        const rows = Array.from({ length: 2 ** terms - 1 }, (_, i) => i + 1).filter((d) => (d >> t) & 1).sort((a, b) => b - a);
        sorted.set(`t${t}`, rows);
        shuffled.set(`t${t}`, [...rows].reverse());
        df[`t${t}`] = rows.length + 7 * t;
      }
      for (const k of [1, 100, 255, 256, 1000]) {
        const picked = preselect(sorted, df, 5000, k);
        expect(picked).toEqual(preselect(shuffled, df, 5000, k));
        expect(picked).toHaveLength(Math.min(k, 2 ** terms - 1));
      }
    }
  });

  test('preselect: a query past the scratch the merged cut keeps (140 terms × 500 postings) picks what the map path picks', () => {
    const sorted = new Map<string, number[]>();
    const shuffled = new Map<string, number[]>();
    const df: Record<string, number> = {};
    for (let t = 0; t < 140; t++) {
      const rows = Array.from({ length: 500 }, (_, i) => 200_000 - (t * 500 + i) * 1.5).map(Math.floor);
      sorted.set(`t${t}`, rows);
      shuffled.set(`t${t}`, [...rows].reverse());
      df[`t${t}`] = 500 + 13 * t;
    }
    for (const k of [300, 70_000]) expect(preselect(sorted, df, 300_000, k)).toEqual(preselect(shuffled, df, 300_000, k));
    // A small query after it still uses (and is not corrupted by) the scratch.
    const small = new Map([['a', [9, 5, 2]], ['b', [5, 1]]]);
    // b is the rarer term: its own document outranks a's. The same lists out of order take the map path.
    expect(preselect(small, { a: 3, b: 2 }, 10, 10)).toEqual([5, 1, 9, 2]);
    expect(preselect(new Map([['a', [2, 9, 5]], ['b', [1, 5]]]), { a: 3, b: 2 }, 10, 10)).toEqual([5, 1, 9, 2]);
  });

  const capped = Array.from({ length: POSTINGS_CAP }, (_, i) => 10_000 - i);
  test.each([
    // label, postings, index counts, n, keep → picked, df, cut
    ['complete: every posting kept', { dog: [3, 2, 1], cat: [2] }, {}, 10, 5, [2, 3, 1], { dog: 3, cat: 1 }, false],
    ['a document left out by keep', { dog: [3, 2, 1] }, {}, 10, 2, [3, 2], { dog: 3 }, true],
    ['a capped term counts from the index', { dog: capped, cat: [7] }, { dog: 900 }, 2000, 1, [7], { dog: 900, cat: 1 }, true],
    ['no postings', { dog: [] }, {}, 10, 5, [], { dog: 0 }, false],
  ] as const)('cutPostings: %s', (_label, postings, indexDf, n, keep, picked, df, cut) => {
    const map = new Map(Object.entries(postings).map(([t, rows]) => [t, [...rows]]));
    expect(cutPostings(map, indexDf, n, keep)).toEqual({ picked, df, cut });
  });

  test('cappedTerms and keepFor', () => {
    expect(cappedTerms(new Map([['dog', capped], ['cat', [1]]]))).toEqual(['dog']);
    expect([keepFor(150, false), keepFor(150, true)]).toEqual([150, 350]);
  });

  test('selectCandidates trusts an index-ranked list for whole-token terms and checks the others', () => {
    const ranked = [
      { id: 'best', terms: 'dog biscuit', termCount: 2 },
      { id: 'next', terms: 'dog', termCount: 1 },
      { id: 'over', terms: 'e mail', termCount: 2 },
    ];
    // Whole tokens: the index order is the relevance order, cut to the limit.
    expect(selectCandidates(ranked, ['dog', 'biscuit'], 2, { ranked: true }).map((d) => d.id)).toEqual(['best', 'next']);
    expect(selectCandidates(ranked, ['café', 'x_1'], 1, { ranked: true }).map((d) => d.id)).toEqual(['best']);
    // 'e-mail' is split by the tokenizers, so the index may over-match: exact check applies.
    expect(selectCandidates(ranked, ['e-mail'], 10, { ranked: true })).toEqual([]);
  });

  test.each([
    [[1, 0], [1, 0], 1],
    [[1, 0], [0, 1], 0],
    [[1, 1], [-1, -1], -1],
    [[0, 0], [1, 0], 0],
    [[1, 0, 0], [1, 0], 0],
  ])('cosine(%j, %j) = %d', (a, b, expected) => {
    expect(cosine(a, b)).toBeCloseTo(expected, 9);
  });
});

test('byCodePoint sorts like SQLite BINARY / COLLATE "C" (UTF-8 bytes), not like the locale', () => {
  expect(['b', 'B', 'a', '\u{1F600}', '\uFF21', 'A'].sort(byCodePoint)).toEqual(['A', 'B', 'a', 'b', '\uFF21', '\u{1F600}']);
});

describe('planReactivation', () => {
  const s = 'u:x';
  test('revives what a deleted row superseded', () => {
    const a = memory(s, 'city', 'A', { active: false, status: 'superseded', supersededBy: 'B' });
    const b = memory(s, 'city', 'B', { id: 'B', supersedes: a.id });
    expect(planReactivation([b], [a], [b])).toEqual({ reactivate: [a.id], unlinkSupersedes: [], unlinkSupersededBy: [] });
  });
  test('does not revive when another active row holds the key, and unlinks dangling links', () => {
    const a = memory(s, 'city', 'A', { active: false, status: 'superseded', supersededBy: 'B' });
    const b = memory(s, 'city', 'B', { id: 'B', active: false, status: 'superseded', supersedes: a.id, supersededBy: 'C' });
    const c = memory(s, 'city', 'C', { id: 'C', supersedes: 'B' });
    expect(planReactivation([b], [a, c], [c])).toEqual({ reactivate: [], unlinkSupersedes: ['C'], unlinkSupersededBy: [a.id] });
  });
  test('a chain with both newer rows deleted revives the oldest', () => {
    const a = memory(s, 'city', 'A', { active: false, status: 'superseded', supersededBy: 'B', createdAt: '1' });
    const b = memory(s, 'city', 'B', { id: 'B', active: false, status: 'superseded', supersedes: a.id, supersededBy: 'C', createdAt: '2' });
    const c = memory(s, 'city', 'C', { id: 'C', supersedes: 'B', createdAt: '3' });
    expect(planReactivation([b, c], [a], [c]).reactivate).toEqual([a.id]);
  });
  test('a retracted or soft-deleted predecessor stays as it is', () => {
    const a = memory(s, 'city', 'A', { active: false, status: 'retracted', supersededBy: 'B' });
    const b = memory(s, 'city', 'B', { id: 'B', supersedes: a.id });
    expect(planReactivation([b], [a], []).reactivate).toEqual([]);
  });
});

describe('inRowidOrder (SQLite rows read by a rowid list)', () => {
  const rows = (...ids: number[]) => ids.map((r) => [r, `doc${r}`]);
  test.each([
    ['in list order, some missing (the usual case: kept as read)', [9, 7, 5, 3, 1], rows(9, 5, 1), [9, 5, 1]],
    ['all present', [4, 2, 8], rows(4, 2, 8), [4, 2, 8]],
    ['none read', [4, 2], [], []],
    ['out of list order: put back in it', [9, 7, 5, 3, 1], rows(5, 9, 1), [9, 5, 1]],
    ['a row not in the list is left out', [3, 2, 1], rows(3, 6, 1), [3, 1]],
    ['the last of the list only', [3, 2, 1], rows(1), [1]],
  ])('%s', (_label, list, read, want) => {
    expect(inRowidOrder(read as unknown[][], list as number[]).map((r) => r[0])).toEqual(want);
  });
});
