// Recall by meaning, ranking within the candidates (issue 14): turns that point back bring the
// turn they refer to, list and count asks spread their picks across sessions, time and duration
// statements for "when" / "how long" asks, and resolved relative dates matching a named date.
import { describe, expect, test } from 'vitest';
import type { TurnRecord } from '../../src/core/types.ts';
import { referentsOf, refersBack, REFERENTS } from '../../src/core/recall/referents.ts';
import { renderEdge, splitMessages } from '../../src/core/recall/format.ts';
import { statesDuration, statesTime } from '../../src/core/recall/time-statements.ts';
import { spreadSessions } from '../../src/core/recall/recall.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { referredDateIn } from '../../src/core/text/date-tokens.ts';
import { inDates, RETRIEVE, type Candidate } from '../../src/core/recall/retrieve.ts';
import { applyFeatures, FEATURE_WEIGHTS, FEATURES } from '../../src/core/recall/features.ts';

function turn(id: string, sessionId: string, seq: number, text: string, extra: Partial<TurnRecord> = {}): TurnRecord {
  return { id, scope: 's', sessionId, seq, timestamp: '2023-05-09T10:00:00Z', text, messages: [{ role: 'user', content: text, name: 'Ann' }], terms: '', termCount: 5, metadata: {}, ...extra } as unknown as TurnRecord;
}

describe('turns that refer back', () => {
  test.each([
    ['It was an awesome time! We roasted marshmallows.', true],
    ['Wow, it sounds amazing.', true],
    ['Yes, that one is my favourite.', true],
    ['We went there last summer with the kids.', true],
    ['I love them, they are so cute.', true],
    ['There is a new cafe near my place.', false],
    ['I went to a support group yesterday.', false],
    ['My sister adopted a dog named Biscuit.', false],
  ])('%s → %s', (text, expected) => expect(refersBack(turn('t', 's1', 2, text))).toBe(expected));

  test('a shown turn brings the turn before it when it refers back, and the reply after it when that one does', () => {
    const ts = [turn('a', 's1', 1, 'How was the camping trip?'), turn('b', 's1', 2, 'It was great, we hiked every day.'), turn('c', 's1', 3, 'That sounds lovely, I went there too.'), turn('d', 's1', 4, 'My new job starts Monday.')];
    const at = (t: TurnRecord, o: number) => ts.find((x) => x.sessionId === t.sessionId && x.seq === t.seq + o);
    expect(referentsOf(ts[0], at).map((t) => t.id)).toEqual(['b']);
    expect(referentsOf(ts[1], at).map((t) => t.id)).toEqual(['a', 'c']);
    expect(referentsOf(ts[3], at).map((t) => t.id)).toEqual([]);
  });

  test('with answers on, a shown turn that asks brings the reply after it', () => {
    const ts = [turn('a', 's1', 1, 'Cool! What is your favourite style?'), turn('b', 's1', 2, 'Yeah, me too! Contemporary dance is so expressive.')];
    const at = (t: TurnRecord, o: number) => ts.find((x) => x.sessionId === t.sessionId && x.seq === t.seq + o);
    const saved = REFERENTS.answers;
    try {
      REFERENTS.answers = 0;
      expect(referentsOf(ts[0], at, () => true).map((t) => t.id)).toEqual([]);
      REFERENTS.answers = 1;
      expect(referentsOf(ts[0], at, () => true).map((t) => t.id)).toEqual(['b']);
      expect(referentsOf(ts[0], at, () => false).map((t) => t.id)).toEqual([]);
    } finally {
      REFERENTS.answers = saved;
    }
  });

  test.each([
    ['first', 'Ann: It was great. …'],
    ['last', 'Ann: … The kids loved it.'],
  ] as const)('a brought neighbour is shown by its %s sentence', (edge, expected) => {
    const msgs = splitMessages(turn('t', 's1', 2, 'It was great. We hiked every day. The kids loved it.'));
    expect(renderEdge(msgs, edge)).toBe(expected);
  });
});

