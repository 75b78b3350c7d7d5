/**
 * @module core/extraction/nlp
 * The one place the NLP library is loaded: wink-nlp with its English lite model (chosen over
 * compromise by measurement: ~13x faster per turn, see CHANGELOG). Gives sentence splitting,
 * tokens with universal POS tags, wink's negation flags and a sentiment score. Pure and
 * deterministic; the model is loaded once per process.
 */
import winkNLP, { type ItemSentence } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

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
  tokens: NlpToken[];
  /** wink sentiment in [-1, 1]. */
  sentiment: number;
}

const nlp = winkNLP(model);
const its = nlp.its;

/** Splits text into sentences with their tokens, POS tags, negation flags and sentiment. */
export function analyseText(text: string): NlpSentence[] {
  const doc = nlp.readDoc(text);
  const out: NlpSentence[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const toks = s.tokens();
    const words = toks.out(its.value) as string[];
    const pos = toks.out(its.pos) as string[];
    const neg = toks.out(its.negationFlag) as unknown as boolean[];
    const lemmas = toks.out(its.lemma as never) as unknown as string[];
    const tokens: NlpToken[] = words.map((w, i) => ({ text: w, lower: w.toLowerCase(), pos: pos[i] ?? 'X', lemma: lemmas[i] ?? w.toLowerCase(), negated: Boolean(neg[i]) }));
    out.push({ text: s.out(), tokens, sentiment: Number(s.out(its.sentiment)) || 0 });
  });
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
