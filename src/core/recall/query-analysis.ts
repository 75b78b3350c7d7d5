/**
 * @module core/recall/query-analysis
 * Turns a recall question into weighted index terms and intents: original content terms
 * (weight 1), question filler ("what kind of", "mention") down-weighted, key-vocabulary and
 * synonym expansions (always below the original terms), names the question mentions, and the
 * temporal / past / list intents that steer ranking and assembly. Pure.
 */
import { KEY_SENSES, KEY_VOCABULARY } from '../extraction/key-vocabulary.ts';
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import { expansionsOf } from './synonyms.ts';
import { chatForms } from './chat-forms.ts';
import { askFrameTerms, isAppliedAsk, isGenericAsk, isHowToAsk, isInferenceAsk, isOpinionAsk, stanceTerms } from './ask.ts';
import { kindToken } from '../text/enrich.ts';
import { rangeTokens } from '../text/date-tokens.ts';
import { questionDate } from './question-dates.ts';

export { questionDate };
import { ancestorLemmas, kindsOf, type NounKind } from '../lexicon/kinds.ts';
import { ByteLru, stringBytes } from '../byte-lru.ts';
import { dataRecord } from '../data-record.ts';
import type { Lexicon } from '../ports.ts';
import { mapPacked } from '../packed.ts';

export type TermSource = 'query' | 'filler' | 'name' | 'key' | 'synonym' | 'feedback' | 'kind';

export interface QueryTerm {
  term: string;
  weight: number;
  source: TermSource;
  /** For a kind feature (`_kfood`): the question's own term it stands for ("eat"); a match covers it. */
  covers?: string;
  /**
   * Share of its weight the term counts with in the relevance gate's coverage (default 1): an
   * everyday word of the question ("write", "small", "plan") says less about whether its topic was
   * discussed than a rare one (`QUERY.commonCover`).
   */
  cover?: number;
}

export interface AnalyzedQuery {
  raw: string;
  /** Distinct terms with their weights (the highest weight wins when sources overlap). */
  terms: QueryTerm[];
  /** Lower-cased names the question mentions (capitalised words, or known names). */
  names: string[];
  /** A named person's relative asked about ("Trang's parents" → { name: 'trang', kin: 'parents' }; namedKin), else null. */
  namedKin?: { name: string; kin: string } | null;
  /** The sex of the kin the question names, when it names one only ("my dad" → male; kinSex). */
  kinSex?: 'male' | 'female' | null;
  /**
   * Names in an oblique position — possessive ("Gina's store"), after a preposition ("recommend
   * to Melanie") — unless "according to": when a question names several people, the others are
   * the ones it asks about as speakers.
   */
  oblique: string[];
  /** Canonical memory keys the question asks for ("where does she live" → location). */
  keys: string[];
  /** "when", "how long ago", "what year", "before/after": dated lines matter. */
  temporal: boolean;
  /** "used to", "previously", "before moving": superseded facts are wanted. */
  past: boolean;
  /** "what activities…", "which books…", plural asks: several lines are the answer. */
  list: boolean;
  /** "how many times…", "how many … has she…": a count, answered by every occurrence (spread across sessions). */
  count: boolean;
  /** "how long…", "for how many years…": a duration, answered by a turn that states one ("for four years", "since 2016"). */
  duration: boolean;
  /** "recently", "latest", "now", "these days": the newest matching lines matter most. */
  recent: boolean;
  /** A date the question names ("on 13 October 2023", "in July 2022"): [from, to) ISO dates. */
  dateRange: { from: string; to: string } | null;
  /**
   * Months (1–12) a question names without a year ("in June", "last summer", "during the
   * winter"): no calendar range, but a turn of (or referring to) one of them fits. Null when none
   * or when a full date is named.
   */
  months: number[] | null;
  /** Personalisation intents ("suggest a recipe" → food) whose stable keys answer the question. */
  intents: string[];
  /** Help with a task ("recommend…", "what should I cook?"), not a question about a stored fact (ask.ts). */
  applied: boolean;
  /** What someone would likely do, like or have ("Would she enjoy…?", "Is he likely to…?") (ask.ts). */
  inference: boolean;
  /** Keys added by the intents (and the profile ask), not named by the question itself. */
  intentKeys: string[];
  /**
   * Keys of the kind of a noun the question names ("ukulele" → hobby, "spaniel" → pet): not asked for, but a
   * retracted value of one that the question names answers it ("Do I still play the ukulele?" → "no longer ukulele").
   */
  changeKeys: string[];
  /** "about me", "bio of myself": the whole stable profile is the answer. */
  profile: boolean;
  /** Asks for a stance (think / feel / opinion, or a stance noun: "my verdict on…"), so an opinion arc helps. */
  opinion: boolean;
  /** Keys the question ranks by but that do not answer it alone (the relative's row for "my brother's job"). */
  rankOnlyKeys: string[];
  /** Terms a document must hold to count for the gate ("brother" in "my brother's job": the user's own job is not his). */
  requiredTerms: string[];
  /**
   * The words requiredTerms come from ("dog" in "the name of my dog"): a key row also names the thing when its value
   * is a kind of it by the lexicon ("pet: border collie named Bolt" for the dog's name). Absent on older callers.
   */
  requiredWords?: string[];
  /**
   * Noun compounds of the ask ("shoe size", "blood type"), as [modifier, head] analysed terms: for a question about
   * a known person the two count as discussed only when one document holds both (nounCompounds; optional).
   */
  compounds?: Array<[string, string]>;
  /**
   * Keys the question asks by a possessed noun of a kept kind ("my hound" → pet), with that noun: a row of the key
   * answers only when its value and the noun are one kind of thing ("dog named Biscuit" for "hound", not for "cat").
   * Optional (absent on older callers).
   */
  keyNouns?: Record<string, string[]>;
  /** Reads as a continuation of the current conversation ("ok, and the cake?", "how old will he be?"). */
  followUp: boolean;
  /** The continuation is marked only by a pronoun (no "ok, and…"): it needs a referent in the session (pronounFindsReferent). */
  followUpByPronoun: boolean;
}

/**
 * Question intent → key families. A request that depends on who the user is ("suggest a recipe
 * for dinner") names no key, but the stable facts it depends on are known: diet, allergies,
 * food likes and dislikes. `values`: a like/dislike only counts when its value is about the
 * domain ("dislike: spicy food", not "like: hiking").
 */
/**
 * Intents: words that say what the ask is for, and the keys that bear on it. `covers`: the keys
 * answer the ask whatever its mood (a gift, a place near the user, a draft to write, what is safe,
 * whether the user is seeing anyone); other intents' keys answer only an applied or generic ask
 * ("help me with my cover letter" is answered by the job, "What's my salary?" is not).
 */
export const INTENTS: ReadonlyArray<{ name: string; words: RegExp; keys: string[]; values?: RegExp; covers?: true }> = [
  {
    name: 'food',
    words: /\b(recipes?|dinner|lunch|breakfast|brunch|meals?|cook(ing)?|bake|baking|restaurants?|cuisine|dish(es)?|snacks?|menu|grocer(y|ies)|eat(ing)?|food|takeout|dessert)\b/i,
    keys: ['diet', 'allergy', 'favorite_food', 'favorite_cuisine', 'favorite_dish', 'like', 'dislike', 'health_condition'],
    values: /\b(food|foods|spicy|curry|meat|fish|chicken|beef|pork|seafood|shellfish|vegetables?|vegan|vegetarian|pasta|pizza|cheese|sushi|ramen|noodles?|rice|bread|salad|soup|dessert|sweets?|chocolate|cake|coffee|tea|fruit|nuts?|peanuts?|dairy|milk|gluten|eggs?|tofu|cuisine|dish(es)?|cook(ing)?|bak(e|ing)|eat(ing)?|garlic|onions?|mushrooms?|cilantro|tacos?|burgers?|steak)\b/i,
  },
  {
    name: 'travel',
    words: /\b(travel(l?ing)?|trips?|vacation|holiday|flights?|hotels?|itinerary|sightseeing|pack(ing)?|abroad)\b/i,
    keys: ['location', 'event_trip', 'language', 'allergy', 'diet'],
  },
  {
    name: 'media',
    words: /\b(movies?|films?|tv|series|shows?|books|book (to read|recommendations?|club)|novels?|read(ing)?|music|songs?|albums?|podcasts?|watch(ing)?|listen(ing)?|games?)\b/i,
    keys: ['like', 'dislike', 'favorite_movie', 'favorite_book', 'favorite_music', 'favorite_band', 'favorite_show', 'hobby'],
    values: /\b(movies?|films?|tv|series|shows?|books?|novels?|reading|music|songs?|albums?|bands?|podcasts?|games?|gaming|horror|comed(y|ies)|thrillers?|documentar(y|ies)|anime|jazz|rock|pop|classical|hip.hop|sci.?fi|fantasy|romance|mystery|poetry|comics?)\b/i,
  },
  {
    name: 'leisure',
    words: /\b(sports?|exercise|workouts?|fitness|gym|pastimes?|free time|spare time)\b/i,
    keys: ['hobby', 'like'],
    values: /\b(sports?|run(ning)?|jog(ging)?|swim(ming)?|cycling|bik(e|ing)|hik(e|ing)|climb(ing)?|boulder(ing)?|yoga|tennis|football|soccer|basketball|golf|ski(ing)?|surf(ing)?|gym|fitness|dance|dancing|martial|boxing|rowing|skating)\b/i,
  },
  {
    // "Recommend a weekend activity", "something fun to do on Saturday", "plan a day out": where
    // they live, who comes along (kids, a dog) and what they enjoy decide the answer.
    name: 'outing',
    words: /\b(weekends?|activit(y|ies)|day out|days? off|outings?|things? to do|something (fun )?to do|for fun|fun to do|(this|next|on) (saturday|sunday)|family day)\b/i,
    keys: ['location', 'pet', 'child', 'hobby', 'like', 'favorite'],
  },
  {
    // A place to go near the user ("recommend a neighbourhood cafe", "a good gym near me"): where they live.
    name: 'place',
    covers: true,
    words: /\b(recommend|suggest|find|know)\b(\s+\S+){0,4}?\s+(restaurants?|caf[eé]s?|coffee shops?|bars?|pubs?|bakeries|bakery|gyms?|parks?|shops?|spots?|neighbou?rhoods?|somewhere|anywhere|places?)\b|\bnear (me|us|here)\b|\baround here\b/i,
    keys: ['location', 'diet', 'allergy'],
  },
  {
    // Whether the user has someone: partner and relationship status (a break-up is a change).
    name: 'relationship',
    covers: true,
    words: /\b(seeing (anyone|someone|somebody)|dating( anyone| someone)?|am i single|in a relationship|love life|my (partner|boyfriend|girlfriend|husband|wife))\b/i,
    keys: ['relationship_status', 'partner'],
  },
  {
    // A present for someone: what they (or the user) like and do.
    name: 'gift',
    covers: true,
    words: /\b(gifts?|presents?|what (should|can|could|do) i (get|buy)|surprise (him|her|them))\b/i,
    keys: ['like', 'hobby', 'favorite', 'partner', 'child'],
  },
  {
    // Writing something for the user, or explaining something to them: how they want answers shaped.
    name: 'format',
    covers: true,
    words: /\b(draft|write|compose|word|reply to|respond to)\b(\s+\S+){0,5}?\s+(e-?mails?|messages?|letters?|notes?|texts?|posts?|cards?|toasts?|speech|repl(y|ies)|memo|announcements?|invitations?|update|summary)\b|\bformat(ted|ting)?\b|^\s*(please\s+)?(explain|summari[sz]e|walk me through|teach me|break down|outline)\b/i,
    keys: ['communication_style'],
  },
  {
    // When to do something: the user's working pattern and who depends on them.
    name: 'schedule',
    words: /\b(schedul(e|ing)|reschedul\w*|appointments?|book (a|an|the|my)|calendar|meetings?|(good|best|right) time|availability|a call with|set up a call|(a|some) (time|slot|day) (for|to)|clash(es)? with|fits? (in )?around|work around)\b/i,
    keys: ['job_title', 'employer', 'work_schedule', 'child'],
  },
  {
    // How to reach the user ("the office needs to reach me - best way?", "how should they contact me?"): how they
    // want to be addressed, and what bears on it (a hearing or speech condition, the languages they speak).
    name: 'contact',
    covers: true,
    words: /\b(reach|contact|get hold of|get in touch with|get through to)\s+(me|us)\b/i,
    keys: ['communication_style', 'health_condition', 'language'],
  },
  {
    // "What should I avoid / leave out?", medicines: allergies and conditions are the answer.
    name: 'caution',
    covers: true,
    // What to take along ("what should I put in my bag?", "anything to pack for the hike?") is caution too: an allergy's pen, a condition's pills.
    words: /\b(avoid|leave out|stay away|steer clear|safe for me|medications?|medicines?|drugs?|pills?|antibiotics?|prescriptions?)\b|\b(put|pack|carry|take)\s+(in|into)\s+(my|the|our)\s+(bags?|backpack|rucksack|kit|suitcase|pockets?)\b/i,
    keys: ['allergy', 'health_condition', 'diet', 'dislike'],
  },
  {
    // Getting somewhere ("how should I get to the office", "my commute", "drive into town"): how the user gets
    // around (a vehicle sold or bought is a change), where they live and work.
    name: 'commute',
    covers: true,
    words: /\b(commut(e|es|ing|er)|get(ting)? (to|into|over to) (work|the office|my office|the city|town|campus|school|the station)|(ride|drive|cycle|bike|walk)( \w+)? (to|into) (work|the office|my office|town|campus|the city))\b/i,
    keys: ['vehicle', 'location', 'employer'],
  },
  {
    name: 'work',
    words: /\b(cover letter|resume|cv|linkedin|career|colleagues?|manager|boss|salary|promotion|interview)\b/i,
    keys: ['employer', 'job_title', 'education'],
  },
];

/**
 * Question words that name a kind of thing rather than the thing ("what do I do for work?",
 * "what can I eat?", "any pets?"): each also searches the turns' kind features (core/text/enrich),
 * so a turn about "a data analyst course" or "green curry" answers them. Data: kind → words.
 */
