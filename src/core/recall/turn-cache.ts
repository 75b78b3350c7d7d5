/**
 * @module core/recall/turn-cache
 * Per-scope, in-process cache of a scope's turns (ids, sessions, order, speakers, terms) so recall
 * can score, smooth with neighbours and render without a store round trip per candidate. The
 * version is the store's corpus stats (turn count and total terms): turns are immutable, so a
 * grown count is caught up with `latestTurns` and anything else (a deletion, a back-dated
 * import) reloads the scope. Scopes above TURN_CACHE.maxTurns are not cached (recall then uses
 * the store's lexical index directly). Pure data structure over the store port; no I/O of its own.
 */
import type { CorpusStats, LexicalDoc, MemoryStore } from '../ports.ts';
import type { TurnRecord } from '../types.ts';
import { speakerOf } from '../render.ts';
import { countTokens } from '../text/tokens.ts';
import { asksQuestion, estimateSplitTokens, renderSplit, splitMessages, type SplitMessage } from './format.ts';

/** Scopes with more turns than `maxTurns` are served from the store's lexical index, uncached; all cached scopes together hold at most `maxTotalTurns` turns (least recently used scopes go first). */

/** Cache version of a corpus: count, total terms and the store's revision (newest write). */
export function corpusVersion(stats: CorpusStats): string {
  return `${stats.count}:${stats.totalTerms}:${stats.revision ?? ''}`;
}

export const TURN_CACHE = { maxTurns: 20_000, maxTotalTurns: 200_000 };
const MAX_SCOPES = 64;

export interface ScopeTurns {
  version: string;
  turns: TurnRecord[];
  byId: Map<string, TurnRecord>;
  /** Turns of each session ordered by seq. */
  bySession: Map<string, TurnRecord[]>;
  /** Position of each turn in its session list. */
  position: Map<string, number>;
  /** Lower-cased speaker names per turn. */
  speakers: Map<string, string[]>;
  /** Every speaker name seen in the scope (lower-cased). */
  allSpeakers: Set<string>;
  docs: TermDoc[];
  /** Inverted index: term → ids of the turns containing it. */
  postings: Map<string, string[]>;
  totalTerms: number;
  /** Rendered, secret-masked bodies, their sentences and token counts, filled lazily by recall. */
  rendered: Map<string, RenderedTurn>;
  /** Whether each turn ends by asking a question, filled lazily. */
  asks: Map<string, boolean>;
}

export interface RenderedTurn {
  messages: SplitMessage[];
  body: string;
  tokens: number;
  /** Token counts of "Speaker: " per message and of each sentence (for excerpt estimates), lazily. */
  prefixTokens?: number[];
  sentTokens?: number[][];
}

/** Estimated tokens of the turn excerpted to `focus` (per-sentence counts, memoised). */
export function excerptTokens(r: RenderedTurn, focus: ReadonlySet<string>, window = 0): number {
  if (!r.sentTokens || !r.prefixTokens) {
    r.prefixTokens = r.messages.map((m) => countTokens(`${m.speaker}:`));
    r.sentTokens = r.messages.map((m) => m.sentences.map((x) => countTokens(` ${x}`)));
  }
  return estimateSplitTokens(r.messages, focus, r.prefixTokens, r.sentTokens, window);
}

/** The memoised rendering of a cached turn. */
export function renderedTurn(st: ScopeTurns | null, t: TurnRecord): RenderedTurn {
  const hit = st?.rendered.get(t.id);
  if (hit) return hit;
  const messages = splitMessages(t, st ? followsQuestion(st, t) : false);
  const body = renderSplit(messages, null);
  const r = { messages, body, tokens: countTokens(body) };
  if (st && st.byId.has(t.id)) st.rendered.set(t.id, r);
  return r;
}

/** A lexical document with its terms already split. */
export interface TermDoc {
  id: string;
  tokens: string[];
  termCount: number;
}

export function toTermDoc(d: LexicalDoc): TermDoc {
  return { id: d.id, tokens: d.terms ? d.terms.split(' ') : [], termCount: d.termCount };
}

const caches = new WeakMap<MemoryStore, Map<string, ScopeTurns>>();

