/**
 * @module core/extraction/nlp
 * The one place the NLP library is loaded: wink-nlp with its English lite model (chosen over
 * compromise by measurement: ~13x faster per turn, see CHANGELOG). Gives sentence splitting,
 * tokens with universal POS tags, wink's negation flags and a sentiment score. Pure and
 * deterministic; the model is loaded once per process. The extractor's readers (sentences,
 * clause frames, the learned layer) ask for the same text several times per turn, so within one
 * extraction (`withSharedAnalysis`) each text is analysed once and shared read-only (frozen).
 */
import winkNLP, { type ItemSentence } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { RELATIONS } from './lexicon.ts';
import { withTurnMemo } from './turn-memo.ts';

export interface NlpToken {
  text: string;
  lower: string;
  /** Universal POS tag (NOUN, PROPN, VERB, AUX, ADJ, PRON, ...). */
  pos: string;
  /** wink's lemma ("crossed" → "cross", "years" → "year"). */
  lemma: string;
  /** True when wink marks the token as in the scope of a negation. */
  negated: boolean;
}

export interface NlpSentence {
  text: string;
  tokens: readonly NlpToken[];
  /** wink sentiment in [-1, 1]. */
  sentiment: number;
}

// The pipe without wink's named-entity pass: nothing reads its entities, and the other passes (sentences, negation,
// sentiment, POS and lemmas) do not depend on it, so their output is the same for ~12% less time per analysis.
const nlp = winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']);
const its = nlp.its;

/** Characters of text one extraction keeps analyses for (beyond it, texts are analysed every time). */
export const ANALYSIS_MEMO_CHARS = 200_000;
let memo: { byText: Map<string, readonly NlpSentence[]>; chars: number } | null = null;

/**
 * Runs `fn` (one extraction: synchronous) with analyses shared between its readers, then drops
 * them. Nested calls join the outer one. Outside it every call analyses afresh, so nothing is
 * kept between turns (and a benchmark repeating a text measures the analysis every time).
 */
export function withSharedAnalysis<T>(fn: () => T): T {
  if (memo) return fn();
  memo = { byText: new Map(), chars: 0 };
  try {
    // The other readers' per-turn answers (turn-memo.ts) live exactly as long.
    return withTurnMemo(fn);
  } finally {
    memo = null;
  }
}

/**
 * Splits text into sentences with their tokens, POS tags, negation flags and sentiment. The
 * result is frozen: inside withSharedAnalysis the next reader of the same text gets it too.
 */
export function analyseText(text: string): readonly NlpSentence[] {
  const hit = memo?.byText.get(text);
  if (hit) return hit;
  const out = deepFreeze(analyseUncached(text));
  if (memo && memo.chars + text.length <= ANALYSIS_MEMO_CHARS) {
    memo.byText.set(text, out);
    memo.chars += text.length;
  }
  return out;
}

function deepFreeze(sentences: NlpSentence[]): readonly NlpSentence[] {
  for (const s of sentences) {
    for (const t of s.tokens) Object.freeze(t);
    Object.freeze(s.tokens);
    Object.freeze(s);
  }
  return Object.freeze(sentences);
}

/** Auxiliaries by base form: wink leaves a capitalised one as it is ("Been a chef for years" read "been" as its lemma). */
const AUX_LEMMAS: Readonly<Record<string, string>> = { been: 'be', being: 'be', am: 'be', is: 'be', are: 'be', was: 'be', were: 'be', has: 'have', have: 'have', had: 'have', does: 'do', did: 'do' };

/**
 * A word in capitals, a full stop, then a capital inside one of wink's sentences: wink took the word for a title ("MS."
 * as "Ms.") and ran two sentences together ("diagnosed with MS. What can I do?"). The sentence ends at the stop.
 */
const CAPS_STOP = /\b[A-Z]{2,}\.(?=\s+[A-Z])/;

