/**
 * @module web/model
 * The inspector's view logic, pure and tested without a browser: memories grouped into
 * supersession chains per key (the timeline), turns grouped by session, and each line of a
 * recall context attributed to the citations and search hits (with their rankers) behind it.
 */
import type { Citation, Memory, SearchResult, Turn } from '../client/index.ts';

// ------------------------------------------------------------------------------- chains

export interface Chain {
  subject: string;
  key: string;
  /** Oldest first: each entry superseded the one before it (or, unlinked, began later). */
  entries: Memory[];
  /** The value that holds now, if any. */
  current: Memory | null;
}

const startOf = (m: Memory) => m.valid_from ?? m.created_at;

/** One chain per (subject, key): links by supersedes/superseded_by, then by start time. */
export function chainsOf(memories: readonly Memory[]): Chain[] {
  const groups = new Map<string, Memory[]>();
  for (const m of memories) {
    const k = `${m.subject}\u0000${m.key}`;
    groups.set(k, [...(groups.get(k) ?? []), m]);
  }
  const chains: Chain[] = [];
  for (const group of groups.values()) {
    const byId = new Map(group.map((m) => [m.id, m]));
    const ordered: Memory[] = [];
    const seen = new Set<string>();
    // Roots: rows that supersede nothing in this group, oldest first; follow each link forward.
    const roots = group.filter((m) => m.supersedes === null || !byId.has(m.supersedes)).sort((a, b) => startOf(a).localeCompare(startOf(b)) || a.created_at.localeCompare(b.created_at));
    for (const root of roots) {
      for (let m: Memory | undefined = root; m && !seen.has(m.id); m = m.superseded_by ? byId.get(m.superseded_by) : undefined) {
        seen.add(m.id);
        ordered.push(m);
      }
    }
    for (const m of group) if (!seen.has(m.id)) ordered.push(m); // a cycle: keep every row visible
    const current = [...ordered].reverse().find((m) => m.active) ?? null;
    chains.push({ subject: group[0].subject, key: group[0].key, entries: ordered, current });
  }
  // Chains with history first (that is what the timeline is for), then by key.
  return chains.sort((a, b) => Number(b.entries.length > 1) - Number(a.entries.length > 1) || a.subject.localeCompare(b.subject) || a.key.localeCompare(b.key));
}

/** "1 May 2024 → 1 Jun 2024", "since 1 Jun 2024", "" when nothing is known. */
export function validity(m: Pick<Memory, 'valid_from' | 'valid_to'>): string {
  const from = m.valid_from ? day(m.valid_from) : null;
  const to = m.valid_to ? day(m.valid_to) : null;
  if (from && to) return `${from} → ${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;
  return '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function day(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : iso;
}

// ------------------------------------------------------------------------------- sessions

export interface SessionTurns {
  sessionId: string;
  turns: Turn[];
  first: string;
  last: string;
}

/** Turns by session, sessions in order of their first turn, turns by position. */
export function sessionsOf(turns: readonly Turn[]): SessionTurns[] {
  const groups = new Map<string, Turn[]>();
  for (const t of turns) groups.set(t.session_id, [...(groups.get(t.session_id) ?? []), t]);
  return [...groups.entries()]
    .map(([sessionId, ts]) => {
      const sorted = [...ts].sort((a, b) => a.seq - b.seq);
      const times = sorted.map((t) => t.timestamp).sort();
      return { sessionId, turns: sorted, first: times[0], last: times[times.length - 1] };
    })
    .sort((a, b) => a.first.localeCompare(b.first) || a.sessionId.localeCompare(b.sessionId));
}

// ------------------------------------------------------------------------------- recall lines

export interface ContextLine {
  text: string;
  /** `heading`: a section title or a date header; `line`: a memory or a conversation line. */
  kind: 'heading' | 'line';
  citations: Citation[];
  /** Search hits (same query) that match the line. */
  hits: SearchResult[];
  /** Ranker names of those hits, deduplicated (bm25_memory, key_memory, vector_turn, rerank…). */
  signals: string[];
}

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const flat = (s: string): string => words(s).join(' ');

/** Share of `part`'s words found in `whole` (0 when `part` has none). */
export function coverage(part: string, whole: string): number {
  const p = words(part);
  if (p.length === 0) return 0;
  const w = new Set(words(whole));
  return p.filter((x) => w.has(x)).length / p.length;
}

/** Enough of one text's words in the other to say they are the same statement. */
const MATCH = 0.6;

/** Does a search hit stand behind this context line? */
export function hitMatches(hit: SearchResult, line: string): boolean {
  if (hit.kind === 'memory') {
    // Memory hits read "key: value" (or "subject · key: value"); the line shows "Subject · key: value (…)".
    const tail = hit.content.includes(' · ') ? hit.content.slice(hit.content.indexOf(' · ') + 3) : hit.content;
    return flat(line).includes(flat(tail));
  }
  return coverage(line.replace(/^[^:]{1,40}:\s/, ''), hit.content) >= MATCH;
}

export function citationMatches(c: Citation, line: string): boolean {
  return coverage(c.snippet, line) >= MATCH || coverage(line, c.snippet) >= MATCH;
}

const HEADING = /^(#{1,6}\s|\[[^\]]+\]$)/;

export function attributeLines(context: string, citations: readonly Citation[], hits: readonly SearchResult[]): ContextLine[] {
  return context
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((text) => {
      if (HEADING.test(text.trim())) return { text, kind: 'heading' as const, citations: [], hits: [], signals: [] };
      // "- …" lines are memories, the others conversation lines: each is matched to hits of its kind.
      const kind = /^\s*-\s/.test(text) ? 'memory' : 'turn';
      const body = text.replace(/^\s*-\s+/, '');
      const lineHits = hits.filter((h) => h.kind === kind && hitMatches(h, body));
      const hitTurns = new Set(lineHits.filter((h) => h.kind === 'memory').map((h) => h.turn_id));
      // A citation whose snippet is this line; else, for a memory line, the turn its memory came from.
      const direct = citations.filter((c) => citationMatches(c, body));
      const value = body.slice(body.indexOf(': ') + 2);
      const cites = direct.length > 0 ? direct : bestPerTurn(citations.filter((c) => hitTurns.has(c.turn_id)), value);
      const unique = [...new Map(cites.map((c) => [`${c.turn_id}\u0000${c.snippet}`, c])).values()];
      const signals = [...new Set(lineHits.flatMap((h) => (h.rankers ?? []).map((r) => r.ranker)))];
      return { text, kind: 'line' as const, citations: unique, hits: lineHits, signals };
    });
}

/** Per turn, the snippet that shares most of `value`'s words (the first on a tie). */
function bestPerTurn(citations: readonly Citation[], value: string): Citation[] {
  const best = new Map<string, { c: Citation; share: number }>();
  for (const c of citations) {
    const share = coverage(value, c.snippet);
    const prev = best.get(c.turn_id);
    if (!prev || share > prev.share) best.set(c.turn_id, { c, share });
  }
  return [...best.values()].map((b) => b.c);
}
