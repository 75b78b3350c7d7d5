/**
 * @module core/compat/platform-policy
 * The platform API's candidate policy, applied between extraction and reconciliation on
 * POST /extract (pure): drop candidates below the confidence floor, normalise keys and values,
 * never keep secrets, skip exact duplicates (dedup hash of avatar, key and value), and turn
 * assertions into corrections so that a fact with the same key — or a near-duplicate found by
 * embedding similarity — is superseded by one updated fact inside the ingest transaction.
 */
import type { MemoryCandidate, MemoryRecord } from '../types.ts';
import { containsSecret } from '../text/secrets.ts';
import { categoryOf, dedupHash, factKeyOf, normaliseFactValue } from './platform-facts.ts';

export interface PlatformPolicyInput {
  avatarId: string | null;
  minConfidence: number;
  /** Dedup hashes of the avatar's active facts. */
  existingHashes: ReadonlySet<string>;
}

/** Why a candidate was dropped (for logs and tests). */
export type DropReason = 'low_confidence' | 'bad_key' | 'empty_value' | 'secret' | 'duplicate';

export interface PolicyResult {
  kept: MemoryCandidate[];
  dropped: Array<{ candidate: MemoryCandidate; reason: DropReason }>;
}

export function applyPlatformPolicy(candidates: MemoryCandidate[], input: PlatformPolicyInput): PolicyResult {
  const kept: MemoryCandidate[] = [];
  const dropped: PolicyResult['dropped'] = [];
  const seen = new Set(input.existingHashes);
  for (const c of candidates) {
    if (!(c.confidence >= input.minConfidence)) {
      dropped.push({ candidate: c, reason: 'low_confidence' });
      continue;
    }
    const factKey = factKeyOf(c.subject, c.key);
    if (factKey === null) {
      dropped.push({ candidate: c, reason: 'bad_key' });
      continue;
    }
    if (c.op === 'retract') {
      kept.push(c);
      continue;
    }
    const value = normaliseFactValue(c.value);
    if (value === null) {
      dropped.push({ candidate: c, reason: 'empty_value' });
      continue;
    }
    if (containsSecret(value) || containsSecret(`${c.key.replace(/_/g, ' ')} is ${value}`) || value.includes('[REDACTED]')) {
      dropped.push({ candidate: c, reason: 'secret' });
      continue;
    }
    const hash = dedupHash(input.avatarId, factKey, value);
    if (c.op !== 'history' && seen.has(hash)) {
      dropped.push({ candidate: c, reason: 'duplicate' });
      continue;
    }
    seen.add(hash);
    kept.push({
      ...c,
      value,
      op: c.op === 'assert' ? 'correct' : c.op,
      metadata: { ...(c.metadata ?? {}), fact_key: factKey, dedup_hash: hash, category: categoryOf(c.type) },
    });
  }
  return { kept, dropped };
}

/**
 * Near-duplicate tier: `matches[i]` is an active memory whose embedding is close to candidate
 * i (or null). The candidate takes that memory's subject and key so reconciliation supersedes
 * it; its fact key and hash are recomputed. Candidates already on the same key are unchanged.
 */
export function mergeNearDuplicates(candidates: MemoryCandidate[], matches: Array<MemoryRecord | null>, avatarId: string | null): MemoryCandidate[] {
  return candidates.map((c, i) => {
    const m = matches[i];
    if (!m || !m.active || c.op === 'retract' || c.op === 'history' || (m.subject === c.subject && m.key === c.key)) return c;
    const factKey = factKeyOf(m.subject, m.key);
    if (factKey === null) return c;
    return {
      ...c,
      subject: m.subject,
      key: m.key,
      type: m.type,
      op: 'correct',
      replaces: m.value,
      metadata: { ...(c.metadata ?? {}), fact_key: factKey, dedup_hash: dedupHash(avatarId, factKey, c.value), near_duplicate_of: m.id },
    };
  });
}
