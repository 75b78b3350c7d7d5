/**
 * The extraction scorer's subject rule: a third party named relation + name by one side and by the
 * bare name by the other is the same subject; the user is never a third party. Its op rule: a
 * correction satisfies an expected assert (it stores the value as the active fact), nothing else
 * stands in for another op.
 */
import { describe, expect, test } from 'vitest';
import { sameOp, sameSubject } from '../../bench/extraction-score.ts';

describe('sameSubject', () => {
  test.each([
    ['user', 'user', true],
    ['flatmate yetunde', 'yetunde', true],
    ['yetunde', 'flatmate yetunde', true],
    ['Brother Tom', 'brother tom', true],
    ['my sister', 'sister', true],
    ['user', 'yetunde', false],
    ['yetunde', 'user', false],
    ['flatmate yetunde', 'flatmate tunde', false],
    ['tunde', 'yetunde', false],
    ['brother tom', 'brother', false],
  ])('%s ~ %s → %s', (p, e, same) => {
    expect(sameSubject(p, e)).toBe(same);
  });
});

describe('sameOp', () => {
  test.each([
    ['assert', undefined, true],
    ['correct', undefined, true],
    ['correct', 'assert', true],
    ['correct', 'correct', true],
    ['retract', 'retract', true],
    ['assert', 'correct', false],
    ['retract', undefined, false],
    ['history', 'assert', false],
    ['assert', 'retract', false],
    ['correct', 'retract', false],
  ] as const)('%s for expected %s → %s', (p, e, same) => {
    expect(sameOp(p, e)).toBe(same);
  });
});
