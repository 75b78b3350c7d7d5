/**
 * @module core/extraction/frames/still-check
 * The assistant checks that something it holds about the user still holds — "Are you still at Home Depot?", "Is the
 * grey Rav4 still running?", "Kilkenny's still home for you?", "Still Pretoria-based?", "Diesel mechanic still, yeah?"
 * — and the user says yes. The thing checked is the question's focus phrase; what it is to the user comes from its kind
 * by the lexicon (a place → location, an organisation → employer, a vehicle → vehicle, an occupation → job title) and
 * from the few words of the check that name the slot ("-based", "home", "at", "the day job"). Used when the claim the
 * question makes, put in the first person, states nothing the clause readers can read.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { NOT_NAMES } from '../lexicon.ts';
import { escapeRe } from '../re.ts';
import { isKind, kindOf } from './kinds.ts';

/** A check of what still holds: "still" in the question, or a tag asking for agreement ("…, yeah?", "isn't it?"). */
const CHECK = /\bstill\b|,\s*(?:yeah|yes|right|eh|no)\s*\?\s*$/i;
/** A capitalised phrase (not the question's opening word): "Home Depot", "Rav4", "Access Bank". */
const PROPER = /(?<![\p{L}\p{N}])(?!(?:Is|Are|Do|Does|Did|How|Still|And|So|You|Your|The)\b)([\p{Lu}][\p{L}\p{N}&'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}&'’-]*){0,3})/u;
/** A common phrase opening the check before "still": "Diesel mechanic still, yeah?", "Zookeeping still the day job?". */
const OPENING_PHRASE = /^\s*(?:and\s+|so\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)(?:\s+life)?\s+still\b/iu;
const PLACE_SLOT = /-based\b|\bstill\s+(?:home|living|based)\b|\bhome\s+for\s+you\b|\b(?:living|based)\s+in\b/i;
const WORK_SLOT = /\b(?:day\s+job|your\s+job|the\s+job|working\s+as|still\s+a|still\s+an)\b/i;
const EMPLOYER_SLOT = /\bstill\s+(?:at|with|working\s+(?:at|for))\b|\btreating\s+you\b|\blife\s+at\b/i;
const VEHICLE_SLOT = /\b(?:running|on\s+the\s+road|holding\s+up|going\s+strong|got\s+the|have\s+the|driving\s+the)\b/i;

/** The fact a "yes" to a still-check confirms, or null. */
export function stillChecked(question: string, lex?: Lexicon): Draft | null {
  const q = question.trim();
  if (!/\?\s*$/.test(q) || !CHECK.test(q)) return null;
  const found = PROPER.exec(q);
  // A capital that only opens the sentence on a word the lexicon holds as a common noun is no name ("Zookeeping still…").
  const opening = found?.index === 0 && !/\s/.test(found[1]) && !!lex && lex.senses(found[1].split(/\s+/)[0].toLowerCase(), 'noun', 1).length > 0 && !isKind(found[1].toLowerCase(), 'location', lex) && !isKind(found[1].toLowerCase(), 'organization', lex);
  const proper = found && !opening ? found[1].replace(/['’]s$/, '').replace(/-based$/i, '') : null;
  const phrase = proper ?? OPENING_PHRASE.exec(q)?.[1] ?? null;
  if (!phrase || NOT_NAMES.has(phrase.toLowerCase())) return null;
  const lower = phrase.toLowerCase();
  const words = lower.split(/\s+/);
  const draft = (key: string): Draft => ({ key, value: phrase, implicit: false, metadata: { frame: 'still-check', confirmedClaim: true } });
  if (PLACE_SLOT.test(q) || (proper && isKind(lower, 'location', lex))) return proper ? draft('location') : null;
  // "Is Sam still at school?": a name checked on its own is someone else, not a thing of the user's.
  if (proper && new RegExp(`^\\s*(?:is|was)\\s+${escapeRe(proper)}\\s+still\\b`, 'i').test(q)) return null;
  if (VEHICLE_SLOT.test(q) && (words.some((w) => isKind(w, 'vehicle', lex)) || (proper !== null && (/\d/.test(phrase) || new RegExp(`\\b(?:the|your|that)\\s+(?:[\\p{Ll}]+\\s+){0,2}${proper.split(/\s+/)[0]}`, 'u').test(q))))) return draft('vehicle');
  if ((WORK_SLOT.test(q) && !isKind(lower, 'organization', lex)) || (!proper && (kindOf(words[words.length - 1], lex) === 'occupation' || kindOf(lower, lex) === 'occupation'))) return draft('job_title');
  if (proper && (EMPLOYER_SLOT.test(q) || isKind(lower, 'organization', lex))) return draft('employer');
  return null;
}
