/**
 * @module core/text/date-tokens
 * Index-time date enrichment: the dates a turn's text refers to ("yesterday", "last Friday",
 * "two weeks ago", "in May"), resolved against the turn's timestamp by the shared resolver
 * (core/extraction/dates, chrono-node), stored as index tokens `_dYYYYMMDD` (a day) and
 * `_mYYYYMM` (its month). A question naming a date (recall/question-dates) searches the
 * same tokens, so "what happened on 8 May?" reaches the turn of 9 May that says "yesterday".
 * The turn's own day is left out (its timestamp already carries it). Pure.
 */
import { resolveDate } from '../extraction/dates.ts';
import { sentences } from '../recall/format.ts';

export const dayToken = (isoDay: string) => `_d${isoDay.slice(0, 10).replace(/-/g, '')}`;
export const monthToken = (isoMonth: string) => `_m${isoMonth.slice(0, 7).replace(/-/g, '')}`;

/** Date tokens of a text said at `timestamp` (ISO). */
export function dateTokens(text: string, timestamp: string): string[] {
  const ref = new Date(timestamp);
  if (Number.isNaN(ref.getTime())) return [];
  const own = timestamp.slice(0, 10);
  const out = new Set<string>();
  for (const s of sentences(text)) {
    const d = resolveDate(s, ref, false);
    if (!d) continue;
    if (d.precision === 'day' && d.iso !== own) {
      out.add(dayToken(d.iso));
      out.add(monthToken(d.iso));
    } else if (d.precision === 'month' && d.iso !== own.slice(0, 7)) out.add(monthToken(d.iso));
  }
  return [...out];
}

/** The tokens a question's date range searches: its day (and month) for a single day, its month for a month. */
export function rangeTokens(range: { from: string; to: string }): string[] {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86400_000;
  if (days === 1) return [dayToken(range.from)];
  if (days >= 28 && days <= 31) return [monthToken(range.from)];
  return [];
}

/**
 * True when one of the date tokens among a turn's index terms falls in the half-open ISO range:
 * a day token inside it, or — for a range of a month or more — a month token overlapping it (the
 * turn said "yesterday" or "last month" of a date the question names). A month said is too
 * vague for a named day.
 */
export function referredDateIn(terms: string, range: { from: string; to: string }): boolean {
  if (!terms.includes('_d') && !terms.includes('_m')) return false;
  const months = Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`) >= 28 * 86400_000;
  for (const m of terms.matchAll(/(?:^| )_(d|m)(\d{4})(\d{2})(\d{2})?(?= |$)/g)) {
    if (m[1] === 'd') {
      const day = `${m[2]}-${m[3]}-${m[4]}`;
      if (day >= range.from && day < range.to) return true;
    } else if (months) {
      const first = `${m[2]}-${m[3]}-01`;
      const next = new Date(Date.UTC(Number(m[2]), Number(m[3]), 1)).toISOString().slice(0, 10);
      if (first < range.to && next > range.from) return true;
    }
  }
  return false;
}
