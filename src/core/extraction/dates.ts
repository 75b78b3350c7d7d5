/**
 * @module core/extraction/dates
 * Date resolution for events: chrono-node finds and resolves expressions ("yesterday", "last
 * month", "next Tuesday", "June 3rd", "two weeks ago") against the turn timestamp; small rules
 * of ours cover what chrono leaves out ("in 2019", "on the 15th"). The result keeps the
 * precision that was actually stated: `2024-05-07`, `2024-04` or `2019`.
 */
import * as chrono from 'chrono-node';

export interface ResolvedDate {
  /** ISO date at the stated precision: YYYY-MM-DD, YYYY-MM or YYYY. */
  iso: string;
  precision: 'day' | 'month' | 'year';
  /** The expression as written ("last month"). */
  text: string;
  index: number;
  /** The day chrono resolved to, implied parts included (for "two years ago" the month is the turn's). */
  point?: string;
}

/**
 * The date as a validity bound: its stated precision, except that a relative count of years ("two years ago",
 * "a year ago") also fixes the month, so a move "two years ago" in February 2025 ends the old place in 2023-02.
 */
export function boundOf(d: ResolvedDate): string {
  return d.precision === 'year' && d.point && /\bago\b/i.test(d.text) ? d.point.slice(0, 7) : d.iso;
}

/** A clock reading with nothing that makes it a time of day ("2:05", "1:45:30"). */
const CLOCK_ONLY = /^\d{1,2}:\d{2}(?::\d{2})?$/;

const pad = (n: number) => String(n).padStart(2, '0');

