/**
 * @module providers/llm/llm-reconciler
 * The LLM implementation of ReconcilerPort: shows the model the user's current facts for the
 * candidate's key (as short aliases F1, F2… so it cannot invent ids) and asks for one of ADD /
 * UPDATE / COEXIST / DUPLICATE / RETRACT / HISTORICAL. The target must be one of the facts
 * shown. Cases the offline policy settles without doubt (explicit retract/history/correct ops,
 * an exact duplicate) make no call. Any failure returns null: the offline policy decides.
 */
import type { JSONSchema7 } from 'ai';
import { z } from 'zod';
import type { ReconcileDecision, ReconcilerPort } from '../../core/ports.ts';
import type { Logger } from '../../core/service.ts';
import { errorSummary } from '../../core/service.ts';
import type { MemoryCandidate, MemoryRecord } from '../../core/types.ts';
import { isSingleValued } from '../../core/extraction/key-vocabulary.ts';
import { maskSecrets } from '../../core/text/secrets.ts';
import type { StructuredLlm } from './structured-llm.ts';

export const RECONCILE_ACTIONS = ['ADD', 'UPDATE', 'COEXIST', 'DUPLICATE', 'RETRACT', 'HISTORICAL'] as const;
const NEEDS_TARGET = new Set(['UPDATE', 'DUPLICATE', 'RETRACT']);
/** At most this many current facts are shown (newest first). */
const MAX_SHOWN = 12;

export const RECONCILE_JSON_SCHEMA: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['action', 'target', 'reason'],
  properties: {
    action: { type: 'string', enum: [...RECONCILE_ACTIONS] },
    target: { type: ['string', 'null'], description: 'alias of the existing fact (F1, F2…) for UPDATE, DUPLICATE, RETRACT; else null' },
    reason: { type: 'string', description: 'one short sentence' },
  },
};

const DecisionSchema = z.object({
  action: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(RECONCILE_ACTIONS)),
  target: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined ? null : String(v).trim())),
});

export const RECONCILE_SYSTEM = `You maintain a user's long-term memory. A new statement touches facts already stored under the same key.
Decide one action:
- ADD: a new, independent fact (nothing stored is affected).
- UPDATE: the new value replaces a stored fact that no longer holds (moved city, new job). target = that fact.
- COEXIST: both hold at once (a second pet, another language).
- DUPLICATE: it restates a stored fact (same meaning, maybe different wording). target = that fact.
- RETRACT: it says a stored fact is no longer true, with no replacement. target = that fact.
- HISTORICAL: it describes the past; store it as history without changing current facts.
Return JSON {"action", "target", "reason"}; target is the alias (F1, F2…) or null.`;

function norm(s: string): string {
  return s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function buildReconcilePrompt(candidate: MemoryCandidate, shown: MemoryRecord[]): string {
  const facts = shown.map((m, i) => `F${i + 1}: ${m.key} = ${maskSecrets(m.value)} (since ${(m.validFrom ?? m.createdAt).slice(0, 10)}, confidence ${m.confidence.toFixed(2)})`).join('\n');
  return [
    `Subject: ${candidate.subject}`,
    `Key: ${candidate.key} (${isSingleValued(candidate.key) ? 'normally one current value' : 'may have several values'})`,
    `Stored facts:\n${facts}`,
    `New statement: ${candidate.key} = ${maskSecrets(candidate.value)}`,
    `Said as: "${maskSecrets(candidate.evidence).slice(0, 300)}"`,
  ].join('\n');
}

/** Validates a model decision against the facts shown; null when unusable. */
export function toDecision(value: unknown, shown: MemoryRecord[]): ReconcileDecision | null {
  const r = DecisionSchema.safeParse(value);
  if (!r.success) return null;
  const { action, target } = r.data;
  if (!NEEDS_TARGET.has(action)) return { action } as ReconcileDecision;
  if (target === null) return shown.length === 1 ? ({ action, targetId: shown[0].id } as ReconcileDecision) : null;
  const alias = /^F?(\d+)$/i.exec(target);
  const byAlias = alias ? shown[Number(alias[1]) - 1] : undefined;
  const hit = byAlias ?? shown.find((m) => m.id === target);
  return hit ? ({ action, targetId: hit.id } as ReconcileDecision) : null;
}

export class LlmReconciler implements ReconcilerPort {
  private readonly llm: StructuredLlm;
  private readonly logger?: Logger;

  constructor(llm: StructuredLlm, logger?: Logger) {
    this.llm = llm;
    this.logger = logger;
  }

  /** True when the offline policy is certain and a call would only cost money. */
  static settledOffline(candidate: MemoryCandidate, current: MemoryRecord[]): boolean {
    if (candidate.op !== 'assert') return true;
    const active = current.filter((m) => m.active);
    if (active.length === 0) return true;
    return active.some((m) => norm(m.value) === norm(candidate.value));
  }

  async decide(candidate: MemoryCandidate, current: MemoryRecord[]): Promise<ReconcileDecision | null> {
    if (LlmReconciler.settledOffline(candidate, current)) return null;
    const shown = current.filter((m) => m.active).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, MAX_SHOWN);
    try {
      const { value } = await this.llm.generate({
        op: 'reconciliation',
        system: RECONCILE_SYSTEM,
        prompt: buildReconcilePrompt(candidate, shown),
        schemaName: 'decision',
        schema: RECONCILE_JSON_SCHEMA,
        maxOutputTokens: 1000,
      });
      const decision = toDecision(value, shown);
      if (!decision) this.logger?.warn({ provider: this.llm.provider }, 'LLM reconciliation returned an invalid decision; using the offline policy');
      return decision;
    } catch (err) {
      this.logger?.warn({ err: errorSummary(err), provider: this.llm.provider }, 'LLM reconciliation failed; using the offline policy');
      return null;
    }
  }
}
