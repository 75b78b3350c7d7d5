/**
 * dataRecord / dataRecordOf (src/core/data-record.ts): records keyed by data for the recall path and the stores'
 * lexical reads. No prototype, so a term that names an Object.prototype member is a key like any other (a `{}`
 * answers "constructor" with a function); entries as Object.fromEntries reads them; and the stores' term counts are
 * such records (one hidden class for all: V8 no longer deoptimizes their readers as new term sequences come).
 */
import { describe, expect, test } from 'vitest';
import { dataRecord, dataRecordOf } from '../../src/core/data-record.ts';
import { cutPostings } from '../../src/store/lexical.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

describe('dataRecord', () => {
  test.each([['constructor'], ['toString'], ['__proto__'], ['hasOwnProperty'], ['valueOf'], ['work']])('"%s" is absent until set, then a plain own key', (key) => {
    const r = dataRecord<number>();
    expect(r[key]).toBeUndefined();
    expect(r[key] ?? 0).toBe(0);
    r[key] = 3;
    expect(r[key]).toBe(3);
    expect(Object.keys(r)).toEqual([key]);
    expect(JSON.parse(JSON.stringify(r))).toEqual({ [key]: 3 });
  });

  test.each([
    [[], {}],
    [[['a', 1]], { a: 1 }],
    [[['a', 1], ['b', 2], ['a', 3]], { a: 3, b: 2 }],
    [[['constructor', 0]], { constructor: 0 }],
  ] as Array<[Array<[string, number]>, Record<string, number>]>)('dataRecordOf(%j) reads as Object.fromEntries', (entries, want) => {
    const r = dataRecordOf(entries);
    expect({ ...r }).toEqual(want);
    expect(Object.keys(r)).toEqual(Object.keys(Object.fromEntries(entries)));
    expect(Object.getPrototypeOf(r)).toBeNull();
  });
});

describe('term counts are data records', () => {
  test('cutPostings: a term never counted reads as absent, whatever its name', () => {
    const { df } = cutPostings(new Map([['work', [3, 2, 1]]]), dataRecord<number>(), 10, 5);
    expect(df.work).toBe(3);
    expect(df.constructor).toBeUndefined();
    expect(Object.getPrototypeOf(df)).toBeNull();
  });

  test('SqliteMemoryStore.termFrequencies: every asked term, zero when absent, "constructor" included', async () => {
    const store = new SqliteMemoryStore(':memory:');
    try {
      await store.migrate();
      const tf = await store.termFrequencies('u:nobody', 'turn', ['constructor', 'work']);
      expect({ ...tf }).toEqual({ constructor: 0, work: 0 });
      expect(Object.getPrototypeOf(tf)).toBeNull();
      expect(tf.toString).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
