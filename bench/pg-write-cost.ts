/**
 * @module bench/pg-write-cost
 * `node --import tsx bench/pg-write-cost.ts [--turns 1500]`: what the scope_terms triggers
 * (migration 7) cost a PostgreSQL write. One user, one transaction per turn (the turn and two
 * memories, generator text), in a fresh schema with the insert triggers and in one with them
 * dropped, alternating off/on/off/on: wall ms and the PostgreSQL backend's CPU ms per
 * transaction, read from /proc/<backend pid>/stat (pool of one connection, server on this host).
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { createPostgresStore } from '../src/store/postgres/create.ts';
import { memory, turn } from '../test/store/conformance.ts';
import { freshSchemaName, urlWithSchema, dropSchema, TEST_PG_URL } from '../test/store/pg-harness.ts';
import { generateTurns } from './lib/scale-gen.ts';
const i = process.argv.indexOf('--turns');
const N = i < 0 ? 1500 : Number(process.argv[i + 1]);
const gen = [...generateTurns(N)];
const texts = gen.map((t) => `${t.user} ${t.assistant}`);
const cpuOf = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
async function run(triggers: boolean) {
  const s = freshSchemaName('upsert');
  const st = await createPostgresStore(urlWithSchema(s), { poolSize: 1 });
  await st.migrate();
  const sql = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
  if (!triggers) await sql.unsafe(`DROP TRIGGER turns_terms_insert ON "${s}".turns; DROP TRIGGER memories_terms_insert ON "${s}".memories;`);
  const pid = Number((await (st as unknown as { pool: { all(q: string): Promise<Array<{ p: unknown }>> } }).pool.all('SELECT pg_backend_pid() AS p'))[0].p);
  const scope = 'u:upsert';
  const c0 = cpuOf(pid); const t0 = performance.now();
  for (let n = 0; n < N; n++) {
    await st.transaction(scope, async (tx) => {
      await tx.insertTurn(turn(scope, `s${n % 20}`, texts[n]));
      await tx.insertMemories([memory(scope, 'note', texts[n].slice(0, 80), { singleValued: false }), memory(scope, 'fact', texts[n].slice(80, 160), { singleValued: false })]);
    });
  }
  const out = { triggers, wallMsPerTxn: (performance.now() - t0) / N, pgCpuMsPerTxn: (cpuOf(pid) - c0) / N };
  await st.close(); await sql.end(); await dropSchema(s);
  return out;
}
for (const t of [false, true, false, true]) console.log(JSON.stringify(await run(t)));
