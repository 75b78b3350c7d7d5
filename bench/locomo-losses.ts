/**
 * @module bench/locomo-losses
 * Analysis bench (session 21, issue 14): where LoCoMo dev evidence is lost at each budget, read through the service
 * observer's `packed` hook, and why a category-4 answer is missing from the context.
 *
 * Evidence causes (a missed turn weighs 1/|evidence| of its question; figures are evidence recall lost per scored
 * question, categories 1–4):
 *   gate          the context came back empty
 *   absent        never a candidate (split: shares no content word with the question / shares one)
 *   neighbour     a session neighbour of it cited while it was not (whatever its rank)
 *   unreached     a candidate whose line was never offered: the budget was full before its rank (by turn rank)
 *   cut           its line was offered but did not fit what was left
 * Containment classes (category 4 with an answer, answer not in the context):
 *   in_shown_ev   (cannot happen: the answer would be in the context)
 *   ev_cut        the answer's words are in a cited evidence turn but not in its shown excerpt
 *   ev_uncited    the answer is in an evidence turn that is not cited
 *   elsewhere     the answer is in no evidence turn but in some other turn of the conversation
 *   paraphrase    the answer is in no turn of the conversation (session 24: split by how far from the turns —
 *                 _list: a list answer whose items are each in some turn, never together; _words: every content word
 *                 of it is in the evidence turns, not in that order or form; _half: half or more are; _abstract: fewer)
 * The containment ceiling line counts the answers that any context of whole turns could hold (in some turn's text).
 * Caches the ingested DB and its turn → dia_id map (--db dir; delete it after changing ingestion).
 *
 * Run: node --import tsx bench/locomo-losses.ts [--budgets 512,2048] [--set recall.x=…] [--db dir] [--out file.jsonl]
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, STOP_WORDS } from '../src/core/text/analyze.ts';
import { analyzeQuery } from '../src/core/recall/query-analysis.ts';
import { containsAnswer, loadLocomo, normaliseAnswer } from './lib/locomo-data.ts';
import { applySets } from './lib/tunables.ts';
import { openCachedLocomo } from './lib/locomo-cache.ts';
import { arg } from './lib/args.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = resolve(join(here, '../../shared/datasets/locomo/locomo-dev.json'));
const DIR = arg('db') || '/tmp/locomo-losses/db';
const OUT = arg('out');
const BUDGETS = (arg('budgets') || '512,2048').split(',').map(Number).filter((n) => n > 0);

const rankBucket = (r: number) => (r <= 10 ? '1-10' : r <= 20 ? '11-20' : r <= 30 ? '21-30' : r <= 60 ? '31-60' : r <= 100 ? '61-100' : '100+');

async function main() {
  const convs = loadLocomo(DATA);
  applySets(arg('set') || '');
  const { store, map, recallTraced } = await openCachedLocomo(DIR, convs);

  const out: string[] = [];
  const lost: Record<number, Record<string, number>> = {};
  const contain: Record<number, Record<string, number>> = {};
  const recallSum: Record<number, number> = {};
  const perCat: Record<number, Record<number, number[]>> = {};
  const c4n: Record<number, number> = {};
  const left: Record<number, number> = {};
  let nq = 0;
  for (const conv of convs) {
    const dia = new Map(Object.entries(map[conv.sampleId]));
    const idOf = new Map([...dia].map(([k, v]) => [v, k]));
    const byDia = new Map(conv.turns.map((t, i) => [t.diaId, { t, i }]));
    const known = new Set(conv.speakers.map((s) => s.toLowerCase()));
    for (const q of conv.questions) {
      if (q.category > 4) continue;
      const scored = q.evidence.length > 0;
      if (scored) nq++;
      const qTerms = new Set(analyzeQuery(q.question, known).terms.filter((t) => t.source === 'query' || (t.source === 'name' && !known.has(t.term))).map((t) => t.term));
      for (const b of BUDGETS) {
        const { res, cited, trace: tr } = await recallTraced(conv.sampleId, q.question, b, dia);
        const L = (lost[b] ??= {});
        // Budget left over: every candidate's line was offered and the context is short of the budget by 64+ tokens.
        const allOffered = !!tr && tr.candidates.filter((c) => c.key.startsWith('turn:')).every((c) => tr.offered.some((l) => l.key === c.key));
        const slack = res.citations.length > 0 && allOffered && res.tokens < b - 64;
        if (scored) left[b] = (left[b] ?? 0) + (slack ? 1 : 0);
        if (scored) {
          const hit = q.evidence.filter((e) => cited.has(e)).length;
          recallSum[b] = (recallSum[b] ?? 0) + hit / q.evidence.length;
          ((perCat[b] ??= {})[q.category] ??= []).push(hit / q.evidence.length);
          for (const e of q.evidence) {
            if (cited.has(e)) continue;
            const ev = byDia.get(e);
            if (!ev) continue;
            const tid = idOf.get(e)!;
            const near = [conv.turns[ev.i - 1], conv.turns[ev.i + 1]].filter((n) => n && n.sessionId === ev.t.sessionId);
            const ordIdx = tr ? tr.candidates.findIndex((c) => c.key === `turn:${tid}`) : -1;
            const turnRank = tr && ordIdx >= 0 ? tr.candidates.slice(0, ordIdx).filter((c) => c.key.startsWith('turn:')).length + 1 : null;
            const offered = tr ? tr.offered.some((l) => l.key === `turn:${tid}`) : false;
            let cls: string;
            if (res.citations.length === 0) cls = 'gate';
            else if (near.some((n) => cited.has(n.diaId))) cls = 'neighbour';
            else if (ordIdx < 0) cls = analyze(ev.t.text).some((t) => qTerms.has(t)) ? 'absent_word' : 'absent_noword';
            else cls = `${offered ? 'cut' : 'unreached'}_${rankBucket(turnRank!)}${tr!.candidates[ordIdx]!.coverage === 0 ? '_nbr' : ''}`;
            L[cls] = (L[cls] ?? 0) + 1 / q.evidence.length;
            if (slack) L[`${cls}(slack)`] = (L[`${cls}(slack)`] ?? 0) + 1 / q.evidence.length;
            if (OUT) out.push(JSON.stringify({ b, conv: conv.sampleId, cat: q.category, q: q.question, a: q.answer, e, cls, turnRank, ev: `${ev.t.speaker}: ${ev.t.text}` }));
          }
        }
        if (q.category === 4 && q.answer !== null) {
          c4n[b] = (c4n[b] ?? 0) + 1;
          const C = (contain[b] ??= {});
          if (containsAnswer(res.context, q.answer)) {
            C.contained = (C.contained ?? 0) + 1;
            continue;
          }
          const evIn = q.evidence.filter((e) => byDia.get(e) && containsAnswer(byDia.get(e)!.t.text, q.answer!));
          let cls: string;
          if (evIn.some((e) => cited.has(e))) cls = 'ev_cut';
          else if (evIn.length > 0) cls = res.citations.length === 0 ? 'ev_gate' : 'ev_uncited';
          else if (conv.turns.some((t) => containsAnswer(t.text, q.answer!))) cls = 'elsewhere';
          else cls = `paraphrase_${paraphraseKind(q.answer, q.evidence.map((e) => byDia.get(e)?.t.text ?? ''), conv.turns.map((t) => t.text))}`;
          C[cls] = (C[cls] ?? 0) + 1;
          if (OUT) {
            const shown = tr ? tr.offered.filter((l) => evIn.some((e) => l.key === `turn:${idOf.get(e)}`) && tr!.chosen.includes(l.key)).map((l) => l.text) : [];
            out.push(JSON.stringify({ b, kind: 'contain', conv: conv.sampleId, q: q.question, a: q.answer, cls, shown, ev: evIn.map((e) => byDia.get(e)!.t.text) }));
          }
        }
      }
    }
  }
  if (OUT) writeFileSync(OUT, out.join('\n') + '\n');
  for (const b of BUDGETS) {
    const cats = [1, 2, 3, 4].map((c) => (perCat[b]?.[c] ? (perCat[b][c].reduce((x, y) => x + y, 0) / perCat[b][c].length).toFixed(3) : '-'));
    console.log(`\n@${b}: questions ${nq}  evidence recall ${(recallSum[b] / nq).toFixed(3)}  (cat1-4 ${cats.join(' / ')})`);
    const L = lost[b] ?? {};
    console.log(`  questions whose every candidate was offered with 64+ tokens of the budget left: ${left[b] ?? 0} (losses there marked (slack))`);
    const total = Object.entries(L).filter(([k]) => !k.endsWith('(slack)')).reduce((x, [, y]) => x + y, 0);
    console.log(`  lost ${(total / nq).toFixed(3)} by cause:`);
    for (const [k, v] of Object.entries(L).sort((x, y) => y[1] - x[1])) console.log(`    ${k.padEnd(22)} ${(v / nq).toFixed(4)}`);
    const C = contain[b] ?? {};
    const inNoTurn = Object.entries(C).filter(([k]) => k.startsWith('paraphrase')).reduce((x, [, v]) => x + v, 0);
    console.log(`  category-4 containment ${((C.contained ?? 0) / c4n[b]).toFixed(3)} of ${c4n[b]}; ceiling of any context of turns ${((c4n[b] - inNoTurn) / c4n[b]).toFixed(3)} (${c4n[b] - inNoTurn} answers in some turn); not contained by class:`);
    for (const [k, v] of Object.entries(C).filter(([k]) => k !== 'contained').sort((x, y) => y[1] - x[1])) console.log(`    ${k.padEnd(22)} ${v} (${(v / c4n[b]).toFixed(3)})`);
  }
  await store.close();
}

/** How far an answer in no turn is from the turns: a list of turn items, the evidence's words reordered, half of them, or fewer. */
function paraphraseKind(answer: string, evidence: string[], turns: string[]): 'list' | 'words' | 'half' | 'abstract' {
  const parts = answer.split(/,|;|\band\b/).map((x) => x.trim()).filter(Boolean);
  if (parts.length > 1 && parts.every((p) => turns.some((t) => containsAnswer(t, p)))) return 'list';
  const ev = normaliseAnswer(evidence.join(' \n '));
  const ws = normaliseAnswer(answer).trim().split(' ').filter((w) => w && !STOP_WORDS.has(w));
  const found = ws.filter((w) => ev.includes(` ${w} `) || ev.includes(` ${w.replace(/s$/, '')}`)).length;
  if (ws.length > 0 && found === ws.length) return 'words';
  return ws.length > 0 && found / ws.length >= 0.5 ? 'half' : 'abstract';
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
