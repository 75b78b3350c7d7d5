/**
 * @module bench/extraction-score
 * Loads the labelled extraction corpus (fixtures/extraction-corpus.jsonl), runs the offline
 * extractor on every line and scores it. Matching rule: a predicted candidate matches an
 * expected memory when the subjects name the same one (`sameSubject`), the key is equal, the op is the expected one (`sameOp`, default assert), the value
 * matches (the expected `vp` regex, case-insensitive, or the expected value's words all appear
 * in the predicted value with at most 3 extra words), the event date starts with `d` when given,
 * the stance equals `stance` when given, and the confidence is ≤ 0.75 when `conf` is
 * "implicit". Each expected memory matches at most one prediction; unmatched predictions are
 * false positives (so every candidate from a hard negative counts against precision).
 * Split: a stable hash of the line id puts ~30% of lines in the held-out set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { MemoryCandidate, Message, TurnRecord } from '../src/core/types.ts';
import { extractOffline } from '../src/core/extraction/offline-extractor.ts';
import type { Lexicon } from '../src/core/ports.ts';
import { openLexicon } from '../src/providers/lexicon/create-lexicon.ts';

let lexicon: Lexicon | undefined;
/** The lexicon the service would use (WordNet unless MEMORY_LEXICON=off), opened once: the frames read it. */
export function evalLexicon(): Lexicon {
  lexicon ??= openLexicon({ MEMORY_LEXICON: process.env.MEMORY_LEXICON === 'off' ? 'off' : 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE }).lexicon;
  return lexicon;
}

export interface Expected {
  s: string;
  k: string;
  v?: string;
  vp?: string;
  op?: string;
  d?: string;
  stance?: string;
  conf?: 'implicit';
}

export interface CorpusLine {
  id: string;
  cat: string;
  text?: string;
  msgs?: Message[];
  speaker?: string;
  prev?: Message[];
  ts?: string;
  expect: Expected[];
}

export const DEFAULT_TS = '2024-05-08T15:00:00.000Z';

export function loadCorpus(path: URL | string = new URL('../fixtures/extraction-corpus.jsonl', import.meta.url)): CorpusLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusLine);
}

/**
 * Blind rounds kept unread: their lines are never printed by `--verbose` of the whole eval (only their summary rows), so
 * nobody reads them by accident, before their first score or while they serve as a later transfer check. Scoring one
 * with `--file=` prints it as asked. r63–r65 are unread (the transfer check); r78 (session 22), r79 (session 23) and
 * r80–r82 (session 24) are development rounds, r83 unread (fixtures/extraction-blind-r78-r80.md, -r81-r83.md); r84–r86
 * and r87–r89 are unread
 * (fixtures/extraction-blind-r84-r86.md, -r87-r89.md); r75–r77 were unread until their first two scores
 * (fixtures/extraction-blind-r75-r77.md); r66–r71 are read rounds after their first
 * scores (fixtures/extraction-blind-r66-r68.md, -r69-r71.md).
 */
export const UNSCORED_ROUNDS: ReadonlySet<string> = new Set<string>(['r63', 'r64', 'r65', 'r83', 'r84', 'r85', 'r86', 'r87', 'r88', 'r89']);

