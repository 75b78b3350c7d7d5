// Recall: query analysis, BM25, fusion, excerpts, budgeted assembly, and the recall/search
// pipeline end to end over the in-memory store (providers as in-process fakes).
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { EmbedderPort, Extractor, QueryPlannerPort, RerankerPort } from '../../src/core/ports.ts';
import type { MemoryRecord } from '../../src/core/types.ts';
import { analyzeQuery, questionDate, WEIGHTS } from '../../src/core/recall/query-analysis.ts';
import { bm25Score } from '../../src/core/recall/bm25.ts';
import { rrf } from '../../src/core/recall/fusion.ts';
import { excerpt, formatDay, memoryLine } from '../../src/core/recall/format.ts';
import { assemble, type ContextLine } from '../../src/core/recall/assemble.ts';
import { expansionsOf } from '../../src/core/recall/synonyms.ts';
import { countTokens } from '../../src/core/text/tokens.ts';
import { analyze, indexTerms } from '../../src/core/text/analyze.ts';
import { renderMemoryText } from '../../src/core/render.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';

const noExtraction: Extractor = { name: 'none', extract: async () => [] };
const silent = { info() {}, warn() {}, error() {} };

function newService(extra: Partial<ConstructorParameters<typeof MemoryService>[0]> = {}) {
  const store = new InMemoryStore();
  const warnings: string[] = [];
  const logger = { info() {}, error() {}, warn: (_o: object, msg?: string) => warnings.push(msg ?? '') };
  const service = new MemoryService({ store, offlineExtractor: noExtraction, logger, ...extra });
  return { store, service, warnings };
}

/** A small two-person chat over three dated sessions. */
const CHAT: Array<[string, string, string]> = [
  ['2023-05-08T13:56:00Z', 'Caroline', 'I went to a LGBTQ support group yesterday and it was so powerful.'],
  ['2023-05-08T13:57:00Z', 'Melanie', 'Wow, that sounds great! What happened there?'],
  ['2023-05-08T13:58:00Z', 'Caroline', 'People shared their stories. It made me want to study counseling.'],
  ['2023-06-01T10:00:00Z', 'Melanie', 'I signed up for a pottery class last week. It is so calming.'],
  ['2023-06-01T10:01:00Z', 'Caroline', 'That is lovely! What did you make?'],
  ['2023-06-01T10:02:00Z', 'Melanie', 'A black and white bowl. My kids loved it.'],
  ['2023-07-10T09:00:00Z', 'Caroline', 'My dog Biscuit ate my sandwich this morning.'],
  ['2023-07-10T09:01:00Z', 'Melanie', 'Haha, Biscuit is such a character. We went camping in the mountains last weekend.'],
];

async function ingestChat(service: MemoryService, userId = 'u1') {
  const ids: string[] = [];
  for (const [ts, name, content] of CHAT) {
    const session = `s-${ts.slice(0, 10)}`;
    const r = await service.ingestTurn({ sessionId: session, userId, messages: [{ role: 'user', name, content }], timestamp: ts });
    ids.push(r.turn.id);
  }
  return ids;
}

function memory(p: Partial<MemoryRecord> & Pick<MemoryRecord, 'id' | 'subject' | 'key' | 'value'>): MemoryRecord {
  const type = p.type ?? 'fact';
  const text = renderMemoryText({ subject: p.subject, key: p.key, value: p.value, type });
  const { terms, termCount } = indexTerms(text);
  return {
    scope: 'u:u1', userId: 'u1', agentId: null, type, confidence: 0.9, singleValued: true, status: 'active', active: true,
    sourceSession: 's', sourceTurn: null, evidence: p.value, createdAt: '2023-01-01T00:00:00Z', updatedAt: '2023-01-01T00:00:00Z',
    validFrom: null, validTo: null, eventDate: null, supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null,
    metadata: {}, text, terms, termCount, ...p,
  };
}

