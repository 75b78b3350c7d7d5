/**
 * @module core/byte-lru
 * A least-recently-used map bounded in BYTES (an estimate per entry, given by the caller), not in
 * entries: a cache of small values and one of large values cost what they hold, never more than
 * the budget. Used by every long-lived cache of the process (prepared statements, lexicon kinds),
 * so memory stays flat however many distinct keys traffic brings. Pure; no I/O.
 */

/** Rough bytes of a JS string (UTF-16) plus a Map entry's own overhead. */
export const stringBytes = (s: string): number => 2 * s.length + 48;

export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  /**
   * @param maxBytes the budget (entries beyond it are dropped, least recently used first)
   * @param sizeOf bytes one entry holds (key included); an entry larger than the budget is not kept
   * @param onEvict called for each dropped entry (e.g. to release a native handle)
   */
  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (key: string, value: V) => number,
    private readonly onEvict?: (key: string, value: V) => void,
  ) {}

  /** Bytes held now (≤ maxBytes). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  /** The value, marked most recently used. */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  set(key: string, value: V): void {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.total -= old.bytes;
    }
    const bytes = Math.max(1, this.sizeOf(key, value));
    if (bytes > this.maxBytes) {
      if (old && old.value !== value) this.onEvict?.(key, old.value);
      return;
    }
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.total > this.maxBytes) {
      const [k, e] = this.map.entries().next().value as [string, { value: V; bytes: number }];
      this.map.delete(k);
      this.total -= e.bytes;
      this.onEvict?.(k, e.value);
    }
  }

  /** The cached value, computed and kept on a miss. */
  getOrCompute(key: string, compute: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined || this.map.has(key)) return hit as V;
    const v = compute();
    this.set(key, v);
    return v;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
