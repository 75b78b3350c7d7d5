/**
 * Recall by meaning, session 10b (transfer-validated), in wording written for this file (no probe set's users,
 * nouns or question shapes): a key asked by a phrase of the key vocabulary ("make a living", "a special
 * someone") searches the turns of the key's kind; "-wise" as "as regards" ("job-wise") is read as its stem; "what
 * keeps me busy / occupies me" frames the ask; a closing relative clause ("…that customers wheel in") weighs as a
 * circumstance; a three-letter word reaches the synonyms sharing its first sense ("fix" → repair); a noun compound
 * of a question about a known person ("Greta's blood type") counts as discussed only when one turn holds both words. Each rule has never-discussed rows beside it that must stay empty.
 *
 * Each row (expectRows): the ask, and either the words of which one must be in the context, or [] for an
 * empty context.
 */
import { expect, test } from 'vitest';
import { expectRows, type ContextRow } from './offline-app.ts';

const ilse = [
  "Ilse here. I drive trams for the city transport company in Graz, early shifts mostly.",
  'Our parrot Pepe whistles the tram bell every morning.',
  'I can not stand opera, my aunt drags me to the Oper every Christmas.',
  'Quit the tram depot last spring. These days I restore antique clocks for collectors from a workshop in my garage.',
  'My boyfriend Lukas is a nurse on the night ward.',
];

const bram = [
  'Bram here, I grow tomatoes and peppers in two polytunnels near Ghent.',
  'I sing bass in a male voice choir on Monday evenings.',
  'My knees are bad, so I kneel on a foam pad in the tunnels.',
];

const cases: Array<[title: string, said: string[], rows: ContextRow[]]> = [
  [
    'the occupation asked by a phrase of earning or "-wise": the turns about work answer it',
    ilse,
    [
      ['How do I make a living these days?', ['clocks']],
      ['What do I do to earn a living now?', ['clocks']],
      ['Where am I at job-wise?', ['clocks', 'tram']],
      ['What keeps me occupied workwise at the moment?', ['clocks', 'tram']],
      // Never discussed: the stem names a topic nobody raised.
      ['How am I doing fitness-wise?', []],
      ['What keeps me busy on the ski slopes?', []],
      ['How much do I earn from my crypto portfolio?', []],
    ],
  ],
  [
    'a partner asked as "someone special" or "seeing anyone"; without a partner ever said, empty',
    ilse,
    [
      ['Is there a special someone in my life?', ['lukas']],
      ['Am I seeing anyone at the moment?', ['lukas']],
    ],
  ],
  [
    'the same asks for a user who never spoke of work changes or a partner',
    bram,
    [
      ['Is there someone special in my life?', []],
      ['Am I seeing anyone these days?', []],
      ['How am I doing money-wise?', []],
      ['How do I make a living?', ['tomatoes', 'polytunnels']],
    ],
  ],
  [
    'a closing relative clause says which of the thing is meant; a short verb reaches a synonym sharing its first sense',
    [
      'Odile here, I mend bicycles in a little shop behind the station in Nantes.',
      'My cousin Armand keeps pigeons on his roof.',
      'No more repairs for me: I sold the shop, I only build custom frames now.',
    ],
    [
      ['Do I still fix the bicycles that customers wheel in?', ['custom frames', 'sold the shop']],
      ['Am I still fixing bicycles?', ['custom frames', 'sold the shop']],
      // Never discussed: the thing before the clause was never said.
      ['Do I still fix the boilers that neighbours call about?', []],
      ['Do I still tune the pianos that schools send me?', []],
    ],
  ],
  [
    'a noun compound about a known person is discussed only when one turn holds both words',
    [
      'Greta here. My new hiking shoes gave me blisters on the first walk.',
      'The size of the vegetable plot doubled after we took down the shed.',
      'My level of Spanish is finally good enough to follow the news.',
      'Our blood oranges came from a market stall in Valencia.',
      'I wear a size 39 running shoe, sometimes a 40 in boots.',
    ],
    [
      ["What is Greta's shoe size?", ['39']],
      // Never discussed as a whole: each word said somewhere, never together.
      ["What is Greta's blood type?", []],
      ["What is Greta's cholesterol level?", []],
      ["Which garden gnome does Greta prefer?", []],
    ],
  ],
];

for (const [title, said, rows] of cases) test(title, () => expectRows(said, rows), 30_000);

test('"-wise" words the lexicon knows stay as they are', async () => {
  const { analyzeQuery } = await import('../../src/core/recall/query-analysis.ts');
  expect(analyzeQuery('Is it otherwise fine?').terms.map((t) => t.term)).toContain('otherwis');
});

test('noun compounds: two nouns in a row, the first with no adjective reading', async () => {
  const { analyzeQuery } = await import('../../src/core/recall/query-analysis.ts');
  const { openLexicon } = await import('../../src/providers/lexicon/create-lexicon.ts');
  const lexicon = openLexicon({}).lexicon;
  const known = new Set(['greta']);
  expect(analyzeQuery("What is Greta's blood type?", known, lexicon).compounds).toEqual([['blood', 'type']]);
  expect(analyzeQuery('Which router model does Greta have?', known, lexicon).compounds).toEqual([['router', 'model']]);
  // "favourite" reads as an adjective; a name is never part of a compound; "Sunday" is a time word.
  expect(analyzeQuery("What is Greta's favourite cheese?", known, lexicon).compounds).toEqual([]);
  expect(analyzeQuery('Did Greta walk Sunday morning?', known, lexicon).compounds).toEqual([]);
});
