/** Pure mem0 pieces: the filters grammar, entity extraction, the memory view and history events. */
import { describe, expect, test } from 'vitest';
import { entityMentions, matchesFilters, namesAnEntity, usesOr, validateFilters, withEntities } from '../../src/core/compat/mem0-filters.ts';
import { historyEvents, memoryText, toMem0Memory, valueFromEdit } from '../../src/core/compat/mem0-view.ts';
import { parseScopeKey, toMessages } from '../../src/core/compat/mem0-memory.ts';
import { memory } from './fixtures.ts';

const doc = {
  user_id: 'alice',
  agent_id: 'travel',
  app_id: null,
  run_id: 'r1',
  created_at: '2024-07-15T10:00:00.000Z',
  updated_at: '2024-07-20T10:00:00.000Z',
  categories: ['preference'],
  memory: 'like: Cricket on weekends',
  metadata: { source: 'onboarding', priority: 3 },
};

describe('matchesFilters', () => {
  test.each<[string, Record<string, unknown>, boolean]>([
    ['equality', { user_id: 'alice' }, true],
    ['equality miss', { user_id: 'bob' }, false],
    ['implicit AND', { user_id: 'alice', agent_id: 'travel' }, true],
    ['implicit AND miss', { user_id: 'alice', agent_id: 'sports' }, false],
    ['AND', { AND: [{ user_id: 'alice' }, { agent_id: { in: ['sports', 'travel'] } }] }, true],
    ['OR', { OR: [{ user_id: 'bob' }, { agent_id: 'travel' }] }, true],
    ['OR miss', { OR: [{ user_id: 'bob' }, { agent_id: 'sports' }] }, false],
    ['NOT array', { AND: [{ user_id: 'alice' }, { NOT: [{ agent_id: 'travel' }] }] }, false],
    ['NOT object', { user_id: 'alice', NOT: { agent_id: 'sports' } }, true],
    ['in', { agent_id: { in: ['a', 'travel'] } }, true],
    ['nin', { agent_id: { nin: ['a', 'travel'] } }, false],
    ['ne', { user_id: { ne: 'bob' } }, true],
    ['wildcard present', { run_id: '*' }, true],
    ['wildcard absent', { app_id: '*' }, false],
    ['null equality', { app_id: null }, true],
    ['date gte/lte inside', { created_at: { gte: '2024-07-01', lte: '2024-07-31' } }, true],
    ['date gte/lte outside', { created_at: { gte: '2024-08-01' } }, false],
    ['date gt/lt with times', { updated_at: { gt: '2024-07-20T09:59:59Z', lt: '2024-07-20T10:00:01Z' } }, true],
    ['date equality', { created_at: '2024-07-15T10:00:00Z' }, true],
    ['icontains', { memory: { icontains: 'CRICKET' } }, true],
    ['contains is case-sensitive', { memory: { contains: 'CRICKET' } }, false],
    ['categories contains', { categories: { contains: 'pref' } }, true],
    ['categories in', { categories: { in: ['preference', 'fact'] } }, true],
    ['categories equality (member)', { categories: 'preference' }, true],
    ['metadata object', { metadata: { source: 'onboarding' } }, true],
    ['metadata object miss', { metadata: { source: 'import' } }, false],
    ['metadata with operator', { metadata: { priority: { gte: 2 } } }, true],
    ['metadata dotted path', { 'metadata.priority': { lt: 3 } }, false],
    ['unknown field', { color: 'red' }, false],
  ])('%s', (_name, f, expected) => {
    validateFilters(f);
    expect(matchesFilters(doc, f)).toBe(expected);
  });
});

test.each<[unknown, RegExp]>([
  [{ user_id: { regex: 'a.*' } }, /unknown operator "regex"/],
  [{ AND: { user_id: 'a' } }, /AND must be a non-empty array/],
  [{ OR: [] }, /OR must be a non-empty array/],
  [{ agent_id: { in: 'travel' } }, /in must be an array/],
  [{ AND: [{ user_id: 'a' }, 'x'] }, /AND\[1\] must be an object/],
  ['nope', /filters must be an object/],
  [{ created_at: { gte: 'not a date' } }, /created_at\.gte must be an ISO-8601 date/],
  [{ updated_at: 'yesterday-ish' }, /updated_at must be an ISO-8601 date/],
  [{ AND: [{ created_at: { in: ['2024-01-01', 'soon'] } }] }, /created_at\.in must be an ISO-8601 date/],
])('validateFilters rejects %j', (f, msg) => expect(() => validateFilters(f)).toThrow(msg));

test('entityMentions collects positive ids (not under NOT) and wildcards', () => {
  const m = entityMentions({ AND: [{ user_id: 'alice' }, { OR: [{ agent_id: { in: ['a', 'b'] } }, { run_id: '*' }] }, { NOT: [{ user_id: 'mallory' }] }] });
  expect([...m.user_id]).toEqual(['alice']);
  expect([...m.agent_id]).toEqual(['a', 'b']);
  expect([...m.run_id]).toEqual(['*']);
  expect(namesAnEntity(m)).toBe(true);
  expect(namesAnEntity(entityMentions({ NOT: [{ user_id: 'x' }], created_at: { gte: '2024-01-01' } }))).toBe(false);
});

