/**
 * LLM extraction through the AI SDK against the OpenAI and Anthropic API doubles: request shape
 * (auth header, model, schema, recent turns in the prompt) and parsing of good, fenced, truncated
 * and invalid output.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ExtractionContext, TurnRecord } from '../../src/core/types.ts';
import { createOpenAiLlm } from '../../src/providers/openai/openai-llm.ts';
import { createAnthropicLlm } from '../../src/providers/anthropic/anthropic-llm.ts';
import { LlmExtractor } from '../../src/providers/llm/llm-extractor.ts';
import { ProviderError } from '../../src/providers/http/provider-error.ts';
import type { ApiDouble } from './doubles/api-double.ts';
import { chatJson, chatReply, startOpenAiApiDouble } from './doubles/openai-api-double.ts';
import { messagesReply, startAnthropicApiDouble } from './doubles/anthropic-api-double.ts';

const KEY = 'sk-test-secret-key-123456';

function turn(seq: number, text: string): TurnRecord {
  return {
    id: `t${seq}`, scope: 'u:1', sessionId: 's1', userId: '1', agentId: null, seq, timestamp: `2026-03-0${seq}T10:00:00.000Z`,
    messages: [{ role: 'user', content: text }], text: `User: ${text}`, terms: '', termCount: 0, metadata: {}, createdAt: '2026-03-01T10:00:00.000Z',
  };
}

const ctx: ExtractionContext = {
  timestamp: '2026-03-05T10:00:00.000Z',
  sessionId: 's1',
  recentTurns: [turn(1, 'I took my wife Anna to the new Thai place.'), turn(2, 'The green curry was great.')],
};

const good = {
  memories: [
    { type: 'relation', subject: 'user', key: 'partner', value: 'Anna', confidence: 0.9, op: 'assert', evidence: 'my wife Anna', event_date: null, replaces: null },
    { type: 'opinion', subject: 'wife anna', key: 'opinion_thai_food', value: 'positive', confidence: 0.8, op: 'assert', evidence: 'She loved it', event_date: null, replaces: null },
  ],
};
const item = good.memories[0];

describe('LLM extraction over the OpenAI API double', () => {
  let double: ApiDouble;
  let extractor: LlmExtractor;
  beforeAll(async () => {
    double = await startOpenAiApiDouble();
    extractor = new LlmExtractor(createOpenAiLlm({ apiKey: KEY, baseURL: `${double.url}/v1`, model: 'local-model', fetch, timeoutMs: 5000, maxRetries: 0 }));
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.requests.length = 0;
  });

  test('sends one chat completion with auth, model, json_schema and the recent turns', async () => {
    double.script('/chat/completions', chatJson(good));
    const out = await extractor.extract([{ role: 'user', content: 'She loved it.' }], ctx);
    expect(out.map((c) => [c.subject, c.key, c.value])).toEqual([
      ['user', 'partner', 'Anna'],
      ['wife anna', 'opinion_thai_food', 'positive'],
    ]);
    expect(double.calls('/chat/completions')).toHaveLength(1);
    const req = double.calls('/chat/completions')[0];
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe('local-model');
    expect(req.body.response_format.type).toBe('json_schema');
    const schema = req.body.response_format.json_schema.schema;
    expect(schema.properties.memories.items.required).toEqual(expect.arrayContaining(['type', 'subject', 'key', 'value', 'confidence', 'op']));
    const prompt = JSON.stringify(req.body.messages);
    expect(prompt).toContain('wife Anna'); // co-reference context from two turns ago
    expect(prompt).toContain('She loved it.');
    expect(prompt).toContain('opinion_'); // the key vocabulary is shown
  });

  test.each([
    ['fenced', '```json\n' + JSON.stringify({ memories: [item] }) + '\n```', 1],
    ['chatty prose around the object', 'Here you go:\n' + JSON.stringify({ memories: [item] }) + '\nLet me know!', 1],
    ['reasoning block first', '<think>the user has a wife {maybe}</think>' + JSON.stringify({ memories: [item] }), 1],
    ['truncated mid-second-item', JSON.stringify({ memories: [item] }).slice(0, -2) + ',{"type":"fact","subject":"user","key":"loca', 1],
    ['trailing commas and single quotes', "{'memories': [{'type': 'relation', 'subject': 'user', 'key': 'partner', 'value': 'Anna', 'confidence': 0.9, 'op': 'assert',},]}", 1],
    ['a bare array', JSON.stringify([item, item]), 2],
    ['string confidence and alias key', JSON.stringify({ memories: [{ ...item, key: 'Wife', confidence: '0.85' }] }), 1],
  ])('recovers %s output', async (_name, content, count) => {
    double.script('/chat/completions', chatReply(content));
    const out = await extractor.extract([{ role: 'user', content: 'My wife is Anna.' }], ctx);
    expect(out).toHaveLength(count);
    expect(out[0]).toMatchObject({ type: 'relation', subject: 'user', key: 'partner', value: 'Anna', op: 'assert' });
    expect(out[0].confidence).toBeGreaterThan(0.8);
  });

  test('output cut by max tokens (finish_reason length) is repaired too', async () => {
    const cut = JSON.stringify({ memories: [item, { ...item, key: 'location', value: 'Lisbon', type: 'fact' }] }).slice(0, -30);
    double.script('/chat/completions', chatReply(cut, { finishReason: 'length' }));
    const out = await extractor.extract([{ role: 'user', content: 'My wife is Anna and we live in Lisbon.' }], ctx);
    expect(out.map((c) => c.key)).toContain('partner');
  });

  test('drops invalid items and keeps the valid ones', async () => {
    const bad = [
      { ...item, type: 'gossip', key: '???' },
      { ...item, value: '' },
      { ...item, confidence: 7 },
      { ...item, op: 'explode' },
      { ...item, key: 'location', value: 'Lisbon', type: 'fact', event_date: 'next tuesday' },
    ];
    double.script('/chat/completions', chatJson({ memories: bad }));
    const out = await extractor.extract([{ role: 'user', content: 'I live in Lisbon.' }], ctx);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ key: 'location', value: 'Lisbon', eventDate: null });
  });

  test('maps stance, implicit and validity onto the candidate shape the offline extractor uses', async () => {
    double.script('/chat/completions', chatJson({
      memories: [
        { ...item, type: 'opinion', key: 'opinion_typescript', value: 'loves the type safety', stance: 'Positive', implicit: false },
        { ...item, type: 'fact', key: 'employer', value: 'Google', op: 'history', valid_from: '2019-01-01', valid_to: '2021-06-30', stance: null, implicit: false },
        { ...item, type: 'fact', key: 'pet', value: 'Biscuit', confidence: 0.6, implicit: true, stance: 'ecstatic' },
      ],
    }));
    const out = await extractor.extract([{ role: 'user', content: 'I love TypeScript. I worked at Google from 2019 to 2021. Walking Biscuit now.' }], ctx);
    expect(out[0]).toMatchObject({ key: 'opinion_typescript', metadata: { extractor: 'llm', stance: 'positive', topic: 'typescript' } });
    expect(out[1]).toMatchObject({ key: 'employer', op: 'history', validFrom: '2019-01-01', validTo: '2021-06-30' });
    expect(out[2].metadata).toEqual({ extractor: 'llm', implicit: true }); // an unknown stance is ignored, not fatal
  });

  test('secrets in the turn and its context are masked before anything is sent', async () => {
    const secretCtx: ExtractionContext = { ...ctx, recentTurns: [turn(1, 'my card is 4111 1111 1111 1111')] };
    double.script('/chat/completions', chatJson({ memories: [] }));
    await extractor.extract([{ role: 'user', content: 'here is my key sk-live-abcdefghijklmnopqrstuvwx and password: hunter2hunter2' }], secretCtx);
    const raw = double.calls('/chat/completions').at(-1)!.raw;
    expect(raw).not.toContain('abcdefghijklmnopqrstuvwx');
    expect(raw).not.toContain('4111 1111 1111 1111');
    expect(raw).not.toContain('hunter2hunter2');
    expect(raw).toContain('[REDACTED]');
  });

  test('a turn without user text makes no call', async () => {
    const before = double.calls('/chat/completions').length;
    const out = await extractor.extract([{ role: 'assistant', content: 'You mentioned you live in Lisbon.' }, { role: 'tool', content: '{"weather":"sunny"}' }], ctx);
    expect(out).toEqual([]);
    expect(double.calls('/chat/completions')).toHaveLength(before);
  });

  test('an empty list is a valid answer (no memories, no fallback)', async () => {
    double.script('/chat/completions', chatJson({ memories: [] }));
    await expect(extractor.extract([{ role: 'user', content: 'hi!' }], ctx)).resolves.toEqual([]);
  });

  test.each([
    ['prose only', 'I could not find any memories in this turn.'],
    ['every item invalid', JSON.stringify({ memories: [{ key: '!!', value: '' }] })],
    ['wrong top-level shape', JSON.stringify({ answer: 42 })],
  ])('throws on %s so the service falls back to offline', async (_n, content) => {
    double.script('/chat/completions', chatReply(content));
    const err = await extractor.extract([{ role: 'user', content: 'I live in Lisbon.' }], ctx).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('LLM_OUTPUT_INVALID');
  });

  test('LLM_RESPONSE_FORMAT=json_object: json_object mode, the prompt carries the item shape, output still validated', async () => {
    const jsonObject = new LlmExtractor(createOpenAiLlm({ apiKey: KEY, baseURL: `${double.url}/v1`, model: 'old-server', fetch, timeoutMs: 5000, maxRetries: 0, responseFormat: 'json_object' }));
    double.script('/chat/completions', chatReply('```json\n' + JSON.stringify({ memories: [item] }) + '\n```'));
    const out = await jsonObject.extract([{ role: 'user', content: 'My wife is Anna.' }], ctx);
    expect(out.map((c) => c.value)).toEqual(['Anna']);
    const req = double.calls('/chat/completions').at(-1)!;
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    expect(JSON.stringify(req.body.messages)).toContain('each item has exactly: type');
  });

  test('a hanging server times out within PROVIDER_TIMEOUT_MS (PROVIDER_TIMEOUT)', async () => {
    const quick = new LlmExtractor(createOpenAiLlm({ apiKey: KEY, baseURL: `${double.url}/v1`, model: 'm', fetch, timeoutMs: 300, maxRetries: 2 }));
    double.script('/chat/completions', { hang: true });
    const t0 = Date.now();
    const err = await quick.extract([{ role: 'user', content: 'I live in Lisbon.' }], ctx).catch((e) => e);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('PROVIDER_TIMEOUT');
  });

  test('a provider error surfaces as a ProviderError with status and message', async () => {
    double.script('/chat/completions', { status: 400, json: { error: { message: 'model not found', type: 'invalid_request_error' } } });
    const err = await extractor.extract([{ role: 'user', content: 'I live in Lisbon.' }], ctx).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.status).toBe(400);
    expect(err.message).toContain('model not found');
  });
});

describe('LLM extraction over the Anthropic API double', () => {
  let double: ApiDouble;
  let extractor: LlmExtractor;
  beforeAll(async () => {
    double = await startAnthropicApiDouble();
    extractor = new LlmExtractor(createAnthropicLlm({ apiKey: KEY, baseURL: `${double.url}/v1`, model: 'claude-test', fetch, timeoutMs: 5000, maxRetries: 0 }));
  });
  afterAll(() => double.close());

  test('sends x-api-key, the model and a forced json tool; reads the tool input', async () => {
    double.script('/messages', messagesReply(JSON.stringify(good)));
    const out = await extractor.extract([{ role: 'user', content: 'She loved it.' }], ctx);
    expect(out).toHaveLength(2);
    const req = double.calls('/messages').at(-1)!;
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['anthropic-version']).toBeTruthy();
    expect(req.body.model).toBe('claude-test');
    expect(req.body.tools[0].name).toBe('json');
    expect(req.body.tools[0].input_schema.properties.memories).toBeTruthy();
    expect(JSON.stringify(req.body)).toContain('wife Anna');
  });

  test('repairs fenced text output', async () => {
    double.script('/messages', messagesReply('```json\n' + JSON.stringify({ memories: [item] }) + '\n```', { forceText: true }));
    const out = await extractor.extract([{ role: 'user', content: 'My wife is Anna.' }], ctx);
    expect(out.map((c) => c.value)).toEqual(['Anna']);
  });
});
