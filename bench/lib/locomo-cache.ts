/**
 * @module bench/lib/locomo-cache
 * The LoCoMo dev conversations ingested once into a SQLite file under `dir` (kept between runs with its turn → dia_id
 * map, `map.json`; delete the directory after changing ingestion), and a service over it whose observer keeps the last
 * recall's packing trace. Shared by the analysis benches (locomo-losses, locomo-why512, locomo-show).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryService, type Observer } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { loadConfig } from '../../src/config.ts';
import { createStore } from '../../src/store/create-store.ts';
import type { MemoryStore } from '../../src/core/ports.ts';
import type { LocomoConversation } from './locomo-data.ts';

export type Trace = Parameters<NonNullable<Observer['packed']>>[0];

const silent = { info() {}, warn() {}, error() {}, debug() {} };

export interface CachedLocomo {
  store: MemoryStore;
  service: MemoryService;
  /** Per conversation (sample id): turn id → dia_id. */
  map: Record<string, Record<string, string>>;
  /** A recall at `budget` tokens with the dia_ids it cited and its packing trace (null when nothing was packed). */
  recallTraced(userId: string, query: string, budget: number, dia: ReadonlyMap<string, string>): Promise<{ res: Awaited<ReturnType<MemoryService['recall']>>; cited: Set<string>; trace: Trace | null }>;
}

export async function openCachedLocomo(dir: string, convs: readonly LocomoConversation[]): Promise<CachedLocomo> {
  mkdirSync(dir, { recursive: true });
  const fresh = !existsSync(join(dir, 'map.json'));
  const store = await createStore(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'locomo.db') }), silent);
  await store.migrate();
  const lexicon = openLexicon({ MEMORY_LEXICON: 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE }).lexicon;
  let trace: Trace | null = null;
  const observer: Observer = { stage() {}, packed: (p) => (trace = p) };
  const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), logger: silent, lexicon, observer });
  let map: Record<string, Record<string, string>> = {};
  if (fresh) {
    for (const conv of convs) {
      const m: Record<string, string> = {};
      for (const t of conv.turns) {
        const r = await service.ingestTurn({ sessionId: t.sessionId, userId: conv.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp, metadata: { dia_id: t.diaId } });
        m[r.turn.id] = t.diaId;
      }
      map[conv.sampleId] = m;
    }
    writeFileSync(join(dir, 'map.json'), JSON.stringify(map));
    console.error('ingested');
  } else map = JSON.parse(readFileSync(join(dir, 'map.json'), 'utf8'));
  return {
    store,
    service,
    map,
    async recallTraced(userId, query, budget, dia) {
      trace = null;
      const res = await service.recall({ query, sessionId: null, userId, maxTokens: budget });
      const cited = new Set(res.citations.map((c) => dia.get(c.turn_id)).filter((d): d is string => !!d));
      return { res, cited, trace: trace as Trace | null };
    },
  };
}
