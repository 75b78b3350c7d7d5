/**
 * @module core/text/analyze
 * The one text analyser used for indexing and for queries, so SQLite and PostgreSQL index the
 * same terms and core computes identical BM25 scores on both: lower-case, Unicode word split,
 * stop-word removal, British → American spelling, Porter stemming. Pure.
 */
import { stemmer } from 'stemmer';

/** Common English function words that carry no retrieval signal. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are aren\'t as at be because been before being below between both but by ' +
    'can can\'t cannot could couldn\'t did didn\'t do does doesn\'t doing don\'t down during each few for from further had hadn\'t has hasn\'t ' +
    'have haven\'t having he he\'d he\'ll he\'s her here here\'s hers herself him himself his how how\'s i i\'d i\'ll i\'m i\'ve if in into is ' +
    'isn\'t it it\'s its itself let\'s me more most mustn\'t my myself no nor not of off on once only or other ought our ours ourselves out ' +
    'over own same shan\'t she she\'d she\'ll she\'s should shouldn\'t so some such than that that\'s the their theirs them themselves then ' +
    'there there\'s these they they\'d they\'ll they\'re they\'ve this those through to too under until up very was wasn\'t we we\'d we\'ll ' +
    'we\'re we\'ve were weren\'t what what\'s when when\'s where where\'s which while who who\'s whom why why\'s with won\'t would wouldn\'t ' +
    'you you\'d you\'ll you\'re you\'ve your yours yourself yourselves also just really yeah yes oh ok okay hey hi hello um uh lol ' +
    'get got gets will shall may might must s t d ll m re ve'
  ).split(/\s+/),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** Splits text into lower-cased word tokens (apostrophes normalised, hyphens kept inside words). */
export function words(text: string): string[] {
  const out: string[] = [];
  const s = text.normalize('NFKC').toLowerCase();
  // An exec loop on the one global pattern (matchAll clones the regex on every call).
  WORD.lastIndex = 0;
  for (let m = WORD.exec(s); m !== null; m = WORD.exec(s)) {
    const m0 = m[0];
    // Most words hold no curly apostrophe and end in a letter or digit: nothing to replace.
    const w = m0.includes('’') || EDGE.test(m0) ? m0.replace(/’/g, "'").replace(/^[-']+|[-']+$/g, '') : m0;
    if (w) out.push(w);
  }
  return out;
}
/** A word that ends in a hyphen or an apostrophe (it starts with a letter or digit: WORD). */
const EDGE = /[-']$/;

/** British spellings folded to American ones before stemming, so "favourite" finds "favorite". */
const SPELLING: Array<[RegExp, string]> = [
  [/^(colo|favo|neighbo|hono|humo|behavio|flavo|labo|harbo|rumo|savo|vigo|endeavo)ur(.*)$/, '$1r$2'],
  [/^(organ|real|recogn|apolog|special|summar|categor|priorit|memor|emphas|minim|maxim|optim|util|visual|personal|custom|finalis|symbol|social|character)is(e|ed|es|er|ers|ing|ation|ations)$/, '$1iz$2'],
  [/^(anal|paral)ys(e|ed|es|ing)$/, '$1yz$2'],
  [/^(trave|cance|labe|mode|fue|signa|tunne|marve|jewe)ll(ed|ing|er|ers)$/, '$1l$2'],
  [/^(cent|theat|met|lit|fib)re(s)?$/, '$1er$2'],
  [/^programme(s)?$/, 'program$1'],
  [/^grey(s|er|est|ish)?$/, 'gray$1'],
  [/^mum(s)?$/, 'mom$1'],
  [/^jewellery$/, 'jewelry'],
  [/^catalogue(s|d)?$/, 'catalog$1'],
];

export function americanSpelling(w: string): string {
  for (const [re, to] of SPELLING) if (re.test(w)) return w.replace(re, to);
  return w;
}

/** Index/query terms: words minus stop words, possessives stripped, hyphenated words split, British spellings folded, stemmed. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const w0 of words(text)) {
    const w = w0.endsWith("'s") ? w0.slice(0, -2) : w0;
    if (!w || STOP_WORDS.has(w)) continue;
    const parts = w.includes('-') ? [w.replace(/-/g, ''), ...w.split('-')] : [w];
    for (const p of parts) {
      if (!p || STOP_WORDS.has(p)) continue;
      const t = p.replace(/'/g, '');
      if (!t) continue;
      out.push(termOf(t));
    }
  }
  return out;
}

/**
 * Word → term (British spelling folded, stemmed; a token with a digit or other non-letter kept as it is), memoised:
 * every recall analyses its question, the rendered turns and the arcs' sentences, and a scope's vocabulary repeats
 * (the Porter stemmer and the spelling patterns were most of `analyze`). Bounded: at most STEM_MEMO_MAX words of at
 * most STEM_MEMO_CHARS characters (a few MB), the whole memo dropped when full. A pure function's memo: the terms are
 * the same with it or without it.
 */
const STEM_MEMO_MAX = 20_000;
const STEM_MEMO_CHARS = 40;
const stems = new Map<string, string>();
function termOf(t: string): string {
  const hit = stems.get(t);
  if (hit !== undefined) return hit;
  const term = /^[\p{L}]+$/u.test(t) ? stemmer(americanSpelling(t)) : t;
  if (t.length <= STEM_MEMO_CHARS) {
    if (stems.size >= STEM_MEMO_MAX) stems.clear();
    stems.set(t, term);
  }
  return term;
}

/** Analysed terms as stored in the index column. */
export function indexTerms(text: string): { terms: string; termCount: number } {
  const t = analyze(text);
  return { terms: t.join(' '), termCount: t.length };
}
