/**
 * Guards the recall modules against generator functions declared inside another function (session 19,
 * docs/recall-architecture.md): such a generator is a new closure every call, and calling it gives that closure its own
 * initial map. Maps live in old space, so a finished request's dead map kept its closure's context — the whole recall —
 * alive through every scavenge until the next mark-compact (~0.4 MB promoted a recall). Module-level generators only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRS = ['src/core/recall', 'src/core/text', 'src/store/sqlite', 'src/store/postgres', 'src/store'];

/** `function*` declarations or expressions that are not at the start of a line (indented: inside a block). */
export function nestedGenerators(source: string): string[] {
  const out: string[] = [];
  source.split('\n').forEach((line, i) => {
    if (/^\s+(?:async\s+)?function\s*\*/.test(line) || /[=(,:]\s*(?:async\s+)?function\s*\*/.test(line)) out.push(`${i + 1}: ${line.trim()}`);
  });
  return out;
}

describe('recall code declares generators at module level only', () => {
  it('finds a nested generator when there is one (the check can fail)', () => {
    expect(nestedGenerators('export function f() {\n  function* lines() {\n    yield 1;\n  }\n}')).toHaveLength(1);
    expect(nestedGenerators('const g = function* () {};')).toHaveLength(1);
    expect(nestedGenerators('function* top() {\n  yield 1;\n}\nexport async function* exp() {}')).toHaveLength(0);
  });

  it('no module of the recall path nests one', () => {
    for (const dir of DIRS) {
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
        expect(nestedGenerators(readFileSync(join(dir, f), 'utf8')), `${dir}/${f}`).toEqual([]);
      }
    }
  });
});
