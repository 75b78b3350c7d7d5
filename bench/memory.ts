/**
 * @module bench/memory
 * Where the server's memory goes, in pieces (docs/ingest.md, "Session 12: memory"). Run with
 * `node --expose-gc --import tsx bench/memory.ts <part>`:
 * - `modules`: this process's RSS and V8 heap after loading each heavy part in turn (token
 *   counter, WordNet, wink, chrono, the offline extractor, the whole app) — one thread's share.
 * - `worker [--young MB] [--shared] [--turns N] [--snapshot DIR]`: a turn-pool worker (the real
 *   turn worker, piscina, the server's resource limits) warmed with a small extraction, then N
 *   maximum-size turns (analysis with kind features, extraction): process RSS and its peak
 *   (sampled every 50 ms), the worker's heap by space. `--shared` hands the worker the main
 *   thread's packed WordNet tables as the server does.
 * - `recall`: the app in process (one worker), one maximum-size turn stored, then a recall in its
 *   scope: heap and RSS before / after, and the sampling heap profile of the recall (bytes
 *   allocated per function, collected objects included).
 */
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { TEMPLATES } from './lib/ingest-load.ts';
import { OFFLINE_EXTRACTOR_SPEC, WORKER_YOUNG_GENERATION_MB, workerExecArgv } from '../src/pool/turn-pool.ts';
import { openLexicon } from '../src/providers/lexicon/create-lexicon.ts';
import type { Message } from '../src/core/types.ts';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { young: { type: 'string' }, shared: { type: 'boolean', default: false }, turns: { type: 'string', default: '2' }, snapshot: { type: 'string' } },
});
const mb = (n: number) => (n / 1048576).toFixed(1);
const gc = () => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run with node --expose-gc');
  g();
  g();
};

/** The bench's maximum-size turn: 1,000 messages, ~1.9 MB (bench/ingest.ts bigTurnBody). */
function bigTurn(): Message[] {
  const perMessage = Math.floor((2 * 1024 * 1024 * 0.92) / 1000) - 40;
  return Array.from({ length: 1000 }, (_, i) => {
    let c = '';
    for (let k = i; c.length < perMessage; k++) c += `${TEMPLATES[k % TEMPLATES.length](k)} `;
    return { role: i % 2 ? 'assistant' : 'user', content: c.slice(0, perMessage) } as Message;
  });
}
const ctx = () => ({ recentTurns: [], timestamp: new Date().toISOString(), sessionId: 's' });

async function modules(): Promise<void> {
  const line = (label: string) => {
    gc();
    const m = process.memoryUsage();
    console.log(`${label.padEnd(30)} rss ${mb(m.rss).padStart(6)}  heap used ${mb(m.heapUsed).padStart(6)} / total ${mb(m.heapTotal).padStart(6)}  external ${mb(m.external).padStart(5)}`);
  };
  line('node + tsx');
  const t = await import('../src/core/text/tokens.ts');
  t.countTokens('hello world');
  line('+ token counter (cl100k)');
  const lexicon = openLexicon({}).lexicon;
  line('+ WordNet (packed tables)');
  const nlp = await import('../src/core/extraction/nlp.ts');
  nlp.analyseText('I moved to Paris last year.');
  line('+ wink-nlp model');
  await import('chrono-node');
  line('+ chrono-node');
  const { OfflineExtractor } = await import('../src/core/extraction/offline-extractor.ts');
  await new OfflineExtractor({ lexicon }).extract([{ role: 'user', content: 'I moved to Paris last year for my new job at Google. My dog Rex is 3.' }], ctx());
  line('+ offline extractor, one turn');
  await import('../src/app.ts');
  line('+ the app (all modules)');
}

