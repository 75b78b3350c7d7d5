/**
 * @module test/bench/heldout-probes
 * The held-out recall probe scorer's pure parts: judging a context against an expectation, the
 * per-kind tally and the probe-set schema (bad sets are refused with the offending path).
 */
import { describe, expect, test } from 'vitest';
import { HeldoutProbe, judge, tally } from '../../bench/lib/heldout-probes.ts';

const CTX = '## Known facts about this user\n- User · diet: Pescatarian\n- User · pet: border terrier named Pip';

describe('judge', () => {
  test.each([
    { name: 'empty expected, empty given', context: '', e: { empty: true }, pass: true },
    { name: 'empty expected, context given', context: CTX, e: { empty: true }, pass: false },
    { name: 'any_of, one present (case-insensitive)', context: CTX, e: { any_of: ['fish', 'pescatarian'] }, pass: true },
    { name: 'any_of, none present', context: CTX, e: { any_of: ['vegan', 'fish'] }, pass: false },
    { name: 'all_of, all present', context: CTX, e: { all_of: ['pip', 'terrier'] }, pass: true },
    { name: 'all_of, one missing', context: CTX, e: { all_of: ['pip', 'newcastle'] }, pass: false },
    { name: 'all_of and any_of both must hold', context: CTX, e: { all_of: ['pip'], any_of: ['vegan'] }, pass: false },
    { name: 'an expectation on an empty context fails', context: '', e: { any_of: ['pip'] }, pass: false },
  ])('$name', ({ context, e, pass }) => {
    expect(judge(context, e) === null).toBe(pass);
  });

  test('a failure says what is missing', () => {
    expect(judge(CTX, { all_of: ['pip', 'newcastle', 'sage'] })).toBe('missing all_of: newcastle, sage');
  });
});

test('tally counts per kind and overall', () => {
  const { byKind, overall } = tally([
    { kind: 'applied', passed: true },
    { kind: 'applied', passed: false },
    { kind: 'generic', passed: true },
  ]);
  expect(byKind.get('applied')).toEqual({ pass: 1, total: 2 });
  expect(byKind.get('generic')).toEqual({ pass: 1, total: 1 });
  expect(overall).toEqual({ pass: 2, total: 3 });
});

describe('probe schema', () => {
  test.each([
    { name: 'unknown kind', probe: { query: 'q', kind: 'other', expect: { empty: true } } },
    { name: 'no expectation at all', probe: { query: 'q', kind: 'generic', expect: {} } },
    { name: 'empty with substrings', probe: { query: 'q', kind: 'generic', expect: { empty: true, any_of: ['x'] } } },
    { name: 'blank substring', probe: { query: 'q', kind: 'applied', expect: { any_of: [''] } } },
  ])('refuses $name', ({ probe }) => {
    expect(HeldoutProbe.safeParse(probe).success).toBe(false);
  });

  test('max_tokens defaults to 512', () => {
    expect(HeldoutProbe.parse({ query: 'q', kind: 'never-discussed', expect: { empty: true } }).max_tokens).toBe(512);
  });
});
