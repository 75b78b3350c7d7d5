/**
 * The inspector's routes through the SDK against the real server: users holding data, a user's
 * turns by session, forgetting one memory (then neither recalled nor listed), and search hits
 * that say which rankers found them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { MemoryClient } from '../../client/index.ts';

let built: BuiltApp;
let client: MemoryClient;

beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:' }));
  client = new MemoryClient({ baseUrl: await built.app.listen({ port: 0, host: '127.0.0.1' }), retries: 0, validateResponses: true });
  const say = (user: string | null, session: string, content: string, timestamp: string) =>
    client.addTurn({ session_id: session, user_id: user, messages: [{ role: 'user', content }], timestamp });
  await say('insp-ada', 'job-1', 'I work at Stripe as a backend engineer.', '2024-05-01T10:00:00Z');
  await say('insp-ada', 'job-2', 'I just started a new job at Notion!', '2024-06-01T10:00:00Z');
  await say('insp-ada', 'job-2', 'My sister Maya lives in Lisbon.', '2024-06-01T10:05:00Z');
  await say('insp-bob', 'b-1', 'I have a dog named Rex.', '2024-05-02T10:00:00Z');
  await say(null, 'anonymous-session', 'I live in Oslo.', '2024-05-03T10:00:00Z');
});
afterAll(async () => {
  await built.close();
});

describe('inspector routes via the SDK', () => {
  test('listUsers: the users with data, sorted; session-only scopes are not users', async () => {
    expect(await client.listUsers()).toEqual(['insp-ada', 'insp-bob']);
  });

  test('listTurns: oldest first across sessions, one session on request, paged', async () => {
    const all = await client.listTurns('insp-ada');
    expect(all.map((t) => [t.session_id, t.seq])).toEqual([
      ['job-1', 1],
      ['job-2', 1],
      ['job-2', 2],
    ]);
    expect(all[0].messages[0].content).toContain('Stripe');
    expect((await client.listTurns('insp-ada', { session_id: 'job-2' })).map((t) => t.seq)).toEqual([1, 2]);
    expect((await client.listTurns('insp-ada', { limit: 1, offset: 1 })).map((t) => t.session_id)).toEqual(['job-2']);
    expect(await client.listTurns('nobody')).toEqual([]);
  });

  test('search hits carry the rankers that found them', async () => {
    const { results } = await client.search({ query: 'Where does the user work?', user_id: 'insp-ada' });
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.rankers?.length).toBeGreaterThan(0);
  });

  test('forgetMemory: deleted, no longer recalled or listed; not forgettable through another user', async () => {
    const sister = (await client.listMemories('insp-ada')).find((m) => m.value.includes('Maya'));
    expect(sister).toBeDefined();
    await expect(client.forgetMemory('insp-bob', sister!.id)).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND', status: 404 });
    const before = await client.recall({ query: 'Who is Maya?', session_id: 'r', user_id: 'insp-ada' });
    expect(before.context).toContain('Maya');
    const forgotten = await client.forgetMemory('insp-ada', sister!.id);
    expect(forgotten).toMatchObject({ id: sister!.id, status: 'deleted', active: false });
    const listed = await client.listMemories('insp-ada');
    expect(listed.find((m) => m.id === sister!.id)).toBeUndefined();
    expect(listed.some((m) => m.value === 'Notion')).toBe(true);
    const { results } = await client.search({ query: 'Maya sister', user_id: 'insp-ada' });
    expect(results.filter((r) => r.kind === 'memory' && r.id === sister!.id)).toEqual([]);
    // Forgetting twice is harmless.
    expect((await client.forgetMemory('insp-ada', sister!.id)).status).toBe('deleted');
  });
});
