/**
 * @module bench/locomo
 * `npm run bench:locomo`: the recall benchmark on the LoCoMo development split. Ingests every
 * turn through MemoryService.ingestTurn (the POST /turns path), asks every question through
 * MemoryService.recall at several budgets, maps citations back to dia_ids and prints evidence
 * recall, multi-hop all-hit, category-4 answer containment, tokens and latency beside an
 * independent BM25-over-turns baseline; then asks our noise probes (never-discussed topics) and
 * reports how often the context is empty. Writes a JSON report to bench/reports/.
 *
 * Options: --conv conv-26[,conv-30]  --budgets 512,2048  --backend sqlite|memory|postgres
 *          --data <path>  --no-baseline  --no-noise  --misses <file> (dump missed evidence)
 *          --extractor offline|none (none: recall from turns alone)
 *          --person-probes fixtures/noise-probes-person-s20.json[,more.json] (extra person-probe sets, each reported
 *          on its own line and kept out of the contexts digest)
 *          --set recall.minCoverage=0.3,retrieve.speakerBoost=0 (override RECALL / RETRIEVE / BM25 / EXCERPT / FEATURE_WEIGHTS /
 *          REFERENTS tunables for an experiment; index.on=1 turns on the index-time date tokens, INDEX_DATES)
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryService } from '../src/core/service.ts';
import { openLexicon } from '../src/providers/lexicon/create-lexicon.ts';
import type { Extractor, MemoryStore } from '../src/core/ports.ts';
import { loadConfig } from '../src/config.ts';
import { createStore } from '../src/store/create-store.ts';
import { InMemoryStore } from './lib/in-memory-store.ts';
import { containsAnswer, loadLocomo, type LocomoConversation } from './lib/locomo-data.ts';
import { Bm25Baseline } from './lib/bm25-baseline.ts';
import { applySets } from './lib/tunables.ts';
import { arg } from './lib/args.ts';

const here = dirname(fileURLToPath(import.meta.url));

const DATA = resolve(arg('data') || join(here, '../../shared/datasets/locomo/locomo-dev.json'));
const BUDGETS = (arg('budgets') || '256,512,1024,2048').split(',').map(Number).filter((n) => n > 0);
const CONVS = arg('conv')?.split(',').filter(Boolean);
const BACKEND = arg('backend') || (process.env.DATABASE_URL ? 'postgres' : 'sqlite');
const RUN_BASELINE = arg('no-baseline') === undefined;
const RUN_NOISE = arg('no-noise') === undefined;
const MISSES = arg('misses');
const EXTRACTOR = arg('extractor') || 'offline';
/** Extra person-probe files (`{ person_probes: string[] }`), paths relative to the repository root. */
const EXTRA_PERSON = (arg('person-probes') || '').split(',').filter(Boolean);

/** The offline extractor (default) or none (`--extractor none`: turns only). */
async function makeExtractor(): Promise<Extractor> {
  if (EXTRACTOR === 'none') return { name: 'none', extract: async () => [] };
  const { OfflineExtractor } = await import('../src/core/extraction/offline-extractor.ts');
  const inner = new OfflineExtractor();
  // A failing extractor must not end the recall benchmark: count the failures and go on from turns.
  return {
    name: inner.name,
    async extract(messages, ctx) {
      try {
        return await inner.extract(messages, ctx);
      } catch {
        extractionFailures++;
        return [];
      }
    },
  };
}
let extractionFailures = 0;

applySets(arg('set') || '');

const silent = { info() {}, warn() {}, error() {}, debug() {} };

async function openStore(dir: string): Promise<{ store: MemoryStore; kind: string }> {
  if (BACKEND === 'memory') return { store: new InMemoryStore(), kind: 'memory' };
  const env: Record<string, string | undefined> = { LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'locomo.db') };
  if (BACKEND === 'postgres') env.DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  try {
    const store = await createStore(loadConfig(env), silent);
    await store.migrate();
    return { store, kind: (await store.info()).kind };
  } catch (err) {
    console.warn(`! ${BACKEND} store unavailable (${(err as Error).message}); falling back to the in-memory store`);
    return { store: new InMemoryStore(), kind: 'memory (fallback)' };
  }
}

const fmtDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const r3 = (x: number) => Math.round(x * 1000) / 1000;

interface QResult {
  conv: string;
  category: number;
  recall: number;
  allHit: boolean;
  contains: boolean | null;
  tokens: number;
  ms: number;
  overBudget: boolean;
  cited: number;
  empty: boolean;
  /** Process CPU time of the call (user + system), less sensitive to a loaded machine than wall time. */
  cpuMs?: number;
}

