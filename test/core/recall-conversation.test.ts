// Conversation structure in recall: answers follow questions (reply inherits the question's
// score, follow-up questions and short reactions pass it on once), replies lead with the answer
// (excerpts keep their first sentence), shortened names resolve to the speaker, and a name in an
// oblique position ("about Gina's store") does not decide whose turns are favoured.
import { describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor } from '../../src/core/ports.ts';
import { analyzeQuery, expandShortNames, pronounFindsReferent } from '../../src/core/recall/query-analysis.ts';
import { renderSplit, sentences, splitMessages } from '../../src/core/recall/format.ts';
import { askedSpeakers } from '../../src/core/recall/retrieve.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import type { MemoryRecord, TurnRecord } from '../../src/core/types.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';

const noExtraction: Extractor = { name: 'none', extract: async () => [] };
const silent = { info() {}, warn() {}, error() {} };

async function chat(lines: Array<[string, string]>, day = '2023-05-08') {
  const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: noExtraction, logger: silent });
  const ids: string[] = [];
  for (const [i, [name, content]] of lines.entries()) {
    const ts = new Date(Date.parse(`${day}T10:00:00Z`) + i * 60_000).toISOString();
    ids.push((await service.ingestTurn({ sessionId: `s-${day}`, userId: 'u', messages: [{ role: 'user', name, content }], timestamp: ts })).turn.id);
  }
  return { service, ids };
}

describe('sentence splitting', () => {
  test.each([
    ['J.K. Rowling is such an inspiring writer. I read her books.', ['J.K. Rowling is such an inspiring writer.', 'I read her books.']],
    ['I met Dr. Lee in St. Louis. It was fun!', ['I met Dr. Lee in St. Louis.', 'It was fun!']],
    ['Jane F. Doe came over. We cooked.', ['Jane F. Doe came over.', 'We cooked.']],
    ['So did I. Then we left.', ['So did I.', 'Then we left.']],
    ['No. I never went.', ['No.', 'I never went.']],
    ['We loved it. U.S. trips are fun.', ['We loved it.', 'U.S. trips are fun.']],
  ])('%s', (text, want) => expect(sentences(text)).toEqual(want));
});

describe('shortened names', () => {
  const known = new Set(['melanie', 'caroline', 'sister maya', 'john', 'jon', 'howard']);
  test.each([
    ['What did Mel and her kids paint?', 'What did Melanie and her kids paint?'],
    ["What is Mel's job?", "What is Melanie's job?"],
    // Not the question's first word, not a month, not a known name itself, not ambiguous.
    ['How did Caroline feel?', 'How did Caroline feel?'],
    ['What did Jo say?', 'What did Jo say?'],
    ['What happened in May 2023?', 'What happened in May 2023?'],
    ['What does Maya like?', 'What does Maya like?'],
    // Only single-word names expand: "sister" (from "sister maya") is not a name.
    ['Where does Sis live?', 'Where does Sis live?'],
  ])('%s', (q, want) => expect(expandShortNames(q, known)).toBe(want));

  test('a question using a short name finds the speaker it stands for', async () => {
    const { service, ids } = await chat([
      ['Melanie', 'We painted a sunset with a palm tree last weekend, the kids loved it.'],
      ['Caroline', 'I painted a portrait of my grandmother for the art show.'],
    ]);
    const r = await service.recall({ query: 'What did Mel paint with her kids?', sessionId: null, userId: 'u', maxTokens: 256 });
    expect(r.citations[0]?.turn_id).toBe(ids[0]);
  });
});

describe('oblique names', () => {
  const known = new Set(['jon', 'gina', 'melanie', 'caroline']);
  test.each([
    ["What did Jon say about Gina's progress with her store?", ['jon']],
    ['What book did Caroline recommend to Melanie?', ['caroline']],
    ['How do Melanie and Caroline describe their journey?', ['melanie', 'caroline']],
    ['According to Gina, what makes Jon a perfect mentor?', ['gina', 'jon']],
    ["What is Gina's favorite dance?", ['gina']],
  ])('%s asks about %j', (q, want) => {
    expect([...askedSpeakers(analyzeQuery(q, known), { allSpeakers: known })]).toEqual(want);
  });

  test("the speaker named directly is favoured over the one whose thing is talked about", async () => {
    const { service, ids } = await chat([
      ['Gina', 'My store is doing better than ever, sales doubled this month.'],
      ['Jon', 'Your store looks amazing, Gina, all that hard work is paying off.'],
    ]);
    const r = await service.search({ query: "What did Jon say about Gina's store?", userId: 'u', sessionId: null, limit: 5 });
    expect(r[0]?.id).toBe(ids[1]);
  });
});

