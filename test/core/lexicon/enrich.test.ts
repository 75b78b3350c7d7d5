// Index-time kind features: the kinds a user's message mentions, read from WordNet; assistant
// text, names and very common words give none.
import { describe, expect, test } from 'vitest';
import { textKinds, turnFeatures } from '../../../src/core/text/enrich.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import { openLexicon } from '../../../src/providers/lexicon/create-lexicon.ts';
import { locateWordNet } from '../../../src/providers/lexicon/wordnet-cache.ts';

describe.skipIf(!locateWordNet())('kind features over WordNet', () => {
  const lex = openLexicon({}).lexicon;
  test.each([
    ['Thai is my favourite cuisine, green curry especially.', 'food'],
    ["I'm not vegetarian anymore, I started eating fish again.", 'food'],
    ['Also lactose intolerant, which makes pizza night tricky.', 'food'],
    ["I'm retraining as a data analyst.", 'occupation'],
    ['We live in Edinburgh, just off Leith Walk.', 'location'],
    ['Our border collie needs loads of exercise.', 'animal'],
    ["I'm allergic to penicillin.", 'illness'],
    ['My nephew started learning the cello.', 'instrument'],
  ])('"%s" mentions %s', (text, kind) => {
    expect([...textKinds(lex, text)]).toContain(kind);
  });

  test.each([['The meeting moved to Thursday afternoon.'], ['Thanks, that sounds good to me!']])('"%s" mentions no kind', (text) => {
    expect([...textKinds(lex, text)]).toEqual([]);
  });

  test('a capitalised name gets only place-like kinds ("Tofu" the cat is no food)', () => {
    expect([...textKinds(lex, 'Our cat Tofu keeps stealing my chair.')]).not.toContain('food');
  });

  test("only the user's messages count", () => {
    const f = turnFeatures(lex, [
      { role: 'user', content: 'Any ideas for tonight?' },
      { role: 'assistant', content: 'How about a mushroom risotto?' },
    ]);
    expect(f).toEqual([]);
    expect(turnFeatures(lex, [{ role: 'user', content: 'I made a mushroom risotto.' }])).toEqual(['_kfood']);
  });
});

test('the empty lexicon gives no features', () => {
  expect(turnFeatures(EMPTY_LEXICON, [{ role: 'user', content: 'Thai curry and my dog Rex.' }])).toEqual([]);
});
