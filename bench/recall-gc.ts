/**
 * @module bench/recall-gc
 * What a warm recall allocates and what the collector does about it, measured without timing noise:
 * `node --import tsx bench/recall-gc.ts --db /tmp/p10k.db [--reps 5] [--snapshot] [--sample]`
 * over a SQLite file built by bench/recall-profile.ts (one user, the scale question set).
 * It prints, each with the contexts digest of the first pass (the same digest as recall-profile's):
 * - old space / heap used after the warm pass, and with `--snapshot` the live heap by constructor
 *   (a heap snapshot summed by node type and name: what a mark-compact must walk);
 * - GCs per 100 recalls by kind (PerformanceObserver 'gc' entries) with their summed and longest pause,
 *   and CPU mean / p50 / p99 per recall over `--reps` passes;
 * - bytes allocated per recall: heap used before and after each recall of three passes, kept when
 *   no collection ran inside it (run it with `node --min-semi-space-size=64 --max-semi-space-size=64`
 *   so that GCs are rare; the recalls a GC ran in are counted and left out). `--sample` adds
 *   V8's sampling allocation profile (collected objects included) by function, top 25 (`--top N`;
 *   `--callers` names a builtin's allocation with the function of ours that called it). Run with
 *   `node --enable-source-maps` for each function's source line: tsx's output holds a file on one line (template
 *   literals aside), so without the source maps every function of a file prints as line 1.
 * - with `--residue` (and `node --expose-gc`): the young bytes of a finished recall that the next
 *   minor GC still copies (a full GC frees them; see docs/recall-architecture.md, session 12).
 */
import { createHash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import { findSourceMap } from 'node:module';
import { loadavg } from 'node:os';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import { MemoryService } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../src/store/sqlite/store.ts';
import { QUESTIONS } from './lib/scale-gen.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}
const DB = arg('db', '/tmp/recall-profile-10000.db');
const REPS = Number(arg('reps', '5'));
const USER = 'scale-user';
const MB = (b: number) => (b / 1048576).toFixed(2);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental-mark',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};
const gcs: Array<{ kind: string; ms: number }> = [];
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ kind: KINDS[((e as unknown as { detail: { kind: number } }).detail).kind] ?? 'other', ms: e.duration });
});
obs.observe({ entryTypes: ['gc'] });
/** Lets the observer's queued entries arrive. */
const flush = () => new Promise((r) => setTimeout(r, 5));

const store = new SqliteMemoryStore(DB);
await store.migrate();
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
const recall = (q: string) => svc.recall({ query: q, sessionId: null, userId: USER, maxTokens: 512 });
const digest = createHash('sha256');
for (const q of QUESTIONS) digest.update((await recall(q)).context);
const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
await flush();
console.log(`contexts ${digest.digest('hex').slice(0, 12)}; after the warm pass: old space ${MB(oldSpace())} MB, heap used ${MB(process.memoryUsage().heapUsed)} MB, RSS ${MB(process.memoryUsage().rss)} MB; load ${loadavg()[0].toFixed(1)}`);

