/**
 * @module core/extraction/frames/their-condition
 * A third party's condition, said of them by the speaker: "my mum has got arthritis", "Dave's been diagnosed with
 * diabetes", "my husband suffers from gout", "our neighbour Jim is living with MS". The person is a name, or a
 * relation or social noun the speaker possesses (`RELATIONS`, with an optional name after it); the condition is an
 * illness to the lexicon (`kinds.ts`), never one of the keys of its own (an allergy, an injury, a cold:
 * `NOT_CONDITIONS`). A report by the person ("my coworker Dave told me that he's got sciatica", also after a clause
 * of theirs: "Dolores just turned 66 and she told me she has glaucoma") counts as said of them.
 * The fact goes under the third party, never the speaker. A question, a guess, a denial or a
 * condition ("if", "might") gives nothing. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { NOT_NAMES, RELATION_RE, RELATIONS } from '../lexicon.ts';
import { thirdPartyId } from '../subject-attribution.ts';
import { re } from '../re.ts';
import { isKind } from './kinds.ts';
import { NOT_CONDITIONS } from './table.ts';

const NAME = "\\p{Lu}[\\p{Ll}-]+";
/** Words before a possessed relation noun ("my older brother", "our baby girl"). */
const KIN_ADJ = '(?:little|big|older|younger|eldest|oldest|youngest|baby|twin|best|old|new)';
/** Predicates that give someone a condition: having it, being diagnosed with it, suffering from or living with it. */
const HAS = "(?:has\\s+(?:got\\s+|had\\s+|(?:just\\s+|recently\\s+)?been\\s+diagnosed\\s+with\\s+)?|['’]s\\s+(?:got|(?:just\\s+|recently\\s+)?been\\s+diagnosed\\s+with)|(?:was|got)\\s+(?:just\\s+|recently\\s+)?diagnosed\\s+with|is\\s+(?:living|struggling|dealing)\\s+with|suffers\\s+(?:from|with)|is\\s+being\\s+treated\\s+for|(?:['’]s|is)\\s+(?:been\\s+)?off\\s+(?:sick\\s+|work\\s+)?with)";
/** A report by the person of their own condition: "<who> told me (at lunch) that he's got X", "<who> says she has X". */
const TOLD = "(?:told\\s+(?:me|us)|says|said|mentioned|let\\s+slip)(?:\\s+[\\p{Ll}]+){0,3}?\\s+(?:that\\s+)?(?:[Hh]e|[Ss]he)\\s*(?:['’]s\\s+(?:got|(?:just\\s+)?been\\s+diagnosed\\s+with)|\\s+has\\s+(?:got\\s+|(?:just\\s+)?been\\s+diagnosed\\s+with\\s+)?|\\s+was\\s+diagnosed\\s+with|\\s+suffers\\s+from)";
const WHO = re(`(?:^|[\\s,;(])(?:(?:[Mm]y|[Oo]ur)\\s+(?:${KIN_ADJ}\\s+)?(${RELATION_RE})(?:\\s+(${NAME}))?|(${NAME}))\\s*(?:\\(\\s*\\d{1,3}\\s*\\)\\s*|,\\s*(?:(?:who|he|she)(?:['’]s|\\s+is)\\s+)?\\d{1,3}\\s*,\\s*)?(?:(?:\\s+[^.;!?]{1,40}?\\s+and\\s+(?:[Hh]e|[Ss]he))?(?:\\s+|(?=['’]))${HAS}|(?:\\s+[^.;!?]{1,40}?\\s+and(?:\\s+(?:[Hh]e|[Ss]he))?)?\\s+(?:(?:just|recently|finally|also)\\s+)?${TOLD})\\s*(.+)`, 'gu');
/** "according to Trevor from accounting, he's …": the source a report names first (not global: replaced once). */
const ACCORDING_TO = new RegExp(`\\baccording\\s+to\\s+(${NAME})(?:\\s+(?:from|in|at|on)\\s+[\\p{Ll}\\s]{1,20}?)?\\s*,\\s*(?:[Hh]e|[Ss]he)(?=['’]s\\b|\\s+(?:is|has|was)\\b)`, 'u');
const NOT_STATED = /\b(?:if|unless|might|may|maybe|could|would|wonder|whether|perhaps|possibly|probably|think|thinks|reckon|not|never|no)\b|\?/i;
const NP_END = /\s*(?:[,.;:!?()—–]|\s-\s|\s(?:and|but|which|so|since|for|from|after|because|in|at|on|last|this|again|now|too)\b)/i;

/** The illness a noun phrase opens with (its longest run of up to three words the lexicon reads as an illness). */
function illnessOf(raw: string, lex?: Lexicon): string | null {
  const np = raw.split(NP_END)[0].trim().replace(/^(?:a|an|the|bad|mild|severe|chronic|early|early-onset|really\s+bad)\s+/gi, '').trim();
  const words = np.split(/\s+/).slice(0, 3);
  for (let n = words.length; n >= 1; n--) {
    const phrase = words.slice(0, n).join(' ');
    const forms = /['’]s$/.test(phrase) ? [`${phrase.replace(/['’]s$/, "'s")} disease`, phrase] : [phrase];
    for (const f of forms) {
      const w = f.toLowerCase();
      if (!NOT_CONDITIONS.includes(w.split(' ').pop()!) && isKind(w, 'illness', lex)) return f === `${phrase.replace(/['’]s$/, "'s")} disease` ? phrase.replace(/['’]s$/, "'s") : phrase;
    }
  }
  return null;
}

