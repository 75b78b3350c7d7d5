/**
 * @module core/extraction/learned/layer
 * The learned layer of the offline extractor: for each sentence of a user message that survives the
 * shared screening (questions, hypotheticals, wishes, sarcasm, requests, reported speech and advice
 * from others) and is the speaker's own (a first-person word, or a fragment opening with a verb), each
 * typed argument (arguments.ts: a name, or a noun the lexicon types) is scored by the key model
 * (model.ts) for every key. Per key, the most probable argument at or above the key's threshold
 * becomes an implicit candidate (0.6) when the rules and frames left that key unsaid for the speaker
 * in this message. It only adds speaker facts, only asserts, and never a value the rules already gave
 * to another key or a person.
 */
import type { Lexicon } from '../../ports.ts';
import type { MemoryCandidate } from '../../types.ts';
import { analyseText, type NlpToken } from '../nlp.ts';
import { keySpec } from '../key-vocabulary.ts';
import { expandContractions, isHypothetical, isJokeOrSarcasm, isQuestion, isRequest, stripMarkers, stripQuotes } from '../sentences.ts';
import { attribute, isOthersAdvice, resolveReportedSpeech } from '../subject-attribution.ts';
import { sentenceFeatures } from './features.ts';
import { shapeOfTokens } from '../frames/clause-shape.ts';
import { kindOf } from '../frames/kinds.ts';
import { activeKeyModel, keyProbabilities, type KeyModel } from './model.ts';
import { argumentsOf } from './arguments.ts';
import { escapeRe } from '../re.ts';

/** Confidence of a learned candidate: implicit evidence. */
export const LEARNED_CONFIDENCE = 0.6;

export interface SentenceUnit {
  raw: string;
  tokens: readonly NlpToken[];
  features: string[];
  /** The sentence is the speaker's own: a first-person word, or a subject-less fragment opening with a verb. */
  own: boolean;
}

