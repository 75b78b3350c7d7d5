/**
 * @module providers/llm/extraction-schema
 * The structured-output contract of LLM extraction: the JSON Schema the model is constrained
 * with (strict-mode compatible: every property required, no extras, no numeric/array bounds,
 * which strict mode and some local servers reject) and the zod validation
 * applied to every returned item. Invalid items are dropped one by one, valid ones kept; keys
 * are normalised onto the canonical vocabulary (core/extraction/key-vocabulary).
 */
import { z } from 'zod';
import type { JSONSchema7 } from 'ai';
import { MEMORY_TYPES, type MemoryCandidate } from '../../core/types.ts';
import { keySpec } from '../../core/extraction/key-vocabulary.ts';

export const CANDIDATE_OPS = ['assert', 'retract', 'history', 'correct'] as const;

const nullableString = (description: string): JSONSchema7 => ({ type: ['string', 'null'], description });

export const EXTRACTION_JSON_SCHEMA: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['memories'],
  properties: {
    memories: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'subject', 'key', 'value', 'confidence', 'op', 'evidence', 'event_date', 'valid_from', 'valid_to', 'replaces', 'stance', 'implicit'],
        properties: {
          type: { type: 'string', enum: [...MEMORY_TYPES] },
          subject: { type: 'string', description: '"user", or the named third party ("sister maya"), or the speaker name in a multi-party chat' },
          key: { type: 'string', description: 'canonical snake_case key from the vocabulary' },
          value: { type: 'string', description: 'short readable value' },
          confidence: { type: 'number', description: '0 to 1' },
          op: { type: 'string', enum: [...CANDIDATE_OPS] },
          evidence: { type: 'string', description: 'the sentence of the current turn this comes from' },
          event_date: nullableString('ISO date (YYYY-MM-DD) the event happened / will happen, resolved against the turn timestamp'),
          valid_from: nullableString('ISO date the fact started to hold, when stated'),
          valid_to: nullableString('ISO date it stopped holding (history), when stated'),
          replaces: nullableString('for corrections: the value being corrected'),
          stance: { type: ['string', 'null'], enum: ['positive', 'negative', 'mixed', null], description: 'for opinions' },
          implicit: { type: 'boolean', description: 'inferred rather than stated' },
        },
      },
    },
  },
};

/** Aliases models commonly emit for canonical keys. */
const KEY_ALIASES: Record<string, string> = {
  city: 'location',
  lives_in: 'location',
  residence: 'location',
  current_location: 'location',
  company: 'employer',
  workplace: 'employer',
  works_at: 'employer',
  job: 'job_title',
  occupation: 'job_title',
  role: 'job_title',
  profession: 'job_title',
  spouse: 'partner',
  wife: 'partner',
  husband: 'partner',
  girlfriend: 'partner',
  boyfriend: 'partner',
  languages: 'language',
  pets: 'pet',
  hobbies: 'hobby',
  likes: 'like',
  dislikes: 'dislike',
  allergies: 'allergy',
  children: 'child',
  kid: 'child',
  son: 'child',
  daughter: 'child',
  siblings: 'sibling',
  sister: 'sibling',
  brother: 'sibling',
  mother: 'parent',
  father: 'parent',
  born_in: 'hometown',
  date_of_birth: 'birthday',
  dietary_restriction: 'diet',
};

/** Lowercase snake_case, aliases resolved, `favourite_` spelled `favorite_`. Null when not a usable key. */
export function normaliseKey(raw: string): string | null {
  let k = raw
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s\-./]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  if (k.startsWith('favourite_')) k = `favorite_${k.slice('favourite_'.length)}`;
  k = KEY_ALIASES[k] ?? k;
  return /^[a-z][a-z0-9_]{1,63}$/.test(k) ? k : null;
}

const USER_WORDS = new Set(['user', 'i', 'me', 'myself', 'the user', 'self']);

/**
 * Lowercase subject; first-person words and "user" become `self` (the speaker's name in a
 * multi-party chat, as the offline extractor attributes them, else "user").
 */
export function normaliseSubject(raw: string, self = 'user'): string | null {
  const s = raw.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ').replace(/^my /, '');
  if (s === '') return null;
  if (USER_WORDS.has(s)) return self;
  if (s.length > 60) return null;
  return s;
}

/** ISO date or datetime (normalised to YYYY-MM-DD when date-only); null when absent or invalid. */
export function normaliseDate(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const t = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return Number.isNaN(Date.parse(`${t}T00:00:00Z`)) ? null : t;
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : new Date(ms).toISOString();
  }
  return null;
}

