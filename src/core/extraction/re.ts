/**
 * @module core/extraction/re
 * Compiled-regex cache: rules build patterns from word lists at call sites for readability;
 * this keeps each pattern compiled once per process (the extractor's speed budget).
 */
const cache = new Map<string, RegExp>();

/** `new RegExp(source, flags)`, compiled once. Global regexes are only used with matchAll (which clones). */
export function re(source: string, flags = ''): RegExp {
  const k = `${flags}/${source}`;
  let r = cache.get(k);
  if (!r) {
    r = new RegExp(source, flags);
    cache.set(k, r);
  }
  return r;
}

/** `w` with every regex metacharacter escaped, to put a value read from text inside a pattern. */
export const escapeRe = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
