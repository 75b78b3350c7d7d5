/**
 * @module core/compat/transcript
 * Turns a platform transcript (free text, usually "User: … / Assistant: …" lines) into the
 * message list an ingest takes: speaker-labelled lines start a message, unlabelled lines
 * continue the previous one, a transcript without labels is one user message. Pure.
 */
import type { Message, Role } from '../types.ts';

const LABELS: Record<string, Role> = {
  user: 'user',
  human: 'user',
  me: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  bot: 'assistant',
  avatar: 'assistant',
  system: 'system',
  tool: 'tool',
};

const LABEL_LINE = /^\s*(?:\*\*)?([A-Za-z]+)(?:\*\*)?\s*:(?:\*\*)?\s?(.*)$/;

/** Cuts the transcript to at most `maxChars` characters, at a line break when one is close. */
export function truncateTranscript(transcript: string, maxChars: number): string {
  if (transcript.length <= maxChars) return transcript;
  const cut = transcript.slice(0, maxChars);
  const nl = cut.lastIndexOf('\n');
  return nl >= maxChars * 0.8 ? cut.slice(0, nl) : cut;
}

/** Parses labelled lines into messages; empty messages are dropped. */
export function parseTranscript(transcript: string): Message[] {
  const out: Message[] = [];
  let labelled = false;
  for (const line of transcript.split(/\r?\n/)) {
    const m = LABEL_LINE.exec(line);
    const role = m ? LABELS[m[1].toLowerCase()] : undefined;
    if (m && role) {
      labelled = true;
      out.push({ role, content: m[2] });
    } else if (out.length > 0) {
      out[out.length - 1].content += `\n${line}`;
    } else {
      out.push({ role: 'user', content: line });
    }
  }
  const messages = out.map((msg) => ({ ...msg, content: msg.content.trim() })).filter((msg) => msg.content !== '');
  if (!labelled) {
    const all = transcript.trim();
    return all === '' ? [] : [{ role: 'user', content: all }];
  }
  return messages;
}
