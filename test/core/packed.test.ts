/**
 * mapPacked (src/core/packed.ts): `Array.prototype.map` for the recall path's arrays, built by pushes so the result
 * has one elements kind whether its caller runs in V8's interpreter or optimized (the builtin returns a packed array,
 * TurboFan's inlined map a holey one). Same values, same order, the index passed as map passes it.
 */
import { expect, test } from 'vitest';
import { mapPacked } from '../../src/core/packed.ts';

test.each([
  [[], (x: number) => x * 2],
  [[1, 2, 3], (x: number) => x * 2],
  [[5, 6, 7], (_: number, i: number) => i],
  [[0.5, 1], (x: number, i: number) => `${i}:${x}`],
  [['a', 'b'], (x: string) => ({ x })],
] as Array<[unknown[], (x: never, i: number) => unknown]>)('mapPacked(%j) equals map', (xs, f) => {
  const got = mapPacked(xs as never[], f);
  expect(got).toEqual((xs as never[]).map(f));
  expect(got.length).toBe(xs.length);
  expect(Object.keys(got)).toEqual(xs.map((_, i) => String(i)));
});
