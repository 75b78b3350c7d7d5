/**
 * @module bench/jit-warmup
 * The JIT warm-up of a fresh isolate's offline extraction (docs/ingest.md, Session 24): optionally the start-up sample
 * (core/warm-up-sample, with its recent turns) `rounds` times, then the bench's turns, with the process's CPU a turn per
 * segment and the main thread's and the other threads' (V8's compiler and GC helpers) over all of them, from
 * /proc/self/task. Run it with the V8 options to compare (`--interrupt-budget=N`, `--no-concurrent-recompilation`, …);
 * two runs side by side (`&`) see the same load.
 *
 * Usage: node --no-regexp-tier-up [V8 options] --import tsx bench/jit-warmup.ts [rounds=0] [turns=3000] [segment=1000]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Message, TurnRecord } from '../src/core/types.ts';
import { extractOffline } from '../src/core/extraction/offline-extractor.ts';
import { analyseTurn } from '../src/core/turn-analysis.ts';
import { WARM_UP_SAMPLE } from '../src/core/warm-up-sample.ts';
import { evalLexicon } from './extraction-score.ts';
import { benchTurns } from './lib/bench-turns.ts';

const rounds = Number(process.argv[2] ?? 0);
const n = Number(process.argv[3] ?? 3000);
const segment = Number(process.argv[4] ?? 1000);
const lexicon = evalLexicon();
const sampleTurns = WARM_UP_SAMPLE.map((t) => ({ messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }] as Message[], timestamp: `${t.day}T12:00:00.000Z` }));
const sample = sampleTurns.map((t, i) => ({
  messages: t.messages,
  ctx: { timestamp: t.timestamp, sessionId: 'warm-up', recentTurns: sampleTurns.slice(Math.max(0, i - 3), i).map((r, k) => ({ id: `warm-${k}`, scope: 'warm-up', sessionId: 'warm-up', seq: k + 1, timestamp: r.timestamp, messages: r.messages }) as TurnRecord) },
}));
const turns = benchTurns(n);
const extract = (t: { messages: Message[]; ctx: (typeof turns)[number]['ctx'] }) => extractOffline(analyseTurn(t.messages).messages, t.ctx, true, undefined, lexicon);

/** CPU ms of the main thread and of all the others so far (clock ticks of 10 ms). */
function threads(): { main: number; other: number } {
  let main = 0;
  let other = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ms = (Number(f[11]) + Number(f[12])) * 10;
    if (tid === String(process.pid)) main += ms;
    else other += ms;
  }
  return { main, other };
}

for (const t of sample) extract(t); // what warmUpOnSample's one ingest of the sample does on the main thread
const w0 = process.cpuUsage();
for (let r = 0; r < rounds; r++) for (const t of sample) extract(t);
const w = process.cpuUsage(w0);
const th0 = threads();
const c0 = process.cpuUsage();
const segs: string[] = [];
let s0 = process.cpuUsage();
for (let i = 0; i < turns.length; i++) {
  extract(turns[i]);
  if ((i + 1) % segment === 0) {
    const s = process.cpuUsage(s0);
    segs.push(((s.user + s.system) / 1000 / segment).toFixed(2));
    s0 = process.cpuUsage();
  }
}
const c = process.cpuUsage(c0);
const th = threads();
const f = (x: number) => x.toFixed(2);
console.log(
  `sample ×${rounds} (${((w.user + w.system) / 1000).toFixed(0)} ms CPU), then ${n} bench turns: ${f((c.user + c.system) / 1000 / n)} CPU ms a turn (main ${f((th.main - th0.main) / n)}, other threads ${f((th.other - th0.other) / n)}); per ${segment}: ${segs.join(' ')}; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`,
);