if (process.argv.includes('--snapshot')) {
  const file = v8.writeHeapSnapshot(`/tmp/recall-gc-${process.pid}.heapsnapshot`);
  const snap = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  unlinkSync(file);
  const f = snap.snapshot.meta.node_fields;
  const [ti, ni, si, width] = [f.indexOf('type'), f.indexOf('name'), f.indexOf('self_size'), f.length];
  const types = snap.snapshot.meta.node_types[0];
  const by = new Map<string, [number, number]>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + ti]];
    const key = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${snap.strings[snap.nodes[i + ni]].slice(0, 50)}` : type;
    const e = by.get(key) ?? [0, 0];
    e[0]++;
    e[1] += snap.nodes[i + si];
    total += snap.nodes[i + si];
    by.set(key, e);
  }
  console.log(`heap snapshot: ${(snap.nodes.length / width).toLocaleString()} nodes, ${MB(total)} MB self size; by count:`);
  for (const [k, [n, b]] of [...by].sort((a, b) => b[1][0] - a[1][0]).slice(0, 20)) console.log(`  ${n.toLocaleString().padStart(10)} ${MB(b).padStart(8)} MB  ${k}`);
}

// Bytes allocated per recall: heap used around each recall, kept only when no GC ran in it.
const perRecall: number[] = [];
let withGc = 0;
for (let pass = 0; pass < 3; pass++) {
  for (const q of QUESTIONS) {
    await flush();
    const g0 = gcs.length;
    const h0 = v8.getHeapStatistics().used_heap_size;
    await recall(q);
    const h1 = v8.getHeapStatistics().used_heap_size;
    await flush();
    if (gcs.length === g0) perRecall.push(h1 - h0);
    else withGc++;
  }
}
const mean = perRecall.reduce((a, b) => a + b, 0) / Math.max(1, perRecall.length);
console.log(`allocated per recall (heap used around it, ${perRecall.length} recalls without a GC, ${withGc} left out): mean ${MB(mean)} MB, p50 ${MB(pct(perRecall, 50) ?? 0)}, max ${MB(Math.max(0, ...perRecall))}`);

if (process.argv.includes('--sample')) {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let rep = 0; rep < 2; rep++) for (const q of QUESTIONS) await recall(q);
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SamplingNode } };
  type SamplingNode = { callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; selfSize: number; children: SamplingNode[] };
  const self = new Map<string, number>();
  let total = 0;
  /** The function's source file and line (through the source map when node runs with --enable-source-maps). */
  const where = (f: SamplingNode['callFrame']) => {
    const mapped = f.url ? (findSourceMap(f.url)?.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string; originalLine?: number } | undefined) : undefined;
    const [file, line] = mapped?.originalSource && mapped.originalLine !== undefined ? [mapped.originalSource, mapped.originalLine] : [f.url, f.lineNumber];
    return `${file.replace(/^.*\/(src|node_modules)\//, '$1/')}:${line + 1}`;
  };
  const name = (n: SamplingNode) => `${n.callFrame.functionName || '(anon)'} ${where(n.callFrame)}`;
  // `--callers`: a builtin (`next`, `set`, `map`) is named with the nearest function of ours that called it.
  const callers = process.argv.includes('--callers');
  const walk = (n: SamplingNode, caller: string) => {
    const own = name(n);
    const k = callers && !n.callFrame.url ? `${own} ← ${caller}` : own;
    self.set(k, (self.get(k) ?? 0) + n.selfSize);
    total += n.selfSize;
    n.children.forEach((c) => walk(c, n.callFrame.url ? own : caller));
  };
  walk(profile.head, '(root)');
  const n = 2 * QUESTIONS.length;
  console.log(`sampled allocation per recall: ${MB(total / n)} MB; by function (KB per recall):`);
  for (const [k, b] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(arg('top', '25')))) console.log(`  ${(b / n / 1024).toFixed(1).padStart(8)}  ${k}`);
}

// `--residue` (needs --expose-gc): what of a finished recall survives the next scavenge. Two
// minor GCs empty the young generation, one recall runs (it fits in it, so no GC runs inside),
// the event loop turns, then one minor GC: what it copies was still reachable for the scavenger.
if (process.argv.includes('--residue')) {
  const gc = (globalThis as { gc?: (o?: { type: 'minor' | 'major' }) => void }).gc;
  if (!gc) throw new Error('--residue needs node --expose-gc');
  const newUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_used_size;
  const one = async (q: string) => void (await recall(q));
  const kept: number[] = [];
  for (const q of QUESTIONS) {
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    await one(q);
    await new Promise((r) => setTimeout(r, 1));
    gc({ type: 'minor' });
    kept.push(newUsed());
  }
  console.log(`residue: young bytes surviving the first minor GC after a recall, mean ${MB(kept.reduce((a, b) => a + b, 0) / kept.length)} MB, max ${MB(Math.max(...kept))} MB over ${kept.length} recalls`);
}

// GCs and CPU over REPS passes.
await flush();
gcs.length = 0;
const cpu: number[] = [];
let system = 0;
for (let rep = 0; rep < REPS; rep++) {
  for (const q of QUESTIONS) {
    const c0 = process.cpuUsage();
    await recall(q);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    system += c.system / 1000;
  }
}
await flush();
const n = REPS * QUESTIONS.length;
const kinds = new Map<string, [number, number, number]>();
for (const g of gcs) {
  const e = kinds.get(g.kind) ?? [0, 0, 0];
  kinds.set(g.kind, [e[0] + 1, e[1] + g.ms, Math.max(e[2], g.ms)]);
}
console.log(`GCs per 100 recalls (${n} recalls): ${[...kinds].map(([k, [c, ms, max]]) => `${k} ${((100 * c) / n).toFixed(1)} (${((100 * ms) / n).toFixed(1)} ms, longest ${max.toFixed(1)} ms)`).join(', ') || 'none'}`);
console.log(`CPU per recall mean ${(cpu.reduce((a, b) => a + b, 0) / n).toFixed(2)} ms (system ${(system / n).toFixed(2)}), p50 ${pct(cpu, 50).toFixed(2)}, p99 ${pct(cpu, 99).toFixed(2)}; old space ${MB(oldSpace())} MB, RSS ${MB(process.memoryUsage().rss)} MB; load ${loadavg()[0].toFixed(1)}`);
obs.disconnect();
process.exit(0);
