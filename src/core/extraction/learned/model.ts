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

/** Probability per key for a feature set. */
export function keyProbabilities(model: KeyModel, features: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of model.keys) {
    const w = model.weights[key] ?? {};
    let z = 0;
    for (const f of features) z += w[f] ?? 0;
    out[key] = sigmoid(z);
  }
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
