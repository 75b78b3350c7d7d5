/**
 * @module core/extraction/learned/features
 * Sparse features of one sentence for the learned key model: content lemmas and lemma bigrams
 * (wink-nlp), what each noun is (noun kinds and lexicographer classes over the Lexicon port, so an
 * unseen word counts through its class: "hutch" → noun.artifact, "groomer" → occupation, a breed →
 * animal), the classes of the verbs, first-person and third-party markers, negation, numbers and
 * proper-name shape. Pure: the lexicon is asked synchronously, answers are memoised per lexicon.
 */
import type { Lexicon, PartOfSpeech } from '../../ports.ts';
import type { NlpToken } from '../nlp.ts';
import { kindOf } from '../frames/kinds.ts';
import { NOT_NAMES, RELATIONS } from '../lexicon.ts';

/** Closed-class words that carry no key evidence on their own (kept out of the lemma features). */
const STOP = new Set('a|an|the|and|or|but|so|of|to|in|on|at|for|with|from|by|it|this|that|these|those|be|is|are|was|were|am|been|being|do|does|did|have|has|had|just|really|very|too|also|then|than|there|here|as|if|not|no|yes|up|out|all|some|any|what|which|who|whom|how|when|where|why|can|could|would|will|shall|should|may|might|must'.split('|'));
const FIRST = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'im', "i'm"]);
const THIRD_POSS = new Set(['his', 'her', 'their', 'your', 'he', 'she', 'they', 'you']);

export interface WordInfo {
  /** Noun kind (animal, food, occupation, location…) or null. */
  kind: string | null;
  /** Lexicographer class of the first sense for the part of speech asked. */
  cls: string | null;
  /** Lemmas of the first sense's hypernyms (one step), for finer classes than the lexicographer file. */
  hyper: string[];
}

const memo = new WeakMap<Lexicon, Map<string, WordInfo>>();
const NO_LEX = new Map<string, WordInfo>();
const MEMO_MAX = 50_000;

function posOf(tag: string): PartOfSpeech | null {
  if (tag === 'NOUN' || tag === 'PROPN') return 'noun';
  if (tag === 'VERB') return 'verb';
  if (tag === 'ADJ') return 'adj';
  return null;
}

/** What the lexicon says of a word under a part of speech (memoised). */
export function wordInfo(word: string, pos: PartOfSpeech, lex?: Lexicon): WordInfo {
  const table = lex ? (memo.get(lex) ?? memo.set(lex, new Map()).get(lex)!) : NO_LEX;
  const key = `${pos}:${word}`;
  const hit = table.get(key);
  if (hit) return hit;
  let info: WordInfo = { kind: null, cls: null, hyper: [] };
  if (pos === 'noun') info.kind = kindOf(word, lex);
  if (lex) {
    const sense = lex.senses(word, pos, 1)[0];
    if (sense) info = { ...info, cls: sense.lexClass, hyper: lex.hypernyms(sense.id).slice(0, 2).map((h) => h.lemmas[0]).filter(Boolean) };
  }
  if (table.size < MEMO_MAX) table.set(key, info);
  return info;
}

/** A token that looks like a name: capitalised, tagged a proper noun (or capitalised mid-sentence), not a closed word. */
export function isNameToken(t: NlpToken, index: number): boolean {
  if (!/^[\p{Lu}][\p{L}'’-]*$/u.test(t.text) || /^i['’]/.test(t.lower) || NOT_NAMES.has(t.lower) || t.lower in RELATIONS) return false;
  return t.pos === 'PROPN' || (index > 0 && (t.pos === 'NOUN' || t.pos === 'ADJ' || t.pos === 'X'));
}

/** The sparse binary features of a sentence's tokens. `thirdParty`: the clause subject attribution named someone else. */
export function sentenceFeatures(tokens: readonly NlpToken[], lex?: Lexicon, thirdParty = false): string[] {
  const f = new Set<string>(['bias']);
  let prev = '^';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.pos === 'PUNCT' || t.pos === 'SYM') {
      prev = '|';
      continue;
    }
    if (FIRST.has(t.lower)) f.add('fp');
    if (t.lower === 'my' || t.lower === 'our') f.add('fp:poss');
    if (THIRD_POSS.has(t.lower)) f.add('tp');
    if (t.negated) f.add('neg');
    if (t.pos === 'NUM' || /\d/.test(t.text)) f.add('num');
    const name = isNameToken(t, i);
    const lemma = name ? 'NAME' : t.lemma.toLowerCase();
    if (name) {
      f.add('name');
    }
    if (!STOP.has(lemma)) {
      f.add(`w:${lemma}`);
      f.add(`b:${prev}_${lemma}`);
    } else f.add(`b:${prev}_${lemma}`);
    prev = lemma;
    if (t.lower in RELATIONS) f.add('rel');
    const pos = posOf(t.pos);
    if (!pos || name) {
      if (name) {
        const k = kindOf(t.text, lex);
        if (k) f.add(`nk:${k}`);
      }
      continue;
    }
    const info = wordInfo(t.lemma.toLowerCase(), pos, lex);
    if (info.kind) f.add(`k:${info.kind}`);
    if (info.cls) f.add(`c:${info.cls}`);
    for (const h of info.hyper) f.add(`h:${h}`);
  }
  if (thirdParty) f.add('third');
  return [...f];
}
