/**
 * @module core/recall/features
 * Per-candidate ranking features applied after fusion, over the bounded candidate set (at most
 * RETRIEVE.maxCandidates). A feature is a small rule: a name, a weight and a score in [0,1] for
 * one candidate; the candidate's fused score gains weight × score, and the feature is listed
 * among its rankers for `/search`. Add a feature by appending it to FEATURES. Pure.
 */
import type { AnalyzedQuery } from './query-analysis.ts';
import type { Candidate } from './retrieve.ts';
import type { RankerHit } from '../types.ts';
import { bridgeScore, type Bridges } from './lexical-bridge.ts';
import { statesDuration, statesTime } from './time-statements.ts';
import { sentences } from './format.ts';
import { analyze } from '../text/analyze.ts';
import { mapPacked } from '../packed.ts';

export interface FeatureContext {
  query: AnalyzedQuery;
  /** Lower-cased speaker names of the scope. */
  speakers: ReadonlySet<string>;
  /** Lexicon bridges of the question's rare words (core/recall/lexical-bridge); none without a lexicon. */
  bridges?: Bridges;
  /** Sessions of the best few fused turn candidates (FEATURES_AT.sessionOf of them). */
  topSessions?: ReadonlySet<string>;
}

/** How many of the best fused turns name the sessions the sameSession feature favours. */
export const FEATURES_AT = {
  sessionOf: 3,
  /** sameSession leaves out list and count asks (items sit one per session), asks about a time, applied and profile asks (1 = on). */
  sessionAsksOnly: 1,
};

/**
 * Feature weights (measured with `npm run bench:locomo -- --set features.lexicon=…`). month 0.004 and
 * duration 0.002 (were 0): LoCoMo dev sweep, temporal @512 0.895 → 0.908 (both halves up), no
 * question lost at 512 or 2048 (docs/recall-meaning.md, session 8). namedItem 0.003 (session 13, docs/recall.md):
 * half B ev@512 0.801 → 0.805, half A unchanged, multi-hop all-hit @2048 0.634 → 0.641; 0.007 lost half A. asking
 * −0.004 (session 21, locomo24; list and count asks only): half B category 1 @2048 0.841 → 0.849, multi-hop all-hit
 * @2048 0.669 → 0.676, half A unchanged; −0.002 moved nothing, −0.008 less, every ask cost temporal @2048.
 */
export const FEATURE_WEIGHTS: Record<string, number> = { lexicon: 0, when: 0.002, duration: 0.002, month: 0.004, namedItem: 0.003, sameSession: 0.002, asking: -0.004 };

/** The lexicon bridge: a candidate reaching rare question words through first-sense relations only. */
const lexiconFeature: CandidateFeature = {
  name: 'lexicon',
  get weight() {
    return FEATURE_WEIGHTS.lexicon ?? 0;
  },
  score(c, ctx) {
    if (!ctx.bridges || ctx.bridges.size === 0) return 0;
    const terms = c.turn?.terms ?? c.memory?.terms ?? '';
    return bridgeScore(terms.split(' '), ctx.bridges, new Set(mapPacked(ctx.query.terms, (t) => t.term)));
  },
};

/** The text a feature reads: a turn's text, or a memory's value (an event with its date states a time). */
function textOf(c: Candidate): string {
  return c.turn?.text ?? c.memory?.value ?? '';
}

/** A question asking for a point in time (not "before / after / since", which only frame one). */
const ASKS_WHEN = /\b(when|what (year|month|date|day|time|week|weekend)|which (year|month|day|week|weekend)|how long ago)\b/i;

/** "When did she…?": a candidate that states a time (time-statements.ts) or a dated event. */
const whenFeature: CandidateFeature = {
  name: 'when',
  get weight() {
    return FEATURE_WEIGHTS.when ?? 0;
  },
  score(c, ctx) {
    if (!ASKS_WHEN.test(ctx.query.raw) || ctx.query.duration) return 0;
    if (c.memory) return c.memory.type === 'event' && c.memory.eventDate ? 1 : 0;
    return statesTime(textOf(c)) ? 1 : 0;
  },
};

