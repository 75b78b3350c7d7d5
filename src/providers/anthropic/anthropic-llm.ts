/**
 * @module providers/anthropic/anthropic-llm
 * Builds the structured-output LLM for Anthropic's Messages API on the Vercel AI SDK
 * (`@ai-sdk/anthropic`). Structured output goes through the forced `json` tool, which every
 * Claude model (and Messages-compatible proxies) supports. The SDK module is loaded on the first call.
 */
import type { Logger, Observer } from '../../core/service.ts';
import { resilientFetch, type RetryPolicy } from '../http/resilient-fetch.ts';
import { AiSdkStructuredLlm } from '../llm/structured-llm.ts';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com/v1';
export const ANTHROPIC_DEFAULT_MODEL = 'claude-haiku-4-5';

export interface AnthropicLlmOptions extends RetryPolicy {
  apiKey: string;
  baseURL?: string;
  model?: string;
  fetch: typeof fetch;
  logger?: Logger;
  observer?: Observer;
}

export function createAnthropicLlm(opts: AnthropicLlmOptions): AiSdkStructuredLlm {
  const model = opts.model ?? ANTHROPIC_DEFAULT_MODEL;
  const secrets = [opts.apiKey];
  const fetchFn = resilientFetch({ provider: 'anthropic', fetch: opts.fetch, timeoutMs: opts.timeoutMs, maxRetries: opts.maxRetries, logger: opts.logger, secrets });
  const baseURL = (opts.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const languageModel = async () => (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey: opts.apiKey, baseURL, fetch: fetchFn })(model);
  return new AiSdkStructuredLlm({
    provider: 'anthropic',
    model,
    languageModel,
    secrets,
    logger: opts.logger,
    observer: opts.observer,
    providerOptions: { anthropic: { structuredOutputMode: 'jsonTool' } },
  });
}
