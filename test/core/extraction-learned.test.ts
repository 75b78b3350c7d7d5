// The learned key model (src/core/extraction/learned/): sentence features over the lexicon, the typed arguments a
// value can come from, the committed model as data, the layer's screening and gating with a test-double model, and
// hard negatives that must stay empty through the whole extractor with the real model and WordNet.
import { afterEach, describe, expect, test } from 'vitest';
import { sentenceFeatures } from '../../src/core/extraction/learned/features.ts';
import { argumentsOf, nameRuns } from '../../src/core/extraction/learned/arguments.ts';
import { KEY_MODEL, keyProbabilities, useKeyModel, type KeyModel } from '../../src/core/extraction/learned/model.ts';
import { learnedCandidates, LEARNED_CONFIDENCE, sentenceUnits } from '../../src/core/extraction/learned/layer.ts';
import { analyseText } from '../../src/core/extraction/nlp.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import type { MemoryCandidate } from '../../src/core/types.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { locateWordNet } from '../../src/providers/lexicon/wordnet-cache.ts';

const installed = locateWordNet() !== null;
const lex = openLexicon({}).lexicon;
const tokens = (s: string) => analyseText(s)[0].tokens;

describe.skipIf(!installed)('sentence features: unseen words count through their class', () => {
  test.each<[string, string[]]>([
    ['I brush my capybara every morning', ['fp', 'fp:poss', 'k:animal', 'c:noun.animal', 'w:brush']],
    ['the cardiologist said I am fine', ['k:occupation', 'fp']],
    ['gazpacho gives me hives', ['k:food']],
    ['my sister plays the zither', ['rel', 'k:instrument']],
    ['Pretzel needs to lose a kilo', ['name']],
    ['I do not eat pork', ['neg', 'k:food']],
  ])('%s', (s, want) => {
    const f = sentenceFeatures(tokens(s), lex);
    for (const w of want) expect(f).toContain(w);
  });

  test('without a lexicon only the word-level features remain (no classes)', () => {
    const f = sentenceFeatures(tokens('I brush my capybara every morning'));
    expect(f.some((x) => x.startsWith('c:'))).toBe(false);
    expect(f).toContain('w:brush');
  });
});

describe.skipIf(!installed)('typed arguments: the values a key can take', () => {
  test.each<[string, string, string]>([
    ['took Bramble to the groomer', 'Bramble', 'name'],
    ['second week at Halvorsen Freight and I have a laptop', 'Halvorsen Freight', 'name'],
    ['one bite of the kiwi tart and my lips went numb', 'kiwi', 'kind:food'],
    ['I went vegan last year', 'vegan', 'diet'],
    ['I take the komondor out twice a day', 'komondor', 'kind:animal'],
    ['I work as a glazier', 'glazier', 'kind:occupation'],
  ])('%s → %s (%s)', (s, value, type) => {
    expect(argumentsOf(tokens(s), sentenceFeatures(tokens(s), lex), lex).map((a) => [a.value, a.type])).toContainEqual([value, type]);
  });

  test.each<[string, string[]]>([
    // A capitalised first word is a name only when a verb follows it.
    ["Duolingo's owl keeps nagging me", []],
    ['Kofi drags me round the park', ['Kofi']],
    ['I moved to Toa Payoh in May', ['Toa Payoh']],
  ])('name runs of %s', (s, want) => {
    expect(nameRuns(tokens(s)).map((r) => r.text)).toEqual(want);
  });
});

describe('the committed model (knowledge as data)', () => {
  test('loads with keys, thresholds and weights for every key', () => {
    expect(KEY_MODEL.keys.length).toBeGreaterThan(5);
    for (const k of KEY_MODEL.keys) {
      expect(KEY_MODEL.thresholds[k]).toBeGreaterThan(0);
      expect(KEY_MODEL.thresholds[k]).toBeLessThanOrEqual(1.01);
      expect(Object.keys(KEY_MODEL.weights[k]).length).toBeGreaterThan(0);
    }
  });
  test('scores are probabilities and deterministic', () => {
    const f = ['bias', 't:name', 'pre:walk'];
    const a = keyProbabilities(KEY_MODEL, f);
    expect(keyProbabilities(KEY_MODEL, f)).toEqual(a);
    for (const p of Object.values(a)) expect(p).toBeGreaterThanOrEqual(0), expect(p).toBeLessThanOrEqual(1);
  });
});

