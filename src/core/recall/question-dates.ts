/**
 * @module core/recall/question-dates
 * The calendar span a recall question names, as a half-open ISO day range [from, to): a day
 * ("on 25 May, 2022", "December 1,2023"), a month ("in July 2022"), a year ("in 2021"), a range
 * ("between August 11 and August 15 2023", "from 3 to 7 July 2023"), and a part of a month or
 * year ("the second week of November 2023", "the week of May 8, 2023", "early June 2023", "the
 * first half of 2023"). chrono-node finds and resolves the dates; our rules only join two dates
 * into a range ("between X and Y") and narrow a span by the part named before it (a table).
 * Only absolute dates count: the year must be stated (or taken from the range's other end),
 * since a question has no "now" to resolve "last week" against. Pure.
 */
import * as chrono from 'chrono-node';
import { mapPacked } from '../packed.ts';

export interface QuestionDate {
  range: { from: string; to: string };
  /** The words that spelled the date ("second", "week", "November", "2023"): not searched as text. */
  words: string[];
}

const DAY_MS = 86_400_000;
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysIn = (r: { from: string; to: string }) => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS);

type Grain = 'day' | 'month' | 'year';
interface Span {
  from: string;
  to: string;
  grain: Grain;
  /** Where the date's text starts and ends in the question. */
  start: number;
  end: number;
}

/** A chrono component as a span at its stated grain, the year given when chrono had to guess it. */
function componentSpan(c: chrono.ParsedComponents, year: number): { from: string; to: string; grain: Grain } {
  const m = c.get('month')! - 1;
  if (c.isCertain('day')) {
    const from = iso(year, m, c.get('day')!);
    return { from, to: addDays(from, 1), grain: 'day' };
  }
  return { from: iso(year, m, 1), to: iso(year, m + 1, 1), grain: 'month' };
}

/** What joins two dates into a range: "between X and Y", "from X to / until / through Y", "X – Y". */
const JOIN = /^\s*(?:and|to|until|till|through|thru|-|–|—)\s*$/i;
const RANGE_OPEN = /\b(?:between|from)\s*$/i;

const PART_OF = /^(?:the\s+)?(?:end|beginning|start|middle)\s+of\s/i;
const STATED_YEAR = /\b(?:19|20)\d{2}\b/;
const REFERENCE = { instant: new Date(Date.UTC(2000, 0, 1)), timezone: 'UTC' };

/**
 * chrono's results, where one that lost its date to a time of day ("the evening of 7 July, 2023"
 * reads as an evening) or that chrono narrowed to a day itself ("end of January 2024" reads as the
 * 31st) is read again from after its "of", so the part is narrowed by PARTS alone.
 */
function parse(q: string, offset = 0): chrono.ParsedResult[] {
  return chrono.parse(q, REFERENCE).flatMap((r) => {
    const of = /\bof\s+/i.exec(r.text);
    if (!of || (r.start.isCertain('month') && !PART_OF.test(r.text))) return [Object.assign(r, { index: r.index + offset })];
    const at = r.index + of.index + of[0].length;
    return parse(q.slice(at, r.index + r.text.length), offset + at);
  });
}

/** chrono's absolute dates in `q` (a year written), with "between X and Y" joined into one span. */
function chronoSpans(q: string): Span[] {
  // The reference only fills what the question leaves out; a date without a written year
  // ("yesterday", "Aug 15th") does not count. So a question with no year written anywhere has no
  // span, and chrono (a tenth of a warm recall's CPU) is not run on it.
  if (!STATED_YEAR.test(q)) return [];
  const rs = parse(q);
  const out: Span[] = [];
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    if (!r.start.isCertain('month')) continue;
    const next = rs[i + 1];
    const joined = !!next && next.start.isCertain('month') && RANGE_OPEN.test(q.slice(0, r.index)) && JOIN.test(q.slice(r.index + r.text.length, next.index));
    const lastYear = joined && STATED_YEAR.test(next.text) ? next.start.get('year')! : null;
    const year = STATED_YEAR.test(r.text) ? r.start.get('year')! : lastYear;
    if (year === null) continue;
    let first = componentSpan(r.start, year);
    let to = first.to;
    let end = r.index + r.text.length;
    // chrono's own range ("3 to 7 July 2023") ends on its end component.
    if (r.end?.isCertain('month') || r.end?.isCertain('day')) to = componentSpan(r.end, STATED_YEAR.test(r.text) ? r.end.get('year')! : year).to;
    // "the week before / two days after X": chrono gives the shifted day; the span runs between it and X.
    const shift = /\b(?:before|after)\s+/i.exec(r.text);
    const anchor = shift ? parse(r.text.slice(shift.index + shift[0].length)).find((a) => a.start.isCertain('month')) : undefined;
    if (anchor) {
      const at = componentSpan(anchor.start, year);
      first = { ...first, from: first.from < at.from ? first.from : at.from };
      to = to > at.to ? to : at.to;
    }
    if (joined) {
      to = componentSpan(next.start, lastYear ?? year).to;
      end = next.index + next.text.length;
      i++;
    }
    if (to <= first.from) continue;
    out.push({ from: first.from, to, grain: to === first.to ? first.grain : 'day', start: r.index, end });
  }
  return out;
}

