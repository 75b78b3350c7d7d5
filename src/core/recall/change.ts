/**
 * @module core/recall/change
 * Assembly of change: when the question asks for a fact whose only value was retracted ("I'm not
 * vegetarian anymore"), the context states the change — the ended value, since when, and what the
 * user said when it ended ("no longer vegetarian (since 12 May 2025) — User: … I started eating
 * fish again") — instead of saying nothing. Superseded values already show as history on their
 * successor's line (format.memoryLine). A change is also found by what the question names: an ended
 * value whose words the question says ("a date night with Callum", "store my kayak") is stated whatever
 * the key the question asks for (namedChanges). Pure.
 */
import type { MemoryRecord, TurnRecord } from '../types.ts';
import { humanKey, speakerOf } from '../render.ts';
import { maskSecrets } from '../text/secrets.ts';
import { analyze } from '../text/analyze.ts';
import { formatDay, sentences, subjectLabel } from './format.ts';
import { mapPacked } from '../packed.ts';

/** How much of the ending turn's user message a change line quotes. */
export const CHANGE = { maxQuoteChars: 220 };

/**
 * The retracted values among `memories` for the asked keys: the latest ended value of each
 * (subject, key) that has no active value left. `about` limits the subjects (default: the user).
 */
export function retractedStates(memories: readonly MemoryRecord[], keys: readonly string[], about: (subject: string) => boolean = (s) => s === 'user'): MemoryRecord[] {
  const wanted = (k: string) => keys.some((q) => k === q || k.startsWith(`${q}_`));
  const groups = new Map<string, MemoryRecord[]>();
  for (const m of memories) {
    if (m.type === 'event' || m.status === 'deleted' || !about(m.subject) || !wanted(m.key)) continue;
    const g = `${m.subject}\u0000${m.key}`;
    groups.set(g, [...(groups.get(g) ?? []), m]);
  }
  const out: MemoryRecord[] = [];
  for (const ms of groups.values()) {
    if (ms.some((m) => m.active)) continue;
    const ended = ms.filter((m) => m.status === 'retracted').sort((a, b) => (b.validTo ?? '').localeCompare(a.validTo ?? ''));
    if (ended[0]) out.push(ended[0]);
  }
  return out;
}

/**
 * Keys whose values the user can give up, sell, leave or outgrow: an ended value of one of them that the question
 * names is the current state's answer ("no longer Callum", "no longer kayak").
 */
export const ENDABLE_KEYS = ['partner', 'relationship_status', 'pet', 'vehicle', 'hobby', 'employer', 'job_title', 'location', 'diet', 'allergy', 'health_condition', 'sport', 'instrument'];

/**
 * The retracted values among `rows` whose own words the question names (`named`: the question's own and name
 * terms, the speakers' names left out): the latest end of each (subject, key, value), when that value is not
 * active again. Unlike retractedStates, another active value of the key does not hide it: "no longer the kayak"
 * holds while a train is the current vehicle.
 */
export function namedChanges(rows: readonly MemoryRecord[], named: ReadonlySet<string>, about: (subject: string) => boolean = (s) => s === 'user'): MemoryRecord[] {
  if (named.size === 0) return [];
  const norm = (v: string) => analyze(v).join(' ');
  // The retracted values the question names first: the active values are analysed only for their slots
  // (a lookup reads dozens of active rows, e.g. activities, that no retracted value shares a slot with).
  const ended = rows.filter((m) => m.type !== 'event' && m.status === 'retracted' && about(m.subject) && analyze(m.value).some((t) => named.has(t)));
  if (ended.length === 0) return [];
  const slots = new Set(mapPacked(ended, (m) => `${m.subject}\u0000${m.key}`));
  const live = new Set(mapPacked(rows.filter((m) => m.active && about(m.subject) && slots.has(`${m.subject}\u0000${m.key}`)), (m) => `${m.subject}\u0000${m.key}\u0000${norm(m.value)}`));
  const latest = new Map<string, MemoryRecord>();
  for (const m of ended) {
    const g = `${m.subject}\u0000${m.key}\u0000${norm(m.value)}`;
    if (live.has(g)) continue;
    const seen = latest.get(g);
    if (!seen || (m.validTo ?? '') > (seen.validTo ?? '')) latest.set(g, m);
  }
  return [...latest.values()];
}

/** The turn that ended a value: recorded by reconciliation (`metadata.endedBy`), else the turn at its end time. */
export function endingTurn(m: MemoryRecord, byId: (id: string) => TurnRecord | undefined, turns: readonly TurnRecord[] = []): TurnRecord | undefined {
  const id = typeof m.metadata?.endedBy === 'string' ? m.metadata.endedBy : null;
  if (id) return byId(id);
  return m.validTo ? turns.find((t) => t.timestamp === m.validTo) : undefined;
}

function quote(t: TurnRecord): string {
  const own = t.messages.filter((x) => x.role === 'user');
  const m = own[0] ?? t.messages[0];
  if (!m) return '';
  let text = '';
  for (const s of sentences(maskSecrets(m.content).replace(/\s+/g, ' ').trim())) {
    if (text && text.length + s.length + 1 > CHANGE.maxQuoteChars) break;
    text = text ? `${text} ${s}` : s;
  }
  if (text.length > CHANGE.maxQuoteChars) text = `${text.slice(0, CHANGE.maxQuoteChars - 1)}…`;
  return `${speakerOf(m)}: ${text}`;
}

/** "- User · diet: no longer vegetarian (since 12 May 2025) — User: I'm not vegetarian anymore, …" */
export function changeLine(m: MemoryRecord, ending?: TurnRecord): string {
  const since = formatDay(m.validTo);
  let line = `- ${subjectLabel(m.subject)} · ${humanKey(m.key)}: no longer ${maskSecrets(m.value)}${since ? ` (since ${since})` : ''}`;
  if (ending) line += ` — ${quote(ending)}`;
  return line;
}

/**
 * The analysed terms of the names an ask is about as a third person: the subject of its do-support ("How does Florencia
 * earn…?", "where did Tomas study?") or the possessor ("Florencia's job"). An ended value naming them is that person,
 * not the user's changed state, when the ask is for one of their attributes (recall.ts changedStates). "Is Rex coming
 * along?" asks whether the user's state still holds: not read as a third person's attribute.
 */
export function askedAsSubject(raw: string, names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const e = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`\\b(?:does|did)\\s+${e}\\b|\\b${e}['’]s\\b`, 'i').test(raw)) for (const t of analyze(n)) out.add(t);
  }
  return out;
}
