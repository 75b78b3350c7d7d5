/**
 * @module store/lexical
 * Backend-independent parts of `lexicalCandidates`: cleaning the query terms, the exact
 * "contains any term" check applied to what the full-text index returned, and the cut to
 * `limit` by a BM25 estimate over the matched set — so SQLite, PostgreSQL and PGlite return
 * the same documents for the same data. Pure.
 */
import type { LexicalDoc, MemorySlot, TurnPlace } from '../core/ports.ts';
import { dataRecord } from '../core/data-record.ts';
import { mapPacked } from '../core/packed.ts';
import { byCodePoint } from '../core/text/code-point-order.ts';

/** Longest term we look up (longer ones cannot be index terms and break tsquery limits). */
export const MAX_TERM_BYTES = 1000;

/**
 * De-duplicates the query terms and drops those that can never be a stored term (empty, with
 * whitespace — stored terms are space separated — or too long). Returns [] when nothing is left.
 */
export function cleanTerms(terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const t of terms) {
    const s = String(t);
    if (s && !/\s/.test(s) && Buffer.byteLength(s, 'utf8') <= MAX_TERM_BYTES) out.add(s);
  }
  return [...out];
}

/**
 * Postings read per query term, newest first. A term in more documents than this is a common
 * word of the scope: its newest documents are read and its document count comes from the
 * index's vocabulary, so the candidate cost follows this cap, not the size of the history.
 */
export const POSTINGS_CAP = 500;

/** BM25's inverse document frequency (the same formula core uses). */
export function bm25Idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * The candidate cut from per-term postings (each a list of document row numbers, newest first,
 * at most POSTINGS_CAP): every document is scored by the IDF mass of the terms it contains, and
 * the `k` best are kept (ties: the newer first). `df` holds each term's per-scope document count,
 * `n` the scope's document count. Core then ranks what is kept by exact BM25.
 */
export function preselect(postings: ReadonlyMap<string, readonly number[]>, df: Readonly<Record<string, number>>, n: number, k: number): number[] {
  const lists: Array<readonly number[]> = [];
  const weights: number[] = [];
  postings.forEach((rows, term) => {
    lists.push(rows);
    weights.push(bm25Idf(Math.max(n, df[term] ?? 0), df[term] ?? rows.length));
  });
  const merged = lists.every(descending) ? mergedCut(lists, weights, k) : null;
  if (merged) return merged;
  // Documents grouped by score (few distinct sums of a few IDFs): only the group the cut falls in is sorted.
  const groups = new Map<number, number[]>();
  const score = new Map<number, number>();
  lists.forEach((rows, i) => {
    for (let j = 0; j < rows.length; j++) score.set(rows[j], (score.get(rows[j]) ?? 0) + weights[i]);
  });
  score.forEach((s, r) => {
    const g = groups.get(s);
    if (g) g.push(r);
    else groups.set(s, [r]);
  });
  const out: number[] = [];
  for (const s of [...groups.keys()].sort((a, b) => b - a)) {
    if (out.length >= k) break;
    const g = groups.get(s)!.sort((a, b) => b - a);
    for (let i = 0; i < g.length && out.length < k; i++) out.push(g[i]);
  }
  return out;
}

/** Distinct scores mergedCut tells apart before it leaves the cut to the grouped path (a few terms give a few sums). */
const MERGED_GROUPS = 256;
/** Merged documents mergedCut's kept scratch holds at most (131 terms at POSTINGS_CAP). */
const MERGED_SCRATCH_MAX = 65_536;
/** mergedCut's scratch (reused: the cut is synchronous): each merged document's row and score group, and per group its score, count and output slots. */
let mergedRows = new Float64Array(4096);
let mergedGroup = new Int32Array(4096);
const groupScore = new Float64Array(MERGED_GROUPS);
const groupCount = new Int32Array(MERGED_GROUPS);
const groupSlot = new Int32Array(MERGED_GROUPS);
const groupEnd = new Int32Array(MERGED_GROUPS);

/**
 * preselect over lists that are each newest first (as both adapters read them): merged, a document's score is summed
 * in term order, and the documents go by score, then newest first, as the grouped path orders them. The merged
 * documents are kept in reused typed arrays, and only the kept rows become a JS array (the grouped path holds every
 * document in a JS array per score and boxes each score to look its group up: ~70 KB a recall). Null when the scores
 * are too many to group this way (or not numbers): the caller then groups them.
 */
