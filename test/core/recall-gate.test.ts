// The offline noise gate for questions about a known person: a plain "what is X's Y" question
// needs more of its content words discussed than a list ask or a question about when.
import { describe, expect, test } from 'vitest';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { RECALL, namedBar, passesNoiseGate } from '../../src/core/recall/recall.ts';

const speakers = new Set(['dana', 'omar']);

function gateInput(question: string, contentCorpus: number, bestCoverage: number) {
  const query = analyzeQuery(question, speakers);
  return { query, known: speakers, bestCoverage, contentCorpus, entityCoverage: 0 };
}

describe('named-person bar by question shape', () => {
  test.each([
    ["What is Dana's passport number?", 'plain'],
    ['Which climbing gym does Omar prefer?', 'plain'],
    ['What hobbies does Dana have?', 'lower'],
    ['What books has Omar read?', 'lower'],
    ['When did Dana start climbing?', 'lower'],
    ['What did Omar bake in March 2023?', 'lower'],
  ])('%s → %s bar', (q, shape) => {
    const bar = namedBar(analyzeQuery(q, speakers));
    expect(bar).toBe(shape === 'plain' ? RECALL.minNamedPlainCoverage : RECALL.minNamedCoverage);
  });

  test('the plain bar is the higher one', () => {
    expect(RECALL.minNamedPlainCoverage).toBeGreaterThan(RECALL.minNamedCoverage);
  });
});

describe('passesNoiseGate for a known person', () => {
  // Content coverage just above the lower bar but under the plain one: only list / when asks pass.
  const mid = (RECALL.minNamedCoverage + RECALL.minNamedPlainCoverage) / 2;
  test.each([
    ["What is Dana's passport number?", mid, 0.2, false],
    ['Which climbing gym does Omar prefer?', mid, 0.2, false],
    ["What is Dana's passport number?", RECALL.minNamedPlainCoverage, 0.2, true],
    ["What is Dana's passport number?", mid, RECALL.minCoverage, true],
    ['What hobbies does Dana have?', mid, 0.2, true],
    ['When did Omar start climbing?', mid, 0.2, true],
    ['When did Omar start climbing?', RECALL.minNamedCoverage - 0.05, 0.2, false],
  ])('%s (content %s, best %s) → %s', (q, contentCorpus, best, expected) => {
    expect(passesNoiseGate(gateInput(q, contentCorpus, best))).toBe(expected);
  });

  test('an unknown name gets no named-person bar', () => {
    // "Zed" is no speaker: the single-document bar applies whatever the content share.
    expect(passesNoiseGate(gateInput("What is Zed's passport number?", 0.9, 0.3))).toBe(false);
    expect(passesNoiseGate(gateInput("What is Zed's passport number?", 0.9, RECALL.minCoverage))).toBe(true);
  });
});

describe('passesNoiseGate: an unsupported topic fails the named-person bar, not the one-document bar', () => {
  // Session 20 (gate23): the everyday words around a never-discussed thing do not make it discussed.
  test.each([
    ["What is Dana's favourite telescope?", 0.6, 0.3, null, true],
    ["What is Dana's favourite telescope?", 0.6, 0.3, 'telescope', false],
    ['Which houseplant did Omar kill last month?', 0.67, 0.36, 'houseplant', false],
    // One document covering half the question (a key row, a turn holding most of its words) still answers it.
    ["What is Dana's favourite telescope?", 0.6, RECALL.minCoverage, 'telescope', true],
  ])('%s (content %s, best %s, unsupported %s) → %s', (q, contentCorpus, best, unsupportedTopic, expected) => {
    expect(passesNoiseGate({ ...gateInput(q, contentCorpus, best), unsupportedTopic })).toBe(expected);
  });
});