function summarise(rs: QResult[]) {
  const scored = rs.filter((r) => r.category >= 1 && r.category <= 4 && !Number.isNaN(r.recall));
  const byCat = (c: number) => scored.filter((r) => r.category === c);
  const c4 = rs.filter((r) => r.category === 4 && r.contains !== null);
  return {
    evidence_recall: r3(mean(scored.map((r) => r.recall))),
    recall_by_category: Object.fromEntries([1, 2, 3, 4].map((c) => [c, r3(mean(byCat(c).map((r) => r.recall)))])),
    multihop_all_hit: r3(mean(byCat(1).map((r) => (r.allHit ? 1 : 0)))),
    cat4_containment: r3(mean(c4.map((r) => (r.contains ? 1 : 0)))),
    cat5_recall: r3(mean(rs.filter((r) => r.category === 5 && !Number.isNaN(r.recall)).map((r) => r.recall))),
    tokens_mean: Math.round(mean(rs.map((r) => r.tokens))),
    latency_p50_ms: r3(pct(rs.map((r) => r.ms), 50)),
    latency_p99_ms: r3(pct(rs.map((r) => r.ms), 99)),
    cpu_p50_ms: r3(pct(rs.map((r) => r.cpuMs ?? 0), 50)),
    cpu_p99_ms: r3(pct(rs.map((r) => r.cpuMs ?? 0), 99)),
    over_budget: rs.filter((r) => r.overBudget).length,
    empty_fraction: r3(mean(rs.map((r) => (r.empty ? 1 : 0)))),
    questions: rs.length,
  };
}

function score(conv: string, q: LocomoConversation['questions'][number], cited: Set<string>, context: string, tokens: number, budget: number, ms: number): QResult {
  const ev = q.evidence;
  const hit = ev.filter((e) => cited.has(e)).length;
  return {
    conv,
    category: q.category,
    recall: ev.length ? hit / ev.length : NaN,
    allHit: ev.length > 0 && hit === ev.length,
    contains: q.answer === null ? null : containsAnswer(context, q.answer),
    tokens,
    ms,
    overBudget: tokens > budget,
    cited: cited.size,
    empty: context === '',
  };
}

