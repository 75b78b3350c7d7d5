/**
 * @module test/core/reconcile
 * The evolution policy of core/reconcile, pure: supersede, coexist, reinforce, retract,
 * history, events, corrections, opinion chains, like/dislike, implicit ceilings and LLM
 * decisions with their offline fallback. Rows are applied to an in-memory table between steps.
 */
import { describe, expect, test } from 'vitest';
import { reconcile, type ReconcileInput } from '../../src/core/reconcile/reconcile.ts';
import { sameValue, refersTo } from '../../src/core/reconcile/value-match.ts';
import { policyOf, relatedKeys } from '../../src/core/reconcile/policy.ts';
import type { MemoryCandidate, MemoryRecord } from '../../src/core/types.ts';
import type { ReconcileDecision } from '../../src/core/ports.ts';

const scope = { key: 'u:alice', userId: 'alice', agentId: null };

/** A tiny in-memory store: applies ops, remembers every row. */
function table() {
  const rows = new Map<string, MemoryRecord>();
  let n = 0;
  let day = 1;
  const step = (cands: Array<Partial<MemoryCandidate> & Pick<MemoryCandidate, 'key' | 'value'>>, decisions?: Array<ReconcileDecision | null>) => {
    const ts = `2024-01-${String(day++).padStart(2, '0')}T10:00:00.000Z`;
    const candidates: MemoryCandidate[] = cands.map((c) => ({ type: c.key.startsWith('event_') ? 'event' : c.key.startsWith('opinion_') ? 'opinion' : 'fact', subject: 'user', confidence: 0.9, op: 'assert', evidence: c.value, ...c }));
    const input: ReconcileInput = { scope, turn: { id: `turn${day}`, sessionId: `s${day}`, timestamp: ts }, candidates, existing: [...rows.values()].filter((r) => r.active), now: ts, newId: () => `m${++n}`, decisions };
    const ops = reconcile(input);
    for (const op of ops) {
      if (op.kind === 'insert') rows.set(op.memory.id, { ...op.memory });
      else Object.assign(rows.get(op.id)!, op.patch);
    }
    return ops;
  };
  const active = (key: string) => [...rows.values()].filter((r) => r.active && r.key === key).map((r) => r.value);
  const all = (key: string) => [...rows.values()].filter((r) => r.key === key);
  return { step, active, all, rows };
}

describe('value matching', () => {
  test.each([
    ['cat named Luna', 'Luna', true],
    ['Stripe', 'Stripe Inc', true],
    ['peanuts', 'peanut', true],
    ['Berlin', 'Bern', false],
    ['dog named Rex', 'cat named Rex', false],
    ['New York City', 'York', false],
  ])('sameValue(%s, %s) = %s', (a, b, want) => expect(sameValue(a, b)).toBe(want));

  test.each([
    ['Luna', 'cat named Luna', [], true],
    ['cat', 'cat named Luna', [], true],
    ['Tuesday', 'dentist appointment', ['My dentist appointment is on Tuesday.'], true],
    ['dog', 'cat named Luna', [], false],
  ])('refersTo(%s, %s)', (needle, value, extra, want) => expect(refersTo(needle, value, extra)).toBe(want));
});

describe('policy table', () => {
  test.each([
    ['employer', 'fact', 'supersede'],
    ['location', 'fact', 'supersede'],
    ['diet', 'fact', 'supersede'],
    ['pet', 'fact', 'coexist'],
    ['language', 'fact', 'coexist'],
    ['hobby', 'preference', 'coexist'],
    ['event_trip', 'event', 'accumulate'],
    ['opinion_typescript', 'opinion', 'opinion-chain'],
    ['some_unknown_key', 'fact', 'coexist'],
  ])('%s → %s', (key, type, want) => expect(policyOf(key, type)).toBe(want));
  test('like and dislike see each other', () => {
    expect(relatedKeys('like')).toEqual(['like', 'dislike']);
    expect(relatedKeys('employer')).toEqual(['employer']);
  });
});

