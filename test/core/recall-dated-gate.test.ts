// The gate for a question pinned to a calendar date (passesOnDate in core/recall/recall.ts): a
// question about a known speaker naming a date passes on that speaker's turns the date ranker
// found, whatever its other words; nothing else changes.
import { describe, expect, test } from 'vitest';
import type { TurnRecord } from '../../src/core/types.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { passesOnDate, RECALL } from '../../src/core/recall/recall.ts';
import { TurnWindow } from '../../src/core/recall/turn-window.ts';
import { inRange, type Candidate } from '../../src/core/recall/retrieve.ts';

function turn(id: string, speaker: string): TurnRecord {
  return { id, scope: 's', sessionId: 's1', seq: 1, timestamp: '2022-07-10T10:00:00Z', text: 'I went to Woodhaven.', messages: [{ role: 'user', content: 'I went to Woodhaven.', name: speaker }], terms: 'went woodhaven', termCount: 2, metadata: {} } as unknown as TurnRecord;
}

const speakers = new Set(['joanna', 'nate']);
const known = new Set(speakers);
const cand = (t: TurnRecord, ranker: string): Candidate => ({ kind: 'turn', id: t.id, score: 1, rankers: [{ ranker, rank: 1, score: 1 }], coverage: 0, bm25: 0, turn: t });

describe('passesOnDate', () => {
  const joanna = turn('a', 'Joanna');
  const nate = turn('b', 'Nate');
  test.each<[string, Candidate[], boolean]>([
    ['Where did Joanna travel to in July 2022?', [cand(joanna, 'date')], true],
    ['Where did Joanna travel to in July 2022?', [cand(nate, 'date')], false],
    ['Where did Joanna travel to in July 2022?', [cand(joanna, 'bm25_turn')], false],
    ['Where did Joanna travel to?', [cand(joanna, 'date')], false],
    ['Where did the company travel to in July 2022?', [cand(joanna, 'date')], false],
    ['What did Nate do for Joanna on 10 July, 2022?', [cand(joanna, 'date')], false],
    ['What did Nate do for Joanna on 10 July, 2022?', [cand(nate, 'date')], true],
  ])('%s', (q, cands, expected) => {
    const saved = RECALL.datedGate;
    try {
      RECALL.datedGate = 1;
      const r = { query: analyzeQuery(q, known), known, speakers, turns: new TurnWindow([joanna, nate]) };
      expect(passesOnDate(r, cands)).toBe(expected);
      RECALL.datedGate = 0;
      expect(passesOnDate(r, cands)).toBe(false);
    } finally {
      RECALL.datedGate = saved;
    }
  });
});

describe('inRange (a date window with its week of slack)', () => {
  // The window's end is kept from one call to the next: windows asked in turn must each keep their own end.
  test.each([
    ['2023-03-15T10:00:00Z', { from: '2023-03-01', to: '2023-04-01' }, true],
    ['2023-04-07T23:59:00Z', { from: '2023-03-01', to: '2023-04-01' }, true],
    ['2023-04-08T00:00:00Z', { from: '2023-03-01', to: '2023-04-01' }, false],
    ['2023-04-07T10:00:00Z', { from: '2023-01-01', to: '2023-02-01' }, false],
    ['2023-02-07T10:00:00Z', { from: '2023-01-01', to: '2023-02-01' }, true],
    ['2023-04-07T10:00:00Z', { from: '2023-03-01', to: '2023-04-01' }, true],
    ['2022-12-31T10:00:00Z', { from: '2023-01-01', to: '2023-02-01' }, false],
    ['', { from: '2023-01-01', to: '2023-02-01' }, false],
  ])('%s in %j: %s', (ts, range, want) => {
    expect(inRange(ts, range)).toBe(want);
  });
  test('an end that is not a day still throws, every time', () => {
    expect(() => inRange('2023-01-05T00:00:00Z', { from: '2023-01-01', to: '' })).toThrow(RangeError);
    expect(() => inRange('2023-01-05T00:00:00Z', { from: '2023-01-01', to: '' })).toThrow(RangeError);
  });
});
