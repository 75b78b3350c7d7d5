/**
 * @module core/extraction/subject-attribution
 * Who a clause is about. Canonical subject ids are lower-case:
 * - `user` for the first person in an unnamed user message; the speaker's name (`caroline`)
 *   when the user message carries `name` (multi-party chats);
 * - a third party by relation and name: `sister maya`, `dad`, `friend jake`; when the speaker
 *   is named, the owner is prefixed: `melanie's kids`;
 * - `he`/`she` resolve to the last third party named in the same message.
 * A mention of a relation ("my sister Maya") also yields the speaker's relation fact
 * (sibling: Maya). Clauses with no resolvable subject yield nothing.
 */
import type { Draft, Subject } from './model.ts';
import { KIN_TITLES, LANG_RE, NOT_NAMES, OCCASION_NOUNS, RELATIONS, RELATION_ADJ, RELATION_RE, SOCIAL_PLACES_RE } from './lexicon.ts';
import { re } from './re.ts';
import { canonicalPersonMention } from './person-mention.ts';
import { perTurn } from './turn-memo.ts';
import { spelledToDigits } from './values.ts';

/** Canonical speaker subject: the message's `name` lower-cased, else `user`. */
export function speakerSubject(name: string | null | undefined): string {
  const n = (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!n || n === 'user' || n === 'human' || n === 'me') return 'user';
  return n;
}

export function thirdPartyId(speaker: string, relation: string, name?: string): string {
  const base = [relation.toLowerCase(), name?.toLowerCase()].filter(Boolean).join(' ');
  return speaker === 'user' ? base : `${speaker}'s ${base}`;
}

export interface Attribution {
  subject: Subject;
  /** Text before the subject (time adverbials, "After five years at Shopify"). */
  pre: string;
  /** Predicate after the subject words. */
  pred: string;
  /** Relation facts implied by the subject phrase (the speaker has a sister Maya). */
  relations: Draft[];
  /** Co-subject named with the speaker ("Sam and I"). */
  partnerName?: string;
}

/** Words after "'s" that make it "is" ("'s a nurse", "'s from Recife", "'s getting married"). */
const IS_WORDS = 'a|an|the|not|so|very|really|pretty|from|in|at|on|still|now|also|just|always|never|back|away|home|been|got|going|getting';
/** An age ending its phrase after "'s" ("'s 71 and …", "'s 9 now"). */
const AGE_ENDING_PHRASE = '\\d{1,3}(?=\\s*(?:[.,;!]|$|\\s+(?:and|but|now|today|this|next|in|going|years?)\\b))';
/**
 * After a relation's "'s" with no name ("my mum's 71", "my brother's a nurse", "my sister's in Leeds"): the words that
 * make it "is" — stricter than after a name, as a relation's things follow it ("my sister's wedding", "my dad's car").
 */
const CONTRACTED_IS = new RegExp(`^(?:${IS_WORDS})\\b|^${AGE_ENDING_PHRASE}`, 'u');
/** After "Name's": words that make it "Name is" rather than a possessive (an age ending its phrase: "my mum's 71 and…"). */
const IS_AFTER_S = new RegExp(`^(?:${IS_WORDS}|super|[\\p{Ll}]+ing|[\\p{Ll}]+ed)\\b|^${AGE_ENDING_PHRASE}`, 'u');

