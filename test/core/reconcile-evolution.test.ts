/**
 * @module test/core/reconcile-evolution
 * Multi-session fact evolution through the real service (offline extractor → reconcile) on a
 * real SQLite store: job change, move, pet adopted then rehomed, diet change and back, opinion
 * arc, correction of a wrong date. Each scenario is a list of user turns in separate sessions.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';
import type { MemoryRecord } from '../../src/core/types.ts';

let store: SqliteMemoryStore | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

async function service() {
  store = new SqliteMemoryStore(':memory:');
  await store.migrate();
  return new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
}

/** Ingests each turn in its own session, one day apart, starting on Wednesday 2024-05-08. */
async function play(svc: MemoryService, user: string, turns: Array<string | string[]>): Promise<MemoryRecord[]> {
  let day = 0;
  for (const t of turns) {
    const msgs = Array.isArray(t) ? t : [t];
    const timestamp = new Date(Date.UTC(2024, 4, 8 + day)).toISOString().replace('T00', 'T15');
    await svc.ingestTurn({ sessionId: `${user}-s${day}`, userId: user, timestamp, messages: msgs.map((content) => ({ role: 'user' as const, content })) });
    day += 1;
  }
  return svc.listUserMemories(user);
}

const of = (ms: MemoryRecord[], key: string) => ms.filter((m) => m.key === key);
const activeValues = (ms: MemoryRecord[], key: string) => of(ms, key).filter((m) => m.active).map((m) => m.value).sort();

