/**
 * Recall session 17, LoCoMo part (issue 14, what an excerpt shows of a reply), in wording written for this file:
 * - a reply's lead that is a pleasantry ("Thanks, Mell!") is no longer its excerpt's lead (RECALL.idleLead): an excerpt
 *   that would show nothing else shows the reply's first other sentence, and one that shows a matching sentence leaves
 *   the pleasantry out. Turns that are not replies, and leads that say something, are excerpted as before.
 */
import { describe, expect, test } from 'vitest';
import { estimateSplitTokens, renderSplit, splitMessages } from '../../src/core/recall/format.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { countTokens } from '../../src/core/text/tokens.ts';
import { RECALL } from '../../src/core/recall/recall.ts';
import type { TurnRecord } from '../../src/core/types.ts';

const turn = (content: string) => ({ id: 't', sessionId: 's', seq: 2, text: content, messages: [{ role: 'user', name: 'Odile', content }] }) as unknown as TurnRecord;
const focus = (q: string) => new Set(analyze(q));

describe('a reply led by a pleasantry, excerpted (renderSplit idleLead)', () => {
  const reply = "Thanks, Bram! I'm still applying for harbour pilot jobs in the north. The interviews are slow but I keep at it.";

  test('found by no sentence: the pleasantry alone before, the first sentence that says something now', () => {
    const msgs = splitMessages(turn(reply), true);
    const f = focus('What are Odile plans for the winter?');
    expect(renderSplit(msgs, f, 0, false)).toBe('Odile: Thanks, Bram!');
    expect(renderSplit(msgs, f, 0, true)).toBe("Odile: I'm still applying for harbour pilot jobs in the north.");
  });

  test('with a matching sentence: the pleasantry is left out', () => {
    const msgs = splitMessages(turn(reply), true);
    const f = focus('How are the interviews going?');
    expect(renderSplit(msgs, f, 0, false)).toBe('Odile: Thanks, Bram! … The interviews are slow but I keep at it.');
    expect(renderSplit(msgs, f, 0, true)).toBe('Odile: The interviews are slow but I keep at it.');
  });

  test('the token estimate follows the shorter excerpt', () => {
    const msgs = splitMessages(turn(reply), true);
    const f = focus('How are the interviews going?');
    const prefix = msgs.map((m) => countTokens(`${m.speaker}:`));
    const sents = msgs.map((m) => m.sentences.map((x) => countTokens(` ${x}`)));
    const before = estimateSplitTokens(msgs, f, prefix, sents, 0, false);
    const after = estimateSplitTokens(msgs, f, prefix, sents, 0, true);
    expect(after).toBeLessThan(before);
    expect(Math.abs(after - countTokens(renderSplit(msgs, f, 0, true)))).toBeLessThanOrEqual(2);
  });

  test('a lead that says something is kept as before', () => {
    const msgs = splitMessages(turn('Yes, the ferry left at dawn. We watched seals on the rocks. The interviews went fine too.'), true);
    const f = focus('How did the interviews go?');
    expect(renderSplit(msgs, f, 0, true)).toBe(renderSplit(msgs, f, 0, false));
    expect(renderSplit(msgs, f, 0, true)).toContain('Yes, the ferry left at dawn.');
  });

  test('a turn that replies to nothing is excerpted as before', () => {
    const msgs = splitMessages(turn(reply), false);
    for (const q of ['What are Odile plans for the winter?', 'How are the interviews going?']) expect(renderSplit(msgs, focus(q), 0, true)).toBe(renderSplit(msgs, focus(q), 0, false));
  });

  test('a reply made only of pleasantries keeps them', () => {
    const msgs = splitMessages(turn('Thanks, Bram! Hope all is good!'), true);
    expect(renderSplit(msgs, focus('What did Odile buy?'), 0, true)).toBe(renderSplit(msgs, focus('What did Odile buy?'), 0, false));
  });

  test('on by default', () => {
    expect(RECALL.idleLead).toBe(1);
  });
});
