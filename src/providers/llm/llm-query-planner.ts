/**
 * @module providers/llm/llm-query-planner
 * The LLM implementation of QueryPlannerPort: splits a multi-hop question into at most four
 * self-contained sub-queries ("the user with the dog Biscuit … which city" → "pet named
 * Biscuit", "city the user lives in"). Short single-hop questions make no call. Any failure → [].
 */
import type { JSONSchema7 } from 'ai';
import type { QueryPlannerPort } from '../../core/ports.ts';
import type { Logger } from '../../core/service.ts';
import { errorSummary } from '../../core/service.ts';
import { maskSecrets } from '../../core/text/secrets.ts';
import type { StructuredLlm } from './structured-llm.ts';

export const MAX_SUB_QUERIES = 4;
/** Questions shorter than this (in words) are treated as single-hop: no LLM call. */
export const MIN_WORDS_FOR_PLANNING = 7;

export const PLAN_JSON_SCHEMA: JSONSchema7 = {
  type: 'object',
  additionalProperties: false,
  required: ['sub_queries'],
  properties: { sub_queries: { type: 'array', items: { type: 'string' }, description: `at most ${MAX_SUB_QUERIES}` } },
};

export const PLAN_SYSTEM = `You plan retrieval over a user's memory. If the question needs several independent facts (multi-hop), split it into at most ${MAX_SUB_QUERIES} short, self-contained search queries, one per fact. If it needs one fact, return {"sub_queries": []}. Return JSON {"sub_queries": [...]}.`;

/** Cleans a model's sub-query list: strings only, trimmed, deduplicated, not the question itself. */
export function cleanSubQueries(value: unknown, question: string): string[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? (value as Record<string, unknown>).sub_queries ?? (value as Record<string, unknown>).queries : null;
  if (!Array.isArray(list)) return [];
  const q = question.trim().toLowerCase();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const s = item.trim().replace(/\s+/g, ' ');
    if (s.length < 3 || s.length > 200 || s.toLowerCase() === q || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
    if (out.length === MAX_SUB_QUERIES) break;
  }
  return out;
}

export class LlmQueryPlanner implements QueryPlannerPort {
  private readonly llm: StructuredLlm;
  private readonly logger?: Logger;

  constructor(llm: StructuredLlm, logger?: Logger) {
    this.llm = llm;
    this.logger = logger;
  }

  async decompose(query: string): Promise<string[]> {
    if (query.trim().split(/\s+/).length < MIN_WORDS_FOR_PLANNING) return [];
    try {
      const { value } = await this.llm.generate({
        op: 'planning',
        system: PLAN_SYSTEM,
        prompt: `Question: ${maskSecrets(query).slice(0, 1000)}`,
        schemaName: 'plan',
        schema: PLAN_JSON_SCHEMA,
        maxOutputTokens: 1000,
      });
      return cleanSubQueries(value, query);
    } catch (err) {
      this.logger?.warn({ err: errorSummary(err), provider: this.llm.provider }, 'LLM query planning failed; recall runs the question as is');
      return [];
    }
  }
}
