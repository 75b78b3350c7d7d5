/**
 * The offline-extraction test harness the rule-family tests share: a fixed turn time, a builder
 * for earlier turns of the session, one call that runs the extractor on a message (or messages),
 * and the compact `subject|key|value|op[|eventDate]` form the tables compare against.
 */
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import type { MemoryCandidate, Message, TurnRecord } from '../../src/core/types.ts';

/** The default turn time: a Wednesday. */
export const TS = '2024-05-08T15:00:00.000Z';

/** An earlier turn of session `s` (position `i`) carrying `messages`. */
export function recentTurn(messages: Message[], i: number, timestamp = TS): TurnRecord {
  return { id: `t${i}`, scope: 'u:x', sessionId: 's', userId: 'x', agentId: null, seq: i + 1, timestamp, messages, text: '', terms: '', termCount: 0, metadata: {}, createdAt: timestamp } as TurnRecord;
}

const userMessage = (content: string, name: string | null = null): Message => ({ role: 'user', content, name });

/**
 * Extracts from one user message (`name` is its speaker) or the given messages; `recent` are
 * earlier turns of the session, each a user message's text or a list of messages.
 */
export function extract(content: string | Message[], opts: { recent?: Array<string | Message[]>; name?: string | null; timestamp?: string } = {}): MemoryCandidate[] {
  const timestamp = opts.timestamp ?? TS;
  const messages = typeof content === 'string' ? [userMessage(content, opts.name ?? null)] : content;
  const recentTurns = (opts.recent ?? []).map((r, i) => recentTurn(typeof r === 'string' ? [userMessage(r)] : r, i, timestamp));
  return extractOffline(messages, { timestamp, sessionId: 's', recentTurns });
}

/** `subject|key|value|op` plus `|eventDate` when dated. */
export function brief(cs: MemoryCandidate[]): string[] {
  return cs.map((c) => `${c.subject}|${c.key}|${c.value}|${c.op}${c.eventDate ? `|${c.eventDate}` : ''}`);
}

/** `brief`, lower-cased (tables written in lower case). */
export function briefLower(cs: MemoryCandidate[]): string[] {
  return brief(cs).map((l) => l.toLowerCase());
}

/**
 * The WordNet-backed helpers of the session-10 frame tables: facts as `subject|key|value(lower)|op`, from messages
 * (`run`, with earlier user turns), a user message (`said`, with earlier user turns) or an assistant question and the user's answer (`asked`), and `has`,
 * a fact whose subject ends with `who` (a relative is `uncle tobias`), key and value matching (and op, if given).
 */
export function wordnetFacts(lexicon: Parameters<typeof extractOffline>[4]) {
  const run = (messages: Message[], prev: string[] = []) =>
    extractOffline(messages, { timestamp: TS, sessionId: 's', recentTurns: prev.map((p, i) => recentTurn([{ role: 'user', content: p }], i)) }, true, undefined, lexicon).map(
      (m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}|${m.op}`,
    );
  return {
    run,
    said: (text: string, prev: string[] = []) => run([{ role: 'user', content: text }], prev),
    asked: (question: string, answer: string) => run([{ role: 'assistant', content: question }, { role: 'user', content: answer }]),
    has: (facts: string[], who: string, key: string, value: RegExp, op?: string) =>
      facts.some((f) => {
        const [s, k, v, o] = f.split('|');
        return (s === who || s.endsWith(` ${who}`)) && k === key && value.test(v) && (!op || o === op);
      }),
  };
}
