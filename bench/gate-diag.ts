/**
 * @module bench/gate-diag
 * The offline relevance gate, question by question (session 20): ingests the LoCoMo dev split once into a kept SQLite
 * file (reused when it exists), then for each question prints whether recall is empty and the gate's inputs —
 * content coverage, the named person's coverage and missing words, the best document's coverage, the unsupported topic.
 * Usage: node --import tsx bench/gate-diag.ts <db-file> <person-probes.json | questions.json | locomo>
 *        (ALL=1 prints empty ones too; JSONL=1 one JSON object per question with the missing words' lexicon data)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryService } from '../src/core/service.ts';
import { openLexicon } from '../src/providers/lexicon/create-lexicon.ts';
import { loadConfig } from '../src/config.ts';
import { createStore } from '../src/store/create-store.ts';
import { loadLocomo } from './lib/locomo-data.ts';
import { retrieve, RETRIEVE } from '../src/core/recall/retrieve.ts';
import { passesNoiseGate, namedBar } from '../src/core/recall/recall.ts';
import { analyze } from '../src/core/text/analyze.ts';
import { OfflineExtractor } from '../src/core/extraction/offline-extractor.ts';

const here = dirname(fileURLToPath(import.meta.url));
const silent = { info() {}, warn() {}, error() {}, debug() {} };
const [dbPath, qFile] = process.argv.slice(2);
const fresh = !existsSync(dbPath);
const store = await createStore(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: dbPath }), silent);
await store.migrate();
const lexicon = openLexicon({ MEMORY_LEXICON: 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE }).lexicon;
const service = new MemoryService({ store, offlineExtractor: new OfflineExtractor(), logger: silent, lexicon });
const convs = loadLocomo(join(here, '../../shared/datasets/locomo/locomo-dev.json'));
if (fresh) {
  for (const conv of convs) for (const t of conv.turns) await service.ingestTurn({ sessionId: t.sessionId, userId: conv.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp, metadata: { dia_id: t.diaId } });
}
// questions: {conv, question}[] or templates {person_probes} (asked per speaker)
if (process.env.PERSON_TOPIC) RETRIEVE.personTopic = Number(process.env.PERSON_TOPIC);
const raw = qFile.startsWith('locomo') ? convs.flatMap((c) => c.questions.filter((q) => qFile === 'locomo-all' || q.category <= 4).map((q) => ({ conv: c.sampleId, question: q.question }))) : JSON.parse(readFileSync(qFile, 'utf8'));
const qs: Array<{ conv: string; question: string }> = Array.isArray(raw) ? raw : convs.flatMap((c) => (raw.person_probes as string[]).flatMap((tpl) => c.speakers.map((n) => ({ conv: c.sampleId, question: tpl.replace('{name}', n) }))));
const deps = { store, lexicon, embedder: null, reranker: null, planner: null, logger: silent, now: () => new Date() };
let empty = 0;
for (const { conv, question } of qs) {
  const res = await service.recall({ query: question, sessionId: null, userId: conv, maxTokens: 1024 });
  const r = await retrieve(deps as never, `u:${conv}`, question, { sessionId: null, maxTokens: 1024 });
  const e = res.context === '' && res.citations.length === 0;
  if (e) empty++;
  const named = r.query.names.filter((n) => r.known.has(n));
  const terms = r.query.terms.filter((t) => t.source === 'query').map((t) => t.term).join(',');
  const words = (question.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).map((x) => ({ x, st: analyze(x) }));
  const miss = r.personMissing.map((st) => {
    const word = words.find((w) => w.st.includes(st))?.x ?? st;
    return { st, word, senses: lexicon.senses(word.toLowerCase()).length, common: lexicon.commonness?.(word.toLowerCase()) ?? -1, nounSenses: lexicon.senses(word.toLowerCase(), 'noun').length, cls: lexicon.classesOf(word.toLowerCase(), 'noun', 1) };
  });
  const df = r.personMissing.length ? await store.termFrequencies(`u:${conv}`, 'turn', r.personMissing) : {};
  if (process.env.JSONL) console.log(JSON.stringify({ cat: convs.find((c) => c.sampleId === conv)?.questions.find((x) => x.question === question)?.category, ut: r.unsupportedTopic, miss, df, inf: r.query.inference, list: r.query.list, temporal: r.query.temporal, date: !!r.query.dateRange, conv, question, empty: e, named, req: r.query.requiredTerms?.length ?? 0, cc: r.contentCorpus, bar: namedBar(r.query), best: r.bestCoverage, ent: r.entityCoverage, gate: passesNoiseGate(r), pc: r.personCorpus, pt: r.personTopic, terms }));
  else if (!e || process.env.ALL) console.log(`${e ? 'EMPTY' : 'FULL '} ${conv} ${question} | named=${named.join('/')} cc=${r.contentCorpus.toFixed(2)} pc=${r.personCorpus.toFixed(2)} pt=${r.personTopic} bar=${namedBar(r.query)} best=${r.bestCoverage.toFixed(2)} ent=${r.entityCoverage.toFixed(2)} gate=${passesNoiseGate(r)} ut=${r.unsupportedTopic} terms=${terms}`);
}
console.log(`${empty}/${qs.length} empty (${((100 * empty) / qs.length).toFixed(1)}%)`);
await store.close();