describe('query analysis', () => {
  test.each([
    ['When did Caroline go to the support group?', { names: ['caroline'], temporal: true, past: false }],
    ['Where did Melanie live before moving to Boston?', { names: ['melanie', 'boston'], temporal: true, past: true }],
    ['What activities does Melanie partake in?', { names: ['melanie'], temporal: false, list: true }],
    ['what does the user do for work', { names: [], temporal: false, past: false }],
  ])('%s', (q, want) => {
    const a = analyzeQuery(q);
    expect(a.names).toEqual(want.names);
    expect(a.temporal).toBe(want.temporal);
    if ('past' in want) expect(a.past).toBe(want.past);
    if ('list' in want) expect(a.list).toBe(want.list);
  });

  test('names are weighted below content words, filler lowest, expansions below originals', () => {
    const a = analyzeQuery('What kind of pottery did Melanie make?');
    const w = Object.fromEntries(a.terms.map((t) => [t.term, t.weight]));
    expect(w[analyze('pottery')[0]]).toBe(WEIGHTS.query);
    expect(w.melani).toBe(WEIGHTS.name);
    expect(w.kind).toBe(WEIGHTS.filler);
    for (const t of a.terms.filter((t) => t.source === 'synonym' || t.source === 'key')) expect(t.weight).toBeLessThan(WEIGHTS.query);
  });

  test('key vocabulary maps question phrasing to stored keys', () => {
    expect(analyzeQuery('Where does she live now?').keys).toContain('location');
    expect(analyzeQuery('Does he have a dog?').keys).toContain('pet');
  });

  test('known lower-case names count as names', () => {
    expect(analyzeQuery('what did biscuit eat', new Set(['biscuit'])).names).toEqual(['biscuit']);
  });

  test.each([
    ['kids', 'children'],
    ['job', 'career'],
    ['painting', 'drawing'],
  ])('synonyms: %s → %s', (w, syn) => {
    expect(expansionsOf(w)).toContain(syn);
  });
});

describe('dates named in questions', () => {
  test.each([
    ['What did Nate do for Joanna on 25 May, 2022?', { from: '2022-05-25', to: '2022-05-26' }],
    ['What painting did she show on October 13, 2023?', { from: '2023-10-13', to: '2023-10-14' }],
    ['Where did Joanna travel to in July 2022?', { from: '2022-07-01', to: '2022-08-01' }],
    ['What happened in 2021?', { from: '2021-01-01', to: '2022-01-01' }],
    // Ranges and parts (question-dates.ts): before, only the range's last day or the whole month.
    ['Where was John between August 11 and August 15 2023?', { from: '2023-08-11', to: '2023-08-16' }],
    ['Which country was Tim visiting in the second week of November 2023?', { from: '2023-11-08', to: '2023-11-15' }],
    ['Where was the picture he shared on December 1,2023 taken?', { from: '2023-12-01', to: '2023-12-02' }],
    ['What did May say about the trip?', null],
    ['When did she go?', null],
  ])('%s', (q, want) => {
    expect(questionDate(q)?.range ?? null).toEqual(want);
    expect(analyzeQuery(q).dateRange).toEqual(want);
  });
  test('month names are not names, and date words are not searched as text', () => {
    const a = analyzeQuery('Where did Joanna travel to in July 2022?');
    expect(a.names).toEqual(['joanna']);
    expect(a.terms.find((t) => t.term === '2022')?.source).toBe('filler');
  });
  test('the turns of the named date are preferred', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const r = await service.search({ query: 'What did Caroline say on 10 July 2023?', sessionId: null, userId: 'u1', limit: 3 });
    expect(r[0].turn_id).toBe(ids[6]);
    expect(r[0].rankers.map((h) => h.ranker)).toContain('date');
  });
});

describe('bm25', () => {
  const docs = [
    { id: 'a', tokens: analyze('pottery class pottery bowl'), termCount: 4 },
    { id: 'b', tokens: analyze('camping in the mountains'), termCount: 2 },
    { id: 'c', tokens: analyze('a bowl of soup'), termCount: 2 },
  ];
  const stats = { count: 3, totalTerms: 8 };
  test('ranks by weighted term match and reports coverage of the question terms', () => {
    const q = analyzeQuery('pottery bowl').terms;
    const hits = bm25Score(docs, stats, q);
    expect(hits.map((h) => h.id)).toEqual(['a', 'c']);
    expect(hits[0].coverage).toBeCloseTo(1);
    expect(hits[1].coverage).toBeGreaterThan(0);
    expect(hits[1].coverage).toBeLessThan(1);
  });
  test('no terms or no docs → nothing', () => {
    expect(bm25Score(docs, stats, [])).toEqual([]);
    expect(bm25Score([], stats, analyzeQuery('pottery').terms)).toEqual([]);
  });
});

