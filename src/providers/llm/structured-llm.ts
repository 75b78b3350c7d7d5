/**
 * @module providers/llm/structured-llm
 * One structured-output call through the Vercel AI SDK (`generateText` with `Output.object`),
 * for any of its language models (OpenAI, OpenAI-compatible, Anthropic). The model is
 * constrained by a JSON Schema; the SDK's own parse is tried first and, when a local model
 * prints fenced, chatty or truncated JSON, the raw text is recovered from the SDK error and
 * repaired (parse-model-json). Field validation is the caller's job: this returns plain JSON.
 * Retries and the deadline live in the injected fetch (resilient-fetch); the SDK's are off.
 * The SDK is loaded on the first call, not at start: a server without an LLM configured never
 * loads it (~16 MB of RSS, docs/ingest.md "Session 12: memory").
 */
import type { JSONSchema7, LanguageModel } from 'ai';
import type { Logger, Observer } from '../../core/service.ts';
import { ProviderError, toProviderError } from '../http/provider-error.ts';
import { parseModelJson } from './parse-model-json.ts';

export interface StructuredRequest {
  /** What the call is for (`extraction`, `reconciliation`, `planning`): metrics and logs. */
  op: string;
  system: string;
  prompt: string;
  schemaName: string;
  schema: JSONSchema7;
  maxOutputTokens?: number;
}

export interface StructuredResult {
  value: unknown;
  /** True when the SDK could not parse the output and our repair recovered it. */
  repaired: boolean;
}

/** The port the LLM extractor/reconciler/planner use; tests can fake it without HTTP. */
export interface StructuredLlm {
  /** Provider label for modes and logs (`openai`, `anthropic`, `openai-compatible`). */
  readonly provider: string;
  readonly model: string;
  generate(req: StructuredRequest): Promise<StructuredResult>;
}

export interface AiSdkLlmOptions {
  provider: string;
  model: string;
  /** The model, or how to build it on the first call (the provider's SDK module loaded then). */
  languageModel: LanguageModel | (() => Promise<LanguageModel>);
  secrets: ReadonlyArray<string | undefined>;
  logger?: Logger;
  observer?: Observer;
  /** Extra provider options (e.g. Anthropic structured-output mode). */
  providerOptions?: Record<string, Record<string, string | number | boolean | null>>;
  /** Sampling temperature (0 for reproducible extraction). */
  temperature?: number;
}

/** Accepts any JSON: per-field validation happens in the caller so one bad item never sinks the rest. */
type AiSdk = typeof import('ai');
let aiSdk: Promise<AiSdk> | null = null;
/** The AI SDK, imported once on first use. */
const loadAi = (): Promise<AiSdk> => (aiSdk ??= import('ai'));

export class AiSdkStructuredLlm implements StructuredLlm {
  readonly provider: string;
  readonly model: string;
  private readonly opts: AiSdkLlmOptions;
  private model_: Promise<LanguageModel> | null = null;

  constructor(opts: AiSdkLlmOptions) {
    this.opts = opts;
    this.provider = opts.provider;
    this.model = opts.model;
    routeSdkWarnings(opts.logger);
  }

  async generate(req: StructuredRequest): Promise<StructuredResult> {
    const t0 = performance.now();
    let ok = false;
    let ai: AiSdk | undefined;
    try {
      ai = await loadAi();
      const lm = this.opts.languageModel;
      const model = typeof lm === 'function' ? await (this.model_ ??= lm()) : lm;
      const schema = ai.jsonSchema<unknown>(req.schema, { validate: (value) => ({ success: true, value }) });
      const result = await ai.generateText({
        model,
        system: req.system,
        prompt: req.prompt,
        output: ai.Output.object({ schema, name: req.schemaName }),
        temperature: this.opts.temperature ?? 0,
        maxOutputTokens: req.maxOutputTokens,
        maxRetries: 0,
        providerOptions: this.opts.providerOptions,
      });
      ok = true;
      return { value: result.output, repaired: false };
    } catch (err) {
      const NoObjectGeneratedError = ai?.NoObjectGeneratedError;
      if (NoObjectGeneratedError?.isInstance(err) && typeof err.text === 'string' && err.text.trim() !== '') {
        try {
          const value = parseModelJson(err.text);
          ok = true;
          this.opts.logger?.debug?.({ provider: this.provider, op: req.op, finishReason: err.finishReason }, 'LLM output repaired');
          return { value, repaired: true };
        } catch (repairErr) {
          throw new ProviderError(this.provider, 'LLM_OUTPUT_INVALID', `${req.op}: ${(repairErr as Error).message}`);
        }
      }
      if (NoObjectGeneratedError?.isInstance(err)) throw new ProviderError(this.provider, 'LLM_OUTPUT_INVALID', `${req.op}: empty model output`);
      throw toProviderError(this.provider, err, this.opts.secrets);
    } finally {
      this.opts.observer?.provider?.(this.provider, req.op, ok, performance.now() - t0);
    }
  }
}

/**
 * The AI SDK prints warnings with console.log by default, which would corrupt the MCP stdio
 * transport; route them to our logger at debug level instead.
 */
function routeSdkWarnings(logger: Logger | undefined): void {
  globalThis.AI_SDK_LOG_WARNINGS = (o) => logger?.debug?.({ provider: o.provider, model: o.model, warnings: o.warnings.map((w) => JSON.stringify(w).slice(0, 200)) }, 'AI SDK warnings');
}
