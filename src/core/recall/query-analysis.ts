/**
 * @module core/recall/query-analysis
 * Turns a recall question into weighted index terms and intents: original content terms
 * (weight 1), question filler ("what kind of", "mention") down-weighted, key-vocabulary and
 * synonym expansions (always below the original terms), names the question mentions, and the
 * temporal / past / list intents that steer ranking and assembly. Pure.
 */
import { KEY_VOCABULARY } from '../extraction/key-vocabulary.ts';
import { analyze, words } from '../text/analyze.ts';
import { expansionsOf } from './synonyms.ts';

export type TermSource = 'query' | 'filler' | 'name' | 'key' | 'synonym' | 'feedback';

export interface QueryTerm {
  term: string;
  weight: number;
  source: TermSource;
}

export interface AnalyzedQuery {
  raw: string;
  /** Distinct terms with their weights (the highest weight wins when sources overlap). */
  terms: QueryTerm[];
  /** Lower-cased names the question mentions (capitalised words, or known names). */
  names: string[];
  /** Canonical memory keys the question asks for ("where does she live" → location). */
  keys: string[];
  /** "when", "how long ago", "what year", "before/after": dated lines matter. */
  temporal: boolean;
  /** "used to", "previously", "before moving": superseded facts are wanted. */
  past: boolean;
  /** "what activities…", "which books…", plural asks: several lines are the answer. */
  list: boolean;
  /** "recently", "latest", "now", "these days": the newest matching lines matter most. */
  recent: boolean;
  /** A date the question names ("on 13 October 2023", "in July 2022"): [from, to) ISO dates. */
  dateRange: { from: string; to: string } | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (m: string) => MONTHS.findIndex((x) => x.startsWith(m.toLowerCase().slice(0, 3)));
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/**
 * The calendar date a question names, as a half-open range, and the words that spelled it
 * ("October", "13", "2023") so they are not searched for as text. Day ranges, month ranges and
 * bare years; "May" only counts as a month next to a day or a year.
 */
export function questionDate(q: string): { range: { from: string; to: string }; words: string[] } | null {
  const dm = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE},?\\s+(\\d{4})\\b`, 'i').exec(q);
  const md = dm ? null : new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i').exec(q);
  if (dm || md) {
    const [day, mon, year] = dm ? [Number(dm[1]), dm[2], Number(dm[3])] : [Number(md![2]), md![1], Number(md![3])];
    const m = monthIndex(mon);
    if (m >= 0 && day >= 1 && day <= 31) return { range: { from: iso(year, m, day), to: iso(year, m, day + 1) }, words: [String(day), mon, String(year)] };
  }
  const my = new RegExp(`\\b${MONTH_RE},?\\s+(\\d{4})\\b`, 'i').exec(q);
  if (my) {
    const m = monthIndex(my[1]);
    const y = Number(my[2]);
    if (m >= 0) return { range: { from: iso(y, m, 1), to: iso(y, m + 1, 1) }, words: [my[1], my[2]] };
  }
  const y = /\b(?:in|during|of|since)\s+((?:19|20)\d{2})\b/i.exec(q);
  if (y) return { range: { from: `${y[1]}-01-01`, to: `${Number(y[1]) + 1}-01-01` }, words: [y[1]] };
  return null;
}

/** Words that shape a question but rarely occur in the answer. Kept, but weighted low. */
const FILLER = new Set(
  analyze(
    'kind type sort thing things something anything ever mention mentioned say said says tell told talk talked talking discuss discussed ' +
      'according conversation specific particular exactly describe described recently recent usually often go going went think thought ' +
      'feel felt like way ways happen happened many much times likely would probably might consider considered',
  ),
);

export const WEIGHTS = { query: 1, filler: 0.3, name: 0.5, key: 0.45, synonym: 0.35, feedback: 0.25 } as const;

const TEMPORAL = /\b(when|what (year|month|date|day|time|week)|which (year|month|day)|how long|how many (years|months|weeks|days)|ago|since|before|after|until|first time|last time)\b/i;
const PAST = /\b(used to|previous(ly)?|formerly|former|originally|before (moving|she|he|they|i|the)|in the past|no longer|anymore|old (job|home|address|city)|moved from|history)\b/i;
const RECENT = /\b(recent(ly)?|latest|lately|newest|most recent|current(ly)?|now|these days|nowadays|last time)\b/i;
const LIST = /\b(what|which)\s+(\w+\s+)?(activities|books|events|places|things|hobbies|pets|items|ways|types|kinds|sports|games|instruments|countries|cities|songs|movies|artists|foods|names)\b|\b(all|list|every)\b/i;

/** Capitalised words that are not sentence-initial question words: candidate names. */
function capitalisedNames(q: string): string[] {
  const out: string[] = [];
  const re = /\b\p{Lu}[\p{L}'’-]+/gu;
  for (const m of q.matchAll(re)) {
    const w = m[0].replace(/['’]s$/u, '');
    const lw = w.toLowerCase();
    if (new RegExp(`^${MONTH_RE}$`, 'i').test(lw) || /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/.test(lw)) continue;
    if (m.index === 0 && /^(what|when|where|who|whom|whose|why|how|which|did|does|do|is|are|was|were|has|have|had|can|could|would|will|should|in|on|at|for|from|after|before|during|according|if|between|tell|list|describe|name)$/.test(lw)) continue;
    out.push(lw);
  }
  return out;
}

function keysAskedFor(q: string): string[] {
  const ws = ` ${words(q).join(' ')} `;
  const keys: string[] = [];
  for (const spec of KEY_VOCABULARY) {
    if (spec.queryWords.some((w) => ws.includes(` ${w.toLowerCase()} `))) keys.push(spec.key);
  }
  return keys;
}

/**
 * Analyses a question. `knownNames` (speakers and memory subjects of the scope, lower-cased)
 * lets lower-case mentions count as names too.
 */
export function analyzeQuery(query: string, knownNames: ReadonlySet<string> = new Set()): AnalyzedQuery {
  const terms = new Map<string, QueryTerm>();
  const put = (term: string, weight: number, source: TermSource) => {
    const cur = terms.get(term);
    if (!cur || cur.weight < weight) terms.set(term, { term, weight, source });
  };
  const names = new Set(capitalisedNames(query));
  for (const w of words(query)) if (knownNames.has(w.replace(/'s$/, ''))) names.add(w.replace(/'s$/, ''));
  const nameTerms = new Set([...names].flatMap((n) => analyze(n)));

  const date = questionDate(query);
  const dateTerms = new Set(date ? date.words.flatMap((w) => analyze(w)) : []);
  const original = analyze(query);
  for (const t of original) {
    if (dateTerms.has(t)) put(t, WEIGHTS.filler, 'filler');
    else if (nameTerms.has(t)) put(t, WEIGHTS.name, 'name');
    else if (FILLER.has(t)) put(t, WEIGHTS.filler, 'filler');
    else put(t, WEIGHTS.query, 'query');
  }
  const keys = keysAskedFor(query);
  for (const k of keys) for (const t of analyze(k.replace(/_/g, ' '))) put(t, WEIGHTS.key, 'key');
  for (const w of words(query)) {
    if (names.has(w)) continue;
    for (const syn of expansionsOf(w)) for (const t of analyze(syn)) put(t, WEIGHTS.synonym, 'synonym');
  }
  return {
    raw: query,
    terms: [...terms.values()],
    names: [...names],
    keys,
    temporal: TEMPORAL.test(query),
    past: PAST.test(query),
    list: LIST.test(query),
    recent: RECENT.test(query),
    dateRange: date?.range ?? null,
  };
}
