// Recall by meaning: the kind of ask (generic profile asks, applied asks answered by the turns
// whose kind features fit them), ask framing words that are not topic words, assembly of change
// after a retraction, and opinion arcs — end to end through MemoryService with WordNet, plus the
// pure pieces (ask classification, kind coverage in BM25, change and arc lines).
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor } from '../../src/core/ports.ts';
import type { MemoryRecord, TurnRecord } from '../../src/core/types.ts';
import { askFrameTerms, isGenericAsk, isOpinionAsk } from '../../src/core/recall/ask.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { bm25Score } from '../../src/core/recall/bm25.ts';
import { changeLine, endingTurn, retractedStates } from '../../src/core/recall/change.ts';
import { arcLine, arcSteps, namesAny } from '../../src/core/recall/opinion-arc.ts';
import { analyze, indexTerms } from '../../src/core/text/analyze.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { locateWordNet } from '../../src/providers/lexicon/wordnet-cache.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';

const silent = { info() {}, warn() {}, error() {} };
const none: Extractor = { name: 'none', extract: async () => [] };
const installed = locateWordNet() !== null;

function service(extractor: Extractor = none) {
  const store = new InMemoryStore();
  const lexicon = openLexicon({}).lexicon;
  return new MemoryService({ store, offlineExtractor: extractor, logger: silent, lexicon });
}
type Msg = [role: 'user' | 'assistant', content: string];
async function say(s: MemoryService, sessionId: string, timestamp: string, msgs: Msg[]) {
  return (await s.ingestTurn({ sessionId, userId: 'u1', timestamp, messages: msgs.map(([role, content]) => ({ role, content, name: null })) })).turn.id;
}
const ask = (s: MemoryService, query: string) => s.recall({ query, sessionId: 'fresh', userId: 'u1', maxTokens: 512 });

describe('the kind of ask', () => {
  test.each([
    ['What do you know about me?', true],
    ['Tell me everything you have got on me.', true],
    ["What's in my file?", true],
    ['Give me a rundown of what you remember about my life.', true],
    ['Before we start, what have I told you about myself so far?', true],
    ['What do you know about my taxes?', false],
    ['Tell me about yourself.', false],
    ['What did I say about the wedding?', false],
    ['What is the capital of Kazakhstan?', false],
  ])('generic: "%s" → %s', (q, generic) => {
    expect(isGenericAsk(q)).toBe(generic);
    if (generic) expect(analyzeQuery(q).profile).toBe(true);
  });

  test.each([
    ['How do I feel about London these days?', analyze('days'), ['london']],
    ['How has my opinion of TypeScript changed over time?', ['opinion', 'chang', 'time'], ['typescript']],
    ['Am I still vegetarian?', ['still'], ['vegetarian']],
    ['Which editor do I prefer now?', ['prefer', 'now'], ['editor']],
    ['What kind of music does she enjoy currently?', analyze('enjoy currently'), ['music']],
    ['Where do I live right now?', ['now'], ['live']],
  ])('framing words of "%s" are not searched', (q, frame, topic) => {
    const f = askFrameTerms(q);
    const terms = analyzeQuery(q).terms.map((t) => t.term);
    for (const t of frame) {
      expect(f.has(t)).toBe(true);
      expect(terms).not.toContain(t);
    }
    for (const t of topic) expect(terms).toContain(t);
  });

  test.each([
    ['What do I think about Rust?', true],
    ['Which editor do I prefer now?', true],
    ['When did I move to Leeds?', false],
  ])('opinion ask: "%s" → %s', (q, yes) => expect(isOpinionAsk(q)).toBe(yes));

  test.each([
    ['Can you recommend a weekend activity?', 'outing'],
    ['What should I get Kai for his birthday?', 'gift'],
    ['Draft an email to my landlord about the heater.', 'format'],
    ['When is a good time to book a dentist appointment?', 'schedule'],
  ])('applied: "%s" → %s', (q, intent) => expect(analyzeQuery(q).intents).toContain(intent));

  test('a technical "write" is not a formatting ask', () => {
    expect(analyzeQuery('How do I write a PostgreSQL recursive CTE?').intents).not.toContain('format');
  });

  test('kind words search the kind features and stand in for the word', () => {
    const q = analyzeQuery('What do I do for work?');
    expect(q.terms).toContainEqual(expect.objectContaining({ term: '_koccupation', source: 'kind', covers: 'work' }));
    const doc = (id: string, text: string, extra = '') => {
      const { terms, termCount } = indexTerms(text);
      const tokens = [...terms.split(' '), ...(extra ? [extra] : [])];
      return { id, tokens, termCount: tokens.length, terms: tokens.join(' ') };
    };
    const docs = [doc('a', 'retraining as a data analyst', '_koccupation'), doc('b', 'retraining as a data analyst')];
    const hits = bm25Score(docs, { count: 2, totalTerms: 8 }, q.terms);
    expect(hits.map((h) => h.id)).toEqual(['a']);
    expect(hits[0]!.coverage).toBeGreaterThan(0.5);
    expect(hits[0]!.matched).toContain('work');
  });
});

