/** Text renderings of MCP tool results and the owner (scoping) rule, row by row. */
import { describe, expect, test } from 'vitest';
import { memoryLine, searchLine, searchList } from '../../src/mcp/format.ts';
import { resolveOwner } from '../../src/mcp/server.ts';

const base = { id: 'm1', type: 'fact' as const, subject: 'user', key: 'location', value: 'Berlin', status: 'active' as const, validFrom: null, validTo: null, eventDate: null };

describe('memoryLine', () => {
  test.each([
    ['a current fact of the user', base, '- [fact] location: Berlin (active, id m1)'],
    ['a third party', { ...base, subject: 'sister maya' }, '- [fact] sister maya — location: Berlin (active, id m1)'],
    ['history with validity', { ...base, status: 'superseded' as const, validFrom: '2020-01-01T00:00:00Z', validTo: '2024-03-01T00:00:00Z' }, '- [fact] location: Berlin (superseded, from 2020-01-01, until 2024-03-01, id m1)'],
    ['an event with its date', { ...base, type: 'event' as const, key: 'job_interview', value: 'interview at Stripe', eventDate: '2025-05-02' }, '- [event] job interview: interview at Stripe (active, on 2025-05-02, id m1)'],
  ])('%s', (_name, m, expected) => {
    expect(memoryLine(m)).toBe(expected);
  });
});

describe('searchLine', () => {
  test.each([
    [{ kind: 'memory' as const, content: 'location: Berlin', score: 0.8123, timestamp: '2025-01-02T10:00:00Z' }, 0, '1. (0.812, memory, 2025-01-02) location: Berlin'],
    [{ kind: 'turn' as const, content: 'User: hi', score: 1, timestamp: null }, 4, '5. (1.000, turn) User: hi'],
  ])('%j', (r, i, expected) => {
    expect(searchLine(r, i)).toBe(expected);
  });
  test('empty list', () => expect(searchList([])).toMatch(/No matching/));
});

describe('resolveOwner', () => {
  test.each([
    ['user given', { user_id: 'a' }, null, { userId: 'a', sessionId: null, agentId: null }],
    ['session only', { session_id: 's' }, null, { userId: null, sessionId: 's', agentId: null }],
    ['user, session and agent', { user_id: 'a', session_id: 's', agent_id: 'g' }, null, { userId: 'a', sessionId: 's', agentId: 'g' }],
    ['bound user fills in', {}, 'me', { userId: 'me', sessionId: null, agentId: null }],
    ['bound user, same id given', { user_id: 'me' }, 'me', { userId: 'me', sessionId: null, agentId: null }],
    ['null user with a session', { user_id: null, session_id: 's' }, null, { userId: null, sessionId: 's', agentId: null }],
  ])('%s', (_name, args, bound, expected) => {
    expect(resolveOwner(args, bound)).toEqual(expected);
  });
  test.each([
    ['nothing', {}, null, /user_id or session_id is required/],
    ['another user on a bound server', { user_id: 'other' }, 'me', /bound to one user/],
  ])('%s is refused', (_name, args, bound, message) => {
    expect(() => resolveOwner(args, bound)).toThrow(message);
  });
});
