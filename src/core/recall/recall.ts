/**
 * @module core/recall/recall
 * Recall and search orchestration: retrieve (query analysis → rankers → RRF, see retrieve.ts)
 * → relevance gate (reranker floor when a reranker is configured, else lexical coverage of the
 * question) → lines (stable user facts capped, query-relevant memories and dated episode lines,
 * long turns excerpted to their matching sentences) → assembly under the token budget
 * (assemble.ts). `search` returns the same fused candidates as structured results with the
 * rankers that found them.
 */
import type { EmbedderPort, Lexicon, MemoryStore, QueryPlannerPort, RerankerPort } from '../ports.ts';
import type { Logger, Observer } from '../service.ts';
import type { MemoryRecord, RecallResult, Scope, SearchResult, TurnRecord } from '../types.ts';
import { maskSecrets } from '../text/secrets.ts';
import { analyze, words } from '../text/analyze.ts';
import { humanKey, speakerOf } from '../render.ts';
import { assemble, type ContextLine } from './assemble.ts';
import { formatDay, memoryLine, renderEdge, renderSplit, subjectLabel, turnBody, type Focus } from './format.ts';
import { countTokens } from '../text/tokens.ts';
import { excerptTokens, leanBody, type RenderedTurn, type TurnWindow } from './turn-window.ts';
import { askedSpeakers, errorSummary, missingAround, retrieve, RETRIEVE, type Candidate, type Retrieved } from './retrieve.ts';
import { pronounFindsReferent, type AnalyzedQuery } from './query-analysis.ts';
import { askedAsSubject, changeLine, endingTurn, ENDABLE_KEYS, namedChanges, retractedStates } from './change.ts';
import { arcLine, arcSteps } from './opinion-arc.ts';
import { asksAboutNow, HISTORY, rareForms, thingForms, thingTurns } from './thing-history.ts';
import { anchorsOf, arcLabel, rareTopicForms, REACH, thingCandidates, thingTerms, topicForms, usesAsActivity } from './opinion-reach.ts';
import { referentsOf } from './referents.ts';
import { FACT_KINDS, isContinuationAsk, laterOfKind, laterTurns, SEQUEL, sequelTerms, topicWords } from './sequel.ts';
import { kindToken } from '../text/enrich.ts';
import { keySpec } from '../extraction/key-vocabulary.ts';
import { mapPacked } from '../packed.ts';

export interface RecallDeps {
  store: MemoryStore;
  /** Word senses for the lexicon ranking feature (absent: the feature is off). */
  lexicon?: Lexicon;
  embedder: EmbedderPort | null;
  reranker: RerankerPort | null;
  planner: QueryPlannerPort | null;
  logger: Logger;
  observer?: Observer;
  now: () => Date;
  /** Reranker relevance floor in [0,1] (RERANK_MIN_SCORE); default 0.1. */
  rerankMinScore?: number;
}

export interface RecallQuery {
  query: string;
  scope: Scope;
  sessionId: string | null;
  maxTokens: number;
}

export interface SearchQuery {
  query: string;
  scopes: Scope[];
  limit: number;
}