describe('offline policy', () => {
  test('single-valued keys supersede, linked both ways, old row keeps its text', () => {
    const t = table();
    t.step([{ key: 'employer', value: 'Stripe' }]);
    t.step([{ key: 'employer', value: 'Notion' }]);
    const [old, cur] = t.all('employer');
    expect(old).toMatchObject({ value: 'Stripe', active: false, status: 'superseded', supersededBy: cur.id, validTo: '2024-01-02T10:00:00.000Z' });
    expect(cur).toMatchObject({ value: 'Notion', active: true, supersedes: old.id });
  });

  test('multi-valued keys coexist; a retraction ends only the value it names', () => {
    const t = table();
    t.step([{ key: 'pet', value: 'dog named Rex' }]);
    t.step([{ key: 'pet', value: 'cat named Luna' }]);
    expect(t.active('pet').sort()).toEqual(['cat named Luna', 'dog named Rex']);
    t.step([{ key: 'pet', value: 'Luna', op: 'retract' }]);
    expect(t.active('pet')).toEqual(['dog named Rex']);
    expect(t.all('pet').find((r) => r.value === 'cat named Luna')).toMatchObject({ status: 'retracted', active: false });
  });

  test('a near-identical value reinforces: confidence up, updated_at refreshed, no new row', () => {
    const t = table();
    t.step([{ key: 'location', value: 'Berlin', confidence: 0.8 }]);
    const ops = t.step([{ key: 'location', value: 'berlin', confidence: 0.8 }]);
    expect(ops).toHaveLength(1);
    expect(ops[0].kind).toBe('update');
    const [row] = t.all('location');
    expect(row.confidence).toBeCloseTo(0.85);
    expect(row.updatedAt).toBe('2024-01-02T10:00:00.000Z');
  });

  test('"I used to work at X" is stored inactive with its validity and does not displace the current employer', () => {
    const t = table();
    t.step([{ key: 'employer', value: 'Notion' }]);
    t.step([{ key: 'employer', value: 'Google', op: 'history' }]);
    expect(t.active('employer')).toEqual(['Notion']);
    expect(t.all('employer').find((r) => r.value === 'Google')).toMatchObject({ active: false, status: 'historical', validTo: '2024-01-02T10:00:00.000Z' });
  });

  test('history of the current value ends it', () => {
    const t = table();
    t.step([{ key: 'hobby', value: 'tennis' }]);
    t.step([{ key: 'hobby', value: 'tennis', op: 'history' }]);
    expect(t.active('hobby')).toEqual([]);
    expect(t.all('hobby')).toHaveLength(1);
  });

  test('a move supersedes the old city and does not duplicate it as history', () => {
    const t = table();
    t.step([{ key: 'location', value: 'NYC' }]);
    t.step([{ key: 'location', value: 'Berlin', metadata: { previous: 'NYC' } }, { key: 'location', value: 'NYC', op: 'history' }]);
    expect(t.active('location')).toEqual(['Berlin']);
    expect(t.all('location')).toHaveLength(2);
  });

  test('events accumulate and never supersede; the same event on the same date reinforces', () => {
    const t = table();
    t.step([{ key: 'event_trip', value: 'trip to Japan', eventDate: '2024-06-03' }]);
    t.step([{ key: 'event_trip', value: 'trip to Peru', eventDate: '2024-09-01' }]);
    t.step([{ key: 'event_trip', value: 'trip to Japan', eventDate: '2024-06-03' }]);
    expect(t.active('event_trip').sort()).toEqual(['trip to Japan', 'trip to Peru']);
    expect(t.all('event_trip')).toHaveLength(2);
  });

  test('a correction replaces the event it names, even among several', () => {
    const t = table();
    t.step([{ key: 'event_appointment', value: 'dentist appointment', eventDate: '2024-01-09', metadata: { dateText: 'Tuesday' }, evidence: 'My dentist appointment is on Tuesday.' }]);
    t.step([{ key: 'event_appointment', value: 'vet appointment', eventDate: '2024-01-12' }]);
    t.step([{ key: 'event_appointment', value: 'dentist appointment', eventDate: '2024-01-10', op: 'correct', replaces: 'Tuesday' }]);
    const rows = t.all('event_appointment');
    expect(rows.filter((r) => r.active).map((r) => `${r.value}@${r.eventDate}`).sort()).toEqual(['dentist appointment@2024-01-10', 'vet appointment@2024-01-12']);
    const wrong = rows.find((r) => r.eventDate === '2024-01-09')!;
    expect(wrong).toMatchObject({ status: 'superseded', active: false });
    expect(rows.find((r) => r.id === wrong.supersededBy)?.supersedes).toBe(wrong.id);
  });

  test('a correction of a multi-valued key replaces only the corrected value', () => {
    const t = table();
    t.step([{ key: 'pet', value: 'cat named Mochi' }, { key: 'pet', value: 'dog named Rex' }]);
    t.step([{ key: 'pet', value: 'cat named Momo', op: 'correct', replaces: 'Mochi' }]);
    expect(t.active('pet').sort()).toEqual(['cat named Momo', 'dog named Rex']);
  });

  test('opinions keep the chain with stances in metadata', () => {
    const t = table();
    t.step([{ key: 'opinion_typescript', value: 'great', metadata: { stance: 'positive' } }]);
    t.step([{ key: 'opinion_typescript', value: 'annoying generics', metadata: { stance: 'negative' } }]);
    t.step([{ key: 'opinion_typescript', value: 'fine for big projects', metadata: { stance: 'positive' } }]);
    const chain = t.all('opinion_typescript');
    expect(chain.map((r) => r.metadata.stance)).toEqual(['positive', 'negative', 'positive']);
    expect(chain.map((r) => r.active)).toEqual([false, false, true]);
    expect(chain[2].supersedes).toBe(chain[1].id);
    expect(chain[1].supersedes).toBe(chain[0].id);
    expect(chain[2].metadata.previousStance).toBe('negative');
  });

  test('a dislike ends the like of the same thing', () => {
    const t = table();
    t.step([{ key: 'like', value: 'sushi', type: 'preference' }]);
    t.step([{ key: 'dislike', value: 'sushi', type: 'preference' }]);
    expect(t.active('like')).toEqual([]);
    expect(t.active('dislike')).toEqual(['sushi']);
  });

  test('an implicit cue does not override a confident explicit value', () => {
    const t = table();
    t.step([{ key: 'employer', value: 'Stripe', confidence: 0.9 }]);
    t.step([{ key: 'employer', value: 'Notion', confidence: 0.6 }]);
    expect(t.active('employer')).toEqual(['Stripe']);
  });

  test('a retraction that names nothing current changes nothing', () => {
    const t = table();
    t.step([{ key: 'diet', value: 'vegan' }]);
    expect(t.step([{ key: 'diet', value: 'vegetarian', op: 'retract' }])).toEqual([]);
    expect(t.active('diet')).toEqual(['vegan']);
  });

  test('diet change and back: the retracted row stays, a new row is created', () => {
    const t = table();
    t.step([{ key: 'diet', value: 'vegetarian' }]);
    t.step([{ key: 'diet', value: 'vegetarian', op: 'retract' }]);
    t.step([{ key: 'diet', value: 'vegetarian' }]);
    expect(t.all('diet').map((r) => r.status)).toEqual(['retracted', 'active']);
  });
});