describe('evolution scenarios (service + SQLite)', () => {
  test('job change: Stripe → Notion, chain linked, recall names Notion', async () => {
    const svc = await service();
    const ms = await play(svc, 'u1', ['I work at Stripe as a backend engineer.', 'How do I center a div?', 'I just started a new job at Notion!']);
    expect(activeValues(ms, 'employer')).toEqual(['Notion']);
    const stripe = of(ms, 'employer').find((m) => m.value === 'Stripe')!;
    const notion = of(ms, 'employer').find((m) => m.value === 'Notion')!;
    expect(stripe).toMatchObject({ active: false, status: 'superseded', supersededBy: notion.id });
    expect(notion.supersedes).toBe(stripe.id);
    expect(stripe.validTo).not.toBeNull();
    const r = await svc.recall({ query: 'where does the user work now?', sessionId: 'u1-new', userId: 'u1', maxTokens: 400 });
    expect(r.context).toContain('Notion');
  });

  test('move: NYC → Berlin keeps NYC as history; a repeat reinforces', async () => {
    const svc = await service();
    const ms = await play(svc, 'u2', ['I live in NYC.', 'I moved to Berlin from NYC last month.', 'Berlin is where I live now, I live in Berlin.']);
    expect(activeValues(ms, 'location')).toEqual(['Berlin']);
    expect(of(ms, 'location').filter((m) => m.value === 'Berlin')).toHaveLength(1);
    expect(of(ms, 'location').find((m) => m.value === 'Berlin')!.confidence).toBeGreaterThan(0.9);
    expect(of(ms, 'location').find((m) => m.value === 'NYC')).toMatchObject({ active: false });
    expect(of(ms, 'event_move')[0]?.eventDate).toBe('2024-04');
  });

  test('pets: a dog, then a cat adopted, then the cat rehomed — the dog stays', async () => {
    const svc = await service();
    const ms = await play(svc, 'u3', ['I have a dog named Rex.', 'We adopted a cat called Luna last weekend.', 'We had to rehome Luna because of my allergies.']);
    expect(activeValues(ms, 'pet')).toEqual(['dog named Rex']);
    expect(of(ms, 'pet').find((m) => m.value === 'cat named Luna')).toMatchObject({ active: false, status: 'retracted' });
  });

  test('diet: vegetarian, not anymore, then back', async () => {
    const svc = await service();
    let ms = await play(svc, 'u4', ["I'm vegetarian.", "I'm not vegetarian anymore."]);
    expect(activeValues(ms, 'diet')).toEqual([]);
    ms = await play(svc, 'u4', ["I'm vegetarian again, it's better for me."]);
    expect(activeValues(ms, 'diet')).toEqual(['vegetarian']);
    expect(of(ms, 'diet').map((m) => m.status).sort()).toEqual(['active', 'retracted']);
  });

  test('opinion arc: loved → annoyed → fine, the chain is kept with stances', async () => {
    const svc = await service();
    const ms = await play(svc, 'u5', ['I think TypeScript is amazing.', 'Honestly TypeScript is annoying with all those generics.', "I've come around on TypeScript, it's fine for big projects."]);
    const chain = of(ms, 'opinion_typescript');
    expect(chain.map((m) => m.metadata.stance)).toEqual(['positive', 'negative', 'positive']);
    expect(chain.filter((m) => m.active)).toHaveLength(1);
    expect(chain[2].supersedes).toBe(chain[1].id);
  });

  test('correction of a wrong date in a later turn of the same session', async () => {
    const svc = await service();
    const ts = '2024-05-08T15:00:00.000Z';
    await svc.ingestTurn({ sessionId: 's', userId: 'u6', timestamp: ts, messages: [{ role: 'user', content: 'My dentist appointment is on Tuesday.' }] });
    await svc.ingestTurn({ sessionId: 's', userId: 'u6', timestamp: ts, messages: [{ role: 'user', content: 'Actually, not Tuesday — Thursday.' }] });
    const ms = of(await svc.listUserMemories('u6'), 'event_appointment');
    expect(ms).toHaveLength(2);
    const [wrong, right] = ms;
    expect(wrong).toMatchObject({ eventDate: '2024-05-14', active: false, status: 'superseded', supersededBy: right.id });
    expect(right).toMatchObject({ eventDate: '2024-05-09', active: true, supersedes: wrong.id });
  });

  test('a date corrected in a later session re-dates the trip it names', async () => {
    const svc = await service();
    const ms = of(await play(svc, 'u8', ["I'm flying to Lisbon on June 14 for a week of holiday.", 'Actually, the Lisbon trip is not June 14 — it is June 21 now, the flight got moved.']), 'event_trip');
    expect(ms.filter((m) => m.active).map((m) => m.eventDate)).toEqual(['2024-06-21']);
    expect(ms.find((m) => m.eventDate === '2024-06-14')).toMatchObject({ active: false, status: 'superseded' });
  });

  test('a pet renamed ("her name is Momo, not Mochi") in the same session and in a later one', async () => {
    for (const sameSession of [true, false]) {
      const svc = await service();
      const ts = '2024-05-08T15:00:00.000Z';
      const fix = "Sorry, her name is Momo, not Mochi — Mochi was my old roommate's cat.";
      await svc.ingestTurn({ sessionId: 'a', userId: 'u9', timestamp: ts, messages: [{ role: 'user', content: "I have a cat called Mochi, she's a grey tabby." }] });
      await svc.ingestTurn({ sessionId: sameSession ? 'a' : 'b', userId: 'u9', timestamp: '2024-05-09T15:00:00.000Z', messages: [{ role: 'user', content: fix }, { role: 'assistant', content: 'Got it, Momo.' }] });
      const ms = of(await svc.listUserMemories('u9'), 'pet');
      expect(ms.filter((m) => m.active).map((m) => m.value)).toEqual(['cat named Momo']);
      const momo = ms.find((m) => m.active)!;
      expect(momo.metadata.name).toBe('Momo');
      expect(ms.find((m) => m.value === 'cat named Mochi')).toMatchObject({ active: false, status: 'superseded', supersededBy: momo.id });
      await store?.close();
      store = null;
    }
  });

  test('a number corrected in a later session replaces it in the event that holds it', async () => {
    const svc = await service();
    const ms = of(await play(svc, 'u10', ['Last Friday I ran my first half marathon in Portland! Finished in 2:05.', 'Actually my half marathon time was 2:15, not 2:05. I misremembered.']), 'event_activity');
    expect(ms.filter((m) => m.active).map((m) => m.value)).toEqual(['ran my first half marathon in Portland, finished in 2:15']);
    expect(ms.find((m) => m.active)!.eventDate).toBe('2024-05-03');
    expect(ms.find((m) => m.value.endsWith('2:05'))).toMatchObject({ active: false, status: 'superseded' });
  });

  test('a dated move ends the old place when the move happened, not on the day it is told', async () => {
    const svc = await service();
    const say = (timestamp: string, content: string) => svc.ingestTurn({ sessionId: timestamp, userId: 'u11', timestamp, messages: [{ role: 'user', content }] });
    await say('2024-01-10T15:00:00.000Z', 'I live in Madrid, I moved here from Berlin two years ago.');
    await say('2024-05-08T15:00:00.000Z', 'We moved to Lisbon from Madrid last month.');
    const ms = await svc.listUserMemories('u11');
    expect(of(ms, 'location').find((m) => m.value === 'Berlin')).toMatchObject({ active: false, status: 'historical', validTo: '2022-01' });
    // Madrid, current until the second move, is superseded as of that move's month
    expect(of(ms, 'location').find((m) => m.value === 'Madrid')).toMatchObject({ active: false, status: 'superseded', validTo: '2024-04' });
    expect(activeValues(ms, 'location')).toEqual(['Lisbon']);
  });

  test('a move dated before the old place was even told never ends it before it started', async () => {
    const svc = await service();
    const ms = await play(svc, 'u13', ['I live in Madrid.', 'We moved to Lisbon from Madrid last month.']);
    const madrid = of(ms, 'location').find((m) => m.value === 'Madrid')!;
    expect(madrid.active).toBe(false);
    expect(madrid.validTo! >= madrid.validFrom!).toBe(true);
  });

  test('a coming role after a job offer supersedes the old title, dated from its start', async () => {
    const svc = await service();
    const ms = await play(svc, 'u12', ["Hi! I'm a nurse at St. Mary's Hospital in Chicago.", "I accepted an offer from Abbott, I'll be a clinical research coordinator there starting in June."]);
    expect(activeValues(ms, 'job_title')).toEqual(['clinical research coordinator']);
    expect(activeValues(ms, 'employer')).toEqual(['Abbott']);
    expect(of(ms, 'job_title').find((m) => m.active)!.validFrom).toBe('2024-06');
    expect(of(ms, 'job_title').find((m) => m.value === 'nurse')).toMatchObject({ active: false, status: 'superseded' });
    expect(ms.filter((m) => m.type === 'event')).toEqual([]);
  });

  test('another person’s facts never touch the user’s', async () => {
    const svc = await service();
    const ms = await play(svc, 'u7', ['I live in Lisbon.', 'My sister Maya lives in Paris.']);
    expect(ms.filter((m) => m.subject === 'user' && m.key === 'location' && m.active).map((m) => m.value)).toEqual(['Lisbon']);
    expect(ms.find((m) => m.subject === 'sister maya' && m.key === 'location')?.value).toBe('Paris');
  });
});
