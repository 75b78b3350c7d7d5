// A hand-written six-synset WordNet in the database's own text format, for the parser, cache and
// adapter tests (the real database is exercised in wordnet.test.ts).
import type { WordNetSources } from '../../../src/providers/lexicon/wordnet-tables.ts';

const LICENSE = '  1 This software and database is being provided to you, the LICENSEE...\n';

export const MINI: WordNetSources = {
  data: {
    noun:
      LICENSE +
      '00000100 03 n 01 entity 0 000 | that which exists\n' +
      '00000200 05 n 01 animal 0 001 @ 00000100 n 0000 | a living organism\n' +
      '00000300 05 n 02 dog 0 domestic_dog 0 001 @ 00000200 n 0000 | a canine\n' +
      '00000400 18 n 01 chaser 0 002 @ 00000100 n 0000 + 00000900 v 0101 | one who chases\n' +
      '00000500 13 n 01 hot_dog 0 001 @ 00000100 n 0000 | a sausage in a bun\n',
    verb: LICENSE + '00000900 38 v 02 chase 0 dog 0 001 + 00000400 n 0101 01 + 01 00 | go after\n',
    adj: LICENSE + '00001000 00 a 01 canine(a) 0 000 | of dogs\n',
    adv: LICENSE,
  },
  index: {
    noun: LICENSE + 'animal n 1 1 @ 1 0 00000200\nchaser n 1 2 @ + 1 0 00000400\ndog n 2 1 @ 2 1 00000300 00000500\ndomestic_dog n 1 1 @ 1 0 00000300\nentity n 1 0 1 0 00000100\nhot_dog n 1 1 @ 1 0 00000500\n',
    verb: LICENSE + 'chase v 1 1 + 1 1 00000900\ndog v 1 1 + 1 0 00000900\n',
    adj: LICENSE + 'canine a 1 0 1 0 00001000\n',
    adv: LICENSE,
  },
  senseIndex: 'dog%1:05:00:: 00000300 1 40\ndog%1:13:00:: 00000500 2 2\ndog%2:38:00:: 00000900 1 3\nchase%2:38:00:: 00000900 1 9\n',
  exc: { noun: 'doggies dog\n', verb: 'chased chase\n' },
};