describe('list and count asks spread across sessions', () => {
  const cand = (id: string, session: string, score: number): Candidate => ({ kind: 'turn', id, score, rankers: [], coverage: 1, bm25: 1, turn: turn(id, session, 1, id) });
  test('a second pick from a session weighs less than a first pick from another', () => {
    const cs = [cand('a1', 'A', 1), cand('a2', 'A', 0.9), cand('a3', 'A', 0.8), cand('b1', 'B', 0.6), cand('c1', 'C', 0.3)];
    expect(spreadSessions(cs, 0.5).map((c) => c.id)).toEqual(['a1', 'b1', 'a2', 'c1', 'a3']);
    expect(spreadSessions(cs, 1).map((c) => c.id)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });
  test.each([
    ['How many times has Melanie gone to the beach?', { count: true, duration: false }],
    ['How often does she run?', { count: true, duration: false }],
    ['How long has Caroline had her friends?', { count: false, duration: true }],
    ['How many years has he played guitar?', { count: false, duration: true }],
    ['Where does she live?', { count: false, duration: false }],
  ])('%s', (q, flags) => expect(analyzeQuery(q)).toMatchObject(flags));
});

describe('time and duration statements', () => {
  test.each([
    ['I went to a support group yesterday.', true, false],
    ['Last weekend we went camping.', true, false],
    ['Two weeks ago I started a new job.', true, false],
    ['We painted that back in 2022.', true, false],
    ['See you on Friday!', true, false],
    ['I have been painting for seven years now.', false, true],
    ["We've been friends since high school.", false, true],
    ['That painting is lovely, the colours are great.', false, false],
    ['You may like this one.', false, false],
  ])('%s', (text, time, duration) => {
    expect(statesTime(text)).toBe(time);
    expect(statesDuration(text)).toBe(duration);
  });

  test('the when feature favours a turn that states a time for a "when" ask, and is listed among its rankers', () => {
    const saved = FEATURE_WEIGHTS.when;
    FEATURE_WEIGHTS.when = 0.01;
    try {
      const q = analyzeQuery('When did Ann go camping?');
      const cs: Candidate[] = [
        { kind: 'turn', id: 'x', score: 0.02, rankers: [], coverage: 1, bm25: 1, turn: turn('x', 's1', 1, 'Camping is the best.') },
        { kind: 'turn', id: 'y', score: 0.015, rankers: [], coverage: 1, bm25: 1, turn: turn('y', 's1', 2, 'We went camping last weekend.') },
      ];
      const out = applyFeatures(cs, { query: q, speakers: new Set() }, FEATURES);
      expect(out.map((c) => c.id)).toEqual(['y', 'x']);
      expect(out[0].rankers.map((r) => r.ranker)).toContain('feature_when');
      // Not a when ask: no change.
      expect(applyFeatures(cs, { query: analyzeQuery('Where did Ann go camping?'), speakers: new Set() }, FEATURES).map((c) => c.id)).toEqual(['x', 'y']);
    } finally {
      FEATURE_WEIGHTS.when = saved;
    }
  });
});

describe('resolved relative dates match a named date', () => {
  test.each([
    ['_d20230508 _m202305', { from: '2023-05-08', to: '2023-05-09' }, true],
    ['walk _d20230507 _m202305', { from: '2023-05-08', to: '2023-05-09' }, false],
    ['_m202304', { from: '2023-04-10', to: '2023-04-11' }, false],
    ['_m202304', { from: '2023-04-01', to: '2023-05-01' }, true],
    ['_m202304', { from: '2023-05-01', to: '2023-06-01' }, false],
    ['', { from: '2023-05-01', to: '2023-06-01' }, false],
    ['hike _d20230514', { from: '2023-05-01', to: '2023-06-01' }, true],
  ])('%s in %j → %s', (terms, range, expected) => expect(referredDateIn(terms, range)).toBe(expected));

  test('a turn said after the named date but referring to it counts as of that date when on', () => {
    const t = { timestamp: '2023-05-20T10:00:00Z', terms: 'support group _d20230508 _m202305' };
    const r = { from: '2023-05-08', to: '2023-05-09' };
    const saved = RETRIEVE.referredDates;
    try {
      RETRIEVE.referredDates = 0;
      expect(inDates(t, r)).toBe(false);
      RETRIEVE.referredDates = 1;
      expect(inDates(t, r)).toBe(true);
      expect(inDates({ ...t, timestamp: '2023-05-09T10:00:00Z', terms: '' }, r)).toBe(true);
    } finally {
      RETRIEVE.referredDates = saved;
    }
  });
});

describe('months named without a year', () => {
  test.each([
    ['When did Melanie go camping in June?', [6]],
    ['What did they do last summer?', [6, 7, 8]],
    ['Where did she travel during the winter?', [1, 2, 12]],
    ['What did Caroline do on 8 May 2023?', null],
    ['What did John attend in March 2023?', null],
    ['May I ask what she likes?', null],
    ['What does she like to eat?', null],
  ])('%s → %j', (q, months) => expect(analyzeQuery(q).months).toEqual(months));

  test('the month feature favours a turn said in (or referring to) the month, with a week of slack', async () => {
    const { inMonths } = await import('../../src/core/recall/features.ts');
    expect(inMonths('2023-06-27T10:00:00Z', [6], true)).toBe(true);
    expect(inMonths('2023-07-03T10:00:00Z', [6], true)).toBe(true);
    expect(inMonths('2023-07-03T10:00:00Z', [6], false)).toBe(false);
    expect(inMonths('2023-07-20T10:00:00Z', [6], true)).toBe(false);
    expect(inMonths('2024-01-05T10:00:00Z', [12], true)).toBe(true);
    const saved = FEATURE_WEIGHTS.month;
    FEATURE_WEIGHTS.month = 0.01;
    try {
      const q = analyzeQuery('What did Ann paint in June?');
      const cs: Candidate[] = [
        { kind: 'turn', id: 'x', score: 0.02, rankers: [], coverage: 1, bm25: 1, turn: turn('x', 's1', 1, 'I painted a lake.', { timestamp: '2023-09-01T10:00:00Z' }) },
        { kind: 'turn', id: 'y', score: 0.015, rankers: [], coverage: 1, bm25: 1, turn: turn('y', 's2', 1, 'Last month I painted a sunset.', { timestamp: '2023-07-20T10:00:00Z', terms: 'paint sunset _m202306' }) },
      ];
      const out = applyFeatures(cs, { query: q, speakers: new Set() }, FEATURES);
      expect(out.map((c) => c.id)).toEqual(['y', 'x']);
      expect(out[0].rankers.map((r) => r.ranker)).toContain('feature_month');
    } finally {
      FEATURE_WEIGHTS.month = saved;
    }
  });
});

describe('list and count asks are shown by many short picks', () => {
  test.each([
    ['What activities does Ann do with the kids?', true],
    ['How many times has Ann gone camping with the kids?', true],
    ['Does Ann go camping with the kids?', false],
  ])('%s → excerpted even at the top: %s', async (query, excerpted) => {
    const { MemoryService } = await import('../../src/core/service.ts');
    const { InMemoryStore } = await import('../../bench/lib/in-memory-store.ts');
    const s = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} } });
    const long = 'We went camping with the kids by the lake last weekend. The weather was perfect and the water was calm. My brother drove up from the city to join us for the evening.';
    await s.ingestTurn({ sessionId: 's1', userId: 'u1', timestamp: '2023-06-01T10:00:00Z', messages: [{ role: 'user', name: 'Ann', content: long }] });
    await s.ingestTurn({ sessionId: 's2', userId: 'u1', timestamp: '2023-07-01T10:00:00Z', messages: [{ role: 'user', name: 'Ann', content: 'The kids and I did pottery on Sunday, such a fun activity.' }] });
    const r = await s.recall({ query, sessionId: null, userId: 'u1', maxTokens: 512 });
    expect(r.context).toContain('We went camping with the kids');
    expect(r.context.includes('My brother drove up')).toBe(!excerpted);
  });
});
