/**
 * @module core/text/enrich
 * Index-time meaning features of a turn: the kinds of the things the user talks about (a food,
 * an illness, an occupation, a place, an animal… from core/lexicon/kinds), stored as extra index
 * tokens (`_kfood`) beside the turn's words. A query word that names a kind ("work" → occupation,
 * "eat" → food) then reaches a turn that shares no word with it, through any store's lexical
 * index. Tokens start with "_", which no analysed word does. Also the places a named place lies
 * in (core/lexicon/places: "Cork" → ireland), as ordinary analysed terms, so a question naming
 * the country or region reaches a turn that names only the town. Pure (the lexicon is passed in).
 */
import type { Lexicon } from '../ports.ts';
import type { Message } from '../types.ts';
import { kindsOf, type NounKind } from '../lexicon/kinds.ts';
import { isPlaceWord, placesContaining } from '../lexicon/places.ts';
import { STOP_WORDS, analyze } from './analyze.ts';
import { ByteLru, stringBytes } from '../byte-lru.ts';

/** Kinds worth a feature ('person' is in nearly every turn and says nothing). */
export const FEATURE_KINDS: readonly NounKind[] = ['family', 'social', 'occupation', 'animal', 'food', 'illness', 'language', 'instrument', 'activity', 'organization', 'location', 'vehicle'];

/** Kinds a capitalised word (a name) may have: "Lisbon" is a place, "Tofu" the cat is no food. */
const NAME_KINDS: ReadonlySet<NounKind> = new Set(['location', 'organization', 'language']);

export const kindToken = (kind: NounKind) => `_k${kind}`;

/** Words too common to carry a kind reliably ("thing", "time", "people"), by the lexicon's commonness. */
export const ENRICH = { maxCommonness: 0.6 };

