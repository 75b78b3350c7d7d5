import { InMemoryStore } from './in-memory-store.ts';
import { MemoryService } from '../../src/core/service.ts';
const OfflineExtractor = class { name = 'none'; async extract() { return []; } };
import { loadLocomo } from './locomo-data.ts';
import { retrieve } from '../../src/core/recall/retrieve.ts';
import { readFileSync } from 'node:fs';
const probes = JSON.parse(readFileSync('fixtures/noise-probes.json', 'utf8')).probes as Array<{ question: string }>;
const store = new InMemoryStore();
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
const deps = { store, embedder: null, reranker: null, planner: null, logger: { info() {}, warn() {}, error() {} }, now: () => new Date() };
const qs: number[][] = []; const pp: number[][] = []; const ps: Array<[number, string]> = []; const low: string[] = [];
for (const c of loadLocomo('/work/shared/datasets/locomo/locomo-dev.json')) {
  for (const t of c.turns) await svc.ingestTurn({ sessionId: t.sessionId, userId: c.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp });
  for (const q of c.questions) { if (q.category > 4) continue; const r = await retrieve(deps as never, `u:${c.sampleId}`, q.question, { sessionId: null }); qs.push([r.contentBest, r.contentUnion, r.contentCorpus, r.unionCoverage] as never); if (r.bestCoverage < 0.5) low.push(`${r.bestCoverage.toFixed(2)} ${q.question}`); }
  for (const tpl of JSON.parse(readFileSync('fixtures/noise-probes.json', 'utf8')).person_probes as string[]) for (const name of c.speakers) { const r = await retrieve(deps as never, `u:${c.sampleId}`, tpl.replace('{name}', name), { sessionId: null }); pp.push([r.contentBest, r.contentUnion, r.contentCorpus, r.unionCoverage]); }
  for (const p of probes) { const r = await retrieve(deps as never, `u:${c.sampleId}`, p.question, { sessionId: null }); ps.push([r.contentBest, p.question, r.contentUnion, r.contentCorpus, r.unionCoverage] as never); }
}
const all = { qs, pp, ps }; (globalThis as any).all = all;
const hist = (xs: number[]) => [0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map((t) => `${t}:${(xs.filter((x) => x < t).length / xs.length).toFixed(3)}`).join(' ');
for (const i of [0, 1, 2, 3]) { console.log(i, 'person below', hist(pp.map((x) => x[i]))); console.log(i, 'locomo below', hist(qs.map((x) => x[i]))); console.log(i, 'probes below', hist(ps.map((p) => (i === 0 ? p[0] : (p as never as number[])[i + 1])))); }
console.log(ps.sort((a, b) => b[0] - a[0]).slice(0, 12).map((p) => p[0].toFixed(2) + ' ' + p[1]).join('\n'));


const gate = (best: number, union: number, corpus: number) => !(corpus >= GC && (union >= GU || best >= GB));
let GC = 0, GU = 0, GB = 0;
for (const gc of [0.5, 0.6, 0.7, 0.8]) for (const gu of [0.3, 0.4, 0.5, 0.6]) for (const gb of [0.4, 0.5, 0.6]) {
  GC = gc; GU = gu; GB = gb;
  const l = qs.filter((x) => gate(x[0], x[1], x[2])).length / qs.length;
  const p1 = pp.filter((x) => gate(x[0], x[1], x[2])).length / pp.length;
  const p2 = ps.filter((x) => gate(x[0], (x as any)[2], (x as any)[3])).length / ps.length;
  if (l < 0.06) console.log(gc, gu, gb, 'locomo gated', l.toFixed(3), 'person', p1.toFixed(3), 'generic', p2.toFixed(3));
}
