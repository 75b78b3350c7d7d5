/**
 * @module bench/lib/heldout-probes
 * The held-out recall probe format (fixtures/recall-probes/heldout/*.json, one user per file) as a
 * zod schema, and the pure judgement of one recall context against a probe's expectation:
 * `empty` → the context must be ""; `all_of` → every substring present; `any_of` → at least one
 * present (case-insensitive). No I/O beyond reading the probe files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The kinds of the held-out sets written for issue 14. */
export const HELDOUT_KINDS = ['generic', 'applied', 'retraction', 'opinion-arc', 'never-discussed'] as const;
/** Every kind a probe file may use: the held-out kinds and `paraphrase` (a stored fact asked in other words; the lead's session-11 set). */
export const PROBE_KINDS = [...HELDOUT_KINDS, 'paraphrase'] as const;

export const ProbeExpect = z
  .object({
    any_of: z.array(z.string().min(1)).optional(),
    all_of: z.array(z.string().min(1)).optional(),
    empty: z.boolean().optional(),
  })
  .refine((e) => e.empty === true || (e.any_of?.length ?? 0) + (e.all_of?.length ?? 0) > 0, { message: 'needs empty: true or at least one any_of/all_of substring' })
  .refine((e) => !(e.empty && (e.any_of || e.all_of)), { message: 'empty excludes any_of/all_of' });
export type ProbeExpect = z.infer<typeof ProbeExpect>;

export const HeldoutProbe = z.object({
  query: z.string().min(1),
  max_tokens: z.number().int().positive().default(512),
  kind: z.enum(PROBE_KINDS),
  expect: ProbeExpect,
});
export type HeldoutProbe = z.infer<typeof HeldoutProbe>;

export const HeldoutProbeSet = z.object({
  name: z.string().min(1),
  kind: z.string(),
  description: z.string().optional(),
  user_id: z.string().min(1),
  sessions: z
    .array(
      z.object({
        session_id: z.string().min(1),
        turns: z
          .array(
            z.object({
              timestamp: z.iso.datetime(),
              messages: z.array(z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string().min(1) })).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  probes: z.array(HeldoutProbe).min(1),
});
export type HeldoutProbeSet = z.infer<typeof HeldoutProbeSet>;

export const HELDOUT_DIR = new URL('../../fixtures/recall-probes/heldout/', import.meta.url);

/** Every probe set in `dir`, sorted by file name, validated. */
export function loadProbeSets(dir: string): HeldoutProbeSet[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = HeldoutProbeSet.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.success) throw new Error(`${f}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return parsed.data;
    });
}

/** Why `context` fails the expectation, or null when it passes. */
export function judge(context: string, e: ProbeExpect): string | null {
  if (e.empty) return context === '' ? null : 'expected empty context';
  if (context === '') return 'context is empty';
  const c = context.toLowerCase();
  const missing = (e.all_of ?? []).filter((s) => !c.includes(s.toLowerCase()));
  if (missing.length) return `missing all_of: ${missing.join(', ')}`;
  if (e.any_of?.length && !e.any_of.some((s) => c.includes(s.toLowerCase()))) return `none of any_of: ${e.any_of.join(' | ')}`;
  return null;
}

export interface KindTally {
  pass: number;
  total: number;
}

/** Pass counts per kind and overall from (kind, passed) outcomes. */
export function tally(outcomes: { kind: string; passed: boolean }[]): { byKind: Map<string, KindTally>; overall: KindTally } {
  const byKind = new Map<string, KindTally>();
  const overall: KindTally = { pass: 0, total: 0 };
  for (const o of outcomes) {
    const k = byKind.get(o.kind) ?? { pass: 0, total: 0 };
    k.total++;
    overall.total++;
    if (o.passed) {
      k.pass++;
      overall.pass++;
    }
    byKind.set(o.kind, k);
  }
  return { byKind, overall };
}