export const KIND_WORDS: Readonly<Record<NounKind, string>> = {
  occupation: 'job jobs work working career profession occupation living employed employer employers',
  food: 'food foods eat eating diet meal meals cook cooking recipe recipes dinner lunch breakfast snack snacks restaurant restaurants cuisine dish dishes bake baking',
  illness: 'health healthy sick ill illness condition conditions medical diet',
  animal: 'pet pets animal animals',
  family: 'family relatives',
  social: 'friend friends',
  activity: 'hobby hobbies activity activities sport sports pastime pastimes exercise weekend',
  location: 'live living based city town country place places visit visited trip travel travelled traveled',
  language: 'language languages speak',
  instrument: 'instrument instruments',
  vehicle: 'car cars vehicle vehicles',
  organization: 'company organization organisation club employer employers',
  person: '',
};
/**
 * What a noun of the ask is, by the lexicon (core/lexicon/kinds) → the keys that hold it. `head`: when the noun is
 * what a wh-question asks for ("Which suburb…", "What instrument…") the keys are asked for, as if named. `applied`:
 * when an applied ask names such a noun ("suggest a pizza", "a walk with the dog") the keys bear on it (intent keys,
 * `intent` reusing that intent's keys and value filter). Data: kinds not listed carry no key (an occupation head asks
 * about someone else: "Which dentist do I see?").
 */
export const KIND_KEYS: Partial<Record<NounKind, { keys: string[]; head?: true; applied?: true; intent?: string; alsoApplied?: string[] }>> = {
  food: { keys: [], applied: true, intent: 'food' },
  // "Would a pet suit me?", "a walk with the dog": an allergy to animals bears on it too.
  animal: { keys: ['pet'], head: true, applied: true, alsoApplied: ['allergy'] },
  vehicle: { keys: ['vehicle'], head: true, applied: true },
  instrument: { keys: ['hobby'], head: true, applied: true },
  language: { keys: ['language'], head: true, applied: true },
  illness: { keys: ['health_condition', 'allergy'], head: true, applied: true },
  location: { keys: ['location'], head: true },
};

/** The kind of the turns that hold a key's value (a job is said as a turn about an occupation). Data. */
export const KEY_KINDS: Readonly<Record<string, NounKind>> = { job_title: 'occupation', employer: 'occupation', location: 'location' };

/**
 * The domain of an applied ask by what its nouns and verbs are (the lexicon's class and hypernyms of their first
 * senses), not by a word list: "a meal plan", "drinks", "bake" → food; "a free afternoon", "a hike", "visit" → outing;
 * "an appointment", "book", "slot" → schedule; "a message", "replies", "draft" → format; "a present" → gift. Each names
 * an INTENTS entry (whose keys bear on the ask) and the kinds of the user's turns that bear on it (`kinds`: a turn
 * naming a food for a meal ask earns gate coverage, RETRIEVE.appliedKindCoverage). Data; read by askDomains.
 */
export const ASK_DOMAINS: ReadonlyArray<{ intent: string; nounClasses?: string[]; nouns?: string[]; verbClasses?: string[]; verbs?: string[]; senses?: number; kinds: NounKind[] }> = [
  { intent: 'food', nounClasses: ['noun.food'], nouns: ['meal', 'recipe', 'restaurant', 'eating house', 'cuisine', 'cookery', 'feast', 'picnic', 'barbecue'], verbClasses: ['verb.consumption'], verbs: ['cook', 'bake', 'eat'], kinds: ['food', 'illness'] },
  { intent: 'outing', nouns: ['leisure', 'time off', 'weekend', 'daytime', 'recreation', 'diversion', 'sport', 'excursion', 'travel', 'park', 'museum', 'beach'], verbs: ['travel', 'visit', 'explore', 'relax'], kinds: ['activity', 'location', 'animal', 'family'] },
  { intent: 'schedule', nouns: ['appointment', 'meeting', 'schedule', 'calendar', 'phone call', 'reservation', 'booking'], verbs: ['schedule', 'book', 'reserve'], senses: 2, kinds: ['occupation'] },
  { intent: 'format', nouns: ['phone call', 'letter', 'e-mail', 'note', 'reply', 'memo', 'speech', 'toast', 'invitation', 'announcement', 'essay', 'explanation', 'biography', 'instruction'], verbs: ['write', 'compose', 'draft', 'explain', 'summarize', 'reply', 'answer', 'format', 'outline', 'phrase', 'e-mail'], kinds: [] },
  { intent: 'gift', nouns: ['gift'], kinds: ['activity'] },
];

/** Hypernym lemmas of the first `n` senses of a word as `pos` (the senses' own included) with their classes. */
function senseChain(lexicon: Lexicon, word: string, pos: 'noun' | 'verb', n: number): { classes: Set<string>; lemmas: Set<string> } {
  const classes = new Set<string>();
  const lemmas = new Set<string>();
  for (const sense of lexicon.senses(word, pos, n)) {
    classes.add(sense.lexClass);
    for (const l of ancestorLemmas(lexicon, sense, 8)) lemmas.add(l);
  }
  return { classes, lemmas };
}

/** Modifiers that make a stretch of time free (a free Saturday, a spare evening, an empty weekend). */
const LEISURE_MODIFIERS = new Set(words('free spare empty open quiet idle lazy'));

/** Words after which the next word is in a verb's place ("could we visit", "help me bake", "to cook"); elsewhere a word is read as a noun. */
const VERB_PLACE = new Set(words('i you we they can could would will should shall might must to please help lets let and or'));

/**
 * The ASK_DOMAINS of an ask's words (no names or stop words): a word in a verb's place (first, or after a
 * subject, a modal or "to": VERB_PLACE) is read as a noun and as a verb ("Book me a haircut", "could we visit"), any
 * other as a noun only; a noun modifying the next one is skipped ("espresso machine"). In ASK_DOMAINS order.
 */
export function askDomains(query: string, lexicon: Lexicon, names: ReadonlySet<string> = new Set()): Array<(typeof ASK_DOMAINS)[number]> {
  const ws = words(query);
  const out = new Set<(typeof ASK_DOMAINS)[number]>();
  for (const [i, w] of ws.entries()) {
    // The first word is an imperative's verb, not a name ("Book me a haircut").
    // "A free Saturday", "an empty Sunday", "a spare evening": a stretch of time with nothing in it is leisure.
    // So is one named with the indefinite article ("plan a Sunday morning for me", "ideas for an evening"): a time to fill.
    if (i > 0 && (LEISURE_MODIFIERS.has(ws[i - 1]!) || ws[i - 1] === 'a' || ws[i - 1] === 'an') && lexicon.senses(w, 'noun', 1)[0]?.lexClass === 'noun.time') out.add(ASK_DOMAINS.find((d) => d.intent === 'outing')!);
    if ((i > 0 && names.has(w)) || STOP_WORDS.has(w) || w.length < 3 || modifiesNext(lexicon, ws[i + 1])) continue;
    const nounOnly = i > 0 && !VERB_PLACE.has(ws[i - 1]!);
    for (const d of ASK_DOMAINS) {
      if (out.has(d)) continue;
      const n = senseChain(lexicon, w, 'noun', d.senses ?? 1);
      if (d.nounClasses?.some((c) => n.classes.has(c)) || d.nouns?.some((a) => n.lemmas.has(a))) { out.add(d); continue; }
      if (nounOnly) continue;
      const v = senseChain(lexicon, w, 'verb', d.senses ?? 1);
      if (d.verbClasses?.some((c) => v.classes.has(c)) || d.verbs?.some((a) => v.lemmas.has(a))) out.add(d);
    }
  }
  return ASK_DOMAINS.filter((d) => out.has(d));
}

/** Occasions a present is for, by the lexicon (ancestor lemmas of the first noun sense): a birthday, an anniversary, a holiday. */
const OCCASIONS = ['anniversary', 'holiday', 'celebration', 'festival', 'occasion'];
/** The person a present is for: "for my son", "give my partner…", "buy Ana…" (a relation word, a kind of person, or a name). */
const BENEFICIARY = /\b(?:for\s+)?(?:my|our|his|her|their)\s+([a-z]+-years?-old\s+)?((?:little\s+)?[a-z-]+)|\bfor\s+([\p{Lu}][\p{Ll}]+)/gu;
/** Request nouns after an occasion ("birthday ideas for…", "anniversary suggestions for…"): the occasion stands for the giving verb. */
const OCCASION_REQUEST = new Set(words('idea ideas suggestion suggestions inspiration'));

/**
 * A present asked for by the ask's structure rather than the word "gift": a request whose verb is one of giving or
 * buying by the lexicon (verb.possession: give, buy, get) with a person it is for ("Which toy should I buy for my
 * little one?", "What could I give my partner?") or an occasion ("something to get for our anniversary").
 */
function giftAsk(query: string, lexicon: Lexicon, names: ReadonlySet<string>): boolean {
  const ws = words(query);
  let verb = ws.findIndex((w) => !STOP_WORDS.has(w) && GIFT_VERBS.has(lexicon.lemmas(w, 'verb')[0] ?? w));
  // "Birthday ideas for my daughter", "anniversary suggestions for my wife": an occasion asked ideas for, for someone.
  if (verb < 0) verb = ws.findIndex((w, i) => OCCASION_REQUEST.has(ws[i + 1] ?? '') && lexicon.senses(w, 'noun', 1).some((s) => OCCASIONS.some((a) => ancestorLemmas(lexicon, s, 4).has(a))));
  if (verb < 0) return false;
  const rest = query.slice(query.toLowerCase().indexOf(ws[verb]!) + ws[verb]!.length);
  for (const m of rest.matchAll(BENEFICIARY)) {
    const who = (m[2] ?? m[3] ?? '').toLowerCase();
    if (m[3] && names.has(who)) return true;
    // A person given an age is someone the user gives to ("my thirteen-year-old girl").
    if (m[1] && kindsOf(lexicon, who).includes('person')) return true;
    if (RELATION_WORDS.has(who) || RELATION_WORDS.has(who.replace(/^little\s+/, 'little '))) return true;
    if (kindsOf(lexicon, who).some((k) => k === 'family' || k === 'social')) return true;
    if (lexicon.senses(who, 'noun', 1).some((s) => OCCASIONS.some((a) => ancestorLemmas(lexicon, s, 4).has(a)))) return true;
  }
  return false;
}
/** What a present is, by the lexicon: an ancestor lemma of a gift noun's first sense. */
const PRESENT_ANCESTORS = ['present', 'gift'];

/**
 * The words of a verbless request for presents for someone: a noun (or a two-word noun the lexicon knows: "stocking
 * fillers") whose first sense is a kind of present, followed by "for" and a person (BENEFICIARY): "Stocking fillers
 * for the twins?", "presents for my nieces?". The present is the ask's frame: the person is its topic. [] otherwise.
 */
export function giftNouns(query: string, lexicon: Lexicon, names: ReadonlySet<string>): string[] {
  const ws = words(query);
  const isPresent = (w: string) => lexicon.senses(w, 'noun', 1).some((s) => PRESENT_ANCESTORS.some((a) => s.lemmas.includes(a) || ancestorLemmas(lexicon, s, 4).has(a)));
  const lemma = (w: string) => lexicon.lemmas(w, 'noun')[0] ?? w;
  for (let i = 0; i < ws.length; i++) {
    const pair = i + 1 < ws.length ? `${ws[i]} ${lemma(ws[i + 1]!)}` : '';
    const span = pair && isPresent(pair) ? 2 : isPresent(lemma(ws[i]!)) ? 1 : 0;
    if (span === 0 || ws[i + span] !== 'for') continue;
    const rest = ws.slice(i + span + 1);
    const who = rest[0] === 'the' || rest[0] === 'my' || rest[0] === 'our' ? rest[1] : rest[0];
    const person = (w: string) => [w, ...lexicon.lemmas(w, 'noun')].some((l) => kindsOf(lexicon, l).some((k) => k === 'person' || k === 'family' || k === 'social'));
    if (!who || !(names.has(who) || RELATION_WORDS.has(who) || person(who))) continue;
    return ws.slice(i, i + span);
  }
  return [];
}

/** Verbs of handing over or buying a present (first verb senses in verb.possession, listed: "take" and "owe" are not). */
const GIFT_VERBS = new Set(words('give buy get purchase gift pick'));

/** An ask about what the memory holds ("what you remember about…", "what did I tell you"): not a task to write in the user's style. */
const MEMORY_ASK = /\b(?:remember|recall|told|mentioned|discussed|know about|said about|you have on)\b/i;

/** Read the ask's domains from the lexicon (1 = on; 0 = the INTENTS word lists alone). */
export const ASK = { lexiconDomains: 1 };

/**
 * What a "what do I VERB?" question asks for, by the verb's lexicon class and hypernyms (first two senses): a verb of
 * travelling by something ("drive", "ride", "cycle" → travel) asks for the vehicle. Data: [classes, ancestor, keys].
 */
export const VERB_OBJECT_KEYS: ReadonlyArray<{ classes: string[]; ancestor: string; unless?: string[]; keys: string[]; kind: NounKind }> = [{ classes: ['verb.motion'], ancestor: 'travel', unless: ['walk', 'run', 'swim', 'jump'], keys: ['vehicle'], kind: 'vehicle' }];
/** "What do I drive…", "what does she ride…": the verb whose object the question asks for. */
const WH_OBJECT_VERB = /\bwhat\s+(?:do|does|did)\s+(?:i|you|he|she|they|we)\s+(?:usually\s+|still\s+|now\s+)?([a-z]+)\b/i;

/** "What am I driving now?", "which bike is she riding?": the progressive form of the same ask. */
const WH_OBJECT_PROGRESSIVE = /\b(?:what|which)\s+(?:[a-z-]+\s+){0,2}?(?:am|is|are|was|were)\s+(?:i|you|he|she|they|we)\s+(?:usually\s+|still\s+|now\s+)?([a-z]+ing)\b/i;

/** Keys a "what do I VERB?" question asks for (VERB_OBJECT_KEYS), [] when none or no lexicon. */
function verbObject(query: string, lexicon: QueryLexicon | undefined): { verb: string; keys: string[]; kinds: NounKind[] } | null {
  const progressive = WH_OBJECT_PROGRESSIVE.exec(query)?.[1]?.toLowerCase();
  const verb = WH_OBJECT_VERB.exec(query)?.[1]?.toLowerCase() ?? (progressive && lexicon ? (lexicon.lemmas(progressive, 'verb')[0] ?? null) : null);
  if (!verb || !lexicon || typeof lexicon.hypernyms !== 'function' || ['go', 'travel', 'move', 'do', 'get', 'have', 'think', 'like'].includes(verb)) return null;
  const keys: string[] = [];
  const kinds: NounKind[] = [];
  for (const sense of lexicon.senses(verb, 'verb', 2)) {
    const chain = ancestorLemmas(lexicon as Lexicon, sense, 4);
    for (const rule of VERB_OBJECT_KEYS)
      if (rule.classes.includes(sense.lexClass) && chain.has(rule.ancestor) && !rule.unless?.some((u) => chain.has(u))) {
        for (const k of rule.keys) if (!keys.includes(k)) keys.push(k);
        if (!kinds.includes(rule.kind)) kinds.push(rule.kind);
      }
  }
  return keys.length > 0 ? { verb, keys, kinds } : null;
}

