/**
 * Recall session 21, LoCoMo part (issue 14, what an excerpt shows of a reply), in wording written for this file:
 * - a reply excerpted to its lead alone (no sentence of it holds a question word: it was found as the neighbour of the
 *   question it answers) whose lead is short ("For sure!", "I was thrilled.") also shows its next sentence, where the
 *   answer is (EXCERPT.shortLeadWords). Not for list and count asks (their picks stay one sentence each), not when a
 *   sentence matches, not after a lead that already says something at length, not for an assistant's message. Off by
 *   default (it cost a held-out probe); tested at 8 words.
 */
import { describe, expect, test } from 'vitest';
import { EXCERPT, estimateSplitTokens, renderSplit, splitMessages } from '../../src/core/recall/format.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { countTokens } from '../../src/core/text/tokens.ts';
import type { TurnRecord } from '../../src/core/types.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { applyFeatures, FEATURE_WEIGHTS, FEATURES, onlyAsks } from '../../src/core/recall/features.ts';
import type { Candidate } from '../../src/core/recall/retrieve.ts';

const turn = (content: string) => ({ id: 't', sessionId: 's', seq: 2, text: content, messages: [{ role: 'user', name: 'Odile', content }] }) as unknown as TurnRecord;
const focus = (q: string) => new Set(analyze(q));

/** Runs `fn` with EXCERPT.shortLeadWords set to `n`. */
function withShortLead<T>(n: number, fn: () => T): T {
  const saved = EXCERPT.shortLeadWords;
  try {
    EXCERPT.shortLeadWords = n;
    return fn();
  } finally {
    EXCERPT.shortLeadWords = saved;
  }
}

describe('a reply shown by a short lead keeps the sentence after it (EXCERPT.shortLeadWords)', () => {
  const reply = 'Oh, for sure! The lighthouse keeper and the tide tables were my favourite parts. I could read about them all day.';
  const q = 'Which two subjects did Odile most enjoy researching?';

  test('is off by default', () => {
    expect(EXCERPT.shortLeadWords).toBe(0);
  });

  test('found by no sentence: the lead and the answer after it, where only the lead was shown', () => {
    const msgs = splitMessages(turn(reply), true);
    expect(withShortLead(0, () => renderSplit(msgs, focus(q), 0, true))).toBe('Odile: Oh, for sure!');
    expect(withShortLead(8, () => renderSplit(msgs, focus(q), 0, true))).toBe('Odile: Oh, for sure! The lighthouse keeper and the tide tables were my favourite parts.');
  });

  test('the token estimate follows the longer excerpt', () => {
    const msgs = splitMessages(turn(reply), true);
    const prefix = msgs.map((m) => countTokens(`${m.speaker}:`));
    const sents = msgs.map((m) => m.sentences.map((x) => countTokens(` ${x}`)));
    withShortLead(8, () => {
      const est = estimateSplitTokens(msgs, focus(q), prefix, sents, 0, true);
      expect(est).toBeGreaterThan(estimateSplitTokens(msgs, focus(q), prefix, sents, 0, false));
      expect(Math.abs(est - countTokens(renderSplit(msgs, focus(q), 0, true)))).toBeLessThanOrEqual(2);
    });
  });

  test('a list or count ask (no idleLead plan) keeps the one sentence', () => {
    const msgs = splitMessages(turn(reply), true);
    expect(withShortLead(8, () => renderSplit(msgs, focus(q), 0, false))).toBe('Odile: Oh, for sure!');
  });

  test('a matching sentence is shown as before, without the sentence after the lead', () => {
    const msgs = splitMessages(turn(reply), true);
    const f = focus('What could Odile read about all day?');
    expect(withShortLead(8, () => renderSplit(msgs, f, 0, true))).toBe(renderSplit(msgs, f, 0, true));
  });

  test('a lead of many words is shown alone, as before', () => {
    const msgs = splitMessages(turn('We spent the whole of last weekend walking along the harbour wall. The gulls were loud. It rained.'), true);
    expect(withShortLead(8, () => renderSplit(msgs, focus(q), 0, true))).toBe('Odile: We spent the whole of last weekend walking along the harbour wall.');
  });

  test('a turn that is not a reply is shown whole when nothing matches, as before', () => {
    const msgs = splitMessages(turn(reply), false);
    expect(withShortLead(8, () => renderSplit(msgs, focus(q), 0, true))).toBe(`Odile: ${reply}`);
  });

  test("an assistant's reply keeps its lead alone", () => {
    const t = { id: 't', sessionId: 's', seq: 2, text: reply, messages: [{ role: 'user', content: 'Which parts did you like?' }, { role: 'assistant', content: reply }] } as unknown as TurnRecord;
    const msgs = splitMessages(t);
    expect(withShortLead(8, () => renderSplit(msgs, focus(q), 0, true))).toBe('User: Which parts did you like? / Assistant: Oh, for sure!');
  });
});

/*
 * - the asking feature (features.ts, FEATURE_WEIGHTS.asking, negative): for a list or count ask, a candidate turn that
 *   only asks about the ask's words ("Have you tried any new hobbies lately?") is weighed down: an ask's items are told,
 *   and the reply to such a question inherits its score as a neighbour.
 */
describe('a turn that only asks about the list ask\'s words ranks below one that tells (asking feature)', () => {
  const t = (id: string, text: string): TurnRecord => ({ id, scope: 's', sessionId: 's1', seq: 3, timestamp: '2023-05-09T10:00:00Z', text, messages: [{ role: 'user', content: text, name: 'Odile' }], terms: '', termCount: 5, metadata: {} }) as unknown as TurnRecord;
  const cand = (x: TurnRecord, score: number): Candidate => ({ kind: 'turn', id: x.id, score, rankers: [], coverage: 0.3, bm25: 2, turn: x });
  const pool = () => [cand(t('asks', 'Nice! Have you picked up any new hobbies lately?'), 0.012), cand(t('tells', 'My new hobbies are rowing and pottery.'), 0.011)];
  const rank = (q: string) => applyFeatures(pool(), { query: analyzeQuery(q, new Set(['odile'])), speakers: new Set(['odile']) }, FEATURES).map((c) => c.id);

  test('is on by default, as a penalty', () => {
    expect(FEATURE_WEIGHTS.asking).toBeLessThan(0);
  });

  test('a list ask: the telling turn first', () => {
    expect(rank('What hobbies has Odile taken up?')).toEqual(['tells', 'asks']);
  });

  test('a single-answer ask keeps the fused order', () => {
    expect(rank('Did Odile mention hobbies?')).toEqual(['asks', 'tells']);
  });

  test('onlyAsks: a question about the words, not a statement, not a question about something else', () => {
    const terms = new Set(analyze('hobbies'));
    expect(onlyAsks('Nice! Have you picked up any new hobbies lately?', terms)).toBe(true);
    expect(onlyAsks('I took up two new hobbies. Have you been busy?', terms)).toBe(false);
    expect(onlyAsks('Rowing and pottery are my hobbies now.', terms)).toBe(false);
    expect(onlyAsks('How was your week? Mine was long.', terms)).toBe(false);
    expect(onlyAsks('How was your week?', terms)).toBe(true);
  });
});
