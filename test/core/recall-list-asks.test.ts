// List asks read by their head noun (a plural noun by the lexicon), and the stronger speaker
// prior they get: their items are the named person's own turns across sessions.
import { afterEach, describe, expect, test } from 'vitest';
import { analyzeQuery, pluralHead, whHead } from '../../src/core/recall/query-analysis.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { EMPTY_LEXICON } from '../../src/core/lexicon/empty.ts';
import type { Lexicon } from '../../src/core/ports.ts';

/** Base forms of a few nouns, as the WordNet adapter gives them (a plural's base form differs). */
const BASE: Record<string, string[]> = { recipes: ['recipe'], countries: ['country'], musicians: ['musician'], art: ['art'], news: ['news'], things: ['thing'], paintings: ['painting'] };
const lex: Lexicon = { ...EMPTY_LEXICON, lemmas: (w: string) => BASE[w] ?? [] };

describe('the head noun of a wh-question', () => {
  test.each([
    ['What European countries has Maria been to?', 'countries'],
    ['Which  classical musicians does Melanie enjoy listening to?', 'musicians'],
    ['What kind of art does Caroline make?', 'art'],
    ['What musical artists/bands has Melanie seen?', 'artists'],
    ['What did Caroline research?', null],
    ['When did she move?', null],
  ])('%s → %s', (q, head) => expect(whHead(q)).toBe(head));

  test.each([
    ['What recipes has Joanna made?', true],
    ['What European countries has Maria been to?', true],
    ['What kind of art does Caroline make?', false],
    ['What news did he share?', false],
    ['What did Caroline research?', false],
  ])('plural head: %s → %s', (q, plural) => expect(pluralHead(q, lex)).toBe(plural));

  test('a plural head makes a list ask only with a lexicon', () => {
    expect(analyzeQuery('What recipes has Joanna made?', new Set(), lex).list).toBe(true);
    expect(analyzeQuery('What recipes has Joanna made?').list).toBe(false);
    expect(analyzeQuery('What kind of art does Caroline make?', new Set(), lex).list).toBe(false);
  });
});

describe('the speaker prior of list asks', () => {
  const saved = { ...RETRIEVE };
  afterEach(() => Object.assign(RETRIEVE, saved));

  /** Caroline talks about her paintings at length; Melanie mentions hers once. */
  async function ranked(question: string): Promise<string[]> {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: { name: 'none', extract: async () => [] }, logger: { info() {}, warn() {}, error() {} }, lexicon: lex });
    const chat: Array<[string, string]> = [
      ['Caroline', 'My paintings are in the show, paintings of trees.'],
      ['Melanie', 'I finished two paintings last weekend with the kids, a horse and a sunset.'],
      ['Caroline', 'The weather was nice and we went for a walk by the river.'],
      ['Melanie', 'We had pasta for dinner and watched a film together afterwards.'],
    ];
    for (const [i, [name, content]] of chat.entries()) await service.ingestTurn({ sessionId: `s${i}`, userId: 'u1', messages: [{ role: 'user', name, content }], timestamp: `2023-0${i + 1}-01T10:00:00Z` });
    return (await service.search({ query: question, sessionId: null, userId: 'u1', limit: 5 })).map((r) => r.content.split(':')[0]);
  }

  test('a list ask ranks the named person’s turn first where a plain question does not', async () => {
    expect((await ranked('What did Melanie say about paintings?'))[0]).toBe('Caroline');
    expect((await ranked('What paintings has Melanie done?'))[0]).toBe('Melanie');
  });

  test('with the list prior as weak as the plain one, the list ask does not', async () => {
    RETRIEVE.listSpeakerBoost = RETRIEVE.speakerBoost;
    expect((await ranked('What paintings has Melanie done?'))[0]).toBe('Caroline');
  });
});
