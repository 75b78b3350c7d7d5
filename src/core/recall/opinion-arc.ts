/**
 * @module core/recall/opinion-arc
 * Opinion arcs: when the user spoke about the same topic in several sessions and the question
 * asks for their stance, the context gives the current stance first and the earlier ones after it
 * ("view of TypeScript — now (2 Oct 2024): "…fine for big projects…"; earlier: 18 Jun 2024 "…
 * generics are getting on my nerves…"; 4 Mar 2024 "I absolutely love TypeScript…""), quoting the
 * sentence of each turn that names the topic (most of its words). Pure.
 */
import type { TurnRecord } from '../types.ts';
import { analyze } from '../text/analyze.ts';
import { maskSecrets } from '../text/secrets.ts';
import { speakerOf } from '../render.ts';
import { formatDay, sentences } from './format.ts';
import { mapPacked } from '../packed.ts';

export const ARC = {
  /** Sessions that must mention the topic before an arc is drawn. */
  minSessions: 2,
  /** Earlier stances shown after the current one. */
  maxEarlier: 3,
  maxQuoteChars: 160,
};

export interface ArcStep {
  turn: TurnRecord;
  sentence: string;
}

/**
 * The holder's sentence naming the topic in each turn, oldest first (one step per session: its latest). The holder is
 * the user (messages of the user role) unless `holder` names a speaker (lower-case): then only that speaker's messages
 * are read — a stance is one person's, and in a conversation of named speakers every message has the user role.
 */
export function arcSteps(turns: readonly TurnRecord[], topic: ReadonlySet<string>, holder?: string): ArcStep[] {
  const bySession = new Map<string, ArcStep>();
  const sorted = [...turns].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.seq - b.seq);
  for (const t of sorted) {
    // A turn whose index terms hold no topic word has no sentence naming one (its terms are the analysis of its masked
    // messages): it is not split and analysed sentence by sentence.
    if (t.terms && !namesAny(t.terms, topic)) continue;
    for (const m of t.messages) {
      if (holder === undefined ? m.role !== 'user' : speakerOf(m).toLowerCase() !== holder) continue;
      // The sentence naming most of the topic's words (the first among equals): "EV bakkies are the future" over "an EV course".
      // Each sentence is analysed once (the best one's count is kept, not analysed again at every comparison).
      let s: string | undefined;
      let most = 0;
      for (const x of sentences(maskSecrets(m.content).replace(/\s+/g, ' ').trim())) {
        const n = namedCount(x, topic);
        if (n > most) {
          s = x;
          most = n;
        }
      }
      if (s) bySession.set(t.sessionId, { turn: t, sentence: s });
    }
  }
  return [...bySession.values()].sort((a, b) => a.turn.timestamp.localeCompare(b.turn.timestamp));
}

/** True when a space-separated term list holds one of the topic's words (searched in place: no list split per turn). */
export function namesAny(terms: string, topic: ReadonlySet<string>): boolean {
  for (const w of topic) {
    if (!w) continue;
    for (let at = terms.indexOf(w); at >= 0; at = terms.indexOf(w, at + 1)) {
      const end = at + w.length;
      if ((at === 0 || terms.charCodeAt(at - 1) === 32) && (end === terms.length || terms.charCodeAt(end) === 32)) return true;
    }
  }
  return false;
}

/** How many of the topic's words a sentence names. */
function namedCount(sentence: string, topic: ReadonlySet<string>): number {
  const seen = new Set<string>();
  for (const w of analyze(sentence)) if (topic.has(w)) seen.add(w);
  return seen.size;
}

const clip = (s: string) => (s.length > ARC.maxQuoteChars ? `${s.slice(0, ARC.maxQuoteChars - 1)}…` : s);

/** The arc line ("User's view of …", or the named holder's), or null when fewer than ARC.minSessions sessions spoke of the topic. */
export function arcLine(steps: readonly ArcStep[], topicLabel: string, holder = 'User'): string | null {
  if (steps.length < ARC.minSessions) return null;
  const now = steps[steps.length - 1]!;
  const earlier = steps.slice(0, -1).reverse().slice(0, ARC.maxEarlier);
  const prev = mapPacked(earlier, (s) => `${formatDay(s.turn.timestamp)} "${clip(s.sentence)}"`).join('; ');
  return `- ${holder}'s view of ${topicLabel} — now (${formatDay(now.turn.timestamp)}): "${clip(now.sentence)}"; earlier: ${prev}`;
}