describe('answers follow questions', () => {
  test('the reply to a matching question outranks the turn before the question', async () => {
    const { service, ids } = await chat([
      ['John', 'We have had lots more energy lately and noticed some gains in strength and endurance.'],
      ['Maria', 'Great news! How often do you all work out together as a family?'],
      ['John', 'Three times a week; it keeps us on track.'],
    ]);
    const r = await service.search({ query: 'How often does John work out with his family?', userId: 'u', sessionId: null, limit: 5 });
    const score = (id: string) => r.find((x) => x.id === id)?.score ?? 0;
    expect(score(ids[2])).toBeGreaterThan(score(ids[0]));
  });

  test('a follow-up question passes the match on to its reply ("What is it about?")', async () => {
    const { service, ids } = await chat([
      ['Joanna', 'I finally finished my first full screenplay and printed it last Friday!'],
      ['Nate', 'Wow, that sounds awesome! What is it about?'],
      ['Joanna', 'Thanks! It is a mix of drama and romance.'],
      ['Nate', 'My turtles have been sleeping all day in the sun.'],
    ]);
    const r = await service.recall({ query: "What genre is Joanna's first screenplay?", sessionId: null, userId: 'u', maxTokens: 512 });
    expect(r.citations.map((c) => c.turn_id)).toContain(ids[2]);
    expect(r.context).toContain('drama and romance');
  });

  test("a reply's excerpt keeps its first sentence, where the answer usually is", () => {
    const turn = (content: string): TurnRecord => ({ messages: [{ role: 'user', name: 'Caroline', content }], text: content }) as unknown as TurnRecord;
    const t = turn('I loved "Becoming Nicole" by Amy Ellis Nutt. It is an inspiring true story. It gave me hope. Highly recommend it for sure!');
    const focus = new Set(analyze('which book did she recommend'));
    expect(renderSplit(splitMessages(t, true), focus)).toBe('Caroline: I loved "Becoming Nicole" by Amy Ellis Nutt. … Highly recommend it for sure!');
    expect(renderSplit(splitMessages(t, false), focus)).toBe('Caroline: Highly recommend it for sure!');
  });

  test('inside one turn, a message after a question is a reply too', () => {
    const t = { messages: [{ role: 'user', name: 'Ana', content: 'Which city should we visit?' }, { role: 'assistant', name: null, content: 'Edinburgh would be great. It has a castle. Plus, it is a beautiful city.' }], text: '' } as unknown as TurnRecord;
    const [first, second] = splitMessages(t);
    expect(first.answers).toBe(false);
    expect(second.answers).toBe(true);
  });
});

describe('session continuation', () => {
  test('sharing only a speaker label ("the user") with the session is not a continuation', async () => {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: noExtraction, logger: silent });
    await service.ingestTurn({ sessionId: 's1', userId: 'u', messages: [{ role: 'user', content: 'My brother Tomas is a firefighter in Chicago.' }], timestamp: '2025-05-01T12:00:00Z' });
    const unrelated = await service.recall({ query: 'Favourite video game of the user?', sessionId: 's1', userId: 'u', maxTokens: 256 });
    expect(unrelated).toEqual({ context: '', citations: [], tokens: 0 });
    const related = await service.recall({ query: "What does the user's brother do?", sessionId: 's1', userId: 'u', maxTokens: 256 });
    expect(related.context).toContain('firefighter');
  });
});

