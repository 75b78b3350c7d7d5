/**
 * @module bench/extraction-eval
 * `npm run eval:extraction`: precision / recall / F1 of the offline extractor on the labelled
 * corpus, per category and overall, for the dev split, the held-out split and all lines.
 * `--verbose` prints every miss and false positive; `--ids=b3-` scores only lines whose id starts
 * with the prefix (the blind rounds b2-/b3-). Matching rule: bench/extraction-score.ts.
 * Blind rounds kept in their own files (`fixtures/extraction-blind-*.jsonl`, not part of the
 * corpus splits) are reported after the corpus tables; `--blind-only` prints only those.
 * `--file=fixtures/extraction-dev-s4.jsonl` scores one other file of the same format instead.
 * The last line counts the rules and sentences that threw (a throw drops that rule's or that sentence's facts), by name.
 */
import { extractionErrors } from '../src/core/extraction/offline-extractor.ts';
import { UNSCORED_ROUNDS, aggregate, blindFiles, loadCorpus, prf, scoreLine, splitOf, type LineResult } from './extraction-score.ts';

const verbose = process.argv.includes('--verbose');
const only = process.argv.find((a) => a.startsWith('--split='))?.slice(8);
const idPrefix = process.argv.find((a) => a.startsWith('--ids='))?.slice(6);
const file = process.argv.find((a) => a.startsWith('--file='))?.slice(7);
const corpus = loadCorpus(file ? new URL(file, `file://${process.cwd()}/`) : undefined).filter((l) => !idPrefix || l.id.startsWith(idPrefix));
const results = corpus.map((l) => scoreLine(l));

const pct = (x: number) => (x * 100).toFixed(1).padStart(5);
function table(title: string, rs: LineResult[]) {
  const { overall, byCat } = aggregate(rs);
  console.log(`\n${title} (${rs.length} utterances)`);
  console.log('category        lines   tp   fp   fn   prec   rec     F1');
  for (const [cat, s] of [...byCat.entries()].sort()) {
    const m = prf(s);
    const n = rs.filter((r) => r.line.cat === cat).length;
    console.log(`${cat.padEnd(15)} ${String(n).padStart(5)} ${String(s.tp).padStart(4)} ${String(s.fp).padStart(4)} ${String(s.fn).padStart(4)}  ${pct(m.precision)} ${pct(m.recall)} ${pct(m.f1)}`);
  }
  const m = prf(overall);
  console.log(`${'OVERALL'.padEnd(15)} ${String(rs.length).padStart(5)} ${String(overall.tp).padStart(4)} ${String(overall.fp).padStart(4)} ${String(overall.fn).padStart(4)}  ${pct(m.precision)} ${pct(m.recall)} ${pct(m.f1)}`);
}

const blindOnly = process.argv.includes('--blind-only');
const dev = results.filter((r) => splitOf(r.line.id) === 'dev');
const held = results.filter((r) => splitOf(r.line.id) === 'heldout');
if (!blindOnly && (!only || only === 'dev')) table('DEV split', dev);
if (!blindOnly && (!only || only === 'heldout')) table('HELD-OUT split', held);
if (!blindOnly && !only) table('ALL', results);

const blindResults: LineResult[] = [];
if (!only && !idPrefix && !file) {
  for (const { name, url } of blindFiles()) {
    const rs = loadCorpus(url).map((l) => scoreLine(l));
    blindResults.push(...rs);
    table(`BLIND ${name} (separate file, not in the splits)`, rs);
  }
}

if (verbose) {
  const pool = only === 'heldout' ? held : only === 'dev' ? dev : blindOnly ? blindResults : [...results, ...blindResults];
  for (const r of pool) {
    if (r.missed.length === 0 && r.extra.length === 0) continue;
    if (!file && UNSCORED_ROUNDS.has(r.line.id.split('-')[0])) continue;
    console.log(`\n[${r.line.id}] ${r.line.text ?? JSON.stringify(r.line.msgs)}`);
    for (const e of r.missed) console.log(`  MISS  ${e.s} ${e.k} = ${e.v ?? '/' + e.vp + '/'} ${e.op ?? ''} ${e.d ?? ''} ${e.stance ?? ''}`);
    for (const p of r.extra) console.log(`  EXTRA ${p.subject} ${p.key} = ${p.value} (${p.op}, ${p.confidence}${p.eventDate ? ', ' + p.eventDate : ''}${p.metadata?.stance ? ', ' + p.metadata.stance : ''})`);
  }
}

// A rule or sentence that throws loses its facts silently in the scores above; say so (names only, no content).
console.log(`\nextraction errors: ${extractionErrors.count}${extractionErrors.count ? ` (${Object.entries(extractionErrors.byRule).map(([r, n]) => `${r} ${n}`).join(', ')})` : ''}`);
