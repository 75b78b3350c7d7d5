/**
 * Guards the recall modules against long functions (session 21, docs/recall-architecture.md): V8 optimizes a function
 * as one unit on a compiler thread, and deoptimizes and recompiles it whole when it meets an object shape its code
 * did not expect. `retrieve` (306 lines, an async function) and `analyzeQuery` (299 lines) were recompiled every few
 * passes of a warm 10k-turn bench, ~0.1–0.3 s of compiler-thread CPU each time, which `process.cpuUsage` counts in
 * whichever recalls ran meanwhile: most of the CPU tail. Steps are module-level functions of at most MAX_LINES lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRS = ['src/core/recall'];
const MAX_LINES = 120;

/** Top-level functions (declared at the start of a line, closed by a `}` at the start of a line) longer than `max` lines. */
export function longFunctions(source: string, max = MAX_LINES): string[] {
  const out: string[] = [];
  let start = -1;
  let name = '';
  source.split('\n').forEach((line, i) => {
    const m = /^(?:export\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z0-9_$]+)/.exec(line);
    if (m && start < 0) {
      start = i;
      name = m[1]!;
    } else if (start >= 0 && /^\}/.test(line)) {
      if (i - start > max) out.push(`${name}: ${i - start} lines`);
      start = -1;
    }
  });
  return out;
}

describe('recall code keeps its functions short (each one compiles and recompiles alone)', () => {
  it('finds a long function when there is one (the check can fail)', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    expect(longFunctions(`export async function big() {\n${body}\n}\nfunction small() {\n  return 1;\n}`, 4)).toEqual(['big: 6 lines']);
    expect(longFunctions(`function small() {\n  return 1;\n}`, 4)).toEqual([]);
  });

  it(`no function of the recall path is longer than ${MAX_LINES} lines`, () => {
    for (const dir of DIRS) {
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
        expect(longFunctions(readFileSync(join(dir, f), 'utf8')), `${dir}/${f}`).toEqual([]);
      }
    }
  });
});