function isoAt(d: Date, precision: ResolvedDate['precision']): string {
  const y = d.getUTCFullYear();
  if (precision === 'year') return String(y);
  if (precision === 'month') return `${y}-${pad(d.getUTCMonth() + 1)}`;
  return `${y}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Words chrono reads as dates that are not dates in conversation ("may", "march" as verbs are rare; "sun", "sat" too). */
const FALSE_DATES = /^(?:may|sat|sun|mar|now|second|a second|today i|this|the)$/i;

/**
 * Finds the first date expression in `text` and resolves it against `ref`.
 * `forward`: a bare weekday or month means the next one (plans), else the last one (past events).
 */
/** Cheap gate before chrono: no date word, no digit → no date expression. */
const DATE_HINT =
  /\d|\b(?:yesterday|today|tonight|tomorrow|ago|last|next|this|coming|week|weeks|weekend|month|months|year|years|day|days|morning|evening|afternoon|night|noon|midnight|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december|christmas|easter|new\s+year|thanksgiving|halloween|summer|winter|spring|autumn|fall)\b/i;

/** A spaced dash after a day word, before a count of units: chat's pause, which chrono would read as subtraction. */
const ARITHMETIC_DASH = /(?<=\b(?:today|tonight|tomorrow|yesterday|now))\s-\s(?=\d+\s*(?:years?|months?|weeks?|days?|hours?)\b)/gi;

export function resolveDate(text: string, ref: Date, forward: boolean): ResolvedDate | null {
  if (!DATE_HINT.test(text)) return null;
  // "paid it off today - 20 years and it's ours": a dash between spaces in chat is a pause, not chrono's "today minus 20
  // years" (the same length, so indices stay).
  const said = text.includes(' - ') ? text.replace(ARITHMETIC_DASH, ' ; ') : text;
  const results = chrono.parse(said, { instant: ref, timezone: 'UTC' }, { forwardDate: forward });
  // A bare time ("at 9am") names no day of its own: an ordinal day or a year in the text wins ("moved to the 17th at 9am").
  let timeOnly: ResolvedDate | null = null;
  for (const r of results) {
    // "in May", "since may", "early May": after a preposition of time, "may" is the month, not the modal.
    if (FALSE_DATES.test(r.text.trim()) && !(/^may$/i.test(r.text.trim()) && /\b(?:in|of|since|until|till|by|early|late|mid|next|last|this|from|before|after|through|end\s+of|start\s+of)\s+$/i.test(text.slice(0, r.index)))) continue;
    // "the night bus", "the morning shift", "an evening class": a part of the day before a noun modifies it.
    if (/^(?:night|morning|evening|afternoon)$/i.test(r.text.trim()) && /^\s+(?!(?:and|or|but|before|after|of|in|at|on|with|to|for|when|while|so|then|i|we|he|she|they)\b)[a-z]{3,}/i.test(text.slice(r.index + r.text.length))) continue;
    // "my last day at the council", "first week of the job": a day of something, not a day relative to now.
    if (/^(?:last|first)\s+(?:day|shift)$/i.test(r.text.trim()) && /^\s+(?:at|of|in|with|on\s+the)\b/i.test(text.slice(r.index + r.text.length))) continue;
    if (!timeOnly && r.start.isCertain('hour') && !r.start.isCertain('day') && !r.start.isCertain('weekday') && !r.start.isCertain('month') && !r.start.isCertain('year') && !/\b(?:today|tonight|tomorrow|yesterday|this|last|next|morning|evening|afternoon|noon|midnight)\b/i.test(r.text)) {
      // A bare "2:05" with no "at"/am/pm ("finished in 2:05", "my time was 2:15") is a duration, not a time of day.
      if (CLOCK_ONLY.test(r.text.trim()) && !/\b(?:at|by|around|from|until|till)\s*$/i.test(text.slice(0, r.index))) continue;
      timeOnly = { iso: isoAt(r.start.date(), 'day'), precision: 'day', text: r.text, index: r.index };
      continue;
    }
    // "for about three years", "three years now": a duration, not a date.
    // "retired after 30 years", "within two weeks": a span, not a point in the future.
    if (/^(?:for\s+|over\s+|after\s+|within\s+)?(?:about\s+|almost\s+|nearly\s+|around\s+|over\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|\d+|several|a\s+few|few|a\s+couple\s+of)\s+(?:years?|months?|weeks?|days?)(?:\s+now)?$/i.test(r.text.trim()) && !/\bago\b/i.test(text.slice(r.index, r.index + r.text.length + 5))) continue;
    // "haven't eaten meat in ten years", "hasn't called in weeks": after a negated perfect, "in" spans up to now (= "for").
    if (/^in\s+(?:(?:about|almost|nearly|around|over)\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|\d+|several|a\s+few|few|a\s+couple\s+of)\s+(?:years?|months?|weeks?|days?)$/i.test(r.text.trim()) && /\b(?:have|has|had)(?:n['’]?t|\s+not|\s+never)\b|\b(?:I|we|he|she|they)['’]ve\s+(?:not|never)\b/i.test(text.slice(0, r.index))) continue;
    // "for 30 years before I retired", "two days before the wedding": a span before something else, not a date of its own.
    if (/^(?:(?:about|almost|nearly|around|over)\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|\d+|several|a\s+few|few|a\s+couple\s+of)\s+(?:years?|months?|weeks?|days?)\s+before$/i.test(r.text.trim())) continue;
    // "every thursday", "each morning": a habit, not a date.
    if (/\b(?:every|each)\s+(?:other\s+)?$/i.test(text.slice(0, r.index)) || /^(?:every|each)\b/i.test(r.text.trim())) continue;
    const s = r.start;
    const precision: ResolvedDate['precision'] =
      s.isCertain('day') || s.isCertain('weekday') || (!s.isCertain('month') && !s.isCertain('year'))
        ? 'day'
        : s.isCertain('month')
          ? 'month'
          : 'year';
    let d = s.date();
    // "this morning", "today", "tonight" are the turn's own day, whichever way the clause looks (chrono's forward
    // reading put a morning already past on the next day).
    if (/^(?:this\s+(?:morning|afternoon|evening)|today|tonight)$/i.test(r.text.trim())) d = ref;
    // A month without its year is the last one for past events ("moved to Leeds in March", said in November) and the
    // next one for plans; chrono takes the nearest. After "since" or "back in" it is always behind.
    if (s.isCertain('month') && !s.isCertain('year') && !s.isCertain('day')) {
      const behind = !forward || /\b(?:since|back\s+in)\s+(?:early\s+|late\s+|mid[\s-]?)?$/i.test(text.slice(0, r.index));
      const month = d.getUTCFullYear() * 12 + d.getUTCMonth();
      const now = ref.getUTCFullYear() * 12 + ref.getUTCMonth();
      if (behind && month > now) d = new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate()));
      if (!behind && month < now) d = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), d.getUTCDate()));
    }
    // A bare weekday is the last one for past events and the next one for plans.
    if (s.isCertain('weekday') && !s.isCertain('day')) {
      // "Friday 13th", "Tuesday the 10th": the weekday with its day of the month is that day (the month whose date has
      // that weekday, nearest in the clause's direction).
      const dom = /^\s*,?\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/i.exec(text.slice(r.index + r.text.length));
      const dated = dom ? (weekdayOfMonth(Number(dom[1]), d.getUTCDay(), ref, forward) ?? weekdayOfMonth(Number(dom[1]), d.getUTCDay(), ref, !forward)) : null;
      if (dated) return { iso: isoAt(dated, 'day'), precision: 'day', text: `${r.text}${dom![0]}`, index: r.index, point: isoAt(dated, 'day') };
      const week = 7 * 86_400_000;
      if (!forward && d.getTime() > ref.getTime()) d = new Date(d.getTime() - week);
      if (forward && d.getTime() < ref.getTime() - 86_400_000) d = new Date(d.getTime() + week);
    }
    return { iso: isoAt(d, precision), precision, text: r.text, index: r.index, point: isoAt(d, 'day') };
  }
  const season = seasonDate(text, ref, forward);
  if (season) return season;
  const year = /\b(?:in|since|back in|during|of)\s+((?:19|20)\d{2})\b/i.exec(text);
  if (year) return { iso: year[1], precision: 'year', text: year[0], index: year.index };
  // (The month guard is a word list: with the `i` flag a `[A-Z]` guard matched any word, so "the 14th for our anniversary" had no date.)
  const ord = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/i.exec(text);
  if (ord) {
    const day = Number(ord[1]);
    if (day >= 1 && day <= 31) {
      let y = ref.getUTCFullYear();
      let m = ref.getUTCMonth();
      if (forward && day < ref.getUTCDate()) {
        m += 1;
        if (m > 11) {
          m = 0;
          y += 1;
        }
      }
      return { iso: `${y}-${pad(m + 1)}-${pad(day)}`, precision: 'day', text: ord[0], index: ord.index };
    }
  }
  return timeOnly;
}

/** The date with day-of-month `day` and weekday `weekday` nearest `ref` in the direction (within four months), or null. */
function weekdayOfMonth(day: number, weekday: number, ref: Date, forward: boolean): Date | null {
  if (day < 1 || day > 31) return null;
  for (let k = 0; k <= 4; k++) {
    const m = ref.getUTCMonth() + (forward ? k : -k);
    const d = new Date(Date.UTC(ref.getUTCFullYear(), m, day));
    if (d.getUTCDate() !== day || d.getUTCDay() !== weekday) continue;
    if (forward ? d.getTime() >= ref.getTime() - 86_400_000 : d.getTime() <= ref.getTime() + 86_400_000) return d;
  }
  return null;
}

const SEASON_START: Record<string, number> = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 };
const SEASON = /\b(?:in\s+the|this|last|over\s+the|during\s+the|this\s+past|this\s+coming)\s+(spring|summer|fall|autumn|winter)\b(?!\s+(?:of|in)\s+(?:19|20)\d{2})/i;

/**
 * A season named with a determiner ("in the fall", "this summer", "last winter"), at month precision from the month
 * it starts: a plan takes the coming one (the current one while it lasts), a past event the latest begun, and "last"
 * the one before the current. "every summer" is a habit, not a date.
 */
export function seasonDate(text: string, ref: Date, forward: boolean): ResolvedDate | null {
  const m = SEASON.exec(text);
  if (!m) return null;
  const start = SEASON_START[m[1].toLowerCase()];
  const month = ref.getUTCMonth() + 1;
  // The latest season of that name to have begun, and how many months ago (winter begins in December).
  let begun = ref.getUTCFullYear();
  let since = month - start;
  if (since < 0) {
    begun -= 1;
    since += 12;
  }
  const ongoing = since < 3;
  let y = begun;
  if (/^last\b/i.test(m[0])) y = ongoing ? begun - 1 : begun;
  else if (forward && !/past/i.test(m[0])) y = ongoing ? begun : begun + 1;
  return { iso: `${y}-${pad(start)}`, precision: 'month', text: m[0], index: m.index };
}

/** Every date expression's text in `text` (to strip from values). */
export function dateSpans(text: string, ref: Date): string[] {
  if (!DATE_HINT.test(text)) return [];
  const spans = chrono.parse(text, { instant: ref, timezone: 'UTC' }).map((r) => r.text).filter((t) => !FALSE_DATES.test(t.trim()));
  const year = /\b(?:in|since|back in|during)\s+(?:19|20)\d{2}\b/gi;
  for (const m of text.matchAll(year)) spans.push(m[0]);
  for (const m of text.matchAll(/\b(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b/gi)) spans.push(m[0]);
  const season = SEASON.exec(text);
  if (season) spans.push(season[0]);
  return spans;
}