function mergedCut(lists: ReadonlyArray<readonly number[]>, weights: readonly number[], k: number): number[] | null {
  let total = 0;
  for (const l of lists) total += l.length;
  // The scratch grows up to MERGED_SCRATCH_MAX documents and is kept; a larger query (hundreds of terms) gets arrays of
  // its own, so the process never holds more than ~0.8 MB for it.
  if (mergedRows.length < total && total <= MERGED_SCRATCH_MAX) {
    mergedRows = new Float64Array(Math.min(MERGED_SCRATCH_MAX, total * 2));
    mergedGroup = new Int32Array(mergedRows.length);
  }
  const own = total > mergedRows.length;
  const rows = own ? new Float64Array(total) : mergedRows;
  const groupOf = own ? new Int32Array(total) : mergedGroup;
  let groups = 0;
  const at = new Array<number>(lists.length).fill(0);
  let n = 0;
  for (;;) {
    let top = -Infinity;
    for (let i = 0; i < lists.length; i++) if (at[i] < lists[i].length && lists[i][at[i]] > top) top = lists[i][at[i]];
    if (top === -Infinity) break;
    let s = 0;
    for (let i = 0; i < lists.length; i++) {
      if (at[i] < lists[i].length && lists[i][at[i]] === top) {
        s += weights[i];
        at[i]++;
      }
    }
    if (Number.isNaN(s)) return null;
    let g = 0;
    while (g < groups && groupScore[g] !== s) g++;
    if (g === groups) {
      if (groups === MERGED_GROUPS) return null;
      groupScore[g] = s;
      groupCount[g] = 0;
      groups++;
    }
    groupCount[g]++;
    rows[n] = top;
    groupOf[n] = g;
    n++;
  }
  // The best scores until k documents are covered: each group's first output slot and the end of its room (the last
  // one may be cut short; groups past the cut get no room). Within a group the documents come newest first, the
  // merge's own order.
  const order: number[] = [];
  for (let g = 0; g < groups; g++) order.push(g);
  order.sort((a, b) => groupScore[b]! - groupScore[a]!);
  let size = 0;
  for (const g of order) {
    groupSlot[g] = size;
    size += Math.min(groupCount[g]!, Math.max(0, k - size));
    groupEnd[g] = size;
  }
  const out = new Array<number>(size).fill(0);
  for (let i = 0; i < n; i++) {
    const g = groupOf[i]!;
    if (groupSlot[g]! < groupEnd[g]!) out[groupSlot[g]!++] = rows[i]!;
  }
  return out;
}

/** True when the row numbers strictly decrease (newest first, no duplicate). */
function descending(rows: readonly number[]): boolean {
  for (let i = 1; i < rows.length; i++) if (!(rows[i] < rows[i - 1])) return false;
  return true;
}

/** What a lexical query reads after its postings: the rows to fetch and whether the set is cut. */
export interface PostingsCut {
  /** Row numbers to read, best first (at most `keep`). */
  picked: number[];
  /** Each term's document count: its postings when not capped, else the index's count. */
  df: Record<string, number>;
  /** True when a term was capped or the cut left a matching document out (the set is then incomplete). */
  cut: boolean;
}

/**
 * Over-fetch when only active memories count: inactive rows share the index and are dropped
 * when the rows are read, so more are picked than the limit.
 */
export const keepFor = (limit: number, activeOnly: boolean): number => (activeOnly ? limit * 2 + 50 : limit);

/**
 * The cut both adapters apply to per-term postings (each newest first, at most POSTINGS_CAP):
 * `indexDf` gives the per-scope count of the capped terms, `n` the scope's document count.
 */
export function cutPostings(postings: ReadonlyMap<string, readonly number[]>, indexDf: Readonly<Record<string, number>>, n: number, keep: number): PostingsCut {
  const df = dataRecord<number>();
  let cut = false;
  for (const [t, rows] of postings) {
    const capped = rows.length >= POSTINGS_CAP;
    df[t] = capped ? (indexDf[t] ?? rows.length) : rows.length;
    if (capped) cut = true;
  }
  // One more than kept: whether the cut left a matching document out.
  const picked = preselect(postings, df, n, keep + 1);
  if (picked.length > keep) {
    picked.length = keep;
    cut = true;
  }
  return { picked, df, cut };
}

