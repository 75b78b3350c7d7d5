/** CLI helpers: progress rate formatting, silence off a TTY, the IPC progress message guard, search rendering. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { SILENT_PROGRESS, createProgress, formatRate } from '../../src/cli/progress.ts';
import { isProgressMessage } from '../../src/cli/commands/eval.ts';
import { formatSearch } from '../../src/cli/commands/query.ts';

describe('formatRate', () => {
  test.each([
    [0, 1000, '0'],
    [5, 0, '0'],
    [5, 1000, '5.0'],
    [3, 2000, '1.5'],
    [100, 1000, '100'],
    [2500, 1000, '2500'],
  ])('%i items in %i ms → %s/s', (done, ms, expected) => {
    expect(formatRate(done, ms)).toBe(expected);
  });
});

describe('createProgress', () => {
  test('is silent when the stream is not a terminal', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.WriteStream;
    expect(createProgress({ label: 'import', total: 10, stream })).toBe(SILENT_PROGRESS);
  });

  test('draws count, rate and ETA when enabled', async () => {
    const out = new PassThrough();
    let written = '';
    out.on('data', (d) => (written += d));
    const stream = Object.assign(out, { isTTY: true, columns: 120, cursorTo() {}, clearLine() {}, moveCursor() {} }) as unknown as NodeJS.WriteStream;
    const p = createProgress({ label: 'import', total: 10, unit: 'lines', stream, enabled: true });
    p.update(5);
    p.update(12);
    p.stop();
    p.stop();
    expect(written).toMatch(/import \[.*\] \d+% \| 12\/12 lines \| [\d.]+ lines\/s \| ETA/);
  });
});

describe('isProgressMessage', () => {
  test.each([
    [{ type: 'progress', done: 3, total: 10 }, true],
    [{ type: 'progress', done: 3 }, true],
    [{ type: 'progress', done: '3' }, false],
    [{ type: 'log', done: 3 }, false],
    [null, false],
    ['progress', false],
  ])('%j → %s', (m, expected) => {
    expect(isProgressMessage(m)).toBe(expected);
  });
});

test('formatSearch renders one line per hit, or says there are none', () => {
  expect(formatSearch([])).toBe('(no results)\n');
  const line = formatSearch([{ kind: 'memory', id: 'm', content: 'location:\n Berlin', score: 0.5, session_id: null, timestamp: '2025-01-01T00:00:00Z', metadata: {}, turn_id: null, memory: null }]);
  expect(line).toBe('0.500  memory  2025-01-01  location: Berlin\n');
});

describe('runBenchScript (eval)', () => {
  test('passes arguments, forwards the exit code and draws IPC progress', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runBenchScript } = await import('../../src/cli/commands/eval.ts');
    const dir = mkdtempSync(join(tmpdir(), 'bench-'));
    const script = join(dir, 'fake-bench.ts');
    writeFileSync(script, "for (let i = 1; i <= 4; i++) process.send?.({ type: 'progress', label: 'fake', done: i, total: 4 });\nprocess.exitCode = process.argv.includes('--fail') ? 3 : 0;\n");
    const out = new PassThrough();
    let written = '';
    out.on('data', (d) => (written += d));
    const stream = Object.assign(out, { isTTY: true, columns: 120, cursorTo() {}, clearLine() {}, moveCursor() {} }) as unknown as NodeJS.WriteStream;
    try {
      expect(await runBenchScript(script, ['--fail'], { progressStream: stream, progressEnabled: true })).toBe(3);
      expect(written).toMatch(/fake \[.*\] 100% \| 4\/4 steps/);
      expect(await runBenchScript(script, [])).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
