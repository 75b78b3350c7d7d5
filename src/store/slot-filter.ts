/**
 * @module store/slot-filter
 * The WHERE clauses of the ingest read of a scope's active slot rows, shared by the SQL
 * backends: each of the subject and key lists becomes one clause with ONE JSON-array parameter
 * (so the SQL text — and its prepared statement and plan — is the same whatever the lists'
 * length). The backend supplies how a list parameter is matched. Pure.
 */
export interface SlotFilter {
  subjects?: string[];
  keys?: string[];
  /**
   * Keys read only at these event dates: rows of `dated.keys` come back when their event_date
   * is one of `dated.dates` (ingest asks so for an event it only has to find again at its own
   * date: an event key that accumulates thousands of rows costs the rows of that date).
   */
  dated?: { keys: string[]; dates: string[] };
}

/** Whether an (active) row is one the filter reads: the reference semantics the SQL clauses implement. */
export function inSlotFilter(m: { subject: string; key: string; eventDate?: string | null }, filter: SlotFilter | undefined): boolean {
  if (filter?.subjects && !filter.subjects.includes(m.subject)) return false;
  if (filter?.keys && !filter.keys.includes(m.key)) return false;
  if (filter?.dated?.keys.includes(m.key)) return !!m.eventDate && filter.dated.dates.includes(m.eventDate);
  return true;
}

/** The filter's keys split into those read whole and those read at the given dates only. */
export function splitDated(filter: SlotFilter | undefined): { whole: SlotFilter | undefined; dated: { keys: string[]; dates: string[] } | null } {
  const d = filter?.dated;
  if (!filter || !d || d.keys.length === 0) return { whole: filter, dated: null };
  const narrowed = new Set(d.keys);
  const keys = filter.keys ? filter.keys.filter((k) => !narrowed.has(k)) : undefined;
  return { whole: { subjects: filter.subjects, keys }, dated: { keys: filter.keys ? d.keys.filter((k) => filter.keys!.includes(k)) : d.keys, dates: d.dates } };
}

/**
 * Clauses and parameters for the filter's lists, or null when a list is empty (nothing can
 * match). `match(column, index)` renders one clause for the JSON list parameter number `index`
 * (1-based, counted after `before` parameters).
 */
export function slotClauses(filter: SlotFilter | undefined, before: number, match: (column: string, index: number) => string): { clauses: string[]; params: string[] } | null {
  const clauses: string[] = [];
  const params: string[] = [];
  for (const [col, list] of [
    ['subject', filter?.subjects],
    ['key', filter?.keys],
  ] as const) {
    if (!list) continue;
    if (list.length === 0) return null;
    params.push(JSON.stringify(list));
    clauses.push(match(col, before + params.length));
  }
  return { clauses, params };
}
