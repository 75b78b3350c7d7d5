/**
 * @module core/text/code-point-order
 * The one string order that matches the stores' keyset pages and key ranges: code-point order,
 * which is how SQLite's BINARY collation and PostgreSQL's `COLLATE "C"` sort UTF-8 text. Pure.
 */

/** Code-point order: UTF-16 order with surrogates (astral code points) above the rest of the BMP. */
export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    return sx === sy ? x - y : sx ? 1 : -1;
  }
  return a.length - b.length;
}
