/**
 * @module test/providers/doubles/openai-api-double
 * Test double of the OpenAI HTTP API (and the OpenAI-compatible servers that copy it):
 * `POST /v1/chat/completions` (plain content, `response_format` json_schema, or `tools` →
 * tool_calls) and `POST /v1/embeddings` (deterministic bag-of-words vectors). Scripted, recording.
 */
import { ApiDouble, type RecordedRequest, type Reply, type ReplyFn } from './api-double.ts';

/** Deterministic unit vector: hashed word buckets, so texts sharing words are similar. */
export function fakeEmbedding(text: string, dim: number): number[] {
  const v = new Array<number>(dim).fill(0);
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const word = w.length > 3 ? w.replace(/s$/, '') : w;
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
    v[Math.abs(h) % dim] += 1;
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

let seq = 0;

/** A chat completion whose message is `content`, or a tool call carrying it when tools were sent. */
export function chatReply(content: string, opts: { finishReason?: string } = {}): ReplyFn {
  return (req) => {
    const tools = req.body?.tools as Array<{ function?: { name?: string } }> | undefined;
    const toolName = tools?.[0]?.function?.name;
    const message = toolName
      ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${++seq}`, type: 'function', function: { name: toolName, arguments: content } }] }
      : { role: 'assistant', content };
    return {
      json: {
        id: `chatcmpl-${++seq}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: req.body?.model ?? 'double',
        choices: [{ index: 0, message, finish_reason: opts.finishReason ?? (toolName ? 'tool_calls' : 'stop') }],
        usage: { prompt_tokens: Math.ceil(req.raw.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      },
    };
  };
}

export const chatJson = (value: unknown): ReplyFn => chatReply(JSON.stringify(value));

export interface OpenAiApiDouble extends ApiDouble {}

export async function startOpenAiApiDouble(opts: { embeddingDim?: number; chatDefault?: (req: RecordedRequest) => Reply } = {}): Promise<ApiDouble> {
  const dim = opts.embeddingDim ?? 64;
  return ApiDouble.start((req) => {
    if (req.method === 'POST' && req.path.endsWith('/chat/completions')) return (opts.chatDefault ?? chatJson({ memories: [] }))(req);
    if (req.method === 'POST' && req.path.endsWith('/embeddings')) {
      const input: string[] = Array.isArray(req.body?.input) ? req.body.input : [String(req.body?.input ?? '')];
      const d = req.body?.dimensions ?? req.body?.output_dimension ?? dim;
      return {
        json: {
          object: 'list',
          model: req.body?.model,
          data: input.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t, d) })),
          usage: { prompt_tokens: input.join(' ').split(/\s+/).length, total_tokens: 0 },
        },
      };
    }
    return undefined;
  });
}
