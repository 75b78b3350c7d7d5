/**
 * @module core/extraction/chat-text
 * Message-level normalisation of how people really type to an assistant: common chat
 * abbreviations are spelled out ("bf", "wfh", "appt", "mil") and, in a message written wholly in
 * lower case, a one-word name after a strong place or workplace cue is capitalised ("live in
 * leeds", "job at monzo", "moved to bristol from leeds"), so the name rules can see it.
 * Pure string functions; no I/O.
 */
import type { Lexicon } from '../ports.ts';
import { OCCUPATIONS, PET_SPECIES, RELATION_WORDS } from './lexicon.ts';
import { tradeCompound } from './frames/kinds.ts';
import { TREATMENTS } from './frames/table.ts';

/** "the gynae says it's…", "my derm thinks…": a clinician said short, as the subject of what they say or do. */
const CLINICIAN_SHORT = /\b((?:[Tt]he|[Mm]y|[Hh]er|[Hh]is|[Aa])\s+)(gynae|gyno|derm|neuro|onc|rheumy)\b(?=\s+(?:says|said|thinks|thought|reckons|reckoned|told|tells|confirmed|wants|wanted|reckons|suspects|suspected)\b)/g;
/** Clinicians said short in chat, by their full names. */
const CLINICIANS: Readonly<Record<string, string>> = { gynae: 'gynaecologist', gyno: 'gynecologist', derm: 'dermatologist', neuro: 'neurologist', onc: 'oncologist', rheumy: 'rheumatologist' };

