/**
 * @module bench/locomo-show
 * Analysis helper (session 21): prints one LoCoMo dev question's context at a budget, with its evidence turns marked,
 * from the DB cached by bench/locomo-losses.ts (--db dir; ingested there first when missing, bench/lib/locomo-cache.ts). Run: node --import tsx bench/locomo-show.ts --db dir --q "…" [--budget 512]
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLocomo } from './lib/locomo-data.ts';
import { applySets } from './lib/tunables.ts';
import { openCachedLocomo } from './lib/locomo-cache.ts';
import { arg } from './lib/args.ts';

const here = dirname(fileURLToPath(import.meta.url));
const DATA = resolve(join(here, '../../shared/datasets/locomo/locomo-dev.json'));
const DIR = arg('db') || '/tmp/locomo-losses/db';
async function main() {
  applySets(arg('set') || '');
  const convs = loadLocomo(DATA);
  const { store, service, map } = await openCachedLocomo(DIR, convs);
  const want = (arg('q') || '').toLowerCase();
  for (const conv of convs) {
    for (const q of conv.questions.filter((x) => x.question.toLowerCase().includes(want))) {
      const dia = new Map(Object.entries(map[conv.sampleId]));
      const res = await service.recall({ query: q.question, sessionId: null, userId: conv.sampleId, maxTokens: Number(arg('budget') || 512) });
      const cited = res.citations.map((c) => dia.get(c.turn_id));
      console.log(`${conv.sampleId} cat ${q.category}: ${q.question} → ${q.answer}\nevidence ${q.evidence.join(' ')}; cited ${q.evidence.filter((e) => cited.includes(e)).join(' ')}\n${res.context}\n`);
      for (const e of q.evidence.filter((x) => !cited.includes(x))) console.log(`  MISSED ${e}: ${conv.turns.find((t) => t.diaId === e)?.text}`);
    }
  }
  await store.close();
}
main();
