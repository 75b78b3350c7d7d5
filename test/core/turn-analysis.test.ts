/**
 * Turn preparation and the per-turn caps: analyseTurn masks before rendering and indexing;
 * turnSizeViolation names the first cap a turn breaks; the REST route answers 413
 * TURN_TOO_LARGE above the configured caps and stores nothing.
 */
import { describe, expect, test } from 'vitest';
import { analyseTurn, turnSizeViolation, type TurnLimits } from '../../src/core/turn-analysis.ts';
import type { Message } from '../../src/core/types.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { FakeStore } from '../api/fake-store.ts';

const msg = (content: string): Message => ({ role: 'user', content });
const limits: TurnLimits = { maxMessages: 3, maxMessageChars: 10 };

describe('turnSizeViolation', () => {
  test.each([
    ['fits exactly', [msg('0123456789'), msg('a'), msg('b')], null],
    ['one message too many', [msg('a'), msg('b'), msg('c'), msg('d')], 'messages'],
    ['a message one character too long', [msg('a'), msg('01234567890')], 'message_chars'],
    ['count is checked before length', [msg('01234567890'), msg('b'), msg('c'), msg('d')], 'messages'],
  ] as const)('%s', (_label, messages, expected) => {
    const v = turnSizeViolation(messages, limits);
    expect(v?.limit ?? null).toBe(expected);
  });

  test('the violation names the offending message', () => {
    expect(turnSizeViolation([msg('ok'), msg('far too long here')], limits)).toMatchObject({ limit: 'message_chars', index: 1, message: expect.stringMatching(/messages\[1\] has 17 characters; at most 10/) });
  });
});

describe('analyseTurn', () => {
  test('secrets are masked in messages, text and terms alike', () => {
    const t = analyseTurn([msg('my key is sk-abcdefghijklmnopqrstuvwx1234 ok'), { role: 'assistant', content: 'Noted.' }]);
    expect(JSON.stringify(t)).not.toContain('abcdefghijklmnopqrstuvwx1234');
    expect(t.text.split('\n')).toHaveLength(2);
    expect(t.termCount).toBe(t.terms.split(' ').length);
  });
});

describe('POST /turns over the caps', () => {
  test.each([
    ['too many messages', { MEMORY_MAX_TURN_MESSAGES: '2' }, [msg('a'), msg('b'), msg('c')]],
    ['a message too long', { MEMORY_MAX_MESSAGE_CHARS: '5' }, [msg('abcdef')]],
  ])('%s → 413 TURN_TOO_LARGE, nothing stored', async (_label, env, messages) => {
    const store = new FakeStore();
    const b = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_WORKER_THREADS: '0', ...env }), { store });
    try {
      const res = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's', user_id: 'u', messages } });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('TURN_TOO_LARGE');
      expect(store.turns).toHaveLength(0);
      // Within the caps the same route stores the turn.
      const ok = await b.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's', user_id: 'u', messages: [msg('hi')] } });
      expect(ok.statusCode).toBe(201);
    } finally {
      await b.close();
    }
  });
});