/** Tunables, in one place (each measured with `npm run bench:locomo`, see CHANGELOG). */
export const RECALL = {
  /**
   * Noise gate (offline; a configured reranker's floor replaces it). A question that names no
   * one this memory knows must be matched by one document on this share of its IDF mass...
   */
  minCoverage: 0.5,
  /** ...while a question about a known person needs this share of its content words discussed somewhere. */
  minNamedCoverage: 0.25,
  /**
   * ...raised to this share for a plain question about a known person ("What is Caroline's tax
   * filing status?"): one everyday word said somewhere ("file") is not a discussed topic. List
   * asks ("what activities…") and questions about when / a named date keep the lower bar, since
   * their answers rarely repeat the question's words and month or year words count as content.
   */
  minNamedPlainCoverage: 0.3,
  /**
   * A question about a known speaker naming a calendar date passes on that speaker's turns of the
   * date (passesOnDate; 1 = on). LoCoMo dev sweep: temporal @512 0.910 → 0.916, ev@2048 0.909 →
   * 0.911, nothing lost (docs/recall-meaning.md, session 8).
   */
  datedGate: 1,
  /** Candidates considered for the context. */
  maxCandidates: 150,
  /** Candidates the reranker sees. */
  rerankTop: 40,
  /**
   * Turns longer than this (tokens) are shown by their matching sentences. 25 (was 40): in the
   * LoCoMo dev sweep evidence recall 0.786 → 0.793 @512 and 0.891 → 0.898 @2048 with the same
   * category-4 containment @512 (docs/recall-meaning.md); whole long turns crowded out other evidence.
   */
  excerptMinTokens: 25,
  /** The best turns shown whole (the answer is often in a sentence without the question's words). */
  fullTop: 3,
  /**
   * ...unless longer than this (tokens; 0 = no cap): a long turn among the best is excerpted around its matching
   * sentences like the rest, so one long generic turn does not take the room of two others. Session 16 (LoCoMo).
   */
  fullMaxTokens: 0,
  /** The same two for list and count asks ("What places…", "How many times…"), answered by many short picks. */
  listFullTop: 0,
  /**
   * 12 (was 15), session 16 (LoCoMo): a list item said in a turn of 13–15 tokens is shown by its matching sentence, so
   * one more item fits. LoCoMo dev sweep: @512 unchanged, @2048 ev B 0.918 → 0.919, multi-hop all-hit B 0.588 → 0.603
   * (A unchanged); 10 gave the same (docs/recall.md "Session 16 (LoCoMo)").
   */
  listExcerptMinTokens: 12,
  /**
   * A list or count ask's excerpted sentences are cut to this many words either side of the words that match the
   * question, a name or quoted title at the edge kept whole (format.ts clipSentence; 0 = whole sentences): its answer
   * is many items, each named next to the word that found it, and the rest of a long sentence is what one more item
   * costs. 6, session 20: at 4 (the LoCoMo dev sweep's best: with the rank cut below ev@512 0.836, @2048 0.924, multi-hop
   * all-hit @2048 0.683) a held-out probe set lost a list answer cut away (heldout-r13 43 → 42 of 72; 5 too); at 6 it
   * keeps it, for ev@512 0.835, @2048 0.922, all-hit 0.669 (`npm run bench:locomo`). 2 / 3 fit more but cost containment.
   */
  listClipWords: 6,
  /**
   * Every ask's excerpts from turn rank `clipFromRank` on are cut the same way, to `clipWords` words (0 = off): past
   * the tenth turn line an excerpt is evidence that one more turn bears on the ask, not the answer's wording. 4 from
   * rank 10, session 20 (LoCoMo dev sweep, with the list cut): ev@512 0.833 → 0.836, @1024 0.882 → 0.889, @2048
   * 0.922 → 0.924, containment unchanged at every budget; from rank 6 / 8: ev@512 0.838 but containment 0.502 → 0.500.
   * Session 21 (locomo24), with a short reply lead's next sentence kept (EXCERPT.shortLeadWords 8): from rank 6 the sweep
   * gave ev@512 0.836 → 0.838 (both halves), temporal @512 0.926 → 0.929, containment @512 0.507 → 0.505; heldout-r13
   * lost a probe from rank 6 (43 → 42 of 72), so 10 stayed. 7 (session 22, locomo25; LoCoMo dev sweep, half A / B / all):
   * ev@512 0.850 / 0.821 / 0.835 → 0.857 / 0.823 / 0.840 (category 1 0.652 → 0.657, temporal 0.926 → 0.929, category 3
   * 0.473 → 0.481), @2048 unchanged; category-4 containment @512 0.502 → 0.500 (one half-A answer that a reply's lead
   * gave, cut away); every probe set unchanged, heldout-r13 43/72 included. From 8 (same sweep): ev@512 0.838.
   */
  clipWords: 4,
  clipFromRank: 7,
  /**
   * A turn the vicinity ranker found (RETRIEVE.vicinityWide) with no word of the question takes no turn rank: it is
   * excerpted as past the cut and does not push the matching turns out of the whole-shown top (1 = on; session 23).
   */
  vicinityUnranked: 1,
  /** The next best turns keep one sentence either side of each matching sentence. */
  windowTop: 0,
  /**
   * A reply's pleasantry lead is not its excerpt's lead (format.ts excerptParts; 1 = on): an excerpt that would show only
   * "Caroline: Thanks, Mell!" shows the reply's first other sentence instead ("I'm still looking into counseling
   * jobs."), and one with a matching sentence leaves the pleasantry out. Not for list and count asks, whose many short
   * picks it lengthened (LoCoMo dev @2048 multi-hop all-hit B 0.603 → 0.588). LoCoMo dev sweep: ev@512 0.824 → 0.825,
   * category-4 containment @512 0.493 → 0.498, @2048 0.524 → 0.526, the rest unchanged. Session 17 (LoCoMo).
   */
  idleLead: 1,
  /** Leave out a memory line when its source turn is already shown (1 = on). */
  skipRestatedMemories: 1,
  /** Latest turns of the current session added last, when the budget allows. */
  recentTurns: 3,
  /**
   * A question connected to the current session (shares a content word with its latest turns,
   * or reads as a follow-up: "ok, and the cake?", "how old will he be?") gets that many of the
   * session's latest turns right after the stable facts, within `recentShare` of the budget.
   */
  recentWindow: 4,
  recentShare: 0.35,
  /** Share of the budget the stable user facts may take. */
  stableShare: 0.15,
  /** A question naming something this memory knows (Lisbon, Biscuit) passes at this coverage. */
  minEntityCoverage: 0.3,
  /** A turn that matched none of the question's words (a neighbour) needs this many index terms to be shown. */
  minNeighbourTerms: 4,
  /**
   * ...unless it replies to a turn that asks a question (1 = on): a short reply is the answer ("They were awestruck
   * and humbled." after "How did the kids take it?"), not filler. Session 11 (docs/recall.md).
   */
  shortAnswers: 1,
  /** Order stable facts by STABLE_PRIORITY after relevance (1 = on; 0 = most recent first). */
  stablePriority: 1,
  /**
   * A shown turn brings the neighbour it needs (referents.ts): the turn before it when it opens
   * by referring back ("It was amazing"), the reply after it when that one does. Among the first
   * `referentTop` turn lines, for neighbours of at most `referentMaxTokens` (0 = off).
   */
  referentTop: 0,
  referentMaxTokens: 60,
  /** Show a brought neighbour by the sentence that touches the shown turn (its last before it, its first after it) (1 = on). */
  referentEdges: 0,
  /**
   * List and count asks ("What places…", "How many times…"): each further pick from a session
   * already picked weighs this much less (score × spreadDecay^picks), so picks spread across
   * sessions (1 = off).
   */
  spreadDecay: 1,
  /** A "still" ask brings the later turn that continues its topic turn (sequel.ts; 1 = on). */
  sequel: 1,
  /** The thing a continuation ask names (not a speaker) finds the newest turn naming it, whatever its frequency (1 = on). Session 15. */
  sequelNamed: 1,
  /** An ended value the question names is stated as a change, whatever key it asks for (change.ts namedChanges; 1 = on). */
  namedChanges: 1,
  /** ...except a person the ask is about as a third person when it asks one of their attributes (askedAsSubject; 1 = on). Session 16. */
  changeSubject: 1,
  /** A profile ask shows the later turn of each stable fact's kind (sequel.ts laterOfKind; 1 = on). */
  factSequels: 1,
  /**
   * An opinion arc's steps may name any of the ask's full-weight topic words, not only the topic term (1 = on). 0:
   * LoCoMo dev @512 0.818 → 0.816 and multi-hop all-hit 0.408 → 0.394 with it (longer arc lines), session 10.
   */
  arcTopicWords: 0,
  /**
   * An opinion arc is one person's stance (arcHolder; 1 = on): drawn from the messages of the one person who speaks as
   * the user, under their name when the ask names them; none in a conversation of several named speakers. Off, every
   * user-role message counted as the user's, so in such a conversation an arc quoted both speakers as "User's view"
   * (LoCoMo dev: 57 of 999 asks, 77 tokens each at 512). Session 18 (LoCoMo).
   */
  arcHolder: 1,
  /** When the question's own terms reach no arc, its terms' other forms (derivations, shared senses, chat forms) may (1 = on). */
  arcForms: 1,
  /**
   * An opinion ask that reaches no arc by its own words finds its topic by meaning (opinion-reach.ts): the user's turns
   * naming a topic word or a lexicon synonym, the rare word they call the thing, and the arc of the turns naming it,
   * which also answers the ask when the gate found nothing (1 = on). Session 16.
   */
  opinionReach: 1,
  /**
   * An ask about now or next that the gate finds nothing for, naming a rare thing of the user's said in two or more
   * sessions (thing-history.ts: "the Volvo", "the market"), is answered by that thing's turns, newest first: what
   * became of it (1 = on). Session 16.
   */
  thingHistory: 1,
};

/**
 * Stable user facts in the order they make "Known facts" when the question names none of them:
 * what changes an answer (allergy, diet, how to answer, where they live and work, family) before
 * background (age, education, hometown, languages, birthday).
 */
export const STABLE_PRIORITY = ['allergy', 'diet', 'communication_style', 'location', 'employer', 'job_title', 'partner', 'child', 'relationship_status', 'health_condition', 'parent', 'sibling', 'pet', 'age', 'education', 'hometown', 'language', 'birthday'];
const STABLE_KEYS = new Set(STABLE_PRIORITY);
const stableRank = (key: string) => STABLE_PRIORITY.indexOf(key);

const EMPTY: RecallResult = { context: '', citations: [], tokens: 0 };

const round = (x: number) => Math.round(x * 1e6) / 1e6;

function snippet(text: string): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}

/**
 * The reranker reorders and gates; failure leaves the lexical order and gate in place.
 * `reranked` says the configured reranker answered: its verdict is final, so when it keeps
 * nothing the whole context is empty (no stable facts or session turns added around it).
 */
