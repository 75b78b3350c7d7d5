/**
 * @module core/reconcile/value-match
 * When two memory values say the same thing: "cat named Luna" ~ "Luna", "Stripe" ~ "Stripe
 * Inc", "peanuts" ~ "peanut". Used for reinforcement, retraction and correction targets.
 */

const DROP = new Set(['a', 'an', 'the', 'my', 'our', 'of', 'named', 'called', 'inc', 'ltd', 'llc', 'co', 'corp', 'pet']);

export function valueTokens(s: string): string[] {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !DROP.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Near-identical: same tokens, or the shorter's tokens all in the longer (at most 2 extra, at least half of it). */
export function sameValue(a: string, b: string): boolean {
  const ta = valueTokens(a);
  const tb = valueTokens(b);
  if (ta.length === 0 || tb.length === 0) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const [short, long] = ta.length <= tb.length ? [ta, tb] : [tb, ta];
  return short.every((w) => long.includes(w)) && long.length - short.length <= 2 && short.length / long.length >= 0.5;
}

/** Whether `needle` (a retracted or corrected value) refers to the memory value or its evidence/date text. */
export function refersTo(needle: string, value: string, extra: string[] = []): boolean {
  if (sameValue(needle, value)) return true;
  const n = valueTokens(needle);
  if (n.length === 0) return false;
  return [value, ...extra].some((h) => {
    const t = valueTokens(h);
    return n.every((w) => t.includes(w));
  });
}
