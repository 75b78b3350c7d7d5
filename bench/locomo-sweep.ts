/**
 * @module bench/locomo-sweep
 * `npm run bench:locomo-sweep`: LoCoMo dev ingested once, then scored under several tunable sets
 * with the same recall calls, per half of the dev conversations (decide on one half, confirm on
 * the other), and — with `--losses` — where the evidence missed at a budget is lost, by cause:
 *   gate        the context came back empty
 *   absent      the evidence turn is not among the candidates (split: shares no content word with
 *               the question / shares one)
 *   neighbour   a candidate, not cited, while a session neighbour of it was
 *   ranked low  a candidate, not cited (by rank among the candidates)
 * each as lost evidence recall (a question's missed evidence weighs 1/|evidence| of it), with the
 * date-anchored questions (category 2, or a question naming a date/month or asking when / how long) apart.
 *
 * Options: --conv conv-26,...  --budgets 512,2048  --half-a conv-26,conv-30,conv-41 (the rest is B)
 *          --index index.on=1 (tunables applied before ingest)  --losses  --misses <file.jsonl>
 *          --dump <file.jsonl> (every question's recall and containment per set and budget)
 *          --sets "base|name:recall.fullTop=1,features.when=0|…" (each set starts from the defaults)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryService } from '../src/core/service.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../src/providers/lexicon/create-lexicon.ts';
import { loadConfig } from '../src/config.ts';
import { createStore } from '../src/store/create-store.ts';
import { analyze } from '../src/core/text/analyze.ts';
import { analyzeQuery } from '../src/core/recall/query-analysis.ts';
import { containsAnswer, loadLocomo, type LocomoConversation } from './lib/locomo-data.ts';
import { applySets, snapshotTunables } from './lib/tunables.ts';
import { arg } from './lib/args.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = resolve(arg('data') || join(here, '../../shared/datasets/locomo/locomo-dev.json'));
const BUDGETS = (arg('budgets') || '512,2048').split(',').map(Number).filter((n) => n > 0);
const CONVS = arg('conv')?.split(',').filter(Boolean);
const HALF_A = new Set((arg('half-a') || 'conv-26,conv-30,conv-41').split(','));
const SETS = (arg('sets') || 'base').split('|').map((s) => {
  const i = s.indexOf(':');
  return i < 0 ? { name: s, spec: '' } : { name: s.slice(0, i), spec: s.slice(i + 1) };
});
const LOSSES = arg('losses') !== undefined;
const MISSES = arg('misses');
const DUMP = arg('dump');
const dumpLines: string[] = [];
const silent = { info() {}, warn() {}, error() {}, debug() {} };

interface Row {
  half: 'A' | 'B';
  category: number;
  recall: number;
  allHit: boolean;
  contains: boolean | null;
  over: boolean;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const f3 = (x: number) => x.toFixed(3);

function summary(rows: Row[]): string[] {
  const s = rows.filter((r) => r.category >= 1 && r.category <= 4 && !Number.isNaN(r.recall));
  const cat = (c: number) => s.filter((r) => r.category === c);
  const c4 = rows.filter((r) => r.category === 4 && r.contains !== null);
  return [f3(mean(s.map((r) => r.recall))), ...[1, 2, 3, 4].map((c) => f3(mean(cat(c).map((r) => r.recall)))), f3(mean(cat(1).map((r) => (r.allHit ? 1 : 0)))), f3(mean(c4.map((r) => (r.contains ? 1 : 0)))), String(rows.filter((r) => r.over).length)];
}

/** A question anchored on a date: temporal, naming a date or month, or asking when / how long. */
function dateAnchored(q: { question: string; category: number }, known: Set<string>): boolean {
  const a = analyzeQuery(q.question, known);
  return q.category === 2 || !!a.dateRange || (a.months?.length ?? 0) > 0 || a.duration || /\b(when|how long|what (year|month|date|day))\b/i.test(q.question);
}

type Cause = 'gate' | 'absent_noword' | 'absent_word' | 'neighbour' | 'low_1_10' | 'low_11_30' | 'low_31_100' | 'low_100+';
const CAUSES: Cause[] = ['gate', 'absent_noword', 'absent_word', 'neighbour', 'low_1_10', 'low_11_30', 'low_31_100', 'low_100+'];

