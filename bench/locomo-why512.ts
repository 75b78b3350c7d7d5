/**
 * @module bench/locomo-why512
 * Throwaway analysis (session 18): for LoCoMo evidence cited at 2048 but not at 512, why it is
 * missed at 512 — its rank among the recall's ordered candidates, what the lines offered before it
 * cost (top turns shown whole / short turns / excerpts / neighbour-only turns / memory and other lines), whether a
 * neighbour was cited; read through the service observer's `packed` hook. Writes one JSON line per such evidence turn
 * (--out). Caches the ingested DB and its turn → dia_id map (--db dir; delete it after changing ingestion).
 *
 * Run: node --import tsx bench/locomo-why512.ts [--lo 512] [--hi 2048] [--set recall.x=…] [--db dir] [--out file]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLocomo } from './lib/locomo-data.ts';
import { applySets } from './lib/tunables.ts';
import { openCachedLocomo } from './lib/locomo-cache.ts';
import { arg } from './lib/args.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = resolve(join(here, '../../shared/datasets/locomo/locomo-dev.json'));
const DIR = arg('db') || '/tmp/locomo21/db';
const OUT = arg('out') || '/tmp/locomo21/why.jsonl';
const LO = Number(arg('lo') || 512);
const HI = Number(arg('hi') || 2048);

async function main() {
  const convs = loadLocomo(DATA);
  applySets(arg('set') || '');
  const { store, map, recallTraced } = await openCachedLocomo(DIR, convs);

  const out: string[] = [];
  const agg: Record<string, number> = {};
  const costSum: Record<string, number> = {};
  let costN = 0;
  let nq = 0;
  let sumLo = 0;
  let sumHi = 0;
  for (const conv of convs) {
    const dia = new Map(Object.entries(map[conv.sampleId]));
    const idOf = new Map([...dia].map(([k, v]) => [v, k]));
    const byDia = new Map(conv.turns.map((t, i) => [t.diaId, { t, i }]));
    for (const q of conv.questions) {
      if (q.category > 4 || q.evidence.length === 0) continue;
      nq++;
      const run = (b: number) => recallTraced(conv.sampleId, q.question, b, dia);
      const lo = await run(LO);
      const hi = await run(HI);
      sumLo += q.evidence.filter((e) => lo.cited.has(e)).length / q.evidence.length;
      sumHi += q.evidence.filter((e) => hi.cited.has(e)).length / q.evidence.length;
      for (const e of q.evidence) {
        if (lo.cited.has(e) || !hi.cited.has(e)) continue;
        const w = 1 / q.evidence.length;
        const tid = idOf.get(e)!;
        const tr = lo.trace;
        const ev = byDia.get(e)!;
        const near = [conv.turns[ev.i - 1], conv.turns[ev.i + 1]].filter((n) => n && n.sessionId === ev.t.sessionId);
        const neighbour = near.some((n) => lo.cited.has(n.diaId));
        // Rank among turn candidates and among all ordered candidates (lo ranking).
        const ordIdx = tr ? tr.candidates.findIndex((c) => c.key === `turn:${tid}`) : -1;
        const turnRank = tr && ordIdx >= 0 ? tr.candidates.slice(0, ordIdx).filter((c) => c.key.startsWith('turn:')).length + 1 : null;
        // Was its line offered at lo? and what was chosen before it?
        const offIdx = tr ? tr.offered.findIndex((l) => l.key === `turn:${tid}`) : -1;
        const chosen = new Set(tr?.chosen ?? []);
        const before = tr ? (offIdx >= 0 ? tr.offered.slice(0, offIdx) : tr.offered) : [];
        const tok = (l: { tokens: number }) => l.tokens;
        const chosenBefore = before.filter((l) => chosen.has(l.key));
        const cost = { mem: 0, topWhole: 0, shortWhole: 0, excerpt: 0, nbr: 0, other: 0 };
        let turnLines = 0;
        for (const l of chosenBefore) {
          if (l.key.startsWith('memory:')) cost.mem += tok(l);
          else if (l.key.startsWith('turn:')) {
            const oc = tr!.candidates.find((c) => c.key === l.key);
            const body = byDia.get(dia.get(l.key.slice(5)) ?? '')?.t.text ?? '';
            const whole = l.text.length >= 0.85 * body.length;
            turnLines++;
            if (oc && oc.coverage === 0) cost.nbr += tok(l);
            else if (whole && tok(l) > 25) cost.topWhole += tok(l);
            else if (whole) cost.shortWhole += tok(l);
            else cost.excerpt += tok(l);
          } else cost.other += tok(l);
        }
        const evLine = offIdx >= 0 ? tr!.offered[offIdx] : null;
        let cls: string;
        if (!tr || lo.res.citations.length === 0) cls = 'gate_lo';
        else if (neighbour) cls = 'neighbour';
        else if (ordIdx < 0) cls = 'not_candidate_lo';
        else {
          const r = turnRank!;
          const bucket = r <= 10 ? '1_10' : r <= 20 ? '11_20' : r <= 30 ? '21_30' : r <= 60 ? '31_60' : '61+';
          // Never offered: the budget was full before its rank; offered: its line did not fit what was left.
          cls = `${offIdx < 0 ? 'unreached' : 'cut'}_r${bucket}${tr!.candidates[ordIdx]!.coverage === 0 ? '_nbronly' : ''}`;
        }
        agg[cls] = (agg[cls] ?? 0) + w;
        for (const [k, v] of Object.entries(cost)) costSum[k] = (costSum[k] ?? 0) + v;
        costN++;
        out.push(JSON.stringify({ conv: conv.sampleId, cat: q.category, q: q.question, a: q.answer, e, cls, w, turnRank, evTokens: evLine ? tok(evLine) : null, evWhole: evLine ? !evLine.text.includes('…') : null, nChosenBefore: chosenBefore.length, turnLines, evCov: ordIdx >= 0 ? tr!.candidates[ordIdx]!.coverage : null, cost, ev: `${ev.t.speaker}: ${ev.t.text}`, lines: chosenBefore.map((l) => `${l.key.split(':')[0]} ${tok(l)} ${l.text.slice(0, 140)}`) }));
      }
    }
  }
  writeFileSync(OUT, out.join('\n') + '\n');
  console.log(`questions ${nq}  ev@${LO} ${(sumLo / nq).toFixed(3)}  ev@${HI} ${(sumHi / nq).toFixed(3)}  gap ${((sumHi - sumLo) / nq).toFixed(3)}`);
  console.log('evidence cited at the high budget only, by cause (evidence recall per scored question):');
  for (const [k, v] of Object.entries(agg).sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(26)} ${(v / nq).toFixed(4)}`);
  console.log(`tokens of the lines taken before such evidence, mean per missed turn: ${Object.entries(costSum).map(([k, v]) => `${k} ${(v / Math.max(1, costN)).toFixed(1)}`).join(', ')}`);
  await store.close();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
