// Two service processes on one PostgreSQL schema, 8 concurrent writers split between them
// posting turns for the same users (alternating employers). Checks: every acknowledged turn is
// stored; exactly one active row per single-valued key (queried in the database); the active
// employer is the one stated by the last serialised turn; read-your-writes across replicas
// (a turn acknowledged by one replica is found at once through the other); and at the end,
// recall and search from either replica see every write.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import postgres from 'postgres';
import { startServer, uniqueWord, type RunningServer } from '../api/harness.ts';
import { TEST_PG_URL, assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

const EMPLOYERS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka'];
const WRITERS = 8;
const TURNS_PER_WRITER = 6;
const USERS = ['replica-user-a', 'replica-user-b'];

interface Ack {
  id: string;
  user: string;
  employer: string;
  word: string;
  replica: number;
}

describe('two replicas on one PostgreSQL database', () => {
  const schema = freshSchemaName('replicas');
  const url = urlWithSchema(schema);
  const servers: RunningServer[] = [];
  const acks: Ack[] = [];
  let sql: postgres.Sql;

  beforeAll(async () => {
    await assertPostgresReachable();
    // Both replicas start together: migrations run under the advisory lock, once.
    servers.push(...(await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4' })))));
    sql = postgres(TEST_PG_URL, { max: 2, onnotice: () => {}, connection: { search_path: schema } });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sql?.end({ timeout: 2 });
    await dropSchema(schema);
  });

  test('both replicas report the PostgreSQL store and the schema was migrated once', async () => {
    for (const s of servers) {
      const h = await s.api.get('/health');
      expect(h.status, h.text).toBe(200);
      expect(JSON.stringify(h.body)).toMatch(/postgres/);
    }
    const rows = await sql`SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  test('8 concurrent writers: no lost turn, one active employer per user, read-your-writes across replicas', async () => {
    let counter = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const replica = w % 2;
        const writer = servers[replica].api;
        const reader = servers[1 - replica].api;
        for (let i = 0; i < TURNS_PER_WRITER; i++) {
          const user = USERS[(w + i) % USERS.length];
          const employer = EMPLOYERS[(w + i) % EMPLOYERS.length];
          const word = uniqueWord(counter++, 'rq');
          const res = await writer.post('/turns', {
            session_id: `replica-w${w}`,
            user_id: user,
            messages: [{ role: 'user', content: `I work at ${employer} now. Today I reviewed the ${word} project.` }],
          });
          if (res.status !== 201) {
            failures.push(`writer ${w} turn ${i}: ${res.status} ${res.text}`);
            continue;
          }
          const id = String(res.body.id);
          acks.push({ id, user, employer, word, replica });
          // Read-your-writes through the other replica, immediately.
          const seen = await reader.post('/search', { query: word, session_id: null, user_id: user, limit: 10 });
          if (seen.status !== 200 || !seen.body.results?.some((r: { turn_id?: string | null }) => r.turn_id === id)) {
            failures.push(`turn ${id} acknowledged by replica ${replica} not visible on replica ${1 - replica}: ${seen.status} ${seen.text.slice(0, 200)}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(acks).toHaveLength(WRITERS * TURNS_PER_WRITER);

    // Every acknowledged turn is stored, once.
    const stored = await sql`SELECT id FROM turns WHERE id IN ${sql(acks.map((a) => a.id))}`;
    expect(stored.length).toBe(acks.length);

    // Exactly one active row per single-valued key, in the database.
    const dupes = await sql`SELECT scope, subject, key, count(*)::int AS n FROM memories WHERE active AND single_valued GROUP BY scope, subject, key HAVING count(*) > 1`;
    expect(dupes).toEqual([]);

    for (const user of USERS) {
      const active = await sql`SELECT value FROM memories WHERE scope = ${'u:' + user} AND subject = 'user' AND key = 'employer' AND active`;
      expect(active.length, `extraction must yield one active employer for ${user}`).toBe(1);
      // The winner is the employer stated by the last turn in the serialised order.
      const [last] = await sql`SELECT text FROM turns WHERE scope = ${'u:' + user} ORDER BY rid DESC LIMIT 1`;
      const lastAck = acks.find((a) => a.user === user && String(last.text).includes(a.word));
      expect(lastAck).toBeDefined();
      expect(String(active[0].value)).toContain(lastAck!.employer);
      // History is kept: superseded employers are still there.
      const all = await sql`SELECT count(*)::int AS n FROM memories WHERE scope = ${'u:' + user} AND key = 'employer'`;
      expect(all[0].n).toBeGreaterThan(1);
    }
  }, 300_000);

  test('recall and search from either replica see every write', async () => {
    expect(acks.length).toBe(WRITERS * TURNS_PER_WRITER);
    const missing: string[] = [];
    for (const s of servers) {
      for (const a of acks) {
        const res = await s.api.post('/search', { query: a.word, session_id: null, user_id: a.user, limit: 10 });
        if (res.status !== 200 || !res.body.results?.some((r: { turn_id?: string | null }) => r.turn_id === a.id)) missing.push(`search ${a.id} via ${s.url}`);
        const rec = await s.api.post('/recall', { query: `What about the ${a.word} project?`, session_id: `reader-${a.user}`, user_id: a.user, max_tokens: 512 });
        if (rec.status !== 200 || !rec.body.citations?.some((c: { turn_id: string }) => c.turn_id === a.id) || !String(rec.body.context).includes(a.word)) {
          missing.push(`recall ${a.id} via ${s.url}: ${rec.status} ${rec.text.slice(0, 200)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  }, 300_000);

  test('both replicas list the same memories for each user', async () => {
    for (const user of USERS) {
      const [a, b] = await Promise.all(servers.map((s) => s.api.get(`/users/${user}/memories`)));
      expect(a.status, a.text).toBe(200);
      const key = (m: { id: string; active: boolean }) => `${m.id}:${m.active}`;
      expect(a.body.memories.map(key).sort()).toEqual(b.body.memories.map(key).sort());
      expect(a.body.memories.filter((m: { key: string; active: boolean }) => m.key === 'employer' && m.active)).toHaveLength(1);
    }
  });
});
