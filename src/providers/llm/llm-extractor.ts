/**
 * @module providers/llm/llm-extractor
 * The LLM implementation of the core Extractor port: one structured-output call per turn,
 * repaired and validated item by item. When the call fails or nothing valid comes back it
 * throws, and the service falls back to the offline extractor for that turn.
 */
import type { Extractor } from '../../core/ports.ts';
import type { Logger } from '../../core/service.ts';
import type { ExtractionContext, MemoryCandidate, Message } from '../../core/types.ts';
import { maskSecrets } from '../../core/text/secrets.ts';
import { ProviderError } from '../http/provider-error.ts';
import { EXTRACTION_JSON_SCHEMA, validateCandidates } from './extraction-schema.ts';
import { buildExtractionPrompt, EXTRACTION_SYSTEM } from './extraction-prompt.ts';
import type { StructuredLlm } from './structured-llm.ts';
import { speakerSubject } from '../../core/extraction/subject-attribution.ts';

/** The subject of first-person statements: the one named user speaker of the turn, else "user". */
export function selfSubject(messages: Message[]): string {
  const names = new Set(messages.filter((m) => m.role === 'user').map((m) => speakerSubject(m.name)));
  return names.size === 1 ? [...names][0] : 'user';
}

export class LlmExtractor implements Extractor {
  readonly name: string;
  private readonly llm: StructuredLlm;
  private readonly logger?: Logger;

  constructor(llm: StructuredLlm, logger?: Logger) {
    this.llm = llm;
    this.logger = logger;
    this.name = `llm:${llm.provider}`;
  }

  async extract(messages: Message[], ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    // No user text, no call: assistant, tool and system messages alone never state user facts.
    if (!messages.some((m) => m.role === 'user' && m.content.trim() !== '')) return [];
    const { value, repaired } = await this.llm.generate({
      op: 'extraction',
      system: EXTRACTION_SYSTEM,
      prompt: buildExtractionPrompt(messages, ctx),
      schemaName: 'memories',
      schema: EXTRACTION_JSON_SCHEMA,
      // A ceiling, not a cost: room for reasoning models' hidden tokens; a cut answer is repaired.
      maxOutputTokens: 4000,
    });
    const userText = maskSecrets(messages.filter((m) => m.role === 'user').map((m) => m.content).join(' '));
    const v = validateCandidates(value, userText, selfSubject(messages));
    if (v === null) throw new ProviderError(this.llm.provider, 'LLM_OUTPUT_INVALID', 'extraction: output has no memories list');
    if (v.total > 0 && v.candidates.length === 0) throw new ProviderError(this.llm.provider, 'LLM_OUTPUT_INVALID', `extraction: all ${v.total} items failed validation`);
    if (v.dropped > 0 || repaired) this.logger?.info({ provider: this.llm.provider, kept: v.candidates.length, dropped: v.dropped, repaired }, 'LLM extraction output repaired/filtered');
    return v.candidates;
  }
}
