/**
 * @module bench/recall-probes-heldout
 * Scores the held-out recall probe sets (fixtures/recall-probes/heldout, issue 14) against the app
 * of a repository: per probe file (one user) it builds that repository's app over a fresh temporary
 * SQLite file, offline (no provider keys), ingests every session's turns with POST /turns
 * (inject), asks each probe with POST /recall from a new session of the same user and judges the
 * context (bench/lib/heldout-probes.ts). Prints pass rate per kind and overall, then every failure.
 *
 * Run: node --import tsx bench/recall-probes-heldout.ts [--repo DIR] [--dir DIR] [--verbose] [--show]
 *   --repo  whose src/app.ts to score (default: this repository); --dir: probe sets (default: ours)
 *   --verbose prints failing contexts uncut; --show prints every context, passes included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HELDOUT_DIR, judge, loadProbeSets, tally } from './lib/heldout-probes.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const repo = resolve(arg('repo') ?? fileURLToPath(new URL('..', import.meta.url)));
const dir = resolve(arg('dir') ?? fileURLToPath(HELDOUT_DIR));
const verbose = process.argv.includes('--verbose');
const show = process.argv.includes('--show');

const { buildApp } = await import(pathToFileURL(join(repo, 'src/app.ts')).href);
const { loadConfig } = await import(pathToFileURL(join(repo, 'src/config.ts')).href);

const outcomes: { kind: string; passed: boolean }[] = [];
const failures: string[] = [];
for (const set of loadProbeSets(dir)) {
  const tmp = mkdtempSync(join(tmpdir(), 'heldout-probes-'));
  // A minimal env on purpose: offline, SQLite in a temp dir, whatever the caller's environment holds.
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(tmp, 'memory.db') }));
  try {
    await built.app.ready();
    for (const s of set.sessions)
      for (const t of s.turns) {
        const res = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: s.session_id, user_id: set.user_id, timestamp: t.timestamp, messages: t.messages } });
        if (res.statusCode !== 201) throw new Error(`${set.name}: POST /turns → ${res.statusCode} ${res.body}`);
      }
    let passed = 0;
    for (const p of set.probes) {
      const res = await built.app.inject({ method: 'POST', url: '/recall', payload: { query: p.query, session_id: `${set.name}-probe`, user_id: set.user_id, max_tokens: p.max_tokens } });
      const context: string = res.statusCode === 200 ? res.json().context : '';
      const why = res.statusCode === 200 ? judge(context, p.expect) : `POST /recall → ${res.statusCode}`;
      outcomes.push({ kind: p.kind, passed: why === null });
      if (why === null) passed++;
      else failures.push(`[${set.name}] (${p.kind}) "${p.query}" — ${why}\n    context: ${JSON.stringify(context.length > 600 && !verbose ? context.slice(0, 600) + ' …' : context)}`);
      if (show) console.log(`--- [${set.name}] (${p.kind}) ${why ? 'FAIL' : 'pass'} "${p.query}"\n${context}`);
    }
    console.log(`${set.name.padEnd(24)} ${passed}/${set.probes.length}`);
  } finally {
    await built.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

const { byKind, overall } = tally(outcomes);
const rate = (t: { pass: number; total: number }) => `${`${t.pass}/${t.total}`.padStart(10)}  ${(t.total ? (100 * t.pass) / t.total : 0).toFixed(1).padStart(5)}%`;
console.log('\nkind              pass/total   rate');
for (const [k, t] of [...byKind.entries()].sort()) console.log(`${k.padEnd(17)} ${rate(t)}`);
console.log(`${'OVERALL'.padEnd(17)} ${rate(overall)}`);
if (failures.length) console.log(`\nFailures (${failures.length}):\n${failures.join('\n')}`);
