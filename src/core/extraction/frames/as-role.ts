/**
 * @module core/extraction/frames/as-role
 * A role the speaker speaks from, fronted: "as a dental hygienist, is it worth…?", "As a mud logger my rotation is…",
 * "as a wool classer I'm standing…". The phrase after "as a" is the speaker's job when its head is an occupation to the
 * lexicon (a kind of worker, or a doer noun ending in -er/-or/-ist the lexicon does not hold whole: "mud logger",
 * "wool classer"). Read in statements and questions alike — the question presupposes the role — at the message level;
 * the clause reader (`asRoleDrafts` in frames/read.ts) reads the statement's own clause. A past clause after it ("as a
 * student I lived in Lyon") is history, a wish or condition says nothing. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { PAST_CUE } from '../sentences.ts';
import { kindOf } from './kinds.ts';

/** "as a(n) X," or "as a(n) X I/my/is/should…": the phrase fronted, then the sentence goes on. */
const FRONTED_AS = /^\s*(?:(?:so|and|but|also|well|ok|okay)\s*,?\s+)?as\s+an?\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)\s*(?:,|\s+(?=(?:I|I['’]m|I['’]ve|my|is|are|do|does|should|would|can|could|what|which|how|any|it['’]s|there|we)\b))/u;
const DOER = /(?:er|or|ist|ian|ant|ent)$/;

/** The speaker's job a fronted "as a X" names, or null. */
export function frontedRoleDrafts(sentence: string, lex: Lexicon | undefined): Draft[] {
  const m = FRONTED_AS.exec(sentence);
  if (!m || !lex || /\b(?:if|would|wish|could|might|when\s+I\s+was)\b/i.test(sentence)) return [];
  const next = /^\s*,?\s*(?:I|we)\s+([\p{L}'’]+)/u.exec(sentence.slice(m.index + m[0].length))?.[1];
  if (next && (PAST_CUE.test(next) || /^used$/i.test(next))) return [];
  const phrase = m[1];
  const head = phrase.split(/\s+/).pop()!;
  // "as a kid", "as a result", "as a treat": the head must be a worker to the lexicon, or a doer noun it does not hold.
  const occupation = kindOf(phrase, lex) === 'occupation' || kindOf(head, lex) === 'occupation' || (DOER.test(head) && lex.senses(head, 'noun', 1).length === 0 && lex.lemmas(head, 'verb').length > 0);
  if (!occupation) return [];
  return [{ key: 'job_title', value: phrase, metadata: { frame: 'as a role' } }];
}
