/**
 * The extraction scorer's subject rule: a third party named relation + name by one side and by the
 * bare name by the other is the same subject; the user is never a third party.
 */
import { describe, expect, test } from 'vitest';
import { sameSubject } from '../../bench/extraction-score.ts';

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
