/**
 * @module bench/provider-cost
 * Cost per turn of the LLM pipeline, measured from the requests an OpenAI API test double
 * records while the real service (buildApp, SQLite in a temp dir) ingests a scripted 12-turn
 * conversation and answers a few recall questions: LLM calls per turn by purpose (extraction,
 * reconciliation, planning) and tokens sent (cl100k over the messages, plus the JSON schema).
 * Targets: ≤ 1 extraction call per turn; a reconciliation call only when a turn touches a key
 * the user already has (and not for exact duplicates). Run: `npm run bench:provider-cost`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { countTokens } from '../src/core/text/tokens.ts';
import { chatJson, startOpenAiApiDouble } from '../test/providers/doubles/openai-api-double.ts';
import type { RecordedRequest } from '../test/providers/doubles/api-double.ts';

type Item = { type: string; subject: string; key: string; value: string; op?: string };
const m = (key: string, value: string, type = 'fact', subject = 'user'): Item => ({ type, subject, key, value });

/** The conversation and what a good model would extract from each turn; `touches` = expected reconciliation. */
const SCRIPT: Array<{ text: string; memories: Item[]; touches: boolean }> = [
  { text: "Hi! I'm Sam. I work at Notion as a product designer.", memories: [m('employer', 'Notion'), m('job_title', 'product designer')], touches: false },
  { text: 'I live in Berlin with my wife Anna.', memories: [m('location', 'Berlin'), m('partner', 'Anna', 'relation')], touches: false },
  { text: 'We have a dog named Biscuit.', memories: [m('pet', 'dog Biscuit')], touches: false },
  { text: "What's a good recipe for dinner tonight?", memories: [], touches: false },
  { text: 'Big news: we moved to Lisbon last month!', memories: [m('location', 'Lisbon')], touches: true },
  { text: 'Anna loved the Thai place we tried yesterday.', memories: [m('opinion_thai_food', 'positive', 'opinion', 'wife anna')], touches: false },
  { text: 'I also started learning Portuguese.', memories: [m('language', 'Portuguese')], touches: false },
  { text: 'Actually I just joined Figma, I left Notion.', memories: [m('employer', 'Figma')], touches: true },
  { text: "I'm allergic to peanuts, by the way.", memories: [m('allergy', 'peanuts')], touches: false },
  { text: 'We adopted a second dog, Pretzel.', memories: [m('pet', 'dog Pretzel')], touches: true },
  { text: "Thanks, that's all for today.", memories: [], touches: false },
  { text: 'Yes, I work at Figma now, as I said.', memories: [m('employer', 'Figma')], touches: false },
];

const QUESTIONS = ['Where does Sam live now?', 'Which city does the person with the dog Biscuit live in, and where do they work?'];

function opOf(req: RecordedRequest): string {
  return String(req.body?.response_format?.json_schema?.name ?? 'unknown');
}