/** "How long has she…?": a candidate that states a length of time. */
const durationFeature: CandidateFeature = {
  name: 'duration',
  get weight() {
    return FEATURE_WEIGHTS.duration ?? 0;
  },
  score(c, ctx) {
    if (!ctx.query.duration) return 0;
    return statesDuration(textOf(c)) || statesTime(textOf(c)) ? 1 : 0;
  },
};

/**
 * True when an ISO date (or month token YYYYMM) falls in one of the months (1–12), or — for a
 * turn's own timestamp — in the first week after one (events are told up to a week later).
 */
export function inMonths(iso: string, months: readonly number[], slack: boolean): boolean {
  const m = Number(iso.slice(5, 7));
  if (months.includes(m)) return true;
  return slack && Number(iso.slice(8, 10)) <= 7 && months.includes(m === 1 ? 12 : m - 1);
}

/** "What did she do in June?", "last summer": a candidate said in (or referring to) a month the question names without a year. */
const monthFeature: CandidateFeature = {
  name: 'month',
  get weight() {
    return FEATURE_WEIGHTS.month ?? 0;
  },
  score(c, ctx) {
    const months = ctx.query.months;
    if (!months || months.length === 0) return 0;
    if (c.memory) return c.memory.eventDate && inMonths(c.memory.eventDate, months, false) ? 1 : 0;
    if (!c.turn) return 0;
    if (inMonths(c.turn.timestamp, months, true)) return 1;
    for (const t of (c.turn.terms ?? '').matchAll(/(?:^| )_m(\d{4})(\d{2})(?= |$)/g)) if (months.includes(Number(t[2]))) return 1;
    return 0;
  },
};

