/**
 * @module core/extraction/sentences
 * Sentence-level screening and clause splitting: questions, hypotheticals, wishes, jokes and
 * sarcasm, requests to the assistant and reported speech are recognised here so that rules
 * never see them; sentences are split into clauses at conjunctions that start a new subject.
 */

import { perTurn } from './turn-memo.ts';
import { KIN_TITLES } from './lexicon.ts';

/**
 * Contractions expanded so rules see one form ("I'm" → "I am", "don't" → "do not"). Pure; within one extraction each
 * sentence is expanded once (the sentence reader and the learned layer both read it). The screening readers below are
 * memoised the same way: the sentence reader, its recursive reads and the learned layer screen each sentence again.
 */
export const expandContractions: (s: string) => string = perTurn(expandUncached);

/** A possessed relative or a kin title before 's and an age (not an ordinal): "Mum's 67", "my brother's 40 now". */
const KIN_AGE = new RegExp(`(^|[.!?,;]\\s*|\\band\\s+|\\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\\s+(?:[a-z-]+\\s+)?)((?:${KIN_TITLES.join('|')})|(?<=(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\\s+(?:[a-z-]+\\s+)?)[a-z]+)'s\\s+(?=\\d{1,3}(?!\\d|st|nd|rd|th|\\s*(?:%|pounds|quid|dollars|euros|grand|k\\b)))`, 'gi');

function expandUncached(s: string): string {
  const straight = s.replace(/[’‘]/g, "'");
  // Every contraction below needs an apostrophe: without one, only the apostrophe-less chat spellings are read.
  return chatSpellings(straight.includes("'") ? apostrophes(straight) : straight);
}

