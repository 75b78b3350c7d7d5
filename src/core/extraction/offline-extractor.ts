/**
 * @module core/extraction/offline-extractor
 * The no-key extractor: wink-nlp sentences, our screening (questions, hypotheticals, jokes,
 * requests, reported speech), subject attribution, negation, chrono dates, then the rule
 * families, producing typed, keyed, dated memory candidates. Deterministic, no network.
 * Assistant claims count only when the user confirms them; system and tool messages are
 * context only.
 */
import type { Extractor } from '../ports.ts';
import type { CandidateOp, ExtractionContext, MemoryCandidate, MemoryType, Message } from '../types.ts';
import { containsSecret, maskSecrets, MASK } from '../text/secrets.ts';
import { isSingleValued, keySpec } from './key-vocabulary.ts';
import type { Clause, Draft, Holdings, Rule, Subject } from './model.ts';
import { analyseText, tagFragment, withSharedAnalysis } from './nlp.ts';
import { perTurn, turnMemo } from './turn-memo.ts';
import { resolveDate } from './dates.ts';
import { analyseNegation, NEVER_PERFECT } from './negation.ts';
import { expandContractions, isHypothetical, isJokeOrSarcasm, isQuestion, isRequest, coordinatedPredicate, splitClauses, stripMarkers, stripQuotes } from './sentences.ts';
import { GERUND_SUBJECT, attribute, isOthersAdvice, parseRelationPhrase, relationAsTitle, reporterOwnClause, resolveReportedSpeech, speakerSubject, splitWhoClause, thirdPartyId, type Attribution } from './subject-attribution.ts';
import { PERSONAL_FACT_RULES, ageFragment, degreeFragment, hereIn, personAgeFragment, placeIsHome, roleGiven } from './rules/personal-facts.ts';
import { FAMILY_RULES, namedRelationMentions, statusFragment } from './rules/family.ts';
import { PET_RULES } from './rules/pets.ts';
import { HEALTH_RULES } from './rules/health.ts';
import { PREFERENCE_RULES, communicationStyle, idiomaticTaste, tasteChange } from './rules/preferences.ts';
import { changeOfHeart, opinions, reasonedOpinion } from './rules/opinions.ts';
import { eventKindOf, events } from './rules/events.ts';
import { milestoneStage } from './frames/milestone.ts';
import { bookedThing } from './frames/booked.ts';
import { shiftEmployer, workSchedule } from './rules/work-schedule.ts';
import { applyCorrection, detectCorrection } from './rules/corrections.ts';
import { secondPersonFacts, vocativeName } from './rules/addressee.ts';
import { normValue, spelledToDigits } from './values.ts';
import { RELATION_RE } from './lexicon.ts';
import { CONFIRM, DENY, LEAD_FILLER, NO_CHANGE, answerWithObject, answeredClaim, echoBeforeYes, askedListAnswer, assistantClaimToFirstPerson, chosenAlternative, filledQuestion, hedgedComplement, impliedYes, namedComplement, replacedValue } from './answers.ts';
import { refersTo } from '../reconcile/value-match.ts';
import { caseByLexicon, caseLowerNames, expandChatAbbreviations, isAllLowerCase, lexiconKnowsWords, lowerOpeningVerbs } from './chat-text.ts';
import { FLOATING_CORRECTION } from '../reconcile/policy.ts';
import type { Lexicon } from '../ports.ts';
import { ByteLru, stringBytes } from '../byte-lru.ts';
import { shiftEmployerIn, abstinenceDrafts, conversionDrafts, enthusiastDrafts, kitDrafts, stanceTurnDrafts, fragmentDrafts, spanRoleDrafts, animalAnaphora, animalPartDrafts, frameDrafts, harmDrafts, practiceDrafts, reactionDrafts, procedureDrafts, milestoneDrafts, namingDrafts, possessedDrafts, readClause, settingDrafts, vocationDrafts, arrivalDrafts, appraisalDrafts, localServiceDrafts, workKitDrafts, birthDrafts, namedByPronoun, roleDrafts, asRoleDrafts, selfTaughtDrafts, exclusiveDietDrafts, liftRelatives, workplaceDrafts, activitySlotDrafts, qualifiedDrafts } from './frames/read.ts';
import { endingDrafts, referenceEndingDrafts } from './frames/entity-state.ts';
import { ENDINGS } from './frames/table.ts';
import { valueCorrection } from './frames/value-correction.ts';
import { cannotEatDrafts } from './frames/cannot-eat.ts';
import { residenceDrafts } from './frames/residence.ts';
import { newbornDrafts } from './frames/newborn.ts';
import { escapeRe, re } from './re.ts';
import { PAST_CUE } from './sentences.ts';
import { groupWordOnly, kinRoster } from './frames/kin-roster.ts';
import { answeredIllness, askedAfterIllness, diagnosisDrafts } from './frames/diagnosis.ts';
import { animalSignDrafts, breedAppositionDrafts } from './frames/animal-signs.ts';
import { stillChecked } from './frames/still-check.ts';
import { frontedRoleDrafts } from './frames/as-role.ts';
import { languageRoster } from './frames/language-roster.ts';
import { headingLists } from './frames/heading-list.ts';
import { heldStanceDrafts } from './frames/held-stance.ts';
import { landmarkDrafts } from './frames/landmark.ts';
import { selfIntroduction } from './frames/self-introduction.ts';
import { isKind, kindOf } from './frames/kinds.ts';
import { dietChangeDrafts } from './frames/diet-change.ts';
import { practiceMisread, pastimeDrafts } from './frames/pastime.ts';
import { theirConditionDrafts } from './frames/their-condition.ts';
import { learnedCandidates } from './learned/layer.ts';

/** A rule that threw on a clause (a bug, not an input error). Carries no message content. */
export interface RuleError {
  /** The rule function's name ("employer", "pets", "sentence" when outside a rule). */
  rule: string;
  /** The error's class name ("TypeError"), never its message (which may quote user text). */
  errorName: string;
}
export type RuleErrorSink = (e: RuleError) => void;

/**
 * Rule failures, process-wide: counted per rule; the failing rule is skipped for that clause and
 * the rest of the message is still extracted. `OfflineExtractor.onRuleError` reports each one
 * (the service logs a warn with the rule name).
 */
export const extractionErrors = { count: 0, last: '' as string, lastRule: '' as string, byRule: {} as Record<string, number> };

function recordError(rule: string, err: unknown, sink?: RuleErrorSink): void {
  extractionErrors.count += 1;
  extractionErrors.last = err instanceof Error ? err.message : String(err);
  extractionErrors.lastRule = rule;
  extractionErrors.byRule[rule] = (extractionErrors.byRule[rule] ?? 0) + 1;
  const errorName = err instanceof Error ? err.name : typeof err;
  try {
    sink?.({ rule, errorName });
  } catch {
    // A logging failure must not break extraction.
  }
}

/** Runs one rule; a throwing rule yields nothing for this clause and is reported. */
export function runRule(r: Rule, c: Clause, sink?: RuleErrorSink): Draft[] {
  try {
    return r(c);
  } catch (err) {
    recordError(r.name || 'anonymous-rule', err, sink);
    return [];
  }
}

/** Confidence by source: explicit first-person statement, third party, confirmed assistant claim, implicit cue. */
export const CONFIDENCE = { explicit: 0.9, thirdParty: 0.8, confirmed: 0.8, implicit: 0.6, retract: 0.85 } as const;

const FACT_RULES: Rule[] = [...PERSONAL_FACT_RULES, ...FAMILY_RULES, statusFragment, ...PET_RULES, ...HEALTH_RULES, ...PREFERENCE_RULES, workSchedule, shiftEmployer];
// Relation mentions ("…he went to live with my parents") are the speaker's facts whoever the clause is about.
const DETACHED_RULES: Rule[] = [...HEALTH_RULES.slice(0, 1), ...PET_RULES, ...FAMILY_RULES.slice(1), placeIsHome, hereIn, idiomaticTaste, roleGiven, ageFragment, statusFragment, degreeFragment];

/** Text beyond this many characters of one message is not read (pasted documents, logs): bounded time per turn. */
export const MAX_MESSAGE_CHARS = 8_000;
/** Facts live in short clauses; a run-on clause is read up to this length. */
const MAX_CLAUSE = 300;

/** Code blocks and inline code are not statements about the speaker; long messages are cut. */
/**
 * A relative clause on a stranger ("Read about a man who works as a florist", "met a guy who lives in Oslo") is what
 * the stranger does: it is cut, the stranger kept. Said of the speaker ("I'm a person who hates mornings") it stays.
 */
