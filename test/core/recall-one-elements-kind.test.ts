/**
 * Guards the recall path's arrays against a second elements kind (session 24, docs/recall-architecture.md): an array
 * built by `Array.prototype.map` is packed from the builtin and holey once TurboFan inlines it into an optimized caller,
 * so each function handed such arrays is deoptimized ("wrong map") and recompiled the day its producer is first
 * optimized, which on a warm 10k-turn bench happened as late as pass 74 (a recompile is ~5–270 ms of a compiler thread,
 * counted in the recalls it overlaps). Sessions 22–23 replaced the `map` calls that were caught deoptimizing; this one
 * replaced every remaining one on the recall path (by `mapPacked`, src/core/packed.ts) and checks that none comes back.
 * Comments are skipped; `?.map(` is not allowed either (write `xs ? mapPacked(xs, f) : undefined`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FILES = [
  ...readdirSync('src/core/recall')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('src/core/recall', f)),
  'src/store/lexical.ts',
  'src/store/rows.ts',
  'src/store/sqlite/store.ts',
];

/** `1-based line: text` of each code line (comments stripped) that calls `.map(`. */
export function mapCalls(source: string): string[] {
  const out: string[] = [];
  source.split('\n').forEach((line, i) => {
    const code = line.replace(/^\s*(?:\/\/|\*|\/\*\*?).*$/, '').replace(/\s\/\/\s.*$/, '');
    if (/\??\.map\s*\(/.test(code)) out.push(`${i + 1}: ${line.trim()}`);
  });
  return out;
}

describe('the recall path builds its arrays with one elements kind', () => {
  it('finds a map call when there is one (the check can fail)', () => {
    expect(mapCalls('const a = xs.map((x) => x + 1);\nconst b = ys?.map(f);')).toEqual(['1: const a = xs.map((x) => x + 1);', '2: const b = ys?.map(f);']);
    expect(mapCalls('// xs.map(f) in a comment\n * xs.map(f) in a doc comment\nconst c = mapPacked(xs, f);')).toEqual([]);
  });

  it.each(FILES)('%s calls no Array.prototype.map', (file) => {
    expect(mapCalls(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
