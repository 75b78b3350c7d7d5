/**
 * The per-extraction memo scope (core/extraction/turn-memo.ts) and the readers that use it: answers are shared only
 * inside one extraction and give the same output as computing afresh (docs/ingest.md, Session 11).
 */
import { expect, test } from 'vitest';
import { turnMemo, withTurnMemo } from '../../src/core/extraction/turn-memo.ts';
import { withSharedAnalysis } from '../../src/core/extraction/nlp.ts';
import { expandContractions } from '../../src/core/extraction/sentences.ts';
import { extractOffline, prepare } from '../../src/core/extraction/offline-extractor.ts';

const OWNER = {};

test('a memo exists only inside an extraction, is shared by nested calls and dropped when it returns', () => {
  expect(turnMemo(OWNER)).toBeNull();
  withTurnMemo(() => {
    const m = turnMemo<number>(OWNER)!;
    m.set('k', 1);
    withTurnMemo(() => expect(turnMemo<number>(OWNER)!.get('k')).toBe(1));
    expect(turnMemo<number>({})!.size).toBe(0); // one map per owner
  });
  expect(turnMemo(OWNER)).toBeNull();
  withTurnMemo(() => expect(turnMemo<number>(OWNER)!.size).toBe(0)); // nothing kept from the earlier extraction
  // A throwing extraction drops its scope too.
  expect(() => withTurnMemo(() => { turnMemo<number>(OWNER)!.set('x', 1); throw new Error('boom'); })).toThrow('boom');
  expect(turnMemo(OWNER)).toBeNull();
});

test('the shared analysis scope is also the memo scope', () => {
  withSharedAnalysis(() => expect(turnMemo(OWNER)).not.toBeNull());
  expect(turnMemo(OWNER)).toBeNull();
});

test('memoised prepare() and expandContractions() answer what they answer afresh, inside and outside an extraction', () => {
  const texts = ["i'm a nurse at leeds general and she's been great", 'My sister\'s a vet. I\'ve got a dog called Rex.', '`code` here: ```x```', "we're moving to lisbon next month"];
  const fresh = texts.map((t) => [prepare(t), expandContractions(t)]);
  withTurnMemo(() => {
    for (let round = 0; round < 2; round++) expect(texts.map((t) => [prepare(t), expandContractions(t)])).toEqual(fresh);
  });
});

test('extracting the same turn twice, and after other turns, gives the same candidates (nothing carried between turns)', () => {
  const ctx = { timestamp: '2024-05-08T15:00:00.000Z', sessionId: 's', recentTurns: [] };
  const turn = [{ role: 'user' as const, content: "I just moved to Berlin for a new job. I'm allergic to peanuts and my sister Maya has a cat called Tom." }];
  const first = JSON.stringify(extractOffline(turn, ctx));
  extractOffline([{ role: 'user', content: 'Actually I live in Lisbon now, not Berlin.' }], ctx);
  expect(JSON.stringify(extractOffline(turn, ctx))).toBe(first);
});
