/**
 * @module core/render
 * Renders turns and memories into the searchable text that is indexed and shown in
 * recall/search results. Secrets are masked here, before anything is stored.
 */
import type { MemoryRecord, Message } from './types.ts';
import { maskSecrets } from './text/secrets.ts';

/** Speaker label of a message: its name when given, else its role. */
export function speakerOf(m: Message): string {
  const n = m.name?.trim();
  if (n) return n;
  return m.role === 'user' ? 'User' : m.role === 'assistant' ? 'Assistant' : m.role === 'system' ? 'System' : 'Tool';
}

/** One "Speaker: content" line per message, secrets masked. */
export function renderTurnText(messages: Message[]): string {
  return messages.map((m) => `${speakerOf(m)}: ${maskSecrets(m.content)}`).join('\n');
}

/** Human-readable key: `job_title` → `job title`. */
export function humanKey(key: string): string {
  return key.replace(/_/g, ' ');
}

/** Searchable rendering of a memory: subject, key words and value. */
export function renderMemoryText(m: Pick<MemoryRecord, 'subject' | 'key' | 'value' | 'type'>): string {
  const who = m.subject === 'user' ? 'user' : m.subject;
  return `${who} ${humanKey(m.key)}: ${maskSecrets(m.value)}`;
}
