/**
 * @module core/recall/fusion
 * Weighted reciprocal rank fusion: every ranker contributes weight / (k + rank) to each item it
 * ranked, and the item remembers which rankers found it (rank and raw score) for `/search`. Pure.
 */
import type { RankerHit } from '../types.ts';

export const RRF_K = 60;

export interface RankedList {
  ranker: string;
  weight: number;
  /** Best first. Ids are `kind:id` so memories and turns share one space. */
  items: Array<{ key: string; score: number }>;
}

export interface Fused {
  key: string;
  score: number;
  rankers: RankerHit[];
}

export function rrf(lists: RankedList[], k = RRF_K): Fused[] {
  const by = new Map<string, Fused>();
  for (const l of lists) {
    let rank = 0;
    l.items.forEach((it, i) => {
      // Equal scores share a rank, so an arbitrary tie order does not decide the fusion.
      if (i === 0 || it.score !== l.items[i - 1].score) rank = i + 1;
      let f = by.get(it.key);
      if (!f) by.set(it.key, (f = { key: it.key, score: 0, rankers: [] }));
      f.score += l.weight / (k + rank);
      f.rankers.push({ ranker: l.ranker, rank, score: it.score });
    });
  }
  return [...by.values()].sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}
