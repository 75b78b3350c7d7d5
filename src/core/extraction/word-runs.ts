/**
 * @module core/extraction/word-runs
 * Runs of words, the shape the frame tables store phrases in (["these", "days"], ["a", "waste", "of", "money"]):
 * whether a run stands at a position of a word list, and whether it stands anywhere in it. Pure.
 */

/** Whether `run` stands in `words` from index `at` ('#' in a run stands for any number: ["all", "#"] for "all 282"). */
export function runAt(words: readonly string[], run: readonly string[], at = 0): boolean {
  return run.every((w, k) => (w === '#' ? /^\d+$/.test(words[at + k] ?? '') : words[at + k] === w));
}

/** Whether `run` stands anywhere in `words`. */
export function hasRun(words: readonly string[], run: readonly string[]): boolean {
  return words.some((_, i) => runAt(words, run, i));
}
