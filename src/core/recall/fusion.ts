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
      const hit = { ranker: l.ranker, rank, score: it.score };
      const f = by.get(it.key);
      // A one-element literal, not [] then push: most items are found by one or two rankers, and a
      // first push gives an empty array room for 16 (~130 bytes each, ~700 items a recall).
      if (!f) by.set(it.key, { key: it.key, score: l.weight / (k + rank), rankers: [hit] });
      else {
        f.score += l.weight / (k + rank);
        f.rankers.push(hit);
      }
    });
  }
  return [...by.values()].sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}
