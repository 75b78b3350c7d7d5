/**
 * @module core/extraction/rules/family
 * Relationships and relatives: relationship status, partner, children, parents and siblings
 * ("I have two kids, Leo and Mia", "I'm married to Sam", "we broke up", "my daughter's name
 * is Lily", "taking the kids to school"). Relation facts belong to the speaker.
 */
import { re } from '../re.ts';
import type { Draft, Rule } from '../model.ts';
import { NOT_NAMES, RELATIONS, RELATION_ADJ, RELATION_RE } from '../lexicon.ts';
import { relationDraft } from '../subject-attribution.ts';
import { splitList } from '../values.ts';

const isName = (w: string) => /^[\p{Lu}][\p{L}'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase());

const status: Rule = (c) => {
  const t = c.core;
  const out: Draft[] = [];
  let m: RegExpExecArray | null;
  // A relative's status is stated the same way ("my brother Tomasz just got engaged", "my sister is divorced");
  // break-ups and partners below stay the speaker's (their co-subject is the speaker's partner).
  if ((m = /^(?:am|are|is|have\s+been|has\s+been|been)\s+(?:happily\s+|now\s+|still\s+|recently\s+|newly\s+|officially\s+|finally\s+)?(?:a\s+)?(single|married|engaged|divorced|widowed|separated)\b/i.exec(t))) out.push({ key: 'relationship_status', value: m[1].toLowerCase() });
  // "been together nine years and married for four of them", "married for a decade now": a stated length of marriage.
  else if ((m = /^(?:have\s+been|has\s+been|been|are|am)\s+(?:together|dating)\b[^.;]*?\band\s+(married|engaged)\b|^(?:have\s+been\s+|has\s+been\s+|been\s+|am\s+|are\s+)?(married)\s+(?:for\s+)?(?:almost\s+|nearly\s+|over\s+|about\s+|just\s+over\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s+few|several)\s+(?:years?|months?|decades?)\b/i.exec(t))) out.push({ key: 'relationship_status', value: (m[1] ?? m[2]).toLowerCase() });
  else if ((m = /\b(?:got|just\s+got|finally\s+got|have\s+got|has\s+got|(?:have|has)\s+(?:just\s+)?gotten)\s+(married|engaged|divorced|separated)\b/i.exec(t))) out.push({ key: 'relationship_status', value: m[1].toLowerCase() });
  // "officially divorced from Rutger": the status said as a fragment, with whom.
  else if ((m = /^(?:(?:officially|now|finally|recently|legally)\s+)?(divorced|separated)\s+from\s+[\p{Lu}]/u.exec(t)) && c.subject.self) out.push({ key: 'relationship_status', value: m[1].toLowerCase() });
  // A group's "got divorced" (my parents) is not one person's status.
  if (!c.subject.self) return c.negated || /\b(?:parents|kids|children|friends|twins|sons|daughters|brothers|sisters)\b/i.test(c.subject.id) ? [] : out;
  // "Rahul and I called it off", "we went our separate ways": the idioms need the couple as the subject. ("called it
  // quits" is an ending the lexicon knows as a phrasal sense: frames/entity-state.ts ends the held partner.)
  else if (/\bbroke\s+up\b|\bsplit\s+up\b|\bseparated\b/i.test(t) || (c.coName && /\bcalled\s+it\s+off\b|\bwent\s+(?:our|their)\s+separate\s+ways\b/i.test(t))) {
    out.push({ key: 'relationship_status', value: 'single', confidence: 0.8 });
    // "me and my boyfriend split up", "broke up with my girlfriend", "my husband and I separated": the partner noun
    // stands for the partner when no name is given.
    const noun = /\b(?:me\s+and\s+(?:my|the)|with\s+(?:my|the)|(?:my|the))\s+(?:ex-?)?(boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?)\b(?:\s+and\s+(?:I|me)\b)?/i.exec(c.sentence);
    const who = c.coName ?? (/\bwith\s+([\p{Lu}][\p{L}-]+)/u.exec(t)?.[1] ?? noun?.[1]?.toLowerCase() ?? null);
    if (who) out.push({ key: 'partner', value: who, op: 'retract', type: 'relation' });
  }
  // "Sam and I aren't together anymore", "we're no longer together": the couple, not together now, ended the bond.
  if (/^(?:are|am)\s+(?:still\s+)?together\b/i.test(t) && c.negated && c.ending && !out.some((d) => d.key === 'partner')) {
    // (Said in a negated clause, the single status is still asserted.)
    out.push({ key: 'relationship_status', value: 'single', confidence: 0.8, op: 'assert' });
    const noun = /\b(?:my|the)\s+(?:ex-?)?(boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?)\b/i.exec(c.sentence);
    const who = c.coName ?? noun?.[1]?.toLowerCase() ?? null;
    if (who) out.push({ key: 'partner', value: who, op: 'retract', type: 'relation' });
  }
  if ((m = /^(?:am|are)\s+(?:still\s+)?with\s+([\p{Lu}][\p{L}-]+)\b/u.exec(t)) && isName(m[1]) && c.negated && c.ending && !out.some((d) => d.key === 'partner'))
    // "I'm not with Jake anymore": the relationship with a named person ended.
    out.push({ key: 'partner', value: m[1], op: 'retract', type: 'relation' });
  // "divorced from Rutger", "separated from Ines": the named person was the partner.
  if ((m = /\b(?:divorced|separated)\s+from\s+([\p{Lu}][\p{L}-]+)/u.exec(t)) && isName(m[1]) && !c.negated && c.subject.self && !out.some((d) => d.key === 'partner'))
    out.push({ key: 'partner', value: m[1], op: 'retract', type: 'relation' });
  // "married to Ana", "got engaged to Marco", "I'm engaged to Sam": the named person is the partner.
  if ((m = /\b(married|engaged)\s+to\s+([\p{Lu}][\p{L}-]+)/u.exec(t)) && isName(m[2]) && !c.negated)
    out.push({ key: 'partner', value: m[2], type: 'relation', metadata: { relation: m[1] === 'married' ? 'spouse' : 'fiance' } });
  if ((m = /\b(?:dating|seeing|in\s+a\s+relationship\s+with)\s+([\p{Lu}][\p{L}-]+)/u.exec(t)) && isName(m[1])) {
    out.push({ key: 'partner', value: m[1], type: 'relation', ...(c.negated ? { op: 'retract' as const } : {}) });
    if (!c.negated) out.push({ key: 'relationship_status', value: 'in a relationship', confidence: 0.8 });
  }
  // A named person the speaker celebrates a marriage or an anniversary with is the partner: "Jamie and I celebrated
  // ten years of marriage", "me and Sofia hit our fifth wedding anniversary". Years of marriage make it "married".
  if (c.subject.self && !c.negated && (m = COUPLE_ANNIVERSARY.exec(c.sentence)) && isName(m[1] ?? m[2])) {
    out.push({ key: 'partner', value: m[1] ?? m[2], type: 'relation', confidence: 0.8 });
    if (/marri|wedding/i.test(m[0])) out.push({ key: 'relationship_status', value: 'married', confidence: 0.8 });
  }
  return out;
};

const COUPLE_ANNIVERSARY =
  /(?:^|[,;]\s*|\b(?:so|and|yesterday|today)\s+)(?:([\p{Lu}][\p{Ll}]+)\s+and\s+I|me\s+and\s+([\p{Lu}][\p{Ll}]+))\s+(?:just\s+|finally\s+)?(?:celebrated|celebrate|are\s+celebrating|were\s+celebrating|marked|hit|reached|will\s+celebrate)\s+(?:our\s+)?(?:(?:\w+|\d+)\s+years?\s+(?:of\s+(?:marriage|being\s+married|being\s+together)|married|together)|(?:\w+\s+)?(?:wedding\s+)?anniversary)/u;

const HAVE_REL = re(
  `^(?:have|has|have\\s+got|got)\\s+(?:a|an|one|two|three|four|five|\\d+)\\s+(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})\\b(?:\\s*(?:named|called)\\s+(\\p{Lu}[\\p{L}-]+)|\\s*[,:(]?\\s*((?:\\p{Lu}[\\p{L}-]+)(?:\\s*(?:,|and|&)\\s*\\p{Lu}[\\p{L}-]+)*))?`,
  'iu',
);

const RE_REL_APPOS = re(`\\b(?:my|our)\\s+(?:(?:two|three|four|\\d+)\\s+)?(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})\\s*[,(]\\s*(\\p{Lu}[\\p{L}-]+(?:\\s*(?:,|and|&)\\s*\\p{Lu}[\\p{L}-]+)*)\\s*(?=[,)]|\\s[-–—]\\s)`, 'giu');
const RE_FAMILY_1 = re(`\\b(?:my|our)\\s+(${RELATION_RE})(?:'s|’s)\\s+name\\s+is\\s+(\\p{Lu}[\\p{L}-]+)`, 'iu');
const RE_FAMILY_2 = re(`(?<!^)\\b(?:my|our)\\s+(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})\\b(?!-)(?:\\s+(\\p{Lu}[\\p{L}-]+))?`, 'giu');
/**
 * Named relatives mentioned anywhere in a sentence the rules otherwise skip (a question or a
 * request: "Can you help me plan a party for my son Leo?"): who they are is still a fact.
 */
export function namedRelationMentions(text: string, speaker: string): Draft[] {
  const out: Draft[] = [];
  for (const mm of text.matchAll(RE_FAMILY_2)) {
    if (!mm[2] || !isName(mm[2]) || RELATIONS[mm[1].toLowerCase()] === undefined) continue;
    const d = relationDraft(speaker, mm[1], mm[2], 0.75);
    if (d) out.push(d);
  }
  return out;
}

const relatives: Rule = (c) => {
  const out: Draft[] = [];
  let m: RegExpExecArray | null;
  if ((m = HAVE_REL.exec(c.core))) {
    const rel = m[1].toLowerCase().replace(/^(?:sisters)$/, 'sister');
    const names = m[2] ? [m[2]] : m[3] ? splitList(m[3]).filter(isName) : [];
    if (names.length === 0) {
      const d = relationDraft(c.subject.id, rel, undefined, 0.9);
      if (d) out.push({ ...d, subject: c.subject.id });
    }
    for (const n of names) {
      const d = relationDraft(c.subject.id, rel, n, 0.9);
      if (d) out.push({ ...d, subject: c.subject.id });
    }
  }
  // Names in apposition after a relation: "Our twins, Ella and Noah, start nursery", "with my sons (Leo, Max)".
  for (const mm of c.text.matchAll(RE_REL_APPOS)) {
    if (RELATIONS[mm[1].toLowerCase()] === undefined) continue;
    for (const n of splitList(mm[2]).filter(isName)) {
      const d = relationDraft(c.speaker, mm[1], n, 0.85);
      if (d) out.push({ ...d, presupposed: true });
    }
  }
  // "my daughter's name is Lily"
  if ((m = RE_FAMILY_1.exec(c.text)) && isName(m[2])) {
    const d = relationDraft(c.speaker, m[1], m[2], 0.9);
    if (d) out.push(d);
  }
  // Mentions in object position: "with my sister Maya", "I visited my mom".
  for (const mm of c.text.matchAll(RE_FAMILY_2)) {
    if (mm.index === 0) continue;
    const name = mm[2] && isName(mm[2]) ? mm[2] : undefined;
    const d = relationDraft(c.speaker, mm[1], name, 0.7);
    if (d && RELATIONS[mm[1].toLowerCase()] !== undefined) out.push({ ...d, presupposed: true });
  }
  // The kids as the speaker's co-subject: "The kids and I planted tomatoes", "me and the boys built a den".
  if ((m = /(?:^|[,;]\s*)(?:the|my|our)\s+(kids|children|boys|girls|twins)\s+and\s+(?:I|me)\b|\b(?:me|I)\s+and\s+(?:the|my|our)\s+(kids|children|boys|girls|twins)\b/i.exec(c.sentence)) && c.subject.self) {
    const d = relationDraft(c.speaker, m[1] ?? m[2], undefined, 0.6);
    if (d) out.push({ ...d, implicit: true });
  }
  // Implicit: "taking the kids to school", "we took the kids camping".
  if ((m = /\b(?:take|taking|took|drop(?:ping)?\s+off|dropped\s+off|pick(?:ing)?\s+up|picked\s+up|took)\s+(?:the|my|our)\s+(kids|children|boys|girls|son|daughter|baby)\b/i.exec(c.text)) && c.subject.self) {
    const d = relationDraft(c.speaker, m[1], undefined, 0.6);
    if (d) out.push({ ...d, implicit: true });
  }
  // "I'm a mom of two"
  if ((m = /^(?:am|is)\s+(?:a\s+)?(?:proud\s+|single\s+|stay-at-home\s+|working\s+|new\s+|first-time\s+)*(?:mom|mum|mother|dad|father|parent)\s+(?:of|to)\s+(?:two|three|four|five|\d+|a|an)\b(?:\s+(?:little\s+|young\s+)?(kids|children|boys|girls|sons|daughters))?/i.exec(c.core)))
    out.push({ key: 'child', value: (m[1] ?? 'kids').toLowerCase(), type: 'relation', confidence: 0.8 });
  return out;
};

/** "so. single I guess", "engaged!!", "divorced now, officially": a status said on its own. */
export const statusFragment: Rule = (c) => {
  // A word of its own needs a word of the saying with it: "every. single. time" is emphasis.
  const m = /^((?:(?:so|well|and|now|officially|finally)\s+)*)(single|engaged|divorced|widowed|separated)((?:\s*,?\s+(?:again|now|i\s+guess|i\s+suppose|at\s+last|finally|officially|then|innit|lol))*)\s*[.!]*$/i.exec(c.text.trim());
  return m && (m[1] || m[3] || c.sentence.replace(/[\s.!]+$/, '').trim() !== c.text.replace(/[\s.!]+$/, '').trim()) && c.subject.self && !c.negated ? [{ key: 'relationship_status', value: m[2].toLowerCase(), subject: c.speaker }] : [];
};

export const FAMILY_RULES: Rule[] = [status, relatives];