async function gate(deps: RecallDeps, query: string, r: Retrieved): Promise<{ kept: Candidate[] | null; reranked: boolean }> {
  const top = r.candidates.slice(0, RECALL.maxCandidates);
  if (deps.reranker && top.length > 0) {
    const head = top.slice(0, RECALL.rerankTop);
    try {
      const t0 = performance.now();
      const scores = await deps.reranker.rerank(query, mapPacked(head, candidateText));
      deps.observer?.stage('rerank', performance.now() - t0);
      const floor = deps.rerankMinScore ?? 0.1;
      const kept = mapPacked(head, (c, i) => ({ c, s: Number(scores[i]) }))
        .filter((x) => Number.isFinite(x.s) && x.s >= floor)
        .sort((a, b) => b.s - a.s);
      return { kept: mapPacked(kept, (x, i) => ({ ...x.c, rankers: [...x.c.rankers, { ranker: 'rerank', rank: i + 1, score: x.s }] })), reranked: true };
    } catch (err) {
      deps.logger.warn({ err: errorSummary(err), model: deps.reranker.model }, 'reranker failed; using the fused order and the lexical gate');
    }
  }
  return { kept: passesNoiseGate(r) || passesOnDate(r, top) ? top : null, reranked: false };
}

/**
 * A question about a known person that names a calendar date ("Where did Joanna travel to in July
 * 2022?") is about what was said then: it passes when the date ranker found turns of that span
 * spoken by the person it asks about, whatever its other words (RECALL.datedGate).
 */
export function passesOnDate(r: Pick<Retrieved, 'query' | 'known' | 'turns' | 'speakers'>, cands: readonly Candidate[]): boolean {
  if (!RECALL.datedGate || !r.query.dateRange) return false;
  const asked = askedSpeakers(r.query, { allSpeakers: r.speakers });
  if (asked.size === 0) return false;
  return cands.some((c) => c.turn && c.rankers.some((x) => x.ranker === 'date') && r.turns.speakers(c.turn).some((s) => asked.has(s)));
}

/** The offline relevance gate (see RECALL.minCoverage / minNamedCoverage). */
export function passesNoiseGate(r: Pick<Retrieved, 'query' | 'known' | 'bestCoverage' | 'contentCorpus'> & { entityCoverage?: number; unsupportedTopic?: string | null }): boolean {
  // A relative's attribute ("my brother's job") needs one document holding both: his job said anywhere is not enough.
  const namesKnown = r.query.names.some((n) => r.known.has(n)) && !(r.query.requiredTerms?.length > 0);
  // The person's name is no coverage of the topic: a thing never discussed and absent from their documents is not
  // made a discussed topic by the everyday words around it (RETRIEVE.personTopic, person-topic.ts).
  if (namesKnown) return (r.contentCorpus >= namedBar(r.query) && !r.unsupportedTopic) || r.bestCoverage >= RECALL.minCoverage;
  // A name the scope has discussed (not a speaker: a place, a pet, a project), matched together
  // with the question's other words in one document, is a strong enough match for a lower bar.
  if ((r.entityCoverage ?? 0) >= RECALL.minEntityCoverage) return true;
  return r.bestCoverage >= RECALL.minCoverage;
}

/** Share of its content words a question about a known person needs discussed (RECALL.minNamed*). */
export function namedBar(q: Pick<AnalyzedQuery, 'list' | 'temporal' | 'dateRange'>): number {
  return q.list || q.temporal || q.dateRange ? RECALL.minNamedCoverage : Math.max(RECALL.minNamedCoverage, RECALL.minNamedPlainCoverage);
}

function candidateText(c: Candidate): string {
  if (c.memory) return `${c.memory.subject === 'user' ? 'User' : c.memory.subject} ${humanKey(c.memory.key)}: ${c.memory.value}${c.memory.eventDate ? ` (${formatDay(c.memory.eventDate)})` : ''}`;
  return `[${formatDay(c.turn!.timestamp)}] ${turnBody(c.turn!, null)}`;
}

/** The terms excerpts keep sentences for, each with its weight in the question (the largest when repeated). */
function focusTerms(r: Retrieved): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of r.query.terms) if (t.source === 'query' || t.source === 'key' || t.source === 'synonym') out.set(t.term, Math.max(out.get(t.term) ?? 0, t.weight));
  return out;
}

/** Older rows per (subject, key) slot, newest end first, for the memory lines' history notes. */
type Histories = Map<string, MemoryRecord[]>;
const slotKey = (m: Pick<MemoryRecord, 'subject' | 'key'>) => `${m.subject}\u0000${m.key}`;

/**
 * The history of the memory lines recall may show, fetched by (subject, key) from the store's
 * index: only active, non-event lines have a history note (memoryLine), so only theirs are asked.
 */
async function historiesOf(deps: RecallDeps, scope: string, memories: Iterable<MemoryRecord>): Promise<Histories> {
  const slots = new Map<string, { subject: string; key: string }>();
  for (const m of memories) if (m.active && m.type !== 'event') slots.set(slotKey(m), { subject: m.subject, key: m.key });
  const out: Histories = new Map();
  if (slots.size === 0) return out;
  for (const h of await deps.store.memoryHistory(scope, [...slots.values()], RETRIEVE.historyPerSlot)) {
    const k = slotKey(h);
    let l = out.get(k);
    if (!l) out.set(k, (l = []));
    l.push(h);
  }
  return out;
}

function historyOf(histories: Histories, m: MemoryRecord): MemoryRecord[] {
  return (histories.get(slotKey(m)) ?? []).filter((h) => h.id !== m.id);
}

function memorySection(m: MemoryRecord, speakers: ReadonlySet<string>): 'facts' | 'people' {
  return m.subject === 'user' || speakers.has(m.subject.toLowerCase()) ? 'facts' : 'people';
}

/** How many of the best turns are shown whole, and above what length the others are excerpted. */
export interface ExcerptPlan {
  fullTop: number;
  minTokens: number;
  /** A reply's pleasantry lead is not its excerpt's lead (RECALL.idleLead). */
  idleLead?: boolean;
  /** Excerpted sentences are cut to this many words around their matches (RECALL.listClipWords; 0 = whole). */
  clip?: number;
}

/** The excerpt plan of a question: list and count asks are answered by many short picks (RECALL.listFullTop…). */
function excerptPlan(q: Pick<AnalyzedQuery, 'list' | 'count'>): ExcerptPlan {
  return q.list || q.count ? { fullTop: RECALL.listFullTop, minTokens: RECALL.listExcerptMinTokens, clip: RECALL.listClipWords } : { fullTop: RECALL.fullTop, minTokens: RECALL.excerptMinTokens, idleLead: RECALL.idleLead === 1 };
}

/**
 * A turn is shown whole when it is among the plan's best `fullTop` and no longer than `RECALL.fullMaxTokens` (when
 * set), or when it is short anyway; otherwise by its matching sentences.
 */
export function shownWhole(rank: number, tokens: number, plan: ExcerptPlan): boolean {
  const best = rank < plan.fullTop && (RECALL.fullMaxTokens <= 0 || tokens <= RECALL.fullMaxTokens);
  return best || tokens <= plan.minTokens;
}

function turnLine(w: TurnWindow, t: TurnRecord, focus: Focus, score: number, rank: number, plan: ExcerptPlan = { fullTop: RECALL.fullTop, minTokens: RECALL.excerptMinTokens }): ContextLine {
  const r = w.render(t);
  const short = shownWhole(rank, r.tokens, plan);
  const window = rank < RECALL.windowTop ? 1 : 0;
  if (short) {
    const lean = leanBody(r);
    return episodeLine(t, r, lean.text, lean.tokens, score);
  }
  const idle = plan.idleLead === true;
  const clip = plan.clip || (RECALL.clipWords > 0 && rank >= RECALL.clipFromRank ? RECALL.clipWords : 0);
  if (clip) {
    // (Cut sentences have no per-sentence counts: the caller counts the text.)
    const cut = renderSplit(r.messages, focus, window, idle, clip);
    return episodeLine(t, r, cut, cut === r.body ? r.tokens : countTokens(cut), score);
  }
  const text = renderSplit(r.messages, focus, window, idle);
  return episodeLine(t, r, text, text === r.body ? r.tokens : excerptTokens(r, focus, window, idle), score);
}

