/**
 * @module providers/llm/extraction-prompt
 * Builds the extraction prompt: the rules (attribution, corrections, retractions, implicit facts,
 * calibrated confidence, no secrets), the canonical key vocabulary, the last few turns of the
 * session for co-reference, and the current turn, the only one to extract from. Secrets are
 * masked before anything is sent to a provider.
 */
import { KEY_VOCABULARY } from '../../core/extraction/key-vocabulary.ts';
import { speakerOf } from '../../core/render.ts';
import { maskSecrets } from '../../core/text/secrets.ts';
import type { ExtractionContext, Message } from '../../core/types.ts';

/** How many earlier turns the prompt shows (the service passes up to 4). */
export const CONTEXT_TURNS = 3;
/** Per-turn character cap for context turns, so one long paste cannot blow the prompt. */
const CONTEXT_TURN_CHARS = 1200;
const CURRENT_TURN_CHARS = 16000;

function vocabularyLines(): string {
  return KEY_VOCABULARY.map((k) => `- ${k.key} (${k.type}, ${k.singleValued ? 'one value' : 'many values'}): ${k.description}`).join('\n');
}

export const EXTRACTION_SYSTEM = `You extract long-term memories about the people in a conversation for a memory service.
Return JSON {"memories":[...]}; each item has exactly: type (fact|preference|opinion|event|relation), subject, key, value, confidence (0-1), op (assert|retract|history|correct), evidence, event_date, valid_from, valid_to (YYYY-MM-DD or null), replaces (string or null), stance (positive|negative|mixed|null), implicit (true|false). Extract ONLY from the CURRENT TURN; earlier turns are context for resolving pronouns and references ("she loved it" -> the person named earlier).

Rules:
- subject: "user" for the user when messages carry no speaker name; when a user message has a speaker name (multi-party chat), that name in lowercase ("caroline"). A third party: relation + name in lowercase ("sister maya", "wife anna"; of a named speaker: "caroline's sister maya"). Facts about other people are never the speaker's own facts.
- Assistant messages are not facts about the user unless the user confirms them. Tool messages are context only.
- key: use the canonical vocabulary below; families: favorite_<thing>, opinion_<topic> (value: the opinion in a few words; stance: positive/negative/mixed), event_<kind> for dated events. Otherwise a short snake_case key.
- value: short and readable (a name, place, date or short phrase), never a whole sentence.
- op: "assert" for what holds now; "retract" when the user says something no longer holds or is not true ("not vegetarian anymore", "we sold the car", "I don't have a cat"); "history" for past facts ("I used to work at X"); "correct" when the user fixes something said earlier ("sorry, I meant Lisbon"), with "replaces" set to the old value when stated.
- Implicit facts are allowed with implicit=true and lower confidence ("walking Biscuit this morning" -> pet Biscuit, ~0.6). Explicit statements 0.85-0.95; hedged or inferred 0.5-0.7.
- valid_from / valid_to: when the fact started / stopped holding, if stated ("I worked there from 2019 to 2021").
- event_date: resolve relative dates ("yesterday", "next Friday", "in 2019") against the turn timestamp; ISO YYYY-MM-DD; null when no date.
- evidence: the sentence of the current turn the memory comes from.
- Never output passwords, API keys, tokens, card numbers or other secrets.
- Greetings, questions and small talk produce no memories: return {"memories":[]}.

Canonical keys:
${vocabularyLines()}`;

function renderMessages(messages: Message[], cap: number): string {
  const text = messages.map((m) => `${m.role === 'user' ? speakerOf(m) : `${speakerOf(m)} (${m.role})`}: ${maskSecrets(m.content)}`).join('\n');
  return text.length > cap ? `${text.slice(0, cap)} …` : text;
}

export function buildExtractionPrompt(messages: Message[], ctx: ExtractionContext): string {
  const recent = ctx.recentTurns.slice(-CONTEXT_TURNS);
  const parts: string[] = [`Turn timestamp: ${ctx.timestamp}`];
  if (ctx.knownSpeakers && ctx.knownSpeakers.length > 0) parts.push(`Known speakers: ${ctx.knownSpeakers.join(', ')}`);
  if (recent.length > 0) {
    parts.push(`EARLIER TURNS (context only):\n${recent.map((t) => `[${t.timestamp.slice(0, 10)}]\n${renderMessages(t.messages, CONTEXT_TURN_CHARS)}`).join('\n')}`);
  }
  parts.push(`CURRENT TURN (extract from this):\n${renderMessages(messages, CURRENT_TURN_CHARS)}`);
  return parts.join('\n\n');
}