/** Lower-case chat abbreviations → words. Only lower-case forms: "BC" or "MIL" in capitals stay as written. */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bbf\b/g, 'boyfriend'],
  [/\bgf\b/g, 'girlfriend'],
  [/(?<!\d\s?)\bmil\b(?!\s*(?:ml|mg|\d))/g, 'mother-in-law'],
  [/\bfil\b/g, 'father-in-law'],
  [/\bsil\b/g, 'sister-in-law'],
  [/\bappts?\b\.?/g, 'appointment'],
  [/\bwfh\b/g, 'work from home'],
  [/\bb\/c\b|\bbc\b(?=\s+(?:of|I|my|we|it|its|it's|the|they|he|she|you|u)\b)/g, 'because'],
  [/\bw\/(?=\s)/g, 'with'],
  [/\bbday\b/g, 'birthday'],
  // "my bro Rohan", "our little sis": kin said short, after a possessive only ("bro" alone is a form of address).
  [/\b((?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|baby|older|younger|twin)\s+)?)bro\b(?!['’-])/g, '$1brother'],
  [/\b((?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|baby|older|younger|twin)\s+)?)sis\b(?!['’-])/g, '$1sister'],
  [/\btmrw?\b|\btmr\b/g, 'tomorrow'],
  // "that's me done at Telstra", "that's me finished with the council": the speaker's own state, said the Scots way.
  [/\b[Tt]hat['’]?s\s+me\s+(?=(?:all\s+)?(?:done|finished|out)\b)/g, "I'm "],
  // "its actually friday", "thats where I live": a dropped apostrophe before a predicate, not a possessive ("its tail").
  [/\bits(?=\s+(?:actually|not|on|at|in|a|an|the|just|so|really|been|going|gonna|fine|ok|okay|too|very|still|now|also|definitely|probably|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|next|this)\b)/g, "it's"],
  [/\bthats\b/g, "that's"],
  [/\bu\b(?![.'’-])/g, 'you'],
  [/\bur\b(?![.'’-])/g, 'your'],
];

export function expandChatAbbreviations(text: string): string {
  let s = text;
  for (const [re, word] of ABBREVIATIONS) s = s.replace(re, word);
  s = s.replace(CLINICIAN_SHORT, (_m: string, det: string, w: string) => `${det}${CLINICIANS[w]}`);
  return restoreKinPossessive(s).replace(THE_SPOUSE, (_all, the: string, who: string) => `${the === 'The' ? 'My' : 'my'} ${who}`);
}

/**
 * "me and the wife", "the missus says…": chat's "the" before a spouse word is the speaker's own ("my wife"). Not "the
 * other half", which is as often the rest of something ("the other half of the day").
 */
const THE_SPOUSE = /\b(the|The)\s+(wife|missus|missis|hubby)\b(?!\s+of\b|['’]s\s+(?:side|family)\b)/g;

const KIN = 'sister|brother|mum|mom|mother|dad|father|partner|wife|husband|son|daughter|cousin|aunt|uncle|nan|gran|grandma|grandad|grandpa|granddad|boyfriend|girlfriend|fianc[eé]e?|niece|nephew|boss|flatmate|roommate|friend|neighbou?r|colleague|manager|kid|baby|mother-in-law|father-in-law|sister-in-law|brother-in-law';
/** What a relative has or goes through: the noun after an apostrophe-less possessive ("my sisters wedding"). */
const OWNED =
  'wedding|birthday|funeral|graduation|party|job|work|company|office|house|flat|place|home|car|dog|cat|puppy|kitten|pet|baby|kids?|son|daughter|husband|wife|boyfriend|girlfriend|partner|surgery|operation|op|appointment|diagnosis|treatment|new|old|first|last|retirement|hen|stag|engagement|anniversary|school|uni|university|college|name|family|parents|mum|mom|dad|shop|business|restaurant';
const KIN_POSSESSIVE = new RegExp(`\\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\\s+(?:(?:little|big|older|younger|eldest|youngest|best|new|old)\\s+)?(?:${KIN}))s\\s+(?=(?:${OWNED})\\b)`, 'g');

/**
 * "my sisters wedding", "my partners job", "my dads surgery": an apostrophe dropped from a relative's possessive.
 * Only before a noun a relative has or goes through; "my sisters live in Leeds" stays a plural.
 */
export function restoreKinPossessive(text: string): string {
  return text.replace(KIN_POSSESSIVE, (_all, owner: string) => `${owner}'s `);
}

/** True when the writer does not capitalise: no upper-case letter except the pronoun "I". */
export function isAllLowerCase(text: string): boolean {
  // Words shouted in capitals ("AGAIN", "ONE", "NHS") are emphasis or acronyms, not the message's casing.
  return /[\p{Ll}]/u.test(text) && !/[\p{Lu}]/u.test(text.replace(/\bI(?=\b|'|’)/g, '').replace(/\b[\p{Lu}]{2,}\b/gu, ''));
}

/** Words that are never a name after a cue ("live in the city", "work from home", "moved to a flat"). */
const NOT_A_NAME = new Set(
  'a an the my our your his her their this that these those it its home here there now then again work school uni college town city office abroad overseas back someone somewhere nowhere everywhere me us them him myself and but so or because since for with to in on at of as soon last next some all another different new old same other one two few couple while ages years months weeks days remote remotely person everyone everybody anyone anybody someone somebody nobody people both free myself yourself out up down off over away around about inside outside through along round'.split(
    ' ',
  ),
);
/** First words of common two-word place names: "new york", "san diego", "st albans". */
const TWO_WORD_PLACE = new Set('new san los las st saint hong el la le rio buenos tel kuala abu cape sao santa port fort mount palm salt north south east west'.split(' '));

/** Strong cues that the next word names a place or a workplace. */
const NAME_CUE =
  /\b(?:live\s+in|living\s+in|lives\s+in|based\s+in|settled\s+in|moved\s+(?:back\s+|over\s+)?to|moving\s+(?:back\s+)?to|relocated\s+to|relocating\s+to|moved\s+(?:here\s+|over\s+)?from|grew\s+up\s+in|(?:am|is|originally)\s+from|(?:flying|fly|flew)\s+(?:out\s+of|from)|work\s+(?:at|for)|works\s+(?:at|for)|working\s+(?:at|for)|worked\s+(?:at|for)|work\s+from\s+home\s+for|job\s+at|started\s+at|joined|interning\s+at|intern\s+at|offer\s+from)\s+/g;

/** A relative or pet noun whose lower-case name follows: "our son theo was born", "our old cat misty had to…". */
/**
 * "my mate kwame", "our cockapoo ziggy", "my boss marta": a possessed relation, social or animal noun (the seed
 * lexicon: RELATIONS, which holds the social nouns, and PET_SPECIES) then a lower-case name.
 */
const NAMED_HEADS = [...RELATION_WORDS, ...[...PET_SPECIES].filter((w) => !RELATION_WORDS.includes(w))]
  .filter((w) => /^[a-z][a-z -]*$/.test(w))
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/\s+/g, '\\s+'))
  .join('|');
const NAMED_NOUN = new RegExp(`\\b(?:(?:my|our|his|her|their)\\s+(?:(?:little|baby|big|old|new|eldest|youngest|older|younger|oldest|late|best)\\s+)?(?:${NAMED_HEADS})|(?:called|named))\\s+`, 'g');
/** A name after a relation noun is followed by its predicate or the end of the clause, never by a noun. */
const AFTER_NAME = /^(?:\s*[,.!?;:)]|\s*$|\s+(?:was|is|has|had|and|just|turned|turns|starts|started|got|gets|will|who|died|passed|on|in|at|from|last|this|yesterday|today|lives|moved|works|loves|hates|says|said|did|does|can|cannot|could|would|might|needs|wants|goes|went|came|comes|is|are|keeps|kept|speaks|plays|drives|runs|knows|thinks|swears|reckons|teaches|studies|ate|eats|won't|isn't|doesn't)\b)/;

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** A third-person verb form the lexicon knows ("teaches", "runs", "lectures"): a predicate, not a name. */
function isVerbForm(w: string, lex: Lexicon | undefined): boolean {
  if (!lexiconKnowsWords(lex) || !/[^s]s$/.test(w)) return false;
  // English's third-person spelling, so a name is not read back to a verb ("james" is not "jam" + es).
  return lex!.lemmas(w, 'verb').some((l) => w === `${l}s` || (w === `${l}es` && /(?:s|x|z|ch|sh|o)$/.test(l)) || (/[^aeiou]y$/.test(l) && w === `${l.slice(0, -1)}ies`));
}

/** Chat words no dictionary holds that are never names ("ngl", "tbh", "gonna"). */
const CHAT_WORDS = new Set('when where why how who what while whenever wherever into onto upon from about than were was been being have has does did would could should shall must might they them their theirs there these those what which whose whom every each also very just only even ever never always often your yours mine ours hers himself herself itself ourselves themselves yourself myself with without within through throughout during before after above below under over between among against toward towards until till because while whereas although though unless whether either neither both some any many much more most less least such same other another anyone anything anybody someone something somebody everyone everything everybody nobody nothing none cannot cant dont wont isnt arent wasnt werent didnt doesnt havent hasnt hadnt couldnt wouldnt shouldnt youre theyre were ive youve weve theyve ill youll hell shell well theyll id youd hed shed wed theyd im thats whats theres heres lets lol lmao omg btw idk imo imho haha hahaha yay ugh meh tho cuz gonna wanna gotta kinda sorta dunno okay yeah yep nope yup cos coz thx pls plz asap fyi aka etc hmm ooh oof tbh ngl wfh irl smh fomo jk ikr bff rn bc wrt af'.split(' '));

/**
 * In an all-lower-case message, the lexicon decides what else is a name: a word it does not know at all (not an
 * inflection of a word it knows: "ocado", "kwame", "ziggy") or whose commonest noun sense is a place ("nottingham",
 * "cardiff") is capitalised, so the tagger reads it as a proper noun. Short words, chat words and words without a
 * vowel are left alone.
 */
const knows = new WeakMap<Lexicon, boolean>();
/** Whether the lexicon holds words at all (the empty lexicon of MEMORY_LEXICON=off knows none: nothing is unknown to it). */
export function lexiconKnowsWords(lex: Lexicon | undefined): lex is Lexicon {
  if (!lex) return false;
  let k = knows.get(lex);
  if (k === undefined) knows.set(lex, (k = lex.senses('house', 'noun').length > 0 || lex.senses('dog', 'noun').length > 0));
  return k;
}

/** A word the lexicon holds neither as a form of a lemma nor with a sense of its own. */
const unknownWord = (lex: Lexicon, w: string) => lex.lemmas(w).length === 0 && lex.senses(w).length === 0;

/** A capitalised word opening a sentence, ending as a past or participle does, before a possessive or article. */
const OPENING_VERB = /(^|[.!?]\s+|\n\s*)([A-Z][a-z]{3,}(?:ed|ing))(?=\s+(?:our|my|his|her|their|the)\s)/g;

/**
 * "Rehomed our rabbit Clover with a family in Kent": chat drops the subject, and a verb the tagger does not know, written
 * with the sentence's capital, reads as a name. A capitalised opening word ending in -ed / -ing before a possessive or
 * article, unknown to the lexicon but a known verb with its ending ("rehomed": home), is put in lower case so the
 * readers see the verb.
 */
export function lowerOpeningVerbs(text: string, lex: Lexicon | undefined): string {
  if (!lexiconKnowsWords(lex) || !/(?:ed|ing)\s+(?:our|my|his|her|their|the)\s/.test(text)) return text;
  return text.replace(OPENING_VERB, (all, lead: string, w: string) => (unknownWord(lex, w.toLowerCase()) && verbStem(w.toLowerCase(), lex!) ? `${lead}${w[0].toLowerCase()}${w.slice(1)}` : all));
}

/**
 * Whether a lower-case -ed / -ing word is a known verb with its ending (and maybe a "re" / "un" / "de" prefix): "rehomed"
 * (home), not "winifred". Shared with the pet-name check (frames/animal-signs.ts).
 */
export function verbStem(w: string, lex: Lexicon): boolean {
  const stems = [w.replace(/ed$/, ''), w.replace(/d$/, ''), w.replace(/ing$/, ''), w.replace(/ing$/, 'e'), w.replace(/(.)\1ed$/, '$1'), w.replace(/(.)\1ing$/, '$1')];
  return stems.some((st) => [st, st.replace(/^(?:re|un|de|over|under|out)/, '')].some((x) => x.length >= 3 && lex.senses(x, 'verb', 1).length > 0));
}

export function caseByLexicon(text: string, lex: Lexicon | undefined, lowerCase = isAllLowerCase(text)): string {
  if (!lexiconKnowsWords(lex) || !lowerCase) return text;
  return text.replace(/\b([a-z][a-z-]{2,})(?=(?:'s|’s)?\b)/g, (w, _m, offset: number) => {
    if (CHAT_WORDS.has(w) || NOT_A_NAME.has(w) || OCCUPATIONS.has(w) || TREATMENTS.has(w) || !/[aeiouy]/.test(w) || text[offset - 1] === "'" || text[offset - 1] === '’') return w;
    // The stem of a negated auxiliary ("doesn't", "hasn't", "wasn't") is no name.
    if (/^['’]t\b/.test(text.slice(offset + w.length, offset + w.length + 3))) return w;
    // Right after a subject pronoun a word is the verb ("we rehomed clover"), and an unknown -ing word is an activity
    // ("woodturning"), not a name.
    if (unknownWord(lex, w) && (/ing$/.test(w) || (/(?:ed|s)$/.test(w) && /\b(?:i|we|they|he|she|you)\s+$/.test(text.slice(Math.max(0, offset - 6), offset))))) return w;
    // "had to rehome our husky", "need to declutter my flat": after an infinitive's "to", before a possessive, it is the verb.
    if (unknownWord(lex, w) && /\bto\s+$/.test(text.slice(Math.max(0, offset - 4), offset)) && /^\s+(?:my|our|his|her|their|your|them|it|him)\b/.test(text.slice(offset + w.length, offset + w.length + 8))) return w;
    // A word unknown alone may end or start a compound the lexicon holds ("myasthenia gravis", "in vitro"): a common word.
    if (unknownWord(lex, w) && inKnownCompound(text, w, offset, lex)) return w;
    // A noun run together with an occupation ("signwriter") is a trade, not a name.
    if (unknownWord(lex, w) && tradeCompound(w, lex)) return w;
    // A hyphenated modifier of known words ("gluten-free", "plant-based", "dog-friendly") is no name.
    if (unknownWord(lex, w) && modifierCompound(w, lex)) return w;
    if (unknownWord(lex, w)) return capital(w);
    const first = lex.senses(w, undefined, 1)[0];
    // An inflected form ("seats", "banks") is a common noun: place names are not plurals.
    const inflected = !!first && !first.lemmas.some((l) => l.toLowerCase() === w) && lex.lemmas(w, 'noun').some((l) => l !== w && first.lemmas.includes(l));
    return first && first.lexClass === 'noun.location' && !inflected ? capital(w) : w;
  });
}

/** A hyphenated word whose parts the lexicon knows and whose last part is an adjective or a verb form ("gluten-free"). */
function modifierCompound(w: string, lex: Lexicon): boolean {
  const parts = w.split('-').filter(Boolean);
  if (parts.length < 2 || parts.some((p) => unknownWord(lex, p))) return false;
  const last = parts[parts.length - 1];
  return lex.senses(last, 'adj', 1).length > 0 || lex.lemmas(last, 'verb').length > 0;
}

/** Whether the word at `offset` and a neighbouring word form a lemma the lexicon holds. */
function inKnownCompound(text: string, w: string, offset: number, lex: Lexicon): boolean {
  const prev = /([a-z][a-z'-]*)\s+$/.exec(text.slice(Math.max(0, offset - 30), offset))?.[1];
  const next = /^\s+([a-z][a-z'-]*)/.exec(text.slice(offset + w.length, offset + w.length + 30))?.[1];
  return (!!prev && lex.senses(`${prev} ${w}`, 'noun', 1).length > 0) || (!!next && lex.senses(`${w} ${next}`, 'noun', 1).length > 0);
}

/** A cue after which the word names a place (a home, a move, an origin), not a workplace. */
const PLACE_CUE = /^(?:live|living|lives|based|settled|moved|moving|relocated|relocating|grew|am|is|originally|flying|fly|flew)\b/;

/**
 * A word the lexicon knows with no sense that is a place: after a place cue it is the common word it
 * looks like ("moved to day shifts", "moved to part-time", "moving to evenings"), not a town. A word
 * the lexicon does not know, or one with any place sense ("reading", "bath", "nice"), may be a place.
 */
function knownNonPlace(w: string, lex: Lexicon | undefined): boolean {
  if (!lexiconKnowsWords(lex) || unknownWord(lex, w)) return false;
  return !lex.senses(w, 'noun').some((s) => s.lexClass === 'noun.location');
}

/** A cue, then the word (and the next) it may name; built once (global: only used with replace, which resets lastIndex). */
const cueWord = (cue: RegExp) => new RegExp(`(?<!\\b(?:that|which|who)\\s+)(${cue.source})([a-z][a-z'-]*)(\\s+[a-z][a-z'-]*)?`, 'g');
const NAME_CUE_WORD = cueWord(NAME_CUE);
const FROM_WORD = cueWord(/\bfrom\s+/);
const NAMED_NOUN_WORD = new RegExp(`(${NAMED_NOUN.source})([a-z][a-z'-]*)`, 'g');

/**
 * In an all-lower-case message, capitalises the name after a place or workplace cue ("flying out of
 * manchester" → "Manchester", "job at monzo" → "Monzo"); a move's "from" is a cue only in a sentence
 * that moves ("moved to bristol from leeds"). After a place cue, a word the lexicon knows only as
 * something else stays lower case (`knownNonPlace`). Messages that use capitals are left alone:
 * their writer's casing is the better signal.
 */
export function caseLowerNames(text: string, lex?: Lexicon): string {
  if (!isAllLowerCase(text)) return text;
  const fix = (s: string, pattern: RegExp) =>
    s.replace(pattern, (all, c: string, w: string, w2: string | undefined) => {
      if (w2 && TWO_WORD_PLACE.has(w) && !NOT_A_NAME.has(w2.trim())) return `${c}${capital(w)} ${capital(w2.trim())}`;
      if (NOT_A_NAME.has(w.replace(/'s$/, '')) || w.length < 3 || /ing$/.test(w)) return all;
      if (PLACE_CUE.test(c) && knownNonPlace(w.replace(/'s$/, ''), lex)) return all;
      return `${c}${capital(w)}${w2 ?? ''}`;
    });
  return text
    // Weekdays and unambiguous month names are always capitalised ("may" and "march" are also verbs).
    .replace(/\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|april|june|july|august|september|october|november|december)\b/g, capital)
    .split(/(?<=[.!?;])\s+/)
    .map((s) => {
      let out = fix(s, NAME_CUE_WORD);
      out = out.replace(NAMED_NOUN_WORD, (all, c: string, w: string, offset: number, whole: string) => {
        if (NOT_A_NAME.has(w) || w.length < 2 || !AFTER_NAME.test(whole.slice(offset + all.length))) return all;
        // "my sister works at google", "my brother lives in leeds": a word that is itself a predicate is the verb.
        if (AFTER_NAME.test(` ${w}`) || isVerbForm(w, lex)) return all;
        // "my grandad nearly died": a word the lexicon holds as an adverb and never as a noun is no name.
        if (lexiconKnowsWords(lex) && lex.senses(w, 'adv', 1).length > 0 && lex.senses(w, 'noun', 1).length === 0) return all;
        return `${c}${capital(w)}`;
      });
      if (/\b(?:moved|moving|relocated|relocating)\b/.test(s)) out = fix(out, FROM_WORD);
      return out;
    })
    .join(' ');
}
