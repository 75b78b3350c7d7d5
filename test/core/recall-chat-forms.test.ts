// Chat forms (core/recall/chat-forms.ts): a question word also searches its chat shortenings and
// back ("favorite" ↔ "fave"), nearly at the word's own weight, and a match covers the word.
import { describe, expect, test } from 'vitest';
import { chatForms } from '../../src/core/recall/chat-forms.ts';
import { analyzeQuery, QUERY } from '../../src/core/recall/query-analysis.ts';
import { bm25Score } from '../../src/core/recall/bm25.ts';
import { analyze } from '../../src/core/text/analyze.ts';

const stem = (w: string) => analyze(w)[0];

describe('chatForms', () => {
  test.each<[string, string[]]>([
    ['favorite', ['fave', 'fav']],
    ['fave', ['favorite', 'fav']],
    ['picture', ['pic']],
    ['pic', ['picture', 'photo', 'photograph']],
    ['family', ['fam']],
    ['business', ['biz']],
    ['tournament', ['tourney']],
    ['mother', ['mom']],
    ['dance', []],
    ['doctor', []],
  ])('%s → %j', (word, forms) => {
    const got = chatForms(stem(word));
    for (const f of forms) expect(got).toContain(stem(f));
    if (forms.length === 0) expect(got).toEqual([]);
  });
});

describe('a question searches the chat forms of its words', () => {
  const saved = QUERY.chatForms;
  test.each<[string, string, boolean]>([
    ["What is Gina's favorite style of dance?", 'fave', true],
    ['What did she show in the picture?', 'pic', true],
    ['What does her family like?', 'fam', true],
    ['What does she dance?', 'fave', false],
  ])('%s searches %s: %s', (q, form, expected) => {
    try {
      QUERY.chatForms = 0.9;
      const t = analyzeQuery(q).terms.find((x) => x.term === stem(form));
      expect(!!t).toBe(expected);
      if (t) {
        expect(t.weight).toBeCloseTo(0.9, 6);
        expect(t.source).toBe('synonym');
      }
      QUERY.chatForms = 0;
      expect(analyzeQuery(q).terms.some((x) => x.term === stem(form))).toBe(false);
    } finally {
      QUERY.chatForms = saved;
    }
  });

  test('a turn saying the chat form covers the question word in the gate', () => {
    try {
      QUERY.chatForms = 0.9;
      const q = analyzeQuery('favorite style?');
      const docs = [{ id: 'a', tokens: analyze('got any fave styles'), termCount: 4 }];
      const [hit] = bm25Score(docs, { count: 10, totalTerms: 50 }, q.terms);
      expect(hit.matched).toContain(stem('favorite'));
      expect(hit.coverage).toBeGreaterThan(0.5);
    } finally {
      QUERY.chatForms = saved;
    }
  });
});
