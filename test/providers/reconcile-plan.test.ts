/**
 * LLM reconciliation and query planning over the OpenAI API double: decisions validated against
 * the facts shown, no call where the offline policy is certain, null / [] on any failure.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MemoryCandidate, MemoryRecord } from '../../src/core/types.ts';
import { createOpenAiLlm } from '../../src/providers/openai/openai-llm.ts';
import { LlmReconciler, toDecision } from '../../src/providers/llm/llm-reconciler.ts';
import { cleanSubQueries, LlmQueryPlanner } from '../../src/providers/llm/llm-query-planner.ts';
import type { ApiDouble } from './doubles/api-double.ts';
import { chatJson, chatReply, startOpenAiApiDouble } from './doubles/openai-api-double.ts';

function mem(id: string, value: string, over: Partial<MemoryRecord> = {}): MemoryRecord {
  return {
    id, scope: 'u:1', userId: '1', agentId: null, type: 'fact', subject: 'user', key: 'location', value, confidence: 0.9, singleValued: true,
    status: 'active', active: true, sourceSession: 's', sourceTurn: 't', evidence: '', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    validFrom: '2026-01-01T00:00:00.000Z', validTo: null, eventDate: null, supersedes: null, supersededBy: null, lastSeenAt: null, deletedAt: null, metadata: {}, text: '', terms: '', termCount: 0, ...over,
  };
}
const cand = (value: string, over: Partial<MemoryCandidate> = {}): MemoryCandidate => ({ type: 'fact', subject: 'user', key: 'location', value, confidence: 0.9, op: 'assert', evidence: `I moved to ${value}`, ...over });

describe('toDecision (validation of the model answer)', () => {
  const shown = [mem('m-1', 'Berlin'), mem('m-2', 'Paris')];
  test.each([
    [{ action: 'UPDATE', target: 'F2' }, { action: 'UPDATE', targetId: 'm-2' }],
    [{ action: 'update', target: 'f1' }, { action: 'UPDATE', targetId: 'm-1' }],
    [{ action: 'DUPLICATE', target: 'm-1' }, { action: 'DUPLICATE', targetId: 'm-1' }],
    [{ action: 'RETRACT', target: 1 }, { action: 'RETRACT', targetId: 'm-1' }],
    [{ action: 'COEXIST', target: null }, { action: 'COEXIST' }],
    [{ action: 'ADD', target: 'F9' }, { action: 'ADD' }],
    [{ action: 'HISTORICAL' }, { action: 'HISTORICAL' }],
    [{ action: 'UPDATE', target: 'F3' }, null],
    [{ action: 'UPDATE', target: 'invented-id' }, null],
    [{ action: 'UPDATE', target: null }, null],
    [{ action: 'MERGE', target: 'F1' }, null],
    ['UPDATE F1', null],
  ])('%j → %j', (value, want) => {
    expect(toDecision(value, shown)).toEqual(want);
  });

  test('a missing target is accepted when only one fact was shown', () => {
    expect(toDecision({ action: 'UPDATE', target: null }, [mem('only', 'Berlin')])).toEqual({ action: 'UPDATE', targetId: 'only' });
  });
});

describe('LlmReconciler and LlmQueryPlanner over the OpenAI API double', () => {
  let double: ApiDouble;
  let reconciler: LlmReconciler;
  let planner: LlmQueryPlanner;
  beforeAll(async () => {
    double = await startOpenAiApiDouble();
    const llm = createOpenAiLlm({ apiKey: 'sk-rec-000000', baseURL: `${double.url}/v1`, model: 'gpt-test', fetch, timeoutMs: 3000, maxRetries: 0 });
    reconciler = new LlmReconciler(llm);
    planner = new LlmQueryPlanner(llm);
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.requests.length = 0;
  });

  test('shows the current facts as aliases and maps the chosen alias back to the id', async () => {
    double.script('/chat/completions', chatJson({ action: 'UPDATE', target: 'F1', reason: 'moved' }));
    const d = await reconciler.decide(cand('Lisbon'), [mem('m-berlin', 'Berlin')]);
    expect(d).toEqual({ action: 'UPDATE', targetId: 'm-berlin' });
    const req = double.calls('/chat/completions')[0];
    const prompt = JSON.stringify(req.body.messages);
    expect(prompt).toContain('F1: location = Berlin');
    expect(prompt).toContain('New statement: location = Lisbon');
    expect(req.body.response_format.json_schema.schema.properties.action.enum).toEqual(['ADD', 'UPDATE', 'COEXIST', 'DUPLICATE', 'RETRACT', 'HISTORICAL']);
  });

  test.each([
    ['an exact duplicate', cand('berlin'), [mem('a', 'Berlin')]],
    ['an explicit retraction', cand('Berlin', { op: 'retract' }), [mem('a', 'Berlin')]],
    ['a stated past fact', cand('Rome', { op: 'history' }), [mem('a', 'Berlin')]],
    ['a correction', cand('Lisbon', { op: 'correct' }), [mem('a', 'Berlin')]],
    ['only inactive facts', cand('Lisbon'), [mem('a', 'Berlin', { active: false, status: 'superseded' })]],
  ])('makes no call for %s (offline policy decides)', async (_n, c, current) => {
    expect(await reconciler.decide(c, current)).toBeNull();
    expect(double.calls('/chat/completions')).toHaveLength(0);
  });

  test.each([
    ['an invented target', chatJson({ action: 'UPDATE', target: 'F7', reason: '' })],
    ['garbage', chatReply('no idea')],
    ['a server error', () => ({ status: 500, json: { error: { message: 'boom' } } })],
  ])('returns null on %s', async (_n, reply) => {
    double.script('/chat/completions', reply as never);
    expect(await reconciler.decide(cand('Lisbon'), [mem('a', 'Berlin'), mem('b', 'Paris')])).toBeNull();
  });

  test('decomposes a multi-hop question into cleaned sub-queries', async () => {
    double.script('/chat/completions', chatJson({ sub_queries: ['pet named Biscuit', 'city the user lives in', 'pet named Biscuit', ''] }));
    const q = 'Which city does the person with the dog Biscuit live in?';
    expect(await planner.decompose(q)).toEqual(['pet named Biscuit', 'city the user lives in']);
    expect(JSON.stringify(double.calls('/chat/completions')[0].body.messages)).toContain('dog Biscuit');
  });

  test('short questions make no planning call', async () => {
    expect(await planner.decompose('where do I live?')).toEqual([]);
    expect(double.calls('/chat/completions')).toHaveLength(0);
  });

  test('planning failure yields []', async () => {
    double.script('/chat/completions', { status: 503, json: { error: { message: 'overloaded' } } });
    expect(await planner.decompose('Which city does the person with the dog Biscuit live in?')).toEqual([]);
  });

  test.each([
    [{ sub_queries: ['a b c', 'a b c', 42, 'x'] }, ['a b c']],
    [['pets', 'city'], ['pets', 'city']],
    [{ queries: ['one two', 'three four', 'five six', 'seven eight', 'nine ten'] }, ['one two', 'three four', 'five six', 'seven eight']],
    [{ nope: 1 }, []],
  ])('cleanSubQueries(%j)', (value, want) => {
    expect(cleanSubQueries(value, 'the question')).toEqual(want);
  });
});
