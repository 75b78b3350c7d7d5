/**
 * @module bench/lib/locomo-data
 * Reads the LoCoMo split and turns it into ingestible turns and scored questions: walks sessions
 * in numeric order, parses "1:56 pm on 8 May, 2023" session dates, appends image captions, and
 * repairs the documented evidence-id defects ("D8:6; D9:17", "D:11:26", "D30:05", bare "D").
 */
import { readFileSync } from 'node:fs';

export interface LocomoTurn {
  diaId: string;
  sessionId: string;
  speaker: string;
  text: string;
  /** ISO timestamp: session date + i seconds. */
  timestamp: string;
}

export interface LocomoQuestion {
  question: string;
  answer: string | null;
  category: number;
  evidence: string[];
}

export interface LocomoConversation {
  sampleId: string;
  speakers: [string, string];
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → Date (UTC, the dataset has no time zone). */
export function parseLocomoDate(s: string): Date | null {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) return null;
  let hour = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') hour += 12;
  const month = MONTHS.indexOf(m[5].toLowerCase());
  if (month < 0) return null;
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/** Splits and repairs raw evidence ids; drops ids that name no turn. */
export function normaliseEvidence(raw: string[], known: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const r of raw) {
    for (const part of String(r).split(/[;,\s]+/)) {
      const m = /^D:?(\d+):0*(\d+)$/.exec(part.trim());
      if (!m) continue;
      const id = `D${Number(m[1])}:${Number(m[2])}`;
      if (known.has(id)) out.add(id);
    }
  }
  return [...out];
}

type RawTurn = { speaker: string; dia_id: string; text: string; blip_caption?: string };

export function loadLocomo(path: string): LocomoConversation[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: Array<{ question: string; answer?: unknown; category: number; evidence: string[] }>;
  }>;
  return raw.map((c) => {
    const conv = c.conversation;
    const sessions = Object.keys(conv)
      .map((k) => /^session_(\d+)$/.exec(k))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const turns: LocomoTurn[] = [];
    for (const n of sessions) {
      const list = conv[`session_${n}`] as RawTurn[];
      if (!Array.isArray(list) || list.length === 0) continue;
      const date = parseLocomoDate(String(conv[`session_${n}_date_time`] ?? ''));
      if (!date) throw new Error(`${c.sample_id}: unparsable date for session_${n}`);
      list.forEach((t, i) => {
        const text = t.blip_caption ? `${t.text} [image: ${t.blip_caption}]` : t.text;
        turns.push({ diaId: t.dia_id, sessionId: `session_${n}`, speaker: t.speaker, text, timestamp: new Date(date.getTime() + i * 1000).toISOString() });
      });
    }
    const known = new Set(turns.map((t) => t.diaId));
    const questions = c.qa.map((q) => ({
      question: q.question,
      answer: q.answer === undefined || q.answer === null ? null : String(q.answer),
      category: q.category,
      evidence: normaliseEvidence(q.evidence ?? [], known),
    }));
    return { sampleId: c.sample_id, speakers: [String(conv.speaker_a), String(conv.speaker_b)], turns, questions };
  });
}

/** Lower-case, no punctuation, no articles, single spaces: the containment normal form. */
export function normaliseAnswer(s: string): string {
  return ` ${s
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(a|an|the|and)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

export function containsAnswer(context: string, answer: string): boolean {
  const a = normaliseAnswer(answer);
  if (a.trim() === '') return false;
  return normaliseAnswer(context).includes(a);
}
