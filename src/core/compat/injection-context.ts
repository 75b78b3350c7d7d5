/**
 * @module core/compat/injection-context
 * The platform injection block: `## User Memory`, one `- [category] fact_key: fact_value` line
 * per fact ranked by confidence then recency, a closing instruction line, all within a
 * character budget (header and footer included, whole lines only). Pure.
 */
import type { PlatformFact } from './platform-facts.ts';

export const INJECTION_HEADER = '## User Memory';
export const INJECTION_FOOTER = 'Use these facts about the user to personalise your answers where relevant.';

export interface InjectionContext {
  text: string;
  /** Facts whose line made it into the text, in text order. */
  included: PlatformFact[];
}

/** Ranking: higher confidence first, then the most recently updated, then id for stability. */
export function rankFacts(facts: PlatformFact[]): PlatformFact[] {
  return [...facts].sort((a, b) => b.confidence - a.confidence || b.updated_at.localeCompare(a.updated_at) || a.fact_id.localeCompare(b.fact_id));
}

export function factLine(f: PlatformFact): string {
  return `- [${f.category}] ${f.fact_key}: ${f.fact_value.replace(/\s+/g, ' ').trim()}`;
}

/**
 * Greedy fill in rank order: a line that does not fit is skipped and lower-ranked, shorter lines
 * may still fit. Active facts only. No line fits → empty text.
 */
export function buildInjectionContext(facts: PlatformFact[], charBudget: number): InjectionContext {
  const frame = INJECTION_HEADER.length + 1 + INJECTION_FOOTER.length; // header\n…footer
  let used = frame;
  const lines: string[] = [];
  const included: PlatformFact[] = [];
  for (const f of rankFacts(facts.filter((x) => x.status === 'active'))) {
    const line = factLine(f);
    if (used + line.length + 1 > charBudget) continue;
    used += line.length + 1;
    lines.push(line);
    included.push(f);
  }
  if (included.length === 0) return { text: '', included: [] };
  return { text: `${INJECTION_HEADER}\n${lines.join('\n')}\n${INJECTION_FOOTER}`, included };
}
