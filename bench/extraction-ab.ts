/**
 * @module bench/extraction-ab
 * Paired A/B of two checkouts' offline extractors in ONE process, so a shared, loaded machine treats both alike: the
 * base tree's extractor and the branch's alternate in batches (order swapped every batch), and the CPU per turn of
 * each batch is read with process.cpuUsage; min and median per side and the median ratio are printed. Used to
 * compare a change against a detached worktree of its start commit in the same minutes (docs/ingest.md "Session 18").
 *
 * Usage: node --max-semi-space-size=32 --no-regexp-tier-up --import tsx bench/extraction-ab.ts <base dir> <branch dir> [bench|corpus|long] [batches]
 *   bench: 400 `bench:ingest` turns (two user statements and an assistant reply, the session's last three turns as context)
 *   corpus: the labelled corpus utterances and the three long turns of bench:extraction, one user message each
 *   long: the three long turns only (30 rounds a batch)
 */
import { loadavg } from 'node:os';
import type { ExtractionContext, Message, TurnRecord } from '../src/core/types.ts';

const [A, B] = [process.argv[2], process.argv[3]];
if (!A || !B) throw new Error('usage: extraction-ab.ts <base dir> <branch dir> [bench|corpus|long] [batches]');
const which = process.argv[4] ?? 'bench';
const batches = Number(process.argv[5] ?? 20);

async function load(dir: string) {
  const { extractOffline } = await import(`${dir}/src/core/extraction/offline-extractor.ts`);
  const { evalLexicon, loadCorpus } = await import(`${dir}/bench/extraction-score.ts`);
  const { planTurn } = await import(`${dir}/bench/lib/ingest-load.ts`);
  return { extractOffline, lexicon: evalLexicon(), loadCorpus, planTurn };
}
const a = await load(A);
const b = await load(B);

const LONG = [
  "Hey! So I finally moved to Berlin from NYC last month. My sister Maya still lives in Paris though, and I'm flying there on June 3rd. Work is fine, I'm a backend engineer at Stripe.",
  "I went to a LGBTQ support group yesterday and it was so powerful. I've been painting a lot lately too. My kids love the beach, we took them camping last weekend!",
  "Honestly I think TypeScript is great but generics are annoying. Please keep your answers short. I'm allergic to peanuts and I'm not vegetarian anymore.",
];
type Turn = { messages: Message[]; ctx: ExtractionContext };
let turns: Turn[];
if (which === 'bench') {
  const plan = { kind: 'many', base: 0, users: 100 } as const;
  const bySession = new Map<string, TurnRecord[]>();
  turns = Array.from({ length: 400 }, (_, k) => {
    const t = a.planTurn(plan, k);
    const recent = (bySession.get(t.session_id) ?? []).slice(-3);
    const rec: TurnRecord = { id: `t${k}`, scope: `u:${t.user_id}`, sessionId: t.session_id, userId: t.user_id, agentId: null, seq: k, timestamp: t.timestamp, messages: t.messages, text: '', terms: '', termCount: 0, metadata: {}, createdAt: t.timestamp };
    bySession.set(t.session_id, [...recent, rec]);
    return { messages: t.messages, ctx: { timestamp: t.timestamp, sessionId: t.session_id, recentTurns: recent } };
  });
} else {
  const ctx: ExtractionContext = { timestamp: '2024-05-08T15:00:00.000Z', sessionId: 'bench', recentTurns: [] };
  const texts: string[] = which === 'long' ? LONG : [...a.loadCorpus().map((l: { text?: string; msgs?: Message[] }) => l.text ?? (l.msgs ?? []).map((m) => m.content).join(' ')), ...LONG].filter(Boolean);
  turns = texts.map((t) => ({ messages: [{ role: 'user', content: t }], ctx }));
}
const reps = which === 'long' ? 30 : 1;
function run(x: typeof a): number {
  const c0 = process.cpuUsage();
  for (let r = 0; r < reps; r++) for (const t of turns) x.extractOffline(t.messages, t.ctx, true, undefined, x.lexicon);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / (turns.length * reps);
}
for (let w = 0; w < 2; w++) {
  run(a);
  run(b);
}
const ra: number[] = [];
const rb: number[] = [];
for (let i = 0; i < batches; i++) {
  if (i % 2) {
    rb.push(run(b));
    ra.push(run(a));
  } else {
    ra.push(run(a));
    rb.push(run(b));
  }
}
const med = (x: number[]) => [...x].sort((p, q) => p - q)[x.length >> 1];
const f = (x: number) => x.toFixed(3);
console.log(`${which}: ${turns.length} turns × ${batches} batches a side; CPU ms/turn min / median: base ${f(Math.min(...ra))} / ${f(med(ra))}, branch ${f(Math.min(...rb))} / ${f(med(rb))}; median ratio ${(med(rb) / med(ra)).toFixed(3)}; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