describe('fusion', () => {
  test('RRF sums weighted reciprocal ranks and records every ranker', () => {
    const f = rrf([
      { ranker: 'x', weight: 1, items: [{ key: 'turn:1', score: 9 }, { key: 'turn:2', score: 5 }] },
      { ranker: 'y', weight: 1, items: [{ key: 'turn:2', score: 0.9 }, { key: 'memory:3', score: 0.5 }] },
    ]);
    expect(f[0].key).toBe('turn:2');
    expect(f[0].rankers.map((r) => r.ranker).sort()).toEqual(['x', 'y']);
    expect(f.find((x) => x.key === 'memory:3')!.rankers).toEqual([{ ranker: 'y', rank: 2, score: 0.5 }]);
  });
  test('equal scores share a rank', () => {
    const f = rrf([
      { ranker: 'x', weight: 1, items: [{ key: 'turn:a', score: 2 }, { key: 'turn:b', score: 2 }, { key: 'turn:c', score: 1 }] },
      { ranker: 'r', weight: 0.25, items: [{ key: 'turn:b', score: 9 }, { key: 'turn:a', score: 8 }] },
    ]);
    expect(f.map((x) => x.key)).toEqual(['turn:b', 'turn:a', 'turn:c']);
    expect(f.find((x) => x.key === 'turn:c')!.rankers[0].rank).toBe(3);
  });
});

describe('formats', () => {
  test.each([
    ['2023-05-08T13:56:00Z', '8 May 2023'],
    ['2023-05', 'May 2023'],
    ['2022', '2022'],
    [null, ''],
  ])('formatDay(%s) = %s', (iso, want) => expect(formatDay(iso)).toBe(want));

  test('excerpt keeps whole matching sentences and marks the gaps', () => {
    const text = 'Hey there! I signed up for a pottery class. It was great. See you soon.';
    // Only gaps between kept sentences are marked (EXCERPT.edgeEllipsis 0, session 6).
    expect(excerpt(text, new Set(analyze('pottery')))).toBe('I signed up for a pottery class.');
    expect(excerpt(text, new Set(analyze('spaceship')))).toBe(text);
  });

  test('superseded facts are shown as history of the current one', () => {
    const cur = memory({ id: 'm2', subject: 'user', key: 'location', value: 'Berlin' });
    const old = memory({ id: 'm1', subject: 'user', key: 'location', value: 'NYC', active: false, status: 'superseded', validTo: '2025-03-02T00:00:00Z' });
    expect(memoryLine(cur, [old])).toBe('- User · location: Berlin (previously NYC until 2 Mar 2025)');
  });
});

