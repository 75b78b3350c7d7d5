/**
 * @module core/extraction/answers
 * A user's short answer to the assistant's question, read as the statement it makes: "yes" to a
 * yes/no question states the question's claim in the first person; the chosen alternative of an
 * either/or question ("is Pepper your dog or your cat?" — "dog!") states that one; "yes" to an
 * offer ("would you like me to keep my answers short?") is the request; and an answer that leaves
 * the question's thing unsaid ("nah, sold it", "nope, left in march") gets it back; a bare value
 * fills the slot a wh-question asks for ("What was your cat called?" — "Marzipan"), and a "no" that
 * names the new value states it ("nope, Nationwide now"), as does a yes hedged into another value
 * ("yes — well, pescatarian"). Pure text shapes of the exchange; the
 * extractor reads the result like any statement.
 */
import type { Lexicon } from '../ports.ts';

/** A "yes" that opens the answer (the rest of the message is read on its own after it). */
export const CONFIRM = /^\s*(?:(?:just|only)\s+(?:the\s+)?one(?=\s*[,—–:-])|yes|yeah|ja|jah|haan|oui|yep|yup|aye|yea|ya|correct|exactly|right|that['’]s\s+(?:the\s+one|(?:her|him)(?=\s*[!.,]|\s*$))|the\s+very\s+same|that['’]s\s+right|that\s+is\s+right|that['’]s\s+correct|true|indeed|absolutely|sure\s+is|mhm|uh-huh|affirmative|spot\s+on|(?:she|he)\s+is(?=\s*[!.,]|\s*$)|(?:we|i)\s+did(?=\s*[!.,]|\s*$)|born\s+and\s+(?:raised|bred)(?!\s+(?:in|at|on)\b))\b(?:\s+(?:please|pls|plz))?[\s,.!—–-]*/i;

/** A change denied after a yes to a "still" question ("yep, not moved", "yeah, not going anywhere"): the claim holds. */
export const NO_CHANGE = /^\s*(?:(?:I\s+)?(?:have|am|'ve|’ve|'m|’m)\s+)?(?:not|never|n['’]t)\s+(?:(?:moved|budged|left|changed|gone)\b|(?:moving|budging|leaving|changing|going)\s+(?:anywhere|away|now|yet)\b)/i;

/** A "no" to a question ("nope", "not any more"): the claim it denies. */
export const DENY = /^\s*(?:no|nope|nah|not\s+any\s?more|not\s+really)\b[\s,.!—–-]*/i;

const FIRST_PERSON: Array<[RegExp, string]> = [
  [/\byou\s+are\b|\byou['’]re\b/gi, 'I am'],
  [/\byou\s+were\b/gi, 'I was'],
  [/\byou\s+have\b|\byou['’]ve\b/gi, 'I have'],
  [/\byour\b/gi, 'my'],
  [/\byours\b/gi, 'mine'],
  [/\byourself\b/gi, 'myself'],
  // "they diagnosed you with…", "she told you…": "you" as the object of a verb is "me".
  [/\b([\p{L}]+ed|told|gave|sent|got|let|made|took)\s+you\b(?!\s+(?:are|were|have|had|can|could|will|would|should|did|do)\b)/giu, '$1 me'],
  [/\byou\b/gi, 'I'],
];

/** The assistant's words turned to the user's: you → I, your → my (and the assistant's own I/my → you/your). */
function swapPersons(text: string): string {
  let t = text.replace(/\bI\b/g, '\u0000').replace(/\bmy\b/gi, '\u0001');
  for (const [re, rep] of FIRST_PERSON) t = t.replace(re, rep);
  return t.replace(/\u0000/g, 'you').replace(/\u0001/g, 'your');
}

/**
 * A yes/no question about the user, as the statement a "yes" makes of it: "Are you still teaching at the primary
 * school?" → "you are still teaching at the primary school?", "Do you still live in Leeds?" → "you still live in
 * Leeds?", "Is your dog still called Rolo?" → "your dog is still called Rolo?", "Is Harriet your sister?" →
 * "Harriet is your sister?", "Is Luna the name of your rabbit?" → "your rabbit is called Luna?". Other questions stay.
 */
export function questionAsStatement(text: string): string {
  return text
    .replace(/(^|[.!—–-]\s*|,\s*)(are|were|have|had)\s+you\b/gi, (_m, lead: string, aux: string) => `${lead}you ${aux.toLowerCase()}`)
    .replace(/(^|[.!—–-]\s*|,\s*)(?:do|does)\s+you\b/gi, (_m, lead: string) => `${lead}you`)
    // "Did you end up getting the Qashqai?" → "you did end up getting the Qashqai": the past kept by do-support.
    .replace(/(^|[.!—–-]\s*|,\s*)did\s+you\b(?!\s+(?:say|mention|tell|write)\b)/gi, (_m, lead: string) => `${lead}you did`)
    // "…did end up getting the puppy" → "…did get the puppy" (the -ing form back to its base: "getting" → "get").
    .replace(/\bdid\s+(?:(?:ever|finally|actually)\s+)?end\s+up\s+([a-z]+?)(?:([b-df-hj-np-tv-z])\2)?ing\b/gi, (_m, stem: string, dbl?: string) => `did ${stem}${dbl ?? ''}`)
    .replace(/(^|[.!—–-]\s*|,\s*)(?:[Ii]s|[Ww]as)\s+(your\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)(?:'s|’s)\s+name\s+([\p{Lu}][\p{L}'-]*)/gu, (_m, lead: string, np: string, name: string) => `${lead}${np} is called ${name}`)
    .replace(/(^|[.!—–-]\s*|,\s*)(?:[Ii]s|[Ww]as)\s+([\p{Lu}][\p{L}'-]*)\s+the\s+name\s+of\s+(your\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)/gu, (_m, lead: string, name: string, np: string) => `${lead}${np} is called ${name}`)
    .replace(/(^|[.!—–-]\s*|,\s*)([Ii]s|[Ww]as)\s+([\p{Lu}][\p{L}'-]*)\s+(your\s+(?:[\p{L}-]+\s+)?[\p{L}-]+)/gu, (_m, lead: string, aux: string, name: string, np: string) => `${lead}${name} ${aux.toLowerCase()} ${np}`)
    .replace(/(^|[.!—–-]\s*|,\s*)(is|was)\s+(your\s+[\p{L}-]+)\b/giu, (_m, lead: string, aux: string, np: string) => `${lead}${np} ${aux.toLowerCase()}`)
    // "Is Rocky the dog you adopted over the summer?" → "Rocky is your dog": a name asked to be the thing told of before.
    .replace(/(^|[.!—–-]\s*|,\s*)(?:[Ii]s|[Ww]as)\s+([\p{Lu}][\p{Ll}'’-]+)\s+the\s+([\p{Ll}-]+)\s+(?:that\s+|which\s+)?(?:you|I)\b[^?]*/gu, (_m, lead: string, name: string, noun: string) => `${lead}${name} is your ${noun}`)
    // "Is the car you're asking about your Kia Sportage?" → "your car is your Kia Sportage".
    .replace(/(^|[.!—–-]\s*|,\s*)(?:[Ii]s|[Ww]as)\s+the\s+([\p{Ll}-]+)\s+(?:that\s+|which\s+)?you\b[^?]*?\s(your\s+[\p{Lu}][\p{L}\p{N}'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}'’-]*){0,2})(?=\s*\?)/gu, (_m, lead: string, noun: string, np: string) => `${lead}your ${noun} is ${np}`)
    // "Is Rex a German shepherd?" → "Rex is a German shepherd?": a name asked to be of a kind.
    .replace(/(^|[.!—–-]\s*|,\s*)([Ii]s|[Ww]as)\s+([\p{Lu}][\p{Ll}'’-]+)\s+(an?)\s+/gu, (_m, lead: string, aux: string, name: string, art: string) => `${lead}${name} ${aux.toLowerCase()} ${art} `)
    .replace(/^\s*(?:so\s+)?you(?:\s+are|'re|’re)\s+the\s+one\s+who\s+(\w+?)s\b/i, 'you $1')
    // "Still playing steel pan on Thursdays?", "Still at Vantreo?": a question with its subject and auxiliary dropped.
    .replace(/^\s*(?:and\s+|so\s+)?still\s+([\p{L}]+ing|at|in|with|on|over\s+in|up\s+in|down\s+in|out\s+in)\b/iu, 'you are still $1')
    // "And Tiramisu is the lurcher, yes?": a check that a name is the user's animal or relative ("the" is theirs).
    .replace(/^\s*(?:[Aa]nd\s+|[Ss]o\s+)?([\p{Lu}][\p{L}'’-]+)\s+is\s+the\s+(?=[\p{Ll}-]+(?:\s+[\p{Ll}-]+)?\s*(?:,|[—–-]|\?|$))/u, '$1 is your ');
}

/**
 * An offer or a check the assistant makes about itself: "Would you like me to keep my answers short?" (a "yes" is the
 * request "keep your answers short"), "Should I assume you're vegetarian?" (a "yes" is the claim "you're vegetarian").
 */
const OFFER = /^(?:[^?]*?[,—–-]\s*)?(?:would\s+you\s+like\s+me\s+to|do\s+you\s+want\s+me\s+to|want\s+me\s+to|shall\s+I|should\s+I)\s+(.+?)\s*\?\s*$/i;
/** The assistant's recollection before an offer: "You mentioned having asthma, …". */
const RECALLED = /^\s*you\s+(?:mentioned|said|told\s+me)(?:\s+that)?\s+([^,—–?]+?)\s*[,—–-]\s*(?=would|do|want|shall|should)/i;
/** The assistant's recollection before an open question about it: "You said you're studying Korean, how's that going?". */
const RECALLED_ASK = /^\s*you\s+(?:mentioned|said|told\s+me)(?:\s+that)?\s+((?:you|your)\b[^,—–?]+?)\s*[,—–-]\s*(?:so\s+)?(?:how|what|when|where|which|who|any|is|are|do|did|has|have)\b[^?]*\?\s*$/i;
/** One yes/no question about the user inside a longer message: its own sentence, opening with an auxiliary. */
const YES_NO = /(?:^|(?<=[.!?]\s+))(?:are|were|do|did|have|had|is|was)\s+(?:you|your)\b[^.!?]*\?/i;
const CHECK = /^(?:assume|remember|note|keep\s+in\s+mind|take\s+it)\s+(?:that\s+)?(?=you\b)/i;

/** "Is it Kendal you moved to?": a cleft question, its focus and the clause it was taken from. */
const CLEFT = /^\s*(?:so\s+|and\s+)?(?:is|was)\s+it\s+(.+?)\s+(?:that\s+)?(you|they|we)\s+([^?]+?)\s*\?\s*$/i;
const STRANDED = /^(.*\b(?:to|for|with|at|in|from|on|of|about|by|into))((?:\s+(?:now|these\s+days|at\s+the\s+moment|currently|nowadays|again|still|lately|then|last\s+\w+|this\s+\w+))*)$/i;
/**
 * A cleft question put back in its clause: "Is it Kendal you moved to?" → "you moved to Kendal", "Was it lupus they
 * diagnosed you with?" → "they diagnosed you with lupus", "Is it pilates you do on Wednesdays?" → "you do pilates on
 * Wednesdays". The focus fills the gap a stranded preposition leaves, else the verb's object. Null when not a cleft.
 */
export function uncleft(text: string): string | null {
  const m = CLEFT.exec(text);
  if (!m || /\bor\b/i.test(m[1])) return null;
  const [, asked, subject, clause] = m;
  // "Is it still the Picanto you drive?": an adverb before the focus belongs to the clause ("you still drive…").
  const adverb = /^(still|now|currently)\s+/i.exec(asked);
  const focus = adverb ? asked.slice(adverb[0].length) : asked;
  const lead = adverb ? `${subject} ${adverb[1].toLowerCase()}` : subject;
  const stranded = STRANDED.exec(clause);
  if (stranded) return `${lead} ${stranded[1]} ${focus}${stranded[2]}`;
  const [verb, ...rest] = clause.split(/\s+/);
  return `${lead} ${verb} ${focus}${rest.length ? ` ${rest.join(' ')}` : ''}`;
}

/**
 * "And the rabbit you mentioned, is that Pumpernickel?", "You mentioned your daughter earlier - is it Saoirse?": a
 * name checked against something the user told of is that thing's name ("your rabbit is Pumpernickel").
 */
const MENTIONED_NAME = [
  /^\s*(?:[Aa]nd\s+|[Ss]o\s+)?[Tt]he\s+([\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)\s+you\s+(?:mentioned|told\s+me\s+about|talked\s+about|said)(?:\s+(?:earlier|before|last\s+time))?\s*[,—–-]?\s*(?:is|was)\s+(?:that|it|he|she|this)\s+([\p{Lu}][\p{L}'’-]+)\s*\?\s*$/u,
  /^\s*(?:[Aa]nd\s+|[Ss]o\s+)?[Yy]ou\s+(?:mentioned|told\s+me\s+about|talked\s+about)\s+your\s+([\p{Ll}-]+(?:\s+(?!earlier\b|before\b|last\b)[\p{Ll}-]+)?)(?:\s+(?:earlier|before|last\s+time))?\s*[,—–-]+\s*(?:is|was)\s+(?:that|it|he|she)\s+([\p{Lu}][\p{L}'’-]+)\s*\?\s*$/u,
];

/** A lead-in before the question itself ("Remind me, is it…", "Sorry, quick one: are you…", "Just checking —"). */
const QUESTION_LEAD = /^\s*(?:(?:remind\s+me|sorry|quick\s+(?:one|question)|just\s+checking|out\s+of\s+interest|by\s+the\s+way|btw|and|oh)\s*[,:—–-]+\s*)+/i;
/** "How's life at Google treating you?": asking after the speaker's days at a named place presumes they work there. */
const LIFE_AT = /^\s*[Hh]ow['’]?s\s+(?:life|work|the\s+(?:new\s+)?job|everything|things)\s+(?:at|with)\s+((?:[\p{Lu}][\p{L}&'’.-]*)(?:\s+[\p{Lu}][\p{L}&'’.-]*)*)\s+(?:treating\s+you|going)\b/u;

/** "So you live in Denver, right?" → "I live in Denver." */
export function assistantClaimToFirstPerson(raw: string): string {
  let text = raw.replace(QUESTION_LEAD, '');
  const lifeAt = LIFE_AT.exec(text);
  if (lifeAt) return `I work at ${lifeAt[1]}.`;
  for (const re of MENTIONED_NAME) {
    const m = re.exec(text.trim());
    if (m) return `my ${m[1]} is ${m[2]}.`;
  }
  const cleft = uncleft(text.trim());
  if (cleft) text = `${cleft}.`;
  const offer = OFFER.exec(text.trim());
  if (offer) {
    const body = offer[1];
    // What the assistant recalls before its offer ("You mentioned having asthma, should I…?") stands when the user
    // says yes to the offer.
    const recalled = RECALLED.exec(text.trim());
    const claim = recalled ? `${swapPersons(recalled[1].replace(/^having\b/i, 'you have').replace(/^being\b/i, 'you are').replace(/^(?!you\b)/i, 'you '))}. ` : '';
    // A check is a claim about the user; any other offer is what the user asks for when they say yes.
    return claim + (CHECK.test(body) ? `${swapPersons(body.replace(CHECK, ''))}.` : `please ${body.replace(/\bmy\b/gi, 'your').replace(/\bI\b/g, 'you')}.`);
  }
  // "You mentioned you're learning Welsh, how's it going?": a yes to a question about what the assistant recalls
  // confirms the recollection.
  const recalledAsk = RECALLED_ASK.exec(text.trim());
  if (recalledAsk) return `${swapPersons(recalledAsk[1].replace(/^(?!you\b|your\b)/i, 'you '))}.`;
  // "Do you live in Cardiff? I think you mentioned the bay.": a yes answers the yes/no question, not the aside.
  const asked = YES_NO.exec(text.trim());
  if (asked && asked[0].length < text.trim().length) text = asked[0];
  // "Did you say you play viola?" asks whether the user said it: a yes states what was said.
  let t = questionAsStatement(text.replace(/^\s*(?:did|didn't|didn’t)\s+you\s+(?:say|mention|tell\s+me|write)(?:\s+that)?\s+(?=you\b|your\b)/i, ''))
    .replace(/^\s*you\s+mentioned\s+being\s+/i, 'you are ')
    .replace(/\s*(?:,|[—–-])?\s*(?:is\s+that\s+still\s+(?:the\s+case|true|right|correct)|still\s+the\s+case)\s*\?/gi, '.')
    .replace(/\s*(?:,|[—–-])?\s*(?:right|correct|isn't\s+it|aren't\s+you|don't\s+you|didn't\s+you|is\s+that\s+right|is\s+that\s+correct|am\s+I\s+right|yes|yeah|yea|eh|innit|no|true)\s*\?/gi, '.')
    .replace(/^\s*(?:so|ok|okay|got\s+it|just\s+to\s+confirm|to\s+confirm|if\s+I\s+understand\s+correctly|let\s+me\s+check)\s*[,:]?\s*/i, '')
    .replace(/^\s*you\s+(?:said|mentioned|told\s+me|wrote)(?:\s+(?:earlier|before))?(?:\s+that)?\s+/i, '');
  t = t.replace(/\bI\b/g, '\u0000');
  for (const [re, rep] of FIRST_PERSON) t = t.replace(re, rep);
  t = t.replace(/\u0000/g, 'you');
  return t.replace(/\?+\s*$/, '.');
}

/**
 * An either/or question answered by one of its alternatives: "Sorry, is Pepper your dog or your cat?" — "dog! a
 * springer" → "Pepper is my dog." Null when the answer does not open with one of the alternatives.
 */
export function chosenAlternative(question: string, answer: string): string | null {
  // "Is it pilates or yoga you do on Wednesdays?" — "reformer pilates": the alternative the answer ends its first
  // phrase with is the object of the question's clause.
  const cleft = /\b(?:is|was)\s+it\s+(?:a\s+|an\s+|the\s+)?([\p{L}-]+)\s+or\s+(?:a\s+|an\s+|the\s+)?([\p{L}-]+)\s+(?:that\s+)?you\s+([\p{L}'’ -]+?)\s*\?\s*$/iu.exec(question.trim());
  if (cleft) {
    const said = answer.trim().split(/\s*(?:[,;.!?—–]|\s-\s)\s*/)[0].toLowerCase();
    const alt = [cleft[1], cleft[2]].map((a) => a.toLowerCase()).find((a) => said === a || said.endsWith(` ${a}`));
    if (!alt || said.split(/\s+/).length > 3) return null;
    const [verb, ...rest] = cleft[3].split(/\s+/);
    return `I ${verb} ${alt}${rest.length ? ` ${rest.join(' ')}` : ''}.`;
  }
  // "Zola: cat or dog? I forget": a name, then its alternatives with no verb, is asked the same way.
  const labelled = /(?:^|[.!?]\s+)([\p{Lu}][\p{L}'-]*)\s*[:—–-]\s*(?:(?:a|an|the|your)\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+or\s+(?:(?:a|an|the|your)\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s*\?/u.exec(question.trim());
  const m = /\b(?:[Ii]s|[Ww]as)\s+([\p{Lu}][\p{L}'-]*)\s+(?:your|a|an|the)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+or\s+(?:your|a|an|the)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s*\?\s*$/u.exec(question.trim()) ?? labelled;
  if (!m) return null;
  const first = /^\s*(?:(?:a|an|the|my)\s+)?([\p{L}-]+)/u.exec(answer)?.[1]?.toLowerCase();
  const said = answer.trim().toLowerCase().replace(/^(?:a|an|the|my)\s+/, '');
  const pick = [m[2], m[3]].find((alt) => alt.toLowerCase().split(/\s+/).pop() === first || (/\s/.test(alt) && said.startsWith(alt.toLowerCase())));
  return pick ? `${m[1]} is my ${pick}.` : null;
}

/** The thing a yes/no question is about, as the user would say it: "Do you still have the Vespa?" → "the Vespa". */
export function questionObject(question: string): string | null {
  const q = question.trim().replace(/\?+\s*$/, '');
  const m = /(?:\b(?:the|your|my|that|this)\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+|[\p{Lu}][\p{L}'&-]*(?:\s+[\p{Lu}][\p{L}'&-]*)*)$/u.exec(q);
  if (!m || /^(?:I|You|It)$/.test(m[0])) return null;
  return m[0].replace(/^your\b/i, 'my');
}

/**
 * The answer with the question's thing put back where the answer leaves it out: "sold it before the winter" → "sold
 * the Vespa before the winter"; "left in march" (an inflected verb the lexicon knows, then a time or a preposition) →
 * "left Unilever in march". Other answers are returned as they are.
 */
export function answerWithObject(answer: string, question: string, lex?: Lexicon): string {
  const thing = questionObject(question);
  if (!thing) return answer;
  if (/\bit\b/i.test(answer)) return answer.replace(/\bit\b/i, thing);
  const m = /^(\s*)([a-z]+)(?=\s+(?:in|on|at|last|before|after|during|back|ages|years?|months?|weeks?|a\s+(?:while|year|month|week)|\d)\b|\s*[,.!]|\s*$)/i.exec(answer);
  if (!m || !lex) return answer;
  const verb = m[2].toLowerCase();
  const lemma = lex.lemmas(verb, 'verb')[0];
  // An inflected verb (left → leave, sold → sell), not a bare word ("fine", "never").
  if (!lemma || lemma === verb) return answer;
  return `${m[1]}${m[2]} ${thing}${answer.slice(m[0].length)}`;
}

/**
 * The complement a "are you X (, or …)?" question offers, answered by one word of the same slot: "Are you vegan, or do
 * you eat dairy?" — "vegetarian, so cheese is fine" → "I am vegetarian." Null for any other answer; the extractor then
 * decides whether "I am W" states anything.
 */
export function namedComplement(question: string, answer: string): string | null {
  if (!/(?:^|[.!?]\s+)(?:are|were)\s+you\s+(?:still\s+)?(?:a\s+|an\s+)?[\p{L}-]+[^?]*\?\s*$/iu.test(question.trim())) return null;
  const m = /^\s*([\p{L}-]{3,})\s*(?:[,.!;—–-]|\s+(?:actually|now|mostly|though|really|tbh|these\s+days|nowadays|these\s+days|i\s+guess|i\s+suppose)\b|$)/iu.exec(answer);
  if (!m || /^(?:yes|yeah|yep|no|nope|nah|not|neither|both|sometimes|honestly|well|maybe|kind|sort|depends|ish)$/i.test(m[1])) return null;
  return `I am ${m[1].toLowerCase()}.`;
}

/**
 * A yes hedged into another value of the same slot: "Are you vegetarian?" — "yes — well, pescatarian" (after the yes, a
 * "well"/"actually"/"more like" and one word). The claim the question makes ("I am vegetarian") with its complement
 * replaced ("I am pescatarian."); null when the answer after the hedge is no single word or the claim is no "I am X".
 */
export function hedgedComplement(claim: string, afterYes: string): string | null {
  const hedge = /^\s*(?:well|actually|technically|more\s+like)\b[\s,—–-]*/i.exec(afterYes);
  if (!hedge) return null;
  const m = /^\s*(?:(?:a|an)\s+)?([\p{L}-]{3,})\s*(?:[,.!;—–-]|\s+(?:really|actually|mostly|tbh|these\s+days|nowadays)\b|$)/iu.exec(afterYes.slice(hedge[0].length));
  const c = /^I\s+am\s+(a\s+|an\s+)?([\p{L}-]+)/iu.exec(claim.trim());
  if (!m || !c || /^(?:yes|yeah|no|not|mostly|sort|kind|sometimes|both|neither|ish|kinda|sorta|a|an|the)$/i.test(m[1]) || m[1].toLowerCase() === c[2].toLowerCase()) return null;
  const w = m[1].toLowerCase();
  return `I am ${c[1] ? (/^[aeiou]/.test(w) ? 'an ' : 'a ') : ''}${w}.`;
}

/** Laughter and fillers before a short answer ("haha yep that's him", "oh yes"): the answer starts after them. */
export const LEAD_FILLER = /^\s*(?:(?:ha(?:ha)+|hah|lol|lmao|oh|ah+|hmm+|well|ooh|ha)\b[\s,!.]*)+/i;

/**
 * An answer that first echoes the question's value, then says yes: "Noor, yes" to "Your daughter's name is Noor,
 * right?", "Biscuit, yep" to "Is your dog called Biscuit?". The echo is one to three words the question says, as
 * they stand there; the length of the echo and its comma, or null.
 */
export function echoBeforeYes(question: string, answer: string): number | null {
  // "Saoirse yes, she's the eldest": the echo may run straight into its yes.
  const m = /^\s*((?:[\p{L}\p{N}'’-]+\s+){0,2}?[\p{L}\p{N}'’-]+)(?:\s*,\s*|\s+(?=(?:yes|yeah|yep|yup)\b))/iu.exec(answer);
  if (!m) return null;
  const echo = m[1].toLowerCase();
  const words = question.toLowerCase().replace(/[^\p{L}\p{N}'’\s-]/gu, ' ').split(/\s+/).join(' ');
  if (!` ${words} `.includes(` ${echo} `) || /^(?:yes|yeah|yep|no|nope|not|well|so|oh)$/.test(echo)) return null;
  return m[0].length;
}

/**
 * A short answer that ends in its "yes" ("slowly, but yes", "kind of, yeah"), with no denial before it; a sentence of
 * news may follow ("still there, yeah. cosmetics counter now").
 */
const LATE_YES = /^\s*(?:[\p{L}\p{N}'’-]+[\s,]+){1,4}(?:but\s+)?(?:yes|yeah|yep|yup|aye|yea)\s*(?:[.!]+\s+[^?]*)?[.!]*\s*$/iu;
/**
 * An answer that presupposes the yes by telling how often or how long ("every weekend, in a brass band", "for six
 * years now", "since 2019", "most days"): said to a yes/no question, it confirms it.
 */
const ELABORATED_YES = /^\s*(?:every|each|most|twice|once\s+a|always|daily|weekly|nightly|religiously|all\s+the\s+time|whenever|since\b|for\s+(?:\w+\s+){0,2}(?:years|months|weeks|ages|a\s+while|decades)|(?:\w+\s+)?(?:times?|days?|nights?)\s+a\s+(?:week|month))\b/i;
/** Leaving what was asked about: "left in May", "moved on", "got made redundant". */
const LEAVING = /\b(?:left|quit|resigned|moved\s+on|no\s+longer|not\s+there|finished|redundant|fired|sacked)\b/i;
const NEGATION_IN = /\b(?:not|never|no|nope|nah|n't|no\s+longer|anymore|any\s+more|stopped|quit|gave\s+up)\b|n[’']t\b/i;
/**
 * A yes/no question about the user: its last sentence opens with are/do/have/is + you/your, or states it with a
 * question mark ("So you live in Dunedin now?", "You're still at the bakery?").
 */
const YES_NO_ABOUT_YOU = /(?:^|[.!?]\s+)(?:(?:are|were|do|did|have|had|is|was)\s+(?:you|your)\b|(?:so|and|oh|ah|ok(?:ay)?)?[\s,]*(?:you|your)\b(?!\s+(?:know|think|mean|want|need|like|reckon)\b))[^.!?]*\?\s*$/i;

/**
 * A yes the answer implies without opening with it: a late "…but yes", or an elaboration of how often or how long,
 * said to a yes/no question about the user (or to a recollection the assistant asks about). Any denial in the answer
 * and it is no yes.
 */
export function impliedYes(question: string, answer: string): 'late' | 'elaborated' | null {
  // The question may be one sentence of a longer message ("You're diabetic, right? I'll keep it in mind.").
  const q = (question.trim().match(/[^.!?]*\?/g) ?? []).pop()?.trim() ?? question.trim();
  // "How's life at Google treating you?" — "still loving it": an answer that neither denies nor leaves keeps the place.
  if (LIFE_AT.test(q.replace(QUESTION_LEAD, ''))) return DENY.test(answer) || NEGATION_IN.test(answer) || LEAVING.test(answer) ? null : 'elaborated';
  if (!/\?\s*$/.test(q) || !(YES_NO_ABOUT_YOU.test(q) || RECALLED_ASK.test(q))) return null;
  const late = LATE_YES.exec(answer);
  if (late && !NEGATION_IN.test(answer.replace(/(?:but\s+)?(?:yes|yeah|yep|yup|aye|yea)\s*[.!]*\s*$/i, '')) && !LEAVING.test(answer)) return 'late';
  if (ELABORATED_YES.test(answer) && !NEGATION_IN.test(answer) && YES_NO_ABOUT_YOU.test(q)) return 'elaborated';
  return null;
}

/**
 * What an "any X?" / "what X?" question asks the user to list, and how the listed things read as a statement: "Any
 * allergies I should know about?" — "sesame, quite badly" → "I am allergic to sesame.". The asked class is the
 * question's noun (data: ASKED_CLASSES); the answer's first part, a few words of no pronoun, denial or question, fills it.
 */
const ASKED_CLASSES: ReadonlyArray<{ heads: string[]; statement: (things: string) => string; counted?: (count: string, rest: string) => string; had?: boolean }> = [
  { heads: ['allergy', 'allergies', 'intolerance', 'intolerances'], statement: (x) => `I am allergic to ${x}.` },
  // "Any kids?" — "one, Ilario, he's 4": the count, then who.
  { heads: ['kids', 'children', 'child', 'kid'], had: true, statement: (x) => `I have children, ${x}.`, counted: (n, rest) => `I have ${n} ${n === 'one' ? 'child' : 'children'}, ${rest}` },
  { heads: ['language', 'languages'], statement: (x) => `I speak ${x}.` },
  { heads: ['instrument', 'instruments'], statement: (x) => `I play ${x}.` },
  { heads: ['pet', 'pets', 'animals'], had: true, statement: (x) => `I have ${x}.` },
  { heads: ['hobby', 'hobbies', 'interests', 'pastimes'], statement: (x) => `My hobbies are ${x}.` },
];

/**
 * The speaker's statement of a listed class's things by the class's noun ("allergies" → "I am allergic to …"), without
 * its full stop; null for a noun no class has. Shared with the heading lists ("Allergies: sesame, kiwi").
 */
export function listStatement(head: string, things: string): string | null {
  const row = ASKED_CLASSES.find((r) => r.heads.includes(head.toLowerCase()));
  return row ? row.statement(things).replace(/\.$/, '') : null;
}
/** A counted kind and then a name: "a daughter, Chinasa", "one cat, Pilchard", "two boys — Ezra and Milo". */
const COUNTED_KIND = /^\s*(?:a|an|one|two|three|four|five|\d)\s+(?:[\p{Ll}-]+\s+)?[\p{Ll}-]+\s*(?:[,:—–(]|\s-\s)\s*[\p{Lu}]/u;
const NOT_A_LIST = /^(?:none|nothing|no|nope|nah|not|never|i|i'm|my|me|we|why|what|how|who|haha|lol|hmm|idk|dunno|yes|yeah|yep|maybe|sure|only|just|depends|kind|sort|loads|lots|plenty|some|a\s+few|one|mine|it|that|this)\b/i;
export function askedListAnswer(question: string, answer: string): string | null {
  const q = question.trim();
  if (!/\?\s*$/.test(q)) return null;
  const m = /\b(?:any|what|which|(?:do|did)\s+you\s+have|have\s+you\s+got)\s+(?:(?:other|food|dietary|major|any)\s+){0,2}([\p{L}]+)/iu.exec(q);
  const row = m ? ASKED_CLASSES.find((r) => r.heads.includes(m[1].toLowerCase())) : undefined;
  if (!row) return null;
  // "one cat, Pilchard, fat as a seal", "a daughter, Chinasa, she's 14": a counted kind, then its name — what is had.
  if (row.had && COUNTED_KIND.test(answer) && !NEGATION_IN.test(answer.split(/[,;]/)[0])) return `I have ${answer.trim().replace(/[.!]*$/, '.')}`;
  const first = answer.trim().split(/\s*(?:[,;.!?—–]|\s-\s|\bbut\b|\bthough\b)\s*/)[0].trim();
  const count = row.counted ? /^\s*(one|two|three|four|five|six|\d)\s*[,:—–-]\s*([\p{Lu}].*)$/su.exec(answer) : null;
  if (count && row.counted && !NEGATION_IN.test(answer)) return row.counted(count[1].toLowerCase(), count[2].trim().replace(/[.!]*$/, '.'));
  if (!first || first.split(/\s+/).length > 5 || NOT_A_LIST.test(first) || NEGATION_IN.test(answer)) return null;
  return row.statement(first);
}

/**
 * A wh-question about the user filled by a bare value: "What was your cat called again?" — "Marzipan" → "my cat is
 * called Marzipan."; "Where are you based again, Sligo?" — "Ballina, close enough" → "I live in Ballina."; "Which firm
 * are you with at the moment?" — "BDO, audit side" → "I work at BDO.". The question's shape decides the slot (data:
 * WH_SLOTS); an organisation-kind noun after which/what is a workplace question. The value is the answer's first
 * part: one to four words of no pronoun, yes/no or question.
 */
const NP = '((?:your|ur)\\s+(?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)';
const WH_SLOTS: ReadonlyArray<{ q: RegExp; name?: boolean; common?: boolean; statement: (m: RegExpExecArray, value: string) => string }> = [
  { q: new RegExp(`\\bwhat(?:'s|’s|\\s+is|\\s+was|\\s+are|\\s+were)\\s+${NP}\\s+(?:called|named)\\b`, 'iu'), name: true, statement: (m, v) => `${m[1]}'s name is ${v}.` },
  { q: new RegExp(`\\bwhat(?:'s|’s|\\s+is|\\s+was)\\s+${NP}(?:'s|’s)\\s+name\\b`, 'iu'), name: true, statement: (m, v) => `${m[1]}'s name is ${v}.` },
  { q: new RegExp(`\\bwhat(?:'s|’s|\\s+is|\\s+was)\\s+the\\s+name\\s+of\\s+${NP}`, 'iu'), name: true, statement: (m, v) => `${m[1]}'s name is ${v}.` },
  { q: /\bwhere\s+(?:are\s+you\s+(?:based|living|staying|located|settled)|do\s+you\s+(?:live|stay)|(?:'s|’s|is)\s+home(?:\s+for\s+you)?(?:\s+these\s+days)?)\b/i, statement: (_m, v) => `I live in ${v}.` },
  { q: /\b(?:who\s+(?:do\s+you\s+work\s+for|are\s+you\s+(?:with|working\s+for))|where\s+do\s+you\s+work|where\s+are\s+you\s+working)\b/i, statement: (_m, v) => `I work at ${v}.` },
  // "What do you do for work?" — "dog groomer, mostly doodles": an occupation, said as a common noun.
  { q: /\bwhat\s+(?:do|did)\s+you\s+do(?:\s+(?:for\s+(?:work|a\s+living|a\s+job|money)|again|these\s+days|now|nowadays|then))*\s*\?|\bwhat(?:'s|’s|\s+is)\s+your\s+(?:job|line\s+of\s+work|profession|occupation|trade)\b|\bwhat\s+(?:kind|sort|line)\s+of\s+work\b/i, common: true, statement: (_m, v) => `I work as ${/^(?:a|an|the)\s/i.test(v) ? '' : /^[aeiou]/i.test(v) ? 'an ' : 'a '}${v}.` },
];
/** "still at Hema", "in Whanganui", "with Mott MacDonald": the preposition the slot's statement says itself. */
const SLOT_PREPOSITION = /^(?:(?:still|now|currently)\s+)?(?:at|with|in|for)\s+(?=\S)/i;
/** "Which firm are you with?", "What company do you work for?": a workplace question when the noun is an organisation. */
const WHICH_ORG = /\b(?:which|what)\s+([\p{L}-]+)\s+(?:are\s+you\s+(?:with|at|working\s+(?:for|at))|do\s+you\s+work\s+(?:for|at|with)|(?:are|do)\s+you\s+work\s+(?:for|at))\b/iu;
const NOT_A_VALUE = /^(?:none|nothing|no|nope|nah|not|never|i|i'm|im|my|me|we|you|why|what|how|who|haha|lol|hmm|idk|dunno|yes|yeah|yep|maybe|sure|it|that|this|same|still|well|oh|um|erm|both|either|neither|ask|guess|secret|depends)\b/i;
export function filledQuestion(question: string, answer: string, isOrganization: (noun: string) => boolean, kindOfNoun?: (noun: string) => string | null): string | null {
  const q = (question.trim().match(/[^.!?]*\?/g) ?? []).pop()?.trim() ?? '';
  if (!q) return null;
  const first = answer.trim().split(/\s*(?:[,;.!?()—–:]|\s-\s|[\p{Extended_Pictographic}])\s*/u)[0].replace(/\s+(?:now|again|actually|these\s+days|nowadays|tbh|lol|haha)$/i, '').trim().replace(SLOT_PREPOSITION, '');
  if (!first || first.split(/\s+/).length > 4 || NOT_A_VALUE.test(first) || NEGATION_IN.test(first)) return null;
  const value = first.replace(/(^|\s)([\p{Ll}])/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());
  for (const row of WH_SLOTS) {
    const m = row.q.exec(q);
    if (m) return row.statement(m, row.common ? first.toLowerCase() : row.name ? value.split(/\s+/)[0] : value).replace(/^(?:your|ur)\b/i, 'my');
  }
  const org = WHICH_ORG.exec(q);
  if (org && isOrganization(org[1])) return `I work at ${value}.`;
  // "Which city are you based in these days?" — "Uppsala": the asked noun's kind (the lexicon's) names the slot.
  const which = kindOfNoun ? WHICH_NOUN.exec(q) : null;
  const kind = which ? kindOfNoun!(which[1].toLowerCase()) : null;
  const slot = kind ? WHICH_KIND_STATEMENT[kind] : undefined;
  if (!slot || NOT_A_VALUE.test(first)) return null;
  // "Which town are you from?" asks where one comes from, not where one lives.
  return kind === 'location' && /\bfrom\s*\?\s*$/i.test(q) ? `I am from ${value}.` : slot(value);
}
/** "Which city are you…?", "What car do you…?": which/what, a noun, then "are/do … you". */
const WHICH_NOUN = /\b(?:which|what)\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)\s+(?:are|were|do|did|is|have)\s+you\b[^?]*\?\s*$/iu;
/** The statement a which-question's answer makes, by the kind of the noun asked about. */
const WHICH_KIND_STATEMENT: Readonly<Record<string, (v: string) => string>> = {
  location: (v) => `I live in ${v}.`,
  vehicle: (v) => `I drive ${v}.`,
  language: (v) => `I speak ${v}.`,
};

/**
 * An answer that names the thing a question's verb or noun asks after, read into the question's own clause: "How old
 * is your daughter now?" — "Cressida just turned 5!" → "my daughter Cressida just turned 5!" (or "— 7" → "my daughter is
 * 7."); "Do you drive?" — "a Reliant Robin, don't laugh" → "I drive a Reliant Robin." (a verb asked without its object,
 * answered by a noun phrase: an article, a possessive or a name first). Null for any other exchange.
 */
const HOW_OLD = /\bhow\s+old\s+(?:is|'s|’s)\s+(your\s+(?:[\p{Ll}-]+\s+)??[\p{Ll}-]+)(?:\s+(?:now|these\s+days|again))?\s*\?\s*$/iu;
const HOW_OLD_YOU = /\bhow\s+old\s+are\s+you\b[^?]*\?\s*$/i;
const WHAT_DOING = /(?:^|[.!?]\s+)(?:so\s+|and\s+)?what\s+(?:are|were)\s+you\s+([\p{Ll}]+ing)(?:\s+(?:these\s+days|now|nowadays|at\s+the\s+moment|lately))?\s*\?\s*$/iu;
const BARE_VERB_ASK = /(?:^|[.!?]\s+)(?:[Ss]o\s+|[Aa]nd\s+)?[Dd]o\s+you\s+(?:still\s+)?([\p{Ll}]+)(?:\s+(?:at\s+all|much|anything|these\s+days|nowadays))?\s*\?\s*$/u;
const NOUN_PHRASE_ANSWER = /^\s*((?:a|an|the|my|our)\s+(?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+|[\p{Lu}][\p{L}\p{N}'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}'’-]*){0,2})\s*(?:[,;.!—–]|\s-\s|$)/u;
export function answeredClaim(question: string, answer: string, isVerb: (word: string) => boolean): string | null {
  const q = question.trim();
  const a = answer.trim();
  // "How old are you?" — "47 next week haha": a number first is the speaker's age, or the one they are about to turn.
  if (HOW_OLD_YOU.test(q)) {
    const n = /^(?:I['’]?m\s+|I\s+am\s+|just\s+turned\s+|turned\s+)?(\d{1,3})(?:\s+(?:years?\s+old|yrs?|y\/?o))?\b\s*(.*)$/i.exec(a);
    if (!n || Number(n[1]) > 120) return null;
    const soon = /^(?:next|this\s+(?:coming\s+)?(?:week|month|year)|in\s+(?:a|two|\d+)\s+(?:days?|weeks?|months?)|on\s+\S+|soon|tomorrow)\b[^,;.!?]*/i.exec(n[2]);
    return soon ? `I turn ${n[1]} ${soon[0].trim()}.` : `I am ${n[1]}.`;
  }
  const old = HOW_OLD.exec(q);
  if (old) {
    const np = old[1].replace(/^your\b/i, 'my');
    if (/^\d{1,2}\b/.test(a)) return `${np} is ${a.replace(/[.!]*$/, '.')}`;
    const name = /^([\p{Lu}][\p{Ll}'’-]+)\s+(?=\S)/u.exec(a);
    return name && !NOT_A_VALUE.test(name[1]) ? `${np} ${a}` : null;
  }
  // "What are you driving these days?" — "a knackered old Mitsubishi Pajero": the object of the asked doing.
  const doing = WHAT_DOING.exec(q);
  const object = doing ? NOUN_PHRASE_ANSWER.exec(a) : null;
  if (doing && object && !NOT_A_VALUE.test(object[1]) && !NEGATION_IN.test(a.split(/[,;.!]/)[0])) return `I am ${doing[1].toLowerCase()} ${object[1]}.`;
  const verb = BARE_VERB_ASK.exec(q);
  const np = verb && isVerb(verb[1]) ? NOUN_PHRASE_ANSWER.exec(a) : null;
  if (!verb || !np || NOT_A_VALUE.test(np[1]) || NEGATION_IN.test(a.split(/[,;.!]/)[0])) return null;
  return `I ${verb[1]} ${np[1]}.`;
}

/**
 * The value a "no" to a "still" question puts in place of the asked one: "Are you still at the Co-op Bank?" — "nope,
 * Nationwide now" → "I am at Nationwide now.". The rest of the answer is a name (capitalised) of one to three words,
 * with at most a "now" after it.
 */
export function replacedValue(question: string, rest: string): string | null {
  const m = /^\s*((?:[\p{Lu}][\p{L}&'’-]*)(?:\s+[\p{Lu}][\p{L}&'’-]*){0,2})\s*(?:now|these\s+days|nowadays|instead)?\s*[.!]*\s*$/u.exec(rest);
  const thing = questionObject(question);
  if (!m || !thing) return null;
  const claim = assistantClaimToFirstPerson(question).replace(/\bstill\s+/i, '');
  const at = claim.lastIndexOf(thing.replace(/^my\b/, 'my'));
  if (at < 0) return null;
  return `${claim.slice(0, at)}${m[1]}${claim.slice(at + thing.length).replace(/\.?\s*$/, '')} now.`;
}
