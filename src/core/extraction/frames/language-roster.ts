/**
 * @module core/extraction/frames/language-roster
 * The languages of a life, told as a list of settings: "Kannada with amma, Hindi with friends, English at the office",
 * "growing up it was Shona at home, Ndebele at gogo's and English at school". Each item is a language the lexicon
 * knows (its kind, never a word list) followed by where, when or with whom it is spoken; two or more such items make
 * the speaker's languages, and one unknown word in an item's place beside them is one more. Read by the list's shape; a sentence that is a wish, question or someone else's is not one.
 * An item may also put its setting first ("at home it's Spanish", "with everyone else it's English", "outside we
 * speak mostly English"), and a language may be said of the speaker in a clause of its own whatever the list:
 * "English is what I use most at work" (a pseudo-cleft with a use verb), "Arabic is my first language". A list of
 * languages and nothing else, after a short label or on its own, is the speaker's too (`bareList`).
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { isKind } from './kinds.ts';

/** An item: a capitalised word (or two) then a setting ("with …", "at …", "in the …", "only at …", "mostly with …"). */
const ITEM = /(?:^|[,;]\s*|\s(?:and|then|but|so)\s+|\b(?:it\s+was|it\s*['’]s|was|is|speak|spoke|speaking)\s+)(?:(?:mostly|mainly|only|just|also)\s+)?([\p{Lu}][\p{L}'’-]+)(?=\s+(?:(?:mostly|mainly|only|just|always|usually)\s+)?(?:with|at|in|to|for|around|among|since|when|until|till|from|growing|now|everywhere|elsewhere|outside|otherwise|nowadays|these\s+days)\b)/gu;
/** Setting first: "at home it's Spanish", "with everyone else it's English", "outside we speak mostly English". */
const SETTING_FIRST = /(?:^|[,;]\s*|\s(?:and|but|then|while|whereas)\s+)(?:(?:with|at|in|around|among|outside|everywhere|elsewhere|inside)\b[^,;.]{0,30}?|(?:growing\s+up|now|these\s+days|nowadays|as\s+a\s+(?:kid|child)|back\s+then|at\s+first|day\s+to\s+day)[,]?)\s(?:it\s*['’]s|it\s+is|it\s+was|it\s+has\s+been|(?:I|we)\s+(?:speak|spoke|talk|talked|use|used|switch\s+to|switched\s+to))\s+(?:(?:mostly|mainly|only|just|all|always|usually|more)\s+)?([\p{Lu}][\p{L}'’-]+)(?=\s*(?:[,.;!]|$)|\s+(?:with|at|in|and|but|all|mostly|most|now|these|too|though|for|everywhere|elsewhere|otherwise|then)\b)/gu;
/** A clause of its own about a language the speaker uses: "English is what I use most", "Arabic is my first language". */
const OWN_CLAUSE = [
  /(?:^|[^\p{L}])([\p{Lu}][\p{L}'’-]+)\s+is\s+what\s+(?:I|we)\s+(?:[\p{L}]+\s+)?(?:use|speak|talk|think\s+in|dream\s+in|write\s+in)\b/gu,
  /(?:^|[^\p{L}])([\p{Lu}][\p{L}'’-]+)\s+(?:is|was)\s+my\s+(?:first|native|main|home|second|third|mother|everyday|working|strongest|best)\s+(?:language|tongue)\b/gu,
  /\bmy\s+(?:first|native|main|home|second|third|mother|everyday|working|strongest|best)\s+(?:language|tongue)\s+(?:is|was)\s+([\p{Lu}][\p{L}'’-]+)/gu,
  /\b(?:I|we)\s+(?:always\s+|just\s+|usually\s+|constantly\s+)?(?:answer(?:ed)?|repl(?:y|ied)|switch(?:ed)?\s+between|flip(?:ped)?\s+between|code-switch(?:ed)?\s+between|mix(?:ed)?)\s+(?:back\s+)?(?:in\s+)?([\p{Lu}][\p{L}'’-]+)(?:\s+and\s+([\p{Lu}][\p{L}'’-]+))?/gu,
  /\bI(?:['’]m|\s+am)\s+(?:a\s+)?(?:native|fluent|first-language|heritage)\s+([\p{Lu}][\p{L}'’-]+)\s+speaker\b/gu,
  /\b(?:get\s+by|hold\s+(?:a|my\s+own\s+in\s+a)\s+conversation|converse|am\s+fluent|['’]m\s+fluent)\s+in\s+([\p{Lu}][\p{L}'’-]+)/gu,
  /\b(?:I|we)\s+(?:mostly\s+|mainly\s+|only\s+|also\s+)?(?:use|speak|talk)\s+(?:mostly\s+|mainly\s+)?([\p{Lu}][\p{L}'’-]+)\s+(?:at|with|for|in|around|most|mostly)\b/gu,
];
/** Not the speaker's: the clause's subject is someone else ("my neighbour speaks …"), read as a whole sentence. */
const SOMEONE_ELSE = /^\s*(?:(?:my|our|his|her|their)\s+[\p{L}-]+|he|she|they|([\p{Lu}][\p{Ll}]+))\s+(?:speaks|spoke|talks|uses|is|was|grew)\b/u;
/** A capitalised word in a list's place: after a comma or "and", before a verb or the end ("…, and English came later"). */
const LISTED = /(?:[,;]\s*(?:and\s+)?|\s(?:and|then)\s+)([\p{Lu}][\p{L}'’-]+)(?=\s+[\p{Ll}]|\s*[,.;!]|\s*$)/gu;
const CAPITALISED = /(?<![\p{L}'’-])[\p{Lu}][\p{Ll}'’-]+/gu;
/** Not the speaker's own statement: a wish, a plan or a condition. */
const NOT_OWN = /\b(?:wish|would|could|might|want\s+to|hope\s+to|learn(?:ing)?|if|someday|one\s+day)\b|\?/i;

export function languageRoster(sentence: string, speaker: string, lex?: Lexicon): Draft[] {
  if (!lex || NOT_OWN.test(sentence)) return [];
  const own = ownClauses(sentence, speaker, lex);
  const roster = rosterOf(sentence, speaker, lex);
  const listed = roster.length === 0 ? bareList(sentence, speaker, lex) : [];
  return [...roster, ...listed, ...own.filter((d) => !roster.some((r) => r.value === d.value) && !listed.some((r) => r.value === d.value))];
}

/** An item of a bare list: a language with a word of how well before it, and at most a short "from …" after it. */
const BARE_ITEM = /^(?:(?:a\s+(?:bit|little)\s+of|some|basic|fluent|conversational|native|rusty|broken|passable|decent|schoolboy|schoolgirl|survival)\s+)?([\p{Lu}][\p{L}'’-]+)(?:\s+(?:from|at|with|too|as\s+well)\b[^,;]{0,40})?$/u;

/**
 * A list of languages and nothing else, on its own or after a short label ("For the form: Welsh (grew up with it),
 * French (decent) and a bit of Portuguese from my ex's family"): two or more items, each a language to the lexicon
 * with at most a word of how well before it, its notes in brackets left aside; a label, a note or a word of how well
 * must say it is a list of what the speaker speaks. The list is the speaker's.
 */
function bareList(sentence: string, speaker: string, lex: Lexicon): Draft[] {
  // A list of names alone may be anyone's (an answer, a subject taught): a label, a note or a word of how well says
  // the speaker is listing what they speak. (Checked first: this reader sees every sentence.)
  if (!/[:(]/.test(sentence) && !/\b(?:a\s+(?:bit|little)\s+of|fluent|conversational|native|rusty|broken|passable|basic)\b/i.test(sentence)) return [];
  const body = sentence.replace(/\([^)]*\)/g, ' ').replace(/^[^:]{0,60}:\s*/, '').replace(/[.!]+\s*$/, '').trim();
  const items = body.split(/\s*,\s*(?:and\s+)?|\s*;\s*|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
  if (items.length < 2) return [];
  const langs: string[] = [];
  for (const item of items) {
    const m = BARE_ITEM.exec(item.replace(/^[\p{Lu}](?=[\p{Ll}]+\s)/u, (c) => c.toLowerCase()));
    if (!m || !isKind(m[1].toLowerCase(), 'language', lex)) return [];
    if (!langs.includes(m[1])) langs.push(m[1]);
  }
  return langs.map((value) => ({ key: 'language', value, subject: speaker, confidence: 0.8, metadata: { frame: 'language list' } }));
}

/** Languages said in clauses of their own or with the setting first: each stands alone, no list needed. */
function ownClauses(sentence: string, speaker: string, lex: Lexicon): Draft[] {
  const other = SOMEONE_ELSE.exec(sentence);
  if (other && !(other[1] && isKind(other[1].toLowerCase(), 'language', lex))) return [];
  // The setting's preposition may open the sentence ("With my grandparents it's Gujarati").
  const lowered = sentence.replace(/^\s*[\p{Lu}](?=[\p{Ll}]+\s)/u, (c) => c.toLowerCase());
  const found: string[] = [];
  for (const re of [SETTING_FIRST, ...OWN_CLAUSE])
    for (const m of (re === SETTING_FIRST ? lowered : sentence).matchAll(re))
      for (const w of [m[1], m[2]]) if (w && isKind(w.toLowerCase(), 'language', lex) && !found.includes(w)) found.push(w);
  return found.map((value) => ({ key: 'language', value, subject: speaker, confidence: 0.8, metadata: { frame: 'language clause' } }));
}

function rosterOf(sentence: string, speaker: string, lex: Lexicon): Draft[] {
  const langs: string[] = [];
  // A word the lexicon does not know at all, in an item's place beside two known languages, is a language too
  // ("Kurmanji at home, German at school, English at work"): the list's shape says what it is.
  const unknown: string[] = [];
  for (const m of sentence.matchAll(ITEM)) {
    const w = m[1];
    if (isKind(w.toLowerCase(), 'language', lex)) {
      if (!langs.includes(w)) langs.push(w);
    } else if (lex.senses(w.toLowerCase()).length === 0 && lex.lemmas(w.toLowerCase()).length === 0 && !unknown.includes(w)) unknown.push(w);
  }
  // No language in an item's place: nothing below can add one (the list's other places and the rest of the sentence
  // only count beside one), so the lexicon is not asked about every other capitalised word.
  if (langs.length === 0) return [];
  // Beside two or more settings, a known language in the list's other places counts, whatever follows it ("…, and
  // English came later at uni"); one said anywhere else in the sentence only vouches for the list ("I picked up English").
  const settings = langs.length + unknown.length;
  const listed = [...sentence.matchAll(LISTED)].map((m) => m[1]).filter((w) => !langs.includes(w) && isKind(w.toLowerCase(), 'language', lex));
  const elsewhere = [...sentence.matchAll(CAPITALISED)].map((m) => m[0]).filter((w) => !langs.includes(w) && !listed.includes(w) && isKind(w.toLowerCase(), 'language', lex));
  if (settings >= 2 && langs.length >= 1) langs.push(...listed);
  if (langs.length < 2 && !(settings >= 2 && langs.length >= 1 && elsewhere.length > 0)) return [];
  langs.push(...unknown.slice(0, 1));
  return langs.map((value) => ({ key: 'language', value, subject: speaker, confidence: 0.85, metadata: { frame: 'language roster' } }));
}
