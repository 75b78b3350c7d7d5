/**
 * queryWith (src/core/recall/query-analysis.ts): a question's analysis with some fields changed, built as analyzeQuery
 * builds one — every field, in analyzeQuery's order, in one object literal — so that every AnalyzedQuery of the recall
 * path has one hidden class (a spread gives another, and the steps optimized on the first were deoptimized). Also
 * the recall path's small array builders rewritten as loops (same values as the map / filter chains they replaced).
 */
import { expect, test } from 'vitest';
import { analyzeQuery, keyPhraseWords, queryWith, withNamedKin } from '../../src/core/recall/query-analysis.ts';
import { asUser } from '../../src/core/recall/retrieve.ts';
import { keepLines, sentences, asksQuestion } from '../../src/core/recall/format.ts';
import { cappedTerms, fts5Query, POSTINGS_CAP } from '../../src/store/lexical.ts';

const QUESTIONS = ["What are Trang's parents called?", 'What does Kenji think about jazz?', 'When did I move to Leeds?', 'How many dogs have I had?', 'Is Priya getting married?'];

test.each(QUESTIONS)('queryWith keeps every field of analyzeQuery, in its order (%s)', (question) => {
  const q = analyzeQuery(question, new Set(['kenji', 'priya']));
  const same = queryWith(q, {});
  expect(Object.keys(same)).toEqual(Object.keys(q));
  expect(same).toEqual(q);
  expect(same).not.toBe(q);
  const changed = queryWith(q, { raw: 'other', names: ['user'] });
  expect(Object.keys(changed)).toEqual(Object.keys(q));
  expect({ ...changed, raw: q.raw, names: q.names }).toEqual(q);
  expect(changed.raw).toBe('other');
  expect(changed.names).toEqual(['user']);
});

test('withNamedKin and asUser give analyzeQuery\'s field order', () => {
  const q = analyzeQuery("What are Trang's parents called?", new Set(['trang']));
  const kin = withNamedKin(q, new Set());
  expect(kin).not.toBe(q);
  expect(kin.requiredTerms).toEqual(['parent']);
  expect(Object.keys(kin)).toEqual(Object.keys(q));
  const u = asUser(analyzeQuery('What does Kenji like?', new Set(['kenji'])), ['kenji']);
  expect(u.names).toEqual(['user']);
  expect(Object.keys(u)).toEqual(Object.keys(q));
});

test('the loops give what the map / filter chains gave', () => {
  for (const text of ['Hi there.  It was fine! Was it?', '', '  ', 'Dr. Smith came. Then left…  Ok', 'a\r\n\r\n  b  \n\n\tc\t ']) {
    const parts = text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“(\[])/u);
    const ss = sentences(text);
    expect(ss.every((s) => s === s.trim() && s !== '')).toBe(true);
    expect(ss.join(' ').replace(/\s+/g, ' ')).toBe(parts.map((s) => s.trim()).filter(Boolean).join(' ').replace(/\s+/g, ' '));
    expect(keepLines(text)).toBe(text.replace(/\r\n?/g, '\n').split('\n').map((l) => l.replace(/[ \t]+$/u, '')).filter((l) => l.trim() !== '').join('\n  ').trim());
  }
  expect(asksQuestion('Fine. Are you? Good.')).toBe(true);
  expect(asksQuestion('Are you? Fine. Good.')).toBe(false);
  expect(asksQuestion('Are you?')).toBe(true);
  expect(keyPhraseWords('How does she make a living these days?')).toEqual(expect.arrayContaining(['make', 'a', 'living']));
  expect(keyPhraseWords('Where do I live?')).toEqual([]);
  const postings = new Map([['dog', Array.from({ length: POSTINGS_CAP }, (_, i) => i + 1)], ['cat', [1, 2]], ['the', Array.from({ length: POSTINGS_CAP + 3 }, (_, i) => i + 1)]]);
  expect(cappedTerms(postings)).toEqual(['dog', 'the']);
  expect(fts5Query(['a', 'b"c'])).toBe('"a" OR "b""c"');
});
