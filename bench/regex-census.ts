/**
 * @module bench/regex-census
 * How many regex executions a bench turn's offline extraction makes, how many match, and which regexes take the time
 * (docs/ingest.md, Session 24). RegExp.prototype.exec is wrapped after a warm-up pass; every String method that takes a
 * regex then goes through it, so split/replace/matchAll count once per position they try (V8's slow path), not once a
 * call. Nothing is timed (a timer around each execution costs more than most executions, and catches GC pauses): for
 * where the time goes, a `--cpu-prof` of the extraction has one "RegExp: <source>" node a regex.
 *
 * Usage: node --no-regexp-tier-up --import tsx bench/regex-census.ts [turns=400] [top=40]
 */
import { extractOffline } from '../src/core/extraction/offline-extractor.ts';
import { evalLexicon } from './extraction-score.ts';
import { benchTurns } from './lib/bench-turns.ts';

const turns = benchTurns(Number(process.argv[2] ?? 400));
const top = Number(process.argv[3] ?? 40);
const lexicon = evalLexicon();
for (const t of turns) extractOffline(t.messages, t.ctx, true, undefined, lexicon); // lazy tables, regexes compiled

const stats = new Map<string, { n: number; hit: number; site?: string }>();
const exec = RegExp.prototype.exec;
let depth = 0;
RegExp.prototype.exec = function (this: RegExp, s: string) {
  if (depth > 0) return exec.call(this, s);
  const r = exec.call(this, s);
  const k = `/${this.source}/${this.flags}`;
  let st = stats.get(k);
  if (!st) {
    st = { n: 0, hit: 0 };
    stats.set(k, st);
    depth++;
    st.site = new Error().stack?.split('\n').slice(2, 5).map((l) => l.trim().replace(/^at /, '').replace(/\(?\/.*\/(src|node_modules)\//, '')).join(' < ');
    depth--;
  }
  st.n++;
  if (r) st.hit++;
  return r;
};
for (const t of turns) extractOffline(t.messages, t.ctx, true, undefined, lexicon);
RegExp.prototype.exec = exec;

let n = 0;
let hit = 0;
for (const s of stats.values()) {
  n += s.n;
  hit += s.hit;
}
console.log(`${turns.length} bench turns: ${stats.size} regexes executed, ${(n / turns.length).toFixed(0)} executions a turn, ${((100 * hit) / n).toFixed(1)}% matched`);
const once = [...stats.values()].filter((s) => s.n <= 3 * turns.length);
console.log(`${once.length} regexes run at most three times a turn (a rule's test or exec on a clause): ${((once.reduce((a, s) => a + s.n, 0)) / turns.length).toFixed(0)} executions a turn, ${((100 * once.reduce((a, s) => a + s.hit, 0)) / Math.max(1, once.reduce((a, s) => a + s.n, 0))).toFixed(1)}% matched`);
console.log('execs/turn  matched  regex  @ first caller');
for (const [k, s] of [...stats].sort((a, b) => b[1].n - a[1].n).slice(0, top))
  console.log(`${(s.n / turns.length).toFixed(1).padStart(10)} ${String(s.hit).padStart(8)}  ${k.slice(0, 100)}  @ ${s.site}`);