/** The capped terms of per-term postings (those whose count must come from the index). */
export function cappedTerms(postings: ReadonlyMap<string, readonly number[]>): string[] {
  // A loop of pushes, not filter + map: one elements kind in every tier (core/packed.ts; `capped.length` deoptimized lexicalCandidates).
  const out: string[] = [];
  for (const [t, rows] of postings) if (rows.length >= POSTINGS_CAP) out.push(t);
  return out;
}

/**
 * Keeps the documents whose stored terms contain at least one query term exactly (the index
 * may over-match: FTS5's tokenizer folds case, a tsquery may match prefixes) and, when more
 * than `limit` remain, the `limit` best by BM25 over the matched set (ties: input order).
 */
export function selectCandidates(docs: readonly LexicalDoc[], terms: readonly string[], limit: number, opts: { ranked?: boolean } = {}): LexicalDoc[] {
  // Docs the index returned in its own relevance order for terms its tokenizer keeps whole
  // (lower-case letters, digits, '_', non-ASCII) cannot over-match: the cut is the first `limit`.
  if (opts.ranked && terms.every(isWholeToken)) return docs.slice(0, Math.max(0, limit));
  const wanted = new Set(terms);
  const matched: Array<{ doc: LexicalDoc; tf: Map<string, number>; i: number }> = [];
  docs.forEach((doc, i) => {
    const tf = new Map<string, number>();
    for (const t of doc.terms.split(' ')) if (wanted.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
    if (tf.size > 0) matched.push({ doc, tf, i });
  });
  if (limit <= 0) return [];
  if (matched.length <= limit) return mapPacked(matched, (m) => m.doc);
  const n = matched.length;
  const df = new Map<string, number>();
  let total = 0;
  for (const m of matched) {
    total += m.doc.termCount;
    for (const t of m.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const avgdl = total / n || 1;
  const scored = mapPacked(matched, (m) => {
    let s = 0;
    for (const [t, f] of m.tf) {
      const d = df.get(t) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      s += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * m.doc.termCount) / avgdl));
    }
    return { ...m, s };
  });
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return mapPacked(scored.slice(0, limit), (m) => m.doc);
}

/**
 * Each key with the bounds of its `key_` family as a half-open code-point range: keys starting
 * with 'like_' are exactly those in ['like_', 'like`') ('`' follows '_'). Index-friendly, no LIKE.
 */
export function keyFamilyRanges(keys: readonly string[]): Array<{ key: string; from: string; to: string }> {
  return mapPacked([...new Set(keys)].filter((k) => k !== ''), (key) => ({ key, from: `${key}_`, to: `${key}\``}));
}

/** Turn places as distinct [session, seq] pairs (whole seqs only), for a turnsAt read. */
export function distinctPlaces(places: readonly TurnPlace[]): Array<[string, number]> {
  const seen = new Set<string>();
  const out: Array<[string, number]> = [];
  for (const p of places) {
    if (!Number.isInteger(p.seq)) continue;
    const k = `${p.sessionId}\u0000${p.seq}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push([p.sessionId, p.seq]);
  }
  return out;
}

/** The end of a history row: when it stopped holding, else when it was last written. */
export const historyEnd = (m: { validTo: string | null; updatedAt: string }): string => m.validTo ?? m.updatedAt;

/** (subject, key) slots as distinct [subject, key] pairs in code-point order, for a per-slot read. */
export function distinctSlots(slots: readonly MemorySlot[]): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const { subject, key } of [...slots].sort((a, b) => byCodePoint(a.subject, b.subject) || byCodePoint(a.key, b.key))) {
    const k = `${subject}\u0000${key}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push([subject, key]);
  }
  return out;
}

/** True for a term both full-text tokenizers index as one token, exactly as written. */
export function isWholeToken(t: string): boolean {
  return /^[a-z0-9_\u0080-\u{10FFFF}]+$/u.test(t);
}

/** An FTS5 MATCH expression where every term is a quoted string literal (queries are data). */
export function fts5Query(terms: readonly string[]): string {
  return mapPacked(terms, (t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** A tsquery literal OR-ing each term as a quoted lexeme (input syntax, no parser involved). */
export function tsqueryLiteral(terms: readonly string[]): string {
  return mapPacked(terms, (t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/** Cosine similarity; 0 when either vector is all zeros or the lengths differ. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / (Math.sqrt(na) * Math.sqrt(nb));
}

/** Code-point order (how SQLite's BINARY and PostgreSQL's `COLLATE "C"` sort): the core's one definition. */
export { byCodePoint };