const TOKEN = /[\p{L}][\p{L}'’-]*/gu;

/** Kinds of one word in context: nouns by their first sense, adjectives through their derived nouns ("allergic" → allergy). */
function wordKinds(lex: Lexicon, word: string, capitalised: boolean): NounKind[] {
  const top = lex.classesOf(word)[0];
  if (!top) return [];
  let kinds: NounKind[] = [];
  if (top.startsWith('noun.')) {
    kinds = kindsOf(lex, word);
    // Animals and plants people eat: "fish", "lamb", "chicken" are food in their second sense.
    if ((kinds.includes('animal') || lex.classesOf(word, 'noun')[0] === 'noun.plant') && lex.classesOf(word, 'noun', 2).includes('noun.food')) kinds = [...kinds, 'food'];
  }
  else if (top.startsWith('adj.')) kinds = lex.derivations(word, 'adj').flatMap((n) => kindsOf(lex, n));
  return kinds.filter((k) => FEATURE_KINDS.includes(k) && (!capitalised || NAME_KINDS.has(k)));
}

/**
 * Memo of the per-token lookups (a word's or a collocation's kinds), per lexicon, bounded in bytes:
 * the vocabulary of a stream of turns repeats, and each lookup walks the lexicon's hypernyms.
 */
export const TOKEN_KINDS_MEMO_BYTES = 2 * 1024 * 1024;
const tokenMemo = new WeakMap<Lexicon, ByteLru<NounKind[]>>();
const NO_KINDS: NounKind[] = [];

function memoFor(lex: Lexicon): ByteLru<NounKind[]> {
  let m = tokenMemo.get(lex);
  if (!m) tokenMemo.set(lex, (m = new ByteLru<NounKind[]>(TOKEN_KINDS_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + 8 * v.length)));
  return m;
}

/** Bytes the token memo of `lex` holds (≤ TOKEN_KINDS_MEMO_BYTES). */
export function tokenKindsMemoBytes(lex: Lexicon): number {
  return tokenMemo.get(lex)?.bytes ?? 0;
}

/** Feature kinds of a two-word collocation ("ice cream"); [] when it is no noun. */
function pairKinds(lex: Lexicon, pair: string): NounKind[] {
  return memoFor(lex).getOrCompute(`p${pair}`, () => {
    const pk = lex.senses(pair, 'noun', 1).length > 0 ? kindsOf(lex, pair).filter((k) => FEATURE_KINDS.includes(k)) : NO_KINDS;
    return pk.length > 0 ? pk : NO_KINDS;
  });
}

/** Feature kinds of one lower-cased word (a hyphenated word as a whole, else by its parts: "gluten-free" → gluten). */
function lowerWordKinds(lex: Lexicon, lw: string, capitalised: boolean): NounKind[] {
  return memoFor(lex).getOrCompute(`${capitalised ? 'C' : 'w'}${lw}`, () => {
    const out = new Set<NounKind>();
    const whole = lex.senses(lw).length > 0 || !lw.includes('-') ? [lw] : lw.split('-');
    for (const part of whole) {
      if (part.length < 3 || STOP_WORDS.has(part)) continue;
      if ((lex.commonness?.(part) ?? 0) > ENRICH.maxCommonness) continue;
      for (const k of wordKinds(lex, part, capitalised)) out.add(k);
    }
    return out.size > 0 ? [...out] : NO_KINDS;
  });
}

/** A word of a text with what its position says: capitalised by the writer, or opening a sentence. */
interface TextWord {
  w: string;
  lw: string;
  /** Starts with a capital letter. */
  initialCap: boolean;
  /** First word of a sentence (capitalised by the sentence, not necessarily a name). */
  sentenceStart: boolean;
  /** The next word when a single character (a space) separates them: a possible two-word collocation or name. */
  next?: TextWord;
}

function textWords(text: string): TextWord[] {
  const toks = [...text.matchAll(TOKEN)].map((m) => {
    const w = m[0].replace(/’/g, "'").replace(/'s$/, '');
    const at = m.index ?? 0;
    return { w, lw: w.toLowerCase(), at, initialCap: /^[\p{Lu}]/u.test(w), sentenceStart: at === 0 || /[.!?]\s*$/.test(text.slice(Math.max(0, at - 3), at)) } as TextWord & { at: number };
  });
  toks.forEach((t, i) => {
    const n = toks[i + 1];
    if (n && n.at - (t.at + t.w.length) === 1) t.next = n;
  });
  return toks;
}

/** What the words of a text yield, a two-word run first (`pair`; a non-empty answer consumes both words), else each word alone. */
function collect<T>(text: string, pair: (a: TextWord, b: TextWord) => readonly T[], single: (t: TextWord) => readonly T[]): Set<T> {
  const out = new Set<T>();
  const ws = textWords(text);
  for (let i = 0; i < ws.length; i++) {
    const t = ws[i]!;
    const p = t.next ? pair(t, t.next) : [];
    if (p.length > 0) {
      for (const x of p) out.add(x);
      i++;
      continue;
    }
    for (const x of single(t)) out.add(x);
  }
  return out;
}

/** The kinds a text mentions (two-word collocations first: "ice cream", "night shift"). */
export function textKinds(lex: Lexicon, text: string): Set<NounKind> {
  return collect(
    text,
    (a, b) => pairKinds(lex, `${a.lw} ${b.lw}`),
    (t) => lowerWordKinds(lex, t.lw, t.initialCap && !t.sentenceStart),
  );
}

/** Memo of a word's containing places' terms, per lexicon, bounded in bytes like the kinds memo. */
const placeMemo = new WeakMap<Lexicon, ByteLru<string[]>>();

/** Analysed terms of the places a word lies in. */
function containerTerms(lex: Lexicon, word: string, capitalised: boolean): string[] {
  let memo = placeMemo.get(lex);
  if (!memo) placeMemo.set(lex, (memo = new ByteLru<string[]>(TOKEN_KINDS_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + v.reduce((n, t) => n + stringBytes(t) + 8, 0))));
  return memo.getOrCompute(`${capitalised ? 'C' : 'w'}${word}`, () => {
    // One-word names whole; of a longer name only the words that are places themselves ("new york" → york, "united
    // states" → nothing): "united", "new", "republic" would tie a town to every turn that says them.
    const kept = placesContaining(lex, word, { capitalised }).flatMap((n) => (n.includes(' ') ? n.split(' ').filter((w) => isPlaceWord(lex, w)) : [n]));
    return kept.length > 0 ? [...new Set(analyze(kept.join(' ')))] : NO_TERMS;
  });
}
const NO_TERMS: string[] = [];

/**
 * Index terms of the places that the named places of a text lie in: a capitalised word or pair
 * inside a sentence by its location senses ("in Cork", "New York"), a sentence's first word only
 * when its first sense is a place ("Lisbon was…", not "Turkey was…"). Each term once.
 */
export function containingPlaceTerms(lex: Lexicon, text: string): string[] {
  if (!lex.partHolonyms) return NO_TERMS;
  const named = (t: TextWord) => t.initialCap && t.w.length >= 3;
  const out = collect(
    text,
    (a, b) => (named(a) && b.initialCap ? containerTerms(lex, `${a.lw} ${b.lw}`, true) : NO_TERMS),
    (t) => (named(t) ? containerTerms(lex, t.lw, !t.sentenceStart) : NO_TERMS),
  );
  return out.size > 0 ? [...out] : NO_TERMS;
}

/**
 * Feature tokens of a turn: the kinds its user messages mention (what the assistant says is not
 * the user's), then the terms of the places their named places lie in.
 */
export function turnFeatures(lex: Lexicon, messages: readonly Message[]): string[] {
  const kinds = new Set<NounKind>();
  const places = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const k of textKinds(lex, m.content)) kinds.add(k);
    for (const t of containingPlaceTerms(lex, m.content)) places.add(t);
  }
  return [...FEATURE_KINDS.filter((k) => kinds.has(k)).map(kindToken), ...places];
}
