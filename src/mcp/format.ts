/**
 * @module mcp/format
 * Plain-text renderings of tool results for the model (MCP `content`), next to the structured
 * content. Pure functions: one line per memory or hit, short and readable.
 */
import type { MemoryRecord, SearchResult } from '../core/types.ts';

/** `- [fact] location: Berlin (user, active, id …)` — enough for a model to cite or forget it. */
export function memoryLine(m: Pick<MemoryRecord, 'id' | 'type' | 'subject' | 'key' | 'value' | 'status' | 'validFrom' | 'validTo' | 'eventDate'>): string {
  const who = m.subject === 'user' ? '' : `${m.subject} — `;
  const when: string[] = [];
  if (m.eventDate) when.push(`on ${m.eventDate.slice(0, 10)}`);
  if (m.validFrom) when.push(`from ${m.validFrom.slice(0, 10)}`);
  if (m.validTo) when.push(`until ${m.validTo.slice(0, 10)}`);
  const tail = [m.status, ...when, `id ${m.id}`].join(', ');
  return `- [${m.type}] ${who}${m.key.replace(/_/g, ' ')}: ${m.value} (${tail})`;
}

export function memoryList(memories: Parameters<typeof memoryLine>[0][], empty: string): string {
  if (memories.length === 0) return empty;
  return memories.map(memoryLine).join('\n');
}

/** `1. (0.82, memory, 2024-05-01) content` */
export function searchLine(r: Pick<SearchResult, 'kind' | 'content' | 'score' | 'timestamp'>, i: number): string {
  const date = r.timestamp ? `, ${r.timestamp.slice(0, 10)}` : '';
  return `${i + 1}. (${r.score.toFixed(3)}, ${r.kind}${date}) ${r.content}`;
}

export function searchList(results: Parameters<typeof searchLine>[0][]): string {
  if (results.length === 0) return 'No matching memories or past messages.';
  return results.map(searchLine).join('\n');
}
