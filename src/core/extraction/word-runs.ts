/**
 * @module core/extraction/word-runs
 * Runs of words, the shape the frame tables store phrases in (["these", "days"], ["a", "waste", "of", "money"]):
 * whether a run stands at a position of a word list, and whether it stands anywhere in it. Pure.
 */

/** Whether `run` stands in `words` from index `at` ('#' in a run stands for any number: ["all", "#"] for "all 282"). */
export function runAt(words: readonly string[], run: readonly string[], at = 0): boolean {
  // Plain loops: the readers ask this for every word of every clause, so no closure per call.
  for (let k = 0; k < run.length; k++) {
    const w = run[k];
    if (w === '#' ? !/^\d+$/.test(words[at + k] ?? '') : words[at + k] !== w) return false;
  }
  return true;
}

/** Whether `run` stands anywhere in `words`. */
export function hasRun(words: readonly string[], run: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (runAt(words, run, i)) return true;
  return false;
}
