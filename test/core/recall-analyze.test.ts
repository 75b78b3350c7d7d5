// The shared analyser: British and American spellings index to the same terms; other words untouched.
import { describe, expect, test } from 'vitest';
import { americanSpelling, analyze } from '../../src/core/text/analyze.ts';

describe('spelling folding', () => {
  test.each([
    ['favourite', 'favorite'],
    ['colours', 'colors'],
    ['neighbourhood', 'neighborhood'],
    ['organised', 'organized'],
    ['realise', 'realize'],
    ['travelling', 'traveling'],
    ['centre', 'center'],
    ['theatres', 'theaters'],
    ['programme', 'program'],
    ['mum', 'mom'],
    ['analysed', 'analyzed'],
  ])('%s → %s', (uk, us) => {
    expect(americanSpelling(uk)).toBe(us);
    expect(analyze(uk)).toEqual(analyze(us));
  });
  test.each(['our', 'four', 'hour', 'tour', 'pour', 'course', 'wise', 'promise', 'exercise', 'surprise', 'well', 'hello', 'acre', 'genre', 'mummy', 'programmer'])('%s is left alone', (w) => {
    expect(americanSpelling(w)).toBe(w);
  });
});