/** A test double: a name after a walking/brushing verb is a pet, a noun the lexicon calls food is an allergy. */
const DOUBLE: KeyModel = {
  version: 1,
  keys: ['pet', 'allergy'],
  thresholds: { pet: 0.5, allergy: 0.5 },
  weights: { pet: { bias: -4, 't:name': 2, 'pre:walk': 3, 'pre:brush': 3, 'pre:take': 3 }, allergy: { bias: -4, 't:kind:food': 5 } },
};

describe.skipIf(!installed)('the layer: screening and gating (test-double model)', () => {
  const learn = (text: string, existing: MemoryCandidate[] = [], speaker = 'user') => learnedCandidates(text, speaker, existing, lex, DOUBLE).map((c) => `${c.subject}|${c.key}|${c.value}|${c.op}|${c.confidence}`);
  test.each<[string, string[]]>([
    ['I walked Biscuit round the park before work.', [`user|pet|Biscuit|assert|${LEARNED_CONFIDENCE}`]],
    ['brushed Pepper for an hour, fur everywhere', [`user|pet|Pepper|assert|${LEARNED_CONFIDENCE}`]],
    // Screened: a question, a hypothetical, a wish, sarcasm, another person's words, not the speaker's own sentence.
    ['Should I walk Biscuit before or after the rain?', []],
    ['If I had a dog I would walk Rex every day.', []],
    ['I wish I could walk Rex again.', []],
    ['oh sure, I just LOVE brushing Pepper at 6am', []],
    ['my friend says she walks Rex every day', []],
    ['The neighbours walk Rex past our house.', []],
    ['my son walks Rex after school', []],
    ['I would walk Rex every day', []],
  ])('%s', (text, want) => {
    expect(learn(text)).toEqual(want);
  });

  test('a key the rules already said for the speaker, or a value they gave a person, is not added', () => {
    const rule = (key: string, value: string, subject = 'user'): MemoryCandidate => ({ type: 'fact', subject, key, value, confidence: 0.9, op: 'assert', evidence: '' });
    expect(learn('I walked Biscuit round the park.', [rule('pet', 'dog')])).toEqual([]);
    expect(learn('I walked Biscuit round the park.', [rule('partner', 'Biscuit')])).toEqual([]);
    expect(learn('I walked Biscuit round the park.', [rule('job_title', 'nurse', 'sister biscuit')])).toEqual([]);
  });

  test('confidence is implicit (≤ 0.75): the scorer reads learned lines as implicit evidence', () => {
    expect(LEARNED_CONFIDENCE).toBeLessThanOrEqual(0.75);
  });

  test('sentence units drop screened sentences and mark the speaker-less ones', () => {
    const u = sentenceUnits('Is it raining? My cat Miso hates rain. The bus was late.', 'user', lex);
    expect(u.map((x) => [x.raw, x.own])).toEqual([
      ['My cat Miso hates rain.', true],
      ['The bus was late.', false],
    ]);
  });
});

describe.skipIf(!installed)('hard negatives stay empty with the committed model', () => {
  afterEach(() => useKeyModel(null));
  const run = (text: string) => extractOffline([{ role: 'user', content: text, name: null }], { timestamp: '2024-05-08T15:00:00.000Z', sessionId: 's', recentTurns: [] }, true, undefined, lex);
  test.each([
    "In the film the dog's name is Hachi and he waits at the station every day",
    "what's the difference between a lurcher and a whippet",
    "If I ever get a cat I'll call her Miso",
    'My colleague keeps saying she is allergic to everything',
    'Some bloke on the train told everyone about his three ferrets',
    'Would you recommend Lisbon or Porto for a long weekend?',
  ])('%s', (text) => {
    expect(run(text).filter((c) => typeof c.metadata?.learned === 'number')).toEqual([]);
    expect(run(text).filter((c) => c.subject === 'user' && c.op === 'assert' && ['pet', 'allergy', 'location', 'employer', 'diet'].includes(c.key))).toEqual([]);
  });
});
