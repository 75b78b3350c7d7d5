/**
 * @module core/recall/ask
 * The kind of ask, apart from its topic: a generic ask about the user as a whole ("what do you
 * know about me?", "what's in my file?") wants the stable profile; an opinion or change ask
 * ("how do I feel about London these days?", "how has my view of X changed?") names its topic
 * once and wraps it in words that describe the ask (opinion, these days, over time), which must
 * not count as topic words the memory has to contain; an applied ask ("recommend…", "what should
 * I cook?") asks for help with a task rather than for a stored fact. Knowledge as data (the tables
 * below), logic as small rules. Pure.
 */
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import type { Lexicon } from '../ports.ts';
import { kindsOf } from '../lexicon/kinds.ts';
import { mapPacked } from '../packed.ts';

/** The user as the object of the ask: "about me", "on me", "of myself", "my life", "my file". */
const SELF_OBJECT = /\b(?:about|on|of|for|regarding)\s+(?:me|myself)\b|\bmyself\b|\bme and my\b|\bwho am i\b|\bmy (?:life|situation|background|profile|file|details|story|record|records|info|information|bio)\b/i;

/**
 * Words a generic ask is made of: knowing/telling verbs, record nouns, quantifiers and framing
 * ("before we start", "so far", "in a few lines"). An ask about the user whose every content
 * word is one of these names no topic.
 */
const GENERIC_VOCABULARY = new Set(
  analyze(
    'know knew known remember remembered recall learn learned learnt tell told say said share shared give got get have has had ' +
      'store stored keep kept save saved note noted notes file files profile record records detail details info information data ' +
      'summary summarise summarize summarised rundown overview recap everything anything something all whole ' +
      'life situation background story bio biography self ' +
      'far start begin before chat chats conversation conversations talk talks line lines few short quick brief ' +
      'refresh memory memories describe introduce introduction please list fact facts thing things point ' +
      'remind catch up own personal basic basics picture general gather gathered pick picked understand understood collect collected ' +
      'fill sentence sentences paragraph paragraphs word words bullet bullets point points one two three four five ' +
      // What matters before helping someone: framing, not a topic ("what do I need to know…", "the key points", "keep in mind").
      'need needs help helping well mind essential essentials key main important matter matters worth first ' +
      // Asking for the news of someone ("what's new with me", "what's going on in my life", "any updates on me?").
      'new news latest update updates go going happen happening lately recently',
  ),
);

/**
 * The person the memory is about, as the ask refers to them: the user in the first person, or in
 * the third person as an agent briefing itself ("this user", "her", "the client", "who she is").
 */
const PERSON_REF = /\b(?:me|myself|her|him|them|herself|himself|themselves|(?:his|their)\s+(?:life|situation|circumstances|background|story|profile|details)|(?:this|the|my|our)\s+(?:user|person|client|customer|individual|patient)|who\s+(?:i\s+am|am\s+i|she\s+is|he\s+is|they\s+are))\b/i;
/** Nouns that stand for the person as a whole (the object of "brief me on this user"). */
const PERSON_NOUNS = new Set(words('user users person client customer individual patient'));
/** The assistant as the object ("tell me about yourself"): not the user's profile. */
const ASSISTANT_OBJECT = /\b(?:about|of|on)\s+(?:you|yourself)\b/i;
/**
 * What a noun of a generic ask may be, by the lexicon: an account of someone (a summary, a
 * record, a description, the gist, a picture, a profile) — hypernym lemmas of its first sense.
 */
const ACCOUNT_ANCESTORS = ['summary', 'information', 'record', 'description', 'essence', 'representation', 'profile', 'overview', 'biography', 'account', 'report', 'outline'];
/** Verb classes of a generic ask's verbs: knowing, telling, having, seeing, making an account ("paint me a picture"). */
const ASK_VERB_CLASSES = new Set(['verb.cognition', 'verb.communication', 'verb.possession', 'verb.perception', 'verb.creation', 'verb.stative']);
/** Words after which a word is read as a noun only ("my taxes", "the wedding"). */
const DETERMINERS = new Set(words('my the a an this that these those her his their our your its'));

/** The lexicon a generic ask is read with (senses for classes, hypernyms for what an account is). */
export type AskLexicon = Pick<Lexicon, 'senses' | 'hypernyms'>;