function analyseUncached(text: string): NlpSentence[] {
  const doc = nlp.readDoc(text);
  const out: NlpSentence[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const whole = s.out();
    const stop = CAPS_STOP.exec(whole);
    if (stop && whole !== whole.toUpperCase()) {
      const at = stop.index + stop[0].length;
      out.push(...analyseUncached(whole.slice(0, at)), ...analyseUncached(whole.slice(at).trimStart()));
      return;
    }
    const toks = s.tokens();
    const words = toks.out(its.value) as string[];
    const pos = toks.out(its.pos) as string[];
    const neg = toks.out(its.negationFlag) as unknown as boolean[];
    const lemmas = toks.out(its.lemma as never) as unknown as string[];
    const spaces = toks.out(its.precedingSpaces) as string[];
    const tokens: NlpToken[] = nounsAfterArticles(joinCompounds(words.map((w, i) => ({ text: w, lower: w.toLowerCase(), pos: pos[i] ?? 'X', lemma: (pos[i] === 'AUX' && AUX_LEMMAS[w.toLowerCase()]) || (lemmas[i] ?? w.toLowerCase()), negated: Boolean(neg[i]) })), spaces));
    out.push({ text: s.out(), tokens, sentiment: Number(s.out(its.sentiment)) || 0 });
  });
  return out;
}

/** Words that open a noun phrase: after one of these, a word the tagger read as a verb is a noun ("I'm a cooper"). */
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'his', 'her', 'their']);

/**
 * A verb tag right after an article or possessive is the tagger's slip on a rare noun ("a cooper", "my tatting"); a
 * capitalised word inside the sentence tagged a verb right after a verb or preposition is a name ("we found Scout a
 * new home", "out with Rambo").
 */
function nounsAfterArticles(tokens: NlpToken[]): NlpToken[] {
  let out: NlpToken[] | null = null;
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].pos !== 'VERB') continue;
    if (ARTICLES.has(tokens[i - 1].lower) && !/ing$/.test(tokens[i].lower)) {
      out ??= tokens.slice();
      out[i] = { ...tokens[i], pos: 'NOUN', lemma: tokens[i].lower };
    } else if (i > 1 && /^[\p{Lu}][\p{Ll}]+$/u.test(tokens[i].text) && (tokens[i - 1].pos === 'VERB' || tokens[i - 1].pos === 'ADP') && /^[\p{Ll}]/u.test(tokens[i - 1].text)) {
      out ??= tokens.slice();
      out[i] = { ...tokens[i], pos: 'PROPN', lemma: tokens[i].lower };
    }
  }
  return out ?? tokens;
}

/**
 * wink splits "sister-in-law" and "step-dad" at the hyphens; a hyphenated run written without spaces that the relation
 * table knows whole is one noun again (a kinship word, so the clause's subject is that relative).
 */
function joinCompounds(tokens: NlpToken[], spaces: string[]): NlpToken[] {
  if (!tokens.some((t) => t.text === '-')) return tokens;
  const out: NlpToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let j = i;
    while (tokens[j + 1]?.text === '-' && tokens[j + 2] && !spaces[j + 1] && !spaces[j + 2]) j += 2;
    const whole = tokens.slice(i, j + 1).map((t) => t.lower).join('');
    if (j > i && whole in RELATIONS) {
      out.push({ text: tokens.slice(i, j + 1).map((t) => t.text).join(''), lower: whole, pos: 'NOUN', lemma: whole, negated: tokens[i].negated });
      i = j;
    } else out.push(tokens[i]);
  }
  return out;
}

/** Tokens and tags of a short fragment (a clause), without sentence splitting semantics. */
export function tagFragment(text: string): NlpToken[] {
  return analyseText(text).flatMap((s) => s.tokens);
}

/** Sentiment of a fragment in [-1, 1] (wink's lexicon, negation-aware). */
export function sentimentOf(text: string): number {
  return Number(nlp.readDoc(text).out(its.sentiment)) || 0;
}
