/**
 * core/text/analyze: the exec-loop word split and the memoised stems give what the plain split and stemming gave
 * (the index terms and every query's terms depend on them).
 */
import { describe, expect, test } from 'vitest';
import { stemmer } from 'stemmer';
import { americanSpelling, analyze, STOP_WORDS, words } from '../../src/core/text/analyze.ts';

/** The split as written before (matchAll, both replaces on every word). */
function wordsBefore(text: string): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)) {
    const w = m[0].replace(/’/g, "'").replace(/^[-']+|[-']+$/g, '');
    if (w) out.push(w);
  }
  return out;
}

/** The analysis as written before (no memo). */
function analyzeBefore(text: string): string[] {
  const out: string[] = [];
  for (const w0 of wordsBefore(text)) {
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

const SAMPLES = [
  "Rock-'n'-roll’s back: don’t stop -- it's the drummers' night, isn't it?",
  'well- known, self-- made, re-enter, x-, -y, a--b, 3-4, covid-19, e-mail’s',
  "Jo’s and James' cafés; naïve coöperation, ﬁne ligatures, Ｆｕｌｌｗｉｄｔｈ",
  "colour favourites organised centre programmes grey mum's jewellery catalogued",
  "O'Brien’s O’Neill’ 'quoted' ''double'' trailing'' — tabs\tand\nnewlines",
  'Zürich, São Paulo, Kraków, 東京, Ελλάδα, naïveté, 123abc, abc123, _under_score_',
];

describe('analyze', () => {
  test('words splits as before, curly apostrophes and edge hyphens included', () => {
    for (const s of SAMPLES) expect(words(s)).toEqual(wordsBefore(s));
    expect(words("don’t stop- 'now'")).toEqual(["don't", 'stop', "now"]);
  });
  test('the memoised stems give the same terms, asked twice and in any order', () => {
    for (const s of [...SAMPLES, ...SAMPLES.slice().reverse()]) expect(analyze(s)).toEqual(analyzeBefore(s));
    expect(analyze('favourite colours')).toEqual(['favorit', 'color']);
    expect(analyze('favourite colours')).toEqual(['favorit', 'color']);
  });
  test('a word longer than the memo keeps is analysed all the same', () => {
    const long = `${'pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2)}es`;
    expect(analyze(`${long} ${long}`)).toEqual(analyzeBefore(`${long} ${long}`));
  });
});