async function main() {
  let convs: LocomoConversation[] = loadLocomo(DATA);
  if (CONVS) convs = convs.filter((c) => CONVS.includes(c.sampleId));
  applySets(arg('index') || '');
  const tmp = mkdtempSync(join(tmpdir(), 'locomo-sweep-'));
  const store = await createStore(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(tmp, 'locomo.db') }), silent);
  await store.migrate();
  const lexicon = openLexicon({ MEMORY_LEXICON: process.env.MEMORY_LEXICON === 'off' ? 'off' : 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE }).lexicon;
  const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), logger: silent, lexicon });
  const diaOf = new Map<string, Map<string, string>>();
  const t0 = performance.now();
  for (const conv of convs) {
    const m = new Map<string, string>();
    for (const t of conv.turns) {
      const r = await service.ingestTurn({ sessionId: t.sessionId, userId: conv.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp, metadata: { dia_id: t.diaId } });
      m.set(r.turn.id, t.diaId);
    }
    diaOf.set(conv.sampleId, m);
  }
  console.log(`ingested ${convs.map((c) => c.sampleId).join(',')} in ${((performance.now() - t0) / 1000).toFixed(1)} s (half A: ${[...HALF_A].join(',')})`);

  const restore = snapshotTunables();
  const header = ['set', 'budget', 'half', 'ev', 'cat1', 'cat2', 'cat3', 'cat4', 'mh-all', 'c4-cont', 'over'];
  const table: string[][] = [header];
  const missLines: string[] = [];
  for (const set of SETS) {
    restore();
    applySets(set.spec);
    const rows: Record<number, Row[]> = Object.fromEntries(BUDGETS.map((b) => [b, []]));
    const loss: Record<string, Record<Cause, number>> = {};
    const lossN: Record<string, number> = {};
    const cpu0 = process.cpuUsage();
    for (const conv of convs) {
      const half = HALF_A.has(conv.sampleId) ? 'A' : 'B';
      const dia = diaOf.get(conv.sampleId)!;
      const byDia = new Map(conv.turns.map((t, i) => [t.diaId, { t, i }]));
      const known = new Set(conv.speakers.map((s) => s.toLowerCase()));
      for (const q of conv.questions) {
        for (const b of BUDGETS) {
          const res = await service.recall({ query: q.question, sessionId: null, userId: conv.sampleId, maxTokens: b });
          const cited = new Set(res.citations.map((c) => dia.get(c.turn_id)).filter((d): d is string => !!d));
          const hit = q.evidence.filter((e) => cited.has(e)).length;
          const row: Row = { half, category: q.category, recall: q.evidence.length ? hit / q.evidence.length : NaN, allHit: q.evidence.length > 0 && hit === q.evidence.length, contains: q.answer === null ? null : containsAnswer(res.context, q.answer), over: res.tokens > b };
          rows[b].push(row);
          if (DUMP) dumpLines.push(JSON.stringify({ set: set.name, b, conv: conv.sampleId, half, cat: q.category, q: q.question, recall: row.recall, contains: row.contains }));
          if (!LOSSES || b !== BUDGETS[0] || q.category > 4 || q.evidence.length === 0) continue;
          const group = `${half}/${dateAnchored(q, known) ? 'dated' : 'other'}`;
          lossN[group] = (lossN[group] ?? 0) + 1;
          if (hit === q.evidence.length) continue;
          const found = await service.search({ query: q.question, sessionId: null, userId: conv.sampleId, limit: 200 });
          const rank = new Map<string, number>();
          found.forEach((f, i) => {
            const d = f.turn_id ? dia.get(f.turn_id) : undefined;
            if (d && !rank.has(d)) rank.set(d, i + 1);
          });
          const qTerms = new Set(analyzeQuery(q.question, known).terms.filter((t) => t.source === 'query' || (t.source === 'name' && !known.has(t.term))).map((t) => t.term));
          for (const e of q.evidence.filter((x) => !cited.has(x))) {
            const ev = byDia.get(e)!;
            const near = [conv.turns[ev.i - 1], conv.turns[ev.i + 1]].filter((n) => n && n.sessionId === ev.t.sessionId);
            const r = rank.get(e);
            let cause: Cause;
            if (res.citations.length === 0) cause = 'gate';
            else if (r === undefined) cause = analyze(ev.t.text).some((t) => qTerms.has(t)) ? 'absent_word' : 'absent_noword';
            else if (near.some((n) => cited.has(n.diaId))) cause = 'neighbour';
            else cause = r <= 10 ? 'low_1_10' : r <= 30 ? 'low_11_30' : r <= 100 ? 'low_31_100' : 'low_100+';
            (loss[group] ??= Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>)[cause] += 1 / q.evidence.length;
            if (MISSES) missLines.push(JSON.stringify({ set: set.name, conv: conv.sampleId, half, cat: q.category, cause, rank: r ?? null, neighbourCited: near.some((n) => cited.has(n.diaId)), q: q.question, a: q.answer, e, ev: `${ev.t.speaker}: ${ev.t.text}` }));
          }
        }
      }
    }
    const cpu = process.cpuUsage(cpu0);
    for (const b of BUDGETS) {
      for (const half of ['A', 'B', 'all'] as const) table.push([set.name, String(b), half, ...summary(rows[b].filter((r) => half === 'all' || r.half === half))]);
    }
    console.error(`  ${set.name}: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);
    if (LOSSES) {
      console.log(`\nlosses @${BUDGETS[0]} (${set.name}): evidence recall lost per scored question, by cause`);
      const groups = Object.keys(lossN).sort();
      const lines = [['group', 'questions', 'lost', ...CAUSES]];
      const total = (g: string[]) => {
        const n = g.reduce((s, x) => s + lossN[x], 0);
        const sum = (c: Cause) => g.reduce((s, x) => s + (loss[x]?.[c] ?? 0), 0);
        return [String(n), f3(CAUSES.reduce((s, c) => s + sum(c), 0) / n), ...CAUSES.map((c) => f3(sum(c) / n))];
      };
      for (const g of groups) lines.push([g, ...total([g])]);
      lines.push(['A', ...total(groups.filter((g) => g.startsWith('A/')))], ['B', ...total(groups.filter((g) => g.startsWith('B/')))], ['all', ...total(groups)]);
      const w = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
      for (const l of lines) console.log(l.map((c, i) => c.padEnd(w[i])).join('  '));
    }
  }
  console.log('');
  const w = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
  if (MISSES) writeFileSync(MISSES, missLines.join('\n') + '\n');
  if (DUMP) writeFileSync(DUMP, dumpLines.join('\n') + '\n');
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