const isName = (w: string | undefined) => !!w && /^[\p{Lu}][\p{L}'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase());

/** Openers before "I" that introduce the speaker's own clause ("Last week I", "After work I", "When I was"). */
const RELATIVE_OK = /^(?:last|next|this|yesterday|today|tonight|tomorrow|after|before|when|since|once|during|in|on|at|then|so|and|but|because|while|if|finally|recently|lately|now|originally|honestly|actually|also|the\s+other\s+day|the\s+day|a\s+(?:few|couple)|the\s+first\s+time)\b/i;

/** How a named relative is labelled in the value: "Rui (child)", "Ada (sister)". */
const RELATION_LABEL: Record<string, string> = { kids: 'child', kid: 'child', children: 'child', boys: 'son', girls: 'daughter', sons: 'son', daughters: 'daughter', sisters: 'sister', brothers: 'brother', siblings: 'sibling', parents: 'parent' };

/** The relation fact the speaker has for a relation mention. */
export function relationDraft(speaker: string, relation: string, name: string | undefined, confidence: number): Draft | null {
  const rel = relation.toLowerCase();
  const key = RELATIONS[rel];
  if (!key) return null;
  return {
    key,
    value: name ? `${name} (${RELATION_LABEL[rel] ?? rel})` : rel,
    subject: speaker,
    type: 'relation',
    confidence,
    metadata: { relation: rel, ...(name ? { name } : {}) },
  };
}

// "mother-in-law", "step-son": a hyphenated compound is another relation, not the head word. The word ends at a
// letter by Unicode ("fiancé Vikram": \b after an accented letter is no boundary).
const REL_HEAD = new RegExp(`^(?:my|our)\\s+(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})(?![\\p{L}-])`, 'iu');
/** After "my partner's": another person, so the clause is not about the relative ("my partner's family speaks Spanish"). */
const OTHER_PERSON = new RegExp(`^\\s*(?:${RELATION_RE}|family|friends?|colleagues?|coworkers?|co-workers?|boss|ex|folks|relatives|in-laws|cousins?|roommates?|neighbou?rs?)\\b`, 'i');

/**
 * "Neighbour of mine, Joss, plays the tuba", "Cousin Pietro lives in Turin": a relation named without "my" is the
 * speaker's relative all the same, read as "my neighbour Joss plays…". Other text is returned as it is.
 */
// Pure; within one extraction each text is read once (the sentence reader, attribution and the learned layer ask again).
export const relationAsTitle: (raw: string) => string = perTurn(relationAsTitleUncached);

function relationAsTitleUncached(raw: string): string {
  const text = plainRelations(raw);
  // "Chinwe, my sister (38), is…", "mum (Beverley, 68) heads…": a mention with its appositives in any order.
  const mention = canonicalPersonMention(text);
  if (mention) return mention;
  // "my sister in Vancouver, Harpreet, is a hygienist": where the relative lives, then the name in apposition.
  const inPlace = RELATIVE_IN_PLACE.exec(text);
  if (inPlace && RELATIONS[inPlace[2].toLowerCase()] !== undefined && isName(inPlace[4]) && isName(inPlace[3].split(/\s+/)[0])) {
    const who = `${inPlace[1].toLowerCase()} ${inPlace[2].toLowerCase()} ${inPlace[4]}`;
    return `${who} lives in ${inPlace[3]}; ${who} ${text.slice(inPlace[0].length)}`;
  }
  // "Bronagh (31) is a midwife in Galway, and she is my older sister": the relation said last, of the name that opened.
  const later = RELATION_SAID_LAST.exec(text);
  if (later && isName(later[1]) && RELATIONS[later[4].toLowerCase()] !== undefined) return `my ${later[3] ? `${later[3].toLowerCase()} ` : ''}${later[4].toLowerCase()} ${later[1]}${later[2]}${later[5] ?? ''}`;
  // "Ingrid my aunt is a vet": the name first, its relation after it.
  const after = NAME_THEN_RELATION.exec(text);
  if (after && isName(after[1])) return `my ${after[2].toLowerCase()} ${after[1]} ${text.slice(after[0].length)}`;
  // "a mate of mine, Declan, is…": the mention reader takes no "a" before a relation.
  const m = OF_MINE.exec(text);
  if (!m || RELATIONS[m[1].toLowerCase()] === undefined || !isName(m[2])) return text;
  return `my ${m[1].toLowerCase()} ${m[2]} ${text.slice(m[0].length)}`;
}
/** Words before a relation noun that change who the person is: kept ("my ex wife", "my late husband", "my future mother-in-law"). */
const KEPT_MODIFIER = /^(?:ex|late|former|future|would-be|dead|deceased|life|domestic|estranged|unborn|first|second|third|fourth|fifth|next|only|other|\d+|one|two|three|four|five|six)$/i;
/** Function words: never a modifier of the relation noun ("my cat and sister"). */
const NOT_MODIFIER = /^(?:and|or|but|nor|the|a|an|of|to|with|from|for|in|on|at|by|is|was|has|had|own|very|so|not|no|who|that)$/i;
/** "my crony Noor works…": possessive, a lower-case noun, a name, then a lower-case word (the noun is checked by the lexicon). */
const PERSON_NOUN_NAMED = new RegExp(`^(?:[Mm]y|[Oo]ur)\\s+(?:${RELATION_ADJ}\\s+)?([a-z][a-z-]+)\\s+(\\p{Lu}[\\p{L}'’-]+)\\s+(?=\\p{Ll})`, 'u');
/** "my coworkers ", "our new neighbours ": a possessive, at most one modifier, a plural noun, then the predicate. */
const PEOPLE_BARE = new RegExp(`^(?:[Mm]y|[Oo]ur)\\s+(?:[a-z-]+\\s+)?([a-z-]{3,}s)\\s+(?=\\p{Ll})`, 'u');
const RELATION_ADJ_WORD = new RegExp(`^${RELATION_ADJ}$`, 'i');
const MODIFIED_RELATION = new RegExp(`\\b(my|our|My|Our)\\s+((?:[a-z][a-z-]*\\s+){1,2})(${RELATION_RE})(?![\\p{L}'’-])`, 'gu');
/** A relation noun opening the sentence, then its name between commas: "mum, Hyacinth, is 84". */
const BARE_APPOSITIVE = new RegExp(`^(${RELATION_RE})\\s*,\\s*(\\p{Lu}[\\p{L}'’-]+)\\s*,\\s*(?=\\p{Ll})`, 'iu');
/** A kin title opening the clause as a name ("Dad retired", "mum's 67", "Nan has…"), its first letter in either case. */
const KIN_AS_NAME = new RegExp(`^(${KIN_TITLES.map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`).join('|')})(?:(?:'s|’s)\\s+|\\s+)(?=[\\p{Ll}\\d])`, 'u');
/** Relations that are a bond with the speaker: with a noun before them ("tennis partner", "work wife") they are not. */
const BOND = new Set(['partner', 'wife', 'husband', 'boyfriend', 'girlfriend', 'spouse']);

/**
 * The relation noun phrase in its plain form, so the readers after it see "my REL Name": a describing word is dropped
 * ("our downstairs neighbour Dorcas", "my lovely gran Morwenna" → "my neighbour Dorcas", "my gran Morwenna"); a noun
 * before a bond makes an associate, not a partner ("my tennis partner Sunniva" → "my associate Sunniva"); a relation
 * that opens the sentence with its name between commas is the speaker's ("mum, Hyacinth, is 84" → "my mum Hyacinth
 * is 84"). The relation adjectives the readers know ("older", "little", "ex") and words that change who the person is
 * ("late", "future") stay.
 */
export function plainRelations(text: string): string {
  // "me mam", "me brother": the dialect possessive. "my wife's dad Cuthbert": the spouse's kin is the speaker's in-law.
  // "Mrs Abernathy over the road": a title before a surname said with where they are to the speaker.
  let out = text
    .replace(DIALECT_MY, 'my ')
    .replace(SPOUSE_KIN, (_m, my: string, kin: string) => `${my} ${IN_LAW[kin.toLowerCase()]}-in-law `)
    .replace(TITLED_NEIGHBOUR, '');
  // "nana Edith has…": a relation noun opening the sentence as a title before the name.
  const titled = TITLE_RELATION.exec(out);
  if (titled && RELATIONS[titled[1].toLowerCase()] !== undefined && isName(titled[2])) out = `my ${out}`;
  out = out.replace(MODIFIED_RELATION, (all, my: string, mods: string, rel: string) => {
    const words = mods.trim().split(/\s+/);
    if (words.some((w) => NOT_MODIFIER.test(w) || KEPT_MODIFIER.test(w)) || RELATION_ADJ_WORD.test(words[words.length - 1])) return all;
    if (RELATIONS[words[words.length - 1]] !== undefined) return all;
    if (BOND.has(rel.toLowerCase())) return `${my} associate`;
    return `${my} ${rel}`;
  });
  const bare = BARE_APPOSITIVE.exec(out);
  if (bare && RELATIONS[bare[1].toLowerCase()] !== undefined && isName(bare[2])) out = `my ${bare[1].toLowerCase()} ${bare[2]} ${out.slice(bare[0].length)}`;
  // "my nana Edith down in Penzance has…": where they live, said after the name, is a clause of its own.
  return out.replace(PLACED_RELATIVE, (all, who: string, place: string) => `${who} lives in ${place}; ${who} `);
}
const IN_LAW: Record<string, string> = { dad: 'father', father: 'father', mum: 'mother', mom: 'mother', mother: 'mother', brother: 'brother', sister: 'sister', son: 'son', daughter: 'daughter' };
const SPOUSE_KIN = new RegExp(`\\b(my|our|My|Our)\\s+(?:wife|husband|spouse|partner)['’]s\\s+(${Object.keys(IN_LAW).join('|')})\\s+(?=\\p{Lu})`, 'gu');
const TITLED_NEIGHBOUR = new RegExp(`\\b(?:Mrs|Mr|Ms|Miss|Mx|Dr)\\.?\\s+(?=\\p{Lu}[\\p{L}'’-]+\\s+(?:${SOCIAL_PLACES_RE})\\b)`, 'gu');
const DIALECT_MY = new RegExp(`\\b[Mm]e\\s+(?=(?:${RELATION_RE})\\b(?![-'’]))`, 'gu');
const TITLE_RELATION = new RegExp(`^(${RELATION_RE})\\s+(\\p{Lu}[\\p{L}'’-]+)\\s+(?=\\p{Ll})`, 'u');
const PLACED_RELATIVE = new RegExp(`\\b((?:my|our)\\s+(?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE})\\s+\\p{Lu}[\\p{L}'’-]+),?\\s+(?:down|up|over|out|back)\\s+in\\s+(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?),?\\s+(?=(?:has|had|is|was|just|still|now|\\p{Ll}+s|\\p{Ll}+ed)\\b)`, 'gu');

/**
 * "my mentor Ingeborg, who has been at Siemens…": a relative clause on a named relation is a clause about that
 * person, split off as "…Ingeborg; my mentor Ingeborg has been at Siemens…" so attribution reads it as theirs.
 */
const WHO_CLAUSE = new RegExp(`(\\b(?:my|our)\\s+((?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE}))\\s+(\\p{Lu}[\\p{L}'’-]+))\\s*,\\s+who\\s+(?=(?:is|was|has|had|have|works|lives|still|now|just|\\p{Ll}+s|\\p{Ll}+ed)\\b)`, 'gu');
/**
 * "my aunty Bisi, who's 58, runs a bakery": a short "who is …" between commas, then the clause's own verb — two
 * clauses about the same person, "my aunty Bisi is 58; my aunty Bisi runs a bakery".
 */
const WHO_IS_ASIDE = new RegExp(`(\\b(?:my|our)\\s+((?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE}))\\s+(\\p{Lu}[\\p{L}'’-]+))\\s*,\\s+who(?:['’]s|\\s+is|\\s+(was))\\s+([^,;.!?()]{1,40}?)\\s*,\\s+(?=\\p{Ll})`, 'gu');
/** "my uncle Ade, who lives in Kano, is a pilot": any short "who …" aside, then the clause's own verb. */
const WHO_ASIDE = new RegExp(`(\\b(?:my|our)\\s+((?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE}))\\s+(\\p{Lu}[\\p{L}'’-]+))\\s*,\\s+who\\s+(?!['’])([^,;.!?()]{1,40}?)\\s*,\\s+(?=(?:is|was|has|had|does|did|will|can|just|still|also|now|\\p{Ll}+s|\\p{Ll}+ed)\\b)`, 'gu');
export function splitWhoClause(text: string): string {
  return text
    .replace(WHO_ASIDE, (_m, head: string, rel: string, name: string, said: string) => (isName(name) ? `${head} ${said}; my ${rel} ${name} ` : _m))
    .replace(WHO_IS_ASIDE, (_m, head: string, rel: string, name: string, was: string | undefined, said: string) => (isName(name) ? `${head} ${was ?? 'is'} ${said}; my ${rel} ${name} ` : _m))
    .replace(WHO_CLAUSE, (_m, head: string, rel: string, name: string) => (isName(name) ? `${head}; my ${rel} ${name} ` : _m));
}
const NAME_THEN_RELATION = new RegExp(`^(\\p{Lu}[\\p{L}'’-]+?)\\s*,?\\s+(?:(?:that|who|he|she)(?:'s|’s|\\s+is)\\s+)?(?:my|our|the)\\s+(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})\\b(?![-'’])\\s*,?\\s*(?=(?:is|was|has|had|does|did|will|can|just|still|also|always|never|now|\\p{Ll}+s|\\p{Ll}+ed)\\b)`, 'u');
/**
 * A clause about a name that opens the sentence, then "and he / she is my REL" closing it: the name's relation, said
 * last ("Dele works at Unilever in Lagos and he is my cousin"). Groups: the name, the clause after it, the relation's
 * adjective, the relation, what follows it.
 */
const RELATION_SAID_LAST = new RegExp(`^(\\p{Lu}[\\p{L}'’-]+)((?:\\s*\\(\\d{1,3}\\))?\\s+(?:is|was|has|had|works|worked|lives|lived|just|\\p{Ll}+s|\\p{Ll}+ed)\\b[^;:!?]*?)\\s*,?\\s+(?:and|but)\\s+(?:she|he|they)\\s+(?:is|are|was)\\s+(?:also\\s+)?(?:my|our)\\s+(?:(${RELATION_ADJ})\\s+)?(${RELATION_RE})(?![\\p{L}'’-])([,;.!][^]*)?$`, 'u');
/** "Colleague of mine, Rashid, …", "a mate of mine, Declan, …". */
const OF_MINE = new RegExp(`^(?:an?\\s+)?(${RELATION_RE})\\s+of\\s+(?:mine|ours)\\s*,?\\s*(\\p{Lu}[\\p{L}-]+)\\s*,?\\s*`, 'iu');
/** The end of a relation in apposition: its comma, after at most a short modifier ("from the allotment", "since school"). */
const APPOSITION_END = /^(?:\s+(?:from|at|since|in|of|on|down|up|over|across|next)\b[^,;.!?]{1,30})?\s*,\s*/;
const RELATIVE_IN_PLACE = new RegExp(`^(my|our)\\s+((?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE}))\\s+in\\s+(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)?)\\s*,\\s*(\\p{Lu}[\\p{L}'’-]+)\\s*,\\s*(?=\\p{Ll})`, 'u');
const DEFINITE_EVENT = /^the\s+(?:[\w-]+\s+){0,2}?(?:appointment|interview|exam|test|flight|trip|surgery|operation|viva|presentation|talk|check-?up|consultation|hearing|move|party|wedding|graduation|recital|race|match|game)\s+(?:is|was|will\s+be|got\s+moved|has\s+been\s+moved)\s+(?:now\s+|actually\s+)?(?:on|in|at|for|next|this|tomorrow|today|tonight)\b/i;

/**
 * A thing named in lower case, then straight to its day ("dentist now wednesday the 18th", "dentist cleaning is
 * wednesday 11 november", "eye test booked for the 3rd"): a booking of the speaker's, its kind left to the booked-thing
 * reader (which keeps only bookable things).
 */
const DATED_THING = /^(?:the\s+|my\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{Ll}'’-]+){0,3}?(?:['’]s)?\s+(?:(?:is|was|will\s+be|booked(?:\s+in)?|got\s+moved|has\s+been\s+moved)\s+)?(?:now\s+|actually\s+|instead\s+)?(?:on\s+|for\s+|to\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|the\s+\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)/iu;

/**
 * A definite occasion with its past date before the verb, and how it went: "The farmers market trip on Saturday was a
 * letdown", "the Coldplay concert last night was the best show". Nobody else owns it, so it is the speaker's.
 */
export const DEFINITE_PAST_OCCASION = re(
  `^(?:honestly\\s+|so\\s+|and\\s+|but\\s+)?the\\s+((?:[\\p{L}\\p{N}'’-]+\\s+){0,3}?(?:${OCCASION_NOUNS}))\\s+(?:on\\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:\\s+(?:night|evening|morning|afternoon))?|on\\s+the\\s+\\d{1,2}(?:st|nd|rd|th)|last\\s+(?:night|week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday(?:\\s+(?:morning|afternoon|evening))?|this\\s+(?:morning|afternoon|past\\s+weekend|weekend)|over\\s+the\\s+weekend|the\\s+other\\s+(?:day|night)|earlier\\s+today|tonight|\\w+\\s+(?:days|weeks)\\s+ago)\\s+(?:was|were|went|turned\\s+out|ended\\s+up|felt)\\b`,
  'iu',
);

/** A short time or place adverbial opening the clause before "he"/"she"/"they" ("in June", "next week", "after work"). */
const FRONTED_PRONOUN = /^((?:in|on|at|by|from|next|last|this|after|before|since|during|until|later|then|now|tomorrow|yesterday|today|tonight|soon)\b[^,;.!?]{0,30}?),?\s+(?:he|she|they)\s+(?=[\p{Ll}])/iu;

/** Fragments that look subject-less but are not about the speaker ("Being honest…", "Made in China"). */
const DROP_NOT_SELF = /^(?:being|having|according|including|regarding|considering|speaking|talking|made\s+in|based\s+on|given|assuming|bring|brought\s+to\s+you)\b/i;

/** Parses "my (younger) sister (Maya)" at the start of `text`. */
export function parseRelationPhrase(text: string): { relation: string; name?: string; length: number; possessive: boolean; contracted?: boolean } | null {
  const m = REL_HEAD.exec(text);
  if (!m) return null;
  const relation = m[1].toLowerCase();
  let length = m[0].length;
  const after = text.slice(length);
  const poss = /^(?:'s|’s)/.exec(after);
  // "my mum's 71 and…", "my brother's a nurse": "'s" before an age, an article or a participle is "is".
  if (poss && CONTRACTED_IS.test(after.slice(poss[0].length).trimStart())) return { relation, length: length + poss[0].length, possessive: false, contracted: true };
  if (poss) return { relation, length: length + poss[0].length, possessive: true };
  // "Our twins, Ella and Noah, start nursery": a list of names in apposition; the clause is about the group.
  const list = /^\s*,\s*([\p{Lu}][\p{L}-]+(?:\s*(?:,|and|&)\s*[\p{Lu}][\p{L}-]+)+)\s*,\s*/u.exec(after);
  if (list && list[1].split(/\s*(?:,|and|&)\s*/).every(isName)) return { relation, length: length + list[0].length, possessive: false };
  // "my neighbour Mrs Okafor": a title before the name is part of it.
  const nm = /^\s*,?\s*(?:(?:named|called)\s+)?((?:(?:Mrs|Mr|Ms|Miss|Dr|Prof)\.?\s+)?[\p{Lu}][\p{L}-]+)((?:'s|’s)?)/u.exec(after);
  if (nm && isName(nm[1].split(/\s+/).pop())) {
    length += nm[0].length;
    // "my niece Saoirse's a paramedic": "'s" before an article or a participle is "is", not a possessive.
    if (nm[2] !== '' && IS_AFTER_S.test(text.slice(length).trimStart())) return { relation, name: nm[1], length, possessive: false, contracted: true };
    return { relation, name: nm[1], length, possessive: nm[2] !== '' };
  }
  return { relation, length, possessive: false };
}

const SPELLED_AGE = '(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\\s-](?:one|two|three|four|five|six|seven|eight|nine))?|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const AGE_ENDS = '(?=\\s*(?:[.,;!]|$|\\s+(?:and|but|now|going\\s+on)\\b))';
/** "me: 41", "am 29": a label or a copula without its subject, the number ending its phrase ("me: 3 coffees" is none). */
const LABELLED_AGE = new RegExp(`^(?:me\\s*[:=–—,-]|am\\s+(?:now\\s+|nearly\\s+|almost\\s+)?)\\s*(\\d{2,3}|${SPELLED_AGE})${AGE_ENDS}`, 'iu');
/**
 * "forty-three and just started running": a number opening the sentence before the speaker's next clause ("50 and
 * counting" is none); "sixty-one today": a birthday, the number then "today" (no unit after it).
 */
const OPENING_AGE = new RegExp(`^(\\d{2,3}|${SPELLED_AGE})\\s+(?:and\\s+(?:I\\s|(?:just|still|only|already|finally|newly|recently)\\s)|today(?=\\s*(?:[.,;!🎉🎂]|$|\\s+(?:and|but|so|yay|woo|finally|officially|apparently|innit|lol|haha)\\b)))`, 'iu');

/** Predicative adjectives that open a fragment with their complement: proficiency, allergy, intolerance. */
const DROPPED_PREDICATIVE = /^(?:(?:really|pretty|quite|totally|fully|now|also|still|severely|mildly)\s+)?(?:fluent|conversational|bilingual|trilingual|proficient|allergic|intolerant)\s+(?:in|to)\b/i;
/** A language heading a verbless fragment, then the people or the place it is spoken with or at. */
const SPOKEN_WITH = re(
  `^(?:${LANG_RE})(?:\\s*(?:,|and|&)\\s*(?:${LANG_RE}))*\\s+(?:(?:with|to)\\s+(?:(?:my|our)\\s+(?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE})s?\\b|(?:basically\\s+|pretty\\s+much\\s+)?(?:everyone|everybody|the\\s+kids|customers|clients|patients))|at\\s+(?:home|work|school|the\\s+office))`,
  'iu',
);

/** The "am N …" clause a bare age of the speaker's stands for, or null. */
function bareAgeClause(text: string): string | null {
  const m = LABELLED_AGE.exec(text) ?? OPENING_AGE.exec(text);
  if (!m) return null;
  const n = Number(spelledToDigits(m[1].toLowerCase()));
  if (!(n >= 13 && n < 111)) return null;
  return `am ${text.slice(text.indexOf(m[1], /^(?:me|am)\b/i.test(text) ? 2 : 0))}`;
}

/** An employer-side agent acting on the speaker's career: "they promoted me", "the company took me on". */
const CAREER_AGENT_ME = /^(?:they|(?:my|the|our)\s+(?:boss|manager|company|firm|employer|bosses|school|hospital|agency|studio))\s+(?:(?:finally|just|officially|actually|recently)\s+)?(promoted|hired|appointed|rehired)\s+me\b\s*/i;

/**
 * Attributes a clause (contractions expanded, markers stripped). `lastThird` is the last third
 * party of the message, for he/she.
 */
export function attribute(text: string, speaker: string, lastThird: Subject | null, lookupName?: (name: string) => Subject | null, isPersonNoun?: (word: string) => boolean): Attribution | null {
  const self: Subject = { id: speaker, self: true };
  // "They promoted me to senior designer", "my boss hired me as a runner": the speaker is who the career step happened to.
  const agentMe = CAREER_AGENT_ME.exec(text);
  if (agentMe) return { subject: self, pre: '', pred: `got ${agentMe[1].toLowerCase()} ${text.slice(agentMe[0].length)}`, relations: [] };
  // "Sam and I", "My boyfriend Tom and I", "me and my wife"
  const co = /^(.{1,40}?)\s+and\s+(?:I|me)\b\s*/i.exec(text) ?? /^me\s+and\s+(.{1,30}?)\s+(?=[\p{Ll}]+)/iu.exec(text);
  if (co && co.index === 0 && co[1].split(/\s+/).length <= 4) {
    const head = co[1];
    const relations: Draft[] = [];
    let partnerName: string | undefined;
    const rel = parseRelationPhrase(head);
    if (rel) {
      const d = relationDraft(speaker, rel.relation, rel.name, 0.9);
      if (d) relations.push(d);
      if (RELATIONS[rel.relation] === 'partner') partnerName = rel.name ?? rel.relation;
    } else if (isName(head.trim())) partnerName = head.trim();
    return { subject: self, pre: '', pred: text.slice(co[0].length), relations, partnerName };
  }
  const titled = relationAsTitle(text);
  if (titled !== text) return attribute(titled, speaker, lastThird, lookupName, isPersonNoun);
  // "Kirsty, my sister-in-law, is a midwife": a name with its relation in apposition is that relative.
  const appos = /^([\p{Lu}][\p{L}-]+)\s*,\s*/u.exec(text);
  const apposRel = appos && isName(appos[1]) ? parseRelationPhrase(text.slice(appos[0].length)) : null;
  // "Hollis, my mate from the allotment, is…", "Zsófia, my best mate since school, is…": a short modifier may follow.
  const apposEnd = apposRel ? APPOSITION_END.exec(text.slice(appos![0].length + apposRel.length)) : null;
  if (appos && apposRel && apposEnd && !apposRel.name && !apposRel.possessive) {
    const d = relationDraft(speaker, apposRel.relation, appos[1], 0.75);
    const subject: Subject = { id: thirdPartyId(speaker, apposRel.relation, appos[1]), self: false, relation: apposRel.relation, name: appos[1] };
    return { subject, pre: '', pred: text.slice(appos[0].length + apposRel.length + apposEnd[0].length), relations: d ? [d] : [] };
  }
  const rel = parseRelationPhrase(text);
  const other = rel?.possessive ? OTHER_PERSON.exec(text.slice(rel.length)) : null;
  if (rel && other) {
    // "my partner's family only speaks Spanish" → `partner's family`; the speaker still has a partner.
    const relations: Draft[] = [];
    const d = relationDraft(speaker, rel.relation, rel.name, 0.75);
    if (d) relations.push(d);
    const base = [rel.relation, rel.name].filter(Boolean).join(' ');
    const subject: Subject = { id: thirdPartyId(speaker, `${base}'s ${other[0].trim()}`), self: false };
    return { subject, pre: '', pred: text.slice(rel.length + other[0].length).replace(/^\s*,?\s*/, ''), relations };
  }
  if (rel) {
    const relations: Draft[] = [];
    const d = relationDraft(speaker, rel.relation, rel.name, 0.75);
    if (d) relations.push(d);
    const subject: Subject = { id: thirdPartyId(speaker, rel.relation, rel.name), self: false, relation: rel.relation, name: rel.name };
    const pred = text.slice(rel.length).replace(/^\s*,?\s*/, '');
    return { subject, pre: '', pred: rel.contracted ? `is ${pred}` : pred, relations };
  }
  // A kinship word used as a name: "Dad retired last year", "Mum's from Recife", "Grandma has taken up tai chi".
  const kin = KIN_AS_NAME.exec(text);
  if (kin) {
    const rest = text.slice(kin[0].length);
    const contracted = /(?:'s|’s)\s+$/.test(kin[0]);
    const verb = /^(?:(?:just|finally|still|also|always|never|recently|really|actually|only)\s+)*(?:is|was|has|had|will|would|can|could|does|did|got|gets|went|goes|says|said|thinks|took|takes|made|lives|works|loves|hates|[\p{Ll}]+ed|[\p{Ll}]+s(?!\s+(?:are|were)\b))\b/u;
    if (contracted ? IS_AFTER_S.test(rest) : verb.test(rest)) {
      const relation = kin[1].toLowerCase();
      // ("mum's convinced I'm in a cult": a lower-case title carries its facts, and is no relation fact of its own.)
      const d = /^[\p{Lu}]/u.test(kin[1]) ? relationDraft(speaker, relation, undefined, 0.75) : null;
      return { subject: { id: thirdPartyId(speaker, relation), self: false, relation }, pre: '', pred: contracted ? `is ${rest}` : rest, relations: d ? [d] : [] };
    }
  }
  // A bare name already introduced with a relation in this message or session: "Maya lives in Paris", "Tom's a firefighter".
  // (A following capitalised word makes it another person: "Maya Angelou".)
  const named = lookupName ? /^([\p{Lu}][\p{L}-]+)(?:(?:'s|’s)\s+|\s+)(?![\p{Lu}])/u.exec(text) : null;
  if (named && isName(named[1])) {
    const who = lookupName!(named[1]);
    const rest = text.slice(named[0].length);
    const contracted = /^(?:[\p{Lu}][\p{L}-]+)(?:'s|’s)/u.test(named[0]);
    // "Tom's a firefighter" is "Tom is"; "Tom's car broke down" is a possessive, not about Tom.
    if (who && (!contracted || IS_AFTER_S.test(rest))) return { subject: who, pre: '', pred: contracted ? `is ${rest}` : rest, relations: [] };
  }
  // The speaker's age with the "I am" left out: "me: 41", "am 29, feel 60", "forty-three and just started running".
  const bareAge = bareAgeClause(text);
  if (bareAge) return { subject: self, pre: '', pred: bareAge, relations: [] };
  // "Fluent in Tamil", "allergic to kiwi": a predicative adjective with its complement and the "I am" left out.
  if (DROPPED_PREDICATIVE.test(text)) return { subject: self, pre: '', pred: `am ${text}`, relations: [] };
  // "Tagalog with my cousins, English at work": a language and who (or where) it is spoken with, no verb.
  if (SPOKEN_WITH.test(text)) return { subject: self, pre: '', pred: `speak ${text}`, relations: [] };
  // First person within the first words: "Last Saturday I volunteered", "After five years at Shopify I joined".
  const fp = /(?:^|[\s,])(I|we|We)\b\s*/.exec(text);
  if (fp) {
    const fullPre = text.slice(0, fp.index).trim();
    // Only the segment right before "I" counts: "Gina, you won't believe it - I got mentored…".
    const pre = fullPre.split(/\s[-–—]+\s|[,;:]\s*(?=\S)/).pop()!.trim() || fullPre;
    const relative = pre !== '' && !/,\s*$/.test(pre) && !RELATIVE_OK.test(pre) && /^(?:everyone|everybody|someone|somebody|anyone|people|the\s+\w+|those|a\s+\w+|all\s+the|\w+\s+(?:that|who|whom))\b/i.test(pre);
    if (!relative && pre.split(/\s+/).filter(Boolean).length <= 7 && !/\b(?:he|she|they|you)\b/i.test(pre) && !/\b(?:said|says|told|thinks)\b/i.test(pre)) {
      return { subject: self, pre, pred: text.slice(fp.index + fp[0].length), relations: [] };
    }
  }
  // "my crony Noor works at…", "my confidant Ade moved to…": a person noun the word lists lack but the lexicon knows
  // (a friend, associate, neighbour, any noun.person), then a name and a verb, is that person, not the speaker.
  const personNamed = isPersonNoun ? PERSON_NOUN_NAMED.exec(text) : null;
  if (personNamed && isName(personNamed[2]) && isPersonNoun!(personNamed[1])) {
    const relation = personNamed[1];
    return { subject: { id: thirdPartyId(speaker, relation, personNamed[2]), self: false, relation, name: personNamed[2] }, pre: '', pred: text.slice(personNamed[0].length), relations: [] };
  }
  // "my coworkers have a dog", "our neighbours got a puppy": people the lexicon knows, in the plural and unnamed, are those
  // people, not the speaker (a singular one stays with the rules that read what it says or does to the speaker).
  const peopleBare = isPersonNoun ? PEOPLE_BARE.exec(text) : null;
  if (peopleBare && isPersonNoun!(peopleBare[1]) && isPersonNoun!(peopleBare[1].replace(/s$/, ''))) {
    const relation = peopleBare[1].toLowerCase();
    return { subject: { id: thirdPartyId(speaker, relation), self: false, relation }, pre: '', pred: text.slice(peopleBare[0].length), relations: [] };
  }
  if (/^(?:my|our)\s+/i.test(text)) {
    // "My birthday is...", "My apartment in Brooklyn...": the speaker's own attribute.
    return { subject: self, pre: '', pred: text, relations: [] };
  }
  // "The dentist appointment is on the 20th": a definite, dated event of the speaker's own (no other owner named).
  if (DEFINITE_EVENT.test(text) || DEFINITE_PAST_OCCASION.test(text) || DATED_THING.test(text)) return { subject: self, pre: '', pred: text, relations: [] };
  // "Home for me is Vancouver now"
  if (/^home\s+(?:for\s+(?:me|us)\s+)?(?:is|has\s+been)\b/i.test(text)) return { subject: self, pre: '', pred: text, relations: [] };
  const pron = /^(he|she|they)\s+/i.exec(text);
  if (pron && lastThird) return { subject: lastThird, pre: '', pred: text.slice(pron[0].length), relations: [] };
  // "in June he's taking a cruise", "after work she's off to…": a fronted adverbial, then the pronoun subject.
  const frontedPron = FRONTED_PRONOUN.exec(text);
  if (frontedPron && lastThird) return { subject: lastThird, pre: frontedPron[1], pred: text.slice(frontedPron[0].length), relations: [] };
  // Subject dropped in casual speech: "Just got back from walking Biscuit", "Taking the kids to school".
  if (/^(?:just\s+|gotta\s+|got\s+to\s+|have\s+to\s+|need\s+to\s+|off\s+to\s+|busy\s+|currently\s+|finally\s+|recently\s+|still\s+|also\s+|officially\s+|now\s+)?(?:[\p{L}]+ing|[\p{L}]+ed|got|had|went|took|spent|heading|walking|feeding|born|been|did|gave|made|left|quit|lost|sold|ran|wrote|met|won|saw|bought|brought|began|found|came|flew|drove|broke|(?:a\s+)?(?:big|huge|massive)\s+fan\s+of|work\s+(?:(?:from\s+home|remotely|part[\s-]time|full[\s-]time)\s+)?(?:at|for)\s+(?!(?:it|this|that|a|an|the|me|you|us|them|him|her|my|your|free|hours|ages|now|everyone|everybody|anyone|anybody|someone|somebody|nobody|people|all|both|myself)\b)|live\s+in\s+(?!(?:it|this|that|a|an|the|fear|hope|denial)\b))\b/iu.test(text) && !DROP_NOT_SELF.test(text)) {
    return { subject: self, pre: '', pred: text, relations: [] };
  }
  return null;
}

/**
 * An activity's gerund as the subject of a verb ("swimming has become a chore"): read as the speaker's clause (the
 * dropped "I" of chat), it is also a topic clause for opinions.
 */
export const GERUND_SUBJECT = /^[\p{L}]+ing\s+(?:is|was|has|had|are|were|makes|made|keeps|kept|gets|got|feels|felt|seems|seemed|became|becomes)\b/iu;

const ADVICE = /\b(?:thinks|thought|believes|reckons|feels|suggests|suggested|recommends|recommended|insists|insisted|keeps\s+saying|is\s+convinced)\s+(?:that\s+)?(?:I|we|you)\b|\b(?:wants|wanted|told|tells|asked|asks|advised|advises|urged|urges|encouraged|encourages|keeps\s+telling)\s+(?:me|us)\s+to\b/i;
/**
 * Someone else's opinion or advice about the speaker ("My colleague Ana thinks I should move to
 * Lisbon", "my mom wants me to apply at Google"): not a fact about anyone. The speaker's own
 * thoughts ("I thought I would hate yoga") are not advice.
 */
export function isOthersAdvice(text: string): boolean {
  const m = ADVICE.exec(text);
  return !!m && !/\b(?:I|we)\s+(?:\w+\s+)?$/i.test(text.slice(0, m.index));
}

/** "…and says/thinks/reckons …", "…and she keeps telling me to …": a report or advice joined to the clause before it, by its subject. */
const AND_REPORTS = /^(.+?)(?:\s*,\s*|\s+)(?:and|but)\s+(?:(?:he|she|they)\s+)?(?:(?:always|still|just|now|also)\s+)?(?:says|said|thinks|thought|reckons|reckoned|claims|claimed|insists|insisted|swears|swore|tells\s+me|told\s+me|keeps\s+(?:saying|telling\s+me|on\s+at\s+me)|wants\s+me\s+to|wanted\s+me\s+to|asks\s+me\s+to|asked\s+me\s+to)\b/i;
/**
 * The reporter's own clause before what they report: "my grandad lives in Truro and says I should move" → "my grandad
 * lives in Truro" (what he says is his to say, what he does is a fact about him). Null when no clause of the reporter's
 * own comes first ("my grandad says…" is all report).
 */
export function reporterOwnClause(text: string): string | null {
  const m = AND_REPORTS.exec(text);
  if (!m) return null;
  const lead = m[1].trim();
  const rel = parseRelationPhrase(lead);
  const rest = rel ? lead.slice(rel.length).trim().replace(/^[\p{Lu}][\p{L}'’-]+\s*/u, '') : lead;
  return rest.split(/\s+/).filter(Boolean).length >= 2 ? lead : null;
}

/** "My friend said she works at Apple" → the friend is the subject of "works at Apple". */
export function resolveReportedSpeech(text: string, speaker: string): { subject: Subject; rest: string; relations: Draft[] } | 'skip' | null {
  // ("told me at lunch that he…", "said yesterday she…": a short time or place phrase may sit between.)
  const m = /^(.*?)\s+(?:said|says|told\s+me|tells\s+me|mentioned|claims|claimed|thinks|thought)(?:\s+(?:at|over|on|in|during|after|before|yesterday|today|earlier|last|this)\b[^,;.!?]{0,25}?)?(?:\s+that)?\s+(he|she|they)\s+(.*)$/i.exec(text);
  if (!m) return /\b(?:said|says|told\s+me|tells\s+me)\s+(?:that\s+)?(?:he|she|they|I|you)\b/i.test(text) || isOthersAdvice(text) ? 'skip' : null;
  const rel = parseRelationPhrase(m[1]);
  // "Quintavius nipped the postman again, he thinks he's herding him": the report opens a later clause; what comes
  // before its boundary is the speaker's own statement, read as usual.
  // A pronoun reporter ("he thinks") refers back to what the statement was about; another person's report is skipped.
  if (!rel) return /(?:[,;:]|\s(?:and|but|so))\s+(?:he|she|they)$/i.test(m[1]) ? null : 'skip';
  const relations: Draft[] = [];
  const d = relationDraft(speaker, rel.relation, rel.name, 0.7);
  if (d) relations.push(d);
  return { subject: { id: thirdPartyId(speaker, rel.relation, rel.name), self: false, relation: rel.relation, name: rel.name }, rest: `${m[2]} ${m[3]}`, relations };
}
