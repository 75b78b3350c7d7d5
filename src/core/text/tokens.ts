/**
 * @module core/text/tokens
 * Token counting for context budgets with the cl100k_base BPE (gpt-tokenizer), the same count
 * every budget check uses. Short texts' counts are memoised, bounded in bytes (the count is a pure
 * function of the text, so a memo changes no count).
 */
import { countTokens as cl100kCount } from 'gpt-tokenizer/encoding/cl100k_base';
import { ByteLru, stringBytes } from '../byte-lru.ts';

/** Longest text whose count is memoised: context lines and sentences, not whole contexts or long turn bodies. */
export const TOKEN_MEMO_MAX_CHARS = 256;
/** Budget of the memo (≈ 2,000 lines of 100 characters). */
export const TOKEN_MEMO_BYTES = 512 * 1024;

/**
 * Counts of short texts. The same lines are counted in every recall of a user (their stable facts, the speakers'
 * "User:" prefixes, pleasantries), and a count read from the tokenizer's 100k-entry rank table costs cache misses that
 * a small table does not (session 18, docs/recall-architecture.md).
 */
const memo = new ByteLru<number>(TOKEN_MEMO_BYTES, (text) => stringBytes(text) + 16);

export function countTokens(text: string): number {
  if (!text) return 0;
  if (text.length > TOKEN_MEMO_MAX_CHARS) return cl100kCount(text);
  let n = memo.get(text);
  if (n === undefined) {
    n = cl100kCount(text);
    memo.set(text, n);
  }
  return n;
}

/** Bytes the memo holds now (≤ TOKEN_MEMO_BYTES), for tests. */
export function tokenMemoBytes(): number {
  return memo.bytes;
}

/**
 * Empties the memo. Its keys are lines of recalled contexts (a user's facts among them): MemoryService calls this when
 * it deletes a user or a session, so the process keeps no such line of theirs past the deletion (docs/security.md).
 */
export function clearTokenMemo(): void {
  memo.clear();
}
