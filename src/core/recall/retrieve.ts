/**
 * @module core/recall/retrieve
 * Candidate generation shared by recall and search. Every ranker asks the store for a bounded
 * candidate set from its own index (RecallIndex: lexical matches scoped before matching, key
 * and date lookups, vectors), and core ranks at most a few hundred of them: BM25 over turns
 * (speaker-aware, smoothed with the neighbouring turns fetched by seq), BM25 over memories,
 * key/subject match, entity bridging (proper nouns of the best hits as a second hop), vector
 * similarity and planner sub-queries when those providers exist — fused with weighted RRF, then
 * the per-candidate features (features.ts). Nothing here scans a user's whole history, and
 * nothing knows which store answers. Providers that fail are logged and skipped.
 */
import { adultsOf } from '../lexicon/young-animals.ts';
import type { CorpusStats, Lexicon, MemoryStore, TurnPlace } from '../ports.ts';
import type { MemoryRecord, RankerHit, TurnRecord } from '../types.ts';
import { analyze } from '../text/analyze.ts';
import { analyzeQuery, INTENTS, keyPhraseWords, kinBeside, kinConflict, QUERY, queryWith, RELATION_KEYS, withNamedKin, type AnalyzedQuery, type QueryTerm } from './query-analysis.ts';

/** Keys whose rows name a relative (parent, sibling, child…): kinConflict applies to them. */
const RELATION_ROW_KEYS: ReadonlySet<string> = new Set(RELATION_KEYS);
import { bm25Score, coverageIdf, idf, isOriginal, termMatcher, toTermDoc, type Bm25Hit, type TermDoc } from './bm25.ts';
import { rrf, type RankedList } from './fusion.ts';
import { TurnWindow } from './turn-window.ts';
import { applyFeatures, FEATURE_WEIGHTS, FEATURES_AT, sessionAsk } from './features.ts';
import { questionBridges } from './lexical-bridge.ts';
import { unsupportedTopic } from './person-topic.ts';
import { expansionsOf } from './synonyms.ts';
import type { RecallDeps } from './recall.ts';
import { referredDateIn } from '../text/date-tokens.ts';
import { mapPacked } from '../packed.ts';

/** Tunables, in one place (each measured with `npm run bench:locomo`, see CHANGELOG). */
export const RETRIEVE = {
  /** Score multiplier for turns spoken by the person the question names. */
  speakerBoost: 0.5,
  /**
   * ...for list and count asks ("What paintings has Melanie done?"), whose items are the named
   * person's own turns across sessions. 1 (was 0.5 as for every question): LoCoMo dev, decided on
   * half A (ev@512 0.816 → 0.820, multi-hop all-hit 0.378 → 0.405), confirmed on half B (ev@2048
   * 0.891 → 0.894, @512 unchanged); `npm run bench:locomo-sweep`, docs/recall-meaning.md.
   */
  listSpeakerBoost: 1,
  /** Share of the best neighbour's BM25 score a turn inherits (answers follow questions). */
  neighbourShare: 0.5,
  /**
   * ...for list and count asks, whose items are the named person's own turns, not the talk around them (-1: as
   * neighbourShare; a reply to a matching question still inherits `answerShare`). 0.25, session 13 (docs/recall.md):
   * LoCoMo dev sweep ev@512 0.821 → 0.822 and @2048 0.915 → 0.917, neither half down; 0 lost half B (0.805 → 0.797).
   */
  listNeighbourShare: 0.25,
  /** ...raised to this share for the reply right after a turn that asks a question. */
  answerShare: 1,
  /** Share a reply inherits from a follow-up question that itself only inherited ("What's it about?"). */
  chainShare: 1,
  /** ...and so does a short reaction with fewer index terms than this ("Wow, that must've been breathtaking!"). */
  chainMaxTerms: 6,
  /** Boost the speakers a question names in an oblique position too ("about Gina's store") when another is named directly (1 = on). */
  obliqueSpeakers: 0,
  /** Read an unknown single name as the user in scopes where nobody is named (1 = on). */
  unnamedUserAlias: 1,
  /** Known speakers' names act only through the speaker prior, not as turn terms (1 = on). */
  speakerNamesAsPrior: 1,
  /**
   * A plain question about a known person that names a thing no document of the scope mentions, absent from that
   * person's documents, fails the named-person coverage bar however many everyday words around it were said
   * (person-topic.ts; 1 = on). Session 20 (gate23, docs/recall.md).
   */
  personTopic: 1,
  /** Lexical candidates the store returns per query over turns (its index's best first)... */
  lexicalLimit: 300,
  /** ...and over memories (a memory line is short and one fact; fewer are ever shown). */
  memoryLexicalLimit: 150,
  /** Best turn hits whose session neighbours are fetched for smoothing (and whose speaker/date priors apply). */
  smoothTop: 100,
  /** Rows a key lookup, a date window (turns) and an event window may return. */
  keyRows: 60,
  dateRows: 500,
  eventRows: 200,
  /** Older rows fetched per (subject, key) for a memory line's history note. */
  historyPerSlot: 6,
  /** Entity bridging: proper nouns taken from the best hits for a second hop. */
  bridgeFrom: 3,
  bridgeWeight: 0.35,
  /** Candidates each bridge query reads per kind, and bridge items handed to fusion. */
  bridgeLimit: 100,
  bridgeItems: 50,
  vectorLimit: 50,
  /** Question intents (food, travel, media…) imply keys for the key ranker (1 = on). */
  intents: 1,
  /** Gate coverage a turn earns for an applied ask when its kind features fit the ask (0 = off). */
  appliedKindCoverage: 0.5,
  /** ...only when the ask is applied by its mood (1), or for any question with an intent (0: "What's my favourite cuisine?" passed on any food turn). */
  appliedKindNeedsApplied: 1,
  /**
   * A memory whose key only the ask's intent implies counts as covering the ask only for an
   * applied or generic ask, or an intent whose keys answer it (`covers`) (1); or always (0:
   * "What's my salary?" was answered by the job title).
   */
  intentKeyNeedsApplied: 1,
  /** Memories the key/subject ranker contributes. */
  keyLimit: 8,
  /** Items each ranker hands to fusion, and fused candidates kept. */
  listLimit: 300,
  /** Best hits per kind whose matched terms are pooled for the union coverage. */
  unionOf: 5,
  maxCandidates: 200,
  /** RRF weight per ranker. */
  weights: { bm25_turn: 1, bm25_memory: 0.5, key_memory: 0.6, intent_memory: 0.3, bridge: 0.35, vector_turn: 0.8, vector_memory: 0.8, subquery: 0.5, feedback: 0, date: 0.5, recency: 0.25 } as Record<string, number>,
  /** Score multiplier for turns inside the date the question names (plus a week of slack). */
  dateBoost: 0.5,
  /** Turns whose resolved relative dates (index date tokens) fall in the named date count as of that date (1 = on). */
  referredDates: 0,
  /** Pseudo-relevance feedback: best turns read, terms taken (weight 0 = off). */
  feedbackDocs: 3,
  feedbackTerms: 8,
  /**
   * The feedback ranker's weight when the recall budget holds many lines (maxTokens ≥ feedbackMinTokens; 0 = off).
   * Feedback re-ranks the candidates toward the best hits' topic: it lifts evidence ranked 30–100, which only a wide
   * context shows, and moves precise hits down, which a tight one cannot afford (session 14, docs/recall.md).
   */
  feedbackWide: 0.1,
  feedbackMinTokens: 2048,
  /**
   * Session vicinity for wide budgets (maxTokens ≥ feedbackMinTokens): the turns within `vicinityRadius` of the best
   * `vicinityTop` turn hits, as one more ranker (weight; 0 = off). What a wide context misses is mostly evidence that
   * is no candidate at all and shares no word with the question (session 21), often a few turns from a strong hit.
   * Session 23 (locomo26, docs/recall.md): LoCoMo dev ev@2048 0.923 → 0.928 (A 0.925 → 0.926, B 0.921 → 0.929),
   * multi-hop all-hit @2048 0.676 → 0.697, containment @2048 0.526 → 0.529; budgets below 2,048 unchanged.
   */
  vicinityWide: 1,
  vicinityTop: 3,
  vicinityRadius: 2,
  /**
   * Which vicinity turns the ranker lists: all (0); only turns the turn ranker does not hold (1); or those plus the
   * ones that only inherited a neighbour's score (2): a turn holding a question word keeps its place, since lifting
   * it reorders the best lines and moves an answer out of the whole-shown top (containment @2048 0.526 → 0.457 at 0).
   */
  vicinityNewOnly: 2,
  /** Lexical candidates the feedback query reads, all of them fused (100: the same LoCoMo figures as 300, a smaller read). */
  feedbackLimit: 100,
  /** The entity path of the gate counts a document only with the question's required words (1 = on). Session 15. */
  entityRequired: 1,
  /** A relation row of the other sex than the kin asked about does not answer it (kinConflict; 1 = on). Session 15. */
  kinConflict: 1,
  /** The entity path of the gate needs, for a relative's attribute, a matched word besides the names and the relative (1 = on). Session 16. */
  entityAttribute: 1,
};

