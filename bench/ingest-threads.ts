/**
 * @module bench/ingest-threads
 * Where a warm server's CPU goes, thread by thread: starts the server as bench/ingest.ts does
 * (SQLite in a temporary directory, offline extraction, the default pool), posts the same 100
 * warm-up turns, then `--c1` turns at concurrency 1 and `--c16` at 16 through the same outside
 * client (bench/lib/ingest-client.ts), and prints for each level turns/s, server CPU ms a turn and
 * each thread's CPU ms a turn (from /proc/<pid>/task/<tid>/stat: the main thread, the pool's
 * worker and V8's helper threads; Linux names them all "node", so they are told apart by tid).
 * Usage: node --import tsx bench/ingest-threads.ts [--c1 300] [--c16 1000]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../test/api/harness.ts';
import { arg } from './lib/args.ts';
import type { TurnPlan } from './lib/ingest-load.ts';

const CLIENT = fileURLToPath(new URL('./lib/ingest-client.ts', import.meta.url));
const levels: Array<[number, number]> = [
  [1, Number(arg('c1') ?? 300)],
  [16, Number(arg('c16') ?? 1000)],
];

/** CPU ms so far of each thread of `pid`, by tid ('main' for the process's own thread). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid === String(pid) ? 'main' : tid, ((Number(f[11]) + Number(f[12])) * 1000) / 100); // CLK_TCK = 100
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

async function drive(srv: RunningServer, n: number, concurrency: number, plan: TurnPlan): Promise<{ turnsPerS: number; cpuMsPerTurn: number; load: string }> {
  const job = { url: srv.url, pid: srv.proc.pid!, n, concurrency, segment: 250, plan };
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLIENT, JSON.stringify(job)], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const dir = mkdtempSync(join(tmpdir(), 'ingest-threads-'));
const srv = await startServer({ MEMORY_DB_PATH: join(dir, 'memory.db'), LOG_LEVEL: 'warn' }, { timeoutMs: 120_000 });
try {
  await drive(srv, 100, 4, { kind: 'warm', base: 1_000_000, users: 10, session: 'warm' });
  await new Promise((r) => setTimeout(r, 3000)); // the worker finishes loading
  let base = 0;
  for (const [c, n] of levels) {
    if (n <= 0) continue;
    const before = threadCpu(srv.proc.pid!);
    const r = await drive(srv, n, c, { kind: 'many', base, users: 100 });
    const after = threadCpu(srv.proc.pid!);
    base += n;
    const per = [...after]
      .map(([tid, ms]) => [tid, (ms - (before.get(tid) ?? 0)) / n] as const)
      .filter(([, ms]) => ms >= 0.01)
      .sort((a, b) => b[1] - a[1]);
    console.log(`c${c}: ${r.turnsPerS.toFixed(1)} turns/s, server ${r.cpuMsPerTurn.toFixed(2)} CPU ms/turn; by thread (ms/turn): ${per.map(([tid, ms]) => `${tid} ${ms.toFixed(2)}`).join(', ')}; load ${r.load}`);
  }
} finally {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