const FIRST_PERSON = /\b(?:I|me|my|mine|we|us|our|ours)\b/i;
/** A wh-question written without its question mark ("what's the difference between…"). */
const BARE_WH = /^\s*(?:what|which|who|where|when|why|how)(?:['’]s|\s+(?:is|are|was|were|do|does|did))\b/i;
const OTHERS = new Set(['the', 'his', 'her', 'their', 'your', 'some', 'a', 'an']);
const PEOPLE = new Set(['person', 'social', 'family', 'occupation']);
/**
 * The speaker's own sentence: a first-person word or a fragment opening with a verb, unless its subject is someone else
 * (he/she/they/you, or "the neighbours", "my son": a person-like noun under a determiner) or its verb is modal.
 */
function ownSentence(raw: string, tokens: readonly NlpToken[], lex?: Lexicon): boolean {
  const shape = shapeOfTokens(tokens);
  if (shape.pronoun && ['he', 'she', 'they', 'you'].includes(shape.pronoun)) return false;
  // "I would love ten years as a pilot", "we might get a puppy": a modal clause states no fact.
  if (shape.modal && ['would', 'could', 'might', 'should', 'may'].includes(shape.modal)) return false;
  // "I don't work at Fernway", "we never lived in Leeds": a negated main verb states no learned fact (the rules and
  // frames read what a negation does state: retractions, diets by abstinence).
  if (shape.negated) return false;
  const subj = shape.subject;
  // "my son ate a peanut…", "the neighbours walk Rex": a person-like subject is someone else, whoever's it is.
  if (subj && subj.det && (OTHERS.has(subj.det) || subj.det === 'my' || subj.det === 'our') && PEOPLE.has(kindOf(subj.headLemma, lex) ?? '')) return false;
  return FIRST_PERSON.test(raw) || tokens.find((t) => t.pos !== 'PUNCT' && t.pos !== 'ADV' && t.pos !== 'INTJ')?.pos === 'VERB';
}

/**
 * The screened sentences of a (prepared) user message with their features; screened-out sentences are dropped.
 * `ownOnly`: only the speaker's own sentences (the ones the learned layer reads), so the others are not featurised.
 */
export function sentenceUnits(text: string, speaker: string, lex?: Lexicon, ownOnly = false): SentenceUnit[] {
  const out: SentenceUnit[] = [];
  for (const s of analyseText(text)) {
    const raw = s.text.trim();
    if (!raw || raw.length > 400) continue;
    const exp = expandContractions(stripQuotes(raw));
    if (isQuestion(raw) || BARE_WH.test(raw) || isJokeOrSarcasm(raw) || isRequest(exp) || isHypothetical(exp) || isOthersAdvice(exp) || WEIGHED.test(exp)) continue;
    const body = stripMarkers(exp);
    if (resolveReportedSpeech(body, speaker) !== null) continue;
    const own = ownSentence(raw, s.tokens, lex);
    if (ownOnly && !own) continue;
    const att = attribute(body, speaker, null);
    out.push({ raw, tokens: s.tokens, features: sentenceFeatures(s.tokens, lex, !!att && !att.subject.self), own });
  }
  return out;
}

/**
 * A doing only weighed ("considering joining Accenture", "thinking about moving to Leeds"): its arguments are a plan's,
 * so the layer, which cannot tell the plan from the facts beside it, reads nothing of the sentence (the rules still do).
 */
const WEIGHED = /\b(?:thinking\s+(?:of|about)|considering|contemplating|toying\s+with(?:\s+the\s+idea\s+of)?)\s+[\p{L}]+ing\b/iu;

/** Keys whose learned value is a place: never one named inside an event the rules read. */
const PLACE_KEYS = new Set(['employer', 'location', 'hometown']);

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The animal a learned pet name is given to in its sentence ("took in a beagle named Maple" → beagle), when the
 * one or two words before "named / called <name>" are an animal by the lexicon; else null. The learned pet is then
 * stored as the rules store "adopted a beagle named Maple", species and name, not the bare name.
 */
export function namedSpecies(name: string, sentence: string, lex?: Lexicon): string | null {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`\\b((?:[a-z][a-z'-]*\\s+)?[a-z][a-z'-]*)\\s+(?:named|called)\\s+${esc}\\b`, 'i').exec(sentence);
  if (!m) return null;
  const words = m[1]!.toLowerCase().split(/\s+/);
  for (const phrase of words.length > 1 ? [words.join(' '), words[1]!] : words) if (kindOf(phrase, lex) === 'animal') return phrase;
  return null;
}

/** The learned candidates for one user message, given what the rules and frames already extracted from it. */
export function learnedCandidates(text: string, speaker: string, existing: readonly MemoryCandidate[], lex?: Lexicon, model: KeyModel = activeKeyModel()): MemoryCandidate[] {
  if (model.keys.length === 0) return [];
  const out: MemoryCandidate[] = [];
  // Names the rules gave to people (relatives, speakers) and values they already placed are not learned values.
  const taken = new Set<string>();
  for (const c of existing) {
    taken.add(norm(c.value));
    for (const w of c.subject.split(' ')) taken.add(w);
    if (typeof c.metadata?.name === 'string') taken.add(norm(c.metadata.name));
  }
  taken.add(norm(speaker));
  const placedLonger = existing.map((c) => norm(c.value)).filter((v) => v.includes(' '));
  // "got married at Gretna Green on Friday": a place inside an event the rules read is where it happened, not a
  // workplace or a home to learn (a job start's place is the employer, and stays learnable). Only places (PLACE_KEYS):
  // a pet or a job named inside an activity is still learned.
  const occasions = existing.filter((c) => c.type === 'event' && c.key !== 'event_job_start').map((c) => ` ${norm(c.value)} `);
  const said = new Set(existing.filter((c) => c.subject === speaker).map((c) => c.key));
  // Each typed argument of each own sentence is scored for every key; per key the most probable argument at or above
  // the key's threshold is kept.
  const best = new Map<string, { value: string; p: number; evidence: string }>();
  // A sentence the readers found to be about someone else ("My friend Olivia just got hired … at Shopify") gives the
  // speaker nothing to learn.
  const aboutOthers = new Set(existing.filter((c) => c.subject !== speaker && c.type !== 'relation').map((c) => c.evidence.trim()));
  for (const u of sentenceUnits(text, speaker, lex, true)) {
    if (aboutOthers.has(u.raw.trim())) continue;
    for (const a of argumentsOf(u.tokens, u.features, lex)) {
      // (…nor a name's first words: "Leeds College" inside the rules' "Leeds College of Art".)
      if (taken.has(norm(a.value)) || (a.type === 'name' && placedLonger.some((v) => v.startsWith(`${norm(a.value)} `)))) continue;
      const probs = keyProbabilities(model, a.features);
      const key = model.keys.reduce((k, x) => (probs[x] > probs[k] ? x : k), model.keys[0]);
      if (PLACE_KEYS.has(key) && occasions.some((o) => o.includes(` ${norm(a.value)} `))) continue;
      // "packed lunches for Zoe, Max and Lily": a name in a list of names is one of a group, not the one workplace or home.
      if (PLACE_KEYS.has(key) && a.type === 'name' && coordinatedName(a.value, u.raw)) continue;
      const p = probs[key];
      if (said.has(key) || p < (model.thresholds[key] ?? 0.5)) continue;
      // "my Canadian citizenship": a word before a noun that can only be a noun modifies it; no pet is named so.
      if (key === 'pet' && lex && modifiesNoun(a.value, u.raw, lex)) continue;
      // "I carry an epipen": a name takes no indefinite article; a thing that does is no pet's name.
      if (key === 'pet' && new RegExp(`\\b(?:a|an|another|any|some)\\s+${escapeRe(a.value)}\\b`, 'i').test(u.raw)) continue;
      if ((best.get(key)?.p ?? -1) < p) best.set(key, { value: a.value, p, evidence: u.raw });
    }
  }
  for (const [key, { value: learned, p, evidence }] of best) {
    const species = key === 'pet' ? namedSpecies(learned, evidence, lex) : null;
    const value = species ? `${species} named ${learned}` : learned;
    out.push({
      type: keySpec(key)?.type ?? 'fact',
      subject: speaker,
      key,
      value,
      confidence: LEARNED_CONFIDENCE,
      op: 'assert',
      evidence,
      eventDate: null,
      replaces: null,
      metadata: { implicit: true, learned: Math.round(p * 1000) / 1000, extractor: 'offline', ...(species ? { species, name: learned } : {}) },
    });
  }
  return out;
}

/** Whether the name `value` is coordinated with another capitalised name in `sentence` ("Zoe, Max and Lily"). */
export function coordinatedName(value: string, sentence: string): boolean {
  const v = escapeRe(value);
  return new RegExp(`(?:^|[^\\p{L}])${v}(?:\\s*\\([^)]*\\))?\\s*(?:,|&|\\band\\b|\\bor\\b)\\s*(?:and\\s+|or\\s+)?[\\p{Lu}]|[\\p{Lu}][\\p{L}'’-]*\\s*(?:,|&|\\band\\b|\\bor\\b)\\s*(?:and\\s+|or\\s+)?${v}(?![\\p{L}])`, 'u').test(sentence);
}

/** Whether `value` stands right before a word the lexicon holds only as a noun, and no animal ("Canadian citizenship"). */
function modifiesNoun(value: string, sentence: string, lex: Lexicon): boolean {
  const at = sentence.indexOf(value);
  const next = at >= 0 ? /^\s+([a-z]+)\b/.exec(sentence.slice(at + value.length))?.[1] : undefined;
  if (!next) return false;
  // ("my Akhal-Teke mare": before an animal noun the word is its breed, and the pet is that animal.)
  const noun = lex.senses(next, 'noun', 1)[0];
  return !!noun && noun.lexClass !== 'noun.animal' && lex.senses(next, 'verb', 1).length === 0 && lex.senses(next, 'adj', 1).length === 0 && lex.senses(next, 'adv', 1).length === 0;
}
