/**
 * @module core/extraction/learned/layer
 * The learned layer of the offline extractor: for each sentence of a user message that survives the
 * shared screening (questions, hypotheticals, wishes, sarcasm, requests, reported speech and advice
 * from others), the key model (model.ts) scores every key; a key at or above its threshold that the
 * rules and frames left unsaid for the speaker in this message becomes an implicit candidate (0.6)
 * when an argument of the fitting type is in the sentence (values.ts). It only adds speaker facts,
 * only asserts, and never a value the rules already gave to another key or a person.
 */
import type { Lexicon } from '../../ports.ts';
import type { MemoryCandidate } from '../../types.ts';
import { analyseText, type NlpToken } from '../nlp.ts';
import { keySpec } from '../key-vocabulary.ts';
import { expandContractions, isHypothetical, isJokeOrSarcasm, isQuestion, isRequest, stripMarkers, stripQuotes } from '../sentences.ts';
import { attribute, isOthersAdvice, resolveReportedSpeech } from '../subject-attribution.ts';
import { sentenceFeatures } from './features.ts';
import { activeKeyModel, predictKeys, type KeyModel } from './model.ts';
import { pickValue } from './values.ts';

/** Confidence of a learned candidate: implicit evidence. */
export const LEARNED_CONFIDENCE = 0.6;

export interface SentenceUnit {
  raw: string;
  tokens: NlpToken[];
  features: string[];
  /** The sentence is the speaker's own: a first-person word, or a subject-less fragment opening with a verb. */
  own: boolean;
}

const FIRST_PERSON = /\b(?:I|me|my|mine|we|us|our|ours)\b/i;
/** A wh-question written without its question mark ("what's the difference between…"). */
const BARE_WH = /^\s*(?:what|which|who|where|when|why|how)(?:['’]s|\s+(?:is|are|was|were|do|does|did))\b/i;
const ownSentence = (raw: string, tokens: NlpToken[]) => FIRST_PERSON.test(raw) || ['VERB'].includes(tokens.find((t) => t.pos !== 'PUNCT' && t.pos !== 'ADV' && t.pos !== 'INTJ')?.pos ?? '');

/** The screened sentences of a (prepared) user message with their features; screened-out sentences are dropped. */
export function sentenceUnits(text: string, speaker: string, lex?: Lexicon): SentenceUnit[] {
  const out: SentenceUnit[] = [];
  for (const s of analyseText(text)) {
    const raw = s.text.trim();
    if (!raw || raw.length > 400) continue;
    const exp = expandContractions(stripQuotes(raw));
    if (isQuestion(raw) || BARE_WH.test(raw) || isJokeOrSarcasm(raw) || isRequest(exp) || isHypothetical(exp) || isOthersAdvice(exp)) continue;
    const body = stripMarkers(exp);
    if (resolveReportedSpeech(body, speaker) !== null) continue;
    const att = attribute(body, speaker, null);
    out.push({ raw, tokens: s.tokens, features: sentenceFeatures(s.tokens, lex, !!att && !att.subject.self), own: ownSentence(raw, s.tokens) });
  }
  return out;
}

const OWN_ONLY = process.env.LEARNED_OWN !== '0';
const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

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
  const said = new Set(existing.filter((c) => c.subject === speaker).map((c) => c.key));
  for (const u of sentenceUnits(text, speaker, lex)) {
    if (OWN_ONLY && !u.own) continue;
    for (const { key, p } of predictKeys(model, u.features)) {
      if (said.has(key)) continue;
      const value = pickValue(key, u.tokens, lex, taken);
      if (!value || [...taken].some((t) => t && norm(value) === t)) continue;
      said.add(key);
      out.push({
        type: keySpec(key)?.type ?? 'fact',
        subject: speaker,
        key,
        value,
        confidence: LEARNED_CONFIDENCE,
        op: 'assert',
        evidence: u.raw,
        eventDate: null,
        replaces: null,
        metadata: { implicit: true, learned: Math.round(p * 1000) / 1000, extractor: 'offline' },
      });
    }
  }
  return out;
}