/** The lexicon kinds of a word, when the lexicon can say (its hypernyms are needed). */
function kindsOfWord(lexicon: QueryLexicon | undefined, word: string): NounKind[] {
  return lexicon && typeof lexicon.hypernyms === 'function' ? kindsOf(lexicon as Lexicon, word) : [];
}

const KIND_OF_TERM = new Map<string, NounKind[]>();
for (const [kind, ws] of Object.entries(KIND_WORDS) as Array<[NounKind, string]>) for (const t of analyze(ws)) KIND_OF_TERM.set(t, [...(KIND_OF_TERM.get(t) ?? []), kind]);

/** "Write me a short bio", "what do you know about me", "introduce myself". */
const PROFILE = /\b(about (me|myself)|bio(graphy)?|who am i|my profile|describe me|introduce (me|myself)|of myself)\b/i;

/** Stable profile keys in the order they matter for answering (see recall.ts STABLE_PRIORITY). */
export const PROFILE_KEYS = ['allergy', 'diet', 'communication_style', 'location', 'employer', 'job_title', 'partner', 'child', 'relationship_status', 'health_condition', 'parent', 'sibling', 'pet', 'age', 'education', 'hometown', 'language', 'birthday', 'hobby', 'like', 'favorite'];

/** Continuation markers at the start, or a pronoun standing for something said just before. */
const FOLLOW_START = /^\s*(ok(ay)?|and|so|also|then|alright|right|cool|great|sure|but|what about|how about|and what about)\b/i;
const ANAPHORA = /\b(he|she|him|his|her|hers|they|them|their|it|its|that|this|those|these|we|us|our|there)\b/i;
const NEUTRAL_ANAPHORA = /\b(they|them|their|it|its|that|this|those|these|we|us|our|there)\b/i;
const MALE = /\b(he|him|his|himself|he's|son|brother|husband|boyfriend|fianc[ée]|dad|father|grandpa|grandfather|uncle|nephew|stepson|stepfather|boy|man|guy)\b/i;
const FEMALE = /\b(she|her|hers|herself|she's|daughter|sister|wife|girlfriend|fianc[ée]e|mom|mum|mother|grandma|grandmother|aunt|niece|stepdaughter|stepmother|girl|woman|lady)\b/i;

/** Kin nouns of one sex (no pronouns): what a relation row or a question names ("dad" ← a man, "mum" ← a woman). */
const MALE_KIN = /\b(?:son|sons|brother|brothers|husband|boyfriend|fianc[ée]|dad|daddy|father|papa|grandpa|grandfather|uncle|nephew|stepson|stepfather)\b/i;
const FEMALE_KIN = /\b(?:daughter|daughters|sister|sisters|wife|girlfriend|fianc[ée]e|mom|mum|mummy|mommy|mother|mama|grandma|grandmother|aunt|niece|stepdaughter|stepmother)\b/i;

/** The sex a text's kin nouns name, when they name only one ("my dad" → male; "brothers or sisters" → null). */
export function kinSex(text: string): 'male' | 'female' | null {
  const male = MALE_KIN.test(text);
  const female = FEMALE_KIN.test(text);
  return male === female ? null : male ? 'male' : 'female';
}

/**
 * Whether a relation row cannot answer the question by the sex of the kin each names: "What's my dad called?" is not
 * answered by "parent: mum", nor "my sister's job" by a brother's row. Rows or questions naming no sex (or both) never conflict.
 */
export function kinConflict(q: Pick<AnalyzedQuery, 'kinSex'>, rowText: string): boolean {
  if (!q.kinSex) return false;
  const row = kinSex(rowText);
  return row !== null && row !== q.kinSex;
}

/**
 * Whether a follow-up that reads as one only by a pronoun ("how old will he be?") can refer to
 * something in `text` (the session's latest turns): "it / that / they" can refer to anything;
 * "he" needs a man in the text (he, his, son, brother…), "she" a woman. A gendered pronoun with
 * no referent ("What is her blood type?" after turns about a brother) is not a continuation.
 */
export function pronounFindsReferent(query: string, text: string): boolean {
  if (NEUTRAL_ANAPHORA.test(query)) return true;
  const male = /\b(he|him|his)\b/i.test(query);
  const female = /\b(she|her|hers)\b/i.test(query);
  return (male && MALE.test(text)) || (female && FEMALE.test(text));
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (m: string) => MONTHS.findIndex((x) => x.startsWith(m.toLowerCase().slice(0, 3)));

const SEASONS: Record<string, number[]> = { spring: [3, 4, 5], summer: [6, 7, 8], fall: [9, 10, 11], autumn: [9, 10, 11], winter: [12, 1, 2] };

/**
 * Months a question names without a year: "in June", "during March", "last summer", "this
 * winter" (northern-hemisphere seasons). "May" only after in/during/of/since/early/late.
 */
export function questionMonths(q: string): number[] | null {
  const out = new Set<number>();
  for (const m of q.matchAll(new RegExp(`\\b(?:in|during|of|since|early|late|mid-?|through|throughout|last|this|next)\\s+${MONTH_RE}\\b(?!\\s*,?\\s*\\d)`, 'gi'))) {
    const i = monthIndex(m[1]);
    if (i >= 0) out.add(i + 1);
  }
  for (const m of q.matchAll(/\b(?:in|during|last|this|next|the|over)\s+(?:the\s+)?(spring|summer|fall|autumn|winter)\b/gi)) for (const i of SEASONS[m[1].toLowerCase()]) out.add(i);
  return out.size > 0 ? [...out].sort((a, b) => a - b) : null;
}

/** Words that shape a question but rarely occur in the answer. Kept, but weighted low. */
/** A particle after a light verb ("get around", "go out", "come over"): part of the verb, not a topic word. */
const PARTICLE = /\b(?:get|getting|go|going|come|coming)\s+(around|about|along|by|out|over|away|back)\b/gi;
/** A verb whose particle makes it ask how something fares ("how is the truck holding up?", "keeping up"): the ask's frame, not a topic word. */
const FARING = /\b(hold|holds|holding|held|keep|keeps|keeping|kept)\s+up\b/gi;

/** A part of the day after a weekday ("Tuesday nights", "Sunday morning"): part of the time said, not a topic word. */
const DAY_PART = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+(nights?|evenings?|mornings?|afternoons?|lunchtimes?)\b/gi;

const FILLER = new Set(
  analyze(
    'kind type sort thing things something anything ever mention mentioned say said says tell told talk talked talking discuss discussed ' +
      'according conversation specific particular exactly describe described recently recent usually often go going went think thought ' +
      'feel felt like way ways happen happened many much times likely would probably might consider considered ' +
      // The words of a request ("any tips…", "ideas for…"): the ask's, not its topic's.
      'tip tips idea ideas suggestion suggestions recommendation recommendations advice pointers',
  ),
);

/** The object pronoun "us", written in lower case (not the country, "US"). */
const OBJECT_US = /(?<![\p{L}])us(?![\p{L}])/u;

export const WEIGHTS = { query: 1, filler: 0.3, name: 0.5, key: 0.45, synonym: 0.35, feedback: 0.25, kind: 0.3 } as const;

const TEMPORAL = /\b(when|what (year|month|date|day|time|week)|which (year|month|day)|how long|how many (years|months|weeks|days)|ago|since|before|after|until|first time|last time)\b/i;
const PAST = /\b(used to|previous(ly)?|formerly|former|originally|before (moving|she|he|they|i|the|that)|in the past|no longer|anymore|old (job|home|address|city)|moved from|history)\b|\bbefore\s*[?.!]*\s*$|\b(has|have|'ve)\s+(\w+\s+)?(ever\s+)?(lived|worked)\b/i;
const COUNT = /\bhow (many|often)\b|\bnumber of\b/i;
const DURATION = /\bhow long\b|\bhow many (years|months|weeks|days)\b|\bfor how (long|many)\b/i;
const RECENT = /\b(recent(ly)?|latest|lately|newest|most recent|current(ly)?|now|these days|nowadays|last time)\b/i;
/** Query-analysis tunables (measured with `npm run bench:locomo-sweep`, docs/recall-meaning.md). */
export const QUERY = {
  /** A wh-question whose head noun is plural ("What recipes has she made?") is a list ask (1 = on; needs the lexicon). */
  pluralLists: 1,
  /**
   * A question word counts in the gate's coverage with 1 − commonCover × its commonness in everyday
   * text (the lexicon's 0..1; 0 = off): unseen everyday words no longer outweigh the topic words
   * the memory holds. 0.5 measured (docs/recall-meaning.md): LoCoMo dev unchanged on both halves,
   * noise probes 98.0 → 98.4% empty, dev probes 61 → 62 of 66; 0.8 lost 0.003 @512 on half A.
   */
  commonCover: 0.5,
  /** Coverage share of a question word another of its words is a kind of (narrowedTerms; 1 = off). */
  narrowedCover: 0.25,
  /** Circumstance words (CIRCUMSTANCE_CLASSES: "tonight", "good", "weather") weigh circumstanceCover in the coverage (1 = on). */
  circumstances: 1,
  circumstanceCover: 0.1,
  /**
   * Derivationally related forms of a rare question word ("rainy" → rain, "brewing" → brewery) search the turns at
   * this share of the word's weight and cover it in the gate (0 = off). Cheap lookups on the question's own words.
   */
  derivations: 0.35,
  /** The same for a rare word's synonyms that share its first sense as their own first sense (0 = off). */
  sharedSenses: 0.35,
  /**
   * Members of a rare category noun of a concrete class (MEMBER_CLASSES: a food, an animal, a plant; "shellfish" →
   * oyster, mussel) search the turns at this share of the word's weight and cover it in the gate (0 = off): a stance on
   * oysters answers one on shellfish. Kinds of its first sense only, `memberDepth` steps down, single-word lemmas.
   */
  members: 0.35,
  memberDepth: 2,
  /**
   * A list ask's rare category nouns also bring the members of an activity class (noun.act: "sports" → surfing, "exercises"
   * → yoga), at the same share (1 = on): the items of "What sports does he like?" are named by their kind, not by the word.
   * Session 13, LoCoMo dev sweep: ev@512 0.819 → 0.820 and @2048 0.914 → 0.915, both halves up or level (docs/recall.md).
   */
  listMembers: 1,
  /** A list ask's two-word categories ("martial arts", "European countries") bring their members the same way (1 = on; nounPairs). */
  pairMembers: 1,
  /**
   * Weight of a question word's chat forms (chat-forms.ts: "fave" for "favorite"), as a share of the
   * word's (0 = off). 0.6: LoCoMo dev sweep ev@512 0.811 → 0.815 (A +0.005, B +0.004), temporal
   * 0.908 → 0.914, @2048 +0.001, nothing lost; 0.9 scored the same (docs/recall-meaning.md, session 8).
   */
  chatForms: 0.6,
  /** Noun compounds of a named ask count as discussed only together (nounCompounds; 1 = on). */
  compounds: 1,
  /** A place adjunct stays the topic when the rest of the ask is circumstance words (adjunctWords; 1 = on). Session 15. */
  adjunctTopic: 1,
  /** An event noun's verb searched in its other words ("wedding" → marry; 1 = on). Session 15. */
  eventVerbs: 1,
  /** An -ing word (or any word, for the keys by sense) after an article asks no verb's key ("earn a living" is not where one lives; 1 = on). Session 16. */
  determinedNouns: 1,
  /** A key's phrase of several words takes its words from the other keys ("make a living": job, not location; 1 = on). Session 16. */
  keyPhrases: 1,
  /**
   * A named person's relative must be said beside the name (at most KIN_GAP words apart: "Dimas's mother", "the mother
   * of Dimas"), not anywhere in the same document; a chat form of the relation word counts as it (1 = on). Session 16.
   */
  kinBeside: 1,
  /** A verbless request for presents for someone is a gift ask; the present's words weigh as circumstances (giftNouns; 1 = on). Session 16. */
  giftNouns: 1,
  /** An availability ask's words other than its time weigh as circumstances (availabilityFrameTerms; 1 = on). Session 16. */
  availability: 1,
  /** A schedule ask's aspect verbs and occasion nouns weigh as circumstances (scheduleFrameTerms; 1 = on). Session 15. */
  scheduleFrame: 1,
  /** A named non-speaker's relative must be named by the document (withNamedKin; 1 = on). Session 15. */
  namedKin: 1,
};

/**
 * Terms of question words that another word of the question is a kind of ("dance" in "Do I still dance salsa?",
 * "instrument" in "Which instrument, the oboe?"): the narrower word names the topic, so the broader one weighs
 * QUERY.narrowedCover in the coverage (a turn about salsa answers it without the word "dance").
 */
function narrowedTerms(query: string, lexicon: QueryLexicon | undefined): Set<string> {
  const out = new Set<string>();
  if (!lexicon || typeof lexicon.isA !== 'function' || QUERY.narrowedCover >= 1) return out;
  const ws = [...new Set(words(query).filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !FILLER.has(w)))];
  // An adjective narrows through the noun it is derived from ("rainy weather": rain is a kind of weather).
  const narrowers = (w: string) => [w, ...(typeof lexicon.derivations === 'function' && lexicon.senses(w, undefined, 1)[0]?.lexClass === 'adj.all' ? lexicon.derivations(w, 'adj').filter((d) => !/\s/.test(d)) : [])];
  for (const broad of ws)
    if (ws.some((narrow) => narrow !== broad && narrowers(narrow).some((n) => lexicon.isA!(n, broad, { pos: 'noun', maxSenses: 2, maxDepth: 6 })))) for (const t of analyze(broad)) out.add(t);
  return out;
}

/**
 * What a question word is when it says when, how, or in what conditions rather than what about: the lexicon classes
 * of its most frequent sense (an adjective or adverb — "good", "next", "tonight" —, a time — "week", "Saturday" —, a
 * condition of the world — "weather"). Data; read by circumstanceTerms.
 */
export const CIRCUMSTANCE_CLASSES: ReadonlySet<string> = new Set(['adj.all', 'adv.all', 'noun.time', 'noun.phenomenon']);
/** Words after which the next word is a noun ("my flat", "the cold"): determiners and possessives. */
const NOUN_AFTER = new Set(words('my the a an this that these those her his their our your its'));

/**
 * Terms of the question's circumstance words (CIRCUMSTANCE_CLASSES): "Is it quiz night at the pub tonight?" is about
 * the quiz, "Is the weather good for fishing this Saturday?" about fishing. They weigh QUERY.circumstanceCover in the
 * gate's coverage, so the words the memory can hold decide it — unless every content word is one ("Am I still
 * single?", "What about the weekend?"). Names and filler are not read.
 */
function circumstanceTerms(query: string, names: ReadonlySet<string>, frame: ReadonlySet<string>, lexicon: QueryLexicon | undefined): Set<string> {
  const out = new Set<string>();
  if (!lexicon || QUERY.circumstances <= 0) return out;
  const ws = words(query);
  const content = [...new Set(ws.filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !FILLER.has(w) && !names.has(w) && analyze(w).length > 0 && !analyze(w).every((t) => frame.has(t))))];
  // After a determiner a word is read as a noun ("my flat", "the cold"): its noun sense decides...
  const nounAt = new Set(ws.filter((w, i) => i > 0 && NOUN_AFTER.has(ws[i - 1]!)));
  // So is the head a wh-question asks for ("What insurance deductible did I choose?").
  const head = whHead(query);
  if (head) nounAt.add(head);
  const circ = content.filter((w) => {
    // ...when it has one: "the next race" keeps "next" an adjective.
    const first = (nounAt.has(w) ? lexicon.senses(w, 'noun', 1)[0] : undefined) ?? lexicon.senses(w, undefined, 1)[0];
    return !!first && CIRCUMSTANCE_CLASSES.has(first.lexClass);
  });
  if (circ.length === 0 || circ.length === content.length) return out;
  for (const w of circ) for (const t of analyze(w)) out.add(t);
  return out;
}

/**
 * A schedule ask: when something of the user's happens, now or next ("What time does gateball start tomorrow?", "When's
 * my next stint?", "What time's my shinty training on Saturday?") — not when it happened ("When did I start…?").
 */
const SCHEDULE_ASK = /\b(?:what\s+time|when|what\s+days?|which\s+days?)(?:'s|\s+(?:is|are|does|do|will|'ll))\b/i;
/** Aspectual verbs: a schedule ask's "start / begin / finish" says which end of the event is asked, not what it is. */
const ASPECT_VERBS = new Set(words('start starts begin begins finish finishes end ends open opens close closes resume resumes kick kicks'));
/** Lexicon classes of the noun that names an occasion of an activity ("training", "practice", "lesson", "match"). */
const OCCASION_CLASSES = new Set(['noun.act', 'noun.event']);

/**
 * Terms of a schedule ask (SCHEDULE_ASK) that frame the time rather than name the activity: its aspectual verbs
 * (ASPECT_VERBS), and the occasion noun heading a compound whose modifier names the activity ("shinty training": the
 * turns say "I coach the shinty team"; the modifier is a noun, the head of OCCASION_CLASSES by its first sense).
 */
function scheduleFrameTerms(query: string, names: ReadonlySet<string>, lexicon: QueryLexicon | undefined): string[] {
  if (!QUERY.scheduleFrame || !SCHEDULE_ASK.test(query) || PAST_SCHEDULE.test(query)) return [];
  const ws = words(query);
  // "what time" is the schedule ask's own frame ("time" is filler, but still weighs in the coverage).
  const out = [...ws.filter((w) => ASPECT_VERBS.has(w)).flatMap((w) => analyze(w)), ...(/\bwhat\s+time\b/i.test(query) ? analyze('time') : [])];
  if (lexicon)
    for (let i = 1; i < ws.length; i++) {
      const [mod, head] = [ws[i - 1]!, ws[i]!];
      if (mod.length < 3 || STOP_WORDS.has(mod) || FILLER.has(mod) || names.has(mod) || STOP_WORDS.has(head)) continue;
      // The modifier names the activity: not a word whose first sense is an adjective or a time ("next training", "weekly
      // practice"); a word the lexicon lacks ("shinty", "gateball") or knows otherwise ("bandy") does.
      const modSense = lexicon.senses(mod, undefined, 1)[0];
      if (modSense && CIRCUMSTANCE_CLASSES.has(modSense.lexClass)) continue;
      const first = lexicon.senses(head, 'noun', 1)[0];
      if (first && OCCASION_CLASSES.has(first.lexClass)) out.push(...analyze(head));
    }
  return out;
}
/** An availability ask: whether a time is free or taken ("Is Friday night free for…?", "am I busy on…", "am I available…"). */
const AVAILABILITY_ASK = /\b(?:is|are|am\s+i|are\s+we)\b[^?.!]{0,40}?\b(?:free|busy|available|booked|taken)\b/i;

/**
 * Terms of an availability ask (AVAILABILITY_ASK): its times (first noun sense a time), which are its topic, and the
 * rest, which say what the time would be for: every content word whose first sense is not a time, when it names one ("Is Tuesday evening free for a kickabout with the lads?"
 * asks what is on Tuesdays: the turns say "oud lessons, Tuesdays after work"). [] for other asks (QUERY.availability).
 */
function availabilityFrameTerms(query: string, names: ReadonlySet<string>, lexicon: QueryLexicon | undefined): { times: string[]; rest: string[] } {
  const none = { times: [], rest: [] };
  if (!QUERY.availability || !lexicon || !AVAILABILITY_ASK.test(query) || PAST_SCHEDULE.test(query)) return none;
  const content = words(query).filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !names.has(w));
  const isTime = (w: string) => lexicon.senses(w, 'noun', 1)[0]?.lexClass === 'noun.time';
  if (!content.some(isTime)) return none;
  return { times: content.filter(isTime).flatMap((w) => analyze(w)), rest: content.filter((w) => !isTime(w)).flatMap((w) => analyze(w)) };
}