/** The conditions one sentence of the speaker's gives to the people it names. */
export function theirConditionDrafts(raw: string, speaker: string, lex?: Lexicon): Draft[] {
  // "according to Trevor from accounting, he's off with …": the source named first is who the report is about.
  let source: string | null = null;
  const sentence = raw.replace(ACCORDING_TO, (_m, name: string) => (source = name));
  if (/\?\s*$/.test(sentence) || /^\s*(?:if|unless|would|wish)\b/i.test(sentence)) return [];
  const out: Draft[] = [];
  WHO.lastIndex = 0;
  for (const m of sentence.matchAll(WHO)) {
    const [, relWord, relName, bareName, rest] = m;
    const before = sentence.slice(0, m.index);
    // A guess before the person or inside the report ("said he thinks he has …") states nothing.
    if (NOT_STATED.test(before.split(/[.;]/).pop() ?? '') || NOT_STATED.test(m[0].slice(0, m[0].length - rest.length))) continue;
    // "his mum has …", "Dave's brother has …": someone else's relative.
    if (relWord && /\b(?:his|her|their|your)\s*$|['’]s\s*$/i.test(before)) continue;
    const relation = relWord?.toLowerCase();
    if (relation && !(relation in RELATIONS)) continue;
    const name = relName ?? bareName;
    if (bareName) {
      const w = bareName.toLowerCase();
      // A name: no pronoun, relation or common word the lexicon reads as anything but a person.
      // "nana Edith down in Penzance has …": a name after a preposition is a place, not the person.
      if (/\b(?:in|at|from|to|near|of|by|with|for|into|outside|around)\s*$/i.test(before)) continue;
      if (NOT_NAMES.has(w) || w in RELATIONS || /^(?:I|It|This|That|There|He|She|They|We|You|Everyone|Nobody|Someone)$/.test(bareName)) continue;
      // A place or a group to the lexicon is no person; a common word opening the sentence is no name ("Mark has …"),
      // while a word capitalised after it is ("according to Gemma, she's …").
      if (lex && lex.senses(w, 'noun', 2).some((s) => s.lexClass === 'noun.location' || s.lexClass === 'noun.group')) continue;
      if (lex && !before.trim() && bareName !== source && (lex.senses(w, 'noun', 2).some((s) => s.lexClass !== 'noun.person') || lex.senses(w, undefined, 1).some((s) => !s.lexClass.startsWith('noun')))) continue;
    }
    const np = rest.replace(/^(?:had|got)\s+/i, '');
    if (/^(?:no|not|never)\b/i.test(np)) continue;
    const illness = illnessOf(np, lex);
    if (!illness) continue;
    const subject = relation ? thirdPartyId(speaker, relation, name) : thirdPartyId(speaker, name!);
    out.push({ key: 'health_condition', value: illness.toLowerCase(), subject, confidence: 0.8, metadata: { frame: 'their-condition' } });
  }
  return out.length > 0 ? out : openerIllness(sentence, speaker, lex);
}

/** The relative a sentence opens with: "my older brother Marcus, 41, …", "our gran …". */
const OPENER = re(`^\\s*(?:[Mm]y|[Oo]ur)\\s+(?:${KIN_ADJ}\\s+)?(${RELATION_RE})(?:\\s+(${NAME}))?(?![\\p{L}'’-])`, 'u');
/** Another possessed person later in the sentence: then "his" / "her" may be theirs. */
const ANOTHER = re(`\\b(?:my|our|his|her|their)\\s+(?:[\\p{Ll}-]+\\s+)?(?:${RELATION_RE})(?![\\p{L}'’-])`, 'giu');
/** "his tinnitus is getting worse", "her asthma has flared up": a possessive pronoun's illness with a verb of its course. */
const PRONOUN_ILLNESS = /\b(?:his|her)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+){0,2}?)\s+(?:is|was|has|had|keeps|kept|gets|got|flares|flared|['’]s)\b/iu;

/**
 * "My older brother Marcus … because his tinnitus is getting worse": the illness a later "his" / "her" has, when the
 * sentence opens with one possessed relative and names no other person.
 */
function openerIllness(sentence: string, speaker: string, lex?: Lexicon): Draft[] {
  const who = OPENER.exec(sentence);
  if (!who || !(who[1].toLowerCase() in RELATIONS)) return [];
  const p = PRONOUN_ILLNESS.exec(sentence);
  if (!p || p.index < who[0].length || [...sentence.matchAll(ANOTHER)].length > 1 || NOT_STATED.test(sentence.slice(p.index))) return [];
  const illness = illnessOf(p[1], lex);
  return illness ? [{ key: 'health_condition', value: illness.toLowerCase(), subject: thirdPartyId(speaker, who[1].toLowerCase(), who[2]), confidence: 0.75, metadata: { frame: 'their-condition' } }] : [];
}
