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
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const w = m[0].replace(/’/g, "'").replace(/^[-']+|[-']+$/g, '');
    if (w) out.push(w);
  }
  return out;
}

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
      out.push(/^[\p{L}]+$/u.test(t) ? stemmer(americanSpelling(t)) : t);
    }
  }
  return out;
}

/** Analysed terms as stored in the index column. */
export function indexTerms(text: string): { terms: string; termCount: number } {
  const t = analyze(text);
  return { terms: t.join(' '), termCount: t.length };
}
