import { InMemoryStore } from './in-memory-store.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { containsAnswer, loadLocomo } from './locomo-data.ts';
const store = new InMemoryStore();
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
const tally = { citedContained: 0, citedNot: 0, notCitedContained: 0, neither: 0, excerptLoss: 0 };
const ex: string[] = [];
for (const c of loadLocomo('/work/shared/datasets/locomo/locomo-dev.json').slice(0, 5)) {
  const dia = new Map<string, string>();
  for (const t of c.turns) { const r = await svc.ingestTurn({ sessionId: t.sessionId, userId: c.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp }); dia.set(r.turn.id, t.diaId); }
  for (const q of c.questions.filter((q) => q.category === 4)) {
    const r = await svc.recall({ query: q.question, sessionId: null, userId: c.sampleId, maxTokens: 512 });
    const cited = new Set(r.citations.map((x) => dia.get(x.turn_id)));
    const hit = q.evidence.some((e) => cited.has(e));
    const cont = containsAnswer(r.context, q.answer!);
    if (hit && cont) tally.citedContained++; else if (hit) { tally.citedNot++; const full = q.evidence.map((e) => c.turns.find((t) => t.diaId === e)?.text ?? '').join(' '); if (containsAnswer(full, q.answer!)) { tally.excerptLoss++; if (ex.length < 12) ex.push(q.question + ' => ' + q.answer + '\n   FULL: ' + full.slice(0, 300) + '\n   CTX: ' + r.context.split('\n').filter((l) => q.evidence.length && l.includes(full.slice(0, 20))).join(' || ').slice(0, 300)); } continue; if (ex.length < 14) ex.push(`${q.question} => ${q.answer}\n   ${q.evidence.map((e) => c.turns.find((t) => t.diaId === e)?.text).join(' | ')}\n   CTX: ${r.context.split('\n').filter((l) => l.includes('…')).slice(0, 3).join(' || ').slice(0, 400)}`); } else if (cont) tally.notCitedContained++; else tally.neither++;
  }
}
console.log(tally); console.log(ex.join('\n'));
