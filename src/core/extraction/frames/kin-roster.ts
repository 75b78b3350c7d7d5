/**
 * @module core/extraction/frames/kin-roster
 * A roster of named kin with their ages: a relation noun the speaker counts or possesses ("two boys", "my kids",
 * "2 stepdaughters:"), then names each with an age ("Ezra (4)", "Noor is 12", "Grace who's 16", "the baby, Sam, is
 * 1"). Each name is the speaker's relative (when the relation has a key) and each age that relative's. Relation
 * nouns are the lexicon's (`RELATIONS`); the roster is read by its shape, never by its words. A list of names with
 * children's ages that opens the sentence and names no relation is the speaker's children.
 */
import type { Draft } from '../model.ts';
import { NOT_NAMES, PET_RE, RELATIONS, RELATION_ADJ, RELATION_RE, SOCIAL_PLACES_RE, WORK_GROUPS } from '../lexicon.ts';
import { relationDraft, thirdPartyId } from '../subject-attribution.ts';
import { spelledToDigits } from '../values.ts';
import { re } from '../re.ts';

const COUNT = '(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twin|the|just\\s+the\\s+one|only\\s+one)';
/** The roster's head: "my/our [count] [adj] REL" or "[count] [adj] REL" (a count is needed without a possessive). */
const HEAD = re(`(?:^|[\\s,;:(])(?:(my|our)\\s+(?:${COUNT}\\s+)?|(${COUNT})\\s+)(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})\\b(?![-'’])`, 'giu');
const AGE = '(\\d{1,2}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-]\\w+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)(\\s*(?:months?|weeks?)(?:\\s+old)?)?';
/** Text every AGE match contains (its digits or one of its number words, same case): the cheap look before ITEM. */
const AGE_CUE = /\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety/;
/** A name and its age: "Ezra (4)", "Noor is 12", "Grace who's 16", "Samir, is 1", "Tomas, who's nine,", "Ines, 7,". */
const ITEM = new RegExp(`(\\p{Lu}[\\p{Ll}'’-]+)(?:\\s*\\(\\s*${AGE}\\s*\\)|\\s*,\\s*${AGE}\\s*(?=,|[.;!]|$|\\s(?:and|&)\\s)|(?:,?\\s+(?:(?:who|he|she)(?:'s|’s|\\s+is)(?:\\s+(?:just\\s+)?turned)?|who(?:\\s+has)?\\s+(?:just\\s+)?turned|is|(?:just\\s+|only\\s+)?(?:turned|turns))|'s|’s)\\s+(?:just\\s+|nearly\\s+|almost\\s+|only\\s+)?${AGE}(?![\\p{L}\\d:%]|\\s*(?:kg|lb|cm|ft|am|pm|percent|stone|days?|hours?|minutes?|mins?|seconds?|secs?|miles?|km|metres?|meters?|points?|goals?|laps?)\\b)|(?<!['’]s)\\s+${AGE}(?=\\s*(?:,|;|\\s(?:and|&)\\s|[.!]|$)))`, 'gu');
/** ITEM, at the start of the text. */
const ITEM_AT = new RegExp(`^(?:${ITEM.source})`, 'u');
/**
 * An ITEM match's age and unit: its groups are bracketed (2, 3), in apposition (4, 5), after a verb (6, 7) or bare after
 * the name (8, 9: "Nikau 12", read only in a list that has another item of the other forms).
 */
function itemAge(m: RegExpMatchArray): { n: string; unit: string } {
  return { n: spelledToDigits((m[2] ?? m[4] ?? m[6] ?? m[8]).toLowerCase()), unit: (m[3] ?? m[5] ?? m[7] ?? m[9] ?? '').trim().replace(/\s+old$/, '') };
}
/** The group's age right after a plural head: "the twins are 4", "my boys are 9 and 7" is two ages, so only one number. */
const GROUP_AGE = new RegExp(`^\\s+(?:are|were)\\s+(?:now\\s+|just\\s+|nearly\\s+|almost\\s+)?(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?=\\s*(?:[.,;!]|$|\\s+(?:and\\s+\\p{Lu}|(?:now|already|going\\s+on)\\b)))`, 'u');
/** Someone else's kin, or a clause that is not a statement, before the head: "my sister has two boys", "if we had". */
const OTHERS = re(`\\b(?:his|her|their|he|she|they|if|unless|would|wish)\\b|['’]s\\b|\\b(?:${RELATION_RE})\\b|\\b\\p{Lu}\\p{Ll}+\\s+(?:has|had|have)\\b`, 'iu');