function tokensSent(req: RecordedRequest): { prompt: number; schema: number } {
  const msgs = (req.body?.messages ?? []) as Array<{ content: unknown }>;
  const prompt = msgs.reduce((s, x) => s + countTokens(typeof x.content === 'string' ? x.content : JSON.stringify(x.content)), 0);
  const schema = req.body?.response_format ? countTokens(JSON.stringify(req.body.response_format)) : 0;
  return { prompt, schema };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'provider-cost-'));
  let current = 0;
  const double = await startOpenAiApiDouble({
    chatDefault: (req) => {
      const op = opOf(req);
      if (op === 'decision') return chatJson({ action: SCRIPT[current].memories[0]?.key === 'pet' ? 'COEXIST' : 'UPDATE', target: 'F1', reason: 'scripted' })(req);
      if (op === 'plan') return chatJson({ sub_queries: ['pet named Biscuit', 'city the user lives in', 'employer of the user'] })(req);
      const items = SCRIPT[current].memories.map((x) => ({ confidence: 0.9, op: 'assert', evidence: SCRIPT[current].text, event_date: null, replaces: null, ...x }));
      return chatJson({ memories: items })(req);
    },
  });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MEMORY_DB_PATH: join(dir, 'cost.db'),
    OPENAI_BASE_URL: `${double.url}/v1`,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_MODEL: 'bench-model',
    EMBEDDING_PROVIDER: 'none',
  });
  const built = await buildApp(config, { fetch });
  const perTurn: Array<{ turn: number; extraction: number; reconciliation: number; tokens: number; expectedReconcile: boolean }> = [];
  try {
    for (let i = 0; i < SCRIPT.length; i++) {
      current = i;
      const before = double.requests.length;
      const res = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's1', user_id: 'sam', messages: [{ role: 'user', content: SCRIPT[i].text }] } });
      if (res.statusCode !== 201) throw new Error(`turn ${i + 1}: HTTP ${res.statusCode} ${res.body}`);
      const reqs = double.requests.slice(before);
      perTurn.push({
        turn: i + 1,
        extraction: reqs.filter((r) => opOf(r) === 'memories').length,
        reconciliation: reqs.filter((r) => opOf(r) === 'decision').length,
        tokens: reqs.reduce((s, r) => s + tokensSent(r).prompt + tokensSent(r).schema, 0),
        expectedReconcile: SCRIPT[i].touches,
      });
    }
    const beforeRecall = double.requests.length;
    for (const q of QUESTIONS) await built.app.inject({ method: 'POST', url: '/recall', payload: { query: q, session_id: 's1', user_id: 'sam' } });
    const recallReqs = double.requests.slice(beforeRecall);

    const all = double.requests.filter((r) => r.path.endsWith('/chat/completions'));
    const byOp = new Map<string, { calls: number; prompt: number; schema: number }>();
    for (const r of all) {
      const o = byOp.get(opOf(r)) ?? { calls: 0, prompt: 0, schema: 0 };
      const t = tokensSent(r);
      byOp.set(opOf(r), { calls: o.calls + 1, prompt: o.prompt + t.prompt, schema: o.schema + t.schema });
    }
    console.log('turn  extraction  reconciliation  expected-reconcile  tokens-sent');
    for (const p of perTurn) console.log(`${String(p.turn).padStart(4)}  ${String(p.extraction).padStart(10)}  ${String(p.reconciliation).padStart(14)}  ${String(p.expectedReconcile).padStart(18)}  ${String(p.tokens).padStart(11)}`);
    const turns = perTurn.length;
    const ingestTokens = perTurn.reduce((s, p) => s + p.tokens, 0);
    console.log('');
    console.log('per purpose (calls, prompt tokens, schema tokens, mean tokens/call):');
    for (const [op, v] of byOp) console.log(`  ${op.padEnd(10)} calls=${v.calls} prompt=${v.prompt} schema=${v.schema} mean=${Math.round((v.prompt + v.schema) / v.calls)}`);
    const maxExtraction = Math.max(...perTurn.map((p) => p.extraction));
    const reconcileOnTouch = perTurn.every((p) => (p.reconciliation > 0) === p.expectedReconcile);
    const summary = {
      turns,
      llmCallsPerTurn: round(perTurn.reduce((s, p) => s + p.extraction + p.reconciliation, 0) / turns),
      extractionCallsMaxPerTurn: maxExtraction,
      reconciliationCalls: perTurn.reduce((s, p) => s + p.reconciliation, 0),
      reconciliationOnlyWhenKeyTouched: reconcileOnTouch,
      tokensSentPerTurnMean: Math.round(ingestTokens / turns),
      tokensSentPerTurnMax: Math.max(...perTurn.map((p) => p.tokens)),
      recallQuestions: QUESTIONS.length,
      planningCalls: recallReqs.filter((r) => opOf(r) === 'plan').length,
    };
    console.log('');
    console.log(JSON.stringify(summary, null, 2));
    if (maxExtraction > 1 || !reconcileOnTouch) {
      console.error('target missed: ≤1 extraction call per turn and reconciliation only when a key is touched');
      process.exitCode = 1;
    }
  } finally {
    await built.close();
    await double.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

await main();
