/**
 * @module core/extraction/learned/model
 * The learned key model as data: one logistic regression per memory key over the sparse sentence
 * features (features.ts), weights and per-key thresholds in key-model.json, written by
 * `npm run train:extraction` (scripts/train-extraction.ts). This module only scores; it does no I/O
 * (the JSON is imported, so it ships with the code).
 */
import data from './key-model.json' with { type: 'json' };

export interface KeyModel {
  version: number;
  /** The keys the model predicts (the "none" outcome is every key below its threshold). */
  keys: string[];
  /** Probability at or above which a key is predicted, chosen by leave-one-round-out cross-validation. */
  thresholds: Record<string, number>;
  /** Per key: feature → weight (features absent from the table weigh 0). */
  weights: Record<string, Record<string, number>>;
}

export const KEY_MODEL: KeyModel = data as KeyModel;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/** Per model: feature → the key indexes and weights it has a non-zero weight for, in key order (two parallel arrays). */
interface FeatureWeights {
  keys: Int32Array;
  weights: Float64Array;
}
const BY_FEATURE = new WeakMap<KeyModel, Map<string, FeatureWeights>>();

function byFeature(model: KeyModel): Map<string, FeatureWeights> {
  let index = BY_FEATURE.get(model);
  if (!index) {
    const pairs = new Map<string, Array<[number, number]>>();
    for (const [k, key] of model.keys.entries())
      for (const [f, w] of Object.entries(model.weights[key] ?? {})) {
        if (w === 0) continue;
        const list = pairs.get(f) ?? [];
        list.push([k, w]);
        pairs.set(f, list);
      }
    index = new Map();
    for (const [f, list] of pairs) index.set(f, { keys: Int32Array.from(list, ([k]) => k), weights: Float64Array.from(list, ([, w]) => w) });
    BY_FEATURE.set(model, index);
  }
  return index;
}

/**
 * Probability per key for a feature set. Each key's score adds its weights in the order of `features` (an absent or
 * zero weight adds nothing), read through the model's feature index: one lookup per feature instead of one per key
 * and feature.
 */
export function keyProbabilities(model: KeyModel, features: readonly string[]): Record<string, number> {
  const index = byFeature(model);
  const z = new Float64Array(model.keys.length);
  for (const f of features) {
    const entry = index.get(f);
    if (!entry) continue;
    const { keys, weights } = entry;
    for (let i = 0; i < keys.length; i++) z[keys[i]] += weights[i];
  }
  const out: Record<string, number> = {};
  const names = model.keys;
  for (let k = 0; k < names.length; k++) out[names[k]] = sigmoid(z[k]);
  return out;
}

let active: KeyModel = KEY_MODEL;
/** The model the extractor uses: the committed one, unless the training script swapped in a fold's model. */
export function activeKeyModel(): KeyModel {
  return active;
}
/** For the training and cross-validation script only: score with another model (null restores the committed one). */
export function useKeyModel(model: KeyModel | null): void {
  active = model ?? KEY_MODEL;
}