/** A turn's line in the episodes section: dated, ordered by time, cited with its whole body's snippet. */
function episodeLine(t: TurnRecord, r: RenderedTurn, text: string, tokens: number, score: number): ContextLine {
  return {
    key: `turn:${t.id}`,
    section: 'episodes',
    group: formatDay(t.timestamp),
    order: `${t.timestamp}|${String(t.seq).padStart(6, '0')}`,
    text,
    tokens,
    citation: { turn_id: t.id, score: round(score), snippet: r.body.length > 200 ? `${r.body.slice(0, 199)}…` : r.body },
  };
}

/** A neighbour brought for its referent, shown by the edge that touches the shown turn (renderEdge). */
function edgeLine(w: TurnWindow, t: TurnRecord, edge: 'first' | 'last', score: number): ContextLine {
  const r = w.render(t);
  const text = renderEdge(r.messages, edge);
  return episodeLine(t, r, text, text === r.body ? r.tokens : countTokens(text), score);
}

function memLine(m: MemoryRecord, histories: Histories, speakers: ReadonlySet<string>, score: number, capped: boolean): ContextLine {
  return {
    key: `memory:${m.id}`,
    section: memorySection(m, speakers),
    group: null,
    order: `${m.type === 'event' ? (m.eventDate ?? m.validFrom ?? '') : ''}|${m.subject}|${m.key}`,
    text: memoryLine(m, historyOf(histories, m)),
    citation: { turn_id: m.sourceTurn ?? '', score: round(score), snippet: snippet(maskSecrets(m.evidence || m.value)) },
    redundantWith: !capped && RECALL.skipRestatedMemories && m.sourceTurn ? `turn:${m.sourceTurn}` : undefined,
    capped,
  };
}

/**
 * List and count asks: candidates re-ordered so that each further turn from a session already
 * picked weighs `decay` times less (memories keep their score). decay 1 keeps the order.
 */
export function spreadSessions(cands: Candidate[], decay: number): Candidate[] {
  if (decay >= 1) return cands;
  const picks = new Map<string, number>();
  const scored = mapPacked(cands, (c, i) => {
    if (!c.turn) return { c, s: c.score, i };
    const n = picks.get(c.turn.sessionId) ?? 0;
    picks.set(c.turn.sessionId, n + 1);
    return { c, s: c.score * decay ** n, i };
  });
  return mapPacked(scored.sort((a, b) => b.s - a.s || a.i - b.i), (x) => x.c);
}

/**
 * The turns of the first candidates that hold one (at most `limit`), then `more`, in one array built by pushes from one
 * literal: its elements kind is the same whether it ends empty or not (an empty `flatMap` or `slice` result is another
 * array class, and deoptimized previousTurns the first time a recall had no turn candidate: session 24).
 */
function turnsOf(cands: readonly Candidate[], limit: number, more: readonly TurnRecord[] = []): TurnRecord[] {
  const out: TurnRecord[] = [];
  for (let i = 0; i < cands.length && out.length < limit; i++) {
    const t = cands[i]!.turn;
    if (t) out.push(t);
  }
  for (let i = 0; i < more.length; i++) out.push(more[i]!);
  return out;
}

/**
 * Adds to the window the session neighbours of `turns` where not fetched yet: the turn before
 * (a reply after a question renders whole) and, for referents, the turn after.
 */
async function previousTurns(deps: RecallDeps, scope: string, w: TurnWindow, turns: TurnRecord[], anchors: TurnRecord[] = []): Promise<void> {
  const missing = [...new Set([...turns.filter((t) => t.seq > 1 && !w.at(t, -1)), ...anchors.filter((t) => !w.at(t, 1))])];
  // Both neighbours of each, by place and only where not fetched (what turnsAround(missing, 1) would add, without the turns held).
  const places = missingAround(w, missing);
  if (places.length > 0) w.add(await deps.store.turnsAt(scope, places));
}

/** True when the turn replies to a fetched turn that ends by asking (RECALL.shortAnswers): the reply is its answer. */
function answersQuestion(w: TurnWindow, t: TurnRecord): boolean {
  if (!RECALL.shortAnswers) return false;
  const prev = w.at(t, -1);
  return !!prev && w.asksQuestion(prev);
}

/** The current session's latest turns when the question continues them, else []. */
async function recentContext(deps: RecallDeps, q: RecallQuery, r: Retrieved): Promise<{ window: TurnRecord[]; connected: boolean }> {
  if (!q.sessionId) return { window: [], connected: false };
  const n = Math.max(RECALL.recentWindow, RECALL.recentTurns);
  const window = await deps.store.recentTurns(q.scope.key, q.sessionId, n);
  r.turns.add(window);
  if (window.length === 0) return { window, connected: false };
  return { window, connected: connectsTo(r, window.slice(-RECALL.recentWindow)) };
}

/**
 * A follow-up, or a question sharing a content word (or a name) with the given turns. Speakers'
 * names ("User", "Caroline") do not connect: every turn of theirs carries the name.
 */
export function connectsTo(r: Pick<Retrieved, 'query'>, turns: TurnRecord[]): boolean {
  if (r.query.followUp && !r.query.followUpByPronoun) return true;
  if (r.query.followUp && pronounFindsReferent(r.query.raw, mapPacked(turns, (t) => t.text).join('\n'))) return true;
  const speakers = new Set(turns.flatMap((t) => mapPacked(t.messages, (m) => speakerOf(m))).flatMap((n) => analyze(n)));
  const own = mapPacked(r.query.terms.filter((t) => (t.source === 'query' || t.source === 'name') && !speakers.has(t.term)), (t) => t.term);
  if (own.length === 0) return false;
  const seen = new Set(turns.flatMap((t) => (t.terms ? t.terms.split(' ') : analyze(t.text))));
  return own.some((t) => seen.has(t));
}

/**
 * What the context lines of one recall are made from (the `lines` of `recall`, in priority order). The generator over
 * it is declared once at module level, never per recall: a generator function declared inside `recall` was a new
 * closure every request, and calling it gave that closure its own initial map for its generator objects (our reading of
 * V8; the residue itself was measured). Maps live in old space, so the dead map of a finished recall pointed at its young closure, whose context held the whole recall
 * (the window's turns, the candidates, the rendered lines): every scavenge until the next mark-compact kept them alive
 * and promoted them, ~0.4 MB a recall (the "residue" of session 12; session 19, docs/recall-architecture.md).
 */
interface LineSource {
  r: Retrieved;
  stable: readonly MemoryRecord[];
  changes: readonly MemoryRecord[];
  arc: ContextLine | null;
  connectedTurns: readonly TurnRecord[];
  ordered: readonly Candidate[];
  recent: readonly TurnRecord[];
  /** The question continues the current session (its recent turns are shown in the recent section). */
  connected: boolean;
  histories: Histories;
  speakers: ReadonlySet<string>;
  relevance: ReadonlyMap<string, number>;
  focus: Focus;
  plan: ExcerptPlan;
}

