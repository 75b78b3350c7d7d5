/**
 * `eval locomo` progress: off a terminal one line per conversation as it starts (from the
 * benchmark's IPC progress messages), on a terminal the cli-progress bar. The child here is a
 * stand-in script that reports the way bench/locomo.ts does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { itemLine, runBenchScript, type ProgressMessage } from '../../src/cli/commands/eval.ts';

let dir: string;
let script: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eval-progress-'));
  script = join(dir, 'fake-bench.mjs');
  const steps = [
    ['conv-a', 1, 0],
    ['conv-a', 1, 10],
    ['conv-a', 1, 20],
    ['conv-b', 2, 30],
    ['conv-b', 2, 40],
  ];
  writeFileSync(
    script,
    `for (const [item, itemIndex, done] of ${JSON.stringify(steps)}) process.send?.({ type: 'progress', label: 'LoCoMo', done, total: 50, item, itemIndex, itemCount: 2 });\n` +
      `await new Promise((r) => setTimeout(r, 200));\nconsole.log('report');\n`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const out = new PassThrough();
  let written = '';
  out.on('data', (d) => (written += d));
  return { stream: Object.assign(out, { isTTY, columns: 120 }) as unknown as NodeJS.WriteStream, text: () => written };
}

test.each<[string, string | null, ProgressMessage, string | null]>([
  ['a first item', null, { type: 'progress', label: 'LoCoMo', done: 0, total: 50, item: 'conv-26', itemIndex: 1, itemCount: 10 }, 'LoCoMo: conv-26 (1/10), 0/50 steps done'],
  ['the same item again', 'conv-26', { type: 'progress', done: 10, item: 'conv-26' }, null],
  ['a new item without counts', 'conv-26', { type: 'progress', done: 12, item: 'conv-30' }, 'eval: conv-30'],
  ['no item at all', null, { type: 'progress', done: 3, total: 9 }, null],
])('itemLine: %s', (_name, previous, message, line) => {
  expect(itemLine(previous, message)).toBe(line);
});

describe('runBenchScript progress', { timeout: 60_000 }, () => {
  test('off a terminal: one line per conversation, no bar', async () => {
    const out = capture(false);
    expect(await runBenchScript(script, [], { progressStream: out.stream })).toBe(0);
    expect(out.text().trim().split('\n')).toEqual(['LoCoMo: conv-a (1/2), 0/50 steps done', 'LoCoMo: conv-b (2/2), 30/50 steps done']);
  });

  test('on a terminal: the bar with the step count', async () => {
    const out = capture(true);
    expect(await runBenchScript(script, [], { progressStream: out.stream })).toBe(0);
    expect(out.text()).toMatch(/LoCoMo \[.*\] \d+% \| 40\/50 steps/);
    expect(out.text()).not.toContain('conv-a (1/2)');
  });
});
