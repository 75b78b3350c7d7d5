// Secret hygiene: what is masked, and ordinary sentences that must stay untouched.
import { describe, expect, test } from 'vitest';
import { containsSecret, luhnValid, maskSecrets } from '../../src/core/text/secrets.ts';

describe('maskSecrets', () => {
  test.each([
    ['my password is hunter2!', 'my password is [REDACTED]'],
    ['password: correct horse battery staple', 'password: [REDACTED]'],
    ['api_key=sk-abcdefghijklmnopqrstuvwx', 'api_key=[REDACTED]'],
    ['use sk-proj-abcdefghijklmnopqrstuvwxyz123', 'use [REDACTED]'],
    ['Authorization: Bearer abcdefghijklmnop1234567890', 'Authorization: Bearer [REDACTED]'],
    ['card 4111 1111 1111 1111 ok', 'card [REDACTED] ok'],
    ['cvv is 123', 'cvv is [REDACTED]'],
    ['pin: 4321', 'pin: [REDACTED]'],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', '[REDACTED]'],
    ['my SSN is 123-45-6789', 'my SSN is [REDACTED]'],
  ])('%s', (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
    expect(containsSecret(input)).toBe(true);
  });

  test.each([
    'I got a token from the arcade',
    'the password was changed yesterday',
    'Call me at 555-1234',
    'ünïcødé 🎉 שלום مرحبا e\u0301 zero\u200bwidth',
    'order number 4111 1111 1111 1112',
    'I moved to Berlin from NYC in March 2025',
  ])('leaves "%s" alone', (input) => {
    expect(maskSecrets(input)).toBe(input);
  });
});

test.each([
  ['4111111111111111', true],
  ['4111111111111112', false],
  ['79927398713', false],
  ['5500 0000 0000 0004', true],
])('luhnValid(%s) = %s', (n, ok) => {
  expect(luhnValid(n)).toBe(ok);
});