const confidence = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().finite().min(0).max(1.0001));

const RawItem = z.object({
  type: z.string().optional(),
  subject: z.string().optional(),
  key: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v).trim()),
  confidence: confidence.optional(),
  op: z.string().optional(),
  evidence: z.string().nullish(),
  event_date: z.unknown().optional(),
  eventDate: z.unknown().optional(),
  replaces: z.string().nullish(),
  valid_from: z.unknown().optional(),
  valid_to: z.unknown().optional(),
  stance: z.unknown().optional(),
  implicit: z.unknown().optional(),
});

const STANCES = new Set(['positive', 'negative', 'mixed']);

const itemSchema = (self: string) => RawItem.transform((raw, ctx): MemoryCandidate => {
  const key = normaliseKey(raw.key);
  if (!key) {
    ctx.addIssue({ code: 'custom', message: `unusable key ${JSON.stringify(raw.key)}` });
    return z.NEVER;
  }
  const spec = keySpec(key);
  const typeRaw = raw.type?.trim().toLowerCase();
  const type = (MEMORY_TYPES as readonly string[]).includes(typeRaw ?? '') ? (typeRaw as MemoryCandidate['type']) : spec?.type;
  if (!type) {
    ctx.addIssue({ code: 'custom', message: `unknown type ${JSON.stringify(raw.type)}` });
    return z.NEVER;
  }
  const subject = normaliseSubject(raw.subject ?? 'user', self);
  if (!subject) {
    ctx.addIssue({ code: 'custom', message: 'empty subject' });
    return z.NEVER;
  }
  if (raw.value === '' || raw.value.length > 200 || /^(null|none|n\/a|unknown)$/i.test(raw.value)) {
    ctx.addIssue({ code: 'custom', message: 'empty or oversized value' });
    return z.NEVER;
  }
  const opRaw = raw.op?.trim().toLowerCase() ?? 'assert';
  if (!(CANDIDATE_OPS as readonly string[]).includes(opRaw)) {
    ctx.addIssue({ code: 'custom', message: `unknown op ${JSON.stringify(raw.op)}` });
    return z.NEVER;
  }
  const out: MemoryCandidate = {
    type,
    subject,
    key,
    value: raw.value,
    confidence: Math.min(1, raw.confidence ?? 0.7),
    op: opRaw as MemoryCandidate['op'],
    evidence: (raw.evidence ?? '').trim().slice(0, 500),
    eventDate: normaliseDate(raw.event_date ?? raw.eventDate),
    validFrom: normaliseDate(raw.valid_from),
    validTo: normaliseDate(raw.valid_to),
    replaces: raw.replaces?.trim() || null,
    metadata: { extractor: 'llm' },
  };
  const stance = typeof raw.stance === 'string' ? raw.stance.trim().toLowerCase() : null;
  if (stance && STANCES.has(stance)) out.metadata = { ...out.metadata, stance, ...(key.startsWith('opinion_') ? { topic: key.slice('opinion_'.length).replace(/_/g, ' ') } : {}) };
  if (raw.implicit === true) out.metadata = { ...out.metadata, implicit: true };
  return out;
});

export interface ValidatedCandidates {
  candidates: MemoryCandidate[];
  /** Items present in the output but rejected by validation. */
  dropped: number;
  /** Total items the model returned. */
  total: number;
}

/** The list of items in a model's output: `{memories:[…]}`, a bare array, or a single item. */
export function outputItems(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['memories', 'facts', 'items', 'results']) if (Array.isArray(o[k])) return o[k] as unknown[];
    if (typeof o.key === 'string') return [o];
  }
  return null;
}

/**
 * Validates each item independently; `fallbackEvidence` fills a missing evidence sentence and
 * `self` is the subject first-person items get ("user", or the named speaker).
 */
export function validateCandidates(value: unknown, fallbackEvidence: string, self = 'user'): ValidatedCandidates | null {
  const items = outputItems(value);
  if (items === null) return null;
  const schema = itemSchema(self);
  const candidates: MemoryCandidate[] = [];
  for (const item of items) {
    const r = schema.safeParse(item);
    if (!r.success) continue;
    if (r.data.evidence === '') r.data.evidence = fallbackEvidence.slice(0, 500);
    candidates.push(r.data);
  }
  return { candidates, dropped: items.length - candidates.length, total: items.length };
}
