/**
 * @module test/providers/doubles/anthropic-api-double
 * Test double of the Anthropic Messages API (`POST /v1/messages`): answers with a `tool_use`
 * block when the request forces a tool (how the AI SDK gets structured output), else a text
 * block. Scripted, recording.
 */
import { ApiDouble, type ReplyFn } from './api-double.ts';

let seq = 0;

/** A Messages reply carrying `content`: as the forced tool's input when it parses as an object, else as text. */
export function messagesReply(content: string, opts: { stopReason?: string; forceText?: boolean } = {}): ReplyFn {
  return (req) => {
    const tool = (req.body?.tools as Array<{ name?: string }> | undefined)?.[0]?.name;
    let input: unknown = null;
    if (tool && !opts.forceText) {
      try {
        input = JSON.parse(content);
      } catch {
        input = null;
      }
    }
    const block = input && typeof input === 'object' ? { type: 'tool_use', id: `toolu_${++seq}`, name: tool, input } : { type: 'text', text: content };
    return {
      json: {
        id: `msg_${++seq}`,
        type: 'message',
        role: 'assistant',
        model: req.body?.model ?? 'double',
        content: [block],
        stop_reason: opts.stopReason ?? (block.type === 'tool_use' ? 'tool_use' : 'end_turn'),
        stop_sequence: null,
        usage: { input_tokens: Math.ceil(req.raw.length / 4), output_tokens: Math.ceil(content.length / 4) },
      },
    };
  };
}

export async function startAnthropicApiDouble(): Promise<ApiDouble> {
  return ApiDouble.start((req) => (req.method === 'POST' && req.path.endsWith('/messages') ? messagesReply('{"memories":[]}')(req) : undefined));
}
