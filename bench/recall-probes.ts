/**
 * @module bench/recall-probes
 * `npm run eval:recall-probes -- --dir DIR [--verbose]`: scores recall-probe fixtures (one JSON
 * file per user: sessions of turns, then probes with expectations) through the HTTP app
 * in-process — buildApp + inject on a fresh SQLite file in a temp dir per fixture, offline — and
 * prints pass rates per kind (generic, applied, retraction, opinion-arc, never-discussed). A
 * probe expecting an empty context counts as never-discussed whatever its file's kind.
 * Options: --dir (default fixtures/recall-probes/dev), --verbose (every failure with its context),
 * --json FILE (write the per-probe results).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export const ProbeFixture = z.object({
  name: z.string(),
  kind: z.enum(['generic', 'applied', 'retraction', 'opinion-arc', 'never-discussed']),
  user_id: z.string(),
  sessions: z.array(
    z.object({
      session_id: z.string(),
      turns: z.array(z.object({ timestamp: z.string(), messages: z.array(z.object({ role: z.enum(['user', 'assistant', 'system', 'tool']), content: z.string() })).min(1) })),
    }),
  ),
  probes: z.array(
    z.object({
      query: z.string(),
      max_tokens: z.number().int().positive().default(512),
      expect: z.object({ any_of: z.array(z.string()).optional(), all_of: z.array(z.string()).optional(), empty: z.boolean().optional() }),
    }),
  ),
});
export type ProbeFixture = z.infer<typeof ProbeFixture>;
type Probe = ProbeFixture['probes'][number];

/** Why a probe failed, or null when it passed (substrings case-insensitive). */
export function judgeProbe(expect: Probe['expect'], context: string): string | null {
  const lc = context.toLowerCase();
  if (expect.empty) return context === '' ? null : 'expected an empty context';
  if (context === '') return 'empty context';
  const missing = (expect.all_of ?? []).filter((s) => !lc.includes(s.toLowerCase()));
  if (missing.length > 0) return `missing ${JSON.stringify(missing)}`;
  if (expect.any_of && expect.any_of.length > 0 && !expect.any_of.some((s) => lc.includes(s.toLowerCase()))) return `none of ${JSON.stringify(expect.any_of)}`;
  return null;
}

export interface ProbeResult {
  fixture: string;
  kind: string;
  query: string;
  passed: boolean;
  why: string | null;
  context: string;
  tokens: number;
  maxTokens: number;
}

/** Ingests one fixture through POST /turns and asks its probes through POST /recall. */
export async function runFixture(f: ProbeFixture): Promise<ProbeResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'recall-probes-'));
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'memory.db'), MEMORY_DISABLE_LLM: '1', EMBEDDING_PROVIDER: 'none', RERANK_PROVIDER: 'none' }));
  try {
    for (const s of f.sessions) {
      for (const t of s.turns) {
        const res = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: s.session_id, user_id: f.user_id, messages: t.messages, timestamp: t.timestamp } });
        if (res.statusCode !== 201) throw new Error(`${f.name}: POST /turns answered ${res.statusCode}: ${res.body}`);
      }
    }
    const out: ProbeResult[] = [];
    for (const [i, p] of f.probes.entries()) {
      const res = await built.app.inject({ method: 'POST', url: '/recall', payload: { query: p.query, session_id: `${f.name}-probe-${i}`, user_id: f.user_id, max_tokens: p.max_tokens } });
      if (res.statusCode !== 200) throw new Error(`${f.name}: POST /recall answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { context: string; tokens?: number };
      const why = judgeProbe(p.expect, body.context);
      out.push({ fixture: f.name, kind: p.expect.empty ? 'never-discussed' : f.kind, query: p.query, passed: why === null, why, context: body.context, tokens: body.tokens ?? 0, maxTokens: p.max_tokens });
    }
    return out;
  } finally {
    await built.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function loadFixtures(dir: string): ProbeFixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = ProbeFixture.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.success) throw new Error(`${f}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return parsed.data;
    });
}

/** Pass counts per kind, in a fixed order. */
export function summarise(results: ProbeResult[]): Array<{ kind: string; passed: number; total: number }> {
  const kinds = ['generic', 'applied', 'retraction', 'opinion-arc', 'never-discussed'];
  return kinds.map((kind) => ({ kind, passed: results.filter((r) => r.kind === kind && r.passed).length, total: results.filter((r) => r.kind === kind).length })).filter((k) => k.total > 0);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const opt = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dir = resolve(opt('dir') ?? 'fixtures/recall-probes/dev');
  const verbose = argv.includes('--verbose');
  const fixtures = loadFixtures(dir);
  const results: ProbeResult[] = [];
  const t0 = performance.now();
  for (const f of fixtures) results.push(...(await runFixture(f)));
  console.log(`recall probes: ${fixtures.length} fixtures, ${results.length} probes from ${dir} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  for (const k of summarise(results)) console.log(`  ${k.kind.padEnd(16)} ${String(k.passed).padStart(3)}/${String(k.total).padEnd(3)} ${((100 * k.passed) / k.total).toFixed(1)}%`);
  const all = results.filter((r) => r.passed).length;
  console.log(`  ${'all'.padEnd(16)} ${String(all).padStart(3)}/${String(results.length).padEnd(3)} ${((100 * all) / Math.max(1, results.length)).toFixed(1)}%`);
  const over = results.filter((r) => r.tokens > r.maxTokens);
  console.log(`  over budget: ${over.length}`);
  for (const r of results.filter((x) => !x.passed)) {
    console.log(`  ✗ [${r.kind}] ${r.fixture}: "${r.query}" — ${r.why}`);
    if (verbose) console.log(`    ${r.context.replace(/\n/g, '\n    ') || '(empty)'}`);
  }
  const json = opt('json');
  if (json) writeFileSync(json, JSON.stringify(results, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('recall-probes.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
