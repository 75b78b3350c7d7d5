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
  /** In recency order, least recent first; `at`: the value of `moves` when the entry last went to the back. */
  private readonly map = new Map<string, { value: V; bytes: number; at: number }>();
  private total = 0;
  /** Entries put at the back so far (insertions and moves). */
  private moves = 0;

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

  /**
   * The value, marked recently used: moved to the back unless it already lies in the newer half of
   * the order (fewer than size/2 entries went to the back after it), where it is as safe from
   * eviction as at the back. A hit in a busy cache is then one lookup instead of a lookup, a delete
   * and a re-insert (the memos of extraction are read thousands of times a turn).
   */
  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (this.moves - e.at >= this.map.size >> 1) {
      this.map.delete(key);
      e.at = ++this.moves;
      this.map.set(key, e);
    }
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
    this.map.set(key, { value, bytes, at: ++this.moves });
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
