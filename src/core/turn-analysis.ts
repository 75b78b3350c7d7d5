/**
 * @module core/turn-analysis
 * The pure, CPU-heavy preparation of an incoming turn before anything is stored: secrets masked
 * in every message, the searchable text rendered and its index terms analysed; and the size
 * check of a turn against the configured caps. Pure (no I/O), so it runs inline or in a worker
 * thread (src/pool) with the same result.
 */
import type { Message } from './types.ts';
import { DomainError } from './errors.ts';
import { renderTurnText } from './render.ts';
import { indexTerms } from './text/analyze.ts';
import { maskSecrets } from './text/secrets.ts';

export interface AnalysedTurn {
  /** The messages with secrets masked: what is stored, indexed and sent to extractors. */
  messages: Message[];
  text: string;
  terms: string;
  termCount: number;
  /**
   * The turn's kind-feature tokens (core/text/enrich `turnFeatures` over the masked messages),
   * when the analyzer computed them with the service's lexicon (the pool does, off the event
   * loop, for large turns); absent: the service computes them.
   */
  features?: string[];
}

/** Masks, renders and analyses a turn's messages. */
export function analyseTurn(messages: readonly Message[]): AnalysedTurn {
  // Every stored text field of a message: its content and the speaker name.
  const masked: Message[] = messages.map((m) => ({ ...m, content: maskSecrets(m.content), ...(m.name != null ? { name: maskSecrets(m.name) } : {}) }));
  const text = renderTurnText(masked);
  const { terms, termCount } = indexTerms(text);
  return { messages: masked, text, terms, termCount };
}

/** Caps on one turn (MEMORY_MAX_TURN_MESSAGES, MEMORY_MAX_MESSAGE_CHARS at the edge). */
export interface TurnLimits {
  maxMessages: number;
  maxMessageChars: number;
}

/** A turn over the configured caps (HTTP 413 TURN_TOO_LARGE). */
export class TurnTooLargeError extends DomainError {
  constructor(message: string, details: Record<string, unknown>) {
    super('TURN_TOO_LARGE', message, { details });
  }
}

/** The first cap the turn breaks, or null when it fits. */
export function turnSizeViolation(messages: readonly Message[], limits: TurnLimits): { limit: 'messages' | 'message_chars'; message: string; index?: number } | null {
  if (messages.length > limits.maxMessages) {
    return { limit: 'messages', message: `turn has ${messages.length} messages; at most ${limits.maxMessages} are accepted per turn` };
  }
  for (let i = 0; i < messages.length; i++) {
    const n = messages[i].content.length;
    if (n > limits.maxMessageChars) return { limit: 'message_chars', index: i, message: `messages[${i}] has ${n} characters; at most ${limits.maxMessageChars} are accepted per message` };
  }
  return null;
}

/** Throws TurnTooLargeError when the turn breaks a cap. */
export function assertTurnSize(messages: readonly Message[], limits: TurnLimits | undefined): void {
  if (!limits) return;
  const v = turnSizeViolation(messages, limits);
  if (v) throw new TurnTooLargeError(v.message, { limit: v.limit, ...(v.index !== undefined ? { index: v.index } : {}), maxMessages: limits.maxMessages, maxMessageChars: limits.maxMessageChars });
}
