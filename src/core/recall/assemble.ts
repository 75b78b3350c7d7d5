/**
 * @module core/recall/assemble
 * Packs ranked lines into the prompt-ready context under a token budget. Lines arrive in
 * priority order and are taken whole or not at all; the chosen lines are then rendered in
 * reading order: `## Known facts about this user`, `## People they know`, `## Relevant from
 * past conversations` grouped under date headers in chronological order, and `## Recent in this
 * conversation` (the current session's latest turns, dated). One citation per line. Capped lines
 * (stable facts, recent turns) are bounded by their share of the budget while the evidence is
 * packed; when every line has been offered and budget is left, the capped lines skipped for
 * their cap get it (budget is not left unused).
 * The final string is counted with the real tokenizer and trimmed (lowest priority first) until
 * it fits, so the context never exceeds `maxTokens`. Pure.
 */
import type { Citation } from '../types.ts';
import { countTokens } from '../text/tokens.ts';
import { mapPacked } from '../packed.ts';

export type SectionName = 'facts' | 'people' | 'episodes' | 'recent';

export const SECTION_TITLES: Record<SectionName, string> = {
  facts: '## Known facts about this user',
  people: '## People they know',
  episodes: '## Relevant from past conversations',
  recent: '## Recent in this conversation',
};
const SECTION_ORDER: SectionName[] = ['facts', 'people', 'episodes', 'recent'];
const SECTION_COST: Record<SectionName, number> = {
  facts: countTokens(SECTION_TITLES.facts) + 1,
  people: countTokens(SECTION_TITLES.people) + 1,
  episodes: countTokens(SECTION_TITLES.episodes) + 1,
  recent: countTokens(SECTION_TITLES.recent) + 1,
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
  /** A named budget share (`shares[share]` of maxTokens) bounding this line's group, e.g. recent turns. */
  share?: string;
}

/** Consecutive lines that did not fit before packing stops (the budget is practically full). */
const MAX_MISSES = 25;

export interface Assembled {
  context: string;
  citations: Citation[];
  tokens: number;
  keys: string[];
}

/** Assembly tunables (measured with bench/locomo-sweep.ts, see docs/recall-meaning.md). */
export const ASSEMBLY = {
  /**
   * A date header repeats its year only when it differs from the header above it in the section
   * ("[8 May 2023]" … "[12 Jul]"; 1 = on). Groups are in chronological order, so each year is
   * written once per section.
   */
  yearOnce: 1,
};

/**
 * Token counts of date headers ("[8 May 2023]", "[12 Jul]"), memoised: a header is priced for every line of a group not
 * yet in (about twenty a recall), and the same days recur. Bounded (HEADER_MEMO_MAX headers, dropped when full); a
 * pure function's memo, so the packing is the same with it or without it.
 */
const HEADER_MEMO_MAX = 4096;
const headerTokens = new Map<string, number>();
function headerCost(h: string): number {
  let n = headerTokens.get(h);
  if (n === undefined) {
    n = countTokens(h);
    if (h.length <= 64) {
      if (headerTokens.size >= HEADER_MEMO_MAX) headerTokens.clear();
      headerTokens.set(h, n);
    }
  }
  return n;
}

/** "8 May 2023" → ["8 May", "2023"]; a group that does not end in a year → [group, null]. */
function splitYear(group: string): [string, string | null] {
  const m = /^(.+) (\d{4})$/.exec(group);
  return m ? [m[1], m[2]] : [group, null];
}

/** The header of `group` under a header of `prevYear` (null: the first of its section). */
function header(group: string, prevYear: string | null): string {
  const [day, year] = splitYear(group);
  return ASSEMBLY.yearOnce === 1 && year !== null && year === prevYear ? `[${day}]` : `[${group}]`;
}

