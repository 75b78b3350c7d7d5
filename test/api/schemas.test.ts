/**
 * The contract's zod schemas (src/api/schemas.ts) and the record → API mapping, table-driven.
 */
import { describe, expect, test } from 'vitest';
import { RecallRequest, SearchRequest, TurnRequest, MemoriesResponse, isIsoTimestamp, LIMITS } from '../../src/api/schemas.ts';
import { toApiMemory, toApiSearchResult } from '../../src/api/memory-mapper.ts';
import type { MemoryRecord } from '../../src/core/types.ts';

describe('isIsoTimestamp', () => {
  test.each([
    ['2024-05-01', true],
    ['2024-05-01T10:00:00Z', true],
    ['2024-05-01T10:00:00.123Z', true],
    ['2024-05-01T10:00:00+02:00', true],
    ['2024-05-01T10:00:00-0530', true],
    ['2024-05-01T10:00', true],
    ['2024-02-29T00:00:00Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2024-02-31', false],
    ['2024-13-01', false],
    ['2024-05-01T25:00:00Z', false],
    ['yesterday', false],
    ['1714550400', false],
    ['', false],
    ['05/01/2024', false],
    ['2024-05-01T10:00:00Z trailing', false],
  ])('%s → %s', (value, ok) => {
    expect(isIsoTimestamp(value)).toBe(ok);
  });
});

describe('request schemas', () => {
  const base = { session_id: 's', user_id: null, messages: [{ role: 'user', content: 'hi' }] };

  test('user_id is required but may be null; unknown fields are dropped', () => {
    const parsed = TurnRequest.parse({ ...base, surprise: 1 });
    expect(parsed.user_id).toBeNull();
    expect('surprise' in parsed).toBe(false);
    const { user_id: _omitted, ...noUser } = base;
    const missing = TurnRequest.safeParse(noUser);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['user_id']);
  });

  test.each([
    [{ ...base, messages: [{ role: 'user', content: 'hi', name: null }] }, true],
    [{ ...base, messages: [{ role: 'user', content: '' }] }, true],
    [{ ...base, messages: [{ role: 'user' }] }, false],
    [{ ...base, messages: Array.from({ length: LIMITS.messagesMax + 1 }, () => ({ role: 'user', content: 'x' })) }, false],
    [{ ...base, session_id: 'x'.repeat(LIMITS.idMaxLength + 1) }, false],
    [{ ...base, metadata: { nested: { ok: [1, 2] } } }, true],
    [{ ...base, metadata: [1] }, false],
  ])('TurnRequest %# → valid=%s', (body, ok) => {
    expect(TurnRequest.safeParse(body).success).toBe(ok);
  });

  test.each([
    [1, true],
    [32768, true],
    [0, false],
    [32769, false],
    [-5, false],
    [1.5, false],
  ])('RecallRequest max_tokens=%s → valid=%s', (max_tokens, ok) => {
    expect(RecallRequest.safeParse({ query: 'q', session_id: 's', user_id: null, max_tokens }).success).toBe(ok);
  });

  test('SearchRequest needs a scope: user_id or session_id', () => {
    const r = SearchRequest.safeParse({ query: 'q', user_id: null, session_id: null });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['user_id']);
    expect(SearchRequest.safeParse({ query: 'q', user_id: null, session_id: 's' }).success).toBe(true);
  });

  test('SearchRequest defaults: limit 10, session_id null', () => {
    expect(SearchRequest.parse({ query: 'q', user_id: 'u' })).toMatchObject({ limit: 10, session_id: null, user_id: 'u' });
  });
});

const record = (over: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id: 'm1',
  scope: 'u:alice',
  userId: 'alice',
  agentId: null,
  type: 'fact',
  subject: 'user',
  key: 'employer',
  value: 'Stripe',
  confidence: 0.9,
  singleValued: true,
  status: 'superseded',
  active: false,
  sourceSession: 's1',
  sourceTurn: 't1',
  evidence: 'I work at Stripe.',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
  validFrom: '2024-01-01T00:00:00.000Z',
  validTo: '2024-03-01T00:00:00.000Z',
  eventDate: null,
  supersedes: null,
  supersededBy: 'm2',
  lastSeenAt: null,
  deletedAt: null,
  metadata: { category: 'work' },
  text: 'employer: Stripe',
  terms: 'employ stripe',
  termCount: 2,
  ...over,
});

describe('memory mapper', () => {
  test('maps every contract field to snake_case and validates against MemoriesResponse', () => {
    const api = toApiMemory(record());
    expect(api).toMatchObject({
      id: 'm1',
      type: 'fact',
      subject: 'user',
      key: 'employer',
      value: 'Stripe',
      source_session: 's1',
      source_turn: 't1',
      valid_to: '2024-03-01T00:00:00.000Z',
      superseded_by: 'm2',
      supersedes: null,
      active: false,
      status: 'superseded',
    });
    expect(MemoriesResponse.safeParse({ memories: [api] }).success).toBe(true);
    // Internal index fields never leak.
    expect(Object.keys(api)).not.toEqual(expect.arrayContaining(['terms']));
    expect('scope' in api).toBe(false);
  });

  test('a search hit with a memory carries the mapped memory; a non-finite score becomes 0', () => {
    const hit = toApiSearchResult({
      kind: 'memory',
      id: 'm1',
      content: 'employer: Stripe',
      score: Number.NaN,
      session_id: 's1',
      timestamp: null,
      metadata: {},
      rankers: [],
      turn_id: 't1',
      memory: record(),
    });
    expect(hit.score).toBe(0);
    expect(hit.memory?.superseded_by).toBe('m2');
  });
});