async function main() {
  if (!existsSync(DATA)) {
    console.log(`LoCoMo dataset not found at ${DATA}: skipping the benchmark (put locomo-dev.json there or pass --data).`);
    return;
  }
  let convs = loadLocomo(DATA);
  if (CONVS) convs = convs.filter((c) => CONVS.includes(c.sampleId));
  const probeFile = RUN_NOISE ? (JSON.parse(readFileSync(join(here, '../fixtures/noise-probes.json'), 'utf8')) as { probes: Array<{ question: string }>; person_probes?: string[] }) : null;
  const probes = probeFile?.probes ?? [];
  const personProbes = probeFile?.person_probes ?? [];
  const extraSets = RUN_NOISE
    ? EXTRA_PERSON.map((f) => ({ file: f, templates: (JSON.parse(readFileSync(resolve(here, '..', f), 'utf8')) as { person_probes: string[] }).person_probes, asked: [] as Array<{ conv: string; question: string; empty: boolean }> }))
    : [];
  const tmp = mkdtempSync(join(tmpdir(), 'locomo-'));
  const { store, kind } = await openStore(tmp);
  console.log(`LoCoMo recall benchmark: ${convs.length} conversations, budgets ${BUDGETS.join('/')}, store ${kind}, extractor ${EXTRACTOR}`);
  // The lexicon as the app opens it (MEMORY_LEXICON=off in the environment: the empty lexicon).
  const lexicon = openLexicon({ MEMORY_LEXICON: process.env.MEMORY_LEXICON === 'off' ? 'off' : 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE }).lexicon;
  const service = new MemoryService({ store, offlineExtractor: await makeExtractor(), logger: silent, lexicon });

  const svc: Record<number, QResult[]> = Object.fromEntries(BUDGETS.map((b) => [b, []]));
  const base: Record<number, QResult[]> = Object.fromEntries(BUDGETS.map((b) => [b, []]));
  const noise: Array<{ conv: string; question: string; empty: boolean; tokens: number }> = [];
  const personNoise: typeof noise = [];
  const misses: unknown[] = [];
  const ingestMs: number[] = [];
  // Every context the service returned (question, budget, context): the same digest means byte-identical recall output.
  const contexts = createHash('sha256');
  let memoryCount = 0;
  // Progress for `memory-service eval locomo` (cli/commands/eval): one step per ingested turn and per recall.
  const total = convs.reduce((n, c) => n + c.turns.length + c.questions.length * BUDGETS.length, 0);
  let done = 0;
  const step = (conv: string, index: number) =>
    process.send?.({ type: 'progress', label: 'LoCoMo', done, total, item: conv, itemIndex: index + 1, itemCount: convs.length });

  for (const [convIndex, conv] of convs.entries()) {
    step(conv.sampleId, convIndex);
    const turnToDia = new Map<string, string>();
    // A shared database may hold a previous run's data for this scope: start clean.
    await service.deleteUser(conv.sampleId);
    const t0 = performance.now();
    for (const t of conv.turns) {
      const s = performance.now();
      const r = await service.ingestTurn({
        sessionId: t.sessionId,
        userId: conv.sampleId,
        messages: [{ role: 'user', name: t.speaker, content: t.text }],
        timestamp: t.timestamp,
        metadata: { dia_id: t.diaId },
      });
      ingestMs.push(performance.now() - s);
      turnToDia.set(r.turn.id, t.diaId);
      done++;
      if (done % 10 === 0) step(conv.sampleId, convIndex);
    }
    const mems = await store.listMemories(`u:${conv.sampleId}`, { includeInactive: true });
    memoryCount += mems.length;
    console.log(`  ${conv.sampleId}: ${conv.turns.length} turns, ${mems.length} memories ingested in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const baseline = RUN_BASELINE ? new Bm25Baseline(conv.turns.map((t) => ({ id: t.diaId, line: `[${fmtDate(t.timestamp)}] ${t.speaker}: ${t.text}` }))) : null;
    for (const q of conv.questions) {
      for (const b of BUDGETS) {
        const s = performance.now();
        const cpu0 = process.cpuUsage();
        const res = await service.recall({ query: q.question, sessionId: null, userId: conv.sampleId, maxTokens: b });
        const ms = performance.now() - s;
        const cpu = process.cpuUsage(cpu0);
        contexts.update(`${conv.sampleId}\u0000${q.question}\u0000${b}\u0000${res.context}\u0001`);
        const cited = new Set(res.citations.map((c) => turnToDia.get(c.turn_id)).filter((d): d is string => !!d));
        const r = { ...score(conv.sampleId, q, cited, res.context, res.tokens, b, ms), cpuMs: (cpu.user + cpu.system) / 1000 };
        svc[b].push(r);
        done++;
        if (done % 10 === 0) step(conv.sampleId, convIndex);
        if (MISSES && b === BUDGETS[BUDGETS.length - 1] && q.category <= 4 && r.recall < 1) {
          misses.push({ conv: conv.sampleId, category: q.category, question: q.question, answer: q.answer, evidence: q.evidence.map((e) => `${e} ${conv.turns.find((t) => t.diaId === e)?.speaker}: ${conv.turns.find((t) => t.diaId === e)?.text}`), cited: [...cited] });
        }
        if (baseline) {
          const bs = performance.now();
          const bc = process.cpuUsage();
          const br = baseline.recall(q.question, b);
          const bcpu = process.cpuUsage(bc);
          base[b].push({ ...score(conv.sampleId, q, new Set(br.ids), br.context, br.tokens, b, performance.now() - bs), cpuMs: (bcpu.user + bcpu.system) / 1000 });
        }
      }
    }
    for (const p of probes) {
      const res = await service.recall({ query: p.question, sessionId: null, userId: conv.sampleId, maxTokens: 1024 });
      contexts.update(`${conv.sampleId}\u0000${p.question}\u00001024\u0000${res.context}\u0001`);
      noise.push({ conv: conv.sampleId, question: p.question, empty: res.context === '' && res.citations.length === 0, tokens: res.tokens });
    }
    for (const tpl of personProbes) {
      for (const name of conv.speakers) {
        const question = tpl.replace('{name}', name);
        const res = await service.recall({ query: question, sessionId: null, userId: conv.sampleId, maxTokens: 1024 });
        contexts.update(`${conv.sampleId}\u0000${question}\u00001024\u0000${res.context}\u0001`);
        personNoise.push({ conv: conv.sampleId, question, empty: res.context === '' && res.citations.length === 0, tokens: res.tokens });
      }
    }
    // Extra person-probe sets: asked the same way, but not hashed into the contexts digest (the digest stays main's).
    for (const set of extraSets) {
      for (const tpl of set.templates) {
        for (const name of conv.speakers) {
          const question = tpl.replace('{name}', name);
          const res = await service.recall({ query: question, sessionId: null, userId: conv.sampleId, maxTokens: 1024 });
          set.asked.push({ conv: conv.sampleId, question, empty: res.context === '' && res.citations.length === 0 });
        }
      }
    }
  }

  const report = {
    date: new Date().toISOString(),
    store: kind,
    extractor: EXTRACTOR,
    extraction_failures: extractionFailures,
    conversations: convs.map((c) => c.sampleId),
    memories: memoryCount,
    ingest_p50_ms: r3(pct(ingestMs, 50)),
    ingest_p99_ms: r3(pct(ingestMs, 99)),
    budgets: Object.fromEntries(BUDGETS.map((b) => [b, { service: summarise(svc[b]), baseline: RUN_BASELINE ? summarise(base[b]) : null }])),
    noise: RUN_NOISE ? { probes: noise.length, empty_fraction: r3(mean(noise.map((n) => (n.empty ? 1 : 0)))), non_empty: noise.filter((n) => !n.empty).map((n) => `${n.conv}: ${n.question}`), person_probes: personNoise.length, person_empty_fraction: r3(mean(personNoise.map((n) => (n.empty ? 1 : 0)))), person_non_empty: personNoise.filter((n) => !n.empty).map((n) => `${n.conv}: ${n.question}`), person_sets: extraSets.map((s) => ({ file: s.file, asked: s.asked.length, empty_fraction: r3(mean(s.asked.map((n) => (n.empty ? 1 : 0)))), non_empty: s.asked.filter((n) => !n.empty).map((n) => `${n.conv}: ${n.question}`) })) } : null,
  };

  const rows: string[][] = [['budget', 'who', 'ev.recall', 'cat1', 'cat2', 'cat3', 'cat4', 'mh all-hit', 'c4 contain', 'tokens', 'p50 ms', 'p99 ms', 'cpu p50', 'cpu p99', 'over', 'empty']];
  for (const b of BUDGETS) {
    for (const [who, s] of [['service', report.budgets[b].service], ['baseline', report.budgets[b].baseline]] as const) {
      if (!s) continue;
      rows.push([String(b), who, s.evidence_recall, s.recall_by_category[1], s.recall_by_category[2], s.recall_by_category[3], s.recall_by_category[4], s.multihop_all_hit, s.cat4_containment, s.tokens_mean, s.latency_p50_ms, s.latency_p99_ms, s.cpu_p50_ms, s.cpu_p99_ms, s.over_budget, s.empty_fraction].map(String));
    }
    const sv = report.budgets[b].service;
    const bl = report.budgets[b].baseline;
    if (bl) {
      const ratio = (x: number, y: number) => (y ? (x / y).toFixed(2) : '-');
      rows.push([String(b), 'ratio', ratio(sv.evidence_recall, bl.evidence_recall), ratio(sv.recall_by_category[1], bl.recall_by_category[1]), ratio(sv.recall_by_category[2], bl.recall_by_category[2]), ratio(sv.recall_by_category[3], bl.recall_by_category[3]), ratio(sv.recall_by_category[4], bl.recall_by_category[4]), ratio(sv.multihop_all_hit, bl.multihop_all_hit), ratio(sv.cat4_containment, bl.cat4_containment), '', '', '', '', '', '', '']);
    }
  }
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i])).join('  '));
  if (report.noise) {
    console.log(`noise probes: ${report.noise.probes} asked, empty context ${(report.noise.empty_fraction * 100).toFixed(1)}% (target ≥ 95%)`);
    console.log(`person probes (a known speaker, an undiscussed topic): ${report.noise.person_probes} asked, empty context ${(report.noise.person_empty_fraction * 100).toFixed(1)}%`);
    for (const n of report.noise.non_empty.slice(0, 10)) console.log(`  non-empty: ${n}`);
    for (const n of report.noise.person_non_empty) console.log(`  person non-empty: ${n}`);
    for (const set of report.noise.person_sets) {
      console.log(`person probes ${set.file}: ${set.asked} asked, empty context ${(set.empty_fraction * 100).toFixed(1)}%`);
      for (const n of set.non_empty) console.log(`  ${set.file} non-empty: ${n}`);
    }
  }
  console.log(`ingest p50 ${report.ingest_p50_ms} ms, p99 ${report.ingest_p99_ms} ms; memories ${memoryCount}; extraction failures ${extractionFailures}`);

  mkdirSync(join(here, 'reports'), { recursive: true });
  const out = join(here, 'reports', `locomo-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`report: ${out}`);
  console.log(`contexts digest ${contexts.digest('hex').slice(0, 12)} (every recall's context, noise probes included)`);
  if (MISSES) writeFileSync(MISSES, JSON.stringify(misses, null, 1));
  for (const conv of convs) await service.deleteUser(conv.sampleId);
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
