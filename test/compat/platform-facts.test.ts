/** Pure platform mapping rules: key/value normalisation, dedup hash, status map, policy, transcript, injection. */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { dedupHash, factKeyOf, factStatusOf, normaliseFactKey, normaliseFactValue, toPlatformFact, FACT_KEY_PATTERN } from '../../src/core/compat/platform-facts.ts';
import { applyPlatformPolicy, mergeNearDuplicates } from '../../src/core/compat/platform-policy.ts';
import { parseTranscript, truncateTranscript } from '../../src/core/compat/transcript.ts';
import { buildInjectionContext, INJECTION_FOOTER, INJECTION_HEADER } from '../../src/core/compat/injection-context.ts';
import type { MemoryCandidate, MemoryRecord, MemoryStatus } from '../../src/core/types.ts';
import { memory } from './fixtures.ts';

describe('normaliseFactKey', () => {
  test.each([
    ['job_title', 'job_title'],
    ['Favorite Food', 'favorite_food'],
    ['  Life Motto!! ', 'life_motto'],
    ['café-owner', 'cafe_owner'],
    ['2nd_car', 'fact_2nd_car'],
    ['__pet__name__', 'pet_name'],
    ['ab', null],
    ['!!!', null],
    ['', null],
    ['x'.repeat(80), 'x'.repeat(64)],
    [`${'a'.repeat(63)}_b`, 'a'.repeat(63)],
  ])('%j → %j', (raw, expected) => {
    const k = normaliseFactKey(raw);
    expect(k).toBe(expected);
    if (k !== null) {
      expect(k).toMatch(FACT_KEY_PATTERN);
      expect(k.length).toBeGreaterThanOrEqual(3);
      expect(k.length).toBeLessThanOrEqual(64);
    }
  });
});

describe('normaliseFactValue', () => {
  test.each([
    ['  Berlin  ', 'Berlin'],
    ['New\n  York', 'New York'],
    ['', null],
    ['   ', null],
  ])('%j → %j', (raw, expected) => expect(normaliseFactValue(raw)).toBe(expected));

  test('long values are cut to at most 200 characters at a word boundary', () => {
    const v = normaliseFactValue('word '.repeat(100))!;
    expect(v.length).toBeLessThanOrEqual(200);
    expect(v.endsWith('word')).toBe(true);
    expect(normaliseFactValue('x'.repeat(500))!.length).toBe(200);
  });
});

test.each([
  ['user', 'location', 'location'],
  ['sister maya', 'location', 'sister_maya_location'],
  ['', 'employer', 'employer'],
])('factKeyOf(%j, %j) = %j', (subject, key, expected) => expect(factKeyOf(subject, key)).toBe(expected));

test('dedupHash is SHA-256 of avatar|key|value with the value case- and space-folded', () => {
  const expected = createHash('sha256').update('av1|location|new york').digest('hex');
  expect(dedupHash('av1', 'location', 'New  York')).toBe(expected);
  expect(dedupHash('av2', 'location', 'New York')).not.toBe(expected);
  expect(dedupHash('av1', 'hometown', 'New York')).not.toBe(expected);
});

test.each<[MemoryStatus, string]>([
  ['active', 'active'],
  ['superseded', 'superseded'],
  ['retracted', 'superseded'],
  ['historical', 'superseded'],
  ['deleted', 'deleted'],
])('status %s → %s', (s, expected) => expect(factStatusOf(s)).toBe(expected));

test('toPlatformFact maps every field', () => {
  const f = toPlatformFact(memory({ subject: 'sister maya', type: 'relation', lastSeenAt: '2024-02-01T00:00:00.000Z' }));
  expect(f).toEqual({
    fact_id: 'm1',
    user_id: 'u1',
    avatar_id: 'av1',
    category: 'relation',
    fact_key: 'sister_maya_location',
    fact_value: 'Berlin',
    confidence: 0.9,
    status: 'active',
    source_session_id: 's1',
    source_excerpt: 'I live in Berlin.',
    dedup_hash: dedupHash('av1', 'sister_maya_location', 'Berlin'),
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    last_seen_at: '2024-02-01T00:00:00.000Z',
    deleted_at: null,
  });
});

const cand = (over: Partial<MemoryCandidate>): MemoryCandidate => ({ type: 'fact', subject: 'user', key: 'location', value: 'Berlin', confidence: 0.9, op: 'assert', evidence: 'x', ...over });

