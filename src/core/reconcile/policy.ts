/**
 * @module core/reconcile/policy
 * The documented evolution policy per key family, in one table the reconciler and docs/evolution.md
 * share: how an assert interacts with the active memories of the same subject and key.
 */
import { isSingleValued, KEY_VOCABULARY } from '../extraction/key-vocabulary.ts';

export type KeyPolicy =
  /** One current value: a different value supersedes the old row (employer, location, diet...). */
  | 'supersede'
  /** Values coexist (pets, languages, hobbies, children); only retraction or correction ends one. */
  | 'coexist'
  /** Events accumulate and never supersede; a correction replaces the one it names. */
  | 'accumulate'
  /** Opinions: a new stance supersedes but the chain is kept so recall can tell the arc. */
  | 'opinion-chain';

export function policyOf(key: string, type: string): KeyPolicy {
  if (type === 'event' || key.startsWith('event')) return 'accumulate';
  if (key.startsWith('opinion_')) return 'opinion-chain';
  return isSingleValued(key) ? 'supersede' : 'coexist';
}

/** Keys whose active rows a candidate can end: a dislike of X ends a like of X and vice versa. */
export const OPPOSITE_KEYS: Readonly<Record<string, string>> = { like: 'dislike', dislike: 'like' };

/**
 * A correction whose target the extractor could not see (it was stated in an earlier session:
 * "Actually, not Tuesday — Wednesday"). It names the old value in `replaces`; reconciliation finds
 * the speaker's active memory that value refers to, whatever its key, and corrects it. It never
 * becomes a row itself: with no target it is dropped.
 */
export const FLOATING_CORRECTION = 'correction';

/**
 * A state that holds only while a value of another key does: when the speaker's last active value of the key ends
 * (retracted), an active row of `key` whose value matches `values` ends with it ("engaged", "married" end with the
 * partner: "we called off the wedding" leaves no engaged user behind).
 */
export const PRESUPPOSED: Readonly<Record<string, { key: string; values: RegExp }>> = {
  partner: { key: 'relationship_status', values: /\b(?:engaged|married|dating|taken|partnered|in a relationship|seeing someone|together|living together|cohabiting)\b/i },
};

/**
 * Keys reconciliation needs to see for a candidate key (the key itself and its opposite); every key for a floating
 * correction and for an entity-state ending (`anyKey`: "Biscuit crossed the rainbow bridge" ends whatever holds Biscuit).
 */
export function relatedKeys(key: string, anyKey = false): string[] {
  if (key === FLOATING_CORRECTION || anyKey) return [...new Set([key, ...KEY_VOCABULARY.map((k) => k.key)])];
  const o = OPPOSITE_KEYS[key];
  const p = PRESUPPOSED[key]?.key;
  return [key, ...(o ? [o] : []), ...(p ? [p] : [])];
}

/** Confidence gain when a statement is repeated, and the cap. */
export const REINFORCE_STEP = 0.05;
export const MAX_CONFIDENCE = 0.99;

/** Candidates below this confidence (implicit cues) never supersede a more confident value. */
export const IMPLICIT_CEILING = 0.7;
