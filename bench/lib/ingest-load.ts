/**
 * @module bench/lib/ingest-load
 * What bench/ingest.ts and its load-generator process (bench/lib/ingest-client.ts) share: the
 * bench turns (deterministic templates), which turn each phase posts, and /proc readings of
 * another process's CPU and RSS.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Message } from '../../src/core/types.ts';

export const CITIES = ['Berlin', 'Lisbon', 'Madrid', 'Oslo', 'Toronto', 'Denver', 'Kyoto', 'Dublin'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark Industries', 'Wayne Enterprises'];
const JOBS = ['nurse', 'teacher', 'backend engineer', 'designer', 'chef', 'accountant'];
const NAMES = ['Anna', 'Maya', 'Tom', 'Lena', 'Omar', 'Priya', 'Jonas', 'Chloe'];
const PETS = ['dog', 'cat', 'parrot', 'rabbit'];
const HOBBIES = ['hiking', 'painting', 'chess', 'running', 'baking', 'climbing'];
const FOODS = ['peanuts', 'shellfish', 'gluten', 'dairy'];
export const TEMPLATES: Array<(i: number) => string> = [
  (i) => `I just moved to ${pick(CITIES, i)} for a new job.`,
  (i) => `I work at ${pick(COMPANIES, i)} as a ${pick(JOBS, i + 1)}.`,
  (i) => `My sister ${pick(NAMES, i)} has a ${pick(PETS, i)} called ${pick(NAMES, i + 3)}.`,
  (i) => `I love ${pick(HOBBIES, i)} on weekends.`,
  (i) => `I'm allergic to ${pick(FOODS, i)}.`,
  (i) => `Yesterday I went to ${pick(CITIES, i + 2)} with my friend ${pick(NAMES, i + 1)} and we had a great time.`,
  (i) => `What do you think about ${pick(HOBBIES, i + 2)}? I've been wondering whether to start.`,
];
export function pick<T>(list: readonly T[], i: number): T {
  return list[((i % list.length) + list.length) % list.length];
}

/** Turn `i` of the many-users run: two user statements and an assistant reply. */
export function benchTurn(i: number, user: string, session: string): { session_id: string; user_id: string; messages: Message[]; timestamp: string } {
  const a = TEMPLATES[i % TEMPLATES.length](i >> 3);
  const b = TEMPLATES[(i * 7 + 3) % TEMPLATES.length]((i >> 2) + 5);
  return {
    session_id: session,
    user_id: user,
    messages: [
      { role: 'user', content: `${a} ${b}` },
      { role: 'assistant', content: 'That sounds great, thanks for telling me. Anything else on your mind?' },
    ],
    timestamp: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  };
}

/** Which turns a load run posts: `many` spreads them over `users` users (phase throughput), the others are one user's. */
export type TurnPlan = { kind: 'many'; base: number; users: number } | { kind: 'growth' } | { kind: 'warm'; users: number; base: number; session: string };

export function planTurn(plan: TurnPlan, k: number): ReturnType<typeof benchTurn> {
  if (plan.kind === 'growth') return benchTurn(k, 'growth-user', `g-${Math.floor(k / 50)}`);
  if (plan.kind === 'warm') return benchTurn(plan.base + k, `warm-${k % plan.users}`, plan.session);
  const i = plan.base + k;
  const user = `user-${i % plan.users}`;
  return benchTurn(i, user, `s-${user}-${Math.floor(i / (plan.users * 20))}`);
}

/** CPU ms (user + system) of a process's main thread so far (its event loop; workers and V8 helpers excluded). */
export function procMainThreadCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

/** One thread of a process: CPU ms (user + system) so far, and when it started (clock ticks after boot). */
export interface ThreadCpu {
  cpuMs: number;
  startTicks: number;
}

/** Every thread of a process by tid, with its CPU so far and its start (threads that end between the listing and the read are skipped). */
export function procThreadsCpu(pid: number): Map<string, ThreadCpu> {
  const out = new Map<string, ThreadCpu>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = statFields(`/proc/${pid}/task/${tid}/stat`);
      out.set(tid, { cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / 100, startTicks: Number(f[19]) });
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** CPU of a window split by role: the main thread, the busiest thread started after the runtime's own (the pool's worker), and the rest. */
export interface ThreadSplit {
  mainMs: number;
  workerMs: number;
  otherMs: number;
}

/**
 * Splits the CPU a process's threads spent between two readings. Linux names Node's threads alike, so
 * roles are told by start time: V8's platform threads and libuv's start with the process (and the
 * module loader's thread within a second of it); the pool's worker starts on the first pooled task,
 * the SQLite checkpoint thread on the 32nd commit. Of the threads started `lateTicks` after the main
 * thread, the busiest over the window is the worker; every other thread (V8's helpers: GC and
 * compilation of every isolate; the checkpoint thread; the loader) is "other".
 */
export function splitThreads(pid: number, before: Map<string, ThreadCpu>, after: Map<string, ThreadCpu>, lateTicks = 200): ThreadSplit {
  const main = after.get(String(pid));
  const spent = (tid: string, t: ThreadCpu) => t.cpuMs - (before.get(tid)?.cpuMs ?? 0);
  let mainMs = 0;
  let workerMs = 0;
  let total = 0;
  for (const [tid, t] of after) {
    const ms = spent(tid, t);
    total += ms;
    if (tid === String(pid)) mainMs = ms;
    else if (main && t.startTicks - main.startTicks >= lateTicks) workerMs = Math.max(workerMs, ms);
  }
  return { mainMs, workerMs, otherMs: total - mainMs - workerMs };
}

/** CPU ms (user + system) of a process so far, all threads. */
export function procCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** The fields of a /proc stat line after the command name (field 3 onwards). */
function statFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function statCpuMs(path: string): number {
  const f = statFields(path);
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // CLK_TCK = 100
}
export function procRssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