/** A schedule ask in the past ("When did gateball start?") asks a date: its words stay the topic's. */
const PAST_SCHEDULE = /\b(?:did|was|were|had)\b/i;

/** A closing relative clause after a content word: "…X that/which/who (up to five words)?" (RELATIVE_CLAUSE). */
const RELATIVE_CLAUSE = /\b[a-z]{3,}\s+(?:that|which|who)\s+((?:[a-z']+\s+){0,4}[a-z']+)\s*[?.!]*\s*$/i;
function relativeClauseTerms(query: string): string[] {
  const m = RELATIVE_CLAUSE.exec(query);
  return m ? analyze(m[1]!) : [];
}
/** The ask without its closing relative clause: the clause says which thing is meant, it asks for no key of its own. */
function withoutRelativeClause(query: string): string {
  const m = RELATIVE_CLAUSE.exec(query);
  return m ? `${query.slice(0, m.index + m[0].length - m[1]!.length).replace(/\s+(?:that|which|who)\s+$/i, '')}?` : query;
}

/** "Do I (still) VERB OBJECT?", "Am I still VERB-ing X?": the verb of a yes/no question about a habit, when an object or complement follows it. */
const YES_NO_VERB = /\b(?:(?:do|does|did)\s+(?:i|you|he|she|they|we)\s+(?:still\s+|ever\s+|usually\s+|really\s+|regularly\s+)?([a-z]+)|(?:am|is|are|was|were)\s+(?:i|you|he|she|they|we)\s+(?:still\s+|ever\s+|usually\s+|really\s+|regularly\s+)?([a-z]+ing))\s+(?:(?:the|a|an|my|any|some)\s+)?(?!to\b|with\b|for\b|about\b|in\b|at\b|on\b|of\b|from\b|anymore\b|any more\b|now\b|these\b|nowadays\b|often\b)[a-z]{3,}/i;

/** Terms of the verb of a yes/no habit question with an object (YES_NO_VERB). */
function objectVerbTerms(query: string): string[] {
  const m = YES_NO_VERB.exec(query);
  const verb = m?.[1] ?? m?.[2];
  return verb && !STOP_WORDS.has(verb.toLowerCase()) ? analyze(verb) : [];
}

/** Coverage share of each analysed term of the question, by the commonness of the words it comes from (QUERY.commonCover). */
function coverShares(query: string, lexicon: Pick<Lexicon, 'commonness'> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!lexicon?.commonness || QUERY.commonCover <= 0) return out;
  for (const w of words(query)) {
    const c = lexicon.commonness(w);
    if (c <= 0) continue;
    const share = 1 - QUERY.commonCover * Math.min(1, c);
    for (const t of analyze(w)) out.set(t, Math.min(out.get(t) ?? 1, share));
  }
  return out;
}

const AUX = 'do|does|did|has|have|had|am|is|are|was|were|would|will|could|can|should|might';
/** "What / Which (kind of) (up to three modifiers) HEAD <auxiliary>…"; a "word/word" head gives its first word. */
const WH_HEAD = new RegExp(`\\b(?:what|which)\\s+(?:(?:kinds?|types?|sorts?)\\s+of\\s+)?(?:[\\p{L}'-]+(?:/[\\p{L}'-]+)?\\s+){0,3}?([\\p{L}'-]+)(?:/[\\p{L}'-]+)?\\s+(?:${AUX})\\b`, 'iu');

/** The head noun a wh-question asks for ("What European countries has she visited?" → countries), or null. */
export function whHead(query: string): string | null {
  return WH_HEAD.exec(query)?.[1]?.toLowerCase() ?? null;
}

/** True when the question's head noun is a plural noun by the lexicon (its base form differs: recipes → recipe). */
export function pluralHead(query: string, lex: Pick<Lexicon, 'lemmas'>): boolean {
  const head = whHead(query);
  if (!head) return false;
  const lemmas = lex.lemmas(head, 'noun');
  return lemmas.length > 0 && !lemmas.includes(head);
}

const LIST = /\b(what|which)\s+(\w+\s+)?(activities|books|events|places|things|hobbies|pets|items|ways|types|kinds|sports|games|instruments|countries|cities|songs|movies|artists|foods|names)\b|\b(all|list|every)\b/i;

/**
 * Capitalised words that are not sentence-initial question words: candidate names. A word that opens a sentence
 * is capitalised by the sentence: when `common` says it is an everyday word ("Ordering…", "Any allergies…",
 * "Whereabouts…", "Give me…") it is no name.
 */
