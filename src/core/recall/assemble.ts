/**
 * @module core/recall/assemble
 * Packs ranked lines into the prompt-ready context under a token budget. Lines arrive in
 * priority order and are taken whole or not at all; the chosen lines are then rendered in
 * reading order: `## Known facts about this user`, `## People they know`, and `## Relevant from
 * past conversations` grouped under date headers in chronological order. One citation per line.
 * The final string is counted with the real tokenizer and trimmed (lowest priority first) until
 * it fits, so the context never exceeds `maxTokens`. Pure.
 */
import type { Citation } from '../types.ts';
import { countTokens } from '../text/tokens.ts';

export type SectionName = 'facts' | 'people' | 'episodes';

export const SECTION_TITLES: Record<SectionName, string> = {
  facts: '## Known facts about this user',
  people: '## People they know',
  episodes: '## Relevant from past conversations',
};
const SECTION_ORDER: SectionName[] = ['facts', 'people', 'episodes'];
const SECTION_COST: Record<SectionName, number> = {
  facts: countTokens(SECTION_TITLES.facts) + 1,
  people: countTokens(SECTION_TITLES.people) + 1,
  episodes: countTokens(SECTION_TITLES.episodes) + 1,
};

export interface ContextLine {
  /** Unique per line (`turn:<id>`, `memory:<id>`). */
  key: string;
  section: SectionName;
  /** Date header for episode lines ("8 May 2023"); null for facts. */
  group: string | null;
  /** Sort key of lines (and of their groups) in reading order, e.g. the turn timestamp. */
  order: string;
  text: string;
  citation: Citation;
  /** Skip this line when the line with this key is already in (a memory restating its source turn). */
  redundantWith?: string;
  /** Token count of `text` when the caller already knows it. */
  tokens?: number;
  /** Stable user facts: their total is capped so they never crowd out the query's evidence. */
  capped?: boolean;
}

/** Consecutive lines that did not fit before packing stops (the budget is practically full). */
const MAX_MISSES = 25;

export interface Assembled {
  context: string;
  citations: Citation[];
  tokens: number;
  keys: string[];
}

function render(lines: ContextLine[]): string {
  const out: string[] = [];
  for (const s of SECTION_ORDER) {
    const ls = lines.filter((l) => l.section === s).sort((a, b) => a.order.localeCompare(b.order) || a.key.localeCompare(b.key));
    if (ls.length === 0) continue;
    out.push(SECTION_TITLES[s]);
    let group: string | null = null;
    for (const l of ls) {
      if (l.group !== null && l.group !== group) {
        out.push(`[${l.group}]`);
        group = l.group;
      }
      out.push(l.text);
    }
  }
  return out.join('\n');
}

/**
 * Takes `lines` in priority order while they fit (estimated per line, then verified on the final
 * string). `cappedShare` bounds the share of the budget that capped lines may use.
 */
export function assemble(lines: Iterable<ContextLine>, maxTokens: number, cappedShare = 0.15): Assembled {
  const chosen: ContextLine[] = [];
  const seen = new Set<string>();
  const sections = new Set<SectionName>();
  const groups = new Set<string>();
  let used = 0;
  let cappedUsed = 0;
  const cappedMax = Math.floor(maxTokens * cappedShare);
  let misses = 0;
  for (const l of lines) {
    if (seen.has(l.key) || (l.redundantWith && seen.has(l.redundantWith))) continue;
    const lineCost = (l.tokens ?? countTokens(l.text)) + 1;
    let cost = lineCost;
    if (!sections.has(l.section)) cost += SECTION_COST[l.section];
    if (l.group !== null && !groups.has(l.group)) cost += countTokens(`[${l.group}]`) + 1;
    if (used + cost > maxTokens) {
      if (++misses >= MAX_MISSES) break;
      continue;
    }
    if (l.capped && cappedUsed + lineCost > cappedMax) continue;
    misses = 0;
    chosen.push(l);
    seen.add(l.key);
    sections.add(l.section);
    if (l.group !== null) groups.add(l.group);
    used += cost;
    if (l.capped) cappedUsed += lineCost;
    if (maxTokens - used < 8) break;
  }
  let context = render(chosen);
  let tokens = countTokens(context);
  while (tokens > maxTokens && chosen.length > 0) {
    chosen.pop();
    context = render(chosen);
    tokens = countTokens(context);
  }
  return { context, citations: chosen.map((l) => l.citation), tokens, keys: chosen.map((l) => l.key) };
}