/** Events that end or start a fact: asked for by "before / used to" questions about that fact. */
const HISTORY_EVENTS: Record<string, string[]> = {
  employer: ['event_job_loss', 'event_job_start'],
  job_title: ['event_job_loss', 'event_job_start'],
  location: ['event_move'],
};

/** Words that ask for a preference without naming its topic. */
const PREFERENCE_WORDS = new Set(analyze('favorite favourite like likes love loves enjoy enjoys dislike dislikes hate hates prefer prefers interests'));

export interface Candidate {
  kind: 'memory' | 'turn';
  id: string;
  score: number;
  rankers: RankerHit[];
  /** Best lexical coverage of the question's own terms (noise gate). */
  coverage: number;
  /** Raw BM25 of the candidate (turn or memory ranker), 0 when found by other rankers only. */
  bm25: number;
  memory?: MemoryRecord;
  turn?: TurnRecord;
}

export interface Retrieved {
  query: AnalyzedQuery;
  candidates: Candidate[];
  /** The turns fetched for this question (candidates and their session neighbours). */
  turns: TurnWindow;
  /** Lower-cased speaker names of the scope. */
  speakers: Set<string>;
  /** Names the scope knows: its speakers and its memories' subjects (with their short forms). */
  known: Set<string>;
  /** Highest original-term coverage over turns and memories. */
  bestCoverage: number;
  /** Original-term coverage of the union of the best few turns and memories. */
  unionCoverage: number;
  /** Share of the question's own IDF mass whose terms occur anywhere in the scope. */
  corpusCoverage: number;
  /** The same two measures over the content terms only (no names, no question filler). */
  contentUnion: number;
  contentBest: number;
  contentCorpus: number;
  /** True when a vector ranker contributed. */
  usedVectors: boolean;
  /** Best coverage of a document that contains a name the question mentions (not a speaker's). */
  entityCoverage: number;
  /**
   * For a question naming a known person: the share of its content words' IDF mass (the names left out) said in that
   * person's documents — their own turns, turns naming them, memories about them. 0 when it names no one known.
   */
  personCorpus: number;
  /** ...and whether its topic word (the content word of most IDF mass) is among them. */
  personTopic: boolean;
  /** ...and its content words that are not (analysed terms), heaviest first. */
  personMissing: string[];
  /**
   * A plain question about a known person naming a thing the scope never discussed, absent from that person's
   * documents ("constellation" in "What is Jon's favourite constellation?"): the word, else null (person-topic.ts).
   */
  unsupportedTopic: string | null;
}

/** Lexical candidates of one query: the documents and, when the store had to cut, its document frequencies. */
interface LexicalSet {
  docs: TermDoc[];
  /** The index's per-scope counts; absent when `docs` is every matching document (counted there, exactly). */
  df?: Record<string, number>;
  /** Ids of the documents whose full terms hold one of the `owners` terms asked for (a person's name). */
  owned?: Set<string>;
}

async function lexical(store: MemoryStore, scope: string, kind: 'memory' | 'turn', terms: string[], includeInactive = true, limit = kind === 'turn' ? RETRIEVE.lexicalLimit : RETRIEVE.memoryLexicalLimit, owners: readonly string[] = []): Promise<LexicalSet> {
  if (terms.length === 0) return { docs: [] };
  const raw = await store.lexicalCandidates(scope, kind, terms, limit, kind === 'memory' ? { includeInactive } : undefined);
  // Every reader of the set asks only about the terms it was queried for (BM25, dfIn, the kind features).
  const match = termMatcher(terms);
  // A turn's terms open with its speaker's name and a memory's with its subject's: the documents of a person (or naming them).
  const own = owners.length > 0 ? termMatcher(owners) : null;
  let owned: Set<string> | undefined;
  if (own) {
    owned = new Set();
    for (const d of raw.docs) if (d.terms && own(d.terms).length > 0) owned.add(d.id);
  }
  return { docs: mapPacked(raw.docs, (d) => toTermDoc(d, match)), df: raw.df, ...(owned ? { owned } : {}) };
}

/** Documents of the set containing the term (exact when complete, else the index's count). */
function dfIn(set: LexicalSet, term: string): number {
  if (set.df) return set.df[term] ?? 0;
  let n = 0;
  for (const d of set.docs) if (d.tokens.includes(term)) n++;
  return n;
}

/**
 * The BM25 hits over turns with the speaker prior and neighbour smoothing (over the fetched window), best first.
 * Takes over `hits` (bm25Score's fresh list, not read again by the caller): their scores are changed in place and the
 * list is extended and sorted, instead of copying ~300 hits a recall.
 */