describe('applyPlatformPolicy', () => {
  const run = (cs: MemoryCandidate[], existing: string[] = []) => applyPlatformPolicy(cs, { avatarId: 'av1', minConfidence: 0.6, existingHashes: new Set(existing) });

  test.each<[string, Partial<MemoryCandidate>, string | null]>([
    ['kept', {}, null],
    ['below the confidence floor', { confidence: 0.59 }, 'low_confidence'],
    ['exactly at the floor is kept', { confidence: 0.6 }, null],
    ['unusable key', { key: '!!' }, 'bad_key'],
    ['empty value', { value: '   ' }, 'empty_value'],
    ['API key value', { key: 'note', value: 'sk-proj-abcdefghijklmnopqrstuv' }, 'secret'],
    ['password under its key', { key: 'password', value: 'hunter2xyz' }, 'secret'],
    ['card number', { key: 'card', value: '4111 1111 1111 1111' }, 'secret'],
    ['bearer string', { key: 'header', value: 'Bearer abcdefghijklmnopqrstuvwxyz012345' }, 'secret'],
    ['base64 blob', { key: 'blob', value: 'QWxhZGRpbjpvcGVuIHNlc2FtZQ1234567890ABCDEFabcdef' }, 'secret'],
    ['masked value', { value: 'code [REDACTED]' }, 'secret'],
  ])('%s', (_name, over, reason) => {
    const r = run([cand(over)]);
    if (reason === null) expect(r.kept).toHaveLength(1);
    else expect(r.dropped.map((d) => d.reason)).toEqual([reason]);
  });

  test('kept candidates are normalised, stamped and become corrections (same key merges)', () => {
    const r = run([cand({ key: 'Favorite Food', value: '  sushi  ', type: 'preference' })]);
    expect(r.kept[0]).toMatchObject({ value: 'sushi', op: 'correct', metadata: { fact_key: 'favorite_food', dedup_hash: dedupHash('av1', 'favorite_food', 'sushi'), category: 'preference' } });
  });

  test('exact duplicates are skipped, against the store and within the batch', () => {
    expect(run([cand({})], [dedupHash('av1', 'location', 'berlin')]).dropped[0].reason).toBe('duplicate');
    const r = run([cand({}), cand({ value: 'BERLIN' })]);
    expect(r.kept).toHaveLength(1);
    expect(r.dropped[0].reason).toBe('duplicate');
  });

  test('retractions and history pass through unchanged in op', () => {
    const r = run([cand({ op: 'retract' }), cand({ op: 'history', value: 'Paris' })], [dedupHash('av1', 'location', 'berlin')]);
    expect(r.kept.map((c) => c.op)).toEqual(['retract', 'history']);
  });
});

test('mergeNearDuplicates retargets a candidate onto the near-duplicate fact', () => {
  const near = memory({ id: 'old', key: 'city', value: 'Berlin, Germany' });
  const [a, b] = mergeNearDuplicates([cand({ value: 'Berlin' }), cand({ key: 'employer', value: 'Acme' })], [near, null], 'av1');
  expect(a).toMatchObject({ key: 'city', op: 'correct', metadata: { fact_key: 'city', near_duplicate_of: 'old' } });
  expect(b).toMatchObject({ key: 'employer', op: 'assert' });
});

describe('transcript', () => {
  test.each([
    ['User: I live in Berlin.\nAssistant: Nice!', [{ role: 'user', content: 'I live in Berlin.' }, { role: 'assistant', content: 'Nice!' }]],
    ['Human: hi\nthere\nAI: hello', [{ role: 'user', content: 'hi\nthere' }, { role: 'assistant', content: 'hello' }]],
    ['just some notes\nwith two lines', [{ role: 'user', content: 'just some notes\nwith two lines' }]],
    ['Note: not a speaker\nUser: real', [{ role: 'user', content: 'Note: not a speaker' }, { role: 'user', content: 'real' }]],
    ['**User:** bold label', [{ role: 'user', content: 'bold label' }]],
    ['User:   \nAssistant: only me', [{ role: 'assistant', content: 'only me' }]],
    ['   ', []],
  ])('%j', (text, expected) => expect(parseTranscript(text)).toEqual(expected));

  test('truncation keeps at most maxChars, preferring a line break', () => {
    const t = `${'a'.repeat(90)}\n${'b'.repeat(50)}`;
    expect(truncateTranscript(t, 100)).toBe('a'.repeat(90));
    expect(truncateTranscript('x'.repeat(300), 100)).toHaveLength(100);
    expect(truncateTranscript('short', 100)).toBe('short');
  });
});

describe('buildInjectionContext', () => {
  const f = (id: string, confidence: number, updated: string, over: Partial<MemoryRecord> = {}) =>
    toPlatformFact(memory({ id, confidence, updatedAt: updated, key: `key_${id}`, value: `value ${id}`, ...over }));

  test('ranks by confidence, then recency; header and footer frame the lines', () => {
    const ctx = buildInjectionContext([f('a', 0.7, '2024-01-03'), f('b', 0.9, '2024-01-01'), f('c', 0.7, '2024-01-05')], 2000);
    expect(ctx.text.split('\n')).toEqual([INJECTION_HEADER, '- [fact] key_b: value b', '- [fact] key_c: value c', '- [fact] key_a: value a', INJECTION_FOOTER]);
    expect(ctx.included.map((x) => x.fact_id)).toEqual(['b', 'c', 'a']);
  });

  test.each([60, 120, 130, 150, 200, 400])('never exceeds a budget of %i characters and keeps whole lines', (budget) => {
    const facts = ['a', 'b', 'c', 'd', 'e'].map((id, i) => f(id, 0.9 - i * 0.05, '2024-01-01', { value: `v${id}`.repeat(i + 1) }));
    const ctx = buildInjectionContext(facts, budget);
    expect(ctx.text.length).toBeLessThanOrEqual(budget);
    if (ctx.text !== '') {
      const lines = ctx.text.split('\n');
      expect(lines[0]).toBe(INJECTION_HEADER);
      expect(lines.at(-1)).toBe(INJECTION_FOOTER);
      expect(lines.slice(1, -1)).toEqual(ctx.included.map((x) => `- [fact] ${x.fact_key}: ${x.fact_value}`));
    } else {
      expect(ctx.included).toEqual([]);
    }
  });

  test('only active facts; none → empty', () => {
    expect(buildInjectionContext([f('a', 0.9, '2024-01-01', { status: 'superseded', active: false })], 2000)).toEqual({ text: '', included: [] });
    expect(buildInjectionContext([], 2000).text).toBe('');
  });
});