function render(lines: ContextLine[]): string {
  const out: string[] = [];
  for (const s of SECTION_ORDER) {
    const ls = lines.filter((l) => l.section === s).sort((a, b) => a.order.localeCompare(b.order) || a.key.localeCompare(b.key));
    if (ls.length === 0) continue;
    out.push(SECTION_TITLES[s]);
    let group: string | null = null;
    let year: string | null = null;
    for (const l of ls) {
      if (l.group !== null && l.group !== group) {
        out.push(header(l.group, year));
        group = l.group;
        year = splitYear(l.group)[1];
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
export function assemble(lines: Iterable<ContextLine>, maxTokens: number, cappedShare = 0.15, shares: Readonly<Record<string, number>> = {}): Assembled {
  const chosen: ContextLine[] = [];
  const seen = new Set<string>();
  const sections = new Set<SectionName>();
  const groups = new Set<string>();
  const years = new Set<string>();
  let used = 0;
  const shareUsed = new Map<string, number>();
  const shareMax = (name: string) => Math.floor(maxTokens * (name === '' ? cappedShare : (shares[name] ?? 1)));
  const skippedForCap: ContextLine[] = [];
  let misses = 0;
  let full = false;
  // A line's token count made once (a line held back by its cap is offered again at the end; the lines' own counts,
  // when given, are used as they are).
  const lineTokens = new Map<ContextLine, number>();
  const tokensOf = (l: ContextLine): number => {
    if (l.tokens !== undefined) return l.tokens;
    let n = lineTokens.get(l);
    if (n === undefined) lineTokens.set(l, (n = countTokens(l.text)));
    return n;
  };
  /** 'fit' | 'over' (budget) | 'cap' (share) | 'skip' (duplicate). */
  const offer = (l: ContextLine, capped: boolean): 'fit' | 'over' | 'cap' | 'skip' => {
    if (seen.has(l.key) || (l.redundantWith && seen.has(l.redundantWith))) return 'skip';
    const lineCost = tokensOf(l) + 1;
    let cost = lineCost;
    if (!sections.has(l.section)) cost += SECTION_COST[l.section];
    // With one year per section written, the first group of a year in a section pays for it
    // (chronological order makes each year one run of headers).
    if (l.group !== null && !groups.has(l.group)) {
      const year = splitYear(l.group)[1];
      const yearKey = `${l.section}\u0000${year}`;
      cost += headerCost(header(l.group, year !== null && years.has(yearKey) ? year : null)) + 1;
    }
    if (used + cost > maxTokens) return 'over';
    const share = l.capped ? '' : l.share;
    if (capped && share !== undefined && (shareUsed.get(share) ?? 0) + lineCost > shareMax(share)) return 'cap';
    chosen.push(l);
    seen.add(l.key);
    sections.add(l.section);
    if (l.group !== null) {
      groups.add(l.group);
      years.add(`${l.section}\u0000${splitYear(l.group)[1]}`);
    }
    used += cost;
    if (share !== undefined) shareUsed.set(share, (shareUsed.get(share) ?? 0) + lineCost);
    return 'fit';
  };
  for (const l of lines) {
    const r = offer(l, true);
    if (r === 'over') {
      if (++misses >= MAX_MISSES) {
        full = true;
        break;
      }
      continue;
    }
    if (r === 'cap') skippedForCap.push(l);
    if (r !== 'fit') continue;
    misses = 0;
    if (maxTokens - used < 8) {
      full = true;
      break;
    }
  }
  // Every line was offered and budget is left: the lines held back by their cap may use it.
  if (!full) for (const l of skippedForCap) if (maxTokens - used >= 8) offer(l, false);
  let context = render(chosen);
  let tokens = countTokens(context);
  while (tokens > maxTokens && chosen.length > 0) {
    chosen.pop();
    context = render(chosen);
    tokens = countTokens(context);
  }
  return { context, citations: mapPacked(chosen, (l) => l.citation), tokens, keys: mapPacked(chosen, (l) => l.key) };
}
