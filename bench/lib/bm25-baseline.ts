/**
 * @module bench/lib/bm25-baseline
 * The reference the service is measured against, independent of the service's ranking code:
 * plain BM25 (k1 1.2, b 0.75) over the raw turns with its own tokenizer, taking turns in score
 * order, one dated line each, until the token budget is full.
 */
import { stemmer } from 'stemmer';
import { countTokens } from '../../src/core/text/tokens.ts';

const STOP = new Set(
  'a an the and or but if of at by for with about to from in on is are was were be been being do does did have has had i you he she it we they me him her us them my your his its our their this that these those what which who whom when where why how not no so than too very can will just should would could there here all any some'.split(
    ' ',
  ),
);

export function baselineTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => stemmer(w));
}

export interface BaselineDoc {
  id: string;
  line: string;
}

export class Bm25Baseline {
  private readonly docs: Array<{ id: string; line: string; tf: Map<string, number>; len: number; tokens: number }>;
  private readonly df = new Map<string, number>();
  private readonly avgdl: number;

  constructor(docs: BaselineDoc[]) {
    this.docs = docs.map((d) => {
      const toks = baselineTokens(d.line);
      const tf = new Map<string, number>();
      for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { id: d.id, line: d.line, tf, len: toks.length, tokens: countTokens(d.line) };
    });
    this.avgdl = this.docs.reduce((s, d) => s + d.len, 0) / Math.max(1, this.docs.length);
  }

  rank(query: string): Array<{ id: string; score: number }> {
    const q = [...new Set(baselineTokens(query))];
    const N = this.docs.length;
    return this.docs
      .map((d) => {
        let s = 0;
        for (const t of q) {
          const f = d.tf.get(t);
          if (!f) continue;
          const n = this.df.get(t) ?? 0;
          s += Math.log(1 + (N - n + 0.5) / (n + 0.5)) * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / this.avgdl)));
        }
        return { id: d.id, score: s };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score);
  }

  /** Turns in score order, whole lines, until the budget is full. */
  recall(query: string, maxTokens: number): { context: string; ids: string[]; tokens: number } {
    const byId = new Map(this.docs.map((d) => [d.id, d]));
    const lines: string[] = [];
    const ids: string[] = [];
    let used = 0;
    for (const r of this.rank(query)) {
      const d = byId.get(r.id)!;
      const cost = d.tokens + (lines.length ? 1 : 0);
      if (used + cost > maxTokens) continue;
      lines.push(d.line);
      ids.push(d.id);
      used += cost;
    }
    let context = lines.join('\n');
    while (countTokens(context) > maxTokens && lines.length) {
      lines.pop();
      ids.pop();
      context = lines.join('\n');
    }
    return { context, ids, tokens: countTokens(context) };
  }
}
