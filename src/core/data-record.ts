/**
 * @module core/data-record
 * Records keyed by data (a term's document count, a key's nouns) for the hot paths of recall and the stores' lexical
 * reads. A `{}` filled with data keys takes a new hidden class per sequence of keys (V8 keeps a transition tree of
 * them), so every optimized function that reads such records meets ever new classes: it is deoptimized ("wrong map")
 * and recompiled on a compiler thread, recall after recall. A record made here has no prototype, which V8 keeps in
 * dictionary mode from the start: every one shares one hidden class, whatever its keys. Pure.
 */

/** An empty record for data keys (no prototype: `"constructor"` or `"__proto__"` is a key like any other). */
export function dataRecord<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** A record of data keys from entries (later entries win, as with Object.fromEntries). */
export function dataRecordOf<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out = dataRecord<V>();
  for (const [k, v] of entries) out[k] = v;
  return out;
}
