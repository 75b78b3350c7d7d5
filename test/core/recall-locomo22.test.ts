/**
 * Recall session 19, LoCoMo part (issue 14), in wording written for this file:
 * - the sameSession feature (features.ts): a candidate turn that matches a word of the question, said in a session
 *   where one of the best few candidates was said, gains FEATURE_WEIGHTS.sameSession — it continues that talk. Not for
 *   list and count asks (their items sit one per session) nor for asks about a time (the when / duration features
 *   order those).
 */
import { describe, expect, test } from 'vitest';
import type { TurnRecord } from '../../src/core/types.ts';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { applyFeatures, FEATURE_WEIGHTS, FEATURES, FEATURES_AT, sessionAsk } from '../../src/core/recall/features.ts';
import type { Candidate } from '../../src/core/recall/retrieve.ts';

function turn(id: string, sessionId: string, seq: number, text: string): TurnRecord {
  return { id, scope: 's', sessionId, seq, timestamp: '2023-05-09T10:00:00Z', text, messages: [{ role: 'user', content: text, name: 'Ines' }], terms: '', termCount: 5, metadata: {} } as unknown as TurnRecord;
}

const cand = (t: TurnRecord, score: number, bm25: number): Candidate => ({ kind: 'turn', id: t.id, score, rankers: [], coverage: 0.3, bm25, turn: t });

/** The best turn in session s1, then two equal-scored matching turns: one in another session, one in s1. */
function pool(): Candidate[] {
  return [
    cand(turn('top', 's1', 2, 'Ines: We finally walked the ridge trail on Sunday.'), 0.03, 5),
    cand(turn('other', 's7', 4, 'Ines: A trail runner passed me at the park.'), 0.01, 2),
    cand(turn('later', 's1', 9, 'Ines: My knees still ache from the trail, honestly.'), 0.01, 2),
    cand(turn('unmatched', 's1', 10, 'Ines: Anyway, how is your week going?'), 0.01, 0),
  ];
}

const rank = (question: string) => {
  // As retrieve builds it: the best turns' sessions, for the asks the feature applies to.
  const query = analyzeQuery(question, new Set(['ines']));
  const ctx = { query, speakers: new Set(['ines']), topSessions: sessionAsk(query) ? new Set(['s1']) : undefined };
  return applyFeatures(pool(), ctx, FEATURES).map((c) => c.id);
};

describe('sameSession feature', () => {
  test('is on by default with the asks it leaves out', () => {
    expect(FEATURE_WEIGHTS.sameSession).toBeGreaterThan(0);
    expect(FEATURES_AT.sessionAsksOnly).toBe(1);
  });

  test('a matching turn of a best turn\'s session rises above an equal one of another session; a turn with no match does not', () => {
    expect(rank('What did Ines say about the trail walk?')).toEqual(['top', 'later', 'other', 'unmatched']);
  });

  test.each(['What activities has Ines done on the trail?', 'How many trails has Ines walked?', 'When did Ines walk the trail?', 'How long did Ines walk the trail for?', 'Can you recommend a weekend activity for Ines?'])('leaves the order alone for "%s"', (q) => {
    expect(rank(q)).toEqual(['top', 'other', 'later', 'unmatched']);
  });

  test('off (weight 0), the order is the fused one', () => {
    const saved = FEATURE_WEIGHTS.sameSession;
    try {
      FEATURE_WEIGHTS.sameSession = 0;
      expect(rank('What did Ines say about the trail walk?')).toEqual(['top', 'other', 'later', 'unmatched']);
    } finally {
      FEATURE_WEIGHTS.sameSession = saved;
    }
  });
});

describe('the same-session lift leaves the user\'s own world to the rows', () => {
  test('a first-person ask is no session ask', () => {
    expect(sessionAsk(analyzeQuery('What does my sister do?'))).toBe(false);
    expect(sessionAsk(analyzeQuery('What does Caroline do for work?'))).toBe(true);
  });
});