function capitalisedNames(q: string, common: (lw: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const re = /\b[\p{Lu}][\p{L}'’-]+/gu;
  for (const m of q.matchAll(re)) {
    const w = m[0].replace(/['’]s$/u, '');
    const lw = w.toLowerCase();
    // "I'm", "I'd", "I've", "I'll": the speaker, not a name.
    if (/^i['’](?:m|d|ve|ll)$/.test(lw)) continue;
    if (new RegExp(`^${MONTH_RE}$`, 'i').test(lw) || /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?$/.test(lw)) continue;
    if (m.index === 0 && /^(what|when|where|who|whom|whose|why|how|which|did|does|do|is|are|was|were|has|have|had|can|could|would|will|should|in|on|at|for|from|after|before|during|according|if|between|tell|list|describe|name)$/.test(lw)) continue;
    if (/^\s*$|[.!?;:]\s*$/.test(q.slice(0, m.index)) && common(lw)) continue;
    out.push(lw);
  }
  return out;
}

/** Indefinite pronouns (a closed class the lexicon does not list): never names. */
const INDEFINITE_PRONOUNS = new Set(words('anything something everything nothing anyone someone everyone noone anybody somebody everybody nobody anywhere somewhere everywhere nowhere'));

/** A sentence-initial word that is no name: a stop word, or a word the lexicon knows (and the scope does not know as a name). */
function commonWord(lexicon: QueryLexicon | undefined, knownNames: ReadonlySet<string>): (lw: string) => boolean {
  return (lw) => !knownNames.has(lw) && (STOP_WORDS.has(lw) || INDEFINITE_PRONOUNS.has(lw) || (!!lexicon && (['noun', 'verb', 'adj', 'adv'] as const).some((pos) => lexicon.lemmas(lw, pos).length > 0)));
}

/**
 * "My brother's job", "my daughter's school": an attribute of a relative. The relation key still ranks (the relative's
 * row names them) but does not answer it — only their name does ("my mother's name"). Null when the question names no
 * relative's possessive or asks for the name.
 */
export function relativeAttribute(q: string): { owner: string; attribute: string } | null {
  const all = words(q);
  // "What does my father do for work?", "Where did my aunt study?": the relative is the subject of the verb asked about.
  const subject = DO_SUBJECT.exec(q);
  if (subject && RELATION_WORDS.has(subject[1]!.toLowerCase())) return { owner: subject[1]!.toLowerCase(), attribute: subject[2]!.toLowerCase() };
  // "What line of work is my sister in?", "Which school is my son at?": the relative is the copula's subject and the
  // wh-phrase names what is asked of them (not "What is my brother called?": a name ask).
  const copula = COPULA_SUBJECT.exec(q);
  if (copula && RELATION_WORDS.has(copula[2]!.toLowerCase()) && !/^(?:called|named|'?s)$/i.test(copula[3] ?? '')) {
    const attribute = words(copula[1]!).find((w) => !STOP_WORDS.has(w));
    if (attribute) return { owner: copula[2]!.toLowerCase(), attribute };
  }
  const owner = all.findIndex((w) => w.endsWith("'s") && RELATION_WORDS.has(w.slice(0, -2)));
  if (owner < 0) return null;
  const next = all.slice(owner + 1).find((w) => !STOP_WORDS.has(w));
  return next && !/^(name|names|called|first|full)$/.test(next) ? { owner: all[owner]!.slice(0, -2), attribute: next } : null;
}

/** A name's possessive before a word: "Trang's parents", "Ana's brother". */
const NAME_POSSESSIVE = /\b([\p{Lu}][\p{Ll}]+)['’]s\s+([a-z]+)\b/gu;
/** The relation word a named person's possessive owns ("Trang's parents" → parents), or null. */
export function namedKin(q: string, names: ReadonlySet<string>): { name: string; kin: string } | null {
  for (const m of q.matchAll(NAME_POSSESSIVE)) {
    const [name, kin] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
    if (names.has(name) && (RELATION_WORDS.has(kin) || RELATION_WORDS.has(kin.replace(/s$/, '')))) return { name, kin };
    // A chat form of a relation word ("Dimas's mum") is that relation, named by its full word (QUERY.kinBeside).
    const full = QUERY.kinBeside ? mapPacked(chatForms(analyze(kin)[0] ?? kin), (f) => RELATION_BY_STEM.get(f)).find((w) => w !== undefined) : undefined;
    if (names.has(name) && full) return { name, kin: full };
  }
  return null;
}

/**
 * The question with a named person's relative required (namedKin): a document must name the relative beside the person,
 * and no relation row answers for them — for a person who is not a speaker of the scope (a speaker's relatives are
 * their own rows, "Melanie's kids", answered as before). The question unchanged otherwise.
 */
export function withNamedKin(q: AnalyzedQuery, speakers: ReadonlySet<string>): AnalyzedQuery {
  if (!QUERY.namedKin || !q.namedKin || speakers.has(q.namedKin.name) || q.requiredTerms.length > 0) return q;
  return queryWith(q, { requiredTerms: analyze(q.namedKin.kin), requiredWords: [q.namedKin.kin], rankOnlyKeys: [...new Set([...q.rankOnlyKeys, ...RELATION_KEYS])] });
}

/**
 * `{ ...q, ...changes }` built as analyzeQuery builds a query: every field, in its order, in one object literal. A spread
 * gives the object another hidden class than analyzeQuery's, and each step of the recall path optimized on one class was
 * deoptimized ("wrong map") the first time a question read through withNamedKin / asUser came by (session 23).
 */
export function queryWith(q: AnalyzedQuery, changes: Partial<AnalyzedQuery>): AnalyzedQuery {
  const x = { ...q, ...changes };
  return {
    raw: x.raw,
    terms: x.terms,
    names: x.names,
    oblique: x.oblique,
    keys: x.keys,
    temporal: x.temporal,
    past: x.past,
    list: x.list,
    count: x.count,
    duration: x.duration,
    recent: x.recent,
    dateRange: x.dateRange,
    months: x.months,
    intents: x.intents,
    applied: x.applied,
    inference: x.inference,
    intentKeys: x.intentKeys,
    changeKeys: x.changeKeys,
    profile: x.profile,
    rankOnlyKeys: x.rankOnlyKeys,
    namedKin: x.namedKin,
    requiredTerms: x.requiredTerms,
    requiredWords: x.requiredWords,
    keyNouns: x.keyNouns,
    compounds: x.compounds,
    followUp: x.followUp,
    followUpByPronoun: x.followUpByPronoun,
    opinion: x.opinion,
    kinSex: x.kinSex,
  };
}

/** "What does my aunt do?", "…do for work / for a living / these days?": an ask for the relative's occupation. */
const OCCUPATION_DO = /\bdoes\s+my\s+[a-z-]+\s+do\b(?:\s+(?:for\s+(?:work|a\s+living)|now|nowadays|these\s+days))?\s*[?.!]*\s*$/i;
const OCCUPATION_KEYS = ['job_title', 'employer'];

/** A wh-phrase with a content word, the copula, then "my <relative>" as its subject (not its possessive). */
const COPULA_SUBJECT = /\b(?:what|which|whose)\s+((?:[a-z-]+\s+){1,4}?)(?:is|was|are|were)\s+my\s+([a-z-]+)\b(?!['’])(?:\s+([a-z']+))?/i;

/** A relative as the subject of a do-support question: "does my father do…", "did my sister study…" (not "call": the name). */
const DO_SUBJECT = /\b(?:does|did|do)\s+my\s+([a-z-]+)\s+(?!call\b)([a-z]+)/i;

/** Words that name the person the memory is about, or the assistant: their name is the name key's. */
const SELF_WORDS = new Set(words('i me my myself user you yourself'));
/** Determiners and adjectives' company before the thing a name is asked of ("the name of our old vet"). */
const NAME_DETERMINERS = new Set(words('the a an my our his her their your this that'));

/**
 * What a name ask is the name of ("the name of our vet" → vet, "our cat's name" → cat, "what's the street called"
 * → street), or 'self' when it is the user's ("my name", "what am I called"), or null when the question asks no
 * name ("Any brokers we should call?": a verb, not a name ask). Read from the words, no lexicon.
 */
export function nameAskedOf(q: string): string | 'self' | null {
  const ws = mapPacked(words(q), (w) => w.replace(/’/g, "'"));
  const head = (from: number, stop: (w: string) => boolean): string | null => {
    let last: string | null = null;
    for (let i = from; i < ws.length; i++) {
      const w = ws[i]!;
      if (NAME_DETERMINERS.has(w) && last === null) continue;
      if (stop(w) || STOP_WORDS.has(w.replace(/'s$/, ''))) break;
      last = w.replace(/'s$/, '');
      if (w.endsWith("'s")) last = null; // "the name of my son's school": the school's
    }
    return last;
  };
  const owner = (x: string | null) => (x === null ? null : SELF_WORDS.has(x) ? 'self' : x);
  const of = ws.findIndex((w, i) => /^names?$/.test(w) && ws[i + 1] === 'of');
  if (of >= 0) return owner(head(of + 2, () => false));
  const poss = ws.findIndex((w, i) => /'s?$/.test(w) && /^names?$/.test(ws[i + 1] ?? ''));
  if (poss >= 0) return owner(ws[poss]!.replace(/'s?$/, ''));
  const named = ws.findIndex((w, i) => /^names?$/.test(w) && i > 0 && SELF_WORDS.has(ws[i - 1]!));
  if (named >= 0) return 'self';
  // "my kids' names" (the apostrophe is dropped), "the band name": the word before is the owner.
  const bare = ws.findIndex((w, i) => /^names?$/.test(w) && i > 0 && !STOP_WORDS.has(ws[i - 1]!) && !NAME_DETERMINERS.has(ws[i - 1]!));
  if (bare >= 0) return owner(ws[bare - 1]!);
  if (ws.some((w) => w === 'name' || w === 'names')) return null;
  // "What's our cat called?", "what is the street we live on called?", "what am I called?"
  const called = ws.indexOf('called');
  // The question may be embedded ("remind me what the dog is called").
  const wh = ws.findIndex((w) => /^(what|whats|what's|which|how)$/.test(w));
  if (called >= 0 && wh >= 0 && wh < called && ws.slice(0, wh).every((w) => !/^(call|called)$/.test(w))) {
    if (ws.slice(wh, called).some((w) => w === 'i' || w === 'me')) return 'self';
    const start = ws.findIndex((w, i) => i > wh && i < called && NAME_DETERMINERS.has(w));
    return start >= 0 ? owner(head(start, (w) => w === 'called')) : null;
  }
  // "What do we call the dog?", "what do you call me?"
  const call = ws.indexOf('call');
  if (call >= 0 && ws[0] === 'what' && /^(do|does|did)$/.test(ws[1] ?? '')) return owner(head(call + 1, () => false)) ?? 'self';
  return null;
}

/** Words naming a relative or partner (the relation keys' query words): "my mother's …" asks about her. */
const RELATION_WORDS = new Set(KEY_VOCABULARY.filter((s) => s.type === 'relation').flatMap((s) => mapPacked(s.queryWords, (w) => w.toLowerCase())));
/** Relation words by their analysed stem. */
const RELATION_BY_STEM = new Map(mapPacked([...RELATION_WORDS].filter((w) => !/\s/.test(w)), (w) => [analyze(w)[0] ?? w, w]));
export const RELATION_KEYS = [...new Set(mapPacked(KEY_VOCABULARY.filter((s) => s.type === 'relation'), (s) => s.key))];

/** Kinds of thing a user keeps (an animal, a vehicle, an instrument): "my <noun of the kind>" names the key that holds it. */
const POSSESSED_KINDS: readonly NounKind[] = ['animal', 'vehicle', 'instrument'];

/** Keys named by a possessed noun of a kept kind ("my hound" → pet, "our camper" → vehicle), each with its nouns: the noun heading "my"/"our" + up to one modifier. */
function possessedKindKeys(ws: readonly string[], names: ReadonlySet<string>, lexicon: QueryLexicon | undefined): Record<string, string[]> {
  const out = dataRecord<string[]>();
  for (let i = 0; i < ws.length; i++) {
    if (ws[i] !== 'my' && ws[i] !== 'our') continue;
    for (const w0 of ws.slice(i + 1, i + 3)) {
      const w = w0.replace(/'s$/, '');
      if (STOP_WORDS.has(w) || names.has(w)) break;
      const kinds = kindsOfWord(lexicon, w);
      const kind = POSSESSED_KINDS.find((k) => kinds.includes(k));
      if (kind) {
        for (const k of KIND_KEYS[kind]?.keys ?? []) if (!(out[k] ??= []).includes(w)) out[k]!.push(w);
        break;
      }
    }
  }
  return out;
}

/** Bytes of the keysBySense memo per lexicon (a word's keys). */
export const KEY_SENSES_MEMO_BYTES = 512 * 1024;
const senseMemo = new WeakMap<object, ByteLru<string[]>>();

/** The synset ids of KEY_SENSES' anchors in a lexicon ("lemma" = its first sense, "lemma#n" its n-th), per part of speech. */
const anchorIds = new WeakMap<object, Array<{ key: string; pos: 'noun' | 'verb'; lemma: string; id: string; depth: number }>>();
function anchorsOf(lex: Lexicon): Array<{ key: string; pos: 'noun' | 'verb'; lemma: string; id: string; depth: number }> {
  let out = anchorIds.get(lex);
  if (out) return out;
  out = [];
  for (const spec of KEY_SENSES)
    for (const [pos, list] of [['noun', spec.nouns], ['verb', spec.verbs]] as const)
      for (const a of list ?? []) {
        const [lemma, n] = a.split('#');
        const id = lex.senses(lemma!, pos, Number(n ?? 1))[Number(n ?? 1) - 1]?.id;
        if (id) out.push({ key: spec.key, pos, lemma: lemma!, id, depth: spec.depth ?? 2 });
      }
  anchorIds.set(lex, out);
  return out;
}

/**
 * Keys a noun (phrase) or verb asks for by its first sense (KEY_SENSES): the sense is an anchor's sense, or has it
 * among its hypernyms within the anchor's depth — by synset identity, so "class" (whose first sense also lists
 * "family") is not the household. A verb also asks when it is the anchor's own word ("study"). Memoised per lexicon,
 * bounded in bytes.
 */
function senseKeysOf(lex: Lexicon, phrase: string, pos: 'noun' | 'verb'): string[] {
  let memo = senseMemo.get(lex);
  if (!memo) senseMemo.set(lex, (memo = new ByteLru<string[]>(KEY_SENSES_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + 8 * v.length)));
  const id = `${pos}|${phrase}`;
  const hit = memo.get(id);
  if (hit) return hit;
  const out: string[] = [];
  const sense = lex.senses(phrase, pos, 1)[0];
  const anchors = anchorsOf(lex).filter((a) => a.pos === pos);
  if (sense && anchors.length > 0) {
    // The sense's hypernym ids by distance (0 = the sense itself), up to the deepest anchor's depth.
    const maxDepth = Math.max(...mapPacked(anchors, (a) => a.depth));
    const at = new Map<string, number>([[sense.id, 0]]);
    let frontier = [sense];
    for (let d = 1; d <= maxDepth && frontier.length > 0; d++) {
      const next = [];
      for (const s of frontier)
        for (const h of lex.hypernyms(s.id))
          if (!at.has(h.id)) {
            at.set(h.id, d);
            next.push(h);
          }
      frontier = next;
    }
    const own = pos === 'verb' ? new Set([phrase, ...lex.lemmas(phrase, 'verb')]) : null;
    for (const a of anchors) {
      const d = at.get(a.id);
      if ((d !== undefined && d <= a.depth) || own?.has(a.lemma)) if (!out.includes(a.key)) out.push(a.key);
    }
  }
  memo.set(id, out);
  return out;
}

/**
 * Keys asked for by what the question's words mean (KEY_SENSES): its nouns, two- and three-word lemmas the lexicon
 * knows ("line of work", "better half") and verbs, each read by its first sense. Names and stop words ask nothing.
 */
function keysBySense(ws: readonly string[], lexicon: QueryLexicon | undefined, names: ReadonlySet<string>): string[] {
  if (!lexicon || typeof lexicon.hypernyms !== 'function') return [];
  const lex = lexicon as Lexicon;
  const out: string[] = [];
  const add = (ks: string[]) => {
    for (const k of ks) if (!out.includes(k)) out.push(k);
  };
  const content = (w: string | undefined) => !!w && /^[a-z][a-z-]*$/.test(w) && !STOP_WORDS.has(w) && !names.has(w);
  for (let i = 0; i < ws.length; i++) {
    for (const n of [3, 2]) {
      const span = ws.slice(i, i + n);
      if (span.length === n && content(span[0]) && content(span[n - 1]) && span.every((w) => /^[a-z-]+$/.test(w))) add(senseKeysOf(lex, span.join(' '), 'noun'));
    }
    const w = ws[i]!;
    if (!content(w) || w.length < 3) continue;
    add(senseKeysOf(lex, w, 'noun'));
    // A word after an article is a noun: "a living" asks no verb's key (QUERY.determinedNouns).
    if (!(QUERY.determinedNouns && DETERMINERS.has(ws[i - 1] ?? ''))) add(senseKeysOf(lex, w, 'verb'));
  }
  return out;
}

/** "am I into", "I'm really into", "is she still into": a form of "be", its subject and an adverb or two, then "into". */
const BE_INTO = / (?:am|are|is|was|were|be|been|i'm|we're|you're|they're|he's|she's)(?: (?:i|we|you|he|she|they))?(?: (?:really|still|currently|mostly|actually|so|very much))* into /;

/**
 * Articles: an -ing word after one is a noun ("a living", "the building"). Not possessives: "my eating habits" keeps
 * the verb (a gerund owned by its doer).
 */
const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** A subject or form of "be" before an -ing word makes it a progressive verb. */
const PROGRESSIVE_BEFORE = /^(i|we|you|he|she|they|it|am|is|are|was|were|be|been|being|i'm|we're|you're|they're)$/;

/** Key phrases of several words (KEY_VOCABULARY queryWords with a space), lower case. */
const KEY_PHRASES = KEY_VOCABULARY.flatMap((s) => mapPacked(s.queryWords.filter((w) => /\s/.test(w)), (w) => w.toLowerCase()));

/** The words of the key phrases an ask says ("How does she make a living?" → make, a, living). */
export function keyPhraseWords(q: string): string[] {
  const spaced = ` ${words(q).join(' ')} `;
  // A loop of pushes, not filter + flatMap (one elements kind in every tier: core/packed.ts).
  const out: string[] = [];
  for (const p of KEY_PHRASES) if (spaced.includes(` ${p} `)) for (const w of p.split(/\s+/)) out.push(w);
  return out;
}

/** Single-word query words of each key, lower case: a question word whose lemma is one asks for the key ("conditions" → condition). */
const SINGLE_QUERY_WORDS = mapPacked(KEY_VOCABULARY, (s) => ({ key: s.key, words: new Set(mapPacked(s.queryWords, (w) => w.toLowerCase()).filter((w) => !/\s/.test(w))) }));

/**
 * Each key's query words as keysAskedFor matches them, made once (was a lower-casing, a template string and a substring
 * search per query word per question: 258 of them): those of several words lower case between spaces (`phrases`, in
 * the vocabulary's order), and the keys of each single word (WORD_KEYS).
 */
const PHRASE_QUERY_WORDS = mapPacked(KEY_VOCABULARY, (s) => ({ key: s.key, phrases: mapPacked(s.queryWords.filter((w) => /\s/.test(w)), (w) => ` ${w.toLowerCase()} `) }));
const WORD_KEYS = new Map<string, string[]>();
for (const s of KEY_VOCABULARY)
  for (const w of s.queryWords)
    if (!/\s/.test(w)) {
      const ks = WORD_KEYS.get(w.toLowerCase()) ?? [];
      if (!ks.includes(s.key)) ks.push(s.key);
      WORD_KEYS.set(w.toLowerCase(), ks);
    }

function keysAskedFor(q: string, lexicon?: QueryLexicon, names: ReadonlySet<string> = new Set()): string[] {
  // "husband's" asks for the husband.
  const all = words(q);
  const spaced = (ws: string[]) => ` ${mapPacked(ws, (w) => w.replace(/'s$/, '')).join(' ')} `;
  const ws = spaced(all);
  // "my mother's name", "my dad's job", "my sister's husband": what follows a relative's
  // possessive is that person's (the relation key answers it), not the user's name, job or partner.
  const owner = all.findIndex((w) => w.endsWith("'s") && RELATION_WORDS.has(w.slice(0, -2)));
  const askedAll = owner < 0 ? all : all.slice(0, owner + 1);
  const askedWords = mapPacked(askedAll, (w) => w.replace(/'s$/, ''));
  const asked = spaced(askedAll);
  const keys: string[] = [];
  // A key's phrase takes its words ("make a living" is the job's: its "living" asks no location; QUERY.keyPhrases).
  let rest = asked;
  if (QUERY.keyPhrases)
    for (const { key, phrases } of PHRASE_QUERY_WORDS)
      for (const p of phrases)
        if (rest.includes(p)) {
          if (!keys.includes(key)) keys.push(key);
          rest = rest.split(p).join(' | ');
        }
  // A single word occurs in `rest` between spaces exactly when it is one of its space-separated tokens (a word holds no space).
  const byWord = new Set<string>();
  for (const t of rest.split(' ')) for (const k of WORD_KEYS.get(t) ?? []) byWord.add(k);
  for (const { key, phrases } of PHRASE_QUERY_WORDS) {
    if (!keys.includes(key) && (byWord.has(key) || phrases.some((p) => rest.includes(p)))) keys.push(key);
  }
  // Another inflection of a key's word ("medical conditions", "my eating habits"): the lexicon's base forms. Not a
  // progressive verb ("Which horse am I riding?" asks about a horse, not a vehicle one rides).
  if (lexicon)
    for (const [i, w] of askedWords.entries()) {
      if (STOP_WORDS.has(w) || names.has(w)) continue;
      if (w.endsWith('ing') && PROGRESSIVE_BEFORE.test(askedWords[i - 1] ?? '')) continue;
      // Plural nouns and gerunds only: "older" is no question about an age. An -ing word after an article is a noun
      // ("earn a living" is a livelihood, not where one lives; QUERY.determinedNouns, session 16).
      const verbal = w.endsWith('ing') && !(QUERY.determinedNouns && DETERMINERS.has(askedWords[i - 1] ?? ''));
      const bases = [...lexicon.lemmas(w, 'noun'), ...(verbal ? lexicon.lemmas(w, 'verb') : [])].filter((b) => b !== w);
      if (bases.length === 0) continue;
      for (const { key, words: kw } of SINGLE_QUERY_WORDS) if (!keys.includes(key) && bases.some((b) => kw.has(b))) keys.push(key);
    }
  for (const k of keysBySense(askedWords, lexicon, names)) if (!keys.includes(k)) keys.push(k);
  // The `favorite_<thing>` family (favorite_food, favorite_band).
  if (/ favou?rites? /.test(ws)) keys.push('favorite');
  // "What am I into these days?", "what kind of music is she into?": "into" as the predicate of "be" (no verb of motion
  // before it) is a liking; the like rows answer it (filtered by the topic the question names, as any generic like ask).
  if (BE_INTO.test(asked) && !keys.includes('like')) keys.push('like');
  return keys;
}

const OBLIQUE_BEFORE = /\b(to|with|for|about|from|by|of|than|like|at|on|toward|towards)\s+$/i;

/** True when every mention of `name` is possessive or follows a preposition (not "according to"). */
function obliqueName(query: string, name: string): boolean {
  const re = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b(['’]s\\b)?`, 'giu');
  let any = false;
  for (const m of query.matchAll(re)) {
    any = true;
    const before = query.slice(0, m.index);
    if (/\baccording to\s+$/i.test(before)) return false;
    if (!m[1] && !OBLIQUE_BEFORE.test(before)) return false;
  }
  return any;
}

const NOT_A_NAME = new RegExp(`^(${MONTH_RE}|(mon|tues|wednes|thurs|fri|satur|sun)day)$`, 'i');

/**
 * A capitalised word that is not a known name but starts exactly one known name ("Mel" →
 * Melanie, "Chris" → Christopher) is read as that name: people shorten each other's names.
 */
export function expandShortNames(query: string, knownNames: ReadonlySet<string>): string {
  if (knownNames.size === 0) return query;
  // Single-word names only ("sister maya" is also known as "maya"; "sister" is not a name).
  const singles = [...knownNames].filter((n) => n.length >= 4 && !/\s/.test(n));
  return query.replace(/\b([\p{Lu}][\p{Ll}]{2,})(?=['’]s\b|\b)/gu, (w, _g, at: number) => {
    const lw = w.toLowerCase();
    // Not the question's first word ("How" is not Howard), a stop word, a month or a weekday.
    if (at === 0 || knownNames.has(lw) || STOP_WORDS.has(lw) || NOT_A_NAME.test(lw)) return w;
    const full = singles.filter((n) => n.length > lw.length && n.startsWith(lw));
    return full.length === 1 ? full[0][0].toUpperCase() + full[0].slice(1) : w;
  });
}

/**
 * Analyses a question. `knownNames` (speakers and memory subjects of the scope, lower-cased)
 * lets lower-case mentions count as names too.
 */
/** Whether a word is the modifier of a compound whose head is `next` ("espresso machine", "dog bed"): a noun follows that is no time word. */
function modifiesNext(lexicon: QueryLexicon | undefined, next: string | undefined): boolean {
  if (!lexicon || !next || STOP_WORDS.has(next)) return false;
  const sense = lexicon.senses(next, 'noun', 1)[0];
  return !!sense && sense.lexClass !== 'noun.time';
}

/**
 * Noun compounds ("shoe size", "blood type", "programming language"): a word that is only a noun in its first
 * senses (no adjective reading: not "favourite", "old") before a noun that is no time word, neither a name nor a
 * stop word. Analysed [modifier, head] pairs.
 */
function nounCompounds(query: string, names: ReadonlySet<string>, lexicon: QueryLexicon | undefined): Array<[string, string]> {
  if (!lexicon) return [];
  const ws = words(query);
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < ws.length; i++) {
    const w = ws[i]!;
    const next = ws[i + 1]!;
    if (w.length < 3 || STOP_WORDS.has(w) || FILLER.has(w) || names.has(w) || names.has(next) || !modifiesNext(lexicon, next)) continue;
    const senses = lexicon.senses(w, undefined, 3);
    if (senses.length === 0 || senses[0]!.pos !== 'noun' || senses.some((x) => x.pos === 'adj')) continue;
    const [m, h] = [analyze(w)[0], analyze(next)[0]];
    if (m && h && m !== h) out.push([m, h]);
  }
  return out;
}

/** The lexicon kinds of the words that head a noun phrase (no names, stop words or modifiers of the next noun), in order. */
function nounKindsOf(ws: string[], names: ReadonlySet<string>, lexicon: QueryLexicon | undefined): NounKind[] {
  const out: NounKind[] = [];
  for (const [i, w] of ws.entries()) {
    if (names.has(w) || STOP_WORDS.has(w) || modifiesNext(lexicon, ws[i + 1])) continue;
    for (const kind of kindsOfWord(lexicon, w)) if (!out.includes(kind)) out.push(kind);
  }
  return out;
}

/**
 * Words in a place adjunct ("at work", "at home", "at the gym"): where something is, not what the question is about.
 * They ask no key and search no kind, and weigh QUERY.narrowedCover in the coverage ("What's the wifi password at
 * work?" is not about work). Unless nothing else is left to ask about ("What do I do at work?").
 */
const AT_ADJUNCT = /\bat\s+(?:the\s+|my\s+|our\s+|her\s+|his\s+|their\s+)?([a-z]+)\b/gi;
/** "back home" (in the place one comes from): an adjunct like "at home" ("Do I have brothers or sisters back home?"). */
const BACK_HOME = /\b(back)\s+(home)\b/gi;
function adjunctWords(query: string, circumstances: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  for (const m of query.matchAll(AT_ADJUNCT)) if (!STOP_WORDS.has(m[1]!.toLowerCase())) out.add(m[1]!.toLowerCase());
  for (const m of query.matchAll(BACK_HOME)) out.add(m[1]!.toLowerCase()).add(m[2]!.toLowerCase());
  if (out.size === 0) return out;
  // What else there is to ask about: not the circumstance words ("When's my next stint at the observatory?" asks about the observatory).
  const rest = words(query).filter((w) => !out.has(w) && !STOP_WORDS.has(w) && !FILLER.has(w) && analyze(w).length > 0 && !analyze(w).every((t) => circumstances.has(t)));
  return rest.length > 0 ? out : new Set();
}

/** Lemmas an organisation noun's senses reach (first two senses: "airline" is a hose before it is a business). */
const ORGANISATION_ANCESTORS = ['organization', 'enterprise', 'business'];
/** A first-person question ending in "…for / with" ("Which firm am I flying for these days?"): the head is who the user works for. */
const WORKS_FOR = /\b(?:do|am|did|have|are)\s+(?:i|we)\b.*\b(?:for|with)\s*(?:now|these days|nowadays|currently|at the moment|at present|today)?\s*[?.!]*\s*$/i;

/** What an organisation does to the person it employs, by the lexicon (ancestor lemmas of the verb's first two senses). */
const EMPLOYING = ['pay', 'employ', 'hire'];
/** "Which company pays my salary?", "which firm employs me now?": the verb right after the head is one of employing. */
const employingClause = (head: string) => new RegExp(`\\b${head}\\s+([a-z]+)\\s+(?:me|my|us|our)\\b((?:\\s+[a-z]+)*)`, 'i');
/** The words of the employing predicate after the head ("pays my salary" → pays, salary), from employingClause's match. */
function employingPredicate(m: RegExpExecArray | null): string[] {
  return m ? [m[1]!, ...words(m[2] ?? '')].filter((w) => !STOP_WORDS.has(w)) : [];
}
function employingVerb(m: RegExpExecArray | null, lexicon: QueryLexicon): boolean {
  if (!m) return false;
  const verb = lexicon.lemmas(m[1]!.toLowerCase(), 'verb')[0] ?? m[1]!.toLowerCase();
  return lexicon.senses(verb, 'verb', 2).some((s) => EMPLOYING.some((a) => ancestorLemmas(lexicon as Lexicon, s, 3).has(a)));
}

/** True when `head` is an organisation by the lexicon and the question asks whom the user does something for (WORKS_FOR) or who employs them. */
function employerHead(query: string, head: string | null, lexicon: QueryLexicon | undefined, employing: RegExpExecArray | null): boolean {
  if (!head || !lexicon || typeof lexicon.hypernyms !== 'function') return false;
  if (!WORKS_FOR.test(query) && !employingVerb(employing, lexicon)) return false;
  return lexicon.senses(head, 'noun', 2).some((s) => ORGANISATION_ANCESTORS.some((a) => ancestorLemmas(lexicon as Lexicon, s, 6).has(a)));
}

/** What query analysis reads from the lexicon: lemmas and senses, and hypernyms for noun kinds when it has them. */
export type QueryLexicon = Pick<Lexicon, 'lemmas' | 'commonness' | 'senses'> & Partial<Pick<Lexicon, 'hypernyms' | 'isA' | 'derivations'>>;
/**
 * "-wise" as "as regards" ("workwise", "money-wise", "health wise"): a word the lexicon does not know (not "likewise",
 * "clockwise") whose stem it knows as a noun is read as the stem, the topic.
 */
const REGARDING = /\b([a-z]{3,})[-\s]?wise\b/gi;
function regardingForms(query: string, lexicon: QueryLexicon | undefined): string {
  if (!lexicon || !/wise\b/i.test(query)) return query;
  return query.replace(REGARDING, (m, stem: string) => (lexicon.senses(m.replace(/[-\s]/g, '').toLowerCase(), undefined, 1).length === 0 && lexicon.senses(stem.toLowerCase(), 'noun', 1).length > 0 ? stem : m));
}

/** Question words at least this common in everyday text bring no derivations ("make" → maker, "go" → goer). */
const BRIDGE_COMMONNESS = 0.45;

/** Lexicographer classes whose category nouns have members worth searching (QUERY.members). */
const MEMBER_CLASSES = new Set(['noun.food', 'noun.animal', 'noun.plant']);
/** ...and, for a list ask (QUERY.listMembers), the classes of what people do. */
const LIST_MEMBER_CLASSES = new Set(['noun.act']);

/** ...and, for a two-word category of a list ask, also the classes of places ("European countries" → spain, italy). */
const PAIR_MEMBER_CLASSES = new Set([...LIST_MEMBER_CLASSES, 'noun.location']);

/** Single-word kinds of a noun's first sense (within QUERY.memberDepth steps) when that sense is of a MEMBER_CLASSES class. */
function categoryMembers(lex: Lexicon, word: string, list = false, listClasses: ReadonlySet<string> = LIST_MEMBER_CLASSES): string[] {
  const first = lex.senses(word, 'noun', 1)[0];
  if (!first || !(MEMBER_CLASSES.has(first.lexClass) || (list && listClasses.has(first.lexClass)))) return [];
  const out = new Set<string>();
  let frontier = [first];
  for (let d = 0; d < QUERY.memberDepth && frontier.length > 0; d++) {
    frontier = frontier.flatMap((s) => lex.hyponyms(s.id));
    for (const h of frontier) for (const l of h.lemmas) if (!/[\s-]/.test(l) && l !== word) out.add(l);
  }
  return [...out];
}

/**
 * Two adjacent words of the question that the lexicon knows as one noun in their base form ("martial arts" → martial
 * art, "board games" → board game), each with the analysed term of its head (last) word. Stop words and capitalised
 * names do not end one. The flag says the pair is plural as written ("arts", not "art").
 */
export function nounPairs(query: string, lexicon: Pick<Lexicon, 'lemmas' | 'senses'>): Array<[string, string, boolean]> {
  const ws = query.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
  const out: Array<[string, string, boolean]> = [];
  for (let i = 0; i + 1 < ws.length; i++) {
    const a = ws[i]!.toLowerCase();
    const b = ws[i + 1]!.toLowerCase();
    if (a.length < 3 || b.length < 3 || STOP_WORDS.has(a) || STOP_WORDS.has(b) || /^[\p{Lu}]/u.test(ws[i + 1]!)) continue;
    const pair = lexicon.lemmas(`${a} ${b}`, 'noun').find((l) => l.includes(' ') && lexicon.senses(l, 'noun', 1).length > 0);
    const head = analyze(b)[0];
    if (pair && head) out.push([pair, head, !pair.endsWith(` ${b}`)]);
  }
  return out;
}

/**
 * The question's terms by term, as analyzeQuery builds them: a term is put at the highest weight it is given, and the
 * gate-coverage share of a question word can be capped (a word that frames rather than names the topic).
 */
class TermTable {
  readonly terms = new Map<string, QueryTerm>();

  put(term: string, weight: number, source: TermSource): void {
    const cur = this.terms.get(term);
    if (!cur || cur.weight < weight) this.terms.set(term, { term, weight, source });
  }

  /** Caps the gate-coverage share of the question's own terms `ts` at `share`. */
  capCover(ts: Iterable<string>, share: number): void {
    for (const t of ts) {
      const qt = this.terms.get(t);
      if (qt && qt.source === 'query') qt.cover = Math.min(qt.cover ?? 1, share);
    }
  }

  /** True when a question word that is not `skip` names the topic at more than the narrowed share. */
  topicBeside(skip: (term: string) => boolean): boolean {
    return [...this.terms.values()].some((t) => t.source === 'query' && !skip(t.term) && (t.cover ?? 1) > QUERY.narrowedCover);
  }
}

/**
 * analyzeQuery's steps are module-level functions over one TermTable, called in order (each step's insertions keep
 * their place in the term list): V8 compiles and, after a deoptimization, recompiles each on its own, where the one
 * 300-line function cost a compiler thread a long recompile (docs/recall-architecture.md, Session 21).
 */
export function analyzeQuery(rawQuery: string, knownNames: ReadonlySet<string> = new Set(), lexicon?: QueryLexicon): AnalyzedQuery {
  const query = regardingForms(expandShortNames(rawQuery, knownNames), lexicon);
  const table = new TermTable();
  const names = new Set(capitalisedNames(query, commonWord(lexicon, knownNames)));
  for (const w of words(query)) if (knownNames.has(w.replace(/'s$/, ''))) names.add(w.replace(/'s$/, ''));
  const nameTerms = new Set([...names].flatMap((n) => analyze(n)));
  const words0 = wordTerms(table, query, names, nameTerms, lexicon);
  const asked = askedKeys(table, query, knownNames, names, words0.adjuncts, lexicon);
  const ask = askShape(asked.keys, query, names, lexicon, (ts, share) => table.capCover(ts, share));
  const listAsk = expandTerms(table, query, names, lexicon);
  kindTerms(table, query, names, lexicon, { date: words0.date, original: words0.original, frame: words0.frame, nameTerms, adjunctTerms: words0.adjunctTerms, asked, applied: ask.applied, named: ask.named, domainKinds: ask.domainKinds });
  const { keys, keyNouns, nameOfThing } = asked;
  // Kind words searched the turns' kinds except for a relative's attribute, which an applied ask never is.
  const relative = ask.applied ? null : asked.asRelative;
  // What a document must name for the gate: the relative whose attribute is asked, or the thing whose name is.
  // "What are Trang's parents called?": a named person's relative. A document must name the relative (beside the
  // person), and the user's own relation rows do not answer for them.
  const kinOfNamed = relative || nameOfThing ? null : namedKin(query, names);
  const required = relative ? [relative.owner] : nameOfThing ? [nameOfThing] : [];
  return {
    raw: rawQuery,
    terms: [...table.terms.values()],
    names: [...names],
    oblique: [...names].filter((n) => obliqueName(query, n)),
    keys,
    temporal: TEMPORAL.test(query),
    past: PAST.test(query),
    list: listAsk,
    count: COUNT.test(query) && !DURATION.test(query),
    duration: DURATION.test(query),
    recent: RECENT.test(query),
    dateRange: words0.date?.range ?? null,
    months: words0.months,
    intents: mapPacked(ask.intents, (i) => i.name),
    applied: ask.applied,
    inference: isInferenceAsk(query),
    intentKeys: keys.filter((k) => !ask.named.has(k)),
    changeKeys: ask.changeKeys,
    profile: ask.profile,
    rankOnlyKeys: [...(relative ? RELATION_KEYS.filter((k) => keys.includes(k)) : []), ...(nameOfThing ? ['name'] : [])],
    namedKin: kinOfNamed,
    requiredTerms: required.flatMap((w) => analyze(w)),
    requiredWords: required,
    keyNouns,
    compounds: QUERY.compounds > 0 ? nounCompounds(query, names, lexicon) : [],
    followUp: FOLLOW_START.test(query) || ANAPHORA.test(query),
    followUpByPronoun: !FOLLOW_START.test(query) && ANAPHORA.test(query),
    opinion: words0.stance.length > 0 || isOpinionAsk(query),
    kinSex: kinSex(query),
  };
}

/** The question's own words as terms (query, name or filler), with the coverage shares of the words that frame the ask. */
function wordTerms(table: TermTable, query: string, names: ReadonlySet<string>, nameTerms: ReadonlySet<string>, lexicon: QueryLexicon | undefined) {
  const put = (term: string, weight: number, source: TermSource) => table.put(term, weight, source);
  const capCover = (ts: Iterable<string>, share: number) => table.capCover(ts, share);
  const terms = table.terms;
  const date = questionDate(query);
  const months = date ? null : questionMonths(query);
  // The words that spell a date are the date's, not the topic's (weighed as filler). A month named
  // without a year stays a search word: as filler it cost category-3 evidence on LoCoMo dev.
  const dateTerms = new Set(date ? date.words.flatMap((w) => analyze(w)) : []);
  const original = analyze(query);
  // Words that frame an opinion or change ask ("these days", "changed over time") are the ask's, not its topic's: not searched.
  // A stance noun ("my verdict on…") frames the ask the same way.
  const stance = stanceTerms(query, lexicon && typeof lexicon.hypernyms === 'function' ? (lexicon as Lexicon) : undefined);
  const frame = new Set([...askFrameTerms(query), ...stance]);
  // "us" in lower case is the speakers as a group ("home for us", "a trip for us"), a pronoun like "me" and "we" (the
  // stop words); "US" is the country, kept.
  if (OBJECT_US.test(query)) frame.add('us');
  const particles = new Set([...query.matchAll(PARTICLE), ...query.matchAll(DAY_PART), ...query.matchAll(FARING)].flatMap((m) => analyze(m[1]!)));
  for (const t of original) {
    if (frame.has(t)) continue;
    if (dateTerms.has(t) || particles.has(t)) put(t, WEIGHTS.filler, 'filler');
    else if (nameTerms.has(t)) put(t, WEIGHTS.name, 'name');
    else if (FILLER.has(t)) put(t, WEIGHTS.filler, 'filler');
    else put(t, WEIGHTS.query, 'query');
  }
  for (const [t, share] of coverShares(query, lexicon)) {
    const qt = terms.get(t);
    if (qt && qt.source === 'query') qt.cover = share;
  }
  // "Do I still dance salsa?": the object names the topic; the verb before it weighs as a narrowed word in the coverage.
  capCover(objectVerbTerms(query), QUERY.narrowedCover);
  capCover(narrowedTerms(query, lexicon), QUERY.narrowedCover);
  // A relative clause closing the ask ("guitars that people bring in", "the dog that bit me") says which of the thing
  // before it is meant: its words weigh as circumstances, the thing names the topic.
  capCover(relativeClauseTerms(query), QUERY.circumstanceCover);
  // Only beside a word that names the topic at full weight: "Am I still working weekends?" is about the weekends.
  const circumstances = circumstanceTerms(query, names, frame, lexicon);
  if (table.topicBeside((t) => circumstances.has(t))) capCover(circumstances, QUERY.circumstanceCover);
  // "What time does gateball start tomorrow?": the time is asked of the activity; the aspect and the occasion noun frame it.
  const schedule = scheduleFrameTerms(query, names, lexicon);
  if (schedule.length > 0 && table.topicBeside((t) => schedule.includes(t)))
    for (const t of schedule) {
      const qt = terms.get(t);
      if (qt && (qt.source === 'query' || qt.source === 'filler')) qt.cover = Math.min(qt.cover ?? 1, QUERY.circumstanceCover);
    }
  // "Is Tuesday evening free for a kickabout?": the time is the topic; what it would be for is a circumstance.
  const availability = availabilityFrameTerms(query, names, lexicon);
  capCover(availability.rest, QUERY.circumstanceCover);
  for (const t of availability.times) {
    const qt = terms.get(t);
    if (qt && qt.source === 'query') delete qt.cover;
  }
  // Place adjuncts ("at work", "at home") ask no key and search no kind (adjunctWords).
  const adjuncts = adjunctWords(query, QUERY.adjunctTopic ? new Set(mapPacked([...terms.values()].filter((t) => t.source === 'query' && (t.cover ?? 1) <= QUERY.circumstanceCover), (t) => t.term)) : new Set());
  const adjunctTerms = new Set([...adjuncts].flatMap((w) => analyze(w)));
  capCover(adjunctTerms, QUERY.narrowedCover);
  return { date, months, original, stance, frame, adjuncts, adjunctTerms };
}

/** The memory keys the question asks for by its words, its head noun, what it possesses, its employer or vehicle ask; their words as key terms. */
function askedKeys(table: TermTable, query: string, knownNames: ReadonlySet<string>, names: ReadonlySet<string>, adjuncts: ReadonlySet<string>, lexicon: QueryLexicon | undefined) {
  const asking = withoutRelativeClause(query);
  const keys = keysAskedFor(adjuncts.size > 0 ? asking.replace(AT_ADJUNCT, (m, w: string) => (adjuncts.has(w.toLowerCase()) ? ' ' : m)).replace(BACK_HOME, ' ') : asking, lexicon, names);

  // The name key answers the user's name (or a relative's, by the relation row): the name of something else ("the
  // name of our vet", "what's our cat called?") is that thing's, and a question without a name ask ("who should I
  // call?") asks for no name at all.
  // Without the name key the question may still ask for a thing's name ("remind me what the dog is called").
  const nameOf = keys.includes('name') ? nameAskedOf(query) : (nameAskedOf(query) ?? 'self');
  const nameOfThing = nameOf !== null && nameOf !== 'self' && !RELATION_WORDS.has(nameOf) && !knownNames.has(nameOf) && !names.has(nameOf) ? nameOf : null;
  if (nameOf === null && keys.includes('name')) keys.splice(keys.indexOf('name'), 1);
  // "Which suburb am I in?": a head noun of a kind that a key holds asks for that key.
  const head = whHead(query);
  if (head && !names.has(head)) for (const kind of kindsOfWord(lexicon, head)) if (KIND_KEYS[kind]?.head) for (const k of KIND_KEYS[kind]!.keys) if (!keys.includes(k)) keys.push(k);
  // "What breed is my hound?", "is our pup due a jab?": a thing of a kept kind the user owns names that key.
  const possessed = possessedKindKeys(words(query), names, lexicon);
  // Named by the key's own words or not ("my cat" names the pet key), the rows that answer are of the noun's kind.
  const keyNouns = dataRecord<string[]>();
  for (const [k, nouns] of Object.entries(possessed)) {
    if (!keys.includes(k)) keys.push(k);
    keyNouns[k] = nouns;
  }
  // "Which firm am I flying for now?": an organisation the user does something for is the employer.
  // The head may be the subject ("Which organisation pays my salary?": no auxiliary after it).
  const subjectHead = head ?? /\b(?:which|what)\s+([a-z]+)\s+[a-z]+\s+(?:me|my|us|our)\b/i.exec(query)?.[1]?.toLowerCase() ?? null;
  // The employing clause after the head ("…pays my salary"), matched once: it decides the ask and frames its words.
  const employing = subjectHead ? employingClause(subjectHead).exec(query) : null;
  const employer = employerHead(query, subjectHead, lexicon, employing);
  if (employer && !keys.includes('employer')) keys.push('employer');
  // "Which company pays my salary?": the employing predicate is the ask's structure (as "employs me"); the head names the topic.
  if (employer) table.capCover(employingPredicate(employing).flatMap((w) => analyze(w)), QUERY.circumstanceCover);
  // "What do I drive?": the object of a verb of travelling is the vehicle.
  // ...unless the question names what it is, and that is of another kind ("Which horse am I riding?" asks for no vehicle).
  const object0 = verbObject(query, lexicon);
  const object = object0 && head && lexicon && lexicon.senses(head, 'noun', 1).length > 0 && !object0.kinds.some((k) => kindsOfWord(lexicon, head).includes(k)) ? null : object0;
  for (const k of object?.keys ?? []) if (!keys.includes(k)) keys.push(k);
  // "What does my brother do (for a living)?": the present-tense do-verb with nothing done asks the relative's
  // occupation, which their own rows hold (job title, employer); "what did my sister do last weekend?" does not.
  const asRelative = relativeAttribute(query);
  if (asRelative && OCCUPATION_DO.test(query)) for (const k of OCCUPATION_KEYS) if (!keys.includes(k)) keys.push(k);
  for (const k of keys) for (const t of analyze(k.replace(/_/g, ' '))) table.put(t, WEIGHTS.key, 'key');
  return { keys, nameOfThing, head, keyNouns, subjectHead, employer, object, asRelative };
}

/**
 * What kind of ask the question is: its intents (the keys they imply are added to `keys`), applied or not, the kinds of
 * the user's turns that bear on an applied ask, a profile ask, the keys its head nouns' kinds could change.
 */
function askShape(keys: string[], query: string, names: ReadonlySet<string>, lexicon: QueryLexicon | undefined, capCover: (ts: Iterable<string>, share: number) => void) {
  // Intent keys steer the key ranker only (they are not words the answer contains).
  const named = new Set(keys);
  let intents = INTENTS.filter((i) => i.words.test(query));
  // A how-to ask ("How do I reset the router?") is a request for steps, shaped as the user wants answers.
  const howTo = isHowToAsk(query, lexicon);
  // "Stocking fillers for the twins?": a present asked for someone, without a verb, is a gift request (giftNouns).
  const gifts = QUERY.giftNouns && lexicon && typeof lexicon.hypernyms === 'function' ? giftNouns(query, lexicon as Lexicon, names) : [];
  const applied = howTo || isAppliedAsk(query, lexicon) || gifts.length > 0;
  capCover(gifts.flatMap((w) => analyze(w)), QUERY.circumstanceCover);
  if (howTo) intents.push(INTENTS.find((i) => i.name === 'format')!);
  // An applied ask naming a thing of a kind ("suggest a pizza", "a day out with the dog"): that kind's keys bear on it.
  // The kinds of the question's head nouns (no names, stop words or compound modifiers), read once.
  const headKinds = nounKindsOf(words(query), names, lexicon);
  if (applied)
    for (const kind of headKinds) {
      const spec = KIND_KEYS[kind];
      if (!spec?.applied) continue;
      const intent = spec.intent ? INTENTS.find((i) => i.name === spec.intent) : undefined;
      if (intent && !intents.includes(intent)) intents.push(intent);
      for (const k of [...spec.keys, ...(spec.alsoApplied ?? [])]) if (!keys.includes(k)) keys.push(k);
    }
  // The domain of an applied ask by the lexicon class of its nouns and verbs (ASK_DOMAINS): its intent's keys, and
  // the kinds of the user's turns that bear on it.
  const domainKinds: NounKind[] = [];
  if (applied && ASK.lexiconDomains && lexicon && typeof lexicon.hypernyms === 'function')
    for (const d of [...askDomains(query, lexicon as Lexicon, names), ...(gifts.length > 0 || giftAsk(query, lexicon as Lexicon, names) ? ASK_DOMAINS.filter((x) => x.intent === 'gift') : [])]) {
      const intent = INTENTS.find((i) => i.name === d.intent);
      if (intent && !intents.includes(intent)) intents.push(intent);
    }
  // The kinds of the user's turns that bear on an applied ask, by its intents (found by the lexicon or the word lists).
  if (applied && ASK.lexiconDomains) for (const d of ASK_DOMAINS) if (intents.some((i) => i.name === d.intent)) for (const k of d.kinds) if (!domainKinds.includes(k)) domainKinds.push(k);
  // "Summarise what you remember about my wedding" asks what the memory holds on a topic, not for a draft in the user's style.
  if (MEMORY_ASK.test(query)) intents = intents.filter((i) => i.name !== 'format');
  for (const i of intents) for (const k of i.keys) if (!keys.includes(k)) keys.push(k);
  const changeKeys: string[] = [];
  for (const kind of headKinds) for (const k of KIND_KEYS[kind]?.keys ?? []) if (!keys.includes(k) && !changeKeys.includes(k)) changeKeys.push(k);
  const profile = PROFILE.test(query) || isGenericAsk(query, lexicon && typeof lexicon.hypernyms === 'function' ? (lexicon as Lexicon) : undefined);
  if (profile) for (const k of PROFILE_KEYS) if (!keys.includes(k)) keys.push(k);
  return { named, intents, applied, domainKinds, changeKeys, profile };
}

/**
 * Other words for the question's words: synonyms, chat forms, derivations and shared first senses, members of a rare
 * category noun or noun pair. Returns whether the question is a list ask (members reach further for one).
 */
function expandTerms(table: TermTable, query: string, names: Set<string>, lexicon: QueryLexicon | undefined): boolean {
  const terms = table.terms;
  for (const w of words(query)) {
    if (names.has(w)) continue;
    for (const syn of expansionsOf(w)) for (const t of analyze(syn)) table.put(t, WEIGHTS.synonym, 'synonym');
  }
  // Chat forms of the question's words ("favorite" → fave, fav; "pic" → picture, photo): the same
  // word, so they weigh nearly as the word itself and a match covers it in the gate.
  if (QUERY.chatForms > 0)
    for (const t of [...terms.values()]) {
      if (t.source !== 'query') continue;
      for (const f of chatForms(t.term)) if (!terms.has(f)) terms.set(f, { term: f, weight: t.weight * QUERY.chatForms, source: 'synonym', covers: t.term });
    }
  // Derivationally related forms of the question's rarer words ("rainy" → rain, "brewing" → brewery): another form of
  // the same word, so a match covers it in the gate. Forms that share the word's opening only (morphology, not
  // association), first analysed term each.
  if (QUERY.derivations > 0 && lexicon && typeof lexicon.derivations === 'function')
    for (const w of words(query)) {
      if (w.length < 3 || names.has(w) || STOP_WORDS.has(w) || (lexicon.commonness?.(w) ?? 0) >= BRIDGE_COMMONNESS) continue;
      const own = analyze(w)[0];
      const qt = own === undefined ? undefined : terms.get(own);
      if (!qt || qt.source !== 'query') continue;
      // Derivations need four letters or more (a three-letter opening says little); shared senses do not ("fix" ↔ repair).
      if (w.length >= 4) for (const d of lexicon.derivations(w)) {
        if (/\s/.test(d) || d.slice(0, 3) !== w.slice(0, 3)) continue;
        const f = analyze(d)[0];
        if (f && !terms.has(f)) terms.set(f, { term: f, weight: qt.weight * QUERY.derivations, source: 'synonym', covers: qt.term });
        // An event noun's verb, said in its other words: "wedding" → wed, whose first sense is marry's ("getting married").
        const verb = d !== w && QUERY.eventVerbs ? lexicon.senses(d, 'verb', 1)[0] : undefined;
        if (verb && QUERY.sharedSenses > 0)
          for (const l of verb.lemmas) {
            if (/\s/.test(l) || l.length < 4 || l === d || lexicon.senses(l, 'verb', 1)[0]?.id !== verb.id) continue;
            const g = analyze(l)[0];
            if (g && !terms.has(g)) terms.set(g, { term: g, weight: qt.weight * QUERY.sharedSenses, source: 'synonym', covers: qt.term });
          }
      }
      // A shared first sense: a synonym whose own first sense is the word's first sense ("holidaymaker" ↔ tourist; not
      // "volcano" → vent, whose first sense is an opening).
      const first = lexicon.senses(w, undefined, 1)[0];
      if (first && QUERY.sharedSenses > 0)
        for (const l of first.lemmas) {
          if (/\s/.test(l) || l.length < 4 || lexicon.senses(l, undefined, 1)[0]?.id !== first.id) continue;
          const f = analyze(l)[0];
          if (f && !terms.has(f)) terms.set(f, { term: f, weight: qt.weight * QUERY.sharedSenses, source: 'synonym', covers: qt.term });
        }
    }
  // Members of a rare category noun ("shellfish" → oyster, mussel; "molluscs" → oyster, squid), by the lexicon's
  // hyponyms of its first noun sense, for the concrete classes only (MEMBER_CLASSES).
  const listAsk = LIST.test(query) || (QUERY.pluralLists === 1 && !!lexicon && pluralHead(query, lexicon));
  /** Members search the turns at QUERY.members of the question term they stand for, and cover it in the gate. */
  const addMembers = (members: readonly string[], qt: QueryTerm) => {
    for (const m of members) {
      const f = analyze(m)[0];
      if (f && !terms.has(f)) terms.set(f, { term: f, weight: qt.weight * QUERY.members, source: 'synonym', covers: qt.term });
    }
  };
  if (QUERY.members > 0 && lexicon && typeof (lexicon as Partial<Lexicon>).hyponyms === 'function')
    for (const w of words(query)) {
      if (w.length < 4 || names.has(w) || STOP_WORDS.has(w) || (lexicon.commonness?.(w) ?? 0) >= BRIDGE_COMMONNESS) continue;
      const own = analyze(w)[0];
      const qt = own === undefined ? undefined : terms.get(own);
      if (!qt || qt.source !== 'query') continue;
      addMembers(categoryMembers(lexicon as Lexicon, w, listAsk && QUERY.listMembers === 1), qt);
    }
  // A two-word category the lexicon knows as one noun ("martial arts", "board games", "European countries") is a
  // category too, standing in for its head word (QUERY.pairMembers), for a list ask or when the pair is plural as
  // written ("What martial arts has he done?"). Everyday members ("go", a board game) are left out: they are words of
  // every other turn.
  if (QUERY.members > 0 && QUERY.pairMembers === 1 && lexicon && typeof (lexicon as Partial<Lexicon>).hyponyms === 'function')
    for (const [pair, head, plural] of nounPairs(query, lexicon)) {
      const qt = terms.get(head);
      if (!qt || qt.source !== 'query' || !(listAsk || plural)) continue;
      addMembers(categoryMembers(lexicon as Lexicon, pair, true, PAIR_MEMBER_CLASSES).filter((m) => (lexicon.commonness?.(m) ?? 0) < BRIDGE_COMMONNESS), qt);
    }
  return listAsk;
}

/**
 * Kind tokens: a named date's date tokens, the kinds of the question's words (not for a relative's attribute), a word
 * that asks a key of a kind, the vehicle verb's kinds, an employer's kinds, the kinds of the keys asked by a phrase and
 * of an applied ask's domain. Each stands in for the word it covers.
 */
function kindTerms(
  table: TermTable,
  query: string,
  names: ReadonlySet<string>,
  lexicon: QueryLexicon | undefined,
  at: {
    date: ReturnType<typeof questionDate>;
    original: string[];
    frame: ReadonlySet<string>;
    nameTerms: ReadonlySet<string>;
    adjunctTerms: ReadonlySet<string>;
    asked: ReturnType<typeof askedKeys>;
    applied: boolean;
    named: ReadonlySet<string>;
    domainKinds: readonly NounKind[];
  },
): void {
  const terms = table.terms;
  const capCover = (ts: Iterable<string>, share: number) => table.capCover(ts, share);
  const { date, original, frame, nameTerms, adjunctTerms, applied, named, domainKinds } = at;
  const { asRelative, object, head, employer, subjectHead } = at.asked;
  // A named date also searches the dates the turns refer to ("yesterday" said the day after).
  if (date) for (const token of rangeTokens(date.range)) terms.set(token, { term: token, weight: WEIGHTS.key, source: 'kind' });
  // Kind words also search the turns' kind features, standing in for the word itself — except for a relative's
  // attribute ("my brother's job"): the kinds of the user's turns are the user's.
  // Not for an applied ask: "gift ideas for my son's birthday" asks for help, and his likes bear on it.
  const relative = applied ? null : asRelative;
  for (const t of relative ? [] : original) {
    if (frame.has(t) || nameTerms.has(t) || adjunctTerms.has(t)) continue;
    for (const kind of KIND_OF_TERM.get(t) ?? []) {
      const token = kindToken(kind);
      if (!terms.has(token)) terms.set(token, { term: token, weight: WEIGHTS.kind, source: 'kind', covers: t });
    }
  }
  // A word that by itself asks a key of a kind (KEY_KINDS; "home" asks the location by its sense, KEY_SENSES) is a kind
  // word too: a turn naming a thing of that kind covers it when no row holds the key ("landed in Coventry" for "Where's
  // home?"). Read per word, so "work" in "a work trip" asks what "work" asks, nothing more.
  if (!relative && lexicon)
    for (const w of new Set(words(query))) {
      const t = analyze(w)[0];
      if (!t || KIND_OF_TERM.has(t) || frame.has(t) || nameTerms.has(t) || adjunctTerms.has(t) || names.has(w) || terms.get(t)?.source !== 'query') continue;
      for (const k of keysAskedFor(w, lexicon, names)) {
        const kind = KEY_KINDS[k];
        const token = kind ? kindToken(kind) : undefined;
        if (token && !terms.has(token)) terms.set(token, { term: token, weight: WEIGHTS.kind, source: 'kind', covers: t });
      }
    }
  // ...and searches the turns naming a thing of its kind, which cover the verb ("I cycle now, sold the motorbike").
  if (object) for (const kind of object.kinds) for (const t of analyze(object.verb)) terms.set(kindToken(kind), { term: kindToken(kind), weight: WEIGHTS.kind, source: 'kind', covers: t });
  // A head the lexicon does not know ("Which bakkie am I driving?") is a thing of the verb's kind: it weighs the narrowed share.
  if (object && head && lexicon && lexicon.senses(head, undefined, 1).length === 0 && !names.has(head)) capCover(analyze(head), QUERY.narrowedCover);
  // An employer is named by a turn about an organisation, or about the user's occupation ("I teach at the grammar school").
  if (employer) for (const t of analyze(subjectHead!)) for (const kind of ['organization', 'occupation'] as const) if (!terms.has(kindToken(kind))) terms.set(kindToken(kind), { term: kindToken(kind), weight: WEIGHTS.kind, source: 'kind', covers: t });
  // A key asked by a phrase of the key vocabulary ("earn a living", "someone special") searches the turns of that key's
  // kind, as the key's own words do (KEY_KINDS): the phrase's words are not the words the answer uses.
  for (const k of named) {
    const kind = KEY_KINDS[k];
    if (!kind || terms.has(kindToken(kind))) continue;
    terms.set(kindToken(kind), { term: kindToken(kind), weight: WEIGHTS.kind, source: 'kind' });
  }
  for (const kind of domainKinds) {
    const token = kindToken(kind);
    if (!terms.has(token)) terms.set(token, { term: token, weight: WEIGHTS.kind, source: 'kind' });
  }
}


/** Words at most between a named person and their relative for the document to name that relative (QUERY.kinBeside). */
export const KIN_GAP = 3;

/** True when the text says the relation word (or one of its forms) within KIN_GAP words of the name. */
export function kinBeside(text: string, name: string, kin: string): boolean {
  const ws = mapPacked(words(text), (w) => analyze(w.replace(/['’]s$/, ''))[0] ?? '');
  const n = analyze(name)[0];
  const k = analyze(kin)[0] ?? kin;
  const forms = new Set([k, ...chatForms(k)]);
  const at = (f: (t: string) => boolean) => ws.flatMap((t, i) => (f(t) ? [i] : []));
  const kins = at((t) => forms.has(t));
  return at((t) => t === n).some((i) => kins.some((j) => Math.abs(i - j) <= KIN_GAP + 1));
}
