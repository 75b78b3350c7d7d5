/**
 * @module core/extraction/learned/arguments
 * The arguments of a sentence the learned model may turn into memory values, with their features:
 * each name run ("Halvorsen Freight", "Pretzel") and each noun the lexicon types (animal, food,
 * occupation, activity, instrument, illness, language, vehicle, location, organisation) or diet term.
 * An argument's features are its type (and the kind the lexicon gives a name), the words around it,
 * and the sentence's lexical classes conjoined with its type — so "a name in a sentence with an
 * animal-care verb" is one feature whatever the name and the verb. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { NlpToken } from '../nlp.ts';
import { kindOf } from '../frames/kinds.ts';
import { DIETS } from '../lexicon.ts';
import { isNameToken, wordInfo } from './features.ts';

export interface Argument {
  /** The value as it would be stored. */
  value: string;
  /** name | kind:<kind> | diet */
  type: string;
  features: string[];
}

interface Run {
  text: string;
  start: number;
  end: number;
}

/** Maximal runs of name tokens ("Halvorsen Freight", "Toa Payoh"). */
export function nameRuns(tokens: readonly NlpToken[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // A capitalised first word is a name only when a verb follows it ("Kofi drags me…", not "Duolingo's owl…").
    const name = i === 0 ? isNameToken(tokens[i], 1) && ['VERB', 'AUX'].includes(tokens[1]?.pos ?? '') && !/^['’]s$/.test(tokens[1]?.text ?? '') : isNameToken(tokens[i], i);
    if (!name) continue;
    let j = i;
    while (j + 1 < tokens.length && isNameToken(tokens[j + 1], j + 1)) j++;
    runs.push({ text: tokens.slice(i, j + 1).map((t) => t.text).join(' '), start: i, end: j });
    i = j;
  }
  return runs;
}

const TYPED = new Set(['animal', 'food', 'occupation', 'activity', 'instrument', 'illness', 'language', 'vehicle', 'location', 'organization']);
const lemmaAt = (tokens: readonly NlpToken[], i: number) => (i < 0 ? '^' : i >= tokens.length ? '$' : tokens[i].pos === 'PUNCT' ? '|' : tokens[i].lemma.toLowerCase());

/** The candidate arguments of a sentence, given its sentence-level features (features.ts). */
export function argumentsOf(tokens: readonly NlpToken[], sentence: readonly string[], lex?: Lexicon): Argument[] {
  const out: Argument[] = [];
  const classes = sentence.filter((f) => f.startsWith('c:') || f.startsWith('k:') || f === 'fp' || f === 'fp:poss' || f === 'third' || f === 'neg' || f === 'tp' || f === 'num');
  const add = (value: string, type: string, start: number, end: number, extra: string[] = []) => {
    const f = new Set<string>(['bias', `t:${type}`, ...extra]);
    f.add(`pre:${lemmaAt(tokens, start - 1)}`);
    f.add(`pre2:${lemmaAt(tokens, start - 2)}`);
    f.add(`post:${lemmaAt(tokens, end + 1)}`);
    f.add(`t&pre:${type}_${lemmaAt(tokens, start - 1)}`);
    for (const c of classes) f.add(`t&${type}&${c}`);
    for (const w of sentence) if (w.startsWith('w:')) f.add(w);
    out.push({ value, type, features: [...f] });
  };
  for (const r of nameRuns(tokens)) {
    const k = kindOf(r.text, lex) ?? kindOf(r.text.split(' ').pop()!, lex);
    add(r.text, 'name', r.start, r.end, k ? [`nk:${k}`] : ['nk:none']);
  }
  const named = new Set(nameRuns(tokens).flatMap((r) => Array.from({ length: r.end - r.start + 1 }, (_, j) => r.start + j)));
  tokens.forEach((t, i) => {
    if (named.has(i)) return;
    if (t.lower in DIETS) return add(DIETS[t.lower], 'diet', i, i);
    // "swimming", "climbing": a gerund the lexicon knows as an activity.
    if (t.pos === 'VERB' && /ing$/.test(t.lower) && kindOf(t.lower, lex) === 'activity') return add(t.lower, 'kind:activity', i, i, [`lw:${t.lower}`]);
    if (t.pos !== 'NOUN') return;
    const kind = wordInfo(t.lemma.toLowerCase(), 'noun', lex).kind;
    // A meal is an occasion ("dinner at eight"), never a food value.
    if (kind === 'food' && lex?.isA(t.lemma.toLowerCase(), 'meal', { pos: 'noun', maxSenses: 1, maxDepth: 3 })) return;
    if (kind && TYPED.has(kind)) add(t.lower, `kind:${kind}`, i, i, [`lw:${t.lemma.toLowerCase()}`]);
  });
  return out;
}
