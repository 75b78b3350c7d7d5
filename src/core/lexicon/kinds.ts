/**
 * @module core/lexicon/kinds
 * What a noun is — animal, food, person, occupation, social relation, family, illness, language,
 * musical instrument, sport/activity, organization, location, vehicle — read from the lexicon's
 * lexicographer classes and hypernym chains (first senses, bounded depth). The knowledge is the
 * KIND_RULES table; the logic is one walk per sense. Shared by extraction and recall. Pure.
 */
import type { LexSense, Lexicon } from '../ports.ts';
import { normalizeWord } from './morphy.ts';
import { ByteLru, stringBytes } from '../byte-lru.ts';

export type NounKind =
  | 'family'
  | 'social'
  | 'occupation'
  | 'person'
  | 'animal'
  | 'food'
  | 'illness'
  | 'language'
  | 'instrument'
  | 'activity'
  | 'organization'
  | 'location'
  | 'vehicle';

export interface KindRule {
  kind: NounKind;
  /** The sense must be in one of these lexicographer classes (any class when omitted). */
  classes?: readonly string[];
  /** One of these lemmas must be on the sense's hypernym chain, the sense itself included (any when omitted). */
  ancestors?: readonly string[];
  /** Ancestors that rule the sense out (an umbrella that also covers other kinds). */
  unless?: readonly string[];
}

/**
 * Kinds in the order they are reported (the more specific first). A sense may have several kinds
 * (a "nurse" is an occupation and a person); `kindsOf` lists all of them in this order.
 */
export const KIND_RULES: readonly KindRule[] = [
  { kind: 'family', classes: ['noun.person'], ancestors: ['relative', 'spouse', 'kin', 'family'] },
  { kind: 'social', classes: ['noun.person'], ancestors: ['friend', 'acquaintance', 'associate', 'neighbor', 'companion', 'peer', 'lover', 'mate', 'roommate', 'teammate'], unless: ['relative', 'spouse'] },
  {
    kind: 'occupation',
    classes: ['noun.person'],
    ancestors: ['worker', 'professional', 'employee', 'skilled worker', 'practitioner', 'scientist', 'applied scientist', 'creator', 'entertainer', 'expert', 'official', 'serviceman', 'athlete', 'businessperson', 'educator', 'health professional', 'writer', 'agent', 'adjudicator', 'lawgiver', 'clergyman'],
  },
  { kind: 'person', classes: ['noun.person'] },
  { kind: 'animal', classes: ['noun.animal'], ancestors: ['animal'] },
  { kind: 'food', classes: ['noun.food'] },
  { kind: 'food', classes: ['noun.plant'], ancestors: ['edible fruit', 'vegetable', 'herb', 'edible nut'] },
  { kind: 'illness', classes: ['noun.state', 'noun.process', 'noun.body'], ancestors: ['ill health', 'disorder', 'injury', 'symptom', 'allergy', 'pathological state', 'infection', 'disability', 'mental illness'] },
  { kind: 'language', classes: ['noun.communication'], ancestors: ['natural language', 'language'], unless: ['programming language', 'artificial language', 'speech', 'word'] },
  { kind: 'instrument', classes: ['noun.artifact'], ancestors: ['musical instrument'] },
  { kind: 'activity', classes: ['noun.act'], ancestors: ['sport', 'game', 'exercise', 'recreation', 'diversion', 'athletics', 'dance', 'hobby', 'avocation', 'art', 'music', 'walk', 'travel'] },
  { kind: 'organization', classes: ['noun.group'], ancestors: ['organization', 'institution', 'company', 'business', 'enterprise', 'team', 'club', 'party', 'union'] },
  { kind: 'location', classes: ['noun.location', 'noun.object'], ancestors: ['location', 'region', 'geographical area', 'city', 'country', 'state', 'town', 'district', 'land', 'body of water', 'mountain', 'island', 'continent', 'municipality'] },
  { kind: 'vehicle', classes: ['noun.artifact'], ancestors: ['vehicle', 'craft', 'conveyance'] },
];

export interface KindOptions {
  /** How many of the noun's senses are read, most frequent first (default 1). */
  maxSenses?: number;
  /** How far up the hypernym chain a rule may look (default 10). */
  maxDepth?: number;
  /** The rules (default KIND_RULES; tests pass their own). */
  rules?: readonly KindRule[];
}

/** The lemmas on a sense's hypernym chain within `maxDepth` steps, the sense's own included. */
export function ancestorLemmas(lex: Lexicon, sense: LexSense, maxDepth: number): Set<string> {
  const out = new Set(sense.lemmas);
  let frontier = [sense];
  const seen = new Set([sense.id]);
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: LexSense[] = [];
    for (const s of frontier) {
      for (const h of lex.hypernyms(s.id)) {
        if (seen.has(h.id)) continue;
        seen.add(h.id);
        for (const l of h.lemmas) out.add(l);
        next.push(h);
      }
    }
    frontier = next;
  }
  return out;
}

/** Whether one sense satisfies a rule, given its ancestor lemmas. */
export function senseMatches(rule: KindRule, sense: LexSense, ancestors: ReadonlySet<string>): boolean {
  if (rule.classes && !rule.classes.includes(sense.lexClass)) return false;
  if (rule.ancestors && !rule.ancestors.some((a) => ancestors.has(a))) return false;
  if (rule.unless?.some((a) => ancestors.has(a))) return false;
  return true;
}

/** Bytes of the kindsOf memo per lexicon (a word's kinds: its key and a short array). */
export const KINDS_MEMO_BYTES = 2 * 1024 * 1024;
const kindsBytes = (key: string, kinds: readonly NounKind[]) => stringBytes(key) + 16 + 8 * kinds.length;
const memo = new WeakMap<Lexicon, ByteLru<NounKind[]>>();

/** Bytes the kindsOf memo of `lex` holds (≤ KINDS_MEMO_BYTES). */
export function kindsMemoBytes(lex: Lexicon): number {
  return memo.get(lex)?.bytes ?? 0;
}

/** Every kind a noun's first senses have, in KIND_RULES order; [] for unknown words. */
export function kindsOf(lex: Lexicon, word: string, opts: KindOptions = {}): NounKind[] {
  const maxSenses = opts.maxSenses ?? 1;
  const maxDepth = opts.maxDepth ?? 10;
  const rules = opts.rules ?? KIND_RULES;
  const key = `${normalizeWord(word)}|${maxSenses}|${maxDepth}`;
  let cache = memo.get(lex);
  if (rules === KIND_RULES) {
    if (!cache) memo.set(lex, (cache = new ByteLru<NounKind[]>(KINDS_MEMO_BYTES, kindsBytes)));
    const hit = cache.get(key);
    if (hit) return hit;
  }
  const found = new Set<NounKind>();
  for (const sense of lex.senses(word, 'noun', maxSenses)) {
    const ancestors = ancestorLemmas(lex, sense, maxDepth);
    for (const rule of rules) if (senseMatches(rule, sense, ancestors)) found.add(rule.kind);
  }
  const out = rules.filter((r) => found.has(r.kind)).map((r) => r.kind).filter((k, i, a) => a.indexOf(k) === i);
  if (rules === KIND_RULES && cache) cache.set(key, out);
  return out;
}

/** True when the noun (first senses) is of `kind`. */
export function isKind(lex: Lexicon, word: string, kind: NounKind, opts: KindOptions = {}): boolean {
  return kindsOf(lex, word, opts).includes(kind);
}
