/**
 * @module providers/openai/openai-llm
 * Builds the structured-output LLM for OpenAI and every OpenAI-compatible chat server (Ollama,
 * vLLM, LM Studio, llama.cpp server) on the Vercel AI SDK: `@ai-sdk/openai` chat completions for
 * api.openai.com, `@ai-sdk/openai-compatible` (json_schema response_format, or json_object for
 * servers that reject schemas) for anything else.
 */
import type { Logger, Observer } from '../../core/service.ts';
import { resilientFetch, type RetryPolicy } from '../http/resilient-fetch.ts';
import { AiSdkStructuredLlm } from '../llm/structured-llm.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiLlmOptions extends RetryPolicy {
  apiKey?: string;
  baseURL?: string;
  model?: string;
  fetch: typeof fetch;
  logger?: Logger;
  observer?: Observer;
  /** `json_object` for compatible servers that reject json_schema (the prompt still describes the shape). */
  responseFormat?: 'json_schema' | 'json_object';
}

/** True for the official endpoint (the OpenAI provider); anything else is a compatible server. */
export function isOfficialOpenAi(baseURL: string | undefined): boolean {
  if (!baseURL) return true;
  try {
    return new URL(baseURL).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

export function createOpenAiLlm(opts: OpenAiLlmOptions): AiSdkStructuredLlm {
  const official = isOfficialOpenAi(opts.baseURL);
  const provider = official ? 'openai' : 'openai-compatible';
  const model = opts.model ?? OPENAI_DEFAULT_MODEL;
  const secrets = [opts.apiKey];
  const fetchFn = resilientFetch({ provider, fetch: opts.fetch, timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries, logger: opts.logger, secrets });
  const baseURL = (opts.baseURL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  // The SDK modules are loaded on the first call (a server without an LLM configured never loads them).
  const languageModel = async () =>
    official
      ? (await import('@ai-sdk/openai')).createOpenAI({ apiKey: opts.apiKey ?? '', baseURL, fetch: fetchFn }).chat(model)
      : (await import('@ai-sdk/openai-compatible')).createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey: opts.apiKey, fetch: fetchFn, supportsStructuredOutputs: opts.responseFormat !== 'json_object' }).chatModel(model);
  return new AiSdkStructuredLlm({ provider, model, languageModel, secrets, logger: opts.logger, observer: opts.observer });
}