/** Blind rounds stored as their own files: `fixtures/extraction-blind-<name>.jsonl`, sorted by name. */
export function blindFiles(): { name: string; url: URL }[] {
  const dir = new URL('../fixtures/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => /^extraction-blind-.+\.jsonl$/.test(f))
    .sort()
    .map((f) => ({ name: f.slice('extraction-blind-'.length, -'.jsonl'.length), url: new URL(f, dir) }));
}

/** FNV-1a of the id; 3 of 10 buckets are held out. */
export function splitOf(id: string): 'dev' | 'heldout' {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 10 < 3 ? 'heldout' : 'dev';
}

export function runLine(line: CorpusLine): MemoryCandidate[] {
  const ts = line.ts ?? DEFAULT_TS;
  const messages: Message[] = line.msgs ?? [{ role: 'user', content: line.text ?? '', name: line.speaker ?? null }];
  const recentTurns: TurnRecord[] = line.prev
    ? [
        {
          id: 'prev',
          scope: 'u:eval',
          sessionId: 'eval',
          userId: 'eval',
          agentId: null,
          seq: 1,
          timestamp: new Date(new Date(ts).getTime() - 60_000).toISOString(),
          messages: line.prev,
          text: '',
          terms: '',
          termCount: 0,
          metadata: {},
          createdAt: ts,
        },
      ]
    : [];
  return extractOffline(messages, { timestamp: ts, sessionId: 'eval', recentTurns }, true, undefined, evalLexicon());
}

const words = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Two subject labels name the same one when equal, or when one is the other preceded by words:
 * the extractor names a third party relation + name ("flatmate yetunde") where an annotator may
 * write the bare name ("yetunde"), or the reverse. "user" only ever matches "user".
 */
export function sameSubject(predicted: string, expected: string): boolean {
  const p = predicted.toLowerCase().trim();
  const e = expected.toLowerCase().trim();
  if (p === e) return true;
  if (p === 'user' || e === 'user') return false;
  return p.endsWith(` ${e}`) || e.endsWith(` ${p}`);
}

/**
 * A predicted op satisfies the expected one when equal, or when an assert is expected and the
 * prediction is a correction: a correction stores its value as the active fact (reconcile inserts
 * it and supersedes the value it replaces), so the fact the annotator expects holds.
 */
export function sameOp(predicted: string, expected = 'assert'): boolean {
  return predicted === expected || (expected === 'assert' && predicted === 'correct');
}

export function matches(p: MemoryCandidate, e: Expected): boolean {
  if (!sameSubject(p.subject, e.s) || p.key !== e.k || !sameOp(p.op, e.op)) return false;
  let valueOk = false;
  if (e.vp && new RegExp(e.vp, 'i').test(p.value)) valueOk = true;
  if (!valueOk && e.v !== undefined) {
    const pw = words(p.value);
    const ew = words(e.v);
    valueOk = ew.every((w) => pw.includes(w)) && pw.length <= ew.length + 3;
  }
  if (!valueOk) return false;
  if (e.d && !(p.eventDate ?? '').startsWith(e.d)) return false;
  if (e.stance && p.metadata?.stance !== e.stance) return false;
  if (e.conf === 'implicit' && p.confidence > 0.75) return false;
  return true;
}

export interface Score {
  tp: number;
  fp: number;
  fn: number;
}

export interface LineResult {
  line: CorpusLine;
  predicted: MemoryCandidate[];
  missed: Expected[];
  extra: MemoryCandidate[];
  score: Score;
}

export function scoreLine(line: CorpusLine, predicted = runLine(line)): LineResult {
  const used = new Set<number>();
  const missed: Expected[] = [];
  for (const e of line.expect) {
    const i = predicted.findIndex((p, idx) => !used.has(idx) && matches(p, e));
    if (i >= 0) used.add(i);
    else missed.push(e);
  }
  const extra = predicted.filter((_, i) => !used.has(i));
  return { line, predicted, missed, extra, score: { tp: used.size, fp: extra.length, fn: missed.length } };
}

export const prf = (s: Score) => {
  const p = s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp);
  const r = s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn);
  return { precision: p, recall: r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
};

export function aggregate(results: LineResult[]): { overall: Score; byCat: Map<string, Score> } {
  const overall: Score = { tp: 0, fp: 0, fn: 0 };
  const byCat = new Map<string, Score>();
  for (const r of results) {
    const c = byCat.get(r.line.cat) ?? { tp: 0, fp: 0, fn: 0 };
    for (const k of ['tp', 'fp', 'fn'] as const) {
      c[k] += r.score[k];
      overall[k] += r.score[k];
    }
    byCat.set(r.line.cat, c);
  }
  return { overall, byCat };
}
