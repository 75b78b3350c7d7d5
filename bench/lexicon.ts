/**
 * @module bench/lexicon
 * `npm run bench:lexicon`: what the WordNet lexicon adds to start-up. Each case runs in a fresh
 * child process (so RSS is not shared): a same-run baseline that only imports the modules, a
 * warm start from the cache file, and (with --cold) a rebuild from the database files into a
 * temporary cache. Reports wall time, CPU time and RSS, and the deltas against the baseline.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
  heapMb: number;
  detail: string;
}

const CHILD = `
const { openLexicon } = await import(${JSON.stringify(new URL('../src/providers/lexicon/create-lexicon.ts', import.meta.url).href)});
const mode = process.argv[1];
const cache = process.argv[2] || undefined;
globalThis.gc?.();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let detail = 'imports only';
if (mode !== 'baseline') {
  const r = openLexicon({ MEMORY_LEXICON: 'wordnet', MEMORY_LEXICON_CACHE: cache });
  r.lexicon.senses('dog');
  detail = r.detail;
}
const wallMs = performance.now() - t0;
const c = process.cpuUsage(cpu0);
globalThis.gc?.();
const m = process.memoryUsage();
process.stdout.write(JSON.stringify({ wallMs, cpuMs: (c.user + c.system) / 1000, rssMb: m.rss / 1e6, heapMb: m.heapUsed / 1e6, detail }));
`;

function run(mode: string, cache = ''): Sample {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD, mode, cache], { encoding: 'utf8' });
  return JSON.parse(out) as Sample;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function repeat(n: number, f: () => Sample): Sample {
  const s = Array.from({ length: n }, f);
  return { wallMs: median(s.map((x) => x.wallMs)), cpuMs: median(s.map((x) => x.cpuMs)), rssMb: median(s.map((x) => x.rssMb)), heapMb: median(s.map((x) => x.heapMb)), detail: s[0]!.detail };
}

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
run('warm'); // make sure the default cache exists before timing warm starts
const rows: Array<[string, Sample]> = [
  ['baseline (imports only)', repeat(rounds, () => run('baseline'))],
  ['warm start (cache file)', repeat(rounds, () => run('warm'))],
];
if (process.argv.includes('--cold')) {
  const dir = mkdtempSync(join(tmpdir(), 'lexicon-bench-'));
  rows.push(['cold start (rebuild cache)', run('cold', join(dir, 'lexicon.bin'))]);
  rmSync(dir, { recursive: true, force: true });
}
const base = rows[0]![1];
console.log(`rounds=${rounds} (median per case; each case a fresh process)`);
console.log('case'.padEnd(28), 'wall ms'.padStart(8), 'cpu ms'.padStart(8), 'rss MB'.padStart(8), 'Δrss MB'.padStart(8), 'heap MB'.padStart(8));
for (const [name, s] of rows) {
  console.log(name.padEnd(28), s.wallMs.toFixed(0).padStart(8), s.cpuMs.toFixed(0).padStart(8), s.rssMb.toFixed(0).padStart(8), (s.rssMb - base.rssMb).toFixed(0).padStart(8), s.heapMb.toFixed(0).padStart(8), ` ${s.detail}`);
}