function apostrophes(s: string): string {
  return s
    .replace(/\b(I|i)'m\b/g, 'I am')
    .replace(/\b(I|i|we|We|you|You|they|They)'ve\b/g, '$1 have')
    .replace(/\b(I|i|we|We|you|You|they|They|he|He|she|She)'d\b/g, '$1 would')
    .replace(/\b(I|i|we|We|you|You|they|They|he|He|she|She|it|It)'ll\b/g, '$1 will')
    .replace(/\b(we|We|you|You|they|They)'re\b/g, '$1 are')
    // "she's lived there for ages", "he's taken up woodworking": 's before a past participle is "has".
    .replace(/\b(it|It|that|That|he|He|she|She|there|There|who|Who)'s(\s+(?:(?:always|never|just|already|finally|recently|actually|since|also)\s+)?)(?=(?:been|got|gotten|had|taken|made|done|gone|become|grown|seen|known|spoken|written|lived|worked|stayed|moved|started|joined|visited|travell?ed|learned|learnt|decided|finished|tried|picked|signed|bought)\b)/g, '$1 has$2')
    .replace(/\b(it|It|that|That|he|He|she|She|there|There|what|What)'s\b/g, '$1 is')
    // A bare name before a participle ("Alfie's gone to live…", "biscotti's gone to my niece's"): 's is "has"; before
    // a verb in -ing ("marmite's living with…") it is "is", unless the -ing word heads a noun ("Ana's living room").
    .replace(/(^|[.!?,;]\s*|\band\s+)([\p{L}][\p{L}-]+)'s(\s+(?:(?:just|already|finally|now|sadly)\s+)?)(?=(?:been|gone|got|had|passed|died|moved|become|grown)\b)/gu, '$1$2 has$3')
    .replace(/(^|[.!?,;]\s*|\band\s+)([\p{L}][\p{L}-]+)'s(\s+(?:(?:now|still)\s+)?)(?=(?:living|staying|moving|going)\b(?!\s+(?:room|costs?|expenses|wage|space|area|arrangements?|standards?)\b))/gu, '$1$2 is$3')
    // "my sister's a vet", "my mum's from Recife", "our son's been ill": a possessor noun before a
    // predicate head is "is"/"has", not a possessive ("my sister's car" keeps its 's).
    .replace(/\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[a-z-]+\s+)?[a-z]+)'s(\s+(?:(?:always|never|just|already|finally|recently|also|still|now)\s+)?)(?=(?:been|got|gotten|had|taken|lived|worked|moved|started|become|gone)\b)/g, '$1 has$2')
    // "Mum's 67 now", "my sister's 30": before an age, 's is "is" ("my sister's 30th" keeps its possessive).
    .replace(KIN_AGE, '$1$2 is ')
    .replace(/\b((?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:[a-z-]+\s+)?[a-z]+)'s\s+(?=(?:a|an|from|in|at|still|now|also|always|never|just|moving|living|working|studying|getting|starting|going|staying|pregnant|called|named|married|engaged|single|retired|divorced|vegan|vegetarian|allergic|obsessed|originally|based|fluent|training|learning|doing|off|back|home|away|into|on\s+(?:a|the)\s+\w+\s+diet)\b)/g, '$1 is ')
    .replace(/\bcan't\b/gi, 'cannot')
    .replace(/\bwon't\b/gi, 'will not')
    .replace(/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n't\b/gi, '$1 not');
}

function chatSpellings(s: string): string {
  return s
    // Apostrophe-less chat spellings: "im a nurse", "ive been", "dont", "didnt".
    .replace(/\b[Ii]m\b/g, 'I am')
    .replace(/\b[Ii]ve\b/g, 'I have')
    .replace(/\b(do|does|did|is|was|are|were|have|has)nt\b/gi, '$1 not')
    .replace(/\bcant\b/gi, 'cannot')
    .replace(/\bi\b/g, 'I');
}

const QUESTION_START =
  /^(?:do|does|did|can|could|would|will|should|shall|is|are|am|was|were|have|has|what|what's|where|when|why|who|whom|which|how|any\s+idea|any\s+tips)\b/i;

/** A question asks, it does not state. Tag questions ("..., right?") are questions too. */
export const isQuestion: (s: string) => boolean = perTurn(isQuestionUncached);
function isQuestionUncached(s: string): boolean {
  const t = s.trim();
  // "…and I actually loved it?": a statement the speaker marvels at (declarative order, "actually"/"genuinely" before a
  // past verb, nothing asked of anyone) is no question.
  if (/\?\s*["')\]]*\s*$/.test(t) && !QUESTION_START.test(t) && !/\byou\b/i.test(t) && /\bI\s+(?:actually|genuinely)\s+[\p{L}]+(?:ed|t)\b[^?]*\?\s*$/u.test(t)) return false;
  if (/\?\s*["')\]]*\s*$/.test(t)) return true;
  return QUESTION_START.test(t) && !/^(?:what\s+I|when\s+I|where\s+I|how\s+I)\b/i.test(t) && /\b(?:you|your|I|we)\b/.test(t) && !/[.!]\s*$/.test(t);
}

const HYPOTHETICAL =
  /\b(?:if\s+(?:I|we|only)|imagine|I\s+wish|we\s+wish|I\s+would\s+(?:love|like)\s+to|what\s+if|suppose|supposing|pretend|in\s+a\s+world|maybe\s+(?:someday|one\s+day)|someday|one\s+day\s+I|I\s+might|we\s+might|hypothetically|in\s+theory|fantasi[sz]e|daydream|dream\s+of|I\s+would\s+be|I\s+would\s+have|would\s+be\s+nice|(?:thinking|thought)\s+(?:about|of)\s+(?:maybe|possibly|perhaps)\s+\w+ing|considering\s+(?:maybe|possibly|perhaps)\s+\w+ing|toying\s+with\s+the\s+idea|on\s+the\s+fence\s+about)\b/i;
/**
 * A wish or a supposition that opens the sentence with its subject left out: "wish I could play the cello", "really
 * wish I spoke Italian", "say I moved to Lyon, …", "let's say we bought a van…".
 */
const OPENS_UNREAL = /^\s*(?:(?:oh\s+|honestly\s+|really\s+|so\s+|just\s+|still\s+)*wish(?:ing)?\b|(?:let['’]?s\s+|but\s+|ok\s+|okay\s+|so\s+)?say\s+(?:I|we)\b)/i;
/**
 * Deliberation: the speaker weighing a step with a modal of advice, not taking it — "maybe I should get a dog", "I
 * should try a low-salt diet", "perhaps we could take up tennis". The verbs are those of acquiring, trying or starting
 * (a short list of light verbs), opening the sentence: "I'm vegan, so I should try the lentil curry" keeps its fact.
 */
const DELIBERATE = /^\s*(?:(?:ok|okay|hmm+|so|honestly|well|idk)[,\s]+)*(?:(?:maybe|perhaps|probably)\s+(?:I|we)\s+(?:should|could|ought\s+to)|(?:I|we)\s+(?:should|ought\s+to)\s+(?:(?:really|probably|maybe|just|finally)\s+)?(?:try|get|start|go|take\s+up|look\s+into|consider|think\s+about|adopt|buy|learn|switch\s+to))\b/i;
export const isHypothetical: (s: string) => boolean = perTurn(isHypotheticalUncached);
function isHypotheticalUncached(s: string): boolean {
  return HYPOTHETICAL.test(s) || OPENS_UNREAL.test(s) || DELIBERATE.test(s);
}

/** Joke and sarcasm markers: "oh sure, I just LOVE ...", "yeah right", "lol I'm basically ...". */
export const isJokeOrSarcasm: (s: string) => boolean = perTurn(isJokeOrSarcasmUncached);
function isJokeOrSarcasmUncached(s: string): boolean {
  // Interjections may pile up before the mock assent: "oh yeah sure, I'll just…", "ah well sure, I totally…".
  if (/^\s*(?:(?:oh|ah|yeah|well|ok|okay)[,!]?\s+)*(?:sure|yeah\s+right|right|as\s+if|totally|oh\s+great|oh\s+joy|wow\s+great)\b[,!.]?\s/i.test(s) && /\b(?:just|totally|so|really|LOVE)\b/.test(s)) return true;
  // "Sure, and I'm the king of France": a mock continuation ("Oh yeah, and I'm vegan" is a real aside, not screened).
  if (/^\s*(?:oh\s+)?sure[,!]?\s+and\s+I(?:'m|\s+am)\s+(?:the|a|an)\b/i.test(s)) return true;
  if (/\byeah\s+right\b|\bas\s+if\b|\bnot!\s*$|\/s\s*$|\bjk\b|\bjust\s+kidding\b|\bkidding\b/i.test(s)) return true;
  if (/\b(?:lol|lmao|rofl|haha+|hehe)\b/i.test(s) && /\b(?:basically|literally|officially|practically|professional|certified|world\s+champion)\b/i.test(s)) return true;
  // Shouted verb after "just": "I just LOVE waiting".
  if (/\bjust\s+[A-Z]{3,}\b/.test(s)) return true;
  return false;
}

/** Requests and instructions to the assistant: they carry preferences, not facts. */
export const isRequest: (s: string) => boolean = perTurn(isRequestUncached);
function isRequestUncached(s: string): boolean {
  // "Give me spreadsheets over slide decks any day": a stated taste, not a request.
  if (/^\s*give\s+me\s+.+?\s+(?:over|before|instead\s+of|rather\s+than)\s+.+|^\s*give\s+me\s+.+?\s+any\s+day\b/i.test(s)) return false;
  return /^\s*(?:can\s+you|could\s+you|would\s+you|will\s+you|please|translate|write|tell\s+me|give\s+me|explain|show\s+me|help\s+me|summari[sz]e|list|find|make|create|generate|draft|rewrite|fix|check|remind\s+me|let's)\b/i.test(s);
}

/** Quotation or mention rather than statement: "Translate 'I am a doctor'". */
export function stripQuotes(s: string): string {
  return s.replace(/"[^"]*"|“[^”]*”|'[^']{3,}'(?!\w)/g, ' ');
}

const SUBJECT_START = "(?:I|we|We|my|My|our|Our|it|It|they|They|he|He|she|She|so\\s+I|and\\s+I)\\b";
/** A day as a clause's subject, then its copula ("today was my last day"). */
const DAY_CLAUSE = '(?:today|yesterday|tonight|tomorrow|this\\s+morning|last\\s+night)\\s+(?:was|is|will\\s+be)\\s';
const CLAUSE_SPLIT = new RegExp(
  `(?:\\s*[,;]\\s*(?:(?:and|but|so|because|though|although|while|plus|yet)\\s+)?|\\s+[-–—]+\\s+|\\s+(?:and|but|so|because|though|although|while|plus|yet|as)\\s+)(?=(?:[a-z]+ly\\s+)?${SUBJECT_START})` +
    // "I used to teach but now I'm a plumber": a contrast with the present, then its subject.
    `|\\s*,?\\s+but\\s+(?=(?:now|nowadays|these\\s+days|today)\\s+${SUBJECT_START})` +
    // "I'm retired now, used to be a postman": a comma, then a subjectless clause of what used to be.
    `|\\s*[,;]\\s*(?:(?:and|but|though)\\s+)?(?=used\\s+to\\s+[a-z])` +
    // ", but London's been home…", "; though Maya is older": a contrast that opens with a capitalised subject and its verb.
    `|\\s*,\\s*(?:but|though|although|yet|whereas|while)\\s+(?=[A-Z][a-z]+(?:'s|’s|\\s+(?:is|was|has|have|are|were)\\b))` +
    // "served my notice and today was my last day at TCS": a day as the next clause's subject, then its copula.
    `|\\s*,?\\s+(?:and|but|so)\\s+(?=${DAY_CLAUSE})` +
    // "my dad is 64, and in June he's taking a cruise": a coordinated clause that opens with a time adverbial, then its subject.
    `|\\s*,?\\s+(?:and|so)\\s+(?=(?:in|on|at|by|next|last|this|after|before|since|from)\\s+[^,;.!?]{1,25}?\\s+(?:he|she|they|I|we)\\s+[a-z])` +
    // ", Thaddeus from accounts is allergic…": a named person placed by a group they share with the speaker, and a verb.
    `|\\s*,\\s*(?=[A-Z][a-z]+\\s+(?:from\\s+(?:the\\s+|my\\s+)?[a-z]+|next\\s+door)\\s+(?:is|was|has|had)\\b)` +
    // "the Micra died on the A66 and the mechanic said not worth fixing": someone else's report after the speaker's clause.
    `|\\s*,?\\s+(?:and|but|so)\\s+(?=(?:the|his|her|their|my|our)\\s+(?:[A-Za-z]+\\s+){0,2}?(?:said|says|reckons|reckoned|told|tells|thinks|thought)\\b)` +
    // "gave Fandango away yesterday, with the new baby I just couldn't…": a reason phrase opening the speaker's next clause.
    `|\\s*,\\s*(?=(?:with|what\\s+with|since|now\\s+that|after)\\s+(?:[A-Za-z'’-]+\\s+){1,4}(?:I|we)\\s)` +
    // "ok I get it now, running is actually brilliant": a comma, then an activity's gerund as the next clause's subject.
    `|\\s*,\\s*(?:(?:and|but|so)\\s+)?(?!(?:some|no|any|every)thing\\b)(?=[a-z]{3,}ing\\s+(?:is|are|has\\s+been)\\s)` +
    // "Left Tesco last week, starting at Aldi next month": a past clause, then a new start said as a bare gerund.
    `|(?<=\\b(?:[Ll]eft|[Qq]uit|[Ff]inished|[Rr]esigned\\s+from|done\\s+at)\\s[^,;.!?]*)\\s*,\\s*(?:(?:and|but|now)\\s+)?(?=(?:starting|joining|beginning)\\s+(?:at|with)\\s+[A-Z])` +
    // "So that's it then: nine years at…": a lead-in clause with its own verb, then a colon and the statement.
    `|\\s*:\\s+(?=[a-z])(?<=\\b(?:is|it's|that's|was|are|happened|news|update)(?:\\s+(?:it|that|then|now|official|done))*\\s*:\\s+)`,
  'g',
);

const DAY_SUBJECT = new RegExp(`^${DAY_CLAUSE}`, 'i');

const OPENER = /^(?:last|next|this|yesterday|today|tonight|tomorrow|on|in|at|after|before|since|during|when|once|earlier|later|two|three|a\s+(?:few|couple)|the\s+other|over\s+the|back\s+in|every|each|recently|lately|finally|originally|honestly|so|anyway)\b/i;

/** Splits a sentence into clauses at conjunctions that introduce a new subject. */
export function splitClauses(sentence: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of sentence.matchAll(CLAUSE_SPLIT)) {
    const idx = m.index ?? 0;
    const left = sentence.slice(last, idx).trim();
    // "Sam and I", "My boyfriend Tom and I": coordination of subjects, not clauses.
    // A short left part with its own copula or auxiliary is a clause ("I am 58 and I have…").
    // So is one with its own subject and a verb in the past ("bloods came back and it's anaemia").
    if (left.split(/\s+/).length < 4 && /^\s+and\s+/i.test(m[0]) && !DAY_SUBJECT.test(sentence.slice(idx + m[0].length)) && !/^(?:I|we|you|he|she|they)\s+(?:am|are|is|was|were|have|has|had)\b/i.test(left) && !(left.split(/\s+/).length >= 2 && !PAST_CUE.test(left.split(/\s+/)[0]) && PAST_CUE.test(left.replace(/\b(?:yesterday|ago|last|earlier|previously)\b/gi, '')))) continue;
    if (left.split(/\s+/).length < 2) continue;
    // "Last week, I built…", "After the party, we…": an opening adverbial belongs to the clause it introduces.
    // ("so it's official, I handed in…": a lead-in with a verb of its own is a clause of its own.)
    // ("So proud of my brother Ollie, he…": "so" before an adjective and its object is a fragment of its own.)
    if (out.length === 0 && last === 0 && OPENER.test(left) && left.split(/\s+/).length <= 6 && !m[0].includes(':') && !/\b(?:it|that)(?:['’]s|\s+is|\s+was)\b/i.test(left) && !/^so\s+[a-z]+\s+(?:of|about|for|with)\s/i.test(left)) continue;
    out.push(left);
    last = idx + m[0].length;
  }
  out.push(sentence.slice(last).trim());
  return out.filter((c) => c.length > 0);
}

/** Discourse markers stripped from the start of a clause. */
export const stripMarkers: (s: string) => string = perTurn(stripMarkersUncached);
function stripMarkersUncached(s: string): string {
  let t = s.trim();
  for (let i = 0; i < 4; i++) {
    const n = t.replace(
      /^(?:so|well|and|but|also|anyway|anyways|honestly|frankly|basically|btw|ngl|tbh|imo|lowkey|by\s+the\s+way|oh|yeah|yes|yep|ok|okay|hey|hi|hello|um|uh|lol|haha|for\s+the\s+record|fun\s+fact|update|news|guess\s+what|good\s+news|big\s+news|just\s+so\s+you\s+know|fyi|plus|still|then|now|ah|hmm|wow|ugh|sadly|luckily|finally|unfortunately|thankfully|(?:I\s+)?(?:gotta|have\s+to|got\s+to|must|need\s+to)\s+(?:admit|say|confess)|not\s+gonna\s+lie|I(?:['’]ll|\s+will)\s+be\s+honest|to\s+be\s+(?:fair|honest)|tbf|in\s+fairness|truth\s+be\s+told|right(?=\s*[,!]))\b[,:!]?\s*/i,
      '',
    );
    if (n === t) break;
    t = n;
  }
  return t;
}

/** Adverbs between "and" and a second predicate's verb ("and still works", "and just had"). */
const COORD_ADVERBS = new Set(['still', 'also', 'now', 'just', 'currently', 'recently', 'already', 'finally', 'even', 'then', 'actually', 'only']);
/**
 * A predicate coordinated with the first under one subject: "is 45 and teaches maths in Ponta Delgada" → first "is
 * 45", second "teaches maths in Ponta Delgada"; "is 63 and just had bunion surgery". The word after "and" (past its
 * adverbs) must be a verb to the tagger, and both sides at least two words; a list of objects ("loves cats and dogs")
 * or a predicate the first one already reads on ("came and went") is no second predicate. An age and then a role under
 * one copula ("is 37 and a paramedic") is two predicates. Null when there is none.
 */
export function coordinatedPredicate(pred: string, tag: (text: string) => ReadonlyArray<{ lower: string; pos: string }>): { first: string; second: string } | null {
  // "is 37 and a paramedic in Leicester": an age, then a role under the same copula.
  const role = /^((is|was|am|are)\s+\d{1,3})\s*,?\s+and\s+((?:a|an)\s+\S.*)$/i.exec(pred);
  if (role) return { first: role[1], second: `${role[2]} ${role[3]}` };
  const m = /^(.+?)(?:\s*,\s*|\s+)and\s+(.+)$/i.exec(pred);
  // "is a lifeguard, 58 and still swims": a bare age before "and" opens a verbless clause of its own.
  if (!m || m[1].trim().split(/\s+/).length < 2 || /,\s*\d{1,3}$/.test(m[1].trim())) return null;
  const tokens = tag(m[2]);
  let k = 0;
  while (k < tokens.length && COORD_ADVERBS.has(tokens[k].lower)) k++;
  const verb = tokens[k];
  // "drives the night bus": an -s form the tagger took for a plural noun, before a determiner, is the verb.
  const verbal = !!verb && (['VERB', 'AUX'].includes(verb.pos) || (verb.pos === 'NOUN' && /[a-z]s$/.test(verb.lower) && tokens[k + 1]?.pos === 'DET'));
  if (!verb || !verbal || tokens.length - k < 2 || /ing$/.test(verb.lower) !== (k > 0 && tokens[k - 1].lower === 'still' && /ing$/.test(verb.lower))) return null;
  return { first: m[1].trim(), second: m[2].trim() };
}

/** A word or phrase of the past (a past-tense form, "yesterday", "ago"): a clause holding one tells of the past. */
export const PAST_CUE =
  /\b(?:yesterday|ago|last|earlier|previously|went|was|were|had|did|got|ran|took|saw|made|came|left|lost|sold|bought|began|found|gave|met|spent|won|wrote|drove|flew|felt|ate|broke|thought|taught|caught|brought|kept|slept|sang|swam|rode|threw|held|told|said|heard|paid|built|sent|fell|grew|knew|wore|chose|woke|forgot|sat|stood|\w+ed)\b/i;