/** The context lines of a recall in priority order, produced lazily: packing stops once the budget is full. */
function* contextLines(s: LineSource): Generator<ContextLine> {
  const { r, histories, speakers, focus } = s;
  // 1. The user's stable facts (capped share of the budget).
  for (const m of s.stable) yield memLine(m, histories, speakers, s.relevance.get(m.id) ?? 0, true);
  // The changes the question asks about, and the arc of the stance it asks for.
  for (const m of s.changes) {
    const ending = endingTurn(m, (id) => r.turns.get(id));
    const text = changeLine(m, ending);
    yield { key: `change:${m.id}`, section: memorySection(m, speakers), group: null, order: `|${m.subject}|${m.key}`, text, citation: { turn_id: ending?.id ?? m.sourceTurn ?? '', score: 1, snippet: snippet(text) } };
  }
  if (s.arc) yield s.arc;
  // 2. The conversation the question continues: its latest turns first, within their share.
  for (const t of s.connectedTurns) yield { ...turnLine(r.turns, t, focus, 0, 0), section: 'recent', share: 'recent' };
  // 3. Query evidence in fused order (spread across sessions for list asks): memories and dated episode lines.
  let turnRank = 0;
  for (const c of s.ordered) {
    if (c.memory) yield memLine(c.memory, histories, speakers, c.score, false);
    else if (c.turn) {
      // A turn found only as a neighbour that says next to nothing ("Nice to meet you!") is filler.
      if (c.coverage === 0 && c.turn.termCount < RECALL.minNeighbourTerms && !answersQuestion(r.turns, c.turn)) continue;
      // A turn the vicinity ranker brought that holds no word of the question is excerpted as past the cut and does
      // not push the turns that match past it (or out of the ones shown whole).
      const rank = RECALL.vicinityUnranked && c.coverage === 0 && c.rankers.some((h) => h.ranker === 'vicinity') ? Number.MAX_SAFE_INTEGER : turnRank++;
      yield turnLine(r.turns, c.turn, focus, c.score, rank, s.plan);
      // The neighbour a pointing-back turn needs ("It was amazing!" after "How was the concert?").
      if (rank < RECALL.referentTop) {
        const turn = c.turn;
        for (const n of referentsOf(turn, (t, o) => r.turns.at(t, o), (t) => r.turns.asksQuestion(t))) {
          const line = RECALL.referentEdges ? edgeLine(r.turns, n, n.seq < turn.seq ? 'last' : 'first', c.score) : turnLine(r.turns, n, focus, c.score, Number.MAX_SAFE_INTEGER);
          if ((line.tokens ?? 0) <= RECALL.referentMaxTokens) yield line;
        }
      }
    }
  }
  // 4. Recent context of the current session, when the budget still allows.
  for (const t of s.recent) yield { ...turnLine(r.turns, t, focus, 0, Number.MAX_SAFE_INTEGER), ...(s.connected ? { section: 'recent' as const } : {}) };
}

/** The lines as they are offered, each also pushed to `offered` (an observer reading the packing). */
function* observed(lines: Iterable<ContextLine>, offered: ContextLine[]): Generator<ContextLine> {
  for (const l of lines) {
    offered.push(l);
    yield l;
  }
}

export async function recall(deps: RecallDeps, q: RecallQuery): Promise<RecallResult> {
  if (q.maxTokens <= 0 || q.query.trim() === '') return EMPTY;
  const t0 = performance.now();
  const r = await retrieve(deps, q.scope.key, q.query, { sessionId: q.sessionId, maxTokens: q.maxTokens });
  deps.observer?.stage('ranking', performance.now() - t0);
  const recentCtx = await recentContext(deps, q, r);
  // Nothing matched and nothing continues: only a change to a fact the question asks for can answer it ("What's my
  // diet?" after "I'm eating fish again" ended the diet: no active row, no turn with the word).
  if (r.candidates.length === 0 && !recentCtx.connected && [...r.query.keys, ...r.query.changeKeys].every((k) => k === 'event') && !(RECALL.opinionReach && r.query.opinion)) return EMPTY;
  const { kept: gated, reranked } = await gate(deps, q.query, r);
  // A fact the question asks for whose value was retracted is answered by the change itself.
  // The stable facts are read with it (independent reads: one round trip on a networked store)
  // unless the answer may still be empty, which only the changes decide.
  const readStable = () => deps.store.memoriesByKeys(q.scope.key, { keys: STABLE_PRIORITY, includeInactive: false }, RETRIEVE.keyRows);
  const mayBeEmpty = (!gated || gated.length === 0) && (reranked || !recentCtx.connected);
  const [changes, stableEarly] = await Promise.all([changedStates(deps, q.scope.key, r), mayBeEmpty ? null : readStable()]);
  // A reranker that scored every candidate below the floor has judged the question unrelated.
  if (reranked && (!gated || gated.length === 0) && changes.length === 0) return EMPTY;
  // Offline, a question that continues the current conversation is answered from it even when
  // nothing else in the memory matches ("What theme did we pick?"); any other question must pass the gate.
  const gateEmpty = !gated || gated.length === 0;
  // An opinion ask whose topic is said in other words: the arc reached by meaning answers it (RECALL.opinionReach).
  const reached = gateEmpty && !reranked ? await reachedArc(deps, q.scope.key, r) : null;
  // An ask about now or next naming a thing of the user's with a history: that history says what became of it.
  const history = gateEmpty && !reranked && !reached ? await thingHistoryOf(deps, q.scope.key, r) : [];
  if (gateEmpty && !recentCtx.connected && changes.length === 0 && !reached && history.length === 0) return EMPTY;
  const kept = gated && gated.length > 0 ? gated : (reached?.candidates ?? history);
  const arc = reached?.line ?? opinionArc(r, kept) ?? (await storedTopicArc(deps, q.scope.key, r, kept)) ?? (gateEmpty ? null : (await reachedArc(deps, q.scope.key, r))?.line ?? null);
  const sequel = await sequelOf(deps, q.scope.key, r, kept);
  let ordered = withSequel(r.query.list || r.query.count ? spreadSessions(kept, RECALL.spreadDecay) : kept, sequel);
  const plan = excerptPlan(r.query);

  const t1 = performance.now();
  const speakers = r.speakers;
  const focus = focusTerms(r);
  // 1. The user's stable facts (capped share of the budget): the query-relevant ones first, then
  //    by STABLE_PRIORITY.
  const relevance = new Map(mapPacked(kept.filter((c) => c.memory), (c) => [c.id, c.score]));
  const stable = (stableEarly ?? (await readStable()))
    .filter((m) => m.active && m.subject === 'user' && m.type !== 'event' && m.type !== 'opinion' && STABLE_KEYS.has(m.key))
    .sort((a, b) => (relevance.get(b.id) ?? 0) - (relevance.get(a.id) ?? 0) || (RECALL.stablePriority ? stableRank(a.key) - stableRank(b.key) : 0) || b.confidence - a.confidence || b.updatedAt.localeCompare(a.updatedAt));
  // A profile ask: the later turn of each stable fact's kind, first among the evidence (the fact may have moved on).
  if (r.query.profile && RECALL.factSequels) {
    const later = await factSequels(deps, q.scope.key, r, stable);
    if (later.length > 0) ordered = [...later, ...ordered.filter((c) => !later.some((l) => l.id === c.id))];
  }
  // Newest first: under a tight budget the latest turn is the one kept.
  const recent = recentCtx.window.slice(-RECALL.recentTurns).reverse();
  const connectedTurns = recentCtx.connected ? recentCtx.window.slice(-RECALL.recentWindow).reverse() : [];
  // What the lines need from the store, fetched by id and key for them alone: the history of
  // the memory lines and the turn before each turn line (a reply after a question renders whole).
  const [histories] = await Promise.all([historiesOf(deps, q.scope.key, [...stable, ...kept.flatMap((c) => (c.memory ? [c.memory] : []))]), previousTurns(deps, q.scope.key, r.turns, turnsOf(kept, Infinity, recentCtx.window), turnsOf(ordered, RECALL.referentTop))]);
  // Lines are produced lazily (packing stops once the budget is full) by a module-level generator: see LineSource.
  const src: LineSource = { r, stable, changes, arc, connectedTurns, ordered, recent, connected: recentCtx.connected, histories, speakers, relevance, focus, plan };
  // An observer that reads the packing (an analysis bench) sees every line offered; nothing is wrapped otherwise.
  const packed = deps.observer?.packed;
  const offered: ContextLine[] = [];
  const out = assemble(packed ? observed(contextLines(src), offered) : contextLines(src), q.maxTokens, r.query.profile ? 1 : RECALL.stableShare, { recent: RECALL.recentShare });
  packed?.({
    candidates: mapPacked(ordered, (c) => ({ key: `${c.kind}:${c.id}`, coverage: c.coverage, score: c.score })),
    offered: mapPacked(offered, (l) => ({ key: l.key, text: l.text, tokens: l.tokens ?? countTokens(l.text), turnId: l.citation.turn_id })),
    chosen: out.keys,
  });
  deps.observer?.stage('assembly', performance.now() - t1);
  if (out.citations.length === 0) return EMPTY;
  return { context: out.context, citations: out.citations, tokens: out.tokens };
}

