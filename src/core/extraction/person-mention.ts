/**
 * @module core/extraction/person-mention
 * A person mention opening a clause, read as one noun phrase with its appositives in any order: a relation ("my
 * sister", "mum", "kid brother"), a rank among siblings ("the eldest of us"), a name, an age in brackets or between
 * commas, where they stand to the speaker ("from work", "on my team", "two doors down"), a "who …" aside (kept as a
 * clause of its own) and a bracketed remark (skipped). "Chinwe, my sister (38), is…", "mum (Beverley, 68) heads…", "Mandla (45), my
 * eldest brother, is…", "Delfina next door (wind chimes, very loud ones) is…" all read as one person, then the
 * clause's own predicate. The result is the canonical mention the clause readers know: "my sister Chinwe (38) is…".
 *
 * Knowledge lives in the lexicon (relation nouns, social places); this module holds only the phrase's structure.
 */
import { NOT_NAMES, PERSON_WORDS, RELATIONS, RELATION_ADJ, RELATION_RE, SOCIAL_PLACES, SOCIAL_PLACES_RE, WORK_GROUPS, WORK_UNITS } from './lexicon.ts';

export interface PersonMention {
  /** Relation phrase without the possessive, lower case ("sister", "eldest brother", "colleague"). */
  relation: string;
  name: string;
  age?: string;
  /** A "who …" aside said of them ("who works at Equinor"), kept as a clause of its own. */
  who?: string;
  /** Characters of the text the mention (and the separator after it) spans. */
  length: number;
}