/** Capitalised words that never name an item of a list: the speaker's "I'm", months, weekdays. */
const NOT_AN_ITEM = /^(?:i['’](?:m|d|ve|ll)|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$/i;

/**
 * True when a text names a particular thing: a quoted title ("The Alchemist", “Little Women”) or a capitalised word
 * inside a sentence (not its first word) that is not one of `speakers`, a month, a weekday or the speaker's "I'm".
 */
export function namesItem(text: string, speakers: ReadonlySet<string>): boolean {
  if (/["“][\p{Lu}][^"”]{1,60}["”]/u.test(text)) return true;
  for (const m of text.matchAll(/(?<![.!?…]\s|^|\n|:\s|\[)\b[\p{Lu}][\p{L}'’-]+/gu)) {
    if (m.index === 0) continue;
    const w = m[0].replace(/['’]s$/u, '');
    if (w.length < 2 || NOT_AN_ITEM.test(w) || speakers.has(w.toLowerCase())) continue;
    return true;
  }
  return false;
}

/**
 * "What books has Tim read?", "Which cities has John been to?", "How many tournaments…?": the items of a list or count
 * ask are particular things, and the turns that name one ("Just finished 'A Dance with Dragons'", "I was in Chicago")
 * rank above the many that only repeat the question's word ("I love reading!").
 */
const namedItemFeature: CandidateFeature = {
  name: 'named_item',
  get weight() {
    return FEATURE_WEIGHTS.namedItem ?? 0;
  },
  score(c, ctx) {
    if (!(ctx.query.list || ctx.query.count) || !c.turn) return 0;
    return namesItem(c.turn.text, ctx.speakers) ? 1 : 0;
  },
};

/**
 * A turn that matches a word of the question in a session where one of the best turns was said continues that
 * talk: "we just did it yesterday! …after the road trip" a few turns after the hike was brought up.
 */
const sameSessionFeature: CandidateFeature = {
  name: 'same_session',
  get weight() {
    return FEATURE_WEIGHTS.sameSession ?? 0;
  },
  score(c, ctx) {
    if (!c.turn || !ctx.topSessions || c.bm25 <= 0) return 0;
    return ctx.topSessions.has(c.turn.sessionId) ? 1 : 0;
  },
};

/**
 * True when the sameSession feature applies to the ask (FEATURES_AT.sessionAsksOnly): not a list or count ask, nor
 * one about a time, nor an applied or profile ask ("Recommend a hike", "what do you know about me"), nor an ask about the
 * user's own world ("What does my sister do?"): the facts bearing on those answer from every session.
 */
const FIRST_PERSON = /\b(?:I|my|me|mine)\b/;
export function sessionAsk(q: AnalyzedQuery): boolean {
  return !FEATURES_AT.sessionAsksOnly || !(q.list || q.count || q.temporal || q.duration || q.applied || q.profile || ASKS_WHEN.test(q.raw) || FIRST_PERSON.test(q.raw));
}

/** Which asks the asking feature reads (FEATURES_AT-like switch): 1 = list and count asks only, 0 = every ask. */
export const ASKING = { listOnly: 1 };

/**
 * True when a turn only asks about what the question names: every sentence holding one of `terms` is a question ("Have
 * you found any activities that make you feel the same way?"), or, when none holds one, every sentence is. A turn that
 * tells something ("We enjoy hiking in the mountains") is false; so is an empty one.
 */
export function onlyAsks(text: string, terms: ReadonlySet<string>): boolean {
  if (!text.includes('?')) return false;
  const ss = sentences(text.replace(/\s*\[image:[^\]]*\]/g, ''));
  if (ss.length === 0) return false;
  const hit = ss.filter((x) => analyze(x).some((t) => terms.has(t)));
  return (hit.length > 0 ? hit : ss).every((x) => /\?["”')]*$/.test(x.trim()));
}

/**
 * "What activities has Melanie done?": the items of an ask are told, not asked. A turn that only asks about the ask's
 * words ("Any specific projects or activities you're looking forward to?") is the talk around an item, whose answer is
 * the reply (which inherits from it as a neighbour): weighed down by the feature's negative weight.
 */
const askingFeature: CandidateFeature = {
  name: 'asking',
  get weight() {
    return FEATURE_WEIGHTS.asking ?? 0;
  },
  score(c, ctx) {
    if (!c.turn || (ASKING.listOnly && !(ctx.query.list || ctx.query.count))) return 0;
    const terms = new Set(mapPacked(ctx.query.terms.filter((t) => (t.source === 'query' || t.source === 'name') && !ctx.speakers.has(t.term) && !t.term.startsWith('_')), (t) => t.term));
    return onlyAsks(c.turn.text, terms) ? 1 : 0;
  },
};

export interface CandidateFeature {
  name: string;
  weight: number;
  /** A score in [0,1] for the candidate (0: no opinion). */
  score(c: Candidate, ctx: FeatureContext): number;
}

/** The features in use. */
export const FEATURES: CandidateFeature[] = [lexiconFeature, whenFeature, durationFeature, monthFeature, namedItemFeature, sameSessionFeature, askingFeature];

/** Adds each feature's weighted score to the candidates and re-sorts them (stable for equal scores). */
export function applyFeatures(candidates: Candidate[], ctx: FeatureContext, features: readonly CandidateFeature[] = FEATURES): Candidate[] {
  const live = features.filter((f) => f.weight !== 0);
  if (live.length === 0) return candidates;
  const scored = mapPacked(candidates, (c, i) => {
    let score = c.score;
    // Copied only when a feature fires (most candidates keep their rankers and score as they are).
    let rankers: RankerHit[] | null = null;
    for (const f of live) {
      const s = f.score(c, ctx);
      if (!Number.isFinite(s) || s === 0) continue;
      score += f.weight * s;
      (rankers ??= [...c.rankers]).push({ ranker: `feature_${f.name}`, rank: 0, score: s });
    }
    return { c: rankers ? { ...c, score, rankers } : c, i };
  });
  return mapPacked(scored.sort((a, b) => b.c.score - a.c.score || a.i - b.i), (x) => x.c);
}