describe('LLM decisions', () => {
  test('UPDATE supersedes the target the model names even for a multi-valued key', () => {
    const t = table();
    t.step([{ key: 'hobby', value: 'running' }, { key: 'hobby', value: 'chess' }]);
    const chess = t.all('hobby').find((r) => r.value === 'chess')!;
    t.step([{ key: 'hobby', value: 'competitive chess' }], [{ action: 'UPDATE', targetId: chess.id }]);
    expect(t.active('hobby').sort()).toEqual(['competitive chess', 'running']);
  });
  test('DUPLICATE reinforces, RETRACT ends, HISTORICAL stores inactive, COEXIST adds', () => {
    const t = table();
    t.step([{ key: 'employer', value: 'Stripe' }]);
    const id = t.all('employer')[0].id;
    t.step([{ key: 'employer', value: 'Stripe Payments' }], [{ action: 'DUPLICATE', targetId: id }]);
    expect(t.all('employer')).toHaveLength(1);
    t.step([{ key: 'employer', value: 'Acme' }], [{ action: 'HISTORICAL' }]);
    expect(t.active('employer')).toEqual(['Stripe']);
    t.step([{ key: 'employer', value: 'Side gig' }], [{ action: 'COEXIST' }]);
    expect(t.active('employer').sort()).toEqual(['Side gig', 'Stripe']);
    t.step([{ key: 'employer', value: 'Stripe', op: 'retract' }], [{ action: 'RETRACT', targetId: id }]);
    expect(t.active('employer')).toEqual(['Side gig']);
  });
  test('a decision naming an unknown row falls back to the offline policy', () => {
    const t = table();
    t.step([{ key: 'location', value: 'Lisbon' }]);
    t.step([{ key: 'location', value: 'Porto' }], [{ action: 'UPDATE', targetId: 'no-such-row' }]);
    expect(t.active('location')).toEqual(['Porto']);
    expect(t.all('location')[0].status).toBe('superseded');
  });
  test('null decisions use the offline policy', () => {
    const t = table();
    t.step([{ key: 'pet', value: 'dog' }]);
    t.step([{ key: 'pet', value: 'cat' }], [null]);
    expect(t.active('pet').sort()).toEqual(['cat', 'dog']);
  });
});