const isName = (w: string): boolean => /^[\p{Lu}][\p{L}'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase());

const RANK = /(?:the\s+)?(?:eldest|oldest|youngest|middle(?:\s+one)?|baby|wee\s+one|little\s+one)\s+of\s+(?:us(?:\s+all)?|the\s+(?:family|lot|bunch|clan)|my\s+(?:siblings|lot))(?![\p{L}])/iuy;
const REL = new RegExp(`(?:(?:my|our|the)\\s+)?((?:${RELATION_ADJ}\\s+)?(?:${RELATION_RE}))(?:\\s+of\\s+(?:mine|ours))?(?![\\p{L}'’-])`, 'iuy');
/** "one of my uni mates", "one of our neighbours": one of a group of the speaker's, the group's noun in the plural. */
const ONE_OF = /one\s+of\s+(?:my|our)\s+(?:[\p{Ll}]+\s+)?([\p{Ll}]+s)(?![\p{L}'’-])/iuy;
/** The relation noun a plural names ("mates" → mate, "buddies" → buddy), or null. */
function singular(plural: string): string | null {
  const w = plural.toLowerCase();
  for (const s of [w.replace(/ies$/, 'y'), w.replace(/s$/, ''), w.replace(/es$/, '')]) if (s !== w && RELATIONS[s] !== undefined) return s;
  return null;
}
/**
 * How the clause's own predicate starts: an auxiliary or adverb, a contracted "is", or a verb form (regular endings and
 * the common irregular past forms).
 */
const PREDICATE_START = String.raw`(?:['’]s\s|(?:is|was|has|had|have|does|did|will|would|can|could|should|may|might|must|just|still|also|always|never|now|finally|recently|only|really|got|went|took|made|came|left|ran|became|began|flew|drove|wrote|met|won|lost|sold|bought|found|fell|broke|gave|kept|said|told|thought|knew|grew|spent|moved|[\p{Ll}]+s|[\p{Ll}]+ed)(?![\p{L}'’-]))`;
/** Where they stand to the speaker: a known social place, "N doors down", "on my team", or "from" a shared group. */
const SOCIAL = new RegExp(
  `(?:(?:the|a|our|my)\\s+[\\p{Ll}]+\\s+)?(?:(${SOCIAL_PLACES_RE})|((?:a\\s+few|two|three|four|\\d)\\s+doors\\s+(?:down|up|along))|((?:on|in)\\s+my\\s+(?:${WORK_GROUPS})|(?:in|from)\\s+(?:${WORK_UNITS}))|(from\\s+(?:the\\s+|my\\s+|our\\s+)?(?:old\\s+)?[\\p{Ll}][\\p{L}-]+(?:\\s+(?!${PREDICATE_START})[\\p{Ll}][\\p{L}-]+)?))(?![\\p{L}])`,
  'uy',
);
/** "Bloke at work", "a girl from my team", "one of the lads on my shift": a plain word for a person, then where they stand. */
const PERSON_AT = new RegExp(`(?:one\\s+of\\s+the\\s+(?:girls|guys|lads|blokes|ladies|women|men|fellas|chaps)|(?:(?:a|an|the|this|that|one)\\s+)?(?:${PERSON_WORDS}))(?=\\s+(?:${SOCIAL_PLACES_RE}|(?:on|in)\\s+my\\s+|from\\s+(?:my|our|the)\\s+))`, 'iuy');
const AGE = /(?:aged\s+)?(\d{1,3})(?:\s*(?:yo|y\/o|years?\s+old))?(?=\s*[,)])/iuy;
const NAME = /((?:(?:Mrs|Mr|Ms|Miss|Mx|Dr)\.?\s+)?[\p{Lu}][\p{L}'’-]+)(?![\p{L}'’-])/uy;
const PLACE_IN = new RegExp(`\\b(${SOCIAL_PLACES_RE})\\b`, 'iu');
/** "he's 72", "who's 58", "she is 40" between commas or in brackets ("(she's 38)"): the age said as an aside. */
const AGE_ASIDE = /(?:he|she|they|who)(?:['’]s|\s+is|\s+are)\s+(?:only\s+|just\s+|now\s+)?(\d{1,3})(?=\s*[,)])/iuy;
/** A "who …" aside between commas: kept as a clause of its own, and its social place, if any, says who they are. */
const WHO_ASIDE = /who\s+[^,;.!?()]{1,60}(?=\s*,)/iuy;
/**
 * A discourse marker before the mention, dropped with it: "Apparently Steve in accounts has…", "btw my sister (Jo) is…";
 * or a short label closed by a colon ("proud big sister moment: Jamie (22, my little brother) has…").
 */
const LEAD = /(?:(?:apparently|so|and|but|anyway|well|oh|also|btw|fyi|guess\s+what|update)\s*[,:]?|(?:[\p{L}'’-]+\s+){0,4}[\p{L}'’-]+\s*:)\s+(?=[\p{L}])/iuy;
/** A bracketed group: parts of the mention, or a remark the reader skips. */
const BRACKET = /\([^()]{1,60}\)/uy;
const PREDICATE = new RegExp(PREDICATE_START, 'uy');

function at(re: RegExp, text: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(text);
}

function socialRelation(m: RegExpExecArray): string {
  if (m[1]) return SOCIAL_PLACES[m[1].toLowerCase().replace(/\s+/g, ' ')] ?? 'friend';
  if (m[2]) return 'neighbour';
  if (m[3]) return 'colleague';
  return 'friend';
}

interface Parts {
  name?: string;
  relation?: string;
  socialRel?: string;
  age?: string;
  who?: string;
  count: number;
}

/** The part of a mention opening at `i` (its match), recorded in `p`; null when none opens there. */
function readPart(text: string, i: number, p: Parts): RegExpExecArray | null | 'stop' {
  let m: RegExpExecArray | null;
  // A rank before a relation: "the eldest of us" is not "my eldest".
  if ((m = at(RANK, text, i))) p.relation ??= 'sibling';
  else if (p.count === 0 && (m = at(PERSON_AT, text, i))) {
    // A plain word for a person opens the mention; the social place after it says who they are.
  }
  else if ((m = at(REL, text, i)) && RELATIONS[m[1].toLowerCase().split(/\s+/).pop()!] !== undefined) p.relation ??= m[1].toLowerCase().replace(/\s+/g, ' ');
  else if ((m = at(ONE_OF, text, i)) && singular(m[1]) !== null) p.relation ??= singular(m[1])!;
  else if (p.count > 0 && (m = at(SOCIAL, text, i))) p.socialRel ??= socialRelation(m);
  else if (p.count > 0 && (m = at(AGE, text, i))) {
    const n = Number(m[1]);
    if (!(n >= 1 && n < 111)) return 'stop';
    p.age ??= m[1];
  } else if ((m = at(NAME, text, i)) && isName(m[1].split(/\s+/).pop()!)) {
    if (p.name) return 'stop';
    p.name = m[1];
  } else if (p.count > 0 && (m = at(AGE_ASIDE, text, i))) {
    p.age ??= m[1];
  } else if (p.count > 0 && (m = at(WHO_ASIDE, text, i))) {
    const place = PLACE_IN.exec(m[0]);
    if (place) p.socialRel ??= SOCIAL_PLACES[place[1].toLowerCase().replace(/\s+/g, ' ')];
    p.who ??= m[0];
  } else return null;
  p.count++;
  return m;
}

/** Parts inside brackets ("(Beverley, 68)", "(41)"): each comma-separated piece must be a whole part, else null. */
function bracketParts(text: string, i: number, p: Parts): number | null {
  const group = at(BRACKET, text, i);
  if (!group) return null;
  const trial: Parts = { ...p };
  let j = i + 1;
  const end = i + group[0].length - 1;
  while (j < end) {
    const m = readPart(text, j, trial);
    if (!m || m === 'stop') return null;
    j += m[0].length;
    j += at(/\s*,?\s*/y, text, j)![0].length;
  }
  if (j !== end) return null;
  Object.assign(p, trial);
  return group[0].length;
}

/**
 * The person mention opening `text`, when it holds a name and something saying who the person is to the speaker (a
 * relation, a rank, a social place), and is followed by the clause's predicate; else null. A mention that is only a
 * name, or only a relation, is left to the other readers.
 */
export function readPersonMention(text: string): PersonMention | null {
  const p: Parts = { count: 0 };
  let i = at(LEAD, text, 0)?.[0].length ?? 0;
  for (let guard = 0; guard < 12; guard++) {
    let step: number;
    const m = text[i] === '(' ? null : readPart(text, i, p);
    if (m === 'stop') return null;
    if (m) step = m[0].length;
    else if (text[i] === '(' && p.count > 0) {
      // Brackets hold parts of the mention ("(Beverley, 68)") or a remark the reader skips ("(wind chimes, very loud)").
      const inner = bracketParts(text, i, p);
      step = inner ?? at(BRACKET, text, i)?.[0].length ?? 0;
      if (!step) return null;
    } else {
      // No part opens here: the mention has ended, and the clause's own predicate must follow.
      const relation = p.relation ?? p.socialRel;
      if (!p.name || !relation || p.count < 2 || !at(PREDICATE, text, i)) return null;
      return { relation, name: p.name, age: p.age, who: p.who, length: i };
    }
    i += step;
    i += at(/\s*,?\s*/y, text, i)![0].length;
  }
  return null;
}

/** `text` with an opening person mention rewritten to its canonical form ("my sister Chinwe (38) is…"), else null. */
export function canonicalPersonMention(text: string): string | null {
  const m = readPersonMention(text);
  if (!m) return null;
  // A "who …" aside stays between commas after the name, where the who-clause reader splits it off as its own clause.
  return `my ${m.relation} ${m.name}${m.age ? ` (${m.age})` : ''}${m.who ? `, ${m.who},` : ''} ${text.slice(m.length)}`;
}
