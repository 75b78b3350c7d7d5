/**
 * Recall session 20, LoCoMo part (issue 14, list items lost at a tight budget), in wording written for this file:
 * - a list or count ask's excerpted sentences are cut to the words around their matches (format.ts clipSentence,
 *   RECALL.listClipWords), keeping a name or a quoted title next to the cut whole, so that more of the items the ask
 *   wants fit in the budget; other asks keep whole sentences.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { RECALL } from '../../src/core/recall/recall.ts';
import { clipSentence } from '../../src/core/recall/format.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';

const saved = { ...RECALL };
afterEach(() => {
  Object.assign(RECALL, saved);
});

describe('clipSentence', () => {
  const focus = new Set(analyze('Which films has Odile watched?'));
  test.each([
    // sentence, reach, expected
    ['We watched a film.', 3, 'We watched a film.'], // short: whole
    ['Last night after a long shift at the bakery we watched an old film on the sofa with tea.', 3, '… the bakery we watched an old film on the sofa …'],
    ['Last night after a long shift at the bakery we watched an old film on the sofa with tea.', 0, 'Last night after a long shift at the bakery we watched an old film on the sofa with tea.'], // off
    // A quoted title two words past the edge is kept whole.
    ['On Sunday evening I finally watched the film called "A Room with a View" at the old cinema downtown.', 2, 'On Sunday evening I finally watched the film called "A Room with a View" …'],
    // A name just before the edge is kept whole, back to the sentence start.
    ['Casablanca Nights, but have you watched that other old classic everyone keeps quoting to me all year?', 2, 'Casablanca Nights, but have you watched that other …'],
    // A name further than two words from the edge is not brought.
    ['Casablanca Nights is lovely, but have you watched that other old classic everyone keeps quoting to me?', 2, '… have you watched that other …'],
    // "I'm" is no name.
    ["We watched the old film together and then I'm going home for a long quiet night in bed.", 2, 'We watched the old film together and …'],
    // No word matches: whole (a neighbour's line).
    ['My neighbour and I were bored so we played cards at the kitchen table until well after midnight again.', 2, 'My neighbour and I were bored so we played cards at the kitchen table until well after midnight again.'],
  ])('%s (reach %i)', (s, reach, expected) => {
    expect(clipSentence(s, focus, reach)).toBe(expected);
  });
});

test('on by default: every excerpt of a list or count ask, the lower-ranked excerpts of other asks', () => {
  expect(RECALL.listClipWords).toBeGreaterThan(0);
  expect(RECALL.clipWords).toBeGreaterThan(0);
  expect(RECALL.clipFromRank).toBeGreaterThanOrEqual(3);
});

describe('a list ask at a tight budget', () => {
  const pad = 'after a long and tiring shift at the bakery on the corner of our street';
  const items = ['Middlemarch', 'Beloved', 'Dubliners', 'Rebecca', 'Emma', 'Ulysses', 'Persuasion', 'Lolita', 'Dracula', 'Frankenstein', 'Kidnapped', 'Walden'];

  async function cited(question: string, clip: number): Promise<{ count: number; context: string }> {
    RECALL.listClipWords = clip;
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: EMPTY_LEXICON });
    for (const [i, title] of items.entries()) {
      const day = String(i + 1).padStart(2, '0');
      await service.ingestTurn({ sessionId: `s${i}`, userId: 'u1', messages: [{ role: 'user', name: 'Odile', content: `Hello again! Yesterday ${pad} I read the book ${title} on the train and we argued about the ending all evening.` }], timestamp: `2024-03-${day}T10:00:00Z` });
    }
    const r = await service.recall({ query: question, sessionId: null, userId: 'u1', maxTokens: 200 });
    return { count: r.citations.length, context: r.context };
  }

  test('cut sentences fit more of the items', async () => {
    const whole = await cited('What books has Odile read?', 0);
    const cut = await cited('What books has Odile read?', 3);
    expect(cut.count).toBeGreaterThan(whole.count);
    expect(cut.context).not.toContain('bakery on the corner');
    expect(cut.context).toMatch(/I read the book [A-Z][a-z]+ on/);
  });

  test('with the default, the list ask cites more than with whole sentences', async () => {
    const whole = await cited('What books has Odile read?', 0);
    const byDefault = await cited('What books has Odile read?', saved.listClipWords);
    expect(byDefault.count).toBeGreaterThan(whole.count);
  });

  test('an ask that is not a list keeps whole sentences in its best turn lines', async () => {
    RECALL.clipWords = 0;
    const whole = await cited('How did Odile feel about the ending?', 0);
    const cut = await cited('How did Odile feel about the ending?', 3);
    expect(cut.context).toBe(whole.context);
  });

  test('an ask that is not a list has its excerpts cut from rank clipFromRank on', async () => {
    const ask = 'Where did Odile read the book?';
    RECALL.clipWords = 0;
    const off = await cited(ask, 0);
    RECALL.clipWords = 4;
    RECALL.clipFromRank = 2;
    const on = await cited(ask, 0);
    expect(on.count).toBeGreaterThan(off.count);
    // The first two turn lines keep their whole sentence.
    expect(on.context.split('\n').filter((l) => l.includes('bakery on the corner')).length).toBeGreaterThanOrEqual(2);
  });
});
