/**
 * @module bench/lib/bench-turns
 * The `bench:ingest` turns as the extractor meets them in the server (two user statements and an assistant reply, the
 * session's last three turns as recent turns), for in-process extraction probes (bench/regex-census.ts,
 * bench/jit-warmup.ts; bench/extraction-ab.ts builds the same list).
 */
import type { ExtractionContext, Message, TurnRecord } from '../../src/core/types.ts';
import { planTurn } from './ingest-load.ts';

export interface BenchTurn {
  messages: Message[];
  ctx: ExtractionContext;
}

/** The first `n` turns of the bench's many-users plan (100 users). */
export function benchTurns(n: number): BenchTurn[] {
  const plan = { kind: 'many', base: 0, users: 100 } as const;
  const bySession = new Map<string, TurnRecord[]>();
  return Array.from({ length: n }, (_, k) => {
    const t = planTurn(plan, k);
    const recent = (bySession.get(t.session_id) ?? []).slice(-3);
    const rec: TurnRecord = { id: `t${k}`, scope: `u:${t.user_id}`, sessionId: t.session_id, userId: t.user_id, agentId: null, seq: k, timestamp: t.timestamp, messages: t.messages, text: '', terms: '', termCount: 0, metadata: {}, createdAt: t.timestamp };
    bySession.set(t.session_id, [...recent, rec]);
    return { messages: t.messages as Message[], ctx: { timestamp: t.timestamp, sessionId: t.session_id, recentTurns: recent } };
  });
}