const turn = (id: string, sessionId: string, timestamp: string, content: string, seq = 1): TurnRecord =>
  ({ id, scope: 'u:u1', sessionId, userId: 'u1', agentId: null, seq, timestamp, messages: [{ role: 'user', content, name: null }, { role: 'assistant', content: 'Okay.', name: null }], text: content, terms: indexTerms(content).terms, termCount: 1, metadata: {}, createdAt: timestamp }) as unknown as TurnRecord;
const mem = (p: Partial<MemoryRecord>): MemoryRecord => ({ id: 'm', scope: 'u:u1', userId: 'u1', agentId: null, type: 'fact', subject: 'user', key: 'diet', value: 'vegetarian', confidence: 0.9, singleValued: true, status: 'active', active: true, sourceSession: 's', sourceTurn: 't0', evidence: '', createdAt: '', updatedAt: '', validFrom: null, validTo: null, eventDate: null, supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null, metadata: {}, text: '', terms: '', termCount: 0, ...p });

describe('assembly of change', () => {
  test('only a key with no active value left is a change; the latest retraction wins', () => {
    const ms = [
      mem({ id: 'a', status: 'retracted', active: false, validTo: '2025-05-12T18:30:00Z', metadata: { endedBy: 't2' } }),
      mem({ id: 'b', key: 'location', value: 'Denver', status: 'superseded', active: false }),
      mem({ id: 'c', key: 'location', value: 'Austin' }),
      mem({ id: 'd', status: 'retracted', active: false, value: 'vegan', validTo: '2024-01-01T00:00:00Z' }),
    ];
    expect(retractedStates(ms, ['diet', 'location']).map((m) => m.id)).toEqual(['a']);
    expect(retractedStates(ms, ['location'])).toEqual([]);
  });

  test('the line states the end and quotes the turn that ended it', () => {
    const m = mem({ status: 'retracted', active: false, validTo: '2025-05-12T18:30:00Z', metadata: { endedBy: 't2' } });
    const t2 = turn('t2', 's2', '2025-05-12T18:30:00Z', "I'm not vegetarian anymore, I started eating fish again.");
    expect(endingTurn(m, (id) => (id === 't2' ? t2 : undefined))).toBe(t2);
    expect(changeLine(m, t2)).toBe("- User · diet: no longer vegetarian (since 12 May 2025) — User: I'm not vegetarian anymore, I started eating fish again.");
    expect(changeLine(m)).toBe('- User · diet: no longer vegetarian (since 12 May 2025)');
  });
});

describe('opinion arcs', () => {
  const turns = [
    turn('t1', 's1', '2024-03-04T09:00:00Z', 'I absolutely love Rust. The compiler is my friend.'),
    turn('t2', 's2', '2024-06-18T14:00:00Z', 'Lifetimes in Rust drive me mad. Anyway, how are you?'),
    turn('t3', 's3', '2024-10-02T11:00:00Z', 'Work was busy. Rust is fine for services, but I script in Python.'),
  ];
  test('current stance first, then the earlier ones, newest first', () => {
    const steps = arcSteps(turns, new Set(['rust']));
    expect(steps.map((s) => s.turn.id)).toEqual(['t1', 't2', 't3']);
    expect(arcLine(steps, 'Rust')).toBe('- User\'s view of Rust — now (2 Oct 2024): "Rust is fine for services, but I script in Python."; earlier: 18 Jun 2024 "Lifetimes in Rust drive me mad."; 4 Mar 2024 "I absolutely love Rust."');
  });
  test('one session is no arc', () => {
    expect(arcLine(arcSteps(turns.slice(0, 1), new Set(['rust'])), 'Rust')).toBeNull();
  });
  test('a turn is read by its index terms first: the same steps with them as without them', () => {
    const more = [...turns, turn('t4', 's4', '2024-11-02T11:00:00Z', 'Rusty nails everywhere in the shed.'), turn('t5', 's5', '2024-12-02T11:00:00Z', 'Trusting the process.')];
    const bare = more.map((t) => ({ ...t, terms: '' }));
    for (const topic of [['rust'], ['python', 'rust'], ['shed'], ['process'], ['rusti'], ['nothing']]) {
      expect(arcSteps(more, new Set(topic))).toEqual(arcSteps(bare, new Set(topic)).map((s) => ({ ...s, turn: more.find((t) => t.id === s.turn.id) })));
    }
    expect(arcSteps(more, new Set(['shed'])).map((s) => s.turn.id)).toEqual(['t4']);
  });
  test('namesAny finds whole terms only', () => {
    expect(namesAny('rusti nail shed', new Set(['rust']))).toBe(false);
    expect(namesAny('trust process', new Set(['rust']))).toBe(false);
    expect(namesAny('trust rust', new Set(['rust']))).toBe(true);
    expect(namesAny('rust', new Set(['x', 'rust']))).toBe(true);
    expect(namesAny('rusti rust', new Set(['rust']))).toBe(true);
    expect(namesAny('rustrust', new Set(['rust']))).toBe(false);
  });
});

