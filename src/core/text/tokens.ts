/**
 * @module core/text/tokens
 * Token counting for context budgets with the cl100k_base BPE (gpt-tokenizer), the same count
 * every budget check uses.
 */
import { countTokens as cl100kCount } from 'gpt-tokenizer/encoding/cl100k_base';

export function countTokens(text: string): number {
  if (!text) return 0;
  return cl100kCount(text);
}