async function worker(): Promise<void> {
  const young = flags.young !== undefined ? Number(flags.young) : WORKER_YOUNG_GENERATION_MB;
  const tables = flags.shared ? openLexicon({}).tables : undefined;
  const pool = new Piscina({
    filename: new URL('./lib/memory-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Infinity,
    execArgv: workerExecArgv(),
    workerData: { lexiconTables: tables },
    resourceLimits: { maxOldGenerationSizeMb: 256, ...(young > 0 ? { maxYoungGenerationSizeMb: young } : {}) },
  });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const report = async (label: string) => {
    const s = (await pool.run({ kind: 'heap-stats' })) as { used: number; total: number; external: number; spaces: Array<{ name: string; size: number; used: number }> };
    const spaces = s.spaces.filter((x) => x.size > 2 ** 22).map((x) => `${x.name} ${mb(x.size)}/${mb(x.used)}`).join(', ');
    console.log(`${label.padEnd(26)} process rss ${mb(process.memoryUsage().rss)} (peak ${mb(peak)}); worker heap used ${mb(s.used)} / total ${mb(s.total)}, external ${mb(s.external)}; spaces (size/used) ${spaces}`);
  };
  const cpu0 = process.cpuUsage();
  console.log(`worker young generation ${young > 0 ? `${young} MB` : "V8's default"}; WordNet ${tables ? 'shared from this thread' : "the worker's own"}; main thread alone: rss ${mb(process.memoryUsage().rss)} MB`);
  await pool.run({ kind: 'extract', spec: OFFLINE_EXTRACTOR_SPEC, messages: [{ role: 'user', content: 'I moved to Paris last year for my new job at Google.' }], ctx: ctx() });
  await report('warm (one small turn)');
  if (flags.snapshot) console.log(await pool.run({ kind: 'heap-snapshot', file: join(flags.snapshot, 'worker-warm.heapsnapshot') }));
  const messages = bigTurn();
  for (let i = 1; i <= Number(flags.turns); i++) {
    await pool.run({ kind: 'analyse', messages, lexicon: {} });
    await report(`after analysis ${i}`);
    await pool.run({ kind: 'extract', spec: OFFLINE_EXTRACTOR_SPEC, messages, ctx: ctx() });
    await report(`after extraction ${i}`);
  }
  await new Promise((r) => setTimeout(r, 10_000));
  await report('10 s idle');
  if (flags.snapshot) console.log(await pool.run({ kind: 'heap-snapshot', file: join(flags.snapshot, 'worker-after.heapsnapshot') }));
  clearInterval(timer);
  const cpu = process.cpuUsage(cpu0);
  console.log(`process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
  await pool.destroy();
}

async function recall(): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const dir = mkdtempSync(join(tmpdir(), 'memory-bench-'));
  try {
    const { app } = await buildApp(loadConfig({ MEMORY_DB_PATH: join(dir, 'm.db'), LOG_LEVEL: 'silent', MEMORY_WORKER_THREADS: '1' }));
    const r = await app.inject({ method: 'POST', url: '/turns', payload: { user_id: 'big', session_id: 'big', messages: bigTurn() } });
    if (r.statusCode !== 201) throw new Error(`turn: ${r.statusCode}`);
    gc();
    const m0 = process.memoryUsage();
    console.log(`before the recall: rss ${mb(m0.rss)}, heap used ${mb(m0.heapUsed)} / total ${mb(m0.heapTotal)}`);
    const s = new Session();
    s.connect();
    await s.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
    const q = await app.inject({ method: 'POST', url: '/recall', payload: { user_id: 'big', session_id: 'q', query: 'Where did I move for my new job?', max_tokens: 512 } });
    const m1 = process.memoryUsage();
    console.log(`after the recall (${q.statusCode}), before GC: rss ${mb(m1.rss)}, heap used ${mb(m1.heapUsed)} / total ${mb(m1.heapTotal)}`);
    const { profile } = (await s.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
    type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
    const bytes = new Map<string, number>();
    const walk = (n: Node, stack: string[]) => {
      const frame = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}`;
      const path = [frame, ...stack];
      if (n.selfSize) bytes.set(path.slice(0, 3).join(' < '), (bytes.get(path.slice(0, 3).join(' < ')) ?? 0) + n.selfSize);
      for (const c of n.children) walk(c, path);
    };
    walk(profile.head, []);
    console.log(`allocated during the recall (sampled): ${mb([...bytes.values()].reduce((a, b) => a + b, 0))} MB; largest:`);
    for (const [k, v] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${mb(v).padStart(7)} MB  ${k}`);
    gc();
    const m2 = process.memoryUsage();
    console.log(`after GC: rss ${mb(m2.rss)}, heap used ${mb(m2.heapUsed)} / total ${mb(m2.heapTotal)}`);
    await app.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const part = positionals[0] ?? 'modules';
if (part === 'modules') await modules();
else if (part === 'worker') await worker();
else if (part === 'recall') await recall();
else throw new Error(`unknown part ${part} (modules | worker | recall)`);
