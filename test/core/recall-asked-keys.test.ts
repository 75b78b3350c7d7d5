/**
 * What a question's key words ask about. "my mother's name" asks for the mother (the parent key),
 * not for the user's name; "my dad's job" for the dad, not the user's job. A key that only the
 * ask's intent implies ("salary" → the user's job) personalises an applied ask ("help me with my
 * cover letter") but does not by itself answer a fact question about something never discussed
 * ("What's my salary?"). Never-discussed questions come back empty; the asks a stored fact does
 * answer still find it.
 */
import { describe, expect, test } from 'vitest';
import { analyzeQuery } from '../../src/core/recall/query-analysis.ts';
import { isInferenceAsk } from '../../src/core/recall/ask.ts';
import { withOfflineApp } from './offline-app.ts';

describe('keys a question asks for', () => {
  test.each([
    ["What's my mother's name?", ['parent'], ['name']],
    ["What's my dad's job?", ['parent'], ['job_title', 'employer']],
    ['What does my sister’s husband do for a living?', ['sibling'], ['partner', 'job_title']],
    ["Where does my brother's girlfriend live?", ['sibling'], ['partner', 'location']],
    ["What's my name?", ['name'], []],
    ["What's my job?", ['job_title'], []],
    ['Where does my mother live?', ['parent', 'location'], []],
    ["What's my husband's name?", ['partner'], ['name']],
    ['Plan a surprise for my fiancée', ['partner'], []],
    ['How do I get around town these days?', ['vehicle'], []],
    // A position applied for is not the user's job (named it broke the noise probes in session 7).
    ['Draft a cover letter for an actuarial analyst position', [], ['job_title']],
  ])('%s', (q, has, hasNot) => {
    const { keys, intentKeys } = analyzeQuery(q);
    const asked = keys.filter((k) => !intentKeys.includes(k));
    for (const k of has) expect(asked).toContain(k);
    for (const k of hasNot) expect(asked).not.toContain(k);
  });
});

describe('inference asks', () => {
  test.each([
    ['Would Priya enjoy a pottery class?', true],
    ['Is he likely to move abroad again?', true],
    ['What might she want for her birthday?', true],
    ['Would I like the new Murakami?', true],
    ["What's my salary?", false],
    ['Where did Priya work in 2021?', false],
    ['Would you mind summarising?', true],
    ['When would be a good time for the dentist?', false],
    ['What would make a nice gift for me?', false],
  ])('%s → %s', (q, yes) => expect(isInferenceAsk(q)).toBe(yes));
});

describe('the gate through the service', () => {
  test('a relative’s attribute or an intent-only key does not answer a never-discussed question; the stored facts still answer theirs', async () => {
    const said = ["hi, I'm Tomasz, I work as a pharmacist in Gdansk", 'my hobby is knitting, I make jumpers for the whole family', "I've got a greyhound called Rocket, a retired racer"];
    await withOfflineApp(said, async (ask) => {
      for (const never of ["What's my salary?", "What's my mother's name?", "What's my dad's job?", "What's my favourite sport?"]) expect(await ask(never), never).toBe('');
      expect(await ask("What's my job?")).toContain('pharmacist');
      expect(await ask("What's my name?")).toContain('Tomasz');
      expect(await ask('What are my hobbies?')).toContain('knit');
      expect(await ask('Help me write a LinkedIn headline')).toContain('pharmacist');
    });
  });
});

describe('asks whose answer has a shape', () => {
  test.each([
    ['Explain how a heat pump works', true],
    ['please summarise the plot of Hamlet', true],
    ['Walk me through setting up a VPN', true],
    ['What did I explain to my sister yesterday?', false],
  ])('%s → communication_style bears on it: %s', (q, yes) => expect(analyzeQuery(q).intentKeys.includes('communication_style')).toBe(yes));
});

/**
 * keysAskedFor matches the key vocabulary's words from tables made once (session 18): phrases take their words first
 * ("make a living" is the job's, so its "living" asks no location), single words match whole words only, and the keys
 * come in the vocabulary's order, as when every query word was searched for in the question.
 */
describe('key words matched from the precomputed tables', () => {
  test.each([
    ['What do I do to make a living?', ['job_title'], ['location']],
    ['Where do I live and what is my job?', ['location', 'job_title'], []],
    ['Where is my livingroom lamp?', [], ['location']],
    ["What's my cat's name and my dog's name?", ['pet'], []],
  ])('%s', (q, has, hasNot) => {
    const { keys } = analyzeQuery(q);
    for (const k of has) expect(keys).toContain(k);
    for (const k of hasNot) expect(keys).not.toContain(k);
  });
});
