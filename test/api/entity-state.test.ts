/**
 * @module test/api/entity-state
 * Multi-session scenarios through the HTTP API (buildApp + inject, a SQLite file, the configured
 * lexicon) for each state change of the frames issue: a stored pet, vehicle, partner, employer
 * or hobby that a later session ends by reference; corrections of a named or numbered value;
 * a confirmed assistant question; a friend's move; implied facts. Each is checked in
 * GET /users/{id}/memories and POST /recall.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

interface Mem {
  id: string;
  subject: string;
  key: string;
  value: string;
  active: boolean;
  valid_to: string | null;
  metadata: Record<string, unknown>;
}

let b: BuiltApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'memsvc-frames-'));
  b = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'memory.db') }));
  await b.app.ready();
}, 60_000);
afterAll(async () => {
  await b?.close();
  rmSync(dir, { recursive: true, force: true });
});

const day = (d: number) => new Date(Date.UTC(2024, 4, 8 + d, 15)).toISOString();
type Msg = { role: 'user' | 'assistant'; content: string };
async function say(user: string, session: string, content: string | Msg[], d: number) {
  const messages = typeof content === 'string' ? [{ role: 'user', content }] : content;
  const r = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: session, user_id: user, messages, timestamp: day(d) } });
  expect(r.statusCode, r.body).toBe(201);
}
async function memories(user: string): Promise<Mem[]> {
  const r = await b.app.inject({ method: 'GET', url: `/users/${user}/memories` });
  expect(r.statusCode).toBe(200);
  return r.json().memories as Mem[];
}
async function recall(user: string, query: string): Promise<{ context: string }> {
  const r = await b.app.inject({ method: 'POST', url: '/recall', payload: { query, session_id: 'later', user_id: user, max_tokens: 600 } });
  expect(r.statusCode).toBe(200);
  return r.json();
}
const holding = (ms: Mem[], value: RegExp) => ms.filter((m) => value.test(m.value));

describe('entity state: a later session ends what it refers to', () => {
  test.each([
    ['es-pet-bridge', 'I have a beagle named Biscuit.', 'Biscuit crossed the rainbow bridge last night.', /Biscuit/, 'pet'],
    ['es-pet-aunt', 'Our cat Luna loves the sofa.', 'Luna went to live with my aunt in the countryside.', /Luna/, 'pet'],
    ['es-bike', 'I ride a Brompton bike to work.', 'I traded in my bike for an e-scooter.', /bike/i, 'vehicle'],
    ['es-partner', 'My boyfriend Sam is a chef.', 'We split last month, it was mutual.', /Sam/, 'partner'],
    ['es-job', 'I work at Monzo as a data analyst.', 'I resigned on Friday.', /Monzo/, 'employer'],
    ['es-running', 'I love running, I do it every morning.', 'I gave up running after my knee surgery.', /running/, 'hobby'],
  ])('%s', async (user, first, ending, value, key) => {
    await say(user, 's1', first, 0);
    const before = holding(await memories(user), value).filter((m) => m.key === key && m.active);
    expect(before.length, `stored first: ${JSON.stringify(await memories(user))}`).toBeGreaterThan(0);
    const query = `tell me about my ${key === 'hobby' ? 'hobbies' : key}`;
    expect((await recall(user, query)).context).toMatch(value);
    await say(user, 's2', ending, 10);
    const after = await memories(user);
    for (const m of before) {
      const row = after.find((x) => x.id === m.id)!;
      expect(row.active, `${row.key}=${row.value} still active`).toBe(false);
      expect(row.valid_to).toBe(day(10));
      // The chain: the row says which turn and words ended it.
      expect(JSON.stringify(row.metadata)).toContain(ending.slice(0, 12));
    }
    expect(after.filter((m) => m.active && m.key === key && value.test(m.value))).toEqual([]);
    // Recall no longer presents it as current: any fact line ("- …") that mentions it is marked as
    // past. Quoted past turns ("User: …" under their date) are evidence, not a claim of the present.
    const lines = (await recall(user, query)).context.split('\n').filter((l) => l.startsWith('- ') && value.test(l) && !l.includes(ending.slice(0, 12)));
    for (const l of lines) expect(l).toMatch(/until|former|no longer|ended|past|previously|used to/i);
  });

  test('an ending that names nothing stored leaves the stored pet alone', async () => {
    await say('es-other', 's1', 'I have a cat named Miso.', 0);
    await say('es-other', 's2', 'Biscuit crossed the rainbow bridge last night.', 10);
    expect((await memories('es-other')).filter((m) => m.active && m.key === 'pet').map((m) => m.value)).toEqual(['cat named Miso']);
  });
});

describe('entity state in chat wording: idioms, lower case, references a later session makes', () => {
  test.each([
    ['es2-idiom', 'My girlfriend Ines and I are looking for a flat.', 'Ines and I called it quits last night.', /Ines/, 'partner'],
    ['es2-walkout', 'I work at Tesco on the tills.', 'Walked out of Tesco yesterday, not going back.', /Tesco/, 'employer'],
    ['es2-moveout', 'My partner Jo and I share a flat in Leith.', 'Jo moved out last weekend.', /\bJo\b/, 'partner'],
    ['es2-sold-lower', 'i ride a yamaha mt-07 to work most days', 'sold the yamaha on sunday, the insurance was getting silly', /yamaha/i, 'vehicle'],
    ['es2-packed-in', 'I go swimming every morning before work.', 'I have packed in swimming, my ears hate the chlorine.', /swim/, 'hobby'],
    ['es2-pet-lower', 'we have a ginger cat called marmite, she is 4', 'marmite passed away on sunday, the house is so quiet', /marmite/i, 'pet'],
    // session 6: endings by reference (an ending class over a held value), in a later session
    ['es3-dumped', 'My girlfriend Zara is doing a course in Leeds.', 'Zara dumped me on my birthday.', /Zara/, 'partner'],
    ['es3-farewell', 'my tabby Miso keeps knocking mugs off the desk', 'we said a final goodbye to Miso on monday, the vet came to the house', /Miso/, 'pet'],
    ['es3-let-go', 'Our old collie Bess sleeps by the fire all day.', 'We had to let Bess go on Tuesday, she was fifteen.', /Bess/, 'pet'],
  ])('%s', async (user, first, ending, value, key) => {
    await say(user, 's1', first, 0);
    const before = holding(await memories(user), value).filter((m) => m.key === key && m.active);
    expect(before.length, `stored first: ${JSON.stringify(await memories(user))}`).toBeGreaterThan(0);
    await say(user, 's2', ending, 10);
    const after = await memories(user);
    for (const m of before) expect(after.find((x) => x.id === m.id)!.active, `${m.key}=${m.value} still active`).toBe(false);
    expect(after.filter((m) => m.active && m.key === key && value.test(m.value))).toEqual([]);
    const lines = (await recall(user, `tell me about my ${key}`)).context.split('\n').filter((l) => l.startsWith('- ') && value.test(l) && !l.includes(ending.slice(0, 12)));
    for (const l of lines) expect(l).toMatch(/until|former|no longer|ended|past|previously|used to/i);
  });

  test('a son who moves out is not a partner who moves out', async () => {
    await say('es2-son', 's1', 'My son Jo is 19 and loves football.', 0);
    await say('es2-son', 's2', 'Jo moved out last weekend.', 10);
    expect((await memories('es2-son')).filter((m) => m.key === 'child' && /Jo/.test(m.value) && m.active).length).toBe(1);
  });

  test('in the same session, "I resigned" ends the employer the earlier turn stated', async () => {
    await say('es2-same', 's1', 'I work at Lloyds in the fraud team.', 0);
    await say('es2-same', 's1', 'Handed in my notice and resigned this morning.', 0.01);
    const ms = await memories('es2-same');
    expect(ms.filter((m) => m.key === 'employer' && m.active)).toEqual([]);
    const ctx = (await recall('es2-same', 'where do I work?')).context;
    for (const l of ctx.split('\n').filter((x) => x.startsWith('- ') && /Lloyds/.test(x) && !/resigned/.test(x))) expect(l).toMatch(/until|former|no longer|ended|past|previously|used to/i);
  });

  test('a restated value under "actually" corrects the value held', async () => {
    await say('es2-age', 's1', "I'm 41.", 0);
    await say('es2-age', 's1', "actually I'm 42, had my birthday last week", 0.01);
    const ages = (await memories('es2-age')).filter((m) => m.key === 'age');
    expect(ages.filter((m) => m.active).map((m) => m.value)).toEqual(['42']);
    expect((await recall('es2-age', 'how old am I?')).context).toMatch(/42/);
  });
});

describe('corrections of a named or numbered value, across sessions', () => {
  test.each([
    ['co-name', 'My daughter is called Anna.', 'I typed Anna but it is Hannah.', /Hannah/, /\bAnna\b/],
    ['co-city', 'I live in Porto.', 'Porto, sorry, Lisbon.', /Lisbon/, /Porto/],
    ['co-count', 'I have two dogs.', 'Not two dogs, three.', /three dogs/, /^dogs$/],
  ])('%s', async (user, first, fix, now, old) => {
    await say(user, 's1', first, 0);
    await say(user, 's2', fix, 5);
    const ms = await memories(user);
    expect(ms.filter((m) => m.active && now.test(m.value)).length, JSON.stringify(ms)).toBe(1);
    expect(ms.filter((m) => m.active && old.test(m.value))).toEqual([]);
    const r = await recall(user, first.replace(/\.$/, '?'));
    expect(r.context).toMatch(now);
  });
});

describe('who the fact belongs to', () => {
  test('a short confirmation of the assistant’s question is the user’s fact', async () => {
    await say('who-confirm', 's1', [{ role: 'assistant', content: 'Do you work as a nurse?' }, { role: 'user', content: "yes, that's right, for five years now" }], 0);
    expect((await memories('who-confirm')).some((m) => m.subject === 'user' && m.key === 'job_title' && /nurse/.test(m.value) && m.active)).toBe(true);
    expect((await recall('who-confirm', 'what is my job?')).context).toMatch(/nurse/);
  });

  test('a friend’s move is the friend’s city, not the user’s', async () => {
    await say('who-pal', 's1', 'I live in Leeds.', 0);
    await say('who-pal', 's2', 'My pal Dave moved to Oslo.', 3);
    const ms = await memories('who-pal');
    expect(ms.filter((m) => m.subject === 'user' && m.key === 'location' && m.active).map((m) => m.value)).toEqual(['Leeds']);
    expect(ms.some((m) => m.subject !== 'user' && m.key === 'location' && m.value === 'Oslo')).toBe(true);
    expect((await recall('who-pal', 'where do I live?')).context).toMatch(/Leeds/);
  });

  test('implied facts: brushing a named animal is a pet, a second day at a company is the employer', async () => {
    await say('who-implied', 's1', 'Brushing Pepper took forever this morning.', 0);
    await say('who-implied', 's2', 'My second day at Monzo and I already have a laptop.', 1);
    const ms = await memories('who-implied');
    expect(ms.some((m) => m.key === 'pet' && /Pepper/.test(m.value) && m.active)).toBe(true);
    expect(ms.some((m) => m.key === 'employer' && m.value === 'Monzo' && m.active)).toBe(true);
    expect((await recall('who-implied', 'where do I work?')).context).toMatch(/Monzo/);
  });

  test('an opinion that turns critical is a new stance on the same topic key, the earlier one kept in the chain', async () => {
    await say('who-opinion', 's1', 'I think Notion is great for planning.', 0);
    await say('who-opinion', 's2', 'Honestly Notion has become slow and bloated lately.', 20);
    const ops = (await memories('who-opinion')).filter((m) => m.key === 'opinion_notion');
    expect(ops.filter((m) => m.active).map((m) => m.metadata.stance)).toEqual(['negative']);
    expect(ops.filter((m) => !m.active).length).toBeGreaterThan(0);
  });
});
