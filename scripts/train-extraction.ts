/**
 * @module scripts/train-extraction
 * `npm run train:extraction`: trains the learned key model (src/core/extraction/learned/) and writes
 * its weights and thresholds to src/core/extraction/learned/key-model.json. Deterministic: fixed data
 * order, fixed epochs, no randomness. Training data: the corpus, the dev set of session 4 and the
 * blind rounds already read (r5–r27). Rounds r28 and r29 are the held-out check and are never read
 * here (their files are filtered out by name before loading).
 *
 * Each screened sentence of a user message is one example (features.ts); its labels are the keys of
 * the speaker's expected asserted facts whose value the sentence contains. One logistic regression per
 * key. Thresholds are chosen by leave-one-round-out cross-validation over the blind rounds: for each
 * round, a model trained without it adds its candidates to the rules' output on that round, and the
 * per-key threshold maximising the pooled F1 of all held-out rounds is kept. `--cv-only` prints the
 * cross-validation table without writing the model.
 */
import { writeFileSync } from 'node:fs';
import { blindFiles, loadCorpus, prf, runLine, scoreLine, evalLexicon, aggregate, type CorpusLine, type Expected, type LineResult } from '../bench/extraction-score.ts';
import { prepare } from '../src/core/extraction/offline-extractor.ts';
import { maskSecrets } from '../src/core/text/secrets.ts';
import { speakerSubject } from '../src/core/extraction/subject-attribution.ts';
import { sentenceUnits } from '../src/core/extraction/learned/layer.ts';
import { argumentsOf } from '../src/core/extraction/learned/arguments.ts';
import { useKeyModel, type KeyModel } from '../src/core/extraction/learned/model.ts';
import type { MemoryCandidate } from '../src/core/types.ts';

const KEYS = ['pet', 'employer', 'location', 'diet', 'allergy', 'hobby', 'job_title', 'health_condition', 'language', 'vehicle'];
const HELD_OUT = /^r(28|29)$/;
const EPOCHS = Number(process.env.EPOCHS ?? 25);
const L2 = Number(process.env.L2 ?? 1e-4);
const POS_WEIGHT = Number(process.env.POSW ?? 3);
const DROP = process.env.DROP ? new RegExp(process.env.DROP) : null;

interface Example {
  group: string;
  features: string[];
  labels: Set<string>;
  ignore: Set<string>;
}

const words = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** The argument is the expected value: the expected pattern finds it, or it holds all the expected words. */
function argumentMatches(e: Expected, value: string): boolean {
  if (e.vp && new RegExp(e.vp, 'i').test(value)) return true;
  if (e.v) {
    const vw = new Set(words(value));
    return words(e.v).every((w) => vw.has(w));
  }
  return false;
}

function examplesOf(line: CorpusLine, group: string): Example[] {
  const lex = evalLexicon();
  const msgs = line.msgs ?? [{ role: 'user' as const, content: line.text ?? '', name: line.speaker ?? null }];
  const out: Example[] = [];
  for (const m of msgs) {
    if (m.role !== 'user' || typeof m.content !== 'string') continue;
    const speaker = speakerSubject(m.name);
    const units = sentenceUnits(maskSecrets(prepare(m.content, lex)), speaker, lex);
    const mine = line.expect.filter((e) => e.s.toLowerCase() === speaker && KEYS.includes(e.k));
    for (const u of units) {
      for (const a of argumentsOf(u.tokens, u.features, lex)) {
        const x: Example = { group, features: DROP ? a.features.filter((f) => !DROP.test(f)) : a.features, labels: new Set(), ignore: new Set() };
        for (const e of mine) {
          if (!argumentMatches(e, a.value)) continue;
          const op = e.op ?? 'assert';
          if (op === 'assert') x.labels.add(e.k);
          else if (op === 'correct') x.ignore.add(e.k);
        }
        out.push(x);
      }
    }
  }
  return out;
}