/**
 * Retracted values of the facts the question asks for (about the user), read from the store by
 * key; the turns that ended them are added to the window for the change lines.
 */
async function changedStates(deps: RecallDeps, scope: string, r: Retrieved): Promise<MemoryRecord[]> {
  // Events are never a change (retractedStates and namedChanges skip them): their keys are not looked up.
  const asked = r.query.keys.filter((k) => k !== 'event' && keySpec(k)?.type !== 'event');
  const implied = r.query.changeKeys.filter((k) => !asked.includes(k) && keySpec(k)?.type !== 'event');
  // The question's own words and names (not the speakers'): an ended value it names is a change it asks about.
  const speakerTerms = new Set([...r.speakers].flatMap((s) => analyze(s)));
  // A person the ask is about as a third person, for an attribute or a relative it asks ("How does Florencia earn a
  // living?", "Florencia's mum"), is not a change it asks about: her ended partner row is no answer (RECALL.changeSubject).
  const aboutOther = RECALL.changeSubject && (asked.length > 0 || r.query.namedKin) ? askedAsSubject(r.query.raw, r.query.names.filter((n) => !r.speakers.has(n))) : new Set<string>();
  const said = new Set(mapPacked(r.query.terms.filter((t) => (t.source === 'query' || t.source === 'name') && !speakerTerms.has(t.term) && !aboutOther.has(t.term)), (t) => t.term));
  const endable = RECALL.namedChanges && said.size > 0 ? ENDABLE_KEYS.filter((k) => !asked.includes(k) && !implied.includes(k)) : [];
  if (asked.length + implied.length + endable.length === 0) return [];
  // The user's retracted rows of the keys, latest end first, from an index that holds no superseded row (a slot's
  // hundreds of job titles neither cost a read nor push an older retraction out of the cut), then the active rows of
  // their slots, which can hide a change (retractedStates, namedChanges). No retracted row: one read.
  const ended = await deps.store.retractedByKeys(scope, { subject: 'user', keys: [...asked, ...implied, ...endable] }, RETRIEVE.keyRows);
  if (ended.length === 0) return [];
  const rows = [...ended, ...(await deps.store.activeInSlots(scope, ended, RETRIEVE.keyRows))];
  // A key only the kind of a noun implies answers with a retracted value the question names ("the ukulele").
  const own = new Set(mapPacked(r.query.terms.filter((t) => t.source === 'query'), (t) => t.term));
  const named = retractedStates(rows, asked);
  const changes = [...named, ...retractedStates(rows, implied).filter((m) => !named.includes(m) && analyze(m.value).some((t) => own.has(t)))];
  for (const m of namedChanges(rows, said)) if (!changes.some((c) => c.id === m.id || (c.subject === m.subject && c.key === m.key))) changes.push(m);
  const ending = mapPacked(changes, (m) => m.metadata?.endedBy).filter((id): id is string => typeof id === 'string' && !r.turns.get(id));
  if (ending.length > 0) r.turns.add(await deps.store.getTurns(scope, ending));
  return changes;
}

/**
 * The later turn that says what became of the topic of a "still" ask (sequel.ts): the best kept turn matching the
 * question is the topic; its rarer own words are looked up in the store's index and the newest later turn holding
 * one is brought, even when it shares no word with the question. [] for other asks.
 */
async function sequelOf(deps: RecallDeps, scope: string, r: Retrieved, kept: Candidate[]): Promise<Candidate[]> {
  if (!RECALL.sequel || !isContinuationAsk(r.query.raw)) return [];
  const at = kept.findIndex((c) => c.turn && c.coverage > 0);
  if (at < 0) return [];
  const topic = kept[at]!.turn!;
  const own = new Set(mapPacked(r.query.terms, (t) => t.term));
  // What the question names (a place, a thing; not a speaker) is the topic too, however often it is said: "Would I ever
  // move back to Lisbon?" is answered by the newest turn naming Lisbon, whatever the topic turn's other words.
  const named = mapPacked(r.query.terms.filter((t) => RECALL.sequelNamed === 1 && t.source === 'name' && !r.speakers.has(t.term) && topic.terms.split(' ').includes(t.term)), (t) => t.term);
  const words = topicWords(topic, own);
  const terms = [...(words.length > 0 ? sequelTerms(words, await deps.store.termFrequencies(scope, 'turn', words)) : []), ...named];
  if (terms.length === 0) return [];
  const found = await deps.store.lexicalCandidates(scope, 'turn', terms, SEQUEL.read);
  const ids = mapPacked(found.docs, (d) => d.id).filter((id) => !r.turns.get(id));
  if (ids.length > 0) r.turns.add(await deps.store.getTurns(scope, ids));
  const later = laterTurns(topic, found.docs.flatMap((d) => r.turns.get(d.id) ?? []), terms);
  return mapPacked(later, (t, i) => ({ kind: 'turn', id: t.id, score: kept[at]!.score, rankers: [{ ranker: 'sequel', rank: i + 1, score: 0 }], coverage: 0, bm25: 0, turn: t }));
}