function rankTurns(hits: Bm25Hit[], q: AnalyzedQuery, w: TurnWindow, speakers: ReadonlySet<string>): Bm25Hit[] {
  const named = askedSpeakers(q, { allSpeakers: speakers });
  // The first `n0` entries of `out` are the hits in their order, each one's own BM25 kept in `base` (off the JS heap
  // once past a few entries); the turns that only inherit are appended. Indexed by id (no map of base scores).
  const n0 = hits.length;
  const out = hits;
  const base = new Float64Array(n0);
  const index = new Map<string, number>();
  for (let i = 0; i < n0; i++) {
    base[i] = hits[i]!.score;
    index.set(hits[i]!.id, i);
  }
  /** `id` scores at least its own BM25 plus `inherited`; a turn with no term of its own joins the list. */
  const inherit = (id: string, inherited: number) => {
    const i = index.get(id);
    if (i !== undefined) {
      const cur = out[i]!;
      cur.score = Math.max(cur.score, (i < n0 ? base[i]! : 0) + inherited);
    } else {
      index.set(id, out.length);
      out.push({ id, score: inherited, coverage: 0, matched: [] as string[] });
    }
  };
  // Neighbour smoothing: a turn inherits part of the best adjacent turn's score; the reply right
  // after a matching question inherits `answerShare` of it (the answer follows the question).
  const share = (q.list || q.count) && RETRIEVE.listNeighbourShare >= 0 ? RETRIEVE.listNeighbourShare : RETRIEVE.neighbourShare;
  const top = Math.min(n0, RETRIEVE.listLimit, RETRIEVE.smoothTop);
  for (let i = 0; i < top; i++) {
    const t = w.get(out[i]!.id);
    if (!t) continue;
    const asks = w.asksQuestion(t);
    // The hit's own BM25 (its entry's score may have grown by now), to the turn before, then the turn after (as
    // TurnWindow.neighbours lists them).
    const own = base[i]!;
    const prev = w.at(t, -1);
    if (prev) inherit(prev.id, share * own);
    const next = w.at(t, 1);
    if (next) inherit(next.id, (asks ? Math.max(RETRIEVE.answerShare, share) : share) * own);
  }
  // A follow-up question with none of the query's words ("What's it about?") or a short reaction
  // right after a matching turn passes its inherited score on to the turn after it, once.
  // The entries are those that qualify before this step (their indexes: not a copy of the entries).
  if (RETRIEVE.chainShare > 0) {
    const from: number[] = [];
    for (let i = 0; i < out.length; i++) if (out[i]!.coverage === 0 && out[i]!.score > 0) from.push(i);
    for (const i of from) {
      const h = out[i]!;
      const t = w.get(h.id);
      if (!t || !(w.asksQuestion(t) || t.termCount < RETRIEVE.chainMaxTerms)) continue;
      const next = w.at(t, 1);
      if (next) inherit(next.id, RETRIEVE.chainShare * h.score);
    }
  }
  if (named.size > 0) {
    const boost = q.list || q.count ? RETRIEVE.listSpeakerBoost : RETRIEVE.speakerBoost;
    for (const h of out) {
      const t = w.get(h.id);
      if (t && w.speakers(t).some((s) => named.has(s))) h.score *= 1 + boost;
    }
  }
  if (q.dateRange) {
    for (const h of out) {
      const t = w.get(h.id);
      if (t && inDates(t, q.dateRange)) h.score *= 1 + RETRIEVE.dateBoost;
    }
  }
  return out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * Fetches the best hits' turns with their session neighbours, then the turn after each
 * neighbour that passes its score on (the chain step in rankTurns), where not fetched yet.
 */
async function fetchWindow(store: MemoryStore, scope: string, w: TurnWindow, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  w.add(await store.turnsAround(scope, ids, 1));
  // Each hit's neighbours (before, then after) that pass a score on and whose next turn is not fetched yet.
  const chain: TurnRecord[] = [];
  const passes = (n: TurnRecord | undefined): n is TurnRecord => !!n && !w.at(n, 1) && (w.asksQuestion(n) || n.termCount < RETRIEVE.chainMaxTerms);
  for (const id of ids) {
    const t = w.get(id);
    if (!t) continue;
    const prev = w.at(t, -1);
    if (passes(prev)) chain.push(prev);
    const next = w.at(t, 1);
    if (passes(next)) chain.push(next);
  }
  // Each such neighbour's session neighbours, by place, only where not fetched yet (the window
  // ends the same as with turnsAround(chain, 1), without reading again the turns it holds).
  const places = missingAround(w, chain);
  if (places.length > 0) w.add(await store.turnsAt(scope, places));
}

/** The places right before and after each turn that the window does not hold (what turnsAround(turns, 1) would add). */
export function missingAround(w: TurnWindow, turns: readonly TurnRecord[]): TurnPlace[] {
  const out: TurnPlace[] = [];
  for (const t of turns) {
    if (!w.at(t, -1)) out.push({ sessionId: t.sessionId, seq: t.seq - 1 });
    if (!w.at(t, 1)) out.push({ sessionId: t.sessionId, seq: t.seq + 1 });
  }
  return out;
}

const ROLE_SPEAKERS = new Set(['user', 'assistant', 'system', 'tool']);

/**
 * True when a word of a like's value is a kind of one of the topic words by the lexicon ("like: old jazz records"
 * answers "what music do I like?": jazz is a kind of music), first two noun senses only.
 */
export function valueWordOfKind(lexicon: Pick<Lexicon, 'isA'> | undefined | null, value: string, topicWords: readonly string[]): boolean {
  if (!lexicon || topicWords.length === 0) return false;
  const ws = value.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  return ws.some((w) => w.length > 2 && topicWords.some((t) => t !== w && lexicon.isA(w, t, { pos: 'noun', maxSenses: 2, maxDepth: 8 })));
}

/**
 * True when a row's value names a kind of every word asked for, by the lexicon: "border collie named Bolt" is a
 * dog, so it answers "the name of my dog" though the word is not in it. The value's head is what precedes its name.
 */
export function valueIsKindOf(lexicon: Pick<Lexicon, 'isA'> | undefined | null, value: string, asked: readonly string[] | undefined): boolean {
  if (!lexicon || !asked || asked.length === 0) return false;
  const head = value.split(/\s+(?:named|called)\s+/i)[0]!.trim().toLowerCase();
  const opts = { pos: 'noun' as const, maxSenses: 2, maxDepth: 10 };
  // The value is a kind of the word ("border collie" for "dog"), the word a kind of the value ("poodle" for "dog named
  // Rex": which dog, said more narrowly), or the word names the young of the value's animal ("pup" for a dog, "kitten"
  // for a cat; YOUNG_OF), or a young animal of no known adult and the value is an animal. A pup is no rabbit.
  return (
    head.length > 0 &&
    asked.every((w0) => {
      const w = w0.toLowerCase();
      if (lexicon.isA(head, w, opts) || lexicon.isA(w, head, opts)) return true;
      const adults = adultsOf(w);
      if (adults) return adults.some((a) => lexicon.isA(head, a, opts));
      return lexicon.isA(w, 'young', opts) && lexicon.isA(head, 'animal', opts);
    })
  );
}

/**
 * In a scope where nobody is named (the user speaks as "User"), a question naming one person the
 * memory has never heard of ("When did Kenji run his half marathon?") is asking about the user
 * by a name they never gave: the name is dropped from the terms and the question is read as about
 * the user. Scopes with named speakers, a user whose name is stored, and names the scope has
 * seen are left alone. (The key ranker already reads "Where does Kenji live?" as the user's
 * location in such scopes; this extends it to the words of the question.)
 *
 * This returns the name's terms to look up when the rule may apply (else null); `asUser` applies it.
 */
export function unnamedUserName(q: AnalyzedQuery, speakers: ReadonlySet<string>): string[] | null {
  if (RETRIEVE.unnamedUserAlias === 0 || q.names.length !== 1 || ROLE_SPEAKERS.has(q.names[0])) return null;
  if (!speakers.has('user') || [...speakers].some((sp) => !ROLE_SPEAKERS.has(sp))) return null;
  return [...new Set(analyze(q.names[0]))];
}

/** The question read as about the user, without the name's terms. */
export function asUser(q: AnalyzedQuery, drop: readonly string[]): AnalyzedQuery {
  const d = new Set(drop);
  return queryWith(q, { names: ['user'], oblique: [], terms: q.terms.filter((t) => !(t.source === 'name' && d.has(t.term))) });
}

/** The question, read as about the user when `unnamedUserName` applies and the name is unknown to the scope. */
async function resolveUnnamedUser(store: MemoryStore, scope: string, q: AnalyzedQuery, speakers: ReadonlySet<string>, reread: (query: string) => AnalyzedQuery): Promise<AnalyzedQuery> {
  const drop = unnamedUserName(q, speakers);
  if (!drop) return q;
  // The user told us their name: another name is someone else.
  const [told, tdf, mdf] = await Promise.all([
    store.listMemories(scope, { subject: 'user', key: 'name', limit: 1 }),
    store.termFrequencies(scope, 'turn', drop),
    store.termFrequencies(scope, 'memory', drop),
  ]);
  // ...and that name is the user ("Summarise what I should know about Dorota" when she told us she is Dorota, or when
  // no name is stored and no memory names her: only the turns say it): the ask is read with the name as "this
  // user", which a generic ask needs (ask.ts reads a named person as a topic).
  // Without a stored name the named one must be a person the ask refers back to ("…about Tariq to help him"):
  // "What do I think of Lisbon?" names a topic.
  const usersName = told.length > 0 ? sameName(told[0]!.value, drop) : drop.every((t) => (mdf[t] ?? 0) === 0) && /\b(?:he|him|his|she|her|they|them|their)\b/i.test(q.raw);
  if (usersName && !q.profile) {
    const asked = reread(q.raw.replace(new RegExp(`\\b${q.names[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?\\b`, 'giu'), 'this user'));
    if (asked.profile) return queryWith(asked, { raw: q.raw });
  }
  if (told.length > 0 || drop.some((t) => (tdf[t] ?? 0) > 0 || (mdf[t] ?? 0) > 0)) return q;
  return asUser(q, drop);
}

/** True when a stored name is the question's name (its first word: "Dorota Nowak" is Dorota). */
function sameName(stored: string, nameTerms: readonly string[]): boolean {
  const first = analyze(stored.split(/\s+/)[0] ?? '');
  return first.length > 0 && first.every((t) => nameTerms.includes(t));
}

/**
 * The speakers a question asks about: the known speakers it names, without the ones in an
 * oblique position ("What did Jon say about Gina's store?" asks about Jon's turns) when another remains.
 */
export function askedSpeakers(q: Pick<AnalyzedQuery, 'names' | 'oblique'>, st: { allSpeakers: ReadonlySet<string> }): Set<string> {
  const named = q.names.filter((n) => st.allSpeakers.has(n));
  const direct = named.filter((n) => !q.oblique.includes(n));
  return new Set(RETRIEVE.obliqueSpeakers === 0 && direct.length > 0 ? direct : named);
}

/** Proper nouns (capitalised, not sentence-initial, not the question's own names) in a text. */
function properNouns(text: string, exclude: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![.!?]\s|^|\n|: )\b[\p{Lu}][\p{L}'’-]{2,}/gu)) {
    const w = m[0].replace(/['’]s$/u, '').toLowerCase();
    if (!exclude.has(w)) out.push(w);
  }
  return out;
}

/** Names a scope answers to: its speakers plus its memories' subjects and their short forms. */
export function knownNames(speakers: ReadonlySet<string>, subjects: readonly string[]): Set<string> {
  const known = new Set<string>(speakers);
  for (const s of subjects) if (s !== 'user') for (const n of subjectNames(s)) known.add(n);
  return known;
}

/**
 * A read started before it is needed: marked handled so that, should an earlier step fail
 * first, its own failure is not reported as unhandled (awaiting it still throws).
 */
function early<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** ISO day a week after `to` (exclusive end of a date window: events are told up to a week later). */
function slackEnd(to: string): string {
  // The last one computed is kept: inRange asks it for every turn of a dated question (~800 date parses a recall).
  if (lastSlack?.to !== to) lastSlack = { to, end: new Date(Date.parse(`${to}T00:00:00Z`) + 7 * 86400_000).toISOString().slice(0, 10) };
  return lastSlack.end;
}
let lastSlack: { to: string; end: string } | null = null;

/** What a retrieval is for: the session asked in and, for recall, the token budget the context will be packed into. */
export interface RetrieveOptions {
  sessionId: string | null;
  /** The recall budget; absent for search (no feedback ranker: see RETRIEVE.feedbackWide). */
  maxTokens?: number;
}

/** The feedback ranker's weight for a budget: `feedbackWide` once the context holds many lines, else `weights.feedback`. */
export function feedbackWeight(maxTokens: number | undefined): number {
  const base = RETRIEVE.weights.feedback ?? 0;
  return maxTokens !== undefined && maxTokens >= RETRIEVE.feedbackMinTokens ? Math.max(base, RETRIEVE.feedbackWide) : base;
}

/**
 * One retrieval's shared state: the question, the fetched turns and memories, the fused lists and the gate's maps.
 * The ranking steps below are module-level functions over it (not closures inside `retrieve`): V8 optimizes each step
 * on its own, so a step that meets a new object shape is deoptimized and recompiled alone, in a few milliseconds of a
 * compiler thread, where the one 300-line async function cost ~0.3 s of CPU a recompile (docs/recall-architecture.md,
 * Session 21). A class keeps one object shape for every retrieval.
 */
class Gathering {
  readonly lists: RankedList[] = [];
  readonly coverage = new Map<string, number>();
  readonly bm25Of = new Map<string, number>();
  readonly memById = new Map<string, MemoryRecord>();
  /** A named person's relative asked about ("Dimas's mum"): named beside the name in a document (QUERY.kinBeside), else null. */
  readonly kin: { name: string; kin: string } | null;

  constructor(
    readonly deps: RecallDeps,
    readonly store: MemoryStore,
    readonly scope: string,
    readonly q: AnalyzedQuery,
    readonly w: TurnWindow,
    readonly speakers: Set<string>,
    readonly turnStats: CorpusStats,
    readonly memStats: CorpusStats,
    /** The known people the question names (analysed): their documents are where its topic must have been discussed. */
    readonly personTerms: string[],
  ) {
    this.kin = QUERY.kinBeside && q.namedKin && q.requiredWords?.includes(q.namedKin.kin) ? q.namedKin : null;
  }

  textOf(id: string): string {
    return this.w.get(id)?.text ?? this.memById.get(id)?.value ?? '';
  }

  /**
   * A document counts for the gate only when it holds the terms the question requires ("brother" in "my brother's
   * job"). The required term names whose attribute is asked, so the document must match another of the question's
   * words too. A named person's relative is named beside the name in the document, not anywhere in it.
   */
  gateCoverage(h: Bm25Hit): number {
    const q = this.q;
    const kin = this.kin;
    return q.requiredTerms.every((t) => h.matched.includes(t)) && (q.requiredTerms.length === 0 || h.matched.some((t) => !q.requiredTerms.includes(t))) && (!kin || kinBeside(this.textOf(h.id), kin.name, kin.kin)) ? h.coverage : 0;
  }

  note(key: string, h: Bm25Hit): void {
    this.coverage.set(key, Math.max(this.coverage.get(key) ?? 0, this.gateCoverage(h)));
    this.bm25Of.set(key, Math.max(this.bm25Of.get(key) ?? 0, h.score));
  }

  addMemories(ms: MemoryRecord[]): void {
    for (const m of ms) this.memById.set(m.id, m);
  }

  async fetchMemories(ids: string[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.memById.has(id));
    if (missing.length > 0) this.addMemories(await this.store.getMemories(this.scope, missing));
  }

  /** BM25 over turns for a term list, with the window fetched for the best hits. */
  async turnRanker(terms: QueryTerm[], qa: AnalyzedQuery): Promise<{ set: LexicalSet; hits: Bm25Hit[] }> {
    const set = await lexical(this.store, this.scope, 'turn', mapPacked(terms, (t) => t.term), true, RETRIEVE.lexicalLimit, this.personTerms);
    // Scored once: the best hits pick the window, and the same hits are then smoothed over it.
    const raw = bm25Score(set.docs, this.turnStats, terms, set.df);
    await fetchWindow(this.store, this.scope, this.w, mapPacked(raw.slice(0, Math.min(RETRIEVE.listLimit, RETRIEVE.smoothTop)), (h) => h.id));
    return { set, hits: rankTurns(raw, qa, this.w, this.speakers) };
  }
}

/** Ranked items of hits under a key prefix ("turn:", "memory:"). */
function itemsOf(prefix: string, hits: readonly Bm25Hit[]): Array<{ key: string; score: number }> {
  return mapPacked(hits, (h) => ({ key: `${prefix}${h.id}`, score: h.score }));
}

export async function retrieve(deps: RecallDeps, scope: string, query: string, opts: RetrieveOptions): Promise<Retrieved> {
  const store = deps.store;
  const [turnStats, memStatsAll, names] = await Promise.all([store.corpusStats(scope, 'turn'), store.corpusStats(scope, 'memory'), store.scopeNames(scope)]);
  const speakers = new Set(mapPacked(names.speakers, (n) => n.toLowerCase()));
  const known = knownNames(speakers, names.subjects);
  const w = new TurnWindow();
  const q = withNamedKin(await resolveUnnamedUser(store, scope, analyzeQuery(query, known, deps.lexicon), speakers, (asked) => analyzeQuery(asked, known, deps.lexicon)), speakers);
  const termList = mapPacked(q.terms, (t) => t.term);
  const empty = { query: q, candidates: [], turns: w, speakers, known, bestCoverage: 0, unionCoverage: 0, corpusCoverage: 0, contentUnion: 0, contentBest: 0, contentCorpus: 0, usedVectors: false, entityCoverage: 0, personCorpus: 0, personTopic: false, personMissing: [], unsupportedTopic: null };
  if (termList.length === 0) return empty;

  // Memory BM25 ranks the active rows (history too when the question asks about the past).
  const memStats: CorpusStats = q.past ? { count: memStatsAll.count, totalTerms: memStatsAll.totalTerms } : (memStatsAll.active ?? { count: memStatsAll.count, totalTerms: memStatsAll.totalTerms });
  // BM25 over turns.
  // A speaker's name is in every one of their turns ("Caroline: …"): the speaker prior carries
  // it, so it is not a lexical term for turns (that would make half the scope a candidate).
  const speakerTerms = new Set(q.names.filter((n) => speakers.has(n)).flatMap((n) => analyze(n)));
  // The known people the question names: their documents are where its topic must have been discussed (RECALL.personSupport).
  const personTerms = [...new Set(q.names.filter((n) => known.has(n)).flatMap((n) => analyze(n)))];
  const g = new Gathering(deps, store, scope, q, w, speakers, turnStats, memStats, personTerms);
  const turnTerms = RETRIEVE.speakerNamesAsPrior ? q.terms.filter((t) => !(t.source === 'name' && speakerTerms.has(t.term))) : q.terms;
  // The date window and key lookups depend on the question alone: asked together with the
  // lexical reads (one round trip fewer each on a networked store), used where they rank below.
  const factKeys = q.keys.filter((k) => k !== 'event');
  const intentKeys = new Set(RETRIEVE.intents ? q.intentKeys : []);
  const eventKeys = new Set([...[...intentKeys].filter((k) => k.startsWith('event_')), ...(q.past ? factKeys.flatMap((k) => HISTORY_EVENTS[k] ?? []) : [])]);
  const keyRowsRead = factKeys.length > 0 ? early(store.memoriesByKeys(scope, { keys: [...new Set([...factKeys, ...eventKeys])], includeInactive: q.past }, RETRIEVE.keyRows)) : null;
  const datedRead = q.dateRange ? early(Promise.all([store.turnsBetween(scope, q.dateRange.from, slackEnd(q.dateRange.to), RETRIEVE.dateRows), store.eventsBetween(scope, q.dateRange.from, slackEnd(q.dateRange.to), RETRIEVE.eventRows)])) : null;
  const [{ set: tSet, hits: tHits }, mSet] = await Promise.all([g.turnRanker(turnTerms, q), lexical(store, scope, 'memory', termList, q.past, RETRIEVE.memoryLexicalLimit, personTerms)]);
  // One key string per hit, shared by the gate's maps and the fused list (each new string is hashed on its first lookup).
  const tItems = itemsOf('turn:', tHits.slice(0, RETRIEVE.listLimit));
  for (let i = 0; i < tItems.length; i++) g.note(tItems[i]!.key, tHits[i]!);
  appliedKindCoverage(g, tSet, tHits);
  g.lists.push({ ranker: 'bm25_turn', weight: RETRIEVE.weights.bm25_turn, items: tItems });

  // BM25 over memories (active; history too when the question asks about the past).
  const mHits = bm25Score(mSet.docs, memStats, q.terms, mSet.df);
  const mItems = itemsOf('memory:', mHits.slice(0, RETRIEVE.listLimit));
  for (let i = 0; i < mItems.length; i++) g.note(mItems[i]!.key, mHits[i]!);
  g.lists.push({ ranker: 'bm25_memory', weight: RETRIEVE.weights.bm25_memory, items: mItems });

  recencyRanker(g, tHits);
  if (datedRead) dateRanker(g, tHits, await datedRead);
  if (keyRowsRead) keyRankers(g, factKeys, intentKeys, eventKeys, await keyRowsRead);
  const qTerms = new Set(termList);
  await bridgeRanker(g, tHits, mHits, qTerms);
  await feedbackRanker(g, tHits, qTerms, feedbackWeight(opts.maxTokens));
  if (opts.maxTokens !== undefined && opts.maxTokens >= RETRIEVE.feedbackMinTokens && RETRIEVE.vicinityWide > 0) await vicinityRanker(g, tHits);
  const usedVectors = deps.embedder ? await vectorRankers(g, query) : false;
  if (deps.planner) await plannerRankers(g, query, known);

  const candidates = await fusedCandidates(g, turnTerms);
  let bestCoverage = 0;
  for (const v of g.coverage.values()) bestCoverage = Math.max(bestCoverage, v);
  const gate = gateMeasures(g, { tSet, mSet, tHits, mHits, speakerTerms, turnQueried: candidates.turnQueried, extraDf: candidates.extraDf });
  return { ...empty, candidates: applyFeatures(candidates.list, { query: q, speakers, topSessions: FEATURE_WEIGHTS.sameSession && sessionAsk(q) ? topSessionsOf(candidates.list) : undefined, bridges: deps.lexicon && FEATURE_WEIGHTS.lexicon ? questionBridges(deps.lexicon, q) : undefined }), bestCoverage, usedVectors, ...gate };
}

/**
 * An applied ask ("what should I cook tonight?") is answered by what bears on it: a turn of the user's whose kind
 * features fit the ask (a food, an illness) is relevant whatever else the ask says.
 */
function appliedKindCoverage(g: Gathering, tSet: LexicalSet, tHits: readonly Bm25Hit[]): void {
  const q = g.q;
  if (!(q.intents.length > 0 && RETRIEVE.appliedKindCoverage > 0 && (q.applied || !RETRIEVE.appliedKindNeedsApplied))) return;
  const kinds = new Set(mapPacked(q.terms.filter((t) => t.source === 'kind'), (t) => t.term));
  const byKind = new Set(mapPacked(tSet.docs.filter((d) => d.tokens.some((t) => kinds.has(t))), (d) => d.id));
  for (const h of tHits) if (byKind.has(h.id)) g.coverage.set(`turn:${h.id}`, Math.max(g.coverage.get(`turn:${h.id}`) ?? 0, RETRIEVE.appliedKindCoverage));
}

/** Recency: for "recently / latest / now" questions, the matching turns newest first. */
function recencyRanker(g: Gathering, tHits: readonly Bm25Hit[]): void {
  if (!(g.q.recent && RETRIEVE.weights.recency > 0)) return;
  const matched = tHits.filter((h) => h.coverage > 0).slice(0, RETRIEVE.listLimit);
  const newest = mapPacked(matched, (h) => g.w.get(h.id)!).filter(Boolean).sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.seq - a.seq);
  g.lists.push({ ranker: 'recency', weight: RETRIEVE.weights.recency, items: mapPacked(newest.slice(0, 50), (t) => ({ key: `turn:${t.id}`, score: Date.parse(t.timestamp) / 1000 })) });
}

/** Date match: the turns (and event memories) of the date the question names. */
function dateRanker(g: Gathering, tHits: readonly Bm25Hit[], [dated, events]: [TurnRecord[], MemoryRecord[]]): void {
  const q = g.q;
  const w = g.w;
  const range = q.dateRange!;
  w.add(dated);
  g.addMemories(events);
  const named = new Set(q.names.filter((n) => g.speakers.has(n)));
  // BM25 first, then the named speaker's turns (a tiny bonus keeps them apart in the fusion).
  const bm = new Map(mapPacked(tHits, (h) => [h.id, h.score]));
  const pool = new Map(mapPacked(dated, (t) => [t.id, t]));
  for (const h of tHits) {
    const t = w.get(h.id);
    if (t && inDates(t, range)) pool.set(t.id, t);
  }
  const score = new Map(mapPacked([...pool.values()], (t) => [t.id, (bm.get(t.id) ?? 0) + (w.speakers(t).some((x) => named.has(x)) ? 1e-6 : 0)]));
  const inDate = [...pool.values()].sort((a, b) => (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) || a.timestamp.localeCompare(b.timestamp) || a.seq - b.seq);
  const items = [...mapPacked(events.filter((m) => m.status !== 'deleted' && m.type === 'event'), (m) => ({ key: `memory:${m.id}`, score: 1 })), ...mapPacked(inDate.slice(0, 60), (t) => ({ key: `turn:${t.id}`, score: score.get(t.id) ?? 0 }))];
  if (items.length > 0) g.lists.push({ ranker: 'date', weight: RETRIEVE.weights.date, items });
  // What was said on the date the question names is what it asks about (relevance gate).
  if (q.terms.every((t) => t.source !== 'query')) for (const it of items) g.coverage.set(it.key, 1);
}

/**
 * Key/subject match: memories whose key the question asks for, about the person it names.
 * Events are left out: "when" asks about every event, so the event key says nothing — except
 * the event kinds an intent asks for (a trip for travel plans) and, for "before / used to"
 * questions, the events that end or start a fact (a job loss for "where did she work before").
 */
function keyRankers(g: Gathering, factKeys: readonly string[], intentKeys: ReadonlySet<string>, eventKeys: ReadonlySet<string>, rows: MemoryRecord[]): void {
  const q = g.q;
  const deps = g.deps;
  const names = new Set(q.names);
  const active = INTENTS.filter((i) => q.intents.includes(i.name));
  const keyOf = (m: MemoryRecord) => factKeys.find((k) => m.key === k || m.key.startsWith(`${k}_`));
  const wanted = (m: MemoryRecord) => {
    if (m.type === 'event') return eventKeys.has(m.key);
    const k = keyOf(m);
    if (!k || (!RETRIEVE.intents && q.intentKeys.includes(k))) return false;
    // An intent's like/dislike must be about the intent's domain ("dislike: spicy food").
    if (intentKeys.has(k) && (k === 'like' || k === 'dislike') && !active.some((i) => i.keys.includes(k) && (!i.values || i.values.test(m.value)))) return false;
    return true;
  };
  g.addMemories(rows);
  const keyed = rows.filter((m) => m.status !== 'deleted' && (m.active || q.past) && wanted(m) && (names.size === 0 || m.subject === 'user' || subjectNames(m.subject).some((n) => names.has(n))));
  const implied0 = (m: MemoryRecord) => (m.type !== 'event' && intentKeys.has(keyOf(m) ?? '') ? 1 : 0);
  keyed.sort((a, b) => implied0(a) - implied0(b) || Number(b.active) - Number(a.active) || b.confidence - a.confidence || b.updatedAt.localeCompare(a.updatedAt) || a.createdAt.localeCompare(b.createdAt));
  const top = keyed.slice(0, q.profile ? RETRIEVE.keyLimit * 3 : RETRIEVE.keyLimit);
  // A memory holding exactly the key asked for, about the person asked about, answers the
  // question — except a generic like/dislike when the question names a topic it does not
  // mention ("favourite football team" is not answered by "like: jazz records").
  const topics = mapPacked(q.terms.filter((t) => t.source === 'query' && !PREFERENCE_WORDS.has(t.term)), (t) => t.term);
  // The question's own words behind those topics, for the lexicon ("music" is what "jazz records" are a kind of).
  let topicWordsMemo: string[] | undefined;
  const topicWords = () => (topicWordsMemo ??= (q.raw.toLowerCase().match(/[a-z][a-z'-]*/g) ?? []).filter((w) => analyze(w).some((t) => topics.includes(t))));
  const generic = (m: MemoryRecord) => (m.key === 'like' || m.key === 'dislike' || m.key.startsWith('favorite_')) && !intentKeys.has(m.key) && !intentKeys.has(keyOf(m) ?? '');
  const byIntent = (m: MemoryRecord) => m.type !== 'event' && intentKeys.has(keyOf(m) ?? '');
  const covering = new Set(active.filter((i) => i.covers).flatMap((i) => i.keys));
  for (const m of top) {
    // A key only the ask's intent implies (the job for "What's my salary?") answers an applied,
    // inference or generic ask ("help me with my cover letter", "would she like this book?",
    // "what do you know about me?"), not a question about a fact never discussed.
    if (RETRIEVE.intentKeyNeedsApplied && byIntent(m) && !q.applied && !q.inference && !q.profile && !covering.has(keyOf(m) ?? '')) continue;
    // Whose facts bear on an ask that names no one: the user's. In a scope of named speakers (no one is "the user")
    // an unnamed ask ("Draft a cover letter…") is not answered by whichever speaker's job or allergy is stored.
    if (byIntent(m) && names.size === 0 && m.subject !== 'user') continue;
    // The relative's row for "my brother's job" ranks but does not answer it.
    if (q.rankOnlyKeys.includes(keyOf(m) ?? '')) continue;
    // A relation row of the other sex does not answer for the kin asked about ("parent: mum" for "what's my dad called?").
    if (RETRIEVE.kinConflict && RELATION_ROW_KEYS.has(keyOf(m) ?? '') && kinConflict(q, `${m.subject} ${m.value}`)) continue;
    // A key row answers for the thing the question requires only when it names it ("pet: rabbit called Mochi" for our rabbit's name).
    // The relative's own row answers for them ("brother tom · job title: nurse" for my brother's job).
    if (q.requiredTerms.length > 0 && !q.requiredTerms.every((t) => analyze(`${m.subject} ${m.key.replace(/_/g, ' ')} ${m.value}`).includes(t)) && !valueIsKindOf(deps.lexicon, m.value, q.requiredWords)) continue;
    // A key asked by a possessed noun ("my hound" → pet) answers with a row of that kind of thing only ("dog", not "cat").
    // The key's own word ("my pet") is every row of it.
    const nouns = q.keyNouns?.[keyOf(m) ?? '']?.filter((w) => !analyze(m.key.replace(/_/g, ' ')).includes(analyze(w)[0] ?? w));
    if (nouns && nouns.length > 0 && !valueIsKindOf(deps.lexicon, m.value, nouns)) continue;
    if (generic(m) && topics.length > 0) {
      const about = new Set(analyze(`${m.key.replace(/^(favorite|like|dislike)_?/, '').replace(/_/g, ' ')} ${m.value}`));
      if (!topics.some((t) => about.has(t)) && !valueWordOfKind(deps.lexicon, m.value, topicWords())) continue;
    }
    g.coverage.set(`memory:${m.id}`, 1);
  }
  // Keys the question names rank as key_memory; keys only its intent implies (diet for a
  // recipe) rank lower (intent_memory): they personalise the answer rather than being it.
  const asked = top.filter((m) => !byIntent(m));
  const implied = top.filter(byIntent);
  if (asked.length > 0) g.lists.push({ ranker: 'key_memory', weight: RETRIEVE.weights.key_memory, items: mapPacked(asked, (m) => ({ key: `memory:${m.id}`, score: m.confidence })) });
  if (implied.length > 0) g.lists.push({ ranker: 'intent_memory', weight: RETRIEVE.weights.intent_memory, items: mapPacked(implied, (m) => ({ key: `memory:${m.id}`, score: m.confidence })) });
}

/** Entity bridging: proper nouns of the best hits become a second, lower-weighted hop. */
async function bridgeRanker(g: Gathering, tHits: readonly Bm25Hit[], mHits: readonly Bm25Hit[], qTerms: ReadonlySet<string>): Promise<void> {
  const q = g.q;
  await g.fetchMemories(mapPacked(mHits.slice(0, RETRIEVE.bridgeFrom), (h) => h.id));
  const exclude = new Set([...q.names, ...g.speakers]);
  const bridgeText: string[] = [];
  for (const h of tHits.slice(0, RETRIEVE.bridgeFrom)) {
    const t = g.w.get(h.id);
    if (t) bridgeText.push(mapPacked(t.messages, (m) => m.content).join(' '));
  }
  for (const h of mHits.slice(0, RETRIEVE.bridgeFrom)) {
    const m = g.memById.get(h.id);
    if (m) bridgeText.push(`x ${m.value}`);
  }
  const bridgeTerms = [...new Set(bridgeText.flatMap((t) => properNouns(t, exclude)).flatMap((x) => analyze(x)))].filter((t) => !qTerms.has(t));
  if (bridgeTerms.length === 0) return;
  const bt: QueryTerm[] = mapPacked(bridgeTerms, (term): QueryTerm => ({ term, weight: 1, source: 'feedback' }));
  const [bSet, bmSet] = await Promise.all([lexical(g.store, g.scope, 'turn', bridgeTerms, true, RETRIEVE.bridgeLimit), lexical(g.store, g.scope, 'memory', bridgeTerms, q.past, RETRIEVE.bridgeLimit)]);
  const bHits = bm25Score(bSet.docs, g.turnStats, bt, bSet.df);
  const bmHits = bm25Score(bmSet.docs, g.memStats, bt, bmSet.df);
  const items = [...itemsOf('turn:', bHits), ...itemsOf('memory:', bmHits)].sort((a, b) => b.score - a.score);
  g.lists.push({ ranker: 'bridge', weight: RETRIEVE.weights.bridge, items: items.slice(0, RETRIEVE.bridgeItems) });
}

/** Pseudo-relevance feedback: the most distinctive terms of the best turns as one more ranker. */
async function feedbackRanker(g: Gathering, tHits: readonly Bm25Hit[], qTerms: ReadonlySet<string>, fbWeight: number): Promise<void> {
  if (!(fbWeight > 0 && tHits.length > 0)) return;
  const N = Math.max(1, g.turnStats.count);
  const best = mapPacked(tHits.slice(0, RETRIEVE.feedbackDocs), (h) => g.w.get(h.id)).filter((t): t is TurnRecord => !!t);
  const cand = [...new Set(best.flatMap((d) => d.terms.split(' ')))].filter((t) => t && !qTerms.has(t));
  const df = cand.length > 0 ? await g.store.termFrequencies(g.scope, 'turn', cand) : {};
  const tw = new Map<string, number>();
  for (const d of best) {
    for (const t of new Set(d.terms.split(' '))) {
      if (!t || qTerms.has(t) || (df[t] ?? 0) < 2) continue;
      tw.set(t, (tw.get(t) ?? 0) + idf(N, df[t]));
    }
  }
  const fb = mapPacked([...tw].sort((a, b) => b[1] - a[1]).slice(0, RETRIEVE.feedbackTerms), ([term]) => ({ term, weight: 1, source: 'feedback' as const }));
  if (fb.length === 0) return;
  const fSet = await lexical(g.store, g.scope, 'turn', mapPacked(fb, (t) => t.term), true, RETRIEVE.feedbackLimit);
  const fHits = bm25Score(fSet.docs, g.turnStats, fb, fSet.df);
  g.lists.push({ ranker: 'feedback', weight: fbWeight, items: itemsOf('turn:', fHits.slice(0, 100)) });
}

/**
 * The session vicinity of the best turn hits: the turns within `vicinityRadius` of each, ordered by the hit's rank, then
 * by distance (the hits themselves left out). One bounded read by id and radius.
 */
async function vicinityRanker(g: Gathering, tHits: readonly Bm25Hit[]): Promise<void> {
  const anchors = mapPacked(tHits.slice(0, RETRIEVE.vicinityTop), (h) => h.id);
  if (anchors.length === 0) return;
  const around = await g.store.turnsAround(g.scope, anchors, RETRIEVE.vicinityRadius);
  g.w.add(around);
  const seen = new Set(anchors);
  // New candidates only (1): a turn the turn ranker holds already keeps its place (lifting it reorders the best lines).
  // 2: a turn holding a word of the question keeps its place; one that only inherited a neighbour's score is lifted.
  if (RETRIEVE.vicinityNewOnly) for (const h of tHits) if (RETRIEVE.vicinityNewOnly === 1 || h.coverage > 0) seen.add(h.id);
  const items: Array<{ key: string; score: number }> = [];
  for (let a = 0; a < anchors.length; a++) {
    const t = g.w.get(anchors[a]!);
    if (!t) continue;
    for (let d = 1; d <= RETRIEVE.vicinityRadius; d++) {
      for (const n of [g.w.at(t, -d), g.w.at(t, d)]) {
        if (!n || seen.has(n.id)) continue;
        seen.add(n.id);
        items.push({ key: `turn:${n.id}`, score: -(a * (RETRIEVE.vicinityRadius + 1) + d) });
      }
    }
  }
  items.sort((x, y) => y.score - x.score);
  g.lists.push({ ranker: 'vicinity', weight: RETRIEVE.vicinityWide, items });
}

/** Vector similarity when an embedder is configured; true when a vector ranker contributed. */
async function vectorRankers(g: Gathering, query: string): Promise<boolean> {
  const embedder = g.deps.embedder!;
  try {
    const [v] = await embedder.embed([query]);
    if (!v || v.length === 0) return false;
    const [vt, vm] = await Promise.all([g.store.vectorSearch(g.scope, 'turn', embedder.model, v, RETRIEVE.vectorLimit), g.store.vectorSearch(g.scope, 'memory', embedder.model, v, RETRIEVE.vectorLimit)]);
    await g.fetchMemories(mapPacked(vm, (h) => h.id));
    const activeOrPast = (id: string) => {
      const m = g.memById.get(id);
      return !!m && m.status !== 'deleted' && (m.active || g.q.past);
    };
    g.lists.push({ ranker: 'vector_turn', weight: RETRIEVE.weights.vector_turn, items: mapPacked(vt, (h) => ({ key: `turn:${h.id}`, score: h.score })) });
    g.lists.push({ ranker: 'vector_memory', weight: RETRIEVE.weights.vector_memory, items: mapPacked(vm.filter((h) => activeOrPast(h.id)), (h) => ({ key: `memory:${h.id}`, score: h.score })) });
    return vt.length + vm.length > 0;
  } catch (err) {
    g.deps.logger.warn({ err: errorSummary(err), model: embedder.model }, 'query embedding failed; recall continues lexically');
    return false;
  }
}

/** LLM sub-queries (multi-hop decomposition) when a planner is configured. */
async function plannerRankers(g: Gathering, query: string, known: ReadonlySet<string>): Promise<void> {
  const deps = g.deps;
  try {
    const subs = (await deps.planner!.decompose(query)).filter((s) => typeof s === 'string' && s.trim() !== '' && s.trim() !== query.trim()).slice(0, 4);
    for (const [i, sq] of subs.entries()) {
      const sa = analyzeQuery(sq, known, deps.lexicon);
      if (sa.terms.length === 0) continue;
      const [{ hits: sHits }, smSet] = await Promise.all([g.turnRanker(sa.terms, sa), lexical(g.store, g.scope, 'memory', mapPacked(sa.terms, (t) => t.term), g.q.past)]);
      const smHits = bm25Score(smSet.docs, g.memStats, sa.terms, smSet.df);
      // A sub-question the memory answers well counts for the relevance gate too.
      for (const h of sHits.slice(0, 5)) g.coverage.set(`turn:${h.id}`, Math.max(g.coverage.get(`turn:${h.id}`) ?? 0, h.coverage));
      for (const h of smHits.slice(0, 5)) g.coverage.set(`memory:${h.id}`, Math.max(g.coverage.get(`memory:${h.id}`) ?? 0, h.coverage));
      const items = [...itemsOf('turn:', sHits.slice(0, 40)), ...itemsOf('memory:', smHits.slice(0, 20))].sort((a, b) => b.score - a.score);
      g.lists.push({ ranker: `subquery_${i + 1}`, weight: RETRIEVE.weights.subquery, items });
    }
  } catch (err) {
    deps.logger.warn({ err: errorSummary(err) }, 'query planner failed; recall continues without sub-queries');
  }
}

/**
 * The fused candidates with their rows (read together with the counts of the question's terms the turn ranker did not
 * query: speakers' names), deleted memories and unread turns left out.
 */
async function fusedCandidates(g: Gathering, turnTerms: readonly QueryTerm[]): Promise<{ list: Candidate[]; turnQueried: Set<string>; extraDf: Record<string, number> }> {
  const w = g.w;
  const fused = rrf(g.lists).slice(0, RETRIEVE.maxCandidates);
  const needTurns = mapPacked(fused.filter((f) => f.key.startsWith('turn:') && !w.get(f.key.slice(5))), (f) => f.key.slice(5));
  // The fused candidates' rows and the coverage counts below are independent reads: asked together.
  const turnQueried = new Set(mapPacked(turnTerms, (t) => t.term));
  const unqueried = mapPacked(g.q.terms.filter((t) => isOriginal(t) && !turnQueried.has(t.term)), (t) => t.term);
  const [needed, extraDf] = await Promise.all([
    needTurns.length > 0 ? g.store.getTurns(g.scope, needTurns) : [],
    unqueried.length > 0 ? g.store.termFrequencies(g.scope, 'turn', unqueried) : ({} as Record<string, number>),
    g.fetchMemories(mapPacked(fused.filter((f) => f.key.startsWith('memory:')), (f) => f.key.slice(7))),
  ]);
  w.add(needed);
  const list: Candidate[] = [];
  for (const f of fused) {
    const kind = f.key.startsWith('turn:') ? 'turn' : 'memory';
    const id = f.key.slice(kind === 'turn' ? 5 : 7);
    const c: Candidate = { kind, id, score: f.score, rankers: f.rankers, coverage: g.coverage.get(f.key) ?? 0, bm25: g.bm25Of.get(f.key) ?? 0 };
    if (kind === 'turn') {
      c.turn = w.get(id);
      if (!c.turn) continue;
    } else {
      c.memory = g.memById.get(id);
      if (!c.memory || c.memory.status === 'deleted') continue;
    }
    list.push(c);
  }
  return { list, turnQueried, extraDf };
}

/** The relevance gate's measures over the retrieved sets: coverage, the named person's support, the entity path. */
function gateMeasures(
  g: Gathering,
  r: { tSet: LexicalSet; mSet: LexicalSet; tHits: readonly Bm25Hit[]; mHits: readonly Bm25Hit[]; speakerTerms: ReadonlySet<string>; turnQueried: ReadonlySet<string>; extraDf: Record<string, number> },
): Pick<Retrieved, 'unionCoverage' | 'corpusCoverage' | 'contentUnion' | 'contentBest' | 'contentCorpus' | 'entityCoverage' | 'personCorpus' | 'personTopic' | 'personMissing' | 'unsupportedTopic'> {
  const { q, deps, personTerms } = g;
  const { tSet, mSet, tHits, mHits, speakerTerms, turnQueried, extraDf } = r;
  const N = g.turnStats.count + g.memStats.count;
  // Document frequencies for the coverage measures: from the candidate sets where they are
  // complete, else from the index; terms the turn ranker did not query (speakers' names) are counted by the index (extraDf).
  const turnDf = (t: string) => (turnQueried.has(t) ? dfIn(tSet, t) : (extraDf[t] ?? 0));
  const cov = coverageStats(q.terms, (t) => turnDf(t) + dfIn(mSet, t), N, [...tHits.slice(0, RETRIEVE.unionOf), ...mHits.slice(0, RETRIEVE.unionOf)], speakerTerms, q.compounds);
  const person = personTerms.length > 0 ? personSupport(q, (t) => turnDf(t) + dfIn(mSet, t), N, [tSet, mSet], new Set(personTerms)) : { share: 0, topic: false, missing: [] };
  // List, count-free "when" and dated asks, inference asks and a relative's attribute keep the coverage bar alone: their
  // answers rarely repeat the question's words (RETRIEVE.personTopic).
  const plainAsk = !q.list && !q.temporal && !q.dateRange && !q.inference && !(q.requiredTerms?.length > 0);
  const unsupported = RETRIEVE.personTopic && deps.lexicon && plainAsk && personTerms.length > 0 ? unsupportedTopic({ question: q.raw, missing: person.missing, dfOf: (t) => turnDf(t) + dfIn(mSet, t), lexicon: deps.lexicon }) : null;
  const entityTerms = new Set(mapPacked(q.terms.filter((t) => t.source === 'name' && !speakerTerms.has(t.term)), (t) => t.term));
  let entityCoverage = 0;
  // The lower bar for a name the scope discussed (RECALL.minEntityCoverage) counts a document only with the words the
  // question requires, as every other path does: "What's the name of Amanda's school?" is not answered by Amanda alone.
  // A relative's attribute asked beside a name ("my sister in Tampere's job") needs a word of the attribute too: the
  // relative and the place said together are not her job (RETRIEVE.entityAttribute).
  // A key phrase's word ("a living", stemmed as "live": "my sister lives in X") or its synonyms ("home") is no word of the attribute.
  const weak = new Set(QUERY.keyPhrases ? keyPhraseWords(q.raw).flatMap((w) => [w, ...expansionsOf(w)]).flatMap((w) => analyze(w)) : []);
  const attribute = (h: Bm25Hit) => !RETRIEVE.entityAttribute || q.requiredTerms.length === 0 || h.matched.some((t) => !entityTerms.has(t) && !q.requiredTerms.includes(t) && !speakerTerms.has(t) && !weak.has(t));
  if (entityTerms.size > 0) for (const h of [...tHits, ...mHits]) if (h.matched.some((t) => entityTerms.has(t)) && attribute(h)) entityCoverage = Math.max(entityCoverage, RETRIEVE.entityRequired ? g.gateCoverage(h) : h.coverage);
  return { unionCoverage: cov.union, corpusCoverage: cov.corpus, contentUnion: cov.contentUnion, contentBest: cov.contentBest, contentCorpus: cov.contentCorpus, entityCoverage, personCorpus: person.share, personTopic: person.topic, personMissing: person.missing, unsupportedTopic: unsupported };
}

/**
 * Where a question about a known person has its topic discussed: the IDF share of its content words (its own words and
 * the names of things, never the people it names) that occur in a document of that person — a turn they spoke or that
 * names them, a memory about them — and whether the heaviest of those words does. A word counts through a synonym or
 * chat form that covers it. A noun compound's modifier ("credit" of "credit score") counts only where one of the
 * person's documents holds both words. "Which houseplant did Nate kill last month?" has "kill", "last", "month" in
 * Nate's turns but never "houseplant": the topic word is not his.
 */
export function personSupport(q: Pick<AnalyzedQuery, 'terms' | 'compounds'>, dfOf: (term: string) => number, N: number, sets: ReadonlyArray<{ docs: TermDoc[]; owned?: Set<string> }>, persons: ReadonlySet<string>): { share: number; topic: boolean; missing: string[] } {
  const own = sets.flatMap((s) => (s.owned ? s.docs.filter((d) => s.owned!.has(d.id)) : []));
  const said = new Set(own.flatMap((d) => d.tokens));
  const content = q.terms.filter((t) => isOriginal(t) && (t.source === 'query' || t.source === 'name') && !persons.has(t.term));
  const via = (term: string) => [term, ...mapPacked(q.terms.filter((t) => t.covers === term), (t) => t.term)];
  let mass = 0;
  let got = 0;
  let top: { w: number; ok: boolean } | null = null;
  const missing: Array<[string, number]> = [];
  for (const t of content) {
    const w = t.weight * coverageIdf(Math.max(N, 1), dfOf(t.term));
    let ok = via(t.term).some((x) => said.has(x));
    const compound = (q.compounds ?? []).find(([m, h]) => m === t.term && content.some((c) => c.term === h));
    if (ok && compound) ok = own.some((d) => d.tokens.includes(compound[0]) && d.tokens.includes(compound[1]));
    mass += w;
    if (ok) got += w;
    else missing.push([t.term, w]);
    if (!top || w > top.w) top = { w, ok };
  }
  return { share: mass > 0 ? got / mass : 0, topic: !!top?.ok, missing: mapPacked(missing.sort((a, b) => b[1] - a[1]), ([t]) => t) };
}

/** The sessions of the best few fused turn candidates (FEATURES_AT.sessionOf), for the sameSession feature. */
function topSessionsOf(candidates: readonly Candidate[]): Set<string> {
  const out = new Set<string>();
  let n = 0;
  for (const c of candidates) {
    if (!c.turn) continue;
    out.add(c.turn.sessionId);
    if (++n >= FEATURES_AT.sessionOf) break;
  }
  return out;
}

/**
 * A turn of the date range: said in it (inRange, with its week of slack) or, when
 * `RETRIEVE.referredDates` is on, referring to a day or month in it by a resolved relative date
 * ("yesterday" said the day after; the index's date tokens, core/text/date-tokens).
 */
export function inDates(t: Pick<TurnRecord, 'timestamp' | 'terms'>, r: { from: string; to: string }): boolean {
  return inRange(t.timestamp, r) || (RETRIEVE.referredDates === 1 && referredDateIn(t.terms ?? '', r));
}

/** True when an ISO timestamp/date falls in [from, to + 7 days) (events are told up to a week later). */
export function inRange(ts: string, r: { from: string; to: string }): boolean {
  if (!ts) return false;
  const d = ts.slice(0, 10);
  return d >= r.from && d < slackEnd(r.to);
}

/** Names a subject answers to: "sister maya" → ["sister maya", "maya"]. */
export function subjectNames(subject: string): string[] {
  const s = subject.toLowerCase().trim();
  const parts = s.split(/\s+/);
  return parts.length > 1 ? [s, parts[parts.length - 1]] : [s];
}

/** Union coverage of the best hits and corpus coverage of the question's own terms (IDF-weighted). */
function coverageStats(terms: QueryTerm[], dfOf: (term: string) => number, N: number, best: Bm25Hit[], speakerTerms: ReadonlySet<string>, compounds: ReadonlyArray<[string, string]> = []): { union: number; corpus: number; contentUnion: number; contentBest: number; contentCorpus: number } {
  const orig = terms.filter(isOriginal);
  const df = new Map(mapPacked(orig, (t) => [t.term, dfOf(t.term)]));
  const matched = new Set(best.flatMap((h) => h.matched));
  let mass = 0;
  let union = 0;
  let corpus = 0;
  let cMass = 0;
  let cUnion = 0;
  let cCorpus = 0;
  const cw = new Map<string, number>();
  for (const t of orig) {
    const w = t.weight * coverageIdf(Math.max(N, 1), df.get(t.term) ?? 0);
    mass += w;
    if (matched.has(t.term)) union += w;
    if ((df.get(t.term) ?? 0) > 0) corpus += w;
    // Content: the question's own words plus names that are not speakers (Biscuit, Boston).
    if (t.source === 'query' || (t.source === 'name' && !speakerTerms.has(t.term))) {
      cMass += w;
      cw.set(t.term, w);
      if (matched.has(t.term)) cUnion += w;
      if ((df.get(t.term) ?? 0) > 0) cCorpus += w;
    }
  }
  // A noun compound ("shoe size") is discussed when one of the best documents holds both words, not each anywhere:
  // otherwise its modifier ("shoe") does not count as discussed. Withholding the head's weight too cost LoCoMo's
  // open-domain questions 0.638 → 0.616 at 2048 tokens for 1.4 points of person probes (docs/recall.md, session 10).
  for (const [m, h] of compounds) {
    if (!cw.has(m) || !cw.has(h) || !(df.get(m) ?? 0) || !(df.get(h) ?? 0)) continue;
    if (!best.some((x) => x.matched.includes(m) && x.matched.includes(h))) cCorpus -= cw.get(m)!;
  }
  let cBest = 0;
  for (const h of best) cBest = Math.max(cBest, h.matched.reduce((s, t) => s + (cw.get(t) ?? 0), 0));
  return {
    union: mass > 0 ? union / mass : 0,
    corpus: mass > 0 ? corpus / mass : 0,
    contentUnion: cMass > 0 ? cUnion / cMass : 0,
    contentBest: cMass > 0 ? cBest / cMass : 0,
    contentCorpus: cMass > 0 ? cCorpus / cMass : 0,
  };
}

/** Error summary safe to log (message and code, never request details). */
export function errorSummary(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, code: (err as Error & { code?: unknown }).code };
  return { message: String(err) };
}
