/**
 * @module heap-policy
 * The server process's V8 heap growth policy (I/O free, but process-wide: it sets a V8 flag).
 * After each full collection V8 lets an isolate's old generation grow to `live × factor` before the
 * next one, and on a machine with ≥ 2 GB of heap limit the factor goes up to 4: the main thread's
 * ~80–110 MB of live objects may become ~270–330 MB of heap before V8 collects again, which alone
 * takes the server past its 512 MB RSS budget once enough has been promoted (session 19,
 * docs/ingest.md). `--heap-growing-percent` fixes the factor at `1 + percent / 100` for every
 * isolate of the process (the main thread, the pool's workers, the module loader's thread); V8 reads
 * it at each collection, so setting it at start-up works without a command-line flag. 0 leaves V8's
 * own policy.
 */
import { setFlagsFromString } from 'node:v8';

/** Default growth of a heap past its live size before the next full collection, in per cent (factor 1.3). */
export const HEAP_GROWING_PERCENT = 30;

/** Applies the growth policy to every isolate of this process (present and future); 0 keeps V8's dynamic factor. */
export function applyHeapPolicy(percent: number = HEAP_GROWING_PERCENT): void {
  if (!Number.isInteger(percent) || percent < 0) throw new RangeError(`heap growing percent must be a non-negative integer, got ${percent}`);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