function train(examples: Example[]): KeyModel {
  const weights: Record<string, Record<string, number>> = {};
  for (const key of KEYS) {
    const w = new Map<string, number>();
    const data = examples.filter((x) => !x.ignore.has(key));
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      const lr = 0.3 / (1 + epoch * 0.2);
      for (const x of data) {
        let z = 0;
        for (const f of x.features) z += w.get(f) ?? 0;
        const p = 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));
        const y = x.labels.has(key) ? 1 : 0;
        const g = (y - p) * (y ? POS_WEIGHT : 1) * lr;
        for (const f of x.features) {
          const cur = w.get(f) ?? 0;
          w.set(f, cur + g - lr * L2 * cur);
        }
      }
    }
    const kept: Record<string, number> = {};
    for (const [f, v] of [...w.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (Math.abs(v) >= 0.02) kept[f] = Math.round(v * 1000) / 1000;
    weights[key] = kept;
  }
  return { version: 1, keys: KEYS, thresholds: Object.fromEntries(KEYS.map((k) => [k, 0.5])), weights };
}

// ---- data
const lex = evalLexicon();
const corpus = loadCorpus();
const dev = loadCorpus(new URL('../fixtures/extraction-dev-s4.jsonl', import.meta.url));
const rounds = blindFiles().filter((f) => !HELD_OUT.test(f.name));
const roundLines = new Map(rounds.map((r) => [r.name, loadCorpus(r.url)]));
const base: Example[] = [...corpus.flatMap((l) => examplesOf(l, 'corpus')), ...dev.flatMap((l) => examplesOf(l, 'dev'))];
const perRound = new Map([...roundLines].map(([name, lines]) => [name, lines.flatMap((l) => examplesOf(l, name))]));
const all = [...base, ...[...perRound.values()].flat()];
console.log(`examples: ${all.length} sentences; positives per key:`, Object.fromEntries(KEYS.map((k) => [k, all.filter((x) => x.labels.has(k)).length])));
void lex;

if (process.argv.includes('--intrinsic')) {
  const { keyProbabilities } = await import('../src/core/extraction/learned/model.ts');
  const tally = Object.fromEntries(KEYS.map((k) => [k, { tp: 0, fp: 0, fn: 0 }]));
  for (const [name, xs] of perRound) {
    const model = train([...base, ...[...perRound].filter(([n]) => n !== name).flatMap(([, ys]) => ys)]);
    for (const x of xs) {
      const p = keyProbabilities(model, x.features);
      for (const k of KEYS) {
        if (x.ignore.has(k)) continue;
        const y = x.labels.has(k), yhat = p[k] >= Number(process.env.T ?? 0.5);
        if (y && yhat) tally[k].tp++; else if (yhat) tally[k].fp++; else if (y) tally[k].fn++;
      }
    }
  }
  const tot = { tp: 0, fp: 0, fn: 0 };
  for (const k of KEYS) { for (const m of ['tp', 'fp', 'fn'] as const) tot[m] += tally[k][m]; console.log(k.padEnd(18), JSON.stringify(tally[k]), prf(tally[k]).f1.toFixed(3)); }
  console.log('TOTAL', JSON.stringify(tot), prf(tot));
  process.exit(0);
}
// ---- leave-one-round-out: candidates of a fold model at a low threshold, with their probability, per held-out line
const FLOOR = 0.05;
const folds: Array<{ name: string; lines: CorpusLine[]; baseline: MemoryCandidate[][]; learned: MemoryCandidate[][] }> = [];
useKeyModel({ version: 0, keys: [], thresholds: {}, weights: {} });
const baselineOf = new Map([...roundLines].map(([name, lines]) => [name, lines.map((l) => runLine(l))]));
for (const [name, lines] of roundLines) {
  const model = train([...base, ...[...perRound].filter(([n]) => n !== name).flatMap(([, xs]) => xs)]);
  useKeyModel({ ...model, thresholds: Object.fromEntries(KEYS.map((k) => [k, FLOOR])) });
  const withLearned = lines.map((l) => runLine(l));
  folds.push({ name, lines, baseline: baselineOf.get(name)!, learned: withLearned.map((cs) => cs.filter((c) => typeof c.metadata?.learned === 'number')) });
}
useKeyModel(null);