function build(turns: TurnRecord[], stats: CorpusStats): ScopeTurns {
  const byId = new Map<string, TurnRecord>();
  const bySession = new Map<string, TurnRecord[]>();
  const speakers = new Map<string, string[]>();
  const allSpeakers = new Set<string>();
  let totalTerms = 0;
  for (const t of turns) {
    byId.set(t.id, t);
    let l = bySession.get(t.sessionId);
    if (!l) bySession.set(t.sessionId, (l = []));
    l.push(t);
    const names = [...new Set(t.messages.map((m) => speakerOf(m).toLowerCase()))];
    speakers.set(t.id, names);
    for (const n of names) allSpeakers.add(n);
    totalTerms += t.termCount;
  }
  const position = new Map<string, number>();
  for (const l of bySession.values()) {
    l.sort((a, b) => a.seq - b.seq);
    l.forEach((t, i) => position.set(t.id, i));
  }
  const docs = turns.map((t) => toTermDoc(t));
  const postings = new Map<string, string[]>();
  for (const d of docs) {
    for (const term of new Set(d.tokens)) {
      let l = postings.get(term);
      if (!l) postings.set(term, (l = []));
      l.push(d.id);
    }
  }
  return {
    version: corpusVersion(stats),
    turns,
    byId,
    bySession,
    position,
    speakers,
    allSpeakers,
    docs,
    postings,
    totalTerms,
    rendered: new Map(),
    asks: new Map(),
  };
}

/** The scope's turns, from cache when the corpus version is unchanged; null for huge scopes. */
export async function scopeTurns(store: MemoryStore, scope: string, stats: CorpusStats): Promise<ScopeTurns | null> {
  if (stats.count > TURN_CACHE.maxTurns) return null;
  let perStore = caches.get(store);
  if (!perStore) caches.set(store, (perStore = new Map()));
  const version = corpusVersion(stats);
  const cur = perStore.get(scope);
  if (cur && cur.version === version) return touch(perStore, scope, cur);
  if (stats.count === 0) return touch(perStore, scope, build([], stats));
  if (cur && stats.count > cur.turns.length) {
    const delta = await store.latestTurns(scope, stats.count - cur.turns.length);
    const fresh = delta.filter((t) => !cur.byId.has(t.id));
    const added = fresh.reduce((s, t) => s + t.termCount, 0);
    if (fresh.length === delta.length && cur.totalTerms + added === stats.totalTerms) {
      return touch(perStore, scope, build([...cur.turns, ...fresh], stats));
    }
  }
  const all = await store.listTurns(scope);
  return touch(perStore, scope, build(all, stats));
}

/** Keeps the scope most recent; evicts the least recently used scopes over the scope and turn caps. */
function touch(m: Map<string, ScopeTurns>, scope: string, v: ScopeTurns): ScopeTurns {
  m.delete(scope);
  m.set(scope, v);
  let total = 0;
  for (const x of m.values()) total += x.turns.length;
  while (m.size > 1 && (m.size > MAX_SCOPES || total > TURN_CACHE.maxTotalTurns)) {
    const oldest = m.keys().next().value as string;
    total -= m.get(oldest)!.turns.length;
    m.delete(oldest);
  }
  return v;
}

/** Documents containing at least one of `terms`, via the inverted index. */
export function docsWithAny(st: ScopeTurns, terms: string[]): TermDoc[] {
  const ids = new Set<string>();
  for (const t of terms) for (const id of st.postings.get(t) ?? []) ids.add(id);
  const byId = st.byId;
  const out: TermDoc[] = [];
  for (const d of st.docs) if (ids.has(d.id) && byId.has(d.id)) out.push(d);
  return out;
}

/** True when the turn's last message asks a question (memoised per cached turn). */
export function turnAsks(st: ScopeTurns, t: TurnRecord): boolean {
  let v = st.asks.get(t.id);
  if (v === undefined) {
    v = asksQuestion(t.messages.length > 0 ? t.messages[t.messages.length - 1].content : t.text);
    if (st.byId.has(t.id)) st.asks.set(t.id, v);
  }
  return v;
}

/** True when the turn before `t` in its session ends by asking a question. */
function followsQuestion(st: ScopeTurns, t: TurnRecord): boolean {
  const i = st.position.get(t.id);
  if (i === undefined || i === 0) return false;
  return turnAsks(st, st.bySession.get(t.sessionId)![i - 1]);
}

/** The turns right before and after `id` in its session (the one on each side). */
export function neighbours(st: ScopeTurns, id: string): TurnRecord[] {
  const t = st.byId.get(id);
  if (!t) return [];
  const l = st.bySession.get(t.sessionId)!;
  const i = st.position.get(id)!;
  return [l[i - 1], l[i + 1]].filter((x): x is TurnRecord => !!x);
}
