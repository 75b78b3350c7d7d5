/**
 * @module bench/lib/tunables
 * The recall tunables a benchmark may override (`--set recall.minCoverage=0.3,index.on=1`): one
 * table of the objects by their prefix, the parser, and a snapshot/restore so one process can
 * score several sets over the same ingested data.
 */
import { RECALL } from '../../src/core/recall/recall.ts';
import { ASSEMBLY } from '../../src/core/recall/assemble.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { BM25 } from '../../src/core/recall/bm25.ts';
import { EXCERPT } from '../../src/core/recall/format.ts';
import { ASKING, FEATURE_WEIGHTS, FEATURES_AT } from '../../src/core/recall/features.ts';
import { REFERENTS } from '../../src/core/recall/referents.ts';
import { INDEX_DATES } from '../../src/core/service.ts';
import { QUERY } from '../../src/core/recall/query-analysis.ts';

type Obj = Record<string, unknown>;

/** Prefix → the tunable object it names. */
export const TUNABLES: Record<string, Obj> = {
  recall: RECALL as Obj,
  assembly: ASSEMBLY as Obj,
  retrieve: RETRIEVE as Obj,
  bm25: BM25 as Obj,
  excerpt: EXCERPT as Obj,
  features: FEATURE_WEIGHTS as Obj,
  featuresAt: FEATURES_AT as Obj,
  index: INDEX_DATES as Obj,
  referents: REFERENTS as Obj,
  query: QUERY as Obj,
  asking: ASKING as Obj,
};

/** Applies `a.b=1,c.d=2` (numbers only); an unknown path throws. */
export function applySets(spec: string): void {
  for (const kv of spec.split(',').filter(Boolean)) {
    const [path, value] = kv.split('=');
    const [obj, ...fields] = path.split('.');
    let target: Obj | null = TUNABLES[obj] ?? null;
    for (const f of fields.slice(0, -1)) target = (target?.[f] as Obj | undefined) ?? null;
    const field = fields[fields.length - 1];
    if (!target || !(field in target)) throw new Error(`unknown tunable ${path}`);
    target[field] = Number(value);
  }
}

/** A deep copy of every tunable, and a function putting it back in place. */
export function snapshotTunables(): () => void {
  const saved = structuredClone(Object.fromEntries(Object.entries(TUNABLES).map(([k, o]) => [k, { ...o }])));
  return () => {
    for (const [k, o] of Object.entries(TUNABLES)) {
      for (const key of Object.keys(o)) delete o[key];
      Object.assign(o, structuredClone(saved[k]));
    }
  };
}