test.each<[unknown, boolean]>([
  [{ user_id: 'a' }, false],
  [{ OR: [{ user_id: 'a' }] }, true],
  [{ AND: [{ user_id: 'a' }, { OR: [{ agent_id: 'b' }] }] }, true],
  [{ NOT: [{ OR: [{ user_id: 'a' }] }] }, true],
  [{ memory: { icontains: 'OR' } }, false],
])('usesOr(%j) = %s', (f, expected) => expect(usesOr(f)).toBe(expected));

test.each([
  [undefined, { user_id: 'u' }, { user_id: 'u' }],
  [{ agent_id: 'a' }, { user_id: 'u' }, { AND: [{ user_id: 'u' }, { agent_id: 'a' }] }],
  [{ agent_id: 'a' }, {}, { agent_id: 'a' }],
  [undefined, { user_id: null, run_id: '' }, {}],
])('withEntities(%j, %j)', (f, e, expected) => expect(withEntities(f, e)).toEqual(expected));

test.each([
  ['u:alice', { userId: 'alice', agentId: null, sessionId: null }],
  ['u:alice|a:travel', { userId: 'alice', agentId: 'travel', sessionId: null }],
  ['s:run1', { userId: null, agentId: null, sessionId: 'run1' }],
  ['s:run1|a:bot', { userId: null, agentId: 'bot', sessionId: 'run1' }],
])('parseScopeKey(%s)', (key, expected) => expect(parseScopeKey(key)).toEqual({ key, ...expected }));

test('toMessages accepts strings, roles and multimodal content', () => {
  expect(toMessages('hello')).toEqual([{ role: 'user', content: 'hello' }]);
  expect(
    toMessages([
      { role: 'user', content: 'I like tea' },
      { role: 'assistant', content: { type: 'image_url', image_url: { url: 'x' } } },
      { role: 'Human', content: [{ type: 'text', text: 'part one' }, { type: 'text', text: 'part two' }] },
      { role: 'system', content: '  ' },
    ]),
  ).toEqual([
    { role: 'user', content: 'I like tea' },
    { role: 'user', content: 'part one\npart two' },
  ]);
});

describe('mem0 view', () => {
  test('memory text: key/value, subject-prefixed, verbatim', () => {
    expect(memoryText(memory())).toBe('location: Berlin');
    expect(memoryText(memory({ subject: 'sister maya' }))).toBe('sister maya — location: Berlin');
    expect(memoryText(memory({ key: 'note', value: 'wifi is on floor 3' }))).toBe('wifi is on floor 3');
    expect(memoryText(memory({ metadata: { mem0_verbatim: true }, value: 'Lives in Berlin now' }))).toBe('Lives in Berlin now');
  });

  test.each([
    ['location: Munich', { value: 'Munich', verbatim: false }],
    ['LOCATION:   Munich ', { value: 'Munich', verbatim: false }],
    ['Moved to Munich', { value: 'Moved to Munich', verbatim: true }],
    ['location:', { value: 'location:', verbatim: true }],
  ])('an edit %j of "location: Berlin"', (text, expected) => expect(valueFromEdit(memory(), text)).toEqual(expected));

  test('toMem0Memory exposes entities, metadata and our richer fields', () => {
    const v = toMem0Memory(memory({ supersededBy: 'm2', status: 'superseded', active: false, metadata: { app_id: 'shop', run_id: 'r9', mem0_metadata: { k: 1 } } }), 0.5);
    expect(v).toMatchObject({ id: 'm1', memory: 'location: Berlin', user_id: 'u1', agent_id: 'av1', app_id: 'shop', run_id: 'r9', metadata: { k: 1 }, categories: ['fact'], score: 0.5, status: 'superseded', replaced_by: 'm2', supersedes: null });
    expect(v.hash).toMatch(/^[0-9a-f]{32}$/);
    // without a mem0 run_id: the source session (our API, platform API); mem0 adds without one: null
    expect(toMem0Memory(memory({ sourceSession: 's9' })).run_id).toBe('s9');
    expect(toMem0Memory(memory({ metadata: { run_id: null } })).run_id).toBeNull();
    // a session-only scope exposes its session as run_id
    expect(toMem0Memory(memory({ userId: null, scope: 's:r7|a:bot' })).run_id).toBe('r7');
  });

  test('history events from a supersession chain', () => {
    const a = memory({ id: 'a', value: 'Berlin', createdAt: '2024-01-01T00:00:00.000Z', status: 'superseded', active: false, validTo: '2024-02-01T00:00:00.000Z', supersededBy: 'b' });
    const b = memory({ id: 'b', value: 'Lisbon', createdAt: '2024-02-01T00:00:00.000Z', supersedes: 'a', status: 'deleted', active: false, deletedAt: '2024-03-01T00:00:00.000Z' });
    const ev = historyEvents('b', [a, b]);
    expect(ev.map((e) => [e.event, e.old_memory, e.new_memory, e.created_at])).toEqual([
      ['ADD', null, 'location: Berlin', '2024-01-01T00:00:00.000Z'],
      ['UPDATE', 'location: Berlin', 'location: Lisbon', '2024-02-01T00:00:00.000Z'],
      ['DELETE', 'location: Lisbon', null, '2024-03-01T00:00:00.000Z'],
    ]);
    expect(new Set(ev.map((e) => e.id)).size).toBe(3);
    expect(ev.every((e) => e.memory_id === 'b')).toBe(true);
    expect(historyEvents('a', [memory({ id: 'a' })]).map((e) => e.event)).toEqual(['ADD']);
  });
});
