/**
 * @module test/api/evolution
 * Multi-session fact evolution checked over real HTTP (the server as a child process on a
 * fresh SQLite file): job change, move, pets, diet change and back, opinion arc, correction of a
 * wrong date, and a multi-party chat — via POST /turns, GET /users/{id}/memories and /recall.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqliteBackend, startServer, userSays, type Backend, type RunningServer } from './harness.ts';

let server: RunningServer;
let backend: Backend;

beforeAll(async () => {
  backend = await sqliteBackend();
  server = await startServer(backend.env);
});
afterAll(async () => {
  await server?.stop();
  await backend?.cleanup();
});

interface Mem {
  id: string;
  type: string;
  subject: string;
  key: string;
  value: string;
  confidence: number;
  active: boolean;
  supersedes: string | null;
  superseded_by: string | null;
  valid_to: string | null;
  [k: string]: unknown;
}

async function say(user: string, session: string, content: string, timestamp: string, name?: string) {
  const r = await server.api.post('/turns', { session_id: session, user_id: user, messages: userSays(content, name), timestamp });
  expect(r.status).toBe(201);
}
async function memories(user: string): Promise<Mem[]> {
  const r = await server.api.get(`/users/${user}/memories`);
  expect(r.status).toBe(200);
  return r.body.memories as Mem[];
}
async function recall(user: string, query: string, session = 'fresh-session'): Promise<string> {
  const r = await server.api.post('/recall', { query, session_id: session, user_id: user, max_tokens: 600 });
  expect(r.status).toBe(200);
  return r.body.context as string;
}
const day = (d: number) => new Date(Date.UTC(2024, 4, 8 + d, 15)).toISOString();
const key = (ms: Mem[], k: string) => ms.filter((m) => m.key === k);

describe('fact evolution over HTTP', () => {
  test('job change across sessions: Notion current, Stripe kept inactive and linked', async () => {
    await say('evo-job', 's1', 'I work at Stripe as a backend engineer.', day(0));
    await say('evo-job', 's3', 'I just started a new job at Notion!', day(20));
    const ms = key(await memories('evo-job'), 'employer');
    const stripe = ms.find((m) => m.value === 'Stripe')!;
    const notion = ms.find((m) => m.value === 'Notion')!;
    expect(stripe).toMatchObject({ active: false, superseded_by: notion.id });
    expect(stripe.valid_to).not.toBeNull();
    expect(notion).toMatchObject({ active: true, supersedes: stripe.id });
    const ctx = await recall('evo-job', 'Where does the user work now?');
    expect(ctx).toContain('Notion');
  });

  test('move: Berlin current, NYC no longer active; recall from another session names Berlin', async () => {
    await say('evo-move', 'a', 'I live in NYC.', day(0));
    await say('evo-move', 'b', 'I moved to Berlin from NYC last month.', day(30));
    const ms = key(await memories('evo-move'), 'location');
    expect(ms.filter((m) => m.active).map((m) => m.value)).toEqual(['Berlin']);
    expect(ms.some((m) => m.value === 'NYC' && !m.active)).toBe(true);
    expect(await recall('evo-move', 'Which city does the user live in?')).toContain('Berlin');
  });

  test('pets: adopted then rehomed, the other pet stays', async () => {
    await say('evo-pet', 'a', 'I have a dog named Rex.', day(0));
    await say('evo-pet', 'b', 'We adopted a cat called Luna last weekend.', day(3));
    await say('evo-pet', 'c', 'We had to rehome Luna because of my allergies.', day(40));
    const pets = key(await memories('evo-pet'), 'pet');
    expect(pets.filter((m) => m.active).map((m) => m.value)).toEqual(['dog named Rex']);
    expect(pets.find((m) => m.value === 'cat named Luna')?.active).toBe(false);
  });

  test('diet change and back', async () => {
    await say('evo-diet', 'a', "I'm vegetarian.", day(0));
    await say('evo-diet', 'b', "I'm not vegetarian anymore.", day(10));
    expect(key(await memories('evo-diet'), 'diet').filter((m) => m.active)).toEqual([]);
    await say('evo-diet', 'c', "I'm vegetarian again.", day(20));
    const diet = key(await memories('evo-diet'), 'diet');
    expect(diet.filter((m) => m.active).map((m) => m.value)).toEqual(['vegetarian']);
    expect(diet).toHaveLength(2);
  });

  test('opinion arc keeps the whole chain', async () => {
    await say('evo-op', 'a', 'I think TypeScript is amazing.', day(0));
    await say('evo-op', 'b', 'Honestly TypeScript is annoying with all those generics.', day(5));
    await say('evo-op', 'c', "I've come around on TypeScript, it's fine for big projects.", day(9));
    const chain = key(await memories('evo-op'), 'opinion_typescript');
    expect(chain).toHaveLength(3);
    expect(chain.filter((m) => m.active)).toHaveLength(1);
    expect(chain.find((m) => m.active)?.value).toMatch(/fine/);
  });

  test('a wrong date corrected in the next turn', async () => {
    await say('evo-date', 's', 'My dentist appointment is on Tuesday.', day(0));
    await say('evo-date', 's', 'Actually, not Tuesday — Thursday.', day(0));
    const ev = key(await memories('evo-date'), 'event_appointment');
    expect(ev).toHaveLength(2);
    const current = ev.find((m) => m.active)!;
    expect(current.supersedes).toBe(ev.find((m) => !m.active)!.id);
    expect(await recall('evo-date', 'When is the dentist appointment?')).toMatch(/dentist/i);
  });

  test('multi-party chat: facts belong to the speaker who said them', async () => {
    await say('evo-chat', 'c1', 'I went to a LGBTQ support group yesterday and it was so powerful.', day(0), 'Caroline');
    await say('evo-chat', 'c1', "I've been painting a lot lately. My kids love the beach.", day(0), 'Melanie');
    const ms = await memories('evo-chat');
    expect(ms.find((m) => m.key === 'event_activity')?.subject).toBe('caroline');
    expect(ms.find((m) => m.key === 'hobby')).toMatchObject({ subject: 'melanie', value: 'painting' });
    expect(ms.some((m) => m.subject === "melanie's kids" && m.key === 'like')).toBe(true);
  });
});