/** The candidates with each sequel turn placed right after the topic turn (moved there when already kept lower). */
/**
 * For a profile ask, per kind of profile fact (FACT_KINDS): the newest user turn of that kind said after the newest
 * stable fact of the kind that does not name the fact's value (sequel.ts laterOfKind), or, when no fact of the kind is
 * stored (extraction missed it), the newest turn of the kind. One lexical read of the kind tokens, only for profile asks.
 */
async function factSequels(deps: RecallDeps, scope: string, r: Retrieved, stable: MemoryRecord[]): Promise<Candidate[]> {
  const kinds = [...new Set(Object.values(FACT_KINDS))];
  const found = await deps.store.lexicalCandidates(scope, 'turn', mapPacked(kinds, kindToken), SEQUEL.read * 2);
  const ids = mapPacked(found.docs, (d) => d.id).filter((id) => !r.turns.get(id));
  if (ids.length > 0) r.turns.add(await deps.store.getTurns(scope, ids));
  const turns = found.docs.flatMap((d) => r.turns.get(d.id) ?? []);
  const out: Candidate[] = [];
  for (const kind of kinds) {
    const facts = stable.filter((m) => FACT_KINDS[m.key] === kind);
    const since = mapPacked(facts, (m) => m.validFrom ?? (m.sourceTurn ? r.turns.get(m.sourceTurn)?.timestamp : undefined) ?? m.createdAt).sort().at(-1) ?? '';
    const t = laterOfKind(turns, kindToken(kind), since, new Set(facts.flatMap((m) => analyze(m.value))));
    if (t && !out.some((c) => c.id === t.id)) out.push({ kind: 'turn', id: t.id, score: 1, rankers: [{ ranker: 'sequel', rank: out.length + 1, score: 0 }], coverage: 0, bm25: 0, turn: t });
  }
  return out;
}

function withSequel(cands: Candidate[], sequel: Candidate[]): Candidate[] {
  if (sequel.length === 0) return cands;
  const ids = new Set(mapPacked(sequel, (c) => c.id));
  const rest = cands.filter((c) => !(c.turn && ids.has(c.id)));
  const at = rest.findIndex((c) => c.turn && c.coverage > 0);
  return [...rest.slice(0, at + 1), ...sequel, ...rest.slice(at + 1)];
}

/**
 * Whose stance an opinion arc draws (RECALL.arcHolder): an arc is one person's, so it is drawn only where one person
 * speaks as the user — from that person's messages, labelled with their name when the ask names them (a speaker name,
 * lower-case), else as the user's (undefined: the user-role messages). In a conversation of several named speakers every
 * message has the user role, and an arc quoted all of them as "User's view": there it is null (no arc; the speakers'
 * turns are the evidence), as the arc reached by meaning already is (reachedArc). Off: undefined, whoever spoke.
 */
export function arcHolder(r: Pick<Retrieved, 'query' | 'speakers'>): string | undefined | null {
  if (!RECALL.arcHolder) return undefined;
  if ([...r.speakers].filter((s) => !NON_USER_ROLES.has(s)).length > 1) return null;
  const asked = askedSpeakers(r.query, { allSpeakers: r.speakers });
  return asked.size === 1 ? [...asked][0]! : undefined;
}
const NON_USER_ROLES = new Set(['assistant', 'system', 'tool']);

/** The holder's label in an arc line: "User" for the user, else the speaker's name. */
const holderLabel = (holder: string | undefined) => (holder === undefined ? 'User' : subjectLabel(holder));

/** The arc line of an opinion ask over the kept turns that name its topic, or null. */
function opinionArc(r: Retrieved, kept: Candidate[]): ContextLine | null {
  if (!r.query.opinion) return null;
  const holder = arcHolder(r);
  if (holder === null) return null;
  const speakers = r.speakers;
  const topicTerms = r.query.terms.filter((t) => (t.source === 'query' || t.source === 'name') && !speakers.has(t.term) && !['think', 'feel', 'opinion', 'view', 'prefer', 'like'].includes(t.term));
  if (topicTerms.length === 0) return null;
  // The topic: the question's rarest own term among the kept turns (the thing the stance is about).
  const turns = mapPacked(kept.filter((c) => c.turn && c.coverage > 0 && (holder === undefined || r.turns.speakers(c.turn).includes(holder))), (c) => c.turn!);
  // A term stands with its other forms (derivations, shared senses, chat forms: "rainy" is said as "rain") when the
  // question's own terms reach no arc (a fallback: on LoCoMo, always widening the topic lengthened arcs at 512).
  const withForms = (term: string) => new Set([term, ...mapPacked(r.query.terms.filter((x) => x.covers === term && !x.term.startsWith('_')), (x) => x.term)]);
  const pick = (forms: (term: string) => Set<string>) => {
    const df = (term: string) => {
      const f = forms(term);
      return turns.filter((t) => (t.terms ?? '').split(' ').some((x) => f.has(x))).length;
    };
    return mapPacked(topicTerms, (t) => ({ t, n: df(t.term) })).filter((x) => x.n >= 2).sort((a, b) => b.t.weight - a.t.weight || a.n - b.n)[0];
  };
  const plain = (term: string) => new Set([term]);
  const own = pick(plain);
  const forms = own || !RECALL.arcForms ? plain : withForms;
  const best = own ?? (RECALL.arcForms ? pick(withForms) : undefined);
  if (!best) return null;
  // The topic's other full-weight words name it too ("EV bakkies": a step may say only "an EV?"; off: see RECALL).
  const topic = new Set([...forms(best.t.term), ...(RECALL.arcTopicWords ? topicTerms.filter((t) => (t.cover ?? 1) > 0.5).flatMap((t) => [...forms(t.term)]) : [])]);
  const steps = arcSteps(turns, topic, holder);
  const label = r.query.raw.match(new RegExp(`\\b(${best.t.term}\\w*)`, 'i'))?.[1] ?? words(r.query.raw).find((w) => analyze(w)[0] === best.t.term) ?? best.t.term;
  const text = arcLine(steps, label, holderLabel(holder));
  if (!text) return null;
  return arcContextLine(best.t.term, text, steps[steps.length - 1]!.turn);
}

/**
 * The arc of a stance the question reaches only through the stored opinion ("Which editor do I prefer now?" finds
 * opinion_vim by "editor"): the topic is the opinion's key, and the turns naming it are read from the store's index
 * (at most ARC_TURNS), since the question's own words need not occur in the later turns.
 */
async function storedTopicArc(deps: RecallDeps, scope: string, r: Retrieved, kept: Candidate[]): Promise<ContextLine | null> {
  if (!r.query.opinion) return null;
  const holder = arcHolder(r);
  if (holder === null) return null;
  const opinion = kept.find((c) => c.memory && c.memory.subject === 'user' && c.memory.key.startsWith('opinion_'))?.memory;
  if (!opinion) return null;
  const label = opinion.key.slice('opinion_'.length).replace(/_/g, ' ');
  const topic = analyze(label);
  if (topic.length === 0) return null;
  const found = await deps.store.lexicalCandidates(scope, 'turn', topic, ARC_TURNS);
  const ids = mapPacked(found.docs, (d) => d.id).filter((id) => !r.turns.get(id));
  if (ids.length > 0) r.turns.add(await deps.store.getTurns(scope, ids));
  const turns = found.docs.flatMap((d) => r.turns.get(d.id) ?? []);
  const steps = arcSteps(turns, new Set(topic), holder);
  const text = arcLine(steps, label, holderLabel(holder));
  if (!text) return null;
  return arcContextLine(opinion.key, text, steps[steps.length - 1]!.turn);
}

