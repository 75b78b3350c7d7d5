/**
 * @module test/mcp/helpers
 * A MemoryService over a real in-memory SQLite store with a tiny rule-based extractor double
 * ("I live in X", "I work at X", "my dog is called X"), so the surface tests (MCP, CLI) do not
 * depend on how the offline extractor evolves.
 */
import type { Extractor } from '../../src/core/ports.ts';
import type { MemoryCandidate, Message } from '../../src/core/types.ts';
import { MemoryService } from '../../src/core/service.ts';
import { SqliteMemoryStore } from '../../src/store/sqlite/store.ts';

const RULES: Array<{ re: RegExp; key: string; type: MemoryCandidate['type'] }> = [
  { re: /\bI live in ([A-Z][\w-]+)/, key: 'location', type: 'fact' },
  { re: /\bI work at ([A-Z][\w-]+)/, key: 'employer', type: 'fact' },
  { re: /\bmy dog is called ([A-Z][\w-]+)/i, key: 'pet', type: 'fact' },
];

export class RuleExtractor implements Extractor {
  readonly name = 'rules-double';
  async extract(messages: Message[]): Promise<MemoryCandidate[]> {
    const out: MemoryCandidate[] = [];
    for (const m of messages) {
      if (m.role !== 'user') continue;
      for (const r of RULES) {
        const hit = r.re.exec(m.content);
        if (hit) out.push({ type: r.type, subject: 'user', key: r.key, value: hit[1], confidence: 0.9, op: 'assert', evidence: m.content });
      }
    }
    return out;
  }
}

export async function makeService(store = new SqliteMemoryStore(':memory:')): Promise<{ service: MemoryService; store: SqliteMemoryStore; close(): Promise<void> }> {
  await store.migrate();
  const service = new MemoryService({ store, offlineExtractor: new RuleExtractor() });
  return { service, store, close: () => store.close() };
}
