/**
 * @module bench/extraction-locomo
 * `node --import tsx bench/extraction-locomo.ts [--conv conv-26] [--show 40]`: runs the offline
 * extractor over LoCoMo development conversations (casual two-speaker chat, the held-out
 * evaluation's genre) and prints candidates per turn, ms per turn, the key distribution,
 * subject attribution (speaker vs third party) and a sample of candidates to read. No labels:
 * this is for reading what the extractor does on real chat, not a score.
 */
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLocomo } from './lib/locomo-data.ts';
import { extractOffline } from '../src/core/extraction/offline-extractor.ts';
import type { MemoryCandidate } from '../src/core/types.ts';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (n: string) => {
  const i = process.argv.indexOf(`--${n}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const convs = loadLocomo(resolve(arg('data') ?? join(here, '../../shared/datasets/locomo/locomo-dev.json'))).filter((c) => !arg('conv') || arg('conv')!.split(',').includes(c.sampleId));
const show = Number(arg('show') ?? 30);
const seed = Number(arg('seed') ?? 7);

let turns = 0;
let ms = 0;
const all: Array<{ c: MemoryCandidate; text: string; speaker: string }> = [];
for (const conv of convs) {
  for (const t of conv.turns) {
    const t0 = performance.now();
    const cands = extractOffline([{ role: 'user', content: t.text, name: t.speaker }], { timestamp: t.timestamp, sessionId: t.sessionId, recentTurns: [] });
    ms += performance.now() - t0;
    turns++;
    for (const c of cands) all.push({ c, text: t.text, speaker: t.speaker });
  }
}
const byKey = new Map<string, number>();
for (const { c } of all) {
  const k = c.key.startsWith('opinion_') ? 'opinion_*' : c.key.startsWith('favorite_') ? 'favorite_*' : c.key;
  byKey.set(k, (byKey.get(k) ?? 0) + 1);
}
const speakerOwned = all.filter(({ c, speaker }) => c.subject === speaker.toLowerCase()).length;
console.log(`conversations ${convs.length}, turns ${turns}, candidates ${all.length} (${(all.length / turns).toFixed(2)}/turn), ${(ms / turns).toFixed(3)} ms/turn`);
console.log(`subjects: speaker ${speakerOwned}, third party ${all.length - speakerOwned}; dated events ${all.filter(({ c }) => c.eventDate).length}`);
console.log([...byKey.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}:${n}`).join('  '));
let x = seed;
const pick = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
const sample = [...all].sort(() => pick() - 0.5).slice(0, show);
for (const { c, text, speaker } of sample) console.log(`\n${speaker}: ${text.slice(0, 160)}\n  → ${c.subject} | ${c.key} = ${c.value} (${c.op}, ${c.confidence}${c.eventDate ? ', ' + c.eventDate : ''})`);