const STRANGER_CLAUSE = /(?<!\b(?:am|I'm|I’m|be|been|was|being)\s+)\b((?:a|an|some|this|one)\s+(?:(?:old|young|random|little|nice)\s+)?(?:man|woman|guy|bloke|lady|girl|boy|person|kid|couple|chap|fella|fellow|someone|somebody|family))\s+(?:who|that)\s+[^,.;!?]*/gi;

const PREPARED = {};
/** maskSecrets, once per text in one extraction: the sentence reader and the message-level readers mask the same prepared message. */
const maskOnce: (text: string) => string = perTurn(maskSecrets);

/**
 * The message as the sentence readers see it: chat abbreviations expanded, a stranger's relative clause cut, names
 * cased by the lexicon, code dropped. Pure; within one extraction each text is prepared once (the sentence reader and
 * the message-level readers ask for the same message).
 */
export function prepare(text: string, lexicon?: Lexicon): string {
  const memo = turnMemo<{ lexicon?: Lexicon; out: string }>(PREPARED);
  const hit = memo?.get(text);
  if (hit && hit.lexicon === lexicon) return hit.out;
  const out = prepareUncached(text, lexicon);
  memo?.set(text, { lexicon, out });
  return out;
}

function prepareUncached(text: string, lexicon?: Lexicon): string {
  const chat = expandChatAbbreviations(text.slice(0, MAX_MESSAGE_CHARS));
  const expanded = /\s(?:who|that)\s/i.test(chat) ? chat.replace(STRANGER_CLAUSE, '$1') : chat;
  // "Kids: Ava (14), Liam (11)", "Languages I speak: …": a heading list becomes the speaker's own clause.
  return headingLists(
    caseByLexicon(caseLowerNames(lowerOpeningVerbs(expanded, lexicon), lexicon), lexicon, isAllLowerCase(expanded))
      .replace(/```[\s\S]*?(?:```|$)/g, ' ')
      .replace(/`[^`\n]*`/g, ' '),
  );
}

const TRAILING_IF = /(?:,\s*|\s+)(?:(?:so|and)\s+[^,.;]*?\s+)?(?:if|in\s+case|whenever)\s+(?:we|you|(?:it|that|this)\s+(?:matters|helps|changes|affects|makes|counts|is\s+relevant|is\s+useful))\b[^.;!?]*/i;
/**
 * Drops a condition that trails a statement: about the talk ("…, so keep that in mind if we talk about X") or about
 * the statement's relevance ("I'm 52 if it matters", "…, if that changes the advice").
 */
function dropTrailingCondition(s: string): string {
  const m = TRAILING_IF.exec(s);
  return m && m.index >= 5 ? s.slice(0, m.index) + s.slice(m.index + m[0].length) : s;
}

const HEDGE = /(\S)\s*,?\s+(?:I\s+(?:guess|think|suppose|reckon)|imo|tbh|honestly)\s*(?=[,.!;]|$)/gi;

/** A short label ending in a colon before a first-person statement ("Heads up: I'm…", "Update for you: I…"). */
const LEAD_LABEL = /^(?:[\p{L}'’-]+\s+){0,5}[\p{L}'’-]+\s*:\s+(?=(?:I|my|My|we|We|our|Our)\b)/u;

/** A memory frame addressed to the assistant before a first-person statement. */
const MEMORY_FRAME = /^(?:[^.?!]*?,\s*)?(?:(?:please|pls|just|and|also)\s+)*(?:keep\s+in\s+mind|bear\s+in\s+mind|remember|note|remind\s+me|do\s+not\s+forget|never\s+forget)\s+(?:that\s+)?(?=(?:I|my|we|our)\b)/i;
/**
 * The verbs that carry a request, a hedge or a plan on, never a fact of the speaker's ("…, I need it by Friday", "…, I was
 * wondering", "…, I think"): after a request any other verb of "I" / "we" opens a statement of the speaker's own.
 */
const ASKING_VERB =
  /(?:want|wanted|need|needed|would|could|might|may|should|will|shall|must|guess|suppose|think|thought|believe|wonder|wondered|was|were|hope|mean|feel|know|knew|forgot|forget|tried|try|asked|ask|promise|swear|bet|reckon|am\s+(?:not\s+)?(?:sure|wondering|trying|looking|asking|thinking|hoping|going|about|planning|considering)|do\s+not\s+(?:know|think|want|need|mind|care|understand|get)|did|can)\b/;
/** Where a first-person statement follows a request in the same sentence. */
const STATEMENT_TAIL = new RegExp(
  String.raw`\s*(?:[,;]|\s[-–—]+)\s*(?:(?:because|since|as|cos|cause)\s+)?(?=(?:I|we)\s+(?:also\s+|only\s+|still\s+|both\s+|all\s+)?(?!${ASKING_VERB.source})(?:do\s+not|cannot|can\s+not|[a-z]+)\b|my\s+\w+\s+(?:is|are|has)\b)`,
);

/**
 * Where a request to the assistant follows the speaker's statement in the same sentence ("I'm allergic to peanuts,
 * so please never suggest satay", "I'm vegan and could you keep that in mind?", "we live in Leeds — please use
 * metric"): the statement is read on its own, so the request's "never"/"don't" does not negate it.
 */
const REQUEST_AFTER =
  /\s*(?:[,;]|\s[-–—]+)\s*(?:(?:so|and|but)\s+)?(?=(?:please|pls|kindly|can\s+you|could\s+you|would\s+you|will\s+you|make\s+sure\s+(?:you|to)|(?:remind|tell|help|give|send|find|show)\s+me\b(?!\s+(?:that\s+)?(?:I|my|we|our)\b)|let\s+me\s+know\b|(?:so\s+)?(?:do\s+not|never)\s+(?:ever\s+)?(?:suggest|recommend|give|send|show|include|offer|add|put|use|mention|book|serve|pick|cook|make|plan)\b))|\s+(?:so|and)\s+(?=(?:please|pls|can\s+you|could\s+you|would\s+you)\b)/i;

/**
 * How an event just told went, said in the next sentence: "Finished in 2:05.", "Came third overall!", "Scored 92%.",
 * "Took me 4 hours." A measured outcome (a time, a placing, a score) belongs to that event, so it joins its value
 * (and a later "my time was 2:15, not 2:05" finds it there).
 */
const OUTCOME =
  /^(?:(?:and|but|so)\s+)?(?:(?:I|we)\s+)?(?:(?:finally|only|just|eventually)\s+)?((?:finished|completed\s+it|came(?:\s+in)?|placed|ranked|clocked|scored|crossed\s+the\s+line|did\s+it|ran\s+it|took\s+(?:me|us))\s+(?:(?:in|at|with)\s+)?(?:a\s+(?:time|score)\s+of\s+)?(?:(?:just\s+)?(?:under|over)\s+|around\s+|about\s+)?(?:\d{1,2}:\d{2}(?::\d{2})?|\d+(?:\.\d+)?\s*(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|%|points?|pts)|\d+\s*(?:\/|out\s+of)\s*\d+|(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|tenth|last)(?:\s+(?:place|overall))?))(?=\s*(?:[,.!;]|$|\s+(?:lol|haha|yay|woo+)\b))/i;

/**
 * A question or plea for help after the speaker's statement in one sentence: "I'm a nurse on night shifts, any
 * tips??", "we adopted a greyhound on Saturday, any advice for the first week?", "my sister's wedding is June 22nd,
 * help me write a speech??", "my friend Raj just moved to Leicester, what's a good housewarming present?": a last
 * clause in question word order. The trailing "?" belongs to the tail; the statement before it is read on its own.
 */
const QUESTION_AFTER =
  /\s*(?:[,;]|\s[-–—]+)\s*(?:(?:so|and|but)\s+)?(?=(?:any\s+(?:tips|ideas|advice|suggestions|recommendations|thoughts|help)|(?:thoughts|ideas|tips|advice|suggestions)\s*[?!]|help\s+me|what\s+(?:should|do|would|can)\s+(?:I|we)|how\s+(?:should|do|can)\s+(?:I|we)|where\s+(?:should|do|can)\s+(?:I|we)|should\s+(?:I|we)\b|is\s+(?:that|it|this)\s+(?:normal|ok|okay|bad|weird))\b|(?:what|how|where|which|who|when|why|any|is|are|do|does|did|should)(?:['’]s)?\b[^,;.!?]*\?+\s*$|(?:[a-z'’-]+\s+){1,2}or\s+[a-z'’-]+(?:\s+[a-z'’-]+)?\s*\?+\s*$)/i;
/**
 * The speaker's statement opens the sentence: a first-person word early, or a subject-less chat fragment ("training
 * for…", "got rostered on…").
 */
const OWN_STATEMENT_START = /^(?:(?:\S+\s+){0,3}?(?:I|we|my|our)\b|\d{2}(?:\s+years?\s+old)?\s+and\s+(?!counting\b)|(?:just\s+|been\s+|also\s+|finally\s+)?(?:got\s+(?=[a-z]+ed\s))?(?:[a-z]+(?:ing|ed)|got|had|have|has|sold|bought|quit|left)\s+(?:a|an|the|my|our|for|to|at|in|on|up|out|with|from|back|off)\b)/i;

/** The message without its question sentences (a message that is all questions: ''). */
function statementsOf(text: string): string {
  if (!text.includes('?')) return text;
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((s) => s.trim() && !isQuestion(s))
    .join(' ');
}

const GOAL_CUE = /\b(?:want|wants|hoping|hope|plan|planning|dream\s+is|goal\s+is|aiming)\s+to\b/i;
const GOAL_RULE: Rule = (c) => PERSONAL_FACT_RULES[PERSONAL_FACT_RULES.length - 1](c);

/** A clause for one attributed statement (used outside the main clause loop). */
function clauseFor(att: Attribution, text: string, sentence: string, o: SentenceOpts): Clause {
  const neg = analyseNegation(att.pred);
  return { sentence, text, subject: att.subject, speaker: o.speaker, pre: att.pre, core: neg.core, pred: att.pred, negated: neg.negated, ending: neg.ending, past: false, date: null, confidence: o.base, ref: o.ref };
}


interface SentenceOpts {
  speaker: string;
  ref: Date;
  base: number;
  corrections: boolean;
  prior: () => MemoryCandidate[];
  /** A third party he/she may refer to (set for corrections: "he actually lives in Boulder"). */
  third?: Subject | null;
  onError?: RuleErrorSink;
  /** Every speaker of this turn and the recent turns: a correction never targets another speaker's memory. */
  speakers?: ReadonlySet<string>;
  /** Whether the session's recent user messages contain this exact word (gates re-reading them). */
  mentioned?: (word: string) => boolean;
  /** Whether the session's recent user messages have this capitalised word as a whole word. */
  mentionedAs?: (name: string) => boolean;
  /** The text just before `text` (a request the statement follows), read as the previous sentence. */
  lead?: string;
  /** WordNet behind the Lexicon port (frames/kinds.ts); without it the frames use their seed table only. */
  lexicon?: Lexicon;
}

/** Both values carry the same proper name ("tabby named Ziggy" / "cat named Ziggy"). */
function sharesName(a: string, b: string): boolean {
  const names = a.match(/[\p{Lu}][\p{L}\p{N}'-]+/gu) ?? [];
  // (The name's own letters must occur in b: tested first, before a pattern is compiled for the name.)
  return names.some((n) => b.includes(n) && new RegExp(`\\b${n}\\b`, 'u').test(b));
}

/**
 * The frames' drafts for a clause (frames/): what the rules already said for a key wins (they are exact on the
 * wording they know); the frames add the keys the rules missed and every entity-state ending.
 */
function framesFor(clause: Clause, rules: Draft[], lexicon?: Lexicon): Draft[] {
  // A condition states nothing ("if Rosa were my sister…", "unless we sell the van").
  if (CONDITION.test(clause.text)) return [];
  const rc = readClause(clause, lexicon);
  const said = new Set(rules.map((d) => `${d.key}|${d.op ?? 'assert'}`));
  const values = new Set(rules.map((d) => normValue(d.value)));
  // A multi-valued key the rules read may still gain the values they missed ("Tagalog and some Quechua").
  const fresh = [...frameDrafts(rc), ...settingDrafts(rc), ...namingDrafts(rc), ...animalPartDrafts(rc), ...milestoneDrafts(rc), ...harmDrafts(rc), ...reactionDrafts(rc), ...procedureDrafts(rc), ...abstinenceDrafts(rc), ...spanRoleDrafts(rc), ...fragmentDrafts(rc), ...enthusiastDrafts(rc), ...kitDrafts(rc), ...stanceTurnDrafts(rc), ...conversionDrafts(rc), ...practiceDrafts(rc), ...possessedDrafts(rc), ...vocationDrafts(rc), ...arrivalDrafts(rc), ...appraisalDrafts(rc), ...localServiceDrafts(rc), ...workKitDrafts(rc), ...birthDrafts(rc), ...roleDrafts(rc), ...asRoleDrafts(rc), ...selfTaughtDrafts(rc), ...exclusiveDietDrafts(rc), ...workplaceDrafts(rc), ...activitySlotDrafts(rc), ...qualifiedDrafts(rc), ...(clause.subject.self && !rc.shape.negated ? landmarkDrafts(clause.sentence, clause.speaker, lexicon) : [])].filter((d) => !said.has(`${d.key}|${d.op ?? 'assert'}`) || namesWhatRulesLeftUnnamed(d, rules) || (!isSingleValued(d.key) && d.type !== 'relation' && !rules.some((r) => r.key === d.key && (refersTo(d.value, r.value) || sharesName(d.value, r.value))) && !values.has(normValue(d.value))));
  // What the rules put in the past ("worked at Aldi for three years") is no current fact for the frames to add.
  const pastValues = new Set(rules.filter((d) => d.op === 'history').map((d) => `${d.key}|${normValue(d.value)}`));
  if (pastValues.size > 0) fresh.splice(0, fresh.length, ...fresh.filter((d) => (d.op ?? 'assert') !== 'assert' || !pastValues.has(`${d.key}|${normValue(d.value)}`)));
  // A current-value ending ("we broke up") adds nothing when the rules already ended that key's named value.
  // …nor when they ended the same name ("Beatriz and I have split up": the rules' Beatriz and the held "Beatriz (girlfriend)").
  const ended = endingDrafts(rc).filter((d) => !(d.metadata?.current && said.has(`${d.key}|retract`)) && !rules.some((r) => r.key === d.key && r.op === 'retract' && sharesName(r.value, d.value)));
  // An ending the rows did not read: a predicate of an ending class over a value the exchange holds.
  const byReference = ended.length === 0 && !said.has('pet|retract') ? referenceEndingDrafts(rc).filter((d) => !said.has(`${d.key}|retract`)) : [];
  // A frame's retraction the ending rows already made ("traded in my Civic for an e-bike") is theirs.
  const unended = fresh.filter((d) => d.op !== 'retract' || !ended.some((e) => e.key === d.key && e.op === 'retract' && refersTo(d.value, e.value)));
  // Eating again what the diet excludes ends the diet (frames/diet-change.ts), unless the clause already said the diet.
  const diet = said.has('diet|retract') || fresh.some((d) => d.key === 'diet') ? [] : dietChangeDrafts(rc);
  return [...unended, ...ended, ...byReference, ...diet];
}

/**
 * A liking whose value is an activity to the lexicon (a sport, game or pastime: "into bingo", "love mahjong") is a
 * hobby, as the rules already make of the activities their word list holds. One noun or a compound, read by kind.
 */
function activitiesAsHobbies(facts: Draft[], lexicon?: Lexicon): Draft[] {
  if (!lexiconKnowsWords(lexicon)) return facts;
  return facts.map((d) => (d.key === 'like' && (d.op ?? 'assert') === 'assert' && /^[a-z][a-z-]*(?: [a-z][a-z-]*)?$/.test(d.value) && kindOf(d.value, lexicon) === 'activity' && !facts.some((f) => f.key === 'hobby' && normValue(f.value) === normValue(d.value)) ? { ...d, key: 'hobby' } : d));
}

/** A phrase that opens with someone else's possessive ("his interview", "Ana's wedding"). */
/** An age in apposition left at the head of a third party's predicate ("29, is a nurse"). */
const APPOSED_AGE_WORD = '(?:aged\\s+)?(?:\\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?)';
const APPOSED_AGE = new RegExp(`^(?:\\(\\s*${APPOSED_AGE_WORD}\\s*\\)\\s*,?\\s*|${APPOSED_AGE_WORD}\\s*,\\s*)(?=[\\p{L}])`, 'iu');
/** The same age after the name it follows, in the clause text ("my brother Rustam, 35, is …" → "my brother Rustam is …"). */
const APPOSED_AFTER_NAME = new RegExp(`^(.{0,60}?[\\p{Lu}][\\p{L}'’-]+(?:\\s+(?:from|at|next|across|over|down|up)(?:\\s+[\\p{Ll}]+){0,3})?)(?:\\s*\\(\\s*${APPOSED_AGE_WORD}\\s*\\)\\s*,?\\s*|,\\s*${APPOSED_AGE_WORD}\\s*,\\s*)`, 'u');
const SOMEONE_ELSES = /^(?:his|her|their|your)\b|^[\p{L}]+['’]s\b/iu;

const CONDITION = /^\s*(?:if|unless|whether|even\s+if|as\s+if|as\s+though)\b/i;

/** "Harriet is my sister": the frames name a relative the rules only mentioned ("sister"). */
const namesWhatRulesLeftUnnamed = (d: Draft, rules: Draft[]) => (d.type === 'relation' || d.key === 'pet') && !!d.metadata?.name && !rules.some((r) => r.key === d.key && r.metadata?.name);


/**
 * The speaker's holdings from the exchange's earlier turns (o.prior, read only when an ending asks): an ending that
 * refers to "the yamaha" or says "I resigned" is resolved to the value those turns stated.
 */
function holdingsOf(o: SentenceOpts): Holdings {
  let mine: MemoryCandidate[] | null = null;
  const list = () => (mine ??= o.prior().filter((c) => c.subject === o.speaker && c.op === 'assert' && c.type !== 'event'));
  return {
    find(word, keys) {
      if (word.length < 2) return null;
      const re = new RegExp(`(?<![\\p{L}])${escapeRe(word)}(?![\\p{L}])`, 'iu');
      const hit = list().find((c) => (!keys || keys.includes(c.key)) && (re.test(c.value) || re.test(c.evidence)));
      return hit ? { key: hit.key, value: hit.value } : null;
    },
    current(key) {
      const hit = list().find((c) => c.key === key);
      return hit ? { key: hit.key, value: hit.value } : null;
    },
    named(word) {
      if (word.length < 2 || !o.mentioned) return false;
      const name = word[0].toUpperCase() + word.slice(1).toLowerCase();
      return o.mentioned(name) && o.mentionedAs?.(name) !== false;
    },
  };
}

/** A marker that the speaker is putting a value right ("actually I'm 42", "sorry, it's Hannah", "oops"). */
const RESTATED = /^\s*(?:(?:oh\s+)?(?:actually|sorry|oops|whoops|wait|correction|my\s+bad|i\s+mean)\b|.*\b(?:actually|i\s+meant?)\b)/i;

/** A change, not a slip: "actually I work at Aldi now". */
const CHANGED = /\b(?:now|these\s+days|since|started|starting|new|anymore|any\s+more|moved|switched)\b/i;

/**
 * A single-valued fact stated again with another value than the exchange held, under a correction marker: the held
 * value is put right (op correct, replaces it) rather than superseded as news.
 */
function restated(d: Draft, held: Holdings): Draft {
  if ((d.op && d.op !== 'assert') || d.type === 'event' || !isSingleValued(d.key)) return d;
  const was = held.current(d.key);
  if (!was || normValue(was.value) === normValue(d.value)) return d;
  return { ...d, op: 'correct', replaces: was.value, confidence: Math.max(d.confidence ?? 0, 0.9) };
}

/** Rules whose cue a question or request still states about the speaker ("here in York"): its presuppositions. */
const PRESUPPOSING: Rule[] = [hereIn];
function presupposed(whole: string, raw: string, o: SentenceOpts): Draft[] {
  // Clause by clause: the part before the request or question tail ("…, can you suggest…?") is what is presupposed.
  const tail = REQUEST_AFTER.exec(whole) ?? QUESTION_AFTER.exec(whole);
  const exp = tail && tail.index > 0 ? whole.slice(0, tail.index) : whole;
  const neg = analyseNegation(exp);
  const clause: Clause = { sentence: tail ? exp : raw, text: exp, subject: { id: o.speaker, self: true }, speaker: o.speaker, pre: '', core: neg.core, pred: exp, negated: neg.negated, ending: neg.ending, past: false, date: null, confidence: o.base, ref: o.ref };
  // "any tips for staying awake on night shifts at the Amazon warehouse?": asking how to get through one's shifts
  // presupposes working them (a question about shifts in general names no "I", "my" or plea for help).
  const shifts = /\b(?:I|my|me|tips|advice|help|survive|surviving)\b/i.test(exp) ? shiftEmployerIn(exp, o.speaker, o.lexicon) : [];
  const age = ASKERS_AGE.exec(whole);
  const asker = age && Number(age[1] ?? age[2]) >= 10 && Number(age[1] ?? age[2]) < 110 ? [{ key: 'age', value: age[1] ?? age[2], subject: o.speaker, confidence: 0.8 }] : [];
  return [...PRESUPPOSING.flatMap((r) => runRule(r, clause, o.onError)), ...shifts, ...asker];
}
/**
 * The asker's age a question opens with or names: "at 62 am I too old to…?", "at 45, is it too late to…?", "Question from
 * a 56 year old (me): …".
 */
const ASKERS_AGE = /^\s*(?:at|aged)\s+(\d{2,3})\s*,?\s+(?:am\s+I|is\s+it|should\s+I|can\s+I|could\s+I|would\s+I|do\s+I|will\s+I|is\s+there)\b|\b(?:a|an)\s+(\d{2,3})[- ]?(?:year|yr)s?[- ]?old\s*\((?:me|myself|that['’]s\s+me)\)/i;

/** Whether `subject` is another speaker of the chat or one of their people ("jon", "jon's sister maya"). */
export function isOtherSpeakers(subject: string, speaker: string, speakers?: ReadonlySet<string>): boolean {
  if (!speakers || subject === speaker) return false;
  for (const other of speakers) if (other !== speaker && (subject === other || subject.startsWith(`${other}'s `))) return true;
  return false;
}

function typeOf(d: Draft): MemoryType {
  if (d.type) return d.type;
  if (d.key.startsWith('event_')) return 'event';
  return keySpec(d.key)?.type ?? 'fact';
}

function toCandidate(d: Draft, subject: Subject, evidence: string, base: number): MemoryCandidate {
  const op: CandidateOp = d.op ?? 'assert';
  let confidence = d.confidence ?? (d.implicit ? CONFIDENCE.implicit : base);
  if (!subject.self && !d.subject) confidence = Math.min(confidence, CONFIDENCE.thirdParty);
  if (op === 'retract') confidence = Math.max(confidence, CONFIDENCE.retract);
  if (d.implicit) confidence = Math.min(confidence, 0.65);
  return {
    type: typeOf(d),
    subject: d.subject ?? subject.id,
    key: d.key,
    value: withTopic(d.key, possessiveBusiness(d.key, d.value.trim(), evidence)),
    confidence: Math.round(confidence * 100) / 100,
    op,
    evidence,
    eventDate: d.eventDate ?? null,
    replaces: d.replaces ?? null,
    ...(d.validFrom ? { validFrom: d.validFrom } : {}),
    ...(d.validTo ? { validTo: d.validTo } : {}),
    metadata: { ...(d.metadata ?? {}), ...(d.implicit ? { implicit: true } : {}), extractor: 'offline' },
  };
}

/** What may follow a business named by its founder's possessive: the end of the phrase, not a noun it owns. */
const AFTER_POSSESSIVE_NAME = String.raw`['’]s(?=\s*(?:$|[,.;:!?)—–]|\s(?:in|on|at|for|as|and|but|so|since|now|today|then|again|because|near|where|which|when|with|until|till|last|this|every|full|part|over|lol)\b))`;
/**
 * An employer named as its founder's possessive keeps it ("a job at McDonald's", "works at Sainsbury's in town"):
 * the name readers stop before "'s", which for a person ("Sarah's wedding") is right and for a business is not.
 */
function possessiveBusiness(key: string, value: string, evidence: string): string {
  if (key !== 'employer' || !/^[\p{Lu}][\p{L}-]*$/u.test(value)) return value;
  // The pattern needs the name right before its 's (a cheap test first: the pattern is compiled for each name).
  if (!evidence.includes(`${value}'s`) && !evidence.includes(`${value}’s`)) return value;
  return new RegExp(`\\b${escapeRe(value)}${AFTER_POSSESSIVE_NAME}`, 'u').test(evidence) ? `${value}'s` : value;
}

/**
 * An opinion's value names its topic ("limoncello: lovely", not "lovely"): the line reads on its own in a context,
 * wherever the stance was said. The topic is the key's ("opinion_limoncello"); a value already naming it stays.
 */
function withTopic(key: string, value: string): string {
  if (!key.startsWith('opinion_')) return value;
  const topic = key.slice('opinion_'.length).replace(/_/g, ' ');
  const stem = (w: string) => w.toLowerCase().replace(/(?:ies|es|s)$/, '');
  const words = new Set(value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stem));
  return topic.split(' ').some((w) => words.has(stem(w))) ? value : `${topic}: ${value}`;
}

/** A possession predicate (the own frame's verbs) after the subject: "I (don't) have a cat", "we own no car". */
const POSSESSION = /^(?:\S+\s+)?(?:\S+\s+)?(?:have|has|had|own|owns|got)\b(?!\s+(?:been|to)\b)/i;

/** A role said in the past tense: "was a nurse", "were teachers", "worked as a chef". */
const PAST_ROLE = /^(?:(?:was|were)\s+(?:a|an)\s|worked\s+as\s)/i;

/** Applies the clause's negation/history to the drafts of fact rules. */
function applyPolarity(drafts: Draft[], c: Clause, history: boolean): Draft[] {
  const out: Draft[] = [];
  for (const d of drafts) {
    if (d.op || d.type === 'event') {
      out.push(d);
      continue;
    }
    // A relative mentioned by a possessive and a name is there whatever the clause denies; an ending ends a partner, not kin.
    if (d.presupposed && d.type === 'relation' && typeof d.metadata?.name === 'string' && !history && (!c.ending || d.key !== 'partner')) {
      out.push(d);
      continue;
    }
    if (history) out.push({ ...d, op: 'history' });
    else if (c.negated) {
      if (d.key === 'like' && !c.ending) out.push({ ...d, key: 'dislike' });
      else if (d.key === 'dislike' || d.key === 'communication_style') continue;
      else if (d.type === 'relation' && !c.ending) continue;
      // "I've never owned a motorbike", "we have never had pets": a lifelong absence held nothing, so it ends nothing.
      else if (!c.ending && NEVER_PERFECT.test(c.pred)) continue;
      // A bare denial of being or doing ("I'm not a teacher, people just assume it", "I don't speak a word of Polish")
      // with no ending cue states no change: it ends only a value the exchange holds for the key. Denied possession
      // ("I don't have a cat") is the current state and still ends what is stored.
      else if (!c.ending && c.held && !POSSESSION.test(c.core) && !c.held.find(normValue(d.value).split(' ')[0] ?? '', [d.key])) continue;
      else out.push({ ...d, op: 'retract' });
    } else out.push(d);
  }
  return out;
}

/** Endings that happen to the speaker: a job loss whether or not it is dated. */
const INVOLUNTARY = new Set(ENDINGS.filter((e) => e.involuntary).map((e) => e.id));

/**
 * Leaving a job is an event as well as an ended employer: a dated ending ("left Unilever in March", "my last day at the
 * council was Friday") or one done to the speaker ("got made redundant from Wilko") → event_job_loss. An undated
 * choice ("I no longer work there", "handed in my notice") stays the ended fact only.
 */
function jobLoss(facts: Draft[], clause: Clause): Draft[] {
  const ended = facts.find((d) => d.key === 'employer' && d.op === 'retract' && !d.metadata?.current);
  if (!ended || !(clause.date || INVOLUNTARY.has(String(ended.metadata?.ending ?? '')))) return [];
  return [{ key: 'event_job_loss', value: `left ${ended.value}`, type: 'event', eventDate: clause.date?.iso ?? null, ...(clause.date ? { metadata: { dateText: clause.date.text } } : {}) }];
}

/** Where the speaker's own clause starts after someone's advice ("…, so I started a diet"). */
/** Being told, or finding out, a first-person finding: the clause after it is the speaker's ("got told I have…"). */
const TOLD_ME = /(?:\b(?:I|I've|I’ve|I\s+have)\s+(?:just\s+|recently\s+|finally\s+|now\s+)?)?\b(?:(?:got|been|was|were|get|gets|getting)\s+told|(?:told|tells|informed)\s+me|found\s+out|find\s+out|(?:it\s+)?(?:turns|turned)\s+out|learned|learnt|showed|shows|revealed|confirmed)\s+(?:that\s+)?(?=I\s+(?:have|had|am|was|'ve|’ve|'m|’m)\b|I(?:'ve|’ve|'m|’m)\b)/i;
/**
 * A finding about someone else, told of them: "Gunhilda found out she's got tendonitis", "my dad was told he has
 * angina". The pronoun is the clause's subject, so the finding is read as that subject's predicate ("… has got …").
 */
const THEIR_FINDING = /\s*\b(?:(?:got|been|was|were|has\s+been|have\s+been)\s+told|found\s+out|discovered|learned|learnt)\s+(?:that\s+)?(?:she|he|they)\s*(?:(['’]s|\s+has|\s+have|['’]ve)(?=\s+got\b)|(['’]s|\s+is|\s+are|['’]re)|(\s+has|\s+have))(?=\s)/i;
/** A later clause that reports someone else's words: ", mum reckons …", ", my boss says …", ", the GP thinks …", ", urgent care said …" (the `i` flag
 * makes the name's capital any letter: a word then a reporting verb). */
const LATER_REPORT = re(`[,;]\\s*(?:and\\s+|but\\s+)?(?!(?:i|we|you|it)\\s)(?:(?:my|our|the|his|her)\\s+)?(?:(?!(?:i|we|you|it|he|she|they)\\s)[\\p{Ll}]+\\s+(?=[\\p{L}'’-]+\\s+(?:said|says|told)\\b))?(?:${RELATION_RE}|[\\p{Lu}][\\p{L}'’-]+|doctor|gp|boss|manager|landlord|vet)\\s+(?:reckons|reckoned|says|said|thinks|thought|claims|insists|swears|keeps\\s+saying|told\\s+me|tells\\s+me)\\b`, 'iu');
/** A name asked back before a yes: "the Royal Enfield? yeah", "Biscuit?? yes". */
const NAMING_ECHO = /^\s*(?:the\s+|my\s+|our\s+)?([\p{Lu}][\p{L}-]*(?:\s+[\p{Lu}][\p{L}-]*){0,2})\s*\?+\s*/u;
const ADVICE_TAIL = /\s*[,;]\s*(?:(?:so|and|but|then|which\s+is\s+why)\s+)?(?=(?:I|we)\b)/;

/**
 * A question or request is not a statement, but a named relative in it is still the speaker's fact
 * ("Can you help me plan a party for my son Leo?"), and who a following "he"/"she" means.
 */
function mentionRelatives(exp: string, self: Subject, evidence: string, o: SentenceOpts, out: MemoryCandidate[], known: Map<string, Subject>): Subject | null {
  let who: Subject | null = null;
  // "wife (Wilhelmina) thinks…", "little brother Emrys has…": a relation named without "my" is mentioned as with it.
  for (const d of namedRelationMentions(` ${relationAsTitle(exp.trim())}`, o.speaker)) {
    out.push(toCandidate(d, self, evidence, o.base));
    const rel = String(d.metadata?.relation);
    const name = String(d.metadata?.name);
    who = { id: thirdPartyId(o.speaker, rel, name), self: false, relation: rel, name };
    known.set(name.toLowerCase(), who);
  }
  return who;
}

/** The person a verbless fragment names last with "my" / "our", a relation or social noun and a name ("proud of my cousin Aisha"). */
function namedInFragment(t: string, speaker: string): Subject | null {
  const at = [...t.matchAll(/\b(?:my|our)\s/gi)].pop()?.index;
  const rel = at === undefined ? null : parseRelationPhrase(t.slice(at));
  return rel?.name && !rel.possessive ? { id: thirdPartyId(speaker, rel.relation, rel.name), self: false, relation: rel.relation, name: rel.name } : null;
}

/** "your little one", "the wee one": a child, as the assistant asks after them ("What's your little one called?"). */
const LITTLE_ONE = /\b(?:little|wee)\s+one(s?)\b/gi;

/** A clause that opens with a relation or social noun and a name, then a lower-case word: its "my" was dropped. */
const DROPPED_MY = new RegExp(`^(?:${RELATION_RE})\\s+\\p{Lu}\\p{Ll}+\\s+(?!and\\b|or\\b)\\p{Ll}`, 'u');

/** Arranging something to come: its date is the thing's, ahead, whatever the verb's tense. */
const ARRANGED = /\b(?:signed\s+up|booked|registered|entered|reserved|scheduled|arranged|bought\s+tickets|got\s+tickets|enrolled)\b/i;

/**
 * A clause of a sentence with its tense and date: past by its cue unless it looks ahead; a plan's bare weekday is the
 * next one. A lifted relative clause states facts, never events (the sentence it hangs on already told any).
 */
function clausePart(t: string, lifted: boolean, ref: Date): { t: string; past: boolean; date: ReturnType<typeof resolveDate>; lifted: boolean } {
  // "is getting married", "am booked in": a participle after "get"/"be" describes a state, it is no past tense.
  // "signed up for a half marathon in September": a past arranging of something to come is dated by what is arranged.
  const past = PAST_CUE.test(t.replace(/\b(?:getting|get|gets|is|are|am|being|be)\s+[a-z]+ed\b/gi, ' ')) && !/\b(?:next|tomorrow|upcoming|will|going\s+to)\b/i.test(t) && !ARRANGED.test(t);
  return { t, past, date: lifted ? null : resolveDate(t, ref, !past), lifted };
}

function extractSentences(text: string, o: SentenceOpts): MemoryCandidate[] {
  const out: MemoryCandidate[] = [];
  let lastThird: Subject | null = o.third ?? null;
  let topicHint: string | null = null;
  const self: Subject = { id: o.speaker, self: true };
  // Third parties named earlier in this message or in the session's recent turns ("my sister Maya" … "Maya lives in Paris").
  const known = new Map<string, Subject>();
  // A person noun by the lexicon (friend, associate, neighbour, any kind of person): "my crony Noor" names Noor.
  const personNoun = lexiconKnowsWords(o.lexicon) ? (w: string) => ['social', 'occupation', 'person'].some((k) => isKind(w, k as 'social', o.lexicon)) && !isKind(w, 'animal', o.lexicon) : undefined;
  const lookupName = (name: string): Subject | null => {
    const k = name.toLowerCase();
    const hit = known.get(k);
    if (hit) return hit;
    // The session's earlier turns are only re-read when they contain the name at all (cheap check first).
    for (const p of [...out].reverse().concat(o.mentioned?.(name) ? o.prior() : [])) {
      const rel = p.metadata?.relation;
      const nm = p.metadata?.name;
      if (p.type === 'relation' && p.op === 'assert' && typeof rel === 'string' && typeof nm === 'string' && nm.toLowerCase() === k) {
        const subj: Subject = { id: thirdPartyId(p.subject, rel, nm), self: false, relation: rel, name: nm };
        known.set(k, subj);
        return subj;
      }
    }
    return null;
  };
  let prevSentence: string | undefined = o.lead;
  const held = holdingsOf(o);
  for (const s of analyseText(maskOnce(prepare(text, o.lexicon)))) {
    const raw = s.text.trim();
    if (!raw) continue;
    const previous = prevSentence;
    prevSentence = raw;
    // "…, so keep that in mind if we talk about health": a trailing condition does not make the statement hypothetical.
    // A parenthetical hedge ("Tailwind is fine I guess, bit verbose") is not a first-person clause.
    // "Update for you: I left…", "Quick context: I'm a data engineer…": a short lead-in label before the statement.
    const exp = dropTrailingCondition(expandContractions(stripQuotes(raw))).replace(HEDGE, '$1').replace(LEAD_LABEL, '');
    const evidence = raw;
    // "keep in mind I don't eat pork", "remind me I'm vegetarian when…": a memory frame around a statement.
    const framed = MEMORY_FRAME.exec(exp);
    if (framed && !isQuestion(raw)) {
      out.push(...extractSentences(exp.slice(framed.index + framed[0].length), { ...o, third: lastThird, lead: previous }));
      continue;
    }
    // "please don't suggest anything with sesame, I'm badly allergic" / "Can you skip the mushrooms? I hate them.": a
    // request or question followed by the speaker's own statement; the statement is read, with the request as context.
    const requestTail = isRequest(exp) || isQuestion(raw) ? STATEMENT_TAIL.exec(exp) : null;
    if (requestTail && requestTail.index >= 8 && !isJokeOrSarcasm(raw) && !isHypothetical(exp)) {
      for (const d of communicationStyle(exp)) out.push(toCandidate(d, self, evidence, o.base));
      out.push(...extractSentences(exp.slice(requestTail.index + requestTail[0].length), { ...o, corrections: false, third: lastThird, lead: exp.slice(0, requestTail.index) }));
      continue;
    }
    // "Also I'm allergic to peanuts, so please never suggest satay": the statement before the request is a statement.
    const requestAfter = isRequest(exp) ? null : (REQUEST_AFTER.exec(exp) ?? (isQuestion(raw) ? QUESTION_AFTER.exec(exp) : null));
    if (requestAfter && requestAfter.index >= 8 && OWN_STATEMENT_START.test(stripMarkers(exp)) && !isQuestion(exp.slice(0, requestAfter.index)) && !isJokeOrSarcasm(raw) && !isHypothetical(exp)) {
      for (const d of communicationStyle(exp)) out.push(toCandidate(d, self, evidence, o.base));
      out.push(...extractSentences(`${exp.slice(0, requestAfter.index)}.`, { ...o, third: lastThird, lead: previous }).map((c) => ({ ...c, evidence })));
      continue;
    }
    if (isQuestion(raw)) {
      // "Could you stop giving me such long answers?" is a request about style, not a question.
      if (isRequest(exp)) for (const d of communicationStyle(exp)) out.push(toCandidate(d, self, evidence, o.base));
      if (!isJokeOrSarcasm(raw)) lastThird = mentionRelatives(exp, self, evidence, o, out, known) ?? lastThird;
      // What the question presupposes about the speaker ("…the food festival here in york on saturday?").
      if (!isJokeOrSarcasm(raw) && !isHypothetical(exp)) for (const d of presupposed(exp, raw, o)) out.push(toCandidate(d, self, evidence, o.base));
      continue;
    }
    for (const d of communicationStyle(exp)) out.push(toCandidate(d, self, evidence, o.base));
    if (isJokeOrSarcasm(raw)) continue;
    if (isRequest(exp)) {
      lastThird = mentionRelatives(exp, self, evidence, o, out, known) ?? lastThird;
      continue;
    }
    const hypothetical = isHypothetical(exp);
    // "the rheumatologist diagnosed me with gout", "turns out it's anaemia" (frames/diagnosis.ts).
    if (!hypothetical)
      for (const d of diagnosisDrafts(exp, o.speaker, o.lexicon, lastThird?.id)) out.push(toCandidate(d, d.subject === o.speaker ? self : lastThird!, evidence, o.base));
    if (hypothetical) {
      // A stated aim survives "someday": "I really want to be a mom someday".
      if (GOAL_CUE.test(exp) && !/\bif\b|\bwish\b|\bimagine\b/i.test(exp)) {
        const a = attribute(stripMarkers(exp), o.speaker, null);
        if (a?.subject.self) for (const d of runRule(GOAL_RULE, clauseFor(a, exp, raw, o), o.onError)) out.push(toCandidate(d, a.subject, evidence, o.base));
      }
      continue;
    }

    // "…ran my first half marathon in Portland! Finished in 2:05.": the outcome joins the event just told.
    const outcome = previous ? OUTCOME.exec(stripMarkers(exp)) : null;
    const told = outcome ? out.findLastIndex((c) => c.type === 'event' && c.subject === o.speaker && c.op === 'assert' && c.evidence === previous) : -1;
    if (outcome && told >= 0) {
      const ev = out[told];
      out[told] = { ...ev, value: `${ev.value}, ${outcome[1].toLowerCase()}`, evidence: `${ev.evidence} ${raw}` };
      continue;
    }

    if (o.corrections) {
      const cue = detectCorrection(exp);
      if (cue) {
        // Another speaker's memories ("Oh no Jon!" after Jon's news) are never what this speaker corrects.
        const mine = (p: MemoryCandidate) => !isOtherSpeakers(p.subject, o.speaker, o.speakers);
        const priorThird = [...out].reverse().concat(o.prior()).filter(mine).find((p) => p.subject !== o.speaker && p.type !== 'relation');
        const body = cue.body ? extractSentences(cue.body, { ...o, corrections: false, third: priorThird ? { id: priorThird.subject, self: false } : null }) : [];
        const facts = body.filter((c) => c.type !== 'relation');
        if (facts.length > 0 && !cue.inline) {
          // "Actually I've resigned from Wipro": an ending after a bare cue is news, not a correction (an ending stays one,
          // and with no old value named, what comes with it is told, not corrected).
          const news = !cue.oldValue && facts.some((c) => c.op === 'retract');
          for (const c of body) out.push(c.type === 'relation' || c.op === 'retract' || news ? c : { ...c, op: 'correct', replaces: cue.oldValue, evidence, confidence: Math.max(c.confidence, 0.9) });
          continue;
        }
        const prior = cue.inline ? facts : [...out].reverse().concat(o.prior()).filter(mine);
        const fixed = applyCorrection(cue, prior, o.ref, evidence);
        if (fixed) {
          out.push(fixed);
          continue;
        }
        if (facts.length > 0) {
          out.push(...body);
          continue;
        }
        // The corrected statement is in an earlier session: re-state it from the correction itself
        // ("the Lisbon trip is not June 14 — it's June 21"); reconciliation finds the row by `replaces`.
        const kind = cue.subjectOnly && cue.oldValue && cue.newValue ? eventKindOf(cue.body) : null;
        const when = kind ? resolveDate(cue.newValue!, o.ref, true) : null;
        if (kind && when) {
          const value = cue.body.replace(/^(?:the|my|our|this|that)\s+/i, '').trim();
          out.push(toCandidate({ key: kind, value, type: 'event', op: 'correct', replaces: cue.oldValue, eventDate: when.iso, confidence: 0.85, metadata: { dateText: when.text } }, self, evidence, o.base));
        } else if ((!cue.body || cue.bare) && cue.oldValue && cue.newValue && cue.newValue.split(/\s+/).length <= 4) {
          // "Actually, not Tuesday — Wednesday" about something said in an earlier session: reconciliation finds
          // the memory the old value refers to, whatever its key (FLOATING_CORRECTION).
          const newDate = resolveDate(cue.newValue, o.ref, true);
          const value = cue.newValue.replace(/[.!]+$/, '').trim();
          if (value) out.push(toCandidate({ key: FLOATING_CORRECTION, value, type: 'fact', op: 'correct', replaces: cue.oldValue, eventDate: newDate?.iso ?? null, confidence: 0.85, metadata: newDate ? { dateText: newDate.text } : undefined }, self, evidence, o.base));
        }
        continue;
      }
    }

    let subjectOverride: { subject: Subject; relations: Draft[] } | null = null;
    // "my grandad lives in Truro and says I should move": the reporter's own clause is read, the report is not.
    const own = reporterOwnClause(exp);
    let body = own ?? exp;
    // "My doctor told me to lose weight, so I started a diet last week": the advice clause is dropped, what the
    // speaker then did is kept.
    const advice = !own && isOthersAdvice(exp) ? ADVICE_TAIL.exec(exp) : null;
    if (advice) {
      lastThird = mentionRelatives(exp.slice(0, advice.index), self, evidence, o, out, known) ?? lastThird;
      body = exp.slice(advice.index + advice[0].length);
    }
    // "got told I have glaucoma", "the GP told me I've got gout", "turns out I have coeliac": a finding told to the
    // speaker about the speaker is the speaker's own clause, not someone else's words.
    const toldMe = TOLD_ME.exec(body);
    if (toldMe && !isOthersAdvice(body)) {
      // "the GP told me I have…", "the scan showed I have…": the teller goes with the telling, back to the clause's start;
      // what came before stays.
      const lead = body.slice(0, toldMe.index);
      const keep = /\b(?:(?:told|tells|informed)\s+me|showed|shows|revealed|confirmed)\b/i.test(toldMe[0]) ? lead.slice(0, Math.max(0, ...[...lead.matchAll(/[,;]\s*|\s(?:and|so|but)\s/gi)].map((m) => m.index! + m[0].length))) : lead;
      body = `${keep}${body.slice(toldMe.index + toldMe[0].length)}`;
    }
    // "Gunhilda from work found out she's got tendonitis": the finding is Gunhilda's (never when the speaker found out).
    const theirs = !toldMe ? THEIR_FINDING.exec(body) : null;
    if (theirs && !/\b(?:I|we)\b/.test(body.slice(0, theirs.index))) body = `${body.slice(0, theirs.index)} ${theirs[1] || theirs[3] ? 'has' : 'is'}${body.slice(theirs.index + theirs[0].length)}`;
    // "…chucked in the job at Coles, …, mum reckons I'll be back inside a month": someone's report in a later clause of
    // a comma-joined chat sentence is dropped, not the speaker's own clauses before it.
    const laterReport = LATER_REPORT.exec(body);
    if (laterReport && laterReport.index > 0 && body.slice(0, laterReport.index).split(/\s+/).length >= 4) body = body.slice(0, laterReport.index);
    const rs = resolveReportedSpeech(stripMarkers(body), o.speaker);
    if (rs === 'skip') {
      // The reported words are skipped; who reported them is still a relation ("my colleague Ana thinks I should…").
      lastThird = mentionRelatives(exp, self, evidence, o, out, known) ?? lastThird;
      continue;
    }
    if (rs) {
      subjectOverride = { subject: rs.subject, relations: rs.relations };
      body = rs.rest;
    }
    const hint = /\b(?:come\s+around\s+on|changed\s+my\s+mind\s+(?:on|about)|(?:thoughts|feelings)\s+(?:on|about)|tried|using|started\s+using)\s+([\p{Lu}][\p{L}\p{N}.+#-]*)/u.exec(body);
    if (hint) topicHint = hint[1];

    // "I love TypeScript, it makes refactoring safe": a reasoned stance is an opinion as well as a like.
    if (!subjectOverride) for (const d of reasonedOpinion(stripMarkers(body))) out.push(toCandidate(d, self, evidence, o.base));
    // A change of mind or taste spans the sentence's clauses ("I used to hate olives but these days I…").
    if (!subjectOverride) for (const d of [...changeOfHeart(stripMarkers(body)), ...tasteChange(stripMarkers(body))]) out.push(toCandidate(d, self, evidence, o.base));
    const parts = splitClauses(splitWhoClause(relationAsTitle(body)))
      .map((clauseText) => stripMarkers(clauseText.length > MAX_CLAUSE ? clauseText.slice(0, clauseText.lastIndexOf(' ', MAX_CLAUSE) > 0 ? clauseText.lastIndexOf(' ', MAX_CLAUSE) : MAX_CLAUSE) : clauseText))
      .filter(Boolean)
      // "neighbour Gareth plays the tuba": chat drops the "my" before a relation noun and a name.
      .map((t) => (DROPPED_MY.test(t.replace(/^[\p{Lu}](?=[\p{Ll}])/u, (c) => c.toLowerCase())) ? `my ${t.replace(/^[\p{Lu}](?=[\p{Ll}])/u, (c) => c.toLowerCase())}` : t))
      // "the puppy that I adopted sleeps all day": the speaker's relative clause is read as a clause too ("I adopted the puppy").
      .flatMap((t) => [{ t, lifted: false }, ...(o.lexicon && !subjectOverride ? liftRelatives(t) : []).map((l) => ({ t: l, lifted: true }))])
      .map(({ t, lifted }) => clausePart(t, lifted, o.ref));
    // One date in a multi-clause sentence also dates the speaker's other past clauses ("I wrote a screenplay and it got accepted yesterday").
    // Only clauses before the dated one: a later clause is usually commentary ("I sold my bike last week, I hardly used it").
    const datedParts = parts.filter((p) => p.date);
    const datedIndex = datedParts.length === 1 && datedParts[0].past ? parts.indexOf(datedParts[0]) : -1;
    // Who the sentence's previous clause was about, when someone else: a verbless "58 and still swims" after it is theirs.
    let partThird: Subject | null = null;
    for (const [partIndex, part] of parts.entries()) {
      const { past, date, lifted } = part;
      let t = part.t;
      const sentenceDate = partIndex < datedIndex ? parts[datedIndex].date : null;
      const att: Attribution | null = subjectOverride
        ? { subject: subjectOverride.subject, pre: '', pred: t.replace(/^(?:he|she|they)\s+/i, ''), relations: subjectOverride.relations, partnerName: undefined }
        : attribute(t, o.speaker, lastThird, lookupName, personNoun);
      subjectOverride = null;
      // "my brother Rustam, 35, is an endocrinologist": the age in apposition is the roster frame's (it reads the clause
      // text); the predicate the rules read starts after it.
      const apposedAge = att && !att.subject.self ? APPOSED_AGE.exec(att.pred) : null;
      const apposed = !!apposedAge;
      if (att && apposedAge) att.pred = att.pred.slice(apposedAge[0].length);
      // "my sister Vesna is 45 and teaches maths in Ponta Delgada": the second predicate of the same subject is read as
      // its own clause, next ("my sister Vesna teaches maths in Ponta Delgada").
      // ("I'm 34 and a nurse in Cork": the speaker's age and role are two predicates too.)
      const coordinated = att && !lifted ? coordinatedPredicate(att.pred, tagFragment) : null;
      const second = coordinated && (!att!.subject.self || /^(?:is|was|am|are)\s+(?:a|an)\s/i.test(coordinated.second)) ? coordinated : null;
      if (att && second && t.endsWith(att.pred)) {
        const lead = t.slice(0, t.length - att.pred.length);
        att.pred = second.first;
        t = `${lead}${second.first}`;
        parts.splice(partIndex + 1, 0, clausePart(`${lead}${second.second}`, false, o.ref));
      }
      if (att?.subject.name && !att.subject.self) known.set(att.subject.name.toLowerCase(), att.subject);
      const neg = analyseNegation(att ? att.pred : t);
      const clause: Clause = {
        sentence: raw,
        text: apposed ? t.replace(APPOSED_AFTER_NAME, '$1 ') : t,
        subject: att?.subject ?? self,
        speaker: o.speaker,
        pre: att?.pre ?? '',
        core: neg.core,
        pred: att?.pred ?? t,
        negated: neg.negated,
        ending: neg.ending,
        past,
        date: date ?? (past && att?.subject.self ? sentenceDate : null),
        confidence: o.base,
        ref: o.ref,
        coName: att?.partnerName,
        prevSentence: previous,
        held,
      };
      if (!att) {
        // "my cousin repairs boilers in Derby, 52 and still climbing into lofts": the age of whom the clause before was about.
        const age = partThird ? personAgeFragment(t) : null;
        if (age && partThird) {
          out.push(toCandidate({ key: 'age', value: age, subject: partThird.id }, partThird, evidence, o.base));
          continue;
        }
        for (const d of opinions(null, t, topicHint, raw)) out.push(toCandidate(d, self, evidence, o.base));
        // "So proud of my brother Ollie, he's just started…": a relative named in a fragment is who "he" / "she" is next
        // (the fragment's relation facts are the sentence's mentions'; none are added here).
        if (parts.length > partIndex + 1) lastThird = namedInFragment(t, o.speaker) ?? lastThird;
        // Only cues that name the speaker themselves ("my beagle", "gives me hives") count without a subject.
        const detached = DETACHED_RULES.flatMap((r) => runRule(r, clause, o.onError));
        const own = [...detached, ...framesFor(clause, detached, o.lexicon)].filter((d) => d.implicit || d.op === 'retract' || d.subject === o.speaker);
        // "interview with the NHS trust tomorrow at 10": a dated fragment that names a kind of event is the speaker's.
        const named = clause.date && !neg.history && (eventKindOf(t) || milestoneStage(clause, o.lexicon) || bookedThing(t, clause.date.index ?? -1, o.lexicon)) && !SOMEONE_ELSES.test(t) ? events(clause, false, o.lexicon) : [];
        for (const d of [...own, ...jobLoss(own, clause), ...named]) out.push(toCandidate({ ...d, subject: o.speaker }, self, evidence, o.base));
        continue;
      }
      const drafts: Draft[] = att.relations.map((d) => ({ ...d }));
      let facts = FACT_RULES.flatMap((r) => runRule(r, clause, o.onError));
      const framed = framesFor(clause, facts, o.lexicon);
      // A pet the frames named ("kitten named Tempeh") replaces the rules' bare species of it ("kitten").
      const namedPets = framed.filter((d) => d.key === 'pet' && d.op !== 'retract' && d.metadata?.name);
      if (namedPets.length > 0) facts = facts.filter((r) => !(r.key === 'pet' && r.op !== 'retract' && !r.metadata?.name && namedPets.some((d) => normValue(d.value).startsWith(`${normValue(r.value)} named `))));
      facts = activitiesAsHobbies([...facts, ...framed], o.lexicon);
      const selfOps = att.subject.self ? opinions(att.pred, null, topicHint, '', o.lexicon ? (w) => o.lexicon!.lemmas(w, 'verb').some((l) => l !== w) : undefined) : [];
      // "swimming has become a chore": a gerund subject's clause judges the activity.
      const ops = selfOps.length === 0 && att.subject.self && !att.pre && GERUND_SUBJECT.test(att.pred) ? opinions(null, att.pred, topicHint, raw) : selfOps;
      if (ops.length > 0) facts = facts.filter((d) => d.key !== 'like' && d.key !== 'dislike');
      facts = applyPolarity(facts, clause, neg.history);
      // "I was a nurse for 30 years", "worked as a chef until 2019": a role said in the past tense is a past role.
      if (PAST_ROLE.test(clause.core) && !/\b(?:still|now|currently|again)\b/i.test(clause.core)) facts = facts.map((d) => (d.key === 'job_title' && !d.op ? { ...d, op: 'history' } : d));
      if (att.subject.self && RESTATED.test(raw) && !CHANGED.test(raw)) facts = facts.map((d) => restated(d, held));
      // Relations and tastes do not explain a dated past action ("I joined a basketball league last week" is an event too).
      const explained = facts.some((d) => d.type !== 'relation' && !RELATION_KEYS.has(d.key) && !(clause.date && ['hobby', 'like', 'dislike'].includes(d.key))) || ops.length > 0 || facts.some((d) => d.op === 'retract' && d.metadata?.ending);
      const evs = neg.history || lifted ? [] : [...events(clause, explained, o.lexicon)];
      if (att.subject.self && !evs.some((d) => d.key === 'event_job_loss')) evs.push(...jobLoss(facts, clause));
      // "Morag next door is a lifeguard, 58 and still swims": a verbless age after a comma in a clause about someone else.
      if (!att.subject.self && !facts.some((d) => d.key === 'age')) {
        const age = (apposedAge ? (/\d{1,3}/.exec(spelledToDigits(apposedAge[0]))?.[0] ?? null) : null) ?? t.split(',').slice(1).map(personAgeFragment).find((a) => a !== null) ?? bareAgeAside(t);
        if (age) facts.push({ key: 'age', value: age });
      }
      for (const d of [...drafts, ...facts, ...ops, ...evs]) out.push(toCandidate(d, clause.subject, evidence, o.base));
      partThird = att.subject.self ? null : att.subject;
      if (!att.subject.self) lastThird = att.subject;
      else {
        // "I have a twin brother, Sam, he lives in Toronto": a relative just named is who he/she refers to next.
        const named = facts.find((d) => d.type === 'relation' && typeof d.metadata?.name === 'string' && typeof d.metadata?.relation === 'string');
        if (named) {
          const who: Subject = { id: thirdPartyId(named.subject ?? o.speaker, String(named.metadata!.relation), String(named.metadata!.name)), self: false, relation: String(named.metadata!.relation), name: String(named.metadata!.name) };
          lastThird = who;
          known.set(who.name!.toLowerCase(), who);
        }
      }
    }
  }
  return withoutEndedAsserts(out);
}

/** Names of the pets these candidates hold or end ("box turtle named Fandango" → fandango). */
function petNames(cands: MemoryCandidate[]): Set<string> {
  return new Set(cands.filter((c) => c.key === 'pet').map((c) => String(c.metadata?.name ?? / named (\S+)$/.exec(c.value)?.[1] ?? c.value).toLowerCase()));
}

/**
 * A sentence that ends a pet does not also keep it ("said goodbye to our old tabby Marmite", "we lost Treacle, our old
 * lab"): its assert of the same animal — the name ended, or an unnamed kind beside it — is dropped. An assert that
 * names another animal stays ("RIP Biscuit, and we got a kitten called Max"). So for a partner: "My girlfriend Sam and I
 * aren't together anymore" keeps only the ending.
 */
function withoutEndedAsserts(out: MemoryCandidate[]): MemoryCandidate[] {
  const ended = out.filter((c) => c.op === 'retract' && (c.key === 'pet' || c.key === 'partner'));
  if (ended.length === 0) return out;
  // ("Sam (girlfriend)": a partner named with the relation in brackets.)
  const nameOf = (v: string) => (/ named (\S+)$/.exec(v)?.[1] ?? (/^[\p{Lu}]/u.test(v) ? v.replace(/\s*\([^)]*\)$/, '') : null))?.toLowerCase() ?? null;
  const same = (a: MemoryCandidate, r: MemoryCandidate) => a.key === r.key && a.subject === r.subject && a.evidence === r.evidence && (nameOf(a.value) === null || nameOf(a.value) === r.value.toLowerCase());
  return out.filter((c) => !(c.op === 'assert' && (c.key === 'pet' || c.key === 'partner') && ended.some((r) => same(c, r))));
}

export { assistantClaimToFirstPerson, questionAsStatement, DENY } from './answers.ts';

function userMessagesOf(turnMessages: Message[]): Message[] {
  return turnMessages.filter((m) => m.role === 'user');
}

/** Bytes of earlier turns' readings kept (EARLIER below): a session's last few turns for a few hundred sessions. */
export const EARLIER_TURN_MEMO_BYTES = 4 * 1024 * 1024;
const EARLIER = new ByteLru<{ lexicon?: Lexicon; candidates: MemoryCandidate[] }>(EARLIER_TURN_MEMO_BYTES, (k, v) => stringBytes(k) + 2 * JSON.stringify(v.candidates).length + 64);

/**
 * What an earlier turn of the session states (its user messages read with corrections off, no context of its own),
 * for a correction, a name or an ending of this turn to refer to. Each ingested turn re-reads the session's last three
 * turns when it needs them, so the same earlier turn is read again by the next turns: the reading is a pure function of
 * the messages, the turn's timestamp and the lexicon, and is kept in a byte-bounded LRU keyed by exactly those (a copy
 * goes out, so no caller can change what is kept). A turn's own reading never comes from it.
 */
function earlierTurnCandidates(messages: Message[], timestamp: string, lexicon?: Lexicon): MemoryCandidate[] {
  const key = `${timestamp}\u0000${JSON.stringify(messages)}`;
  const hit = EARLIER.get(key);
  if (hit && hit.lexicon === lexicon) return structuredClone(hit.candidates);
  // (Extraction reads only the context's timestamp and recent turns: the session id is no part of the reading.)
  const candidates = extractOffline(messages, { sessionId: '', timestamp, recentTurns: [] }, false, undefined, lexicon);
  EARLIER.set(key, { lexicon, candidates: structuredClone(candidates) });
  return candidates;
}

/** Extracts candidates from one turn's messages (its readers share each text's NLP analysis). */
export function extractOffline(messages: Message[], ctx: ExtractionContext, corrections = true, onError?: RuleErrorSink, lexicon?: Lexicon): MemoryCandidate[] {
  return withSharedAnalysis(() => extractTurn(messages, ctx, corrections, onError, lexicon));
}

function extractTurn(messages: Message[], ctx: ExtractionContext, corrections: boolean, onError?: RuleErrorSink, lexicon?: Lexicon): MemoryCandidate[] {
  const ref = new Date(ctx.timestamp);
  const safeRef = Number.isNaN(ref.getTime()) ? new Date(0) : ref;
  const out: MemoryCandidate[] = [];
  let priorCache: MemoryCandidate[] | null = null;
  const prior = () => {
    if (priorCache) return priorCache;
    priorCache = [];
    for (const turn of [...(ctx.recentTurns ?? [])].reverse().slice(0, 3)) {
      const c = earlierTurnCandidates(userMessagesOf(turn.messages), turn.timestamp, lexicon);
      priorCache.push(...c.reverse());
    }
    return priorCache;
  };
  const speakers = new Set<string>();
  for (const m of [...(ctx.recentTurns ?? []).flatMap((t) => t.messages), ...messages]) if (m.role === 'user') speakers.add(speakerSubject(m.name));
  const mentioned = (word: string) =>
    (ctx.recentTurns ?? []).slice(-3).some((t) => t.messages.some((x) => x.role === 'user' && typeof x.content === 'string' && x.content.includes(word)));
  // The word as a whole capitalised word of an earlier user message ("Marisol is planning…"), not inside another word.
  const mentionedAs = (name: string) => {
    const re = new RegExp(`(?<![\\p{L}])${escapeRe(name)}(?![\\p{L}])`, 'u');
    return (ctx.recentTurns ?? []).slice(-3).some((t) => t.messages.some((x) => x.role === 'user' && typeof x.content === 'string' && re.test(x.content)));
  };
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (m.role !== 'user' || typeof m.content !== 'string') continue;
    const speaker = speakerSubject(m.name);
    let content = m.content;
    const messageStart = out.length;
    const question = [...messages.slice(0, i)].reverse().find((x) => x.role === 'assistant') ?? lastAssistantOfRecent(ctx);
    // "Is the vertigo any better these days?" — "mostly": the ailment asked after is the speaker's.
    if (question && typeof question.content === 'string' && !isJokeOrSarcasm(content))
      for (const d of askedAfterIllness(question.content, content, speaker, lexicon)) out.push(toCandidate(d, { id: speaker, self: true }, `${question.content.trim()} — ${content.trim()}`, CONFIDENCE.confirmed));
    // "haha yep that's him": laughter before the answer's yes.
    const filler = question ? LEAD_FILLER.exec(content) : null;
    if (filler && CONFIRM.test(content.slice(filler[0].length))) content = content.slice(filler[0].length);
    // "Noor, yes": the question's value echoed before the yes.
    const echo = question && !filler ? echoBeforeYes(question.content, content) : null;
    if (echo !== null && CONFIRM.test(content.slice(echo))) content = content.slice(echo);
    // "Do you still have the motorbike?" — "the Royal Enfield? yeah": a name asked back before the yes names the thing.
    const naming = question && echo === null ? NAMING_ECHO.exec(content) : null;
    const named = naming && CONFIRM.test(content.slice(naming[0].length)) ? naming[1] : null;
    if (named) content = content.slice(naming![0].length);
    const explicitYes = CONFIRM.exec(content);
    // "slowly, but yes", "every weekend, in a brass band": a yes the answer implies without opening with it.
    const implied = !explicitYes && question && !isJokeOrSarcasm(content) ? impliedYes(question.content, content) : null;
    const confirm = explicitYes ?? (implied ? ([''] as unknown as RegExpExecArray) : null);
    // "Yeah right, and I'm the Queen…" is sarcasm, not a confirmation: the whole message stays screened. A spelling note
    // after the yes ("yes. no h") is no denial.
    // "Still in Tartu?" — "yep, not moved": a denied change after the yes keeps the claim.
    const afterYes = confirm ? content.slice(confirm[0].length) : '';
    const unchanged = !!question && /\bstill\b/i.test(question.content) && NO_CHANGE.test(afterYes);
    if (confirm && !isJokeOrSarcasm(content) && (unchanged || !/^\s*(?:yes|yeah)?[\s,]*(?:but|no|not)\b(?!\s+[\p{L}](?:[\s.,!]|$))/iu.test(afterYes))) {
      const prevAssistant = question;
      if (prevAssistant) {
        // "yes — well, pescatarian": the claim with the value the hedge puts in place of the asked one.
        // ("Is Rex a German shepherd?": a name the assistant asks the user about is one of theirs — "our Rex is…".)
        const asked0 = assistantClaimToFirstPerson(prevAssistant.content);
        const kind = /^[\p{Lu}][\p{Ll}'’-]+\s+(?:is|was)\s+(?:a|an)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s*[.?]*\s*$/u.exec(asked0);
        // ("Just checking — you're in Pune, right?": being in a place the assistant checks is living there.)
        const claim = kind && isKind(kind[1].toLowerCase(), 'animal', lexicon) ? `our ${asked0}` : asked0.replace(/(^|[,—–-]\s*|\b[Aa]nd\s+|\b[Ss]o\s+)I\s+am\s+(?:still\s+)?in\s+(?=[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)?\s*[.?]*\s*$)/u, '$1I live in ');
        // The asked thing's last common noun phrase takes the name ("the motorbike" → "my Royal Enfield motorbike").
        const asked = named ? claim.replace(/\b(?:the|my|your)\s+([\p{Ll}-]+)(?=[^\p{L}]*$)/u, `my ${named} $1`) : claim;
        const hedged = hedgedComplement(asked, content.slice(confirm[0].length));
        const found = extractSentences(hedged ?? asked, { speaker, ref: safeRef, base: CONFIDENCE.confirmed, corrections: false, prior: () => [], onError, lexicon }).filter((c) => !hedged || c.key !== 'name');
        out.push(...found.map((c) => ({ ...c, confidence: Math.min(c.confidence, CONFIDENCE.confirmed), evidence: `${prevAssistant.content.trim()} — confirmed: ${content.trim()}`, metadata: { ...c.metadata, confirmedClaim: true } })));
        // "Are you still at Home Depot?" — "yeah": the thing checked, by its kind, when the claim itself reads as nothing.
        const checked = found.length === 0 && !hedged ? stillChecked(prevAssistant.content, lexicon) : null;
        if (checked) out.push(toCandidate(checked, { id: speaker, self: true }, `${prevAssistant.content.trim()} — confirmed: ${content.trim()}`, CONFIDENCE.confirmed));
        // "Did they work out what the dizziness was?" — "yeah, labyrinthitis apparently".
        for (const d of answeredIllness(prevAssistant.content, content.slice(confirm[0].length), speaker, lexicon))
          if (!out.some((c) => c.key === d.key && normValue(c.value) === normValue(d.value))) out.push(toCandidate(d, { id: speaker, self: true }, `${prevAssistant.content.trim()} — ${content.trim()}`, CONFIDENCE.confirmed));
      }
      content = implied === 'late' ? '' : unchanged ? afterYes.replace(NO_CHANGE, '').replace(/^[\s,.!;—–-]+/, '') : afterYes;
      // "Is Max your oldest?" — "yes, he's 9": the pronoun opening what follows the yes is the person just confirmed.
      const person = out.slice(messageStart).find((c) => c.type === 'relation' && typeof c.metadata?.name === 'string' && typeof c.metadata?.relation === 'string');
      if (person) content = content.replace(/^([\s,.!;—–-]*)(?:he|she)\b(?=\s*(?:['’]s|is|was|has|just|turned|turns)\b)/i, `$1my ${person.metadata!.relation} ${person.metadata!.name}`);
    }
    // "Do you still play the violin?" — "nope, gave it up years ago": the claim the "no" denies ends, when it is a
    // "still" question (a plain "Do you play…?" answered no states nothing held).
    const deny = confirm ? null : DENY.exec(content);
    const asked = deny ? ([...messages.slice(0, i)].reverse().find((x) => x.role === 'assistant') ?? lastAssistantOfRecent(ctx)) : undefined;
    // "Are you still at the Co-op Bank?" — "nope, Nationwide now": the value named in place of the asked one (its
    // assert supersedes the old value, so the denial's retraction is not read as well).
    const replaced = deny && asked && /\bstill\b/i.test(asked.content) ? replacedValue(asked.content, content.slice(deny[0].length)) : null;
    if (replaced && asked) {
      const found = extractSentences(replaced, { speaker, ref: safeRef, base: CONFIDENCE.confirmed, corrections: false, prior: () => [], onError, lexicon });
      out.push(...found.filter((c) => c.op === 'assert').map((c) => ({ ...c, confidence: Math.min(c.confidence, CONFIDENCE.confirmed), evidence: `${asked.content.trim()} — ${content.trim()}` })));
    } else if (deny && asked && /\?\s*$/.test(asked.content.trim()) && /\bstill\b/i.test(asked.content)) {
      const claim = assistantClaimToFirstPerson(asked.content).replace(/\bI\s+(am|have)\s+still\b/, 'I $1 not').replace(/\bI\s+still\s+(?!am\b|have\b)/, 'I do not ').replace(/\.?\s*$/, ' anymore.');
      const found = extractSentences(claim, { speaker, ref: safeRef, base: CONFIDENCE.confirmed, corrections: false, prior: () => [], onError, lexicon });
      out.push(...found.filter((c) => c.op === 'retract').map((c) => ({ ...c, evidence: `${asked.content.trim()} — ${content.trim()}`, metadata: { ...c.metadata, deniedClaim: true } })));
    }
    // "is Pepper your dog or your cat?" — "dog!": the alternative chosen is the statement.
    const alternative = question && !confirm && !deny ? chosenAlternative(question.content, content) : null;
    // "Are you vegan, or…?" — "vegetarian, so…": the one word names what the user is (a kind, never their name).
    const complement = question && !confirm && !deny && !alternative ? namedComplement(question.content, content) : null;
    // "Any allergies I should know about?" — "sesame, quite badly": the things listed fill the class asked for.
    const listed = question && !deny && !alternative && !complement ? askedListAnswer(question.content, content) : null;
    // "What was your cat called again?" — "Marzipan": the value fills the slot the wh-question asks for.
    const filled = question && !confirm && !deny && !alternative && !complement && !listed && !isJokeOrSarcasm(content) ? filledQuestion(question.content.replace(LITTLE_ONE, 'child$1'), content, (n) => isKind(n, 'organization', lexicon), (n) => kindOf(n, lexicon)) : null;
    // "How old is your daughter now?" — "Cressida just turned 5!"; "Do you drive?" — "a Reliant Robin".
    const claimed = question && !confirm && !deny && !alternative && !complement && !listed && !filled && !isJokeOrSarcasm(content) ? answeredClaim(question.content, content, (w) => !!lexicon && lexicon.lemmas(w, 'verb').length > 0) : null;
    const chosen = alternative ?? complement ?? listed ?? filled ?? claimed;
    if (chosen) {
      const found = extractSentences(chosen, { speaker, ref: safeRef, base: CONFIDENCE.confirmed, corrections: false, prior: () => [], onError, lexicon }).filter((c) => !complement || c.key !== 'name');
      out.push(...found.map((c) => ({ ...c, confidence: Math.min(c.confidence, CONFIDENCE.confirmed), evidence: `${question!.content.trim()} — ${content.trim()}`, metadata: { ...c.metadata, confirmedClaim: true } })));
    }
    // "Do you still have the Vespa?" — "nah sold it": the answer's "it" (or the object it leaves out) is the question's thing.
    if ((confirm || deny) && question && /\?\s*$/.test(question.content.trim())) content = answerWithObject(deny ? content.slice(deny[0].length) : content, question.content, lexicon);
    const before = out.length;
    if (m.name) out.push(...addressedFacts(messages, i, ctx, speaker));
    try {
      // "she's a nurse there" after "my sister Ellie lives in Leeds": a message that opens with he/she, and names no one
      // before it, speaks of the one person the speaker's last turn named.
      const third = i === messages.findIndex((x) => x.role === 'user') && PRONOUN_OPENING.test(content) ? onlyPersonOf(ctx, speaker, lexicon) : null;
      out.push(...extractSentences(content, { speaker, ref: safeRef, base: CONFIDENCE.explicit, corrections, prior: () => [...out.slice(0, before)].reverse().concat(prior()), onError, mentioned, mentionedAs, speakers, lexicon, third }));
      // A bare corrected value ("42 actually", "Anoek, with an e", "the 23rd, not the 13th") put right in the held
      // memory its shape matches; it replaces what the rules made of it only when they left it floating or half read
      // (a bare "21st" as the value).
      // A generic activity the rules made of the correction's own words ("got it wrong") is no reading of it.
      const ruled = out.slice(before).some((c) => c.op === 'correct' && c.key !== FLOATING_CORRECTION && c.key !== 'event_activity' && !/^(?:the\s+)?\d/.test(c.value));
      const shaped = corrections && !ruled ? valueCorrection(content, () => [...out.slice(0, before)].reverse().concat(prior()).filter((p) => !isOtherSpeakers(p.subject, speaker, speakers)), safeRef, speaker) : null;
      if (shaped) {
        for (let k = out.length - 1; k >= before; k--) if (out[k].key === FLOATING_CORRECTION || (out[k].key === shaped.key && out[k].subject === shaped.subject) || (shaped.type === 'event' && (out[k].key === 'event_activity' || (out[k].type === 'event' && normValue(out[k].value).includes(normValue(shaped.value)))))) out.splice(k, 1);
        out.push(shaped);
      }
      // A name described later in the message as an animal is a pet (people the message named are not).
      const people = new Set([...speakers, ...out.flatMap((c) => (typeof c.metadata?.name === 'string' && c.type === 'relation' ? [c.metadata.name.toLowerCase()] : [])), ...out.map((c) => c.subject.split(' ').pop() ?? '')]);
      // The message as the sentence readers see it (prepared, secrets masked), for the two message-level readers below.
      const masked = maskOnce(prepare(content, lexicon));
      // A closing question to the assistant ("…does a daily brush help?") leaves the statements before it to read.
      const stated = statementsOf(masked);
      if (stated && !isJokeOrSarcasm(content))
        for (const d of [...animalAnaphora(stated, lexicon, people), ...animalSignDrafts(stated, lexicon, people, petNames(out.slice(before))), ...breedAppositionDrafts(stated, lexicon, people)]) if (!out.some((c) => c.key === 'pet' && c.subject === speaker && sharesName(c.value, d.value))) out.push(toCandidate({ ...d, subject: speaker }, { id: speaker, self: true }, content.trim(), CONFIDENCE.implicit));
      // "Our son arrived on Monday! … we've called him Alfie": a name given by pronoun to the newcomer named before it.
      // (The statements before a closing question: "Our son arrived! … Matilda, 3.2kg. How long should newborns sleep?")
      if (stated && !isQuestion(stated) && !isJokeOrSarcasm(content) && !isHypothetical(content))
        for (const d of namedByPronoun(stated, speaker, lexicon)) if (!out.some((c) => c.key === d.key && c.subject === speaker && sharesName(c.value, d.value))) out.push(toCandidate(d, { id: speaker, self: true }, content.trim(), CONFIDENCE.explicit));
      // "two boys, Ezra (4) and Milo (18 months)": a roster of named kin with ages, what the clauses left unsaid.
      if (!isJokeOrSarcasm(content))
        for (const sentence of prepare(content, lexicon).split(/(?<=[.!?])\s+|\n+/))
          for (const d of [...kinRoster(sentence, speaker), ...languageRoster(sentence, speaker, lexicon), ...[...frontedRoleDrafts(sentence, lexicon), ...cannotEatDrafts(sentence, lexicon), ...residenceDrafts(sentence, lexicon), ...newbornDrafts(sentence, speaker)].map((x) => ({ ...x, subject: speaker }))]) {
            const dup = d.key === 'age' ? out.some((c) => c.key === 'age' && (c.subject === d.subject || c.subject.endsWith(` ${d.subject!.split(' ').pop()}`))) : out.some((c) => c.key === d.key && c.subject === speaker && sharesName(c.value, d.value));
            if (!dup) out.push(toCandidate(d, { id: d.subject!, self: d.subject === speaker }, content.trim(), CONFIDENCE.explicit));
            // "… and Ambrose who's just turned 5": the roster's age is the relative's; a speaker's age of the same number
            // read from that relative clause goes, unless the speaker says it of themselves ("I'm 5…" never is).
            if (d.key === 'age' && d.subject !== speaker && !re(`\\bI(?:['’]m|\\s+am|\\s+(?:just\\s+)?turned|['’]ve\\s+(?:just\\s+)?turned)\\s+${d.value}\\b`, 'i').test(content)) {
              const k = out.findIndex((c, j) => j >= before && c.key === 'age' && c.subject === speaker && c.value === d.value);
              if (k >= 0) out.splice(k, 1);
            }
          }
      // A condition said of a third party ("Dave's been diagnosed with diabetes"): theirs, under their subject.
      if (!isJokeOrSarcasm(content) && !isHypothetical(content))
        for (const sentence of prepare(content, lexicon).split(/(?<=[.!?])\s+|\n+/))
          for (const d of theirConditionDrafts(sentence, speaker, lexicon)) {
            const who = d.subject!.split(' ').pop()!;
            if (!out.some((c) => c.key === 'health_condition' && (c.subject === d.subject || c.subject.endsWith(` ${who}`) || c.subject === who) && (normValue(c.value).includes(normValue(d.value)) || normValue(d.value).includes(normValue(c.value))))) {
              // A bare name the message already placed ("Guy on my team, Gareth, …" → "colleague gareth") is that subject.
              const placed = d.subject === who ? out.find((c) => c.subject.endsWith(` ${who}`))?.subject : undefined;
              out.push(toCandidate({ ...d, subject: placed ?? d.subject }, { id: placed ?? d.subject!, self: false }, content.trim(), CONFIDENCE.thirdParty));
            }
          }
      // A roster that named its members ("my two boys, Ethan and Liam, are 11 and 8") leaves nothing to the group word alone.
      if (out.slice(before).some((c) => c.metadata?.frame === 'roster'))
        for (let k = out.length - 1; k >= before; k--) if (out[k].metadata?.frame !== 'roster' && !out[k].metadata?.name && groupWordOnly(out[k].subject, out[k].key, out[k].value, speaker)) out.splice(k, 1);
      // The learned key model: keys the rules and frames left unsaid for the speaker, valued by type (learned/layer.ts).
      if (!isJokeOrSarcasm(content)) out.push(...learnedCandidates(masked, speaker, out.slice(before), lexicon));
      // Pastimes said as a place, a habit or a course, and given up by going no more (frames/pastime.ts), over the words
      // as typed: a practice hobby the user wrote as a name ("got Tesco lessons") goes.
      if (!isJokeOrSarcasm(content) && !isHypothetical(content)) {
        for (let k = out.length - 1; k >= before; k--) if (out[k].key === 'hobby' && String(out[k].metadata?.frame ?? '').startsWith('practice×') && practiceMisread(out[k].value, content, lexicon)) out.splice(k, 1);
        const hobbyWords = (v: string) => v.toLowerCase().split(/\s+/);
        for (const d of pastimeDrafts(content, speaker, lexicon)) {
          const mine = out.slice(before).filter((c) => c.key === 'hobby' && c.subject === speaker);
          if (d.op === 'retract') {
            for (let k = out.length - 1; k >= before; k--) if (out[k].key === 'hobby' && out[k].subject === speaker && out[k].op === 'assert' && hobbyWords(out[k].value).includes(d.value)) out.splice(k, 1);
            if (!mine.some((c) => c.op === 'retract' && hobbyWords(c.value).includes(d.value))) out.push(toCandidate(d, { id: speaker, self: true }, content.trim(), CONFIDENCE.explicit));
            continue;
          }
          if (mine.some((c) => c.op === 'retract')) continue;
          const shorter = mine.find((c) => c.op === 'assert' && d.value.endsWith(` ${c.value.toLowerCase()}`));
          if (shorter) shorter.value = d.value;
          else if (!mine.some((c) => c.op === 'assert' && (hobbyWords(c.value).includes(d.value) || hobbyWords(d.value).includes(c.value.toLowerCase())))) out.push(toCandidate(d, { id: speaker, self: true }, content.trim(), CONFIDENCE.explicit));
          // "joined the lawn bowls club": a club named by its pastime is no employer named by its first word.
          for (let k = out.length - 1; k >= before; k--) if (out[k].key === 'employer' && out[k].subject === speaker && hobbyWords(d.value).includes(out[k].value.toLowerCase())) out.splice(k, 1);
        }
      }
      // "Halvard here, 66.", "Merhaba. Cengiz. I drive…" greeted back by name: a self-introduction (frames/self-introduction.ts).
      // (Only the opening sentence, where an introduction is, must be no question: "Dad of one here, 35, … Is that too young…?")
      if (!out.slice(before).some((c) => c.key === 'name' && c.subject === speaker) && !isQuestion(content.trim().split(/(?<=[.!?])\s+/)[0])) {
        const reply = messages.slice(i + 1).find((x) => x.role === 'assistant');
        const common = (w: string) => lexiconKnowsWords(lexicon) && lexicon!.senses(w.toLowerCase()).some((x) => x.lexClass !== 'noun.person');
        for (const d of selfIntroduction(content, speaker, typeof reply?.content === 'string' ? reply.content : null, common))
          if (!out.slice(before).some((c) => c.key === d.key && c.subject === speaker)) out.push(toCandidate(d, { id: speaker, self: true }, content.trim(), CONFIDENCE.explicit));
      }
      // A new stance on a topic an earlier user turn of the exchange judged (frames/held-stance.ts).
      // ("I suppose" hedges a stance; a condition or a wish states none.)
      if (!isJokeOrSarcasm(content) && !/\b(?:if|would|wish|could|might)\b|\b(?:I|we)['’]d\b/i.test(content)) {
        const earlier = [...(ctx.recentTurns ?? []).slice(-3).flatMap((t) => userMessagesOf(t.messages)), ...messages.slice(0, i).filter((x) => x.role === 'user')].flatMap((x) => (typeof x.content === 'string' ? [x.content] : []));
        const topicWord = (d: Draft) => String(d.metadata?.topic ?? '').split(' ').pop()!.replace(/s$/, '');
        // What the message already read of the topic wins: its own opinion on it, or a state change of it ("the skoda is gone").
        for (const d of heldStanceDrafts(prepare(content, lexicon), earlier, speaker, lexicon))
          if (!out.slice(before).some((c) => c.subject === speaker && (c.key === d.key || (c.key.startsWith('opinion_') && c.key.includes(topicWord(d))) || normValue(c.value).includes(topicWord(d)))))
            out.push(toCandidate(d, { id: speaker, self: true }, content.trim(), CONFIDENCE.explicit));
      }
    } catch (err) {
      // A bug outside the rules must never lose the turn: this message yields no memories, the turn is still stored.
      recordError('sentence', err, onError);
    }
  }
  return finalize(out);
}

/**
 * "my brother-in-law Greg is a firefighter in Denver, 44, two kids": a bare number between commas (or closing the clause)
 * after a clause about someone is their age — one number, not a list of them.
 */
function bareAgeAside(clause: string): string | null {
  const pieces = clause.split(',').map((x) => x.trim());
  const ages = pieces.slice(1).filter((x) => /^\d{1,3}$/.test(x) && Number(x) >= 1 && Number(x) <= 110);
  return ages.length === 1 && !pieces.some((x, k) => k > 0 && /^\d/.test(x) && x !== ages[0]) ? ages[0] : null;
}

/** A message opening with he/she (after a filler or two): its pronoun looks back past the message. */
const PRONOUN_OPENING = /^[\s"'“(]*(?:(?:and|oh|also|yeah|yes|well|so|btw|anyway|ok|okay|update|actually)[\s,:!.—–-]+)*(?:he|she)\b/i;
/**
 * The one named person (a relative or social tie with a name) the speaker's latest recent turn named, as a subject; null
 * when it named none or several (a pronoun then has no single antecedent).
 */
function onlyPersonOf(ctx: ExtractionContext, speaker: string, lexicon?: Lexicon): Subject | null {
  const last = ctx.recentTurns?.at(-1);
  if (!last) return null;
  // Every "my <relation or social noun> <Name>" of the turn: one, or the pronoun has no single antecedent.
  const named = new Map<string, { relation: string; name: string }>();
  for (const m of userMessagesOf(last.messages).filter((x) => speakerSubject(x.name) === speaker))
    for (const k of (typeof m.content === 'string' ? m.content : '').matchAll(NAMED_TIE)) named.set(k[2], { relation: k[1].toLowerCase(), name: k[2] });
  if (named.size > 1) return null;
  const people = new Map<string, Subject>();
  for (const c of earlierTurnCandidates(userMessagesOf(last.messages).filter((m) => speakerSubject(m.name) === speaker), last.timestamp, lexicon)) {
    const rel = c.metadata?.relation;
    const nm = c.metadata?.name;
    if (c.type === 'relation' && c.op === 'assert' && c.subject === speaker && typeof rel === 'string' && typeof nm === 'string') {
      const id = thirdPartyId(c.subject, rel, nm);
      people.set(id, { id, self: false, relation: rel, name: nm });
    } else if (c.subject !== speaker && c.type !== 'relation' && !people.has(c.subject)) people.set(c.subject, { id: c.subject, self: false });
  }
  if (people.size === 0 && named.size === 1) {
    const { relation, name } = [...named.values()][0];
    const id = thirdPartyId(speaker, relation, name);
    return { id, self: false, relation, name };
  }
  return people.size === 1 ? [...people.values()][0] : null;
}
const NAMED_TIE = new RegExp(`\\b(?:my|our)\\s+(?:[\\p{Ll}-]+\\s+)?(${RELATION_RE})\\s*,?\\s+([\\p{Lu}][\\p{Ll}'’-]+)`, 'gu');

/** The latest user message before messages[i] (this turn first, then the last recent turn) from another named speaker. */
function previousOtherSpeaker(messages: Message[], i: number, ctx: ExtractionContext, speaker: string): Message | undefined {
  const lastTurn = ctx.recentTurns?.[ctx.recentTurns.length - 1]?.messages ?? [];
  const earlier = [...lastTurn, ...messages.slice(0, i)].filter((x) => x.role === 'user' && typeof x.content === 'string');
  const p = earlier[earlier.length - 1];
  return p && p.name && speakerSubject(p.name) !== speaker && speakerSubject(p.name) !== 'user' ? p : undefined;
}

/**
 * Second-person facts in a named chat (rules/addressee.ts): what this message says about the one it addresses ("your
 * new bakery…" → their bakery), and what the question just put to this speaker presupposes about them ("How's your
 * food truck doing?" answered by its owner).
 */
function addressedFacts(messages: Message[], i: number, ctx: ExtractionContext, speaker: string): MemoryCandidate[] {
  const m = messages[i];
  const out: MemoryCandidate[] = [];
  const content = m.content.slice(0, MAX_MESSAGE_CHARS);
  const prev = previousOtherSpeaker(messages, i, ctx, speaker);
  const called = vocativeName(content);
  const addressee = called ? speakerSubject(called) : prev ? speakerSubject(prev.name) : null;
  if (addressee && addressee !== speaker && addressee !== 'user')
    for (const d of secondPersonFacts(content, addressee)) out.push(toCandidate(d, { id: addressee, self: false }, content.trim(), CONFIDENCE.thirdParty));
  if (prev && prev.content.includes('?')) {
    const asked = vocativeName(prev.content);
    if (!asked || speakerSubject(asked) === speaker)
      for (const d of secondPersonFacts(prev.content.slice(0, MAX_MESSAGE_CHARS), speaker)) out.push(toCandidate(d, { id: speaker, self: true }, `${prev.content.trim()} — ${content.trim()}`, CONFIDENCE.thirdParty));
  }
  return out;
}

function lastAssistantOfRecent(ctx: ExtractionContext): Message | undefined {
  const last = ctx.recentTurns?.[ctx.recentTurns.length - 1];
  const msg = last?.messages[last.messages.length - 1];
  return msg?.role === 'assistant' ? msg : undefined;
}

const RELATION_KEYS = new Set(['child', 'parent', 'sibling', 'partner']);

/** Dedupes, drops unnamed relations when a named one exists, enforces value hygiene. */
function finalize(cands: MemoryCandidate[]): MemoryCandidate[] {
  const out: MemoryCandidate[] = [];
  const seen = new Map<string, number>();
  for (const c of cands) {
    const value = c.value.replace(/\s+/g, ' ').trim().slice(0, 120);
    if (!value || value.includes(MASK) || containsSecret(value)) continue;
    if (!/^[a-z][a-z0-9_]*$/.test(c.key)) continue;
    const k = `${c.subject}|${c.key}|${normValue(value)}|${c.op}`;
    const prev = seen.get(k);
    if (prev !== undefined) {
      if (c.confidence > out[prev].confidence) out[prev] = { ...out[prev], confidence: c.confidence };
      // An ending the frames also read keeps their marks (anyKey: reconciliation may end it under another key).
      if (c.metadata?.anyKey) out[prev] = { ...out[prev], metadata: { ...c.metadata, ...out[prev].metadata, anyKey: true } };
      continue;
    }
    seen.set(k, out.length);
    out.push({ ...c, value });
  }
  // Communication style is one supersede-policy memory: several style requests in one turn ("stop with the bullet
  // points? I'd rather read plain paragraphs") become one value instead of replacing each other.
  const style = out.filter((c) => c.key === 'communication_style' && c.op === 'assert');
  if (style.length > 1) {
    const merged = { ...style[0], value: [...new Set(style.map((c) => c.value))].join(', ').slice(0, 120) };
    out.splice(out.indexOf(style[0]), 1, merged);
    for (const c of style.slice(1)) out.splice(out.indexOf(c), 1);
  }
  return out.filter((c) => {
    // "our cat Luna went to live with my aunt": the mention of what an ending in the same message ends is not asserted.
    if (c.op === 'assert' && out.some((o) => o.op === 'retract' && o.metadata?.anyKey && o.key === c.key && o.subject === c.subject && refersTo(o.value, c.value))) return false;
    // "Our old Golf finally died": the ending that knew the referent's kind (a vehicle) wins over a guess under another key.
    if (c.op === 'retract' && !c.metadata?.kindKnown && out.some((o) => o.metadata?.kindKnown && o.op === 'retract' && o.key !== c.key && o.subject === c.subject && normValue(o.value) === normValue(c.value))) return false;
    // "our cockapoo ziggy": the pet with its name replaces the bare species from the same message.
    if (c.key === 'pet' && c.op === 'assert' && !c.metadata?.name && out.some((o) => o !== c && o.key === 'pet' && o.op === 'assert' && o.subject === c.subject && o.metadata?.name && o.metadata?.species === c.value)) return false;
    // "I'm not with Jake anymore, we broke up": the named retraction says it; the current-value one is not added.
    if (c.metadata?.current && out.some((o) => o !== c && o.op === 'retract' && o.key === c.key && o.subject === c.subject && !o.metadata?.current)) return false;
    // "started doing yoga": the activity said with its light verb is the one said without it.
    if (c.key === 'hobby' && /^(?:doing|playing|going|practising|practicing)\s/i.test(c.value) && out.some((o) => o !== c && o.key === 'hobby' && o.op === c.op && o.subject === c.subject && normValue(o.value) === normValue(c.value.replace(/^\S+\s+/, '')))) return false;
    if (!RELATION_KEYS.has(c.key) || c.op !== 'assert') return true;
    // "me and my boyfriend split up": the passing mention of a relation the same message ends is not asserted.
    if (c.confidence < 0.8 && out.some((o) => o.op === 'retract' && o.key === c.key && o.subject === c.subject && normValue(o.value) === normValue(c.value))) return false;
    const rel = c.metadata?.relation;
    if (!rel || c.metadata?.name) return true;
    return !out.some((o) => o !== c && o.key === c.key && o.subject === c.subject && o.metadata?.relation === rel && o.metadata?.name);
  });
}

export class OfflineExtractor implements Extractor {
  readonly name = 'offline';
  /** Called for every rule that throws (rule name and error class only); the service logs it. */
  onRuleError?: RuleErrorSink;
  /** WordNet (the Lexicon port) for the frames; without it they classify nouns by their seed table only. */
  lexicon?: Lexicon;
  constructor(opts: { onRuleError?: RuleErrorSink; lexicon?: Lexicon } = {}) {
    this.onRuleError = opts.onRuleError;
    this.lexicon = opts.lexicon;
  }
  async extract(messages: Message[], ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    return extractOffline(messages, ctx, true, this.onRuleError, this.lexicon);
  }
}
