/**
 * @module core/extraction/turn-memo
 * The scope of one extraction (a turn, with the earlier turns it re-reads): pure readers that are asked the same
 * question several times in one turn (the same message prepared, the same text analysed, the same clause dated)
 * keep their answers here, and everything is dropped when the extraction returns, so nothing is kept between
 * turns and no answer can depend on an earlier turn. Pure; no I/O; no dependency (any module may use it).
 */

let scope: Map<object, Map<string, unknown>> | null = null;

/** Runs `fn` (synchronous) inside one extraction scope; a nested call joins the outer scope. */
export function withTurnMemo<T>(fn: () => T): T {
  if (scope) return fn();
  scope = new Map();
  try {
    return fn();
  } finally {
    scope = null;
  }
}

/** The current extraction's map for `owner` (one per reader: its answers by argument key); null outside an extraction. */
export function turnMemo<V>(owner: object): Map<string, V> | null {
  if (!scope) return null;
  let m = scope.get(owner);
  if (!m) scope.set(owner, (m = new Map()));
  return m as Map<string, V>;
}

/**
 * `read` (a pure reader of one string) answering from the current extraction's memo: asked the same text again in one
 * turn it returns the first answer; outside an extraction it reads afresh every time.
 */
export function perTurn<T>(read: (s: string) => T): (s: string) => T {
  const owner = {};
  return (s: string) => {
    const memo = turnMemo<T>(owner);
    if (!memo) return read(s);
    const hit = memo.get(s);
    if (hit !== undefined || memo.has(s)) return hit as T;
    const out = read(s);
    memo.set(s, out);
    return out;
  };
}
