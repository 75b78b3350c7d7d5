// A name asked of a thing ("the name of my dog") is answered by a row whose value is a kind of that thing by the
// lexicon ("pet: border collie named Bolt"), not only by one that repeats the word. Before, the self-eval probe
// "What is the name of my dog?" came back empty for a user who had said "a border collie named Bolt".
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { valueIsKindOf, valueWordOfKind } from '../../src/core/recall/retrieve.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';

const lexicon = openLexicon({ MEMORY_LEXICON: 'wordnet' }).lexicon;

describe('a value that is a kind of the thing asked', () => {
  test.each([
    ['beagle named Maple', ['dog'], true],
    ['labrador retriever called Biscuit', ['dog'], true],
    ['cockatiel named Kiwi', ['bird'], true],
    ['tabby named Socks', ['cat'], true],
    ['beagle named Maple', ['cat'], false],
    ['goldfish named Bubbles', ['dog'], false],
    ['Maple', ['dog'], false],
    ['beagle named Maple', [], false],
  ])('%s is a kind of %j: %s', (value, asked, expected) => {
    expect(valueIsKindOf(lexicon, value, asked)).toBe(expected);
  });

  test('answers "the name of my dog" from a breed; a cat never mentioned stays empty', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const service = new MemoryService({ store, lexicon, offlineExtractor: new OfflineExtractor({ lexicon }) });
    await service.ingestTurn({ sessionId: 's1', userId: 'odile', timestamp: '2024-06-10T08:00:00Z', messages: [{ role: 'user', content: 'The twins are six now. We also have a beagle named Maple.' }] });
    const ask = (query: string) => service.recall({ query, sessionId: 's2', userId: 'odile', maxTokens: 512 });
    expect((await ask("What's the name of my dog?")).context).toContain('Maple');
    expect(await ask('What is the name of my cat?')).toMatchObject({ context: '', citations: [] });
    await store.close();
  });
});

// A like answers a topic when one of its words is a kind of the topic's word ("like: old jazz records" for "what
// music do I like?"). Before, self-eval's kenji-retiree "What music do I like?" came back empty.
describe("a like's word that is a kind of the topic asked", () => {
  test.each([
    ['old jazz records', ['music'], true],
    ['salsa dancing and tango', ['dance'], true],
    ['golden retrievers', ['animals', 'animal'], true],
    ['old jazz records', ['sport', 'sports'], false],
    ['long walks on the beach', ['sport'], false],
    ['old jazz records', [], false],
  ])('%s under %j: %s', (value, topics, expected) => {
    expect(valueWordOfKind(lexicon, value, topics)).toBe(expected);
  });

  test('answers "what music do I like?" from a like of a genre; a sport never mentioned stays empty', async () => {
    const store = new SqliteMemoryStore(':memory:');
    await store.migrate();
    const service = new MemoryService({ store, lexicon, offlineExtractor: new OfflineExtractor({ lexicon }) });
    await service.ingestTurn({ sessionId: 's1', userId: 'ines', timestamp: '2024-06-10T08:00:00Z', messages: [{ role: 'user', content: 'Weekends are for the garden. I love old reggae records, especially Toots.' }] });
    const ask = (query: string) => service.recall({ query, sessionId: 's2', userId: 'ines', maxTokens: 512 });
    expect((await ask('What music do I enjoy?')).context).toMatch(/reggae/);
    expect(await ask('Which sports do I follow?')).toMatchObject({ context: '', citations: [] });
    await store.close();
  });
});
