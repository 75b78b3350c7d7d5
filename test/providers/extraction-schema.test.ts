/**
 * Pure pieces of LLM output handling: JSON recovery, key/subject/date normalisation, per-item
 * validation and the first-person subject of a turn.
 */
import { describe, expect, test } from 'vitest';
import { parseModelJson } from '../../src/providers/llm/parse-model-json.ts';
import { normaliseDate, normaliseKey, normaliseSubject, validateCandidates } from '../../src/providers/llm/extraction-schema.ts';
import { selfSubject } from '../../src/providers/llm/llm-extractor.ts';

describe('parseModelJson', () => {
  test.each([
    ['plain', '{"a":1}', { a: 1 }],
    ['fenced', '```json\n{"a":1}\n```', { a: 1 }],
    ['unterminated fence, truncated', 'Sure! ```json\n{"a":[1,2', { a: [1, 2] }],
    ['truncated inside a string', '{"m":[{"k":"x","v":"y"},{"k":"z","v', { m: [{ k: 'x', v: 'y' }, { k: 'z', v: null }] }],
    ['think block with braces', '<think>hmm {no}</think>{"a":1} hope this helps', { a: 1 }],
    ['single quotes, trailing comma', "{'a': 1, }", { a: 1 }],
    ['two objects: the first wins', '{"a": 1} and {"b": 2}', { a: 1 }],
    ['escaped quote inside a string', '{"a":"say \\"hi\\" {"} trailing', { a: 'say "hi" {' }],
  ])('%s', (_n, raw, want) => {
    expect(parseModelJson(raw)).toEqual(want);
  });

  test.each(['no json here', '', '```\n```'])('throws on %j', (raw) => {
    expect(() => parseModelJson(raw)).toThrow();
  });
});

describe('normalisation', () => {
  test.each([
    ['employer', 'employer'],
    ['Job Title', 'job_title'],
    ['city', 'location'],
    ['favourite-food', 'favorite_food'],
    ['opinion/TypeScript', 'opinion_typescript'],
    ['Wife', 'partner'],
    ['???', null],
    ['9lives', null],
    ['x', null],
  ])('normaliseKey(%j) = %j', (raw, want) => expect(normaliseKey(raw)).toBe(want));

  test.each([
    ['User', 'user', 'user'],
    ['I', 'user', 'user'],
    ['me', 'caroline', 'caroline'],
    ['user', 'caroline', 'caroline'],
    ['My Sister  Maya', 'user', 'sister maya'],
    ["Caroline's sister Maya", 'melanie', "caroline's sister maya"],
    ['  ', 'user', null],
  ])('normaliseSubject(%j, self=%j) = %j', (raw, self, want) => expect(normaliseSubject(raw, self)).toBe(want));

  test.each([
    ['2026-03-05', '2026-03-05'],
    ['2026-03-05T10:00:00Z', '2026-03-05T10:00:00.000Z'],
    ['next tuesday', null],
    ['2026-13-45', null],
    [null, null],
    [42, null],
  ])('normaliseDate(%j) = %j', (raw, want) => expect(normaliseDate(raw)).toBe(want));
});

describe('validateCandidates', () => {
  const base = { type: 'fact', subject: 'user', key: 'location', value: 'Lisbon', confidence: 0.9, op: 'assert', evidence: 'I live in Lisbon' };
  test.each([
    ['valid', base, 1],
    ['type from the vocabulary when missing', { ...base, type: undefined }, 1],
    ['unknown type on an unknown key', { ...base, type: 'gossip', key: 'rumour' }, 0],
    ['empty value', { ...base, value: ' ' }, 0],
    ['"unknown" value', { ...base, value: 'unknown' }, 0],
    ['oversized value', { ...base, value: 'x'.repeat(201) }, 0],
    ['confidence above 1', { ...base, confidence: 1.5 }, 0],
    ['negative confidence', { ...base, confidence: -0.1 }, 0],
    ['confidence as string', { ...base, confidence: '0.7' }, 1],
    ['numeric value', { ...base, key: 'age', value: 34 }, 1],
    ['bad op', { ...base, op: 'delete' }, 0],
    ['missing key', { ...base, key: undefined }, 0],
    ['not an object', 'location: Lisbon', 0],
  ])('%s → %i kept', (_n, item, kept) => {
    expect(validateCandidates({ memories: [item] }, 'fallback')?.candidates).toHaveLength(kept);
  });

  test('missing evidence falls back to the user text; first person maps to the named speaker', () => {
    const v = validateCandidates([{ ...base, evidence: undefined, subject: 'I' }], 'I live in Lisbon now', 'caroline');
    expect(v?.candidates[0]).toMatchObject({ subject: 'caroline', evidence: 'I live in Lisbon now' });
  });

  test.each([[{ nope: [] }], ['text'], [42]])('no list in %j → null', (value) => {
    expect(validateCandidates(value, '')).toBeNull();
  });
});

describe('selfSubject', () => {
  test.each([
    [[{ role: 'user', content: 'hi' }], 'user'],
    [[{ role: 'user', content: 'hi', name: 'Caroline' }], 'caroline'],
    [[{ role: 'user', content: 'hi', name: 'Caroline' }, { role: 'assistant', content: 'hey', name: 'Bot' }], 'caroline'],
    [[{ role: 'user', content: 'hi', name: 'Caroline' }, { role: 'user', content: 'yo', name: 'Melanie' }], 'user'],
  ] as const)('%j → %s', (messages, want) => {
    expect(selfSubject(messages as never)).toBe(want);
  });
});