/**
 * The arc of an opinion ask whose topic the question says in other words (opinion-reach.ts), read from the store's
 * index: the user's turns naming a topic form, then the turns naming the thing they share. Null when no two sessions
 * speak of it, for other asks, or when RECALL.opinionReach is off. Its turns are candidates for the evidence.
 */
async function reachedArc(deps: RecallDeps, scope: string, r: Retrieved): Promise<{ line: ContextLine; candidates: Candidate[] } | null> {
  // The user's own stance: in a scope of named speakers (no one speaks as the user) an ask must name whose it is.
  if (!RECALL.opinionReach || !r.query.opinion || !r.speakers.has('user')) return null;
  // About the user: the stance of a person the question names (a speaker, one the memory knows, or a name the lexicon
  // does not know as a word) is not the user's to reach by meaning; "South African" names a topic.
  const person = (n: string) => n !== 'user' && (r.speakers.has(n) || r.known.has(n) || !deps.lexicon || deps.lexicon.senses(n, undefined, 1).length === 0);
  if (r.query.names.some(person)) return null;
  const skip = new Set([...r.speakers].flatMap((s) => analyze(s)));
  const { forms: all, kin } = topicForms(r.query.raw, deps.lexicon, skip);
  if (all.size === 0) return null;
  // Only a form rare in the scope names a topic to reach (REACH.formMaxDf).
  const forms = rareTopicForms(all, await deps.store.termFrequencies(scope, 'turn', [...all]));
  if (forms.size === 0) return null;
  const read = (terms: string[]) => turnsNaming(deps, scope, r, terms, REACH.read);
  // An anchor found only by an activity's kin ("run" for jogging) must use it as the activity, not "run a bakery".
  const anchors = anchorsOf(await read([...forms]), forms).filter((t) => kin.size === 0 || usesAsActivity(t, forms, kin));
  if (anchors.length === 0) return null;
  const cands = thingCandidates(anchors, forms);
  const things = cands.length > 0 ? thingTerms(cands, await deps.store.termFrequencies(scope, 'turn', cands)) : [];
  const more = things.length > 0 ? await read(things) : [];
  const turns = [...new Map(mapPacked([...anchors, ...more], (t) => [t.id, t])).values()];
  const topic = new Set([...forms, ...things]);
  const steps = arcSteps(turns, topic);
  const label = arcLabel(mapPacked(steps, (s) => s.sentence), forms, things, turns);
  const text = arcLine(steps, label);
  if (!text) return null;
  const shown = mapPacked(steps.slice().reverse(), (s) => s.turn);
  return {
    line: arcContextLine(`reach:${label}`, text, steps[steps.length - 1]!.turn),
    candidates: rankedTurns(shown, 'opinion_reach'),
  };
}

/** The turns the index finds for the terms (at most `limit`), read into the recall's turn cache when not there yet. */
async function turnsNaming(deps: RecallDeps, scope: string, r: Retrieved, terms: string[], limit: number): Promise<TurnRecord[]> {
  const found = await deps.store.lexicalCandidates(scope, 'turn', terms, limit);
  const ids = mapPacked(found.docs, (d) => d.id).filter((id) => !r.turns.get(id));
  if (ids.length > 0) r.turns.add(await deps.store.getTurns(scope, ids));
  return found.docs.flatMap((d) => r.turns.get(d.id) ?? []);
}

/** Turns in the order given, as candidates of one ranker (score 1 / rank). */
function rankedTurns(turns: readonly TurnRecord[], ranker: string): Candidate[] {
  return mapPacked(turns, (t, i) => ({ kind: 'turn', id: t.id, score: 1 / (i + 1), rankers: [{ ranker, rank: i + 1, score: 0 }], coverage: 0, bm25: 0, turn: t }));
}

/**
 * The turns of a thing the question names that has a history (thing-history.ts), newest first, as candidates: for an ask
 * about now or next only, when RECALL.thingHistory is on. [] otherwise.
 */
async function thingHistoryOf(deps: RecallDeps, scope: string, r: Retrieved): Promise<Candidate[]> {
  // "I" and "my" are the user's: in a scope of named speakers no one is (as for the opinion reach).
  if (!RECALL.thingHistory || !r.speakers.has('user') || !asksAboutNow(r.query.raw, r.query.applied)) return [];
  const person = (n: string) => r.speakers.has(n) || r.known.has(n);
  const forms = thingForms(r.query.raw, deps.lexicon, person);
  if (forms.size === 0) return [];
  const rare = rareForms(forms, await deps.store.termFrequencies(scope, 'turn', [...forms]));
  if (rare.length === 0) return [];
  return rankedTurns(thingTurns(await turnsNaming(deps, scope, r, rare, HISTORY.read), new Set(rare)), 'thing_history');
}

/** The arc's line among the user's facts, cited by the turn of the current stance. */
function arcContextLine(topic: string, text: string, now: TurnRecord): ContextLine {
  return { key: `arc:${topic}`, section: 'facts', group: null, order: `|user|arc:${topic}`, text, citation: { turn_id: now.id, score: 1, snippet: snippet(text) } };
}

/** Turns read for an arc found through a stored opinion. */
const ARC_TURNS = 24;

export async function search(deps: RecallDeps, q: SearchQuery): Promise<SearchResult[]> {
  if (q.query.trim() === '' || q.limit <= 0) return [];
  const out: SearchResult[] = [];
  for (const scope of q.scopes) {
    const r = await retrieve(deps, scope.key, q.query, { sessionId: scope.sessionId });
    const { kept } = await gate(deps, q.query, r);
    if (!kept) continue;
    const shown = kept.slice(0, q.limit);
    // A memory hit is dated by its source turn when it has no date of its own: fetch those turns by id.
    const sources = shown.flatMap((c) => (c.memory?.sourceTurn && !c.memory.eventDate && !c.memory.validFrom && !r.turns.get(c.memory.sourceTurn) ? [c.memory.sourceTurn] : []));
    if (sources.length > 0) r.turns.add(await deps.store.getTurns(scope.key, [...new Set(sources)]));
    for (const c of shown) {
      if (c.memory) {
        const m = c.memory;
        out.push({
          kind: 'memory',
          id: m.id,
          content: `${m.subject === 'user' ? '' : `${m.subject} · `}${humanKey(m.key)}: ${maskSecrets(m.value)}`,
          score: round(c.score),
          session_id: m.sourceSession,
          // When the fact was stated (event date, validity start, source turn), not when it was stored.
          timestamp: m.eventDate ?? m.validFrom ?? (m.sourceTurn ? r.turns.get(m.sourceTurn)?.timestamp : undefined) ?? m.createdAt,
          metadata: { type: m.type, subject: m.subject, key: m.key, active: m.active },
          rankers: c.rankers,
          turn_id: m.sourceTurn,
          memory: m,
        });
      } else if (c.turn) {
        const t = c.turn;
        out.push({ kind: 'turn', id: t.id, content: maskSecrets(t.text), score: round(c.score), session_id: t.sessionId, timestamp: t.timestamp, metadata: t.metadata, rankers: c.rankers, turn_id: t.id });
      }
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, q.limit);
}