const singular = (rel: string) => (/^(?:kids|children|boys|girls|sons|daughters|lads|lasses|bairns|weans)$/.test(rel) ? rel : rel.replace(/s$/, ''));
const LABEL: Record<string, string> = { twins: 'child', triplets: 'child', kids: 'child', children: 'child', boys: 'son', girls: 'daughter', sons: 'son', daughters: 'daughter', lads: 'son', lasses: 'daughter', bairns: 'child', weans: 'child' };

/**
 * A fact the rules made of a roster's group word alone ("user child = kids", "girls age = 7") once the roster has named
 * each member: the named members carry the facts, so the group word says nothing more.
 */
export function groupWordOnly(subject: string, key: string, value: string, speaker: string): boolean {
  const group = (w: string) => /^(?:(?:\d{1,2}|two|three|four|five|six|seven)\s+)?(\w+)$/i.exec(w.trim())?.[1].toLowerCase();
  if (key === 'age') return subject !== speaker && !!LABEL[group(subject) ?? ''];
  return subject === speaker && (LABEL[group(value) ?? ''] === key || (key === 'child' && !!LABEL[group(value) ?? '']));
}

/** What may open a roster that names no relation: a count of the group ("three of them:", "both of them —", "Mum of two here, 42 -"). */
const HEADLESS_LEAD = /^\s*(?:(?:mum|mom|mam|dad|mother|father|parent)\s+of\s+(?:two|three|four|five|\d)(?:\s+here)?(?:\s*[,(]\s*\d{2}\s*\)?)?\s*[:,—–-]?\s*|(?:[\p{Ll}]+\s+)?(?:have|got)\s+(?:\d|two|three|four|five|six)\s+[\p{Ll}]+(?=\s*[:—–-])|(?:all|both)\s+of\s+(?:them|em)|(?:\d|one|two|three|four|five|six)\s+of\s+(?:them|em|each)|(?:(?:we|I)\s+)?(?:have|got|(?:we|I)['’]ve\s+got)\s+(?:\d|two|three|four|five|six))?\s*[:,—–-]?\s*/iu;
/**
 * Between two items: a comma, "and" or ";", after at most a few lower-case words said of the one before ("Ananya is 16
 * going on 30 and Veer is 11"), before a word of endearment or size ("and little Maryam just turned one").
 */
const LIST_SEP = /^(?:\s+[\p{Ll}\d][\p{L}\d'’-]*){0,4}?\s*(?:,\s*(?:and\s+|&\s+|plus\s+)?|;\s*|\s(?:and|&|plus)\s+)(?:(?:little|wee|baby|young|big|the|[\p{Ll}]{4,7})\s+)?/u;
/** Twins or triplets named together with one age: "the twins Ebube and Kamsi are 2". */
const GROUP_ITEM = new RegExp(`^(?:the\\s+|our\\s+|my\\s+)?(?:twins|triplets)\\s*,?\\s+(\\p{Lu}[\\p{Ll}'’-]+)(?:\\s*,\\s*(\\p{Lu}[\\p{Ll}'’-]+))?\\s+(?:and|&)\\s+(\\p{Lu}[\\p{Ll}'’-]+)\\s*,?\\s+(?:are|were)\\s+(?:just\\s+|nearly\\s+|almost\\s+)?${AGE}(?![\\p{L}\\d])`, 'u');

/** Names coordinated after a plural head, then one age they share: "our triplets Solvor, Gunnvor and Torleif all turned 2". */
const NAME = "\\p{Lu}[\\p{Ll}'’-]+";
const SHARED_AGE = new RegExp(`^\\s*[,:—–-]?\\s*(${NAME}(?:\\s*,\\s*${NAME})*\\s*,?\\s+(?:and|&)\\s+${NAME})\\s*,?\\s+(?:all\\s+|both\\s+)?(?:are|were|(?:have\\s+|just\\s+|have\\s+just\\s+)?turned|turn)\\s+(?:just\\s+|nearly\\s+|almost\\s+|both\\s+|all\\s+)?${AGE}(?![\\p{L}\\d])`, 'u');

/**
 * A thing the speaker needs or does for the list ("we need a babysitter for Ava (4) and Finn (2)", "packing lunches for
 * …"): a lead of at most twelve words in the speaker's voice (a first-person word, or a fragment opening with a verb
 * in -ing), ending in "for" after a noun of that thing.
 */
const TASK_FOR = /^((?:(?:[\p{L}'’-]+|\d+)\s+){0,11}?)for\s+(?=[\p{Lu}])/u;
/**
 * A service done for them ("I'm babysitting for…", "I tutor for…", "I work for…", "I tutor maths for…"), or a lead not
 * in the speaker's voice.
 */
const SERVED = /(?:ing|ed)\s+$|\b(?:I|we)\s+(?:(?:also|just|still|often|usually|sometimes|mostly|only)\s+)?(?:tutor|teach|coach|mentor|train|babysit|mind|nanny|look\s+after|care\s+for)\b[^,.;!?]*$|\b(?:I|we)\s+(?:(?:also|just|still|often|usually|sometimes|mostly|only|really)\s+)?[\p{Ll}]+\s+$|^(?![\s\S]*\b(?:I|me|we|us|my|our)\b)(?![\p{Ll}]+ing\b)/u;

/**
 * A roster with no relation noun: the sentence opens with two or more names coordinated, each with a child's age
 * ("Ansel (12) and Linnea (10)", "two of them: Ada's 7 and Rufus just turned 3"). Said by the speaker, a list of young
 * people with their ages is the speaker's children (implied: the relation is inferred, so a lower confidence).
 */
function headlessRoster(sentence: string, speaker: string): Draft[] {
  // Every item of the list (ITEM) carries an age (AGE: digits or a number word, case as written), and with no item there
  // is no roster: a sentence without one of those is skipped before the item scan.
  if (!AGE_CUE.test(sentence)) return [];
  let at = HEADLESS_LEAD.exec(sentence)![0].length;
  const task = TASK_FOR.exec(sentence);
  if (task && !OTHERS.test(task[1]) && !SERVED.test(task[1])) at = task[0].length;
  const items: Array<{ name: string; age: string; bare?: boolean }> = [];
  for (const m of sentence.matchAll(ITEM)) {
    if (m.index! < at) continue;
    if (m.index! !== at) {
      const sep = LIST_SEP.exec(sentence.slice(at, m.index!));
      if (items.length === 0 || !sep || sep[0].length !== m.index! - at) break;
    }
    const name = m[1].replace(/['’]s$/, '');
    const { n, unit } = itemAge(m);
    if (NOT_NAMES.has(name.toLowerCase()) || RELATIONS[name.toLowerCase()] !== undefined || !/^\d+$/.test(n) || (!unit && Number(n) >= 18)) return [];
    items.push({ name, age: `${n}${unit ? ` ${unit}` : ''}`, bare: m[8] !== undefined });
    at = m.index! + m[0].length;
  }
  // Animals named with their ages ("Rex (3) and Bella (5), both greyhounds") are no children.
  // "… and the twins Ebube and Kamsi are 2": a named group with one age closes the list.
  const sep = items.length > 0 ? /^\s*(?:,\s*(?:and\s+)?|\s(?:and|&)\s+)/u.exec(sentence.slice(at)) : null;
  const g = sep ? GROUP_ITEM.exec(sentence.slice(at + sep[0].length)) : null;
  if (g) {
    const n = spelledToDigits(g[4].toLowerCase());
    for (const name of [g[1], g[2], g[3]].filter(Boolean)) items.push({ name, age: `${n}${g[5] ? ` ${g[5].trim().replace(/\s+old$/, '')}` : ''}` });
    at += sep![0].length + g[0].length;
  }
  // Only an animal word in the list or right after it counts ("…, and they fight like cats" is a simile).
  // "Arsenal 2, Spurs 1" is a score: bare "Name N" items count only beside an item said with a verb, an "'s" or brackets.
  if (items.every((i) => i.bare)) return [];
  if (items.length < 2 || re(`\\b(?:${PET_RE})s?\\b`, 'i').test(sentence.slice(0, at)) || re(`^\\s*[,(—–-]?\\s*(?:both|all|the\\s+two)?\\s*(?:\\p{Ll}+\\s+)?(?:${PET_RE})s?\\b`, 'iu').test(sentence.slice(at))) return [];
  return items.flatMap(({ name, age }) => {
    const fact = relationDraft(speaker, 'child', name, 0.7);
    return [
      ...(fact ? [{ ...fact, value: `${name} (child)`, metadata: { relation: 'child', name, frame: 'roster' } }] : []),
      { key: 'age', value: age, subject: thirdPartyId(speaker, 'child', name), confidence: 0.75, metadata: { frame: 'roster' } },
    ];
  });
}

/** Names coordinated, then as many ages: "Ethan and Liam, are 11 and 8", "Freya and Isla, aged 10 and 8". */
const RESPECTIVE = new RegExp(`^\\s*[,:—–-]?\\s*(${NAME}(?:\\s*,\\s*${NAME})*\\s*,?\\s+(?:and|&)\\s+${NAME})\\s*,?\\s+(?:are|were|aged|ages|who\\s+are)\\s+(?:now\\s+)?(${AGE}(?:\\s*,\\s*${AGE})*\\s*,?\\s+(?:and|&)\\s+${AGE})(?![\\p{L}\\d])`, 'u');
const AGE_ONLY = new RegExp(AGE, 'gu');

/** Each name with its age, in order, when a roster gives the names and then as many ages ("respectively"). */
function respectiveAges(span: string): Array<{ name: string; age: string }> | null {
  const m = RESPECTIVE.exec(span);
  if (!m) return null;
  const names = m[1].split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/).filter(Boolean);
  const ages = [...m[2].matchAll(AGE_ONLY)].map((a) => `${spelledToDigits(a[1].toLowerCase())}${a[2] ? ` ${a[2].trim().replace(/\s+old$/, '')}` : ''}`);
  if (names.length < 2 || names.length !== ages.length || names.some((n) => NOT_NAMES.has(n.toLowerCase())) || ages.some((a) => !/^\d+/.test(a))) return null;
  return names.map((name, i) => ({ name, age: ages[i] }));
}

/** A last name with no age after a roster's items: "… and baby Ava)", ", and little Noor." */
const AGELESS_LAST = /^\s*(?:,\s*(?:and\s+|&\s+)?|\s(?:and|&)\s+)(?:(?:baby|little|wee|the\s+baby,?)\s+)?([\p{Lu}][\p{Ll}'’-]+)\s*(?:\)|[.!;]|$)/u;

/** The relation facts and ages of a roster in one sentence of the speaker's. */
/** "our three are …", "my two: …": a possessed count with no noun stands for the speaker's children. */
/** Where people stand to the speaker, right after a relation word: a social place (`SOCIAL_PLACES`) or a group of theirs. */
const SOCIAL_AFTER = new RegExp(`^\\s+(?:${SOCIAL_PLACES_RE}|(?:on|in|from)\\s+(?:my|our)\\s+(?:${WORK_GROUPS}|office|work|job))\\b`, 'i');
const COUNT_AS_KIDS = /\b(my|our)\s+(two|three|four|five|six|seven|2|3|4|5|6|7)(?=\s*(?::|—|–|,\s*[\p{Lu}]|\s+(?:are|were)\s+[\p{Lu}]))/gu;

/** "mum of three", "a proud dad of 2": a parent counted by their children is the speaker's count of kids. */
const PARENT_OF = /\b(?:(?:a|an|proud|busy|single|working|tired|stay-at-home)\s+)*(?:mum|mom|mother|mama|mummy|dad|father|daddy|papa|parent)\s+of\s+(two|three|four|five|six|seven|[2-7])(?:\s+(kids|children|boys|girls|sons|daughters))?\b(?!\s*[\p{L}])/giu;

export function kinRoster(raw: string, speaker: string): Draft[] {
  if (/\?\s*$/.test(raw)) return [];
  // "ours are …" is "our kids are …"; twins or triplets opening the sentence are the speaker's ("twins Kemi and Kunle …").
  const sentence = raw.replace(COUNT_AS_KIDS, '$1 $2 kids').replace(PARENT_OF, (_m, n: string, kids?: string) => `my ${n} ${kids ?? 'kids'}`).replace(/\b([Oo]u)rs(?=\s+(?:are|were)\s+[\p{Lu}]|\s*:)/u, '$1r kids').replace(/^(\s*)([Tt]wins|[Tt]riplets)(?=\s+[\p{Lu}])/u, '$1our $2');
  const out: Draft[] = [];
  HEAD.lastIndex = 0;
  if (!HEAD.test(sentence)) return headlessRoster(sentence, speaker);
  HEAD.lastIndex = 0;
  for (const h of sentence.matchAll(HEAD)) {
    const raw = h[3].toLowerCase();
    if (!(raw in RELATIONS)) continue;
    const at = h.index! + h[0].length;
    // The roster follows its head, in the same sentence, before another relation noun opens a new one.
    const before = sentence.slice(0, h.index!);
    if (OTHERS.test(before.replace(/\b(?:I|we|me|us)\b/g, ''))) continue;
    const rest = sentence.slice(at);
    // "one of the girls at work, Sharon, …", "the lads from my team": people placed at work or in a group are no kin.
    if (SOCIAL_AFTER.test(rest)) continue;
    const next = rest.search(re(`\\b(?:my|our)\\s+(?:${RELATION_RE})\\b`, 'i'));
    const span = next >= 0 ? rest.slice(0, next) : rest;
    const rel = singular(raw);
    const label = LABEL[raw] ?? rel;
    const plural = /(?:s|children|twins)$/.test(raw);
    // "The twins are 4": the group's own age, said right after the head.
    const group = plural ? GROUP_AGE.exec(rest) : null;
    const groupFact = group && RELATIONS[raw] ? relationDraft(speaker, raw, undefined, 0.85) : null;
    if (groupFact) out.push({ ...groupFact, metadata: { ...groupFact.metadata, frame: 'roster' } });
    if (group) out.push({ key: 'age', value: spelledToDigits(group[1].toLowerCase()), subject: thirdPartyId(speaker, raw), confidence: 0.8, metadata: { frame: 'roster' } });
    // "my two boys, Ethan and Liam, are 11 and 8": as many ages as names, one each in order.
    const each = plural ? respectiveAges(span) : null;
    if (each) {
      for (const { name, age } of each) {
        const fact = relationDraft(speaker, raw, name, 0.85);
        if (fact && RELATIONS[raw]) out.push({ ...fact, value: `${name} (${label})`, metadata: { relation: label, name, frame: 'roster' } });
        out.push({ key: 'age', value: age, subject: thirdPartyId(speaker, label, name), confidence: 0.8, metadata: { frame: 'roster' } });
      }
      continue;
    }
    const shared = plural ? SHARED_AGE.exec(span) : null;
    if (shared) {
      const n = spelledToDigits(shared[2].toLowerCase());
      const unit = (shared[3] ?? '').trim().replace(/\s+old$/, '');
      for (const name of shared[1].split(/\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+/).filter((w) => w && !NOT_NAMES.has(w.toLowerCase()))) {
        const fact = relationDraft(speaker, raw, name, 0.85);
        if (fact && RELATIONS[raw]) out.push({ ...fact, value: `${name} (${label})`, metadata: { relation: label, name, frame: 'roster' } });
        out.push({ key: 'age', value: `${n}${unit ? ` ${unit}` : ''}`, subject: thirdPartyId(speaker, label, name), confidence: 0.8, metadata: { frame: 'roster' } });
      }
      // "…, plus baby Chisom who's 10 months": a child named after the shared age, with an age of its own.
      const more = /^\s*(?:,\s*(?:and\s+|plus\s+)?|\s(?:and|plus)\s+)(?:(?:baby|little|wee|the\s+baby,?)\s+)?/u.exec(span.slice(shared.index + shared[0].length));
      const next = more ? ITEM_AT.exec(span.slice(shared.index + shared[0].length + more[0].length)) : null;
      if (next && !NOT_NAMES.has(next[1].toLowerCase()) && RELATIONS[next[1].toLowerCase()] === undefined) {
        const { n: n2, unit: u2 } = itemAge(next);
        const fact = relationDraft(speaker, 'child', next[1], 0.85);
        if (fact && LABEL[raw] === 'child') out.push({ ...fact, value: `${next[1]} (child)`, metadata: { relation: 'child', name: next[1], frame: 'roster' } });
        if (LABEL[raw] === 'child') out.push({ key: 'age', value: `${n2}${u2 ? ` ${u2}` : ''}`, subject: thirdPartyId(speaker, 'child', next[1]), confidence: 0.8, metadata: { frame: 'roster' } });
      }
      continue;
    }
    let last = 0;
    for (const m of span.matchAll(ITEM)) {
      const name = m[1].replace(/['’]s$/, '');
      if (NOT_NAMES.has(name.toLowerCase()) || /^(?:I|The|He|She|They|We|It)$/.test(name)) continue;
      // A singular head names one relative, right after it ("my grandson Archie is 15").
      if (!plural && span.slice(0, m.index).replace(/^[\s,:;(—–-]+/, '').trim() !== '') break;
      const { n, unit } = itemAge(m);
      const age = `${n}${unit ? ` ${unit}` : ''}`;
      const fact = relationDraft(speaker, RELATIONS[raw] ? raw : rel, name, 0.85);
      if (fact && RELATIONS[raw]) out.push({ ...fact, value: `${name} (${label})`, metadata: { relation: label, name, frame: 'roster' } });
      out.push({ key: 'age', value: age, subject: thirdPartyId(speaker, label, name), confidence: 0.8, metadata: { frame: 'roster' } });
      last = m.index! + m[0].length;
    }
    // "(Mia 9, Leo 6 and baby Ava)": a last name with no age closes the list; the relative, no age.
    const tail = plural && last > 0 && RELATIONS[raw] ? AGELESS_LAST.exec(span.slice(last)) : null;
    if (tail && !NOT_NAMES.has(tail[1].toLowerCase()) && RELATIONS[tail[1].toLowerCase()] === undefined) {
      const fact = relationDraft(speaker, raw, tail[1], 0.8);
      if (fact) out.push({ ...fact, value: `${tail[1]} (${label})`, metadata: { relation: label, name: tail[1], frame: 'roster' } });
    }
  }
  // A relation noun later in the sentence ("… and the twins Ebube and Kamsi are 2") may close a roster it does not head.
  // Names with ages may open the sentence before the head ("Amaka is 8, Chidi is 5 and the twins Ebube and Kamsi are 2").
  // A name the headed roster already holds (a relation fact whose value opens with the same name) is not added twice.
  const seen = new Set(out.map((d) => `${d.key}|${d.subject ?? ''}|${d.value}`));
  const sameName = (a: Draft, b: Draft) => a.key === b.key && b.key !== 'age' && a.value.split(' ')[0] === b.value.split(' ')[0];
  return [...out, ...headlessRoster(sentence, speaker).filter((d) => !seen.has(`${d.key}|${d.subject ?? ''}|${d.value}`) && !out.some((o) => sameName(o, d)))];
}
