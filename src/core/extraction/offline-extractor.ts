/**
 * @module core/extraction/offline-extractor
 * The no-key extractor: NLP (sentence split, POS, negation) plus our rules, producing typed,
 * keyed memory candidates with subject attribution. PLACEHOLDER — implemented by issue 3.
 */
import type { Extractor } from '../ports.ts';
import type { ExtractionContext, MemoryCandidate, Message } from '../types.ts';

export class OfflineExtractor implements Extractor {
  readonly name = 'offline';
  async extract(_messages: Message[], _ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    return [];
  }
}
