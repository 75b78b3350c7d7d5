// Packing the context (issue 14, session 6): excerpts capped to their best-weighted sentences,
// and date headers that write their year once per run of headers.
import { afterEach, describe, expect, test } from 'vitest';
import type { TurnRecord } from '../../src/core/types.ts';
import { EXCERPT, renderSplit, splitMessages } from '../../src/core/recall/format.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { assemble, ASSEMBLY, type ContextLine } from '../../src/core/recall/assemble.ts';
import { countTokens } from '../../src/core/text/tokens.ts';

function turn(text: string): TurnRecord {
  return { id: 't', scope: 's', sessionId: 's1', seq: 2, timestamp: '2023-05-09T10:00:00Z', text, messages: [{ role: 'user', content: text, name: 'Ann' }], terms: '', termCount: 5, metadata: {} } as unknown as TurnRecord;
}

/** Focus terms with weights, given as "word:weight" (each word analysed to its index term). */
const focus = (...ws: string[]) => new Map(ws.map((w) => [analyze(w.split(':')[0])[0], Number(w.split(':')[1])]));

const TEXT = 'We went to the lake on Sunday. The kids painted pebbles. I painted a sunrise over the lake. Then we had ice cream.';

const saved = { ...EXCERPT };
afterEach(() => Object.assign(EXCERPT, saved));

describe('excerpts capped to their best sentences (EXCERPT.maxSentences)', () => {
  test.each([
    ['no cap keeps every matching sentence', 0, ['lake:1', 'paint:1'], false, 'Ann: We went to the lake on Sunday. The kids painted pebbles. I painted a sunrise over the lake. …'],
    ['cap 1 keeps the sentence whose terms weigh most', 1, ['lake:1', 'sunrise:3'], false, 'Ann: … I painted a sunrise over the lake. …'],
    ['a sentence holding two terms outweighs one holding the heavier of them', 1, ['sunrise:1', 'lake:1', 'pebble:1.5'], false, 'Ann: … I painted a sunrise over the lake. …'],
    ['on a tie the earlier sentence is kept', 1, ['lake:1'], false, 'Ann: We went to the lake on Sunday. …'],
    ['cap 2 keeps the two best in reading order', 2, ['lake:1', 'sunrise:3', 'pebble:2'], false, 'Ann: … The kids painted pebbles. I painted a sunrise over the lake. …'],
    ['the lead of a reply is kept besides the capped sentences', 1, ['sunrise:3', 'cream:1'], true, 'Ann: We went to the lake on Sunday. … I painted a sunrise over the lake. …'],
    ['a cap above the matching count changes nothing', 3, ['sunrise:3', 'cream:1'], false, 'Ann: … I painted a sunrise over the lake. Then we had ice cream.'],
  ])('%s', (_why, max, ws, reply, expected) => {
    EXCERPT.maxSentences = max;
    EXCERPT.edgeEllipsis = 1;
    expect(renderSplit(splitMessages(turn(TEXT), reply), focus(...ws))).toBe(expected);
  });

  test('without edge ellipses only the gaps between kept sentences are marked', () => {
    EXCERPT.maxSentences = 0;
    EXCERPT.edgeEllipsis = 0;
    expect(renderSplit(splitMessages(turn(TEXT), false), focus('pebble:1', 'cream:1'))).toBe('Ann: The kids painted pebbles. … Then we had ice cream.');
    expect(renderSplit(splitMessages(turn(TEXT), false), focus('sunrise:1'))).toBe('Ann: I painted a sunrise over the lake.');
  });
});

describe('date headers write their year once per run (ASSEMBLY.yearOnce)', () => {
  const savedYear = ASSEMBLY.yearOnce;
  afterEach(() => {
    ASSEMBLY.yearOnce = savedYear;
  });
  const line = (key: string, group: string, order: string): ContextLine => ({ key, section: 'episodes', group, order, text: `Ann: line ${key}`, citation: { turn_id: key, score: 1, snippet: '' } });
  const lines = [line('c', '2 Jan 2024', '2024-01-02'), line('a', '8 May 2023', '2023-05-08'), line('b', '12 Jul 2023', '2023-07-12')];

  test('off: every header is whole', () => {
    ASSEMBLY.yearOnce = 0;
    expect(assemble(lines, 500).context).toBe('## Relevant from past conversations\n[8 May 2023]\nAnn: line a\n[12 Jul 2023]\nAnn: line b\n[2 Jan 2024]\nAnn: line c');
  });

  test('on: a header under one of the same year drops it, a new year writes it', () => {
    ASSEMBLY.yearOnce = 1;
    const out = assemble(lines, 500);
    expect(out.context).toBe('## Relevant from past conversations\n[8 May 2023]\nAnn: line a\n[12 Jul]\nAnn: line b\n[2 Jan 2024]\nAnn: line c');
    expect(out.tokens).toBe(countTokens(out.context));
  });

  test('on: the packing estimate counts the shorter headers, so a budget that fits them is filled', () => {
    ASSEMBLY.yearOnce = 1;
    // The estimate counts a break after the section title and every line, and the title's own break.
    const exact = countTokens(assemble(lines, 500).context) + 4;
    ASSEMBLY.yearOnce = 0;
    expect(assemble(lines, exact).keys.length).toBeLessThan(3);
    ASSEMBLY.yearOnce = 1;
    expect(assemble(lines, exact).keys.length).toBe(3);
  });
});
