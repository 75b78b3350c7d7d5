/**
 * @module core/packed
 * Arrays mapped in the recall path with one elements kind, whether the function building them runs in V8's interpreter
 * or optimized. `Array.prototype.map` returns a packed array from the builtin but a holey one once TurboFan inlines it
 * into an optimized caller, so the day a big function of the recall path is first optimized, every function it hands
 * such an array to meets a new array class and is deoptimized ("wrong map") and recompiled (session 22: `retrieve`'s
 * term list deoptimized the store's `cleanTerms` in the first pass after the warm-up). A loop of pushes stays packed.
 * Pure.
 */

/** `xs.map(f)` as a packed array in every tier (for arrays without holes, as every array of the recall path is). */
export function mapPacked<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}