const pLearned = (c: MemoryCandidate) => c.metadata!.learned as number;
function scoreAt(thresholds: Record<string, number>, name?: string): { results: LineResult[] } {
  const results: LineResult[] = [];
  for (const f of folds) {
    if (name && f.name !== name) continue;
    f.lines.forEach((l, i) => results.push(scoreLine(l, [...f.baseline[i], ...f.learned[i].filter((c) => pLearned(c) >= (thresholds[c.key] ?? 1))])));
  }
  return { results };
}
const f1Of = (t: Record<string, number>) => prf(aggregate(scoreAt(t).results).overall).f1;
const thresholds: Record<string, number> = Object.fromEntries(KEYS.map((k) => [k, 1.01]));
const GRID = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01];
for (let pass = 0; pass < 2; pass++)
  for (const k of KEYS) {
    let best = thresholds[k];
    let bestF = f1Of(thresholds);
    for (const t of GRID) {
      const f = f1Of({ ...thresholds, [k]: t });
      if (f > bestF + 1e-9) [best, bestF] = [t, f];
    }
    thresholds[k] = best;
  }
console.log('thresholds (LOO-CV):', thresholds);
const pct = (x: number) => (x * 100).toFixed(1);
console.log('\nround   baseline P/R/F1        + learned (fold model) P/R/F1');
const none = Object.fromEntries(KEYS.map((k) => [k, 1.01]));
for (const f of folds) {
  const b = prf(aggregate(scoreAt(none, f.name).results).overall);
  const a = prf(aggregate(scoreAt(thresholds, f.name).results).overall);
  console.log(`${f.name.padEnd(6)}  ${pct(b.precision)}/${pct(b.recall)}/${pct(b.f1)}     ${pct(a.precision)}/${pct(a.recall)}/${pct(a.f1)}`);
}
const b = prf(aggregate(scoreAt(none).results).overall);
const a = prf(aggregate(scoreAt(thresholds).results).overall);
console.log(`${'pooled'.padEnd(6)}  ${pct(b.precision)}/${pct(b.recall)}/${pct(b.f1)}     ${pct(a.precision)}/${pct(a.recall)}/${pct(a.f1)}`);
const added = scoreAt(thresholds).results.flatMap((r) => r.predicted.filter((c) => typeof c.metadata?.learned === 'number').map((c) => ({ c, ok: !r.extra.includes(c) })));
console.log(`learned candidates kept: ${added.length}, correct ${added.filter((x) => x.ok).length}`);
if (process.argv.includes('--show')) for (const x of added) console.log(x.ok ? '  OK ' : '  FP ', x.c.key, '=', x.c.value, '|', x.c.evidence.slice(0, 100));

if (!process.argv.includes('--cv-only')) {
  const model = { ...train(all), thresholds };
  writeFileSync(new URL('../src/core/extraction/learned/key-model.json', import.meta.url), `${JSON.stringify(model)}\n`);
  console.log(`wrote key-model.json: ${Object.values(model.weights).reduce((n, w) => n + Object.keys(w).length, 0)} weights`);
}
if (process.argv.includes('--diag')) {
  for (const t of [0.2, 0.4, 0.6]) {
    const th = Object.fromEntries(KEYS.map((k) => [k, t]));
    const xs = scoreAt(th).results.flatMap((r) => r.predicted.filter((c) => typeof c.metadata?.learned === 'number').map((c) => ({ c, ok: !r.extra.includes(c) })));
    if (process.env.SHOWKEY) for (const x of xs) if (x.c.key === process.env.SHOWKEY) console.log(x.ok ? '  OK ' : '  FP ', t, x.c.value, '|', x.c.evidence.slice(0, 110));
    console.log(`at ${t}:`, Object.fromEntries(KEYS.map((k) => [k, `${xs.filter((x) => x.c.key === k && x.ok).length}/${xs.filter((x) => x.c.key === k).length}`])));
  }
}
