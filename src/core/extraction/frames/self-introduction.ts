/**
 * @module core/extraction/frames/self-introduction
 * The speaker's name from how people introduce themselves in chat, beyond "my name is" and "I'm X": "Halvard here,
 * 66.", "kia ora, Rāwiri here." (a name, then "here", opening the message or after a greeting), and a bare name
 * said as its own sentence ("Merhaba. Cengiz. I drive a crane…") when the assistant's reply in the same exchange
 * greets the speaker by it ("Merhaba Cengiz."). An age said right after the name ("Halvard here, 66") is theirs too,
 * as is one after a self-description with "here" ("Dad of two here, 38").
 * Read by the message's shape; a place or a common word is no name (the caller's lexicon check). Pure.
 */
import type { Draft } from '../model.ts';
import { NOT_NAMES } from '../lexicon.ts';

const NAME = "(\\p{Lu}[\\p{L}'’-]+)";
/** "Halvard here", at the message's start or after a short greeting ("kia ora,", "God kveld."). */
const HERE = new RegExp(`^(?:[\\p{L}'’]+(?:\\s+[\\p{L}'’]+)?\\s*[,.!]\\s*)?${NAME}\\s+here\\b(?:\\s*[,.]\\s*(\\d{2})(?=\\s*(?:[.,!;]|$)))?`, 'u');
/**
 * A self-description with "here", then an age: "Dad of two here, 38, …", "Retired nurse here (67)". The description is
 * a noun phrase (no pronoun, no verb: "moved here, 19, with nothing" is a past clause), the age ends its phrase.
 */
const DESCRIBED_HERE = /^(?:[\p{L}'’]+(?:\s+[\p{L}'’]+)?\s*[,.!]\s*)?((?:[\p{L}][\p{L}'’-]*\s+){1,5})here\s*(?:,\s*|\(\s*)(\d{2})\s*\)?(?=\s*(?:[.,!;:]|$)|\s+(?:and|but|so)\b|\s+[-–—]\s)/u;
const NOT_DESCRIPTION = /\b(?:I|me|we|us|you|it|they|he|she|am|is|are|was|were|been|be|have|has|had|do|did|get|got|come|came|move|moved|live|lived|[\p{L}]+ing|[\p{L}]+ed)\b/iu;
/** A sentence that is only a name ("Cengiz."), after at most a short greeting sentence. */
const BARE = new RegExp(`^(?:[\\p{L}'’]+(?:\\s+[\\p{L}'’]+)?\\s*[.!]\\s*)?${NAME}\\s*[.!]\\s+\\p{Lu}`, 'u');

/**
 * The speaker's own name (and age) from a self-introduction. `isCommonWord` says whether the lexicon knows the word
 * as something other than a name (a place, a thing); `reply` is the assistant's next message in the exchange.
 */
export function selfIntroduction(message: string, speaker: string, reply: string | null, isCommonWord: (w: string) => boolean): Draft[] {
  const text = message.trim();
  const here = HERE.exec(text);
  if (here && !NOT_NAMES.has(here[1].toLowerCase()) && !isCommonWord(here[1])) {
    const age = here[2] && Number(here[2]) >= 13 && Number(here[2]) < 111 ? [{ key: 'age', value: here[2], subject: speaker, confidence: 0.8, metadata: { frame: 'self-introduction' } }] : [];
    return [{ key: 'name', value: here[1], subject: speaker, confidence: 0.85, metadata: { frame: 'self-introduction' } }, ...age];
  }
  const described = DESCRIBED_HERE.exec(text);
  if (described && !NOT_DESCRIPTION.test(described[1]) && Number(described[2]) >= 13 && Number(described[2]) < 111)
    return [{ key: 'age', value: described[2], subject: speaker, confidence: 0.8, metadata: { frame: 'self-introduction' } }];
  const bare = BARE.exec(text);
  if (bare && reply && !NOT_NAMES.has(bare[1].toLowerCase()) && !isCommonWord(bare[1])) {
    // The assistant greets them by it: "Merhaba Cengiz.", "Hi Cengiz,", "Kia ora Cengiz!".
    const vocative = new RegExp(`^(?:[\\p{L}'’]+\\s+){0,2}${bare[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[,.!]`, 'u');
    if (vocative.test(reply.trim())) return [{ key: 'name', value: bare[1], subject: speaker, confidence: 0.8, metadata: { frame: 'self-introduction' } }];
  }
  return [];
}