/** A bare year ("in 2021", "of 2023"): chrono leaves these out. */
const YEAR = /\b(?:in|during|of|since)\s+((?:19|20)\d{2})\b/gi;

function yearSpans(q: string): Span[] {
  return mapPacked([...q.matchAll(YEAR)], (m) => {
    const y = Number(m[1]);
    const start = m.index! + m[0].length - 4;
    return { from: `${y}-01-01`, to: `${y + 1}-01-01`, grain: 'year' as const, start, end: start + 4 };
  });
}

/**
 * The parts of a span a question can name just before it, each as the fraction of the span it
 * covers; weeks are counted in days from the month's first ("the second week of November" = 8–14).
 */
const PARTS: { re: RegExp; grains: Grain[]; part: (s: Span, m: RegExpExecArray) => { from: string; to: string } }[] = [
  { re: /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+week\s+of\s+$/i, grains: ['month'], part: (s, m) => nthWeek(s, ORDINAL[m[1].toLowerCase()]) },
  { re: /\blast\s+week\s+of\s+$/i, grains: ['month'], part: (s) => ({ from: addDays(s.to, -7), to: s.to }) },
  { re: /\b(?:the\s+)?week\s+of\s+$/i, grains: ['day'], part: (s) => weekOf(s.from) },
  { re: /\b(?:the\s+)?weekend\s+of\s+$/i, grains: ['day'], part: (s) => ({ from: addDays(s.from, -1), to: addDays(s.from, 2) }) },
  { re: /\bfirst\s+half\s+of\s+$/i, grains: ['month', 'year'], part: (s) => fraction(s, 0, 1 / 2) },
  { re: /\bsecond\s+half\s+of\s+$/i, grains: ['month', 'year'], part: (s) => fraction(s, 1 / 2, 1) },
  { re: /\b(?:(?:beginning|start)\s+of|early(?:\s+in)?)\s+$/i, grains: ['month', 'year'], part: (s) => fraction(s, 0, 1 / 3) },
  { re: /\b(?:middle\s+of|mid-?(?:\s+|(?=$)))$/i, grains: ['month', 'year'], part: (s) => fraction(s, 1 / 3, 2 / 3) },
  { re: /\b(?:end\s+of|late(?:\s+in)?)\s+$/i, grains: ['month', 'year'], part: (s) => fraction(s, 2 / 3, 1) },
];
const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };

const nthWeek = (s: Span, n: number) => ({ from: addDays(s.from, 7 * (n - 1)), to: addDays(s.from, 7 * n) });
/** The Monday-to-Sunday week holding `day`. */
function weekOf(day: string) {
  const dow = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(day, -dow);
  return { from, to: addDays(from, 7) };
}
/** The part [a, b) of a span: in days for a month, in whole months for a year ("the first half of 2023" = January–June). */
function fraction(s: Span, a: number, b: number) {
  if (s.grain === 'year') {
    const y = Number(s.from.slice(0, 4));
    return { from: iso(y, Math.round(a * 12), 1), to: iso(y, Math.round(b * 12), 1) };
  }
  const n = daysIn(s);
  return { from: addDays(s.from, Math.round(a * n)), to: addDays(s.from, Math.round(b * n)) };
}

const wordsOf = (text: string) => text.match(/[\p{L}\d]+/gu) ?? [];

/** The date span a question names (the first one), or null: see the module comment. */
export function questionDate(q: string): QuestionDate | null {
  const spans = [...chronoSpans(q), ...yearSpans(q)].sort((a, b) => a.start - b.start);
  // A year inside a chrono date ("July 2022") is that date's.
  const span = spans.find((s) => !spans.some((o) => o !== s && o.grain !== 'year' && s.grain === 'year' && s.start >= o.start && s.end <= o.end));
  if (!span) return null;
  const before = q.slice(0, span.start);
  for (const p of PARTS) {
    const m = p.grains.includes(span.grain) ? p.re.exec(before) : null;
    if (m) return { range: p.part(span, m), words: wordsOf(m[0] + q.slice(span.start, span.end)) };
  }
  return { range: { from: span.from, to: span.to }, words: wordsOf(q.slice(span.start, span.end)) };
}