describe('assembly', () => {
  const lines: ContextLine[] = Array.from({ length: 40 }, (_, i) => ({
    key: `turn:${i}`,
    section: 'episodes',
    group: `${(i % 5) + 1} May 2023`,
    order: `2023-05-0${(i % 5) + 1}|${String(i).padStart(3, '0')}`,
    text: `Speaker${i}: sentence number ${i} about something that happened that day, told at some length.`,
    citation: { turn_id: `t${i}`, score: 1 / (i + 1), snippet: '' },
  }));
  test.each([16, 40, 64, 128, 256, 512])('never over %i tokens; whole lines; one citation per line', (budget) => {
    const out = assemble(lines, budget);
    expect(out.tokens).toBeLessThanOrEqual(budget);
    expect(countTokens(out.context)).toBe(out.tokens);
    const bodyLines = out.context.split('\n').filter((l) => l.startsWith('Speaker'));
    expect(bodyLines.length).toBe(out.citations.length);
    for (const l of bodyLines) expect(lines.some((x) => x.text === l)).toBe(true);
  });
  test('takes lines in priority order and renders them in date order under headers', () => {
    const out = assemble(lines, 120);
    expect(out.citations[0].turn_id).toBe('t0');
    const headers = out.context.split('\n').filter((l) => l.startsWith('['));
    expect([...headers].sort((a, b) => a.localeCompare(b))).toEqual(headers);
    expect(out.context.startsWith('## Relevant from past conversations')).toBe(true);
  });
  test('capped (stable) lines never take more than their share', () => {
    const facts: ContextLine[] = Array.from({ length: 20 }, (_, i) => ({ key: `memory:${i}`, section: 'facts', group: null, order: String(i), text: `- User · fact ${i}: value number ${i}`, citation: { turn_id: '', score: 0, snippet: '' }, capped: true }));
    const out = assemble([...facts, ...lines], 400, 0.15);
    const factTokens = out.context.split('\n').filter((l) => l.startsWith('- User')).reduce((s, l) => s + countTokens(l) + 1, 0);
    expect(factTokens).toBeLessThanOrEqual(60);
    expect(out.citations.some((c) => c.turn_id.startsWith('t'))).toBe(true);
  });
});

