/**
 * @module core/recall/turn-window
 * The turns one recall has fetched from the store (lexical candidates and their session
 * neighbours), indexed by id and by (session, seq), with what recall derives from a turn
 * memoised for the request: its speakers, whether it ends by asking, its rendering and token
 * counts. Holds only what was fetched, so its size follows the candidate bound, never the
 * user's history. Pure data structure; no I/O.
 */
import type { TurnRecord } from '../types.ts';
import { speakerOf } from '../render.ts';
import { countTokens } from '../text/tokens.ts';
import { asksQuestion, estimateLeanTokens, estimateSplitTokens, EXCERPT, renderLean, renderSplit, splitMessages, type Focus, type SplitMessage } from './format.ts';
import { mapPacked } from '../packed.ts';

export interface RenderedTurn {
  messages: SplitMessage[];
  body: string;
  tokens: number;
  /** Token counts of "Speaker: " per message and of each sentence (for excerpt estimates), lazily. */
  prefixTokens?: number[];
  sentTokens?: number[][];
  /** The turn shown whole without its pleasantries, with its estimated tokens (leanBody), lazily. */
  lean?: { text: string; tokens: number };
}

function sentenceCounts(r: RenderedTurn): { prefixTokens: number[]; sentTokens: number[][] } {
  if (!r.sentTokens || !r.prefixTokens) {
    r.prefixTokens = mapPacked(r.messages, (m) => countTokens(`${m.speaker}:`));
    r.sentTokens = mapPacked(r.messages, (m) => mapPacked(m.sentences, (x) => countTokens(` ${x}`)));
  }
  return { prefixTokens: r.prefixTokens, sentTokens: r.sentTokens };
}

/** Estimated tokens of the turn excerpted to `focus` (per-sentence counts, memoised). */
export function excerptTokens(r: RenderedTurn, focus: Focus, window = 0, idleLead = false): number {
  const c = sentenceCounts(r);
  return estimateSplitTokens(r.messages, focus, c.prefixTokens, c.sentTokens, window, idleLead);
}

/** The turn shown whole without its pleasantries (EXCERPT.leanWhole; else its body), with its estimated tokens. */
export function leanBody(r: RenderedTurn): { text: string; tokens: number } {
  if (EXCERPT.leanWhole !== 1) return { text: r.body, tokens: r.tokens };
  if (r.lean) return r.lean;
  const text = renderLean(r.messages);
  if (text === r.body) return (r.lean = { text, tokens: r.tokens });
  const c = sentenceCounts(r);
  return (r.lean = { text, tokens: estimateLeanTokens(r.messages, c.prefixTokens, c.sentTokens) });
}

export class TurnWindow {
  readonly byId = new Map<string, TurnRecord>();
  /** Session → seq → turn (no key string built per lookup: `at` runs for every neighbour step). */
  private readonly bySeq = new Map<string, Map<number, TurnRecord>>();
  private readonly asks = new Map<string, boolean>();
  private readonly speakerMemo = new Map<string, string[]>();
  private readonly rendered = new Map<string, RenderedTurn>();

  constructor(turns: Iterable<TurnRecord> = []) {
    this.add(turns);
  }

  add(turns: Iterable<TurnRecord>): void {
    for (const t of turns) {
      if (this.byId.has(t.id)) continue;
      this.byId.set(t.id, t);
      let session = this.bySeq.get(t.sessionId);
      if (!session) this.bySeq.set(t.sessionId, (session = new Map()));
      session.set(t.seq, t);
    }
  }

  get(id: string): TurnRecord | undefined {
    return this.byId.get(id);
  }

  /** The fetched turn `offset` seq steps from `t` in its session. */
  at(t: TurnRecord, offset: number): TurnRecord | undefined {
    return this.bySeq.get(t.sessionId)?.get(t.seq + offset);
  }

  /** The turns right before and after `id` in its session, where fetched. */
  neighbours(id: string): TurnRecord[] {
    const t = this.byId.get(id);
    if (!t) return [];
    return [this.at(t, -1), this.at(t, 1)].filter((x): x is TurnRecord => !!x);
  }

  /** True when the turn's last message asks a question. */
  asksQuestion(t: TurnRecord): boolean {
    let v = this.asks.get(t.id);
    if (v === undefined) {
      v = asksQuestion(t.messages.length > 0 ? t.messages[t.messages.length - 1].content : t.text);
      this.asks.set(t.id, v);
    }
    return v;
  }

  /** Lower-cased speaker names of a turn. */
  speakers(t: TurnRecord): string[] {
    let v = this.speakerMemo.get(t.id);
    if (!v) this.speakerMemo.set(t.id, (v = [...new Set(mapPacked(t.messages, (m) => speakerOf(m).toLowerCase()))]));
    return v;
  }

  /** True when the turn before `t` in its session (if fetched) ends by asking a question. */
  followsQuestion(t: TurnRecord): boolean {
    const prev = this.at(t, -1);
    return !!prev && this.asksQuestion(prev);
  }

  /** The memoised rendering of a turn (split into sentences, secrets masked). */
  render(t: TurnRecord): RenderedTurn {
    const hit = this.rendered.get(t.id);
    if (hit) return hit;
    const messages = splitMessages(t, this.followsQuestion(t));
    const body = renderSplit(messages, null);
    const r = { messages, body, tokens: countTokens(body) };
    this.rendered.set(t.id, r);
    return r;
  }
}