/**
 * A person as such after "this" ("this fella", "this lady", "this bloke"): a noun whose only kind by the lexicon is a
 * person (first sense) — not an occupation, a relative or a friend, which name someone else. Not after the distal
 * "that" ("Who is that lady?" points at someone else).
 */
function personNoun(lexicon: AskLexicon | undefined, word: string | undefined): boolean {
  if (!lexicon || !word) return false;
  const kinds = kindsOf(lexicon as Lexicon, word);
  return kinds.length === 1 && kinds[0] === 'person';
}
const DEMONSTRATIVE_NOUN = /\bthis\s+([a-z]+)\b/gi;
/** The ask refers to the person by "this" and a person noun ("a quick sketch of this fella"). */
function demonstrativePerson(query: string, lexicon: AskLexicon | undefined): boolean {
  return !!lexicon && [...query.matchAll(DEMONSTRATIVE_NOUN)].some((m) => personNoun(lexicon, m[1]!.toLowerCase()));
}

/**
 * A closing clause about the speaker's own next step ("…before I write back to her", "…before our call", "…so I
 * can reply"): it says why the briefing is wanted, not what it is about. The clause's verb is in its base form (a
 * past "before I moved" restricts the ask in time: kept) or it names an event of ours ("before our call").
 */
const NEXT_STEP = /[\s,]+(?:before|so(?:\s+that)?|when|once|ahead\s+of)\s+(?:(?:i|we)\s+(?:(?:can|could|will|'ll|get\s+to|have\s+to|need\s+to)\s+)?([a-z]+)|(?:our|my|the)\s+[a-z]+)\b[^.!?]*([.!?]*)\s*$/i;
function withoutNextStep(query: string, lexicon: AskLexicon | undefined): string | null {
  const m = NEXT_STEP.exec(query);
  if (!m) return null;
  const verb = m[1]?.toLowerCase();
  if (verb && !(lexicon && lexicon.senses(verb, 'verb', 1).length > 0 && (lexicon as Partial<Lexicon>).lemmas?.(verb, 'verb')[0] === verb)) return null;
  return query.slice(0, m.index) + (m[2] ?? '');
}

/** True when `word` names an account of someone (summary, gist, picture…) by its first noun sense. */
function accountNoun(lexicon: AskLexicon, word: string): boolean {
  const sense = lexicon.senses(word, 'noun', 1)[0];
  if (!sense) return false;
  const seen = new Set(sense.lemmas);
  let frontier = [sense];
  for (let depth = 0; depth < 6 && frontier.length > 0; depth++) {
    frontier = frontier.flatMap((s) => lexicon.hypernyms(s.id));
    for (const h of frontier) for (const l of h.lemmas) seen.add(l);
  }
  return ACCOUNT_ANCESTORS.some((a) => seen.has(a));
}

/**
 * True when a word of an ask about a person names no topic: a knowing/telling/record word
 * (GENERIC_VOCABULARY), a noun for the person as a whole, or by the lexicon an account noun
 * ("gist", "picture") or — when no determiner makes it a noun — a verb of knowing, telling,
 * having or making ("brief", "paint"). Anything else (an attribute, a thing, another person) is a topic.
 */
function notATopic(word: string, prev: string | undefined, lexicon: AskLexicon | undefined): boolean {
  if (PERSON_NOUNS.has(word.replace(/['’]s$/, '')) || analyze(word).every((t) => GENERIC_VOCABULARY.has(t))) return true;
  if (prev === 'this' && personNoun(lexicon, word)) return true;
  if (!lexicon) return false;
  if (accountNoun(lexicon, word)) return true;
  if (prev && DETERMINERS.has(prev)) return false;
  const verb = lexicon.senses(word, 'verb', 1)[0];
  if (!verb || !ASK_VERB_CLASSES.has(verb.lexClass)) return false;
  // In a verb's place (the imperative's first word, after a subject or a modal) the verb sense is meant ("paint me a picture").
  return prev === undefined || VERB_BEFORE.has(prev) || !lexicon.senses(word, 'noun', 1).some((s) => !['noun.communication', 'noun.cognition', 'noun.act'].includes(s.lexClass));
}
/** Words after which the next word is a verb ("you know", "can tell", "please paint"). */
const VERB_BEFORE = new Set(words("i you we they she he can could would will should please to do did does have has 've just"));

/**
 * True for an ask about the person as a whole, naming no topic ("Tell me everything you've got
 * on me", "Brief me on this user", "What do you know about her?", "Give me the gist of who I am").
 * Read by structure: the ask refers to the person (PERSON_REF; not the assistant), has a content
 * word, and none of its content words is a topic (notATopic) or a name (a capitalised word
 * after the first). Without a lexicon only the vocabulary counts.
 */
export function isGenericAsk(query: string, lexicon?: AskLexicon): boolean {
  if (genericClause(query, lexicon)) return true;
  const core = withoutNextStep(query, lexicon);
  if (core !== null && genericClause(core, lexicon)) return true;
  // Several sentences: the ask is the last one, the others set the scene ("Drafting a note to her. Anything about her
  // situation I should keep in mind?").
  const sentences = mapPacked(query.split(/(?<=[.!?])\s+/), (x) => x.trim()).filter((x) => x.length > 0);
  if (sentences.length > 1 && /\?\s*$/.test(sentences.at(-1)!) && genericClause(sentences.at(-1)!, lexicon)) return true;
  return sceneThenBriefing(query, lexicon);
}

/** A briefing's verb: what to know, keep in mind or be aware of. */
const BRIEFING_VERB = /\b(?:know|knowing|keep\s+in\s+mind|bear\s+in\s+mind|be\s+aware\s+of|watch\s+out\s+for)\b/i;
/**
 * A scene that names the person, then a briefing that does not ("I'm about to get in touch with Euan - anything I
 * should know first?"): the last clause (after a sentence end or a dash) is a question made of generic words only
 * with a verb of knowing, and an earlier one refers to a person — a pronoun or a capitalised name that the lexicon
 * does not know as a place ("off to Lisbon - anything I should know?" is about Lisbon).
 */
function sceneThenBriefing(query: string, lexicon: AskLexicon | undefined): boolean {
  if (!lexicon) return false;
  const parts = mapPacked(query.split(/(?<=[.!?])\s+|\s+[-–—]+\s+/), (x) => x.trim()).filter((x) => x.length > 0);
  if (parts.length < 2) return false;
  const last = parts.at(-1)!;
  if (!/\?\s*$/.test(last) || !BRIEFING_VERB.test(last) || ASSISTANT_OBJECT.test(last)) return false;
  const ws = words(last);
  const content = mapPacked(ws, (w, i) => ({ w, prev: ws[i - 1] })).filter((x) => !STOP_WORDS.has(x.w) && analyze(x.w).length > 0);
  if (content.length === 0 || !content.every((x) => notATopic(x.w, x.prev, lexicon))) return false;
  return parts.slice(0, -1).some((p) => PERSON_REF.test(p) || [...p.matchAll(/(?<!^)\b([\p{Lu}][\p{Ll}]+)\b/gu)].some((m) => m[1] !== 'I' && !lexicon.senses(m[1]!.toLowerCase(), 'noun', 2).some((x) => x.lexClass === 'noun.location')));
}

function genericClause(query: string, lexicon?: AskLexicon): boolean {
  const self = SELF_OBJECT.test(query);
  if (!self && !(lexicon && (PERSON_REF.test(query) || demonstrativePerson(query, lexicon)))) return false;
  if (ASSISTANT_OBJECT.test(query)) return false;
  if (!self && /(?<!^)(?<![.!?:]\s)\b(?!I\b)[\p{Lu}][\p{Ll}]+/u.test(query.trim())) return false;
  const ws = words(query);
  const content = mapPacked(ws, (w, i) => ({ w, prev: ws[i - 1] })).filter((x) => !STOP_WORDS.has(x.w) && analyze(x.w).length > 0);
  if (content.length === 0) return false;
  return content.every((x) => notATopic(x.w, x.prev, lexicon));
}

/**
 * Idioms that ask for a stance without a stance word: "where do I stand on X", "what do I make of X", "how am I
 * finding X", "where have I landed on X". They frame an opinion ask (ASK_FRAMES) and make it one (isOpinionAsk).
 */
export const STANCE_IDIOMS: readonly RegExp[] = [
  /\bwhere\s+(?:do|does|did)\s+(?:i|you|he|she|they|we)\s+stand\b(?:\s+(?:on|with|about|regarding))?/gi,
  /\bwhat\s+(?:do|does|did)\s+(?:i|you|he|she|they|we)\s+make\s+of\b/gi,
  /\bhow\s+(?:am|is|are|was|were)\s+(?:i|you|he|she|they|we)\s+finding\b|\bhow\s+(?:do|does|did)\s+(?:i|you|he|she|they|we)\s+find\b/gi,
  /\bwhere\s+(?:have|has|had)\s+(?:i|you|he|she|they|we)\s+(?:landed|come\s+down|ended\s+up)\s+on\b/gi,
];

/**
 * Stance asks by a noun of devotion: "Am I a fan of X?", "is she a big fan of X?" (session 16). They frame an opinion
 * ask (ASK_FRAMES) and make it one (isOpinionAsk); "Which fan should I buy?" is neither.
 */
export const FAN_OF = /\b(?:am|is|are|was|were)\s+(?:i|you|he|she|they|we)\s+(?:(?:a|an)\s+)?(?:(?:big|huge|real|massive|great)\s+)?(?:fan|fans|lover|lovers)\s+of\b/gi;

/**
 * Phrases that frame an opinion or a change rather than name what it is about. Their words are
 * the ask's, not the topic's: they are weighted as question filler.
 */
export const ASK_FRAMES: readonly RegExp[] = [
  /\bthese days\b|\bnowadays\b|\b(?:right )?now\b|\bcurrent(?:ly)?\b|\bat the moment\b|\bat (?:this|the present) (?:point|time|stage)\b|\bat present\b|\bover (?:the )?(?:time|years|months)\b/gi,
  /\b(?:my|the user's|her|his|their)\s+(?:opinions?|views?|take|stance|feelings?|thoughts?|impressions?|attitude)\s+(?:of|on|about|towards?)\b/gi,
  /\b(?:how|what)\s+(?:do|did|does)\s+(?:i|he|she|they)\s+(?:feel|think)\s+(?:of|about)\b/gi,
  /\b(?:changed|evolved|shifted|developed)\b|\bchange\s*[?.!]*\s*$/gi,
  /\b(?:still|anymore|any more|no longer)\b/gi,
  // "Which editor do I prefer now?", "what music does she enjoy": the stance verb frames the ask; its object is the topic.
  /\b(?:do|does|did|would)\s+(?:i|you|he|she|they|we)\s+(?:prefer|like|enjoy|favou?r)\b/gi,
  // "Would I (ever) want singing machines in my business?": wanting frames a first-person choice ask; what is wanted is the topic.
  /\b(?:would|do|will)\s+i\s+(?:ever\s+|really\s+)?want\b/gi,
  /\bfirst (?:impression|moved|arrived|started)\b/gi,
  // "What keeps me busy…", "what occupies her these days": what fills the time is asked; the topic is said beside it.
  /\b(?:keeps?|keeping|kept)\s+(?:me|you|him|her|them|us)\s+(?:busy|occupied)\b|\boccup(?:y|ies)\s+(?:me|you|him|her|them|us)\b/gi,
  // "Which station am I in charge of?", "the enclosure I look after": the user being responsible for something frames the
  // ask; the thing is the topic. First person only: "how does Nate describe taking care of turtles" is about the care.
  /\b(?:i|we|am\s+i|are\s+we|i'm|i\s+am|we're)\s+(?:(?:still|now)\s+)?(?:in\s+charge\s+of|responsible\s+for|look(?:ing)?\s+after|tak(?:e|ing)\s+care\s+of)\b/gi,
  // "Any news from the enclosure?", "any updates on the house sale?": asking for the latest frames the ask.
  /\bany\s+(?:news|updates?|word)\s+(?:from|on|about|of|regarding)\b/gi,
  ...STANCE_IDIOMS,
  FAN_OF,
];

/** Analysed terms that belong to the ask's framing (see ASK_FRAMES), not to its topic. */
export function askFrameTerms(query: string): Set<string> {
  const out = new Set<string>();
  for (const re of ASK_FRAMES) for (const m of query.matchAll(re)) for (const t of analyze(m[0])) out.add(t);
  return out;
}

/** A noun a possessive owns before what it is about ("my verdict on…", "her judgement of…", "his position towards…"). */
const OWNED_NOUN_ABOUT = /\b(?:my|her|his|their|our|the user's|this user's)\s+([a-z]+)\s+(?:on|of|about|towards?|regarding)\b/gi;
/** What a stance noun is, by the lexicon: hypernym lemmas (first two senses, three steps up) of a judgement. */
const STANCE_ANCESTORS = ['belief', 'attitude', 'judgment', 'opinion'];

/**
 * Analysed terms of the stance nouns of an ask ("What's my verdict on haggis?", "her judgement of the new
 * office"): a noun owned by the person and followed by what it is about, which the lexicon reads as a judgement,
 * opinion, belief or attitude. They frame an opinion ask like "opinion" and "view" (ASK_FRAMES) do.
 */
export function stanceTerms(query: string, lexicon?: AskLexicon): string[] {
  if (!lexicon) return [];
  const out: string[] = [];
  for (const m of query.matchAll(OWNED_NOUN_ABOUT)) {
    const noun = m[1]!.toLowerCase();
    const seen = new Set<string>();
    let frontier = lexicon.senses(noun, 'noun', 2);
    for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
      frontier = frontier.flatMap((s) => lexicon.hypernyms(s.id));
      for (const h of frontier) for (const l of h.lemmas) seen.add(l);
    }
    if (STANCE_ANCESTORS.some((a) => seen.has(a))) out.push(...analyze(noun));
  }
  return out;
}

/** True when the question asks about a stance (think/feel/opinion/view/prefer), so an arc helps. */
export function isOpinionAsk(query: string): boolean {
  if ([...STANCE_IDIOMS, FAN_OF].some((re) => new RegExp(re.source, 'i').test(query))) return true;
  const ws = new Set(words(query));
  return ['opinion', 'opinions', 'view', 'views', 'think', 'feel', 'feelings', 'stance', 'take', 'prefer', 'preference', 'like'].some((w) => ws.has(w));
}

/** A request by its mood: a modal with the speaker or the assistant ("should I", "can you"), asking for help or ideas or for the right time or place to do something ("a good time to book…"), "anything (important) to pack / bring / remember…", or "(have you) got a…" with the subject left out. */
const REQUEST = /\b(?:anything|something)\s+(?:[a-z]+\s+)?to\s+(?!(?:my|the|a|an|her|his|their|our|your|me|him|them|us|this|that)\b)[a-z]+|^\s*got\s+(?:a|an|any|some)\b|\b(?:should|shall|could|can|would|might)\s+(?:i|we|you)\b|\bhelp\s+(?:me|us)\b|\b(?:any|some|got)\s+(?:ideas|suggestions|tips|recommendations|advice)\b|\b(?:ideas?|suggestions?|tips)\s+(?:for|on)\b|\b(?:what|where|when|how)\s+to\b|\b(?:good|best|right|ideal|better)\s+(?:time|day|moment|place|way)s?\s+(?:for\s+(?:me|us)\s+)?to\b|\b(?:good|best|right|ideal|better|free)\s+(?:time|day|slot|window|date|evening|morning|afternoon|night|week|weekend)s?\s+(?:for|to)\b/i;
/** Words that soften an imperative ("please book…", "hey, plan…"): skipped before its verb. */
const SOFTENERS = new Set(words('please hey hi ok okay so'));
/** Words that open a question or a statement, never the imperative's verb. */
const NOT_IMPERATIVE = new Set(words('what which who whom whose where when why how is are was were do does did have has had can could should would will shall may might must am and but then i my me we you'));

/**
 * True for an applied ask: help with a task (recommend, plan, cook, write, schedule) that the
 * user's facts bear on, rather than a question about a stored fact ("What's my favourite
 * cuisine?"). The mood decides: a request by a modal or for ideas, or an imperative — the first
 * word (after "please", "hey") a verb in its base form by the lexicon.
 */
export function isAppliedAsk(query: string, lexicon?: Pick<Lexicon, 'senses' | 'lemmas'>): boolean {
  if (REQUEST.test(query) || embeddedRequest(query)) return true;
  if (!lexicon) return false;
  // The imperative may open any clause after the first ("It's our anniversary, pick a place…"; "Guests on Friday. Plan a menu").
  return clauses(query).some((clause, i) => {
    const ws = words(clause);
    const first = ws.find((w) => !SOFTENERS.has(w));
    if (!first || NOT_IMPERATIVE.has(first)) return false;
    // A later clause's verb needs an object or a complement after it ("plan a lunch"), not a lone word ("…, football?").
    if (i > 0 && ws.length - ws.indexOf(first) < 3) return false;
    return lexicon.senses(first, 'verb', 1).length > 0 && (lexicon.lemmas(first, 'verb')[0] ?? first) === first;
  });
}

/** The clauses of an ask: split at sentence ends, semicolons, colons, dashes and commas. */
function clauses(query: string): string[] {
  return mapPacked(query.split(/[.!?;:,]+\s+|\s+[-–—]\s+/), (c) => c.trim()).filter((c) => c.length > 0);
}

/**
 * A request whose modal follows its subject inside a question ("Is there a tour I should join?", "Any snacks we
 * should pack?", "Anything I could bring?"): the speaker asks what to do. Not a verb of knowing ("what I should know
 * about her" is a briefing, read by isGenericAsk).
 */
const EMBEDDED_MODAL = /\b(?:i|we)\s+(?:should|could|ought\s+to|might)\s+(?:also\s+|still\s+|maybe\s+)?([a-z]+)/i;
const QUESTION_OPEN = /^\s*(?:what|which|who|where|when|how|is|are|was|were|do|does|did|any|anything|anywhere|anyone|something|somewhere|got)\b/i;
const KNOWING = new Set(words('know knew remember recall note mention say tell be have'));
/** "keep / bear … in mind" is knowing too; "keep off", "keep away from" is avoiding (a request: "anything I should keep off?"). */
const IN_MIND = /^\s+(?:[a-z]+\s+)?in\s+mind\b/i;
function embeddedRequest(query: string): boolean {
  return clauses(query).some((c) => {
    const m = EMBEDDED_MODAL.exec(c);
    if (!m) return false;
    const verb = m[1]!.toLowerCase();
    const knowing = KNOWING.has(verb) || ((verb === 'keep' || verb === 'bear') && IN_MIND.test(c.slice(m.index + m[0].length)));
    return !knowing && (QUESTION_OPEN.test(c) || /\?\s*$/.test(c));
  });
}

/** "How do I / how can we / how should I VERB…": a question asking for a procedure, by its verb. */
const HOW_TO = /^\s*(?:(?:so|ok|okay|and|hey|please)[,\s]+)?how\s+(?:do|can|could|should|would|shall)\s+(?:i|we)\s+([a-z]+)/i;
/** Verb classes that ask how someone feels, thinks or gets on (an opinion or a state), not for steps to follow. */
const NOT_PROCEDURE = new Set(['verb.cognition', 'verb.emotion', 'verb.perception', 'verb.social', 'verb.stative']);

/**
 * True for a how-to ask ("How do I reset the router?", "How can we get a parking permit?"): it asks for steps,
 * which are answered in the way the user wants answers shaped (the format intent). Read by the verb's first
 * sense: not a verb of knowing, feeling, perceiving, getting on or being ("How do I feel about…").
 */
export function isHowToAsk(query: string, lexicon?: Pick<Lexicon, 'senses'>): boolean {
  const verb = HOW_TO.exec(query)?.[1]?.toLowerCase();
  if (!verb || !lexicon) return false;
  const sense = lexicon.senses(verb, 'verb', 1)[0];
  return !!sense && !NOT_PROCEDURE.has(sense.lexClass);
}

/** A question about what is likely ("Would she enjoy a jazz night?", "Is he likely to move?"). */
// The name must be capitalised: under the i flag \p{Lu} also matches lower case, and "what would
// make…" read as an inference about someone.
const INFERENCE = /\b(?:would|might)\s+(?:i|you|he|she|they|we)\b|\b(?:likely|unlikely|probably)\b/i;
const INFERENCE_NAMED = /\b(?:[Ww]ould|[Mm]ight)\s+[\p{Lu}][\p{Ll}]+\b/u;

/**
 * True for an inference ask: what someone would likely do, like or have. Like an applied ask it
 * is answered by the facts that bear on it (a like, a hobby), not by a stored fact named in it.
 */
export function isInferenceAsk(query: string): boolean {
  return INFERENCE.test(query) || INFERENCE_NAMED.test(query);
}