describe('question wording reaches the stored key', () => {
  test.each([
    ["I'm vegan, have been for three years.", 'Does the user have any dietary restrictions?', 'vegan'],
    ['I play chess online most evenings to unwind.', 'What does he do to relax?', 'chess'],
    ["I'm lactose intolerant, so dairy is out.", 'Is she intolerant to anything?', 'lactose'],
  ])('%s → %s', async (said, question, want) => {
    const { OfflineExtractor } = await import('../../src/core/extraction/offline-extractor.ts');
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: new OfflineExtractor(), logger: silent });
    await service.ingestTurn({ sessionId: 's1', userId: 'u', messages: [{ role: 'user', content: said }], timestamp: '2025-03-01T10:00:00Z' });
    const r = await service.recall({ query: question, sessionId: 'other', userId: 'u', maxTokens: 256 });
    expect(r.context).toContain(want);
  });

  test('"Which cities has she lived in?" lists the superseded homes too', async () => {
    const { OfflineExtractor } = await import('../../src/core/extraction/offline-extractor.ts');
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: new OfflineExtractor(), logger: silent });
    for (const [i, said] of ['I live in Chicago.', 'We finally moved to Denver last weekend.', 'Big news: I just moved to Lisbon.'].entries()) {
      await service.ingestTurn({ sessionId: `s${i}`, userId: 'u', messages: [{ role: 'user', content: said }], timestamp: `2025-0${i + 1}-01T10:00:00Z` });
    }
    const memories = await service.listUserMemories('u', { includeInactive: true });
    expect(memories.filter((m) => m.key === 'location').map((m) => m.value).sort()).toEqual(['Chicago', 'Denver', 'Lisbon']);
    const r = await service.recall({ query: 'Which cities has she lived in?', sessionId: 'other', userId: 'u', maxTokens: 256 });
    for (const city of ['Chicago', 'Denver', 'Lisbon']) expect(r.context).toContain(city);
  });
});

describe('pronoun follow-ups need a referent in the session', () => {
  test.each([
    ['How old will he be?', 'My son turns 7 next week.', true],
    ['What is her blood type?', 'My brother Tomás is a firefighter, he visits in June.', false],
    ['Does he play the piano?', 'My brother Tomás is a firefighter, he visits in June.', true],
    ['What is it about?', 'I finished my screenplay.', true],
    ['Where did she study?', 'My wife Aiko cooked dinner.', true],
    ['Has he ever been to Japan?', 'Can you recommend a good pad thai place?', false],
  ])('"%s" after "%s" → %s', (q, said, want) => expect(pronounFindsReferent(q, said)).toBe(want));

  test('a gendered question with no referent in the session gets the ordinary gate (empty when never discussed)', async () => {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: noExtraction, logger: silent });
    await service.ingestTurn({ sessionId: 's3', userId: 'u', messages: [{ role: 'user', content: 'My brother Tomás is a firefighter back in Chicago.' }, { role: 'assistant', content: 'That will be fun!' }], timestamp: '2025-05-01T12:00:00Z' });
    expect((await service.recall({ query: 'What car does she drive?', sessionId: 's3', userId: 'u', maxTokens: 256 })).context).toBe('');
    expect((await service.recall({ query: 'How old is he?', sessionId: 's3', userId: 'u', maxTokens: 256 })).context).toContain('Tomás');
  });
});

describe('an unknown name in a scope where the user is unnamed', () => {
  async function userScope(lines: string[]) {
    const service = new MemoryService({ store: new InMemoryStore(), offlineExtractor: noExtraction, logger: silent });
    for (const [i, content] of lines.entries()) await service.ingestTurn({ sessionId: 's1', userId: 'u', messages: [{ role: 'user', content }, { role: 'assistant', content: 'Nice!' }], timestamp: `2025-06-0${i + 1}T09:00:00Z` });
    return service;
  }

  test('is read as the user: "When did Kenji run his half marathon?"', async () => {
    const service = await userScope(['Last Friday I ran my first half marathon in Portland!', 'I work at Intel as a software engineer.']);
    const r = await service.recall({ query: 'When did Kenji run his half marathon?', sessionId: 'p', userId: 'u', maxTokens: 256 });
    expect(r.context).toContain('half marathon in Portland');
  });

  test('is left alone when the scope has seen the name, or has named speakers', async () => {
    const seen = await userScope(['My colleague Kenji ran a marathon.', 'I ran my first half marathon last Friday!']);
    const { RETRIEVE, unnamedUserName, asUser } = await import('../../src/core/recall/retrieve.ts');
    expect(RETRIEVE.unnamedUserAlias).toBe(1);
    const q = analyzeQuery('When did Kenji run his half marathon?');
    expect(unnamedUserName(q, new Set(['caroline', 'melanie']))).toBeNull();
    expect(unnamedUserName(q, new Set(['user', 'caroline']))).toBeNull();
    expect(unnamedUserName(q, new Set(['user', 'assistant']))).toEqual(['kenji']);
    expect(asUser(q, ['kenji']).names).toEqual(['user']);
    expect(asUser(q, ['kenji']).terms.map((t) => t.term)).not.toContain('kenji');
    expect((await seen.recall({ query: 'When did Kenji run his half marathon?', sessionId: 'p', userId: 'u', maxTokens: 256 })).context).toContain('Kenji ran a marathon');
  });
});
