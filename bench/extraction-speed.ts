/**
 * @module bench/extraction-speed
 * `npm run bench:extraction`: time per typical turn of the offline extractor, against the raw
 * wink-nlp pass alone (the floor) and compromise's pass (the alternative library), on the same
 * turns in the same run. Turns are the corpus utterances plus a few longer chat turns.
 */
import nlp from 'compromise';
import { analyseText } from '../src/core/extraction/nlp.ts';
import { extractOffline } from '../src/core/extraction/offline-extractor.ts';
import { evalLexicon, loadCorpus } from './extraction-score.ts';

const LONG = [
  "Hey! So I finally moved to Berlin from NYC last month. My sister Maya still lives in Paris though, and I'm flying there on June 3rd. Work is fine, I'm a backend engineer at Stripe.",
  "I went to a LGBTQ support group yesterday and it was so powerful. I've been painting a lot lately too. My kids love the beach, we took them camping last weekend!",
  "Honestly I think TypeScript is great but generics are annoying. Please keep your answers short. I'm allergic to peanuts and I'm not vegetarian anymore.",
];
const turns = [...loadCorpus().map((l) => l.text ?? (l.msgs ?? []).map((m) => m.content).join(' ')), ...LONG].filter(Boolean);
const ctx = { timestamp: '2024-05-08T15:00:00.000Z', sessionId: 'bench', recentTurns: [] };
// The frames read WordNet as the service does (MEMORY_LEXICON=off measures without it).
const lexicon = evalLexicon();

function measure(name: string, fn: (t: string) => void, rounds = 20): { name: string; perTurnMs: number; p95: number; cpuMs: number } {
  for (let r = 0; r < 3; r++) for (const t of turns) fn(t); // warm-up (JIT, lazy tables)
  const samples: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (const t of turns) {
      const t0 = performance.now();
      fn(t);
      samples.push(performance.now() - t0);
    }
  }
  const cpu = process.cpuUsage(cpu0);
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  // CPU time of this process per turn: less distorted than wall time when other jobs share the cores.
  return { name, perTurnMs: mean, p95: samples[Math.floor(samples.length * 0.95)], cpuMs: (cpu.user + cpu.system) / 1000 / samples.length };
}

const rows = [
  measure('wink-nlp pass only (floor)', (t) => analyseText(t)),
  measure('compromise pass only (alternative)', (t) => nlp(t).json()),
  measure('offline extractor (full)', (t) => extractOffline([{ role: 'user', content: t }], ctx, true, undefined, lexicon)),
  measure('offline extractor, long turns only', (t) => extractOffline([{ role: 'user', content: t }], ctx, true, undefined, lexicon)),
];
// The last row re-measures on the long turns only.
const longOnly = (() => {
  const saved = turns.splice(0, turns.length, ...LONG);
  const r = measure('offline extractor, 3-5 sentence turns', (t) => extractOffline([{ role: 'user', content: t }], ctx, true, undefined, lexicon), 200);
  turns.splice(0, turns.length, ...saved);
  return r;
})();
rows[3] = longOnly;

console.log(`turns: ${turns.length} (corpus utterances + ${LONG.length} long turns), node ${process.version}`);
console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
console.log('what'.padEnd(40), 'mean ms/turn'.padStart(13), 'p95 ms'.padStart(8), 'cpu ms/turn'.padStart(12));
for (const r of rows) console.log(r.name.padEnd(40), r.perTurnMs.toFixed(3).padStart(13), r.p95.toFixed(3).padStart(8), r.cpuMs.toFixed(3).padStart(12));
const full = rows[2].perTurnMs;
console.log(`\nextractor overhead over the raw wink pass: ${(full / rows[0].perTurnMs).toFixed(1)}x; budget 5 ms/turn: ${full < 5 && longOnly.perTurnMs < 5 ? 'OK' : 'OVER'}`);
