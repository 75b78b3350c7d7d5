/**
 * @module providers/llm/parse-model-json
 * Recovers JSON from what models actually print: reasoning blocks (`<think>…</think>`),
 * Markdown fences (closed or not), prose around the object, trailing commas, single quotes and
 * output truncated mid-object (jsonrepair closes it). Throws when nothing JSON-like is left.
 */
import { jsonrepair } from 'jsonrepair';

export class ModelJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelJsonError';
  }
}

/** The JSON-looking part of a model's text: inside the first fence, else from the first { or [. */
export function extractJsonText(raw: string): string {
  let text = raw.replace(/<think>[\s\S]*?(<\/think>|$)/gi, '').trim();
  const fence = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)(```|$)/.exec(text);
  if (fence && fence[1].trim() !== '') text = fence[1].trim();
  const start = text.search(/[[{]/);
  if (start < 0) return '';
  text = text.slice(start);
  // Cut at the end of the first balanced value (prose or a second object may follow).
  const end = balancedEnd(text);
  return end > 0 ? text.slice(0, end) : text;
}

/** Index just past the first balanced {…}/[…] value (string-aware), or -1 when it never closes. */
function balancedEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}


export function parseModelJson(raw: string): unknown {
  const text = extractJsonText(raw);
  if (text === '') throw new ModelJsonError('model output contains no JSON');
  try {
    return JSON.parse(text);
  } catch {
    /* fall through to repair */
  }
  try {
    return JSON.parse(jsonrepair(text));
  } catch (err) {
    throw new ModelJsonError(`model output is not repairable JSON: ${(err as Error).message.slice(0, 120)}`);
  }
}
