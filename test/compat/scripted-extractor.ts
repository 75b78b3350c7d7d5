/**
 * @module test/compat/scripted-extractor
 * A deterministic Extractor for the compatibility tests: a handful of sentence patterns on user
 * messages → candidates. It stands in for the offline/LLM extractors so these tests check the
 * compatibility layer (mapping, policy, dedup, supersession, shapes), not extraction quality.
 */
import type { Extractor } from '../../src/core/ports.ts';
import type { ExtractionContext, MemoryCandidate, Message } from '../../src/core/types.ts';

type Rule = { re: RegExp; make: (m: RegExpExecArray) => Omit<MemoryCandidate, 'evidence' | 'op'> & { op?: MemoryCandidate['op'] } };

const RULES: Rule[] = [
  { re: /\bmy sister (\w+) lives in ([A-Z][\w ]*?)(?:[.,!]|$)/, make: (m) => ({ type: 'fact', subject: `sister ${m[1].toLowerCase()}`, key: 'location', value: m[2], confidence: 0.85 }) },
  { re: /\bI reside in ([A-Z][\w ]*?)(?:[.,!]|$)/, make: (m) => ({ type: 'fact', subject: 'user', key: 'residence', value: m[1], confidence: 0.9 }) },
  { re: /\bI (?:live|am living) in ([A-Z][\w ]*?)(?:[.,!]|$)/, make: (m) => ({ type: 'fact', subject: 'user', key: 'location', value: m[1], confidence: 0.9 }) },
  { re: /\bI (?:just )?moved to ([A-Z][\w ]*?)(?:[.,!]|$)/, make: (m) => ({ type: 'fact', subject: 'user', key: 'location', value: m[1], confidence: 0.92 }) },
  { re: /\bI work (?:at|for) ([A-Z][\w ]*?)(?:[.,!]|$)/, make: (m) => ({ type: 'fact', subject: 'user', key: 'employer', value: m[1], confidence: 0.88 }) },
  { re: /\bmy favou?rite food is ([\w ]+?)(?:[.,!]|$)/i, make: (m) => ({ type: 'preference', subject: 'user', key: 'favorite_food', value: m[1], confidence: 0.8 }) },
  { re: /\bmaybe I like ([\w ]+?)(?:[.,!]|$)/i, make: (m) => ({ type: 'preference', subject: 'user', key: 'like', value: m[1], confidence: 0.4 }) },
  { re: /(?<!maybe )\bI (?:really )?like ([\w ]+?)(?:[.,!]|$)/, make: (m) => ({ type: 'preference', subject: 'user', key: 'like', value: m[1], confidence: 0.75 }) },
  { re: /\bmy password is (\S+?)(?:[.,!]?\s|[.,!]?$)/i, make: (m) => ({ type: 'fact', subject: 'user', key: 'password', value: m[1], confidence: 0.95 }) },
  { re: /\bmy (\w+) code is (\w+)/i, make: (m) => ({ type: 'fact', subject: 'user', key: `${m[1]}_code`, value: m[2], confidence: 0.9 }) },
  { re: /\bmy motto is "([^"]+)"/i, make: (m) => ({ type: 'opinion', subject: 'user', key: 'Life Motto!!', value: m[1], confidence: 0.7 }) },
  { re: /\bI'?m not vegetarian anymore/i, make: () => ({ type: 'fact', subject: 'user', key: 'diet', value: 'vegetarian', confidence: 0.9, op: 'retract' }) },
  { re: /\bI'?m (vegetarian|vegan)\b/i, make: (m) => ({ type: 'fact', subject: 'user', key: 'diet', value: m[1].toLowerCase(), confidence: 0.9 }) },
];

export class ScriptedExtractor implements Extractor {
  readonly name = 'scripted';
  calls = 0;
  async extract(messages: Message[], _ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    this.calls++;
    const out: MemoryCandidate[] = [];
    for (const msg of messages) {
      if (msg.role !== 'user') continue;
      for (const sentence of msg.content.split(/(?<=[.!?])\s+|\n/)) {
        for (const r of RULES) {
          const m = r.re.exec(sentence);
          if (!m) continue;
          const { op, ...c } = r.make(m);
          out.push({ ...c, value: c.value.trim(), op: op ?? 'assert', evidence: sentence.trim() });
          break;
        }
      }
    }
    return out;
  }
}
