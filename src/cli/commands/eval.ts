/**
 * @module cli/commands/eval
 * `memory-service eval locomo [options]`: runs the LoCoMo recall benchmark (bench/locomo.ts) in
 * a child process with the given options passed through. The child may report progress over
 * the IPC channel — `process.send?.({ type: 'progress', label, done, total, item, itemIndex,
 * itemCount })` — shown as a progress bar with rate and ETA on a terminal, and otherwise (pipes,
 * CI logs) as one line on stderr each time a new item (a conversation) starts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as osConstants } from 'node:os';
import type { Command } from 'commander';
import { createProgress, type Progress } from '../progress.ts';
import { CliError, runCommand } from '../runtime.ts';

/** The checkout's root, seen from src/cli/commands (sources) or dist/src/cli/commands (build). */
const ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../' : '../../../../', import.meta.url));

export interface ProgressMessage {
  type: 'progress';
  label?: string;
  done: number;
  total?: number | null;
  /** The unit of work under way (a conversation), its 1-based position and how many there are. */
  item?: string;
  itemIndex?: number;
  itemCount?: number;
}

/** Off a terminal: the line to print when a message starts a new item, else null. */
export function itemLine(previousItem: string | null, m: ProgressMessage): string | null {
  if (!m.item || m.item === previousItem) return null;
  const position = m.itemIndex && m.itemCount ? ` (${m.itemIndex}/${m.itemCount})` : '';
  const steps = m.total ? `, ${m.done}/${m.total} steps done` : '';
  return `${m.label ?? 'eval'}: ${m.item}${position}${steps}`;
}

export function isProgressMessage(m: unknown): m is ProgressMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'progress' && typeof (m as { done?: unknown }).done === 'number';
}

/** Runs a bench script (a name under bench/, or an absolute path) with tsx, forwarding its output and exit code, drawing its progress. */
export function runBenchScript(script: string, args: string[], opts: { progressStream?: NodeJS.WriteStream; progressEnabled?: boolean } = {}): Promise<number> {
  const path = isAbsolute(script) ? script : join(ROOT, 'bench', script);
  if (!existsSync(path)) throw new CliError(`benchmark script not found: ${path}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], { cwd: ROOT, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: process.env });
    const stream = opts.progressStream ?? process.stderr;
    const bar = opts.progressEnabled ?? Boolean(stream.isTTY);
    let progress: Progress | null = null;
    let item: string | null = null;
    child.on('message', (m) => {
      if (!isProgressMessage(m)) return;
      if (!bar) {
        const line = itemLine(item, m);
        item = m.item ?? item;
        if (line) stream.write(`${line}\n`);
        return;
      }
      progress ??= createProgress({ label: m.label ?? 'eval', total: m.total ?? null, unit: 'steps', stream, enabled: true });
      if (m.total) progress.setTotal(m.total);
      progress.update(m.done);
    });
    const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      progress?.stop();
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(code ?? (signal ? 128 + (osConstants.signals[signal] ?? 0) : 1));
    });
  });
}

export function registerEvalCommand(program: Command): void {
  const evalCmd = program.command('eval').description('run a benchmark');
  evalCmd
    .command('locomo')
    .description('LoCoMo recall benchmark: evidence recall, multi-hop, answer containment, latency, vs a BM25 baseline')
    .allowUnknownOption(true)
    .helpOption('-h, --help', 'show help')
    .argument('[options...]', 'passed to bench/locomo.ts: --conv conv-26[,conv-30] --budgets 512,2048 --backend sqlite|memory|postgres --data <file> --no-baseline --no-noise --misses <file>')
    .addHelpText('after', '\nExamples:\n  memory-service eval locomo\n  memory-service eval locomo --conv conv-26 --budgets 512,2048')
    .action((args: string[]) => runCommand(() => runBenchScript('locomo.ts', args)));
}
