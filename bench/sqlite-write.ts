/**
 * bench/sqlite-write: the SQLite store's ingest writes alone, in process (no HTTP, no extraction): N
 * transactions, each a turn insert (30 index terms), the slot read, a memory insert and (after 200) a
 * reinforcement, from `conc` loops that each await their transaction and then yield (setImmediate), as
 * requests do. Prints wall and process CPU per transaction, the commit groups and background checkpoints.
 * Usage: node --import tsx bench/sqlite-write.ts [checkout root, default .] [conc, default 1] [N, default 3000]
 * (a checkout root lets one script time two worktrees, alternated, in the same minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const root = process.argv[2] ?? process.cwd();
const conc = Number(process.argv[3] ?? 1);
const N = Number(process.argv[4] ?? 3000);
const { SqliteMemoryStore } = await import(join(root, 'src/store/sqlite/store.ts'));
const { memory } = await import(join(process.cwd(), 'test/store/conformance.ts'));
const dir = mkdtempSync(join(tmpdir(), 'sb23-'));
const store = new SqliteMemoryStore(join(dir, 'm.db'));
await store.migrate();
const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' ');
const terms = (i: number) => Array.from({ length: 30 }, (_, k) => words[(i * 7 + k * 13) % words.length] + (k % 5)).join(' ');
let n = 0;
const elu0 = performance.eventLoopUtilization();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
async function loop() {
  while (n < N) {
    const i = n++;
    const scope = `u:${i % 100}`;
    const now = new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();
    await store.transaction(scope, async (tx: any) => {
      await tx.insertTurn({ id: `t${i}`, scope, sessionId: `s${i % 300}`, userId: String(i % 100), agentId: null, timestamp: now, messages: [{ role: 'user', content: `I like ${words[i % 24]} and my dog is called ${words[(i + 3) % 24]}` }, { role: 'assistant', content: 'Nice!' }], text: `User: ${terms(i)}`, terms: terms(i), termCount: 30, metadata: {}, createdAt: now });
      await tx.activeMemories(scope, { subjects: ['user'], keys: ['pet_name', 'likes'] });
      await tx.insertMemories([memory(scope, `likes_${i}`, words[i % 24], { id: `m${i}`, terms: terms(i + 1).slice(0, 60), termCount: 8, createdAt: now, updatedAt: now })]);
      if (i > 200) await tx.updateMemory(scope, `m${i - 200}`, { confidence: 0.9, updatedAt: now });
    });
    await new Promise((r) => setImmediate(r));
  }
}
await Promise.all(Array.from({ length: conc }, () => loop()));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const elu = performance.eventLoopUtilization(elu0);
await store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ root: root.split('/').pop(), conc, N, turnsPerSec: +(N / (wall / 1000)).toFixed(0), wallMsPerTurn: +(wall / N).toFixed(3), processCpuMsPerTurn: +((cpu.user + cpu.system) / 1000 / N).toFixed(3), loopBusyMsPerTurn: +((elu.active) / N).toFixed(3), groupCommits: store.groupCommits ?? null, walResets: store.walResets ?? null, checkpoints: store.checkpointer?.done ?? null }));
