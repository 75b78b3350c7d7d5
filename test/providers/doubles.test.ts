/**
 * The API test doubles themselves speak the wire formats the providers expect (checked with plain
 * fetch, no SDK): OpenAI chat completions (content, or tool_calls when tools are sent), OpenAI
 * embeddings, Anthropic messages (tool_use or text), the rerank dialects, scripting and die().
 */
import { describe, expect, test } from 'vitest';
import { ApiDouble } from './doubles/api-double.ts';
import { chatReply, fakeEmbedding, startOpenAiApiDouble } from './doubles/openai-api-double.ts';
import { messagesReply, startAnthropicApiDouble } from './doubles/anthropic-api-double.ts';
import { overlapScore, startRerankApiDouble } from './doubles/rerank-api-double.ts';

const postJson = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
};

describe('OpenAI API double', () => {
  test('chat: message content, or tool_calls with the content as arguments when tools are sent', async () => {
    const d = await startOpenAiApiDouble();
    try {
      d.script('/chat/completions', chatReply('{"a":1}'), chatReply('{"a":2}'));
      const plain = await postJson(`${d.url}/v1/chat/completions`, { model: 'm', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema' } });
      expect(plain.json.choices[0]).toMatchObject({ message: { role: 'assistant', content: '{"a":1}' }, finish_reason: 'stop' });
      const tools = await postJson(`${d.url}/v1/chat/completions`, { model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'extract', parameters: {} } }], tool_choice: 'required' });
      expect(tools.json.choices[0].finish_reason).toBe('tool_calls');
      expect(tools.json.choices[0].message.tool_calls[0].function).toEqual({ name: 'extract', arguments: '{"a":2}' });
      expect(d.calls('/chat/completions').map((r) => r.body.model)).toEqual(['m', 'm']);
    } finally {
      await d.close();
    }
  });

  test('embeddings: one unit vector per input, in order, honouring dimensions', async () => {
    const d = await startOpenAiApiDouble({ embeddingDim: 16 });
    try {
      const r = await postJson(`${d.url}/v1/embeddings`, { model: 'e', input: ['a dog', 'a cat'], dimensions: 8 });
      expect(r.json.data.map((x: { index: number }) => x.index)).toEqual([0, 1]);
      expect(r.json.data[0].embedding).toEqual(fakeEmbedding('a dog', 8));
      expect(Math.hypot(...r.json.data[1].embedding)).toBeCloseTo(1, 6);
    } finally {
      await d.close();
    }
  });
});

describe('Anthropic API double', () => {
  test.each([
    ['forced json tool → tool_use with the parsed input', { tools: [{ name: 'json', input_schema: {} }] }, {}, { type: 'tool_use', name: 'json', input: { a: 1 } }, 'tool_use'],
    ['no tools → text block', {}, {}, { type: 'text', text: '{"a":1}' }, 'end_turn'],
    ['forceText → text even with tools', { tools: [{ name: 'json' }] }, { forceText: true }, { type: 'text', text: '{"a":1}' }, 'end_turn'],
  ])('%s', async (_n, extra, opts, block, stop) => {
    const d = await startAnthropicApiDouble();
    try {
      d.script('/messages', messagesReply('{"a":1}', opts));
      const r = await postJson(`${d.url}/v1/messages`, { model: 'c', max_tokens: 10, messages: [], ...extra });
      expect(r.json.content[0]).toMatchObject(block);
      expect(r.json.stop_reason).toBe(stop);
    } finally {
      await d.close();
    }
  });
});

describe('rerank API double', () => {
  test.each([
    ['cohere', (j: any) => j.results],
    ['voyage', (j: any) => j.data],
    ['tei', (j: any) => j],
  ] as const)('%s shape, best first', async (format, list) => {
    const d = await startRerankApiDouble(format);
    try {
      const r = await postJson(`${d.url}/rerank`, { model: 'r', query: 'dog Biscuit', documents: ['a cat', 'the dog Biscuit'], texts: ['a cat', 'the dog Biscuit'] });
      const items = list(r.json);
      expect(items[0].index).toBe(1);
      expect(items[0].relevance_score ?? items[0].score).toBe(1);
    } finally {
      await d.close();
    }
  });

  test.each([
    ['dog Biscuit', 'the dog Biscuit', 1],
    ['dog Biscuit', 'a dog', 0.5],
    ['where do they live', 'anything', 0],
  ])('overlapScore(%j, %j) = %f', (q, doc, want) => expect(overlapScore(q, doc)).toBe(want));
});

describe('ApiDouble', () => {
  test('scripted replies are consumed in order before the default route; die() refuses later calls', async () => {
    const d = await ApiDouble.start(() => ({ json: { from: 'default' } }));
    d.script('/x', { status: 503, json: { from: 'script' } });
    expect(await postJson(`${d.url}/x`, {})).toEqual({ status: 503, json: { from: 'script' } });
    expect(await postJson(`${d.url}/x`, {})).toEqual({ status: 200, json: { from: 'default' } });
    expect(d.calls('/x')).toHaveLength(2);
    await d.die();
    await expect(fetch(`${d.url}/x`)).rejects.toThrow();
  });
});