describe('recall over the service', () => {
  test('finds the evidence turn as a dated line and cites it', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'When did Caroline go to the support group?', sessionId: null, userId: 'u1', maxTokens: 256 });
    expect(r.context).toContain('## Relevant from past conversations');
    expect(r.context).toContain('[8 May 2023]');
    expect(r.context).toContain('Caroline: I went to a LGBTQ support group yesterday');
    expect(r.citations[0].turn_id).toBe(ids[0]);
    expect(r.tokens).toBeLessThanOrEqual(256);
  });

  test.each([
    'What is the boiling point of mercury in kelvin?',
    'How do I configure a Kubernetes ingress controller?',
    'Which bank holds the mortgage?',
  ])('a never-discussed topic returns empty context: %s', async (q) => {
    const { service } = newService();
    await ingestChat(service);
    expect(await service.recall({ query: q, sessionId: null, userId: 'u1', maxTokens: 512 })).toEqual({ context: '', citations: [], tokens: 0 });
  });

  test('cold scope and empty query return empty context', async () => {
    const { service } = newService();
    expect((await service.recall({ query: 'pottery', sessionId: 's', userId: 'nobody', maxTokens: 512 })).context).toBe('');
    await ingestChat(service);
    expect((await service.recall({ query: '   ', sessionId: null, userId: 'u1', maxTokens: 512 })).context).toBe('');
  });

  test.each([20, 50, 100, 300, 1000])('never exceeds max_tokens=%i', async (budget) => {
    const { service } = newService();
    await ingestChat(service);
    const r = await service.recall({ query: 'What did Melanie make in the pottery class with her kids?', sessionId: null, userId: 'u1', maxTokens: budget });
    expect(countTokens(r.context)).toBeLessThanOrEqual(budget);
    expect(r.tokens).toBe(countTokens(r.context));
  });

  test('the reply to a matching question is pulled in as its neighbour', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'What did Melanie make in her pottery class?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(r.citations.map((c) => c.turn_id)).toContain(ids[5]);
    expect(r.context).toContain('black and white bowl');
  });

  test("speaker awareness: the named speaker's statement ranks first", async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'What did Melanie say about Biscuit?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(r.citations[0].turn_id).toBe(ids[7]);
  });

  test('recall sees a turn as soon as it is ingested (cache follows the corpus)', async () => {
    const { service } = newService();
    await ingestChat(service);
    expect((await service.recall({ query: 'saxophone lessons', sessionId: null, userId: 'u1', maxTokens: 256 })).context).toBe('');
    const t = await service.ingestTurn({ sessionId: 'later', userId: 'u1', messages: [{ role: 'user', name: 'Caroline', content: 'I started saxophone lessons today.' }], timestamp: '2023-08-01T10:00:00Z' });
    const r = await service.recall({ query: 'saxophone lessons', sessionId: null, userId: 'u1', maxTokens: 256 });
    expect(r.citations.map((c) => c.turn_id)).toContain(t.turn.id);
  });

  test('users never see each other', async () => {
    const { service } = newService();
    await ingestChat(service, 'alice');
    expect((await service.recall({ query: 'pottery class bowl', sessionId: null, userId: 'bob', maxTokens: 512 })).context).toBe('');
  });

  test('memories: current fact with its history; superseded fact alone only for past questions', async () => {
    const { service, store } = newService();
    await ingestChat(service);
    const old = memory({ id: 'm-old', subject: 'user', key: 'location', value: 'Lisbon', active: false, status: 'superseded', validTo: '2023-03-01T00:00:00Z', sourceTurn: 'x' });
    const cur = memory({ id: 'm-cur', subject: 'user', key: 'location', value: 'Porto', supersedes: 'm-old', sourceTurn: 'y' });
    await store.transaction('u:u1', async (tx) => {
      await tx.insertMemory(old);
      await tx.insertMemory(cur);
    });
    const now = await service.recall({ query: 'Where does the user live?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(now.context).toContain('## Known facts about this user');
    expect(now.context).toContain('- User · location: Porto (previously Lisbon until 1 Mar 2023)');
    expect(now.citations.some((c) => c.turn_id === 'y')).toBe(true);
    expect(now.citations.some((c) => c.turn_id === 'x')).toBe(false);
    const past = await service.recall({ query: 'Where did the user live previously?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(past.citations.some((c) => c.turn_id === 'x')).toBe(true);
  });

  test('facts about third parties go to the people section', async () => {
    const { service, store } = newService();
    await ingestChat(service);
    await store.transaction('u:u1', async (tx) => tx.insertMemory(memory({ id: 'm-s', subject: 'sister maya', key: 'location', value: 'Paris', sourceTurn: 'z' })));
    const r = await service.recall({ query: 'Where does Maya live?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(r.context).toContain('## People they know\n- Sister Maya · location: Paris');
  });
});

describe('providers: used when present, degrade when failing', () => {
  const reranker = (fn: (q: string, docs: string[]) => number[] | Promise<number[]>): RerankerPort => ({ model: 'fake-rerank', rerank: async (q, d) => fn(q, d) });

  test('the reranker orders the candidates and its floor gates them', async () => {
    const { service } = newService({ reranker: reranker((_q, docs) => docs.map((d) => (d.includes('camping') ? 0.9 : 0.01))) });
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'What did Melanie do last weekend in the mountains?', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(r.citations.map((c) => c.turn_id)).toEqual([ids[7]]);
  });

  test('everything below the reranker floor → empty context', async () => {
    const { service } = newService({ reranker: reranker((_q, docs) => docs.map(() => 0.02)) });
    await ingestChat(service);
    expect((await service.recall({ query: 'pottery class', sessionId: null, userId: 'u1', maxTokens: 512 })).context).toBe('');
  });

  test('a failing reranker, embedder and planner leave the lexical path working', async () => {
    const embedder: EmbedderPort = { model: 'fake-embed', dim: 3, embed: async () => { throw new Error('503 from embedder'); } };
    const planner: QueryPlannerPort = { decompose: async () => { throw new Error('timeout'); } };
    const { service, warnings } = newService({ reranker: reranker(() => { throw new Error('rerank down'); }), embedder, planner });
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'When did Caroline go to the support group?', sessionId: null, userId: 'u1', maxTokens: 256 });
    expect(r.citations[0].turn_id).toBe(ids[0]);
    expect(warnings.join(' | ')).toMatch(/reranker failed.*|query embedding failed/);
    expect(warnings.length).toBeGreaterThanOrEqual(3);
  });

  test('planner sub-queries join the fusion and are reported by search', async () => {
    const planner: QueryPlannerPort = { decompose: async () => ['Biscuit dog', 'camping mountains'] };
    const { service } = newService({ planner });
    const ids = await ingestChat(service);
    const results = await service.search({ query: 'Who owns the dog that ate a sandwich, and where did the other person go camping?', sessionId: null, userId: 'u1', limit: 5 });
    const camping = results.find((x) => x.turn_id === ids[7]);
    expect(camping).toBeDefined();
    expect(camping!.rankers.some((h) => h.ranker.startsWith('subquery_'))).toBe(true);
  });
});

describe('search', () => {
  test('returns ranked structured hits with the rankers that found them', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const results = await service.search({ query: 'pottery class', sessionId: null, userId: 'u1', limit: 3 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0].turn_id).toBe(ids[3]);
    expect(results[0].rankers.map((r) => r.ranker)).toContain('bm25_turn');
    for (let i = 1; i < results.length; i++) expect(results[i - 1].score).toBeGreaterThanOrEqual(results[i].score);
  });
  test('nothing relevant → no results', async () => {
    const { service } = newService();
    await ingestChat(service);
    expect(await service.search({ query: 'quantum chromodynamics lattice', sessionId: null, userId: 'u1', limit: 5 })).toEqual([]);
  });
});

void silent;

describe('recency', () => {
  test('"recently" breaks ties toward the newest matching turn and reports the recency ranker', async () => {
    const { service } = newService();
    const old = await service.ingestTurn({ sessionId: 'a', userId: 'u1', messages: [{ role: 'user', name: 'Melanie', content: 'Pottery class today: I made a vase.' }], timestamp: '2023-01-05T10:00:00Z' });
    const fresh = await service.ingestTurn({ sessionId: 'b', userId: 'u1', messages: [{ role: 'user', name: 'Melanie', content: 'Pottery class today: I made a mug.' }], timestamp: '2023-09-05T10:00:00Z' });
    const plain = await service.search({ query: 'What pottery did Melanie make?', sessionId: null, userId: 'u1', limit: 2 });
    expect(plain.map((r) => r.turn_id).sort()).toEqual([old.turn.id, fresh.turn.id].sort());
    expect(plain.flatMap((r) => r.rankers.map((h) => h.ranker))).not.toContain('recency');
    const recent = await service.search({ query: 'What pottery did Melanie make recently?', sessionId: null, userId: 'u1', limit: 2 });
    expect(recent[0].turn_id).toBe(fresh.turn.id);
    expect(recent[0].rankers.find((h) => h.ranker === 'recency')!.rank).toBe(1);
  });
});

describe('cache and store paths', () => {
  test('a deleted session disappears from recall (the cache follows the store)', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    expect((await service.recall({ query: 'pottery class', sessionId: null, userId: 'u1', maxTokens: 512 })).citations.map((c) => c.turn_id)).toContain(ids[3]);
    await service.deleteSession('s-2023-06-01');
    const after = await service.recall({ query: 'pottery class', sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(after.citations.map((c) => c.turn_id)).not.toContain(ids[3]);
  });

  test('a candidate set the store cut to its best two (document frequencies from the index) gives the same answer', async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const q = { query: 'When did Caroline go to the support group?', sessionId: null, userId: 'u1', maxTokens: 256 };
    const cached = await service.recall(q);
    const saved = RETRIEVE.lexicalLimit;
    RETRIEVE.lexicalLimit = 2;
    try {
      const uncached = await service.recall(q);
      expect(uncached.citations[0].turn_id).toBe(ids[0]);
      expect(uncached.context).toContain('Caroline: I went to a LGBTQ support group yesterday');
      expect(uncached.citations[0].turn_id).toBe(cached.citations[0].turn_id);
    } finally {
      RETRIEVE.lexicalLimit = saved;
    }
  });
});

describe('recent context', () => {
  test("the current session's latest turns fill a budget the evidence leaves free", async () => {
    const { service } = newService();
    const ids = await ingestChat(service);
    const r = await service.recall({ query: 'pottery class', sessionId: 's-2023-07-10', userId: 'u1', maxTokens: 1000 });
    const cited = r.citations.map((c) => c.turn_id);
    expect(cited[0]).toBe(ids[3]);
    expect(cited).toContain(ids[7]);
    const tight = await service.recall({ query: 'pottery class', sessionId: 's-2023-07-10', userId: 'u1', maxTokens: 40 });
    expect(tight.citations.map((c) => c.turn_id)).not.toContain(ids[7]);
  });
});