describe.skipIf(!installed)('recall by meaning, end to end', () => {
  test('a generic ask returns the stable profile', async () => {
    const s = service(new OfflineExtractor());
    await say(s, 'a', '2025-02-03T18:00:00Z', [['user', "I'm a pharmacist at the children's hospital in Porto."], ['assistant', 'Nice!']]);
    await say(s, 'a', '2025-02-03T18:03:00Z', [['user', "I'm allergic to shellfish."], ['assistant', 'Noted.']]);
    const r = await ask(s, "Tell me everything you've got on me.");
    expect(r.context).toMatch(/Porto|pharmacist/);
    expect(r.context).toContain('shellfish');
  });

  test('an applied food ask finds the turns about food with no word in common', async () => {
    const s = service();
    await say(s, 'a', '2025-01-15T19:00:00Z', [['user', 'Thai is my favourite cuisine, green curry especially.'], ['assistant', 'Yum.']]);
    await say(s, 'b', '2025-03-02T10:00:00Z', [['user', 'My landlord is fixing the heater on Monday.'], ['assistant', 'Good.']]);
    const r = await ask(s, 'What should I cook tonight?');
    expect(r.context).toContain('green curry');
    expect(r.context).not.toContain('heater');
  });

  test('a never-discussed topic stays empty for the same user', async () => {
    const s = service();
    await say(s, 'a', '2025-01-15T19:00:00Z', [['user', 'Thai is my favourite cuisine, green curry especially.'], ['assistant', 'Yum.']]);
    for (const q of ['What is the melting point of tungsten?', 'Which bank do I use?', 'What car do I drive?']) expect((await ask(s, q)).context).toBe('');
  });

  test('after a retraction the diet question states the change', async () => {
    const s = service(new OfflineExtractor());
    await say(s, 'a', '2025-01-10T19:00:00Z', [['user', "I've been vegetarian for about four years now."], ['assistant', 'Nice.']]);
    await say(s, 'b', '2025-05-12T18:30:00Z', [['user', "Update: I'm not vegetarian anymore, I started eating fish again for the iron."], ['assistant', 'Thanks.']]);
    const r = await ask(s, "What's my diet?");
    expect(r.context).toContain('no longer vegetarian (since 12 May 2025)');
    expect(r.context).toContain('fish');
  });

  test('an opinion ask gets the arc', async () => {
    const s = service();
    await say(s, 'a', '2024-03-04T09:00:00Z', [['user', 'I absolutely love Kotlin, the null safety is great.'], ['assistant', 'Nice.']]);
    await say(s, 'b', '2024-06-18T14:00:00Z', [['user', 'Kotlin build times are driving me up the wall.'], ['assistant', 'Hm.']]);
    await say(s, 'c', '2024-10-02T11:00:00Z', [['user', 'Kotlin is fine for Android apps, but I use Go for servers now.'], ['assistant', 'Sure.']]);
    const r = await ask(s, 'How has my opinion of Kotlin changed over time?');
    expect(r.context).toMatch(/view of Kotlin — now \(2 Oct 2024\): "Kotlin is fine for Android apps/);
    expect(r.context).toContain('build times');
  });
});

describe('place and relationship asks', () => {
  test.each([
    ['Recommend a neighbourhood cafe for me to try.', 'place'],
    ['Any good gyms near me?', 'place'],
    ['Am I seeing anyone?', 'relationship'],
  ])('"%s" → %s', (q, intent) => expect(analyzeQuery(q).intents).toContain(intent));

  test.skipIf(!installed)('after a break-up, "am I seeing anyone?" states the change', async () => {
    const s = service(new OfflineExtractor());
    await say(s, 'a', '2025-02-14T20:00:00Z', [['user', 'My boyfriend Marek is taking me to Krakow this weekend.'], ['assistant', 'Romantic!']]);
    await say(s, 'b', '2025-07-01T21:00:00Z', [['user', "Marek and I broke up in June. It's for the best."], ['assistant', "I'm sorry."]]);
    const r = await ask(s, 'Am I seeing anyone?');
    expect(r.context).toContain('broke up');
  });
});
