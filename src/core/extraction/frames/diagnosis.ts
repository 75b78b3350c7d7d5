/**
 * @module core/extraction/frames/diagnosis
 * A diagnosis told by who made it or by how it was found, not as "I have X": "the rheumatologist diagnosed me with
 * gout", "scan results came back, it's endometriosis", "turns out it's anaemia", "my GP says it's tinnitus", "the GP
 * reckons the pain in my wrist is tendonitis", "been told by the GP it's coeliac disease". The
 * condition must be an illness to the lexicon; a teller must be a health professional to it (a vet's finding is the
 * animal's); a result ("came back", "turns out") needs no teller. Someone else's ("my sister's GP", a sentence about
 * him or her), a question, a denial or a guess ("might be") is no diagnosis of the speaker.
 * A finding reported as the speaker's own "I have X" ("got told I have sleep apnoea at my check-up", "the nurse said
 * I've got a hiatus hernia", "found out I have X") is one too; and "I have an underactive thyroid" names a condition by
 * its shape — a dysfunction adjective (DYSFUNCTION, data) on a body part the lexicon knows, or a body part with a
 * problem noun ("a thyroid problem"), or a level ("high cholesterol") — with no illness word at all.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { isKind } from './kinds.ts';
import { RELATIONS, RELATION_RE } from '../lexicon.ts';
import { REACTION } from './table.ts';

/** "… diagnosed me with X". */
const DIAGNOSED_ME = /\bdiagnos(?:ed|es|ing)\s+me\s+with\s+(.+)/i;
/**
 * "<teller> says/reckons/confirmed (that) it's X", "the dermatologist says the patches on my elbows are X": the teller is
 * the word before the verb; what is X is "it" or a thing found on the speaker's body.
 */
const TOLD = /(?:^|[\s,;])((?:(?:the|my|our|a|an)\s+)?(?:[\p{L}-]+\s+)?([\p{L}-]+)|they|doctors)\s+(?:says|said|reckons|reckoned|thinks|thought|confirmed|confirms|is\s+sure|was\s+sure|suspects|suspected)\s+(?:that\s+)?(?:it|the\s+(?:[\p{L}-]+\s+){1,3}?(?:on|in|under|around|behind)\s+my\s+[\p{L}-]+)\s*(?:['’]s|is|was|are|were)\s+(.+)/iu;
/** "(been) told by the GP (that) it's X", "I was told it was X": the teller, when named, is checked apart. */
const TOLD_BY = /\b(?:been|was|were|got|get|gets|getting)\s+told\s+(?:by\s+(?:(?:the|my|our|a|an)\s+)?(?:[\p{L}-]+\s+)?([\p{L}-]+)\s+)?(?:that\s+)?it\s*(?:['’]s|is|was)\s+(.+)/iu;
/** Who was told, by what opens the sentence before "told": "I" (or "I've"), or no one named (a dropped subject). */
function toldToSpeaker(before: string): boolean {
  const b = before.trim();
  return /(?:^|\s)I(?:['’]ve|\s+have)?(?:\s+(?:just|finally|now|recently|also))?$/.test(b) || ((!b || /[,;:.!]$/.test(b)) && !KIN.test(b));
}
/** "turns out it's X", "(results) came back, it's X", "results showed it was X": a finding with no teller. */
const FOUND = /\b(?:(?:turns|turned)\s+out|came\s+back|come\s+back|showed|shows|confirmed)\s*(?:[,;:—–-]\s*|\s+)(?:that\s+)?it\s*(?:['’]s|is|was)\s+(.+)/i;
/** Someone else is who the sentence is about. */
const OTHERS = /\b(?:he|she|him|his|her|hers|their|its)\b|\b[\p{L}]+['’]s\s+(?:[\p{L}-]+\s+)?(?:gp|doctor|consultant|specialist|nurse|surgeon)\b/iu;
const GUESS = /\b(?:might|may|could|maybe|possibly|perhaps|if|whether)\b|\?/i;
/** Where the condition's noun phrase ends. */
const NP_END = /\s*(?:[,.;:!?()—–]|\s-\s|\s(?:and|but|which|so|apparently|though|too|after|before|since|following|during|then|now|again|for\s+sure|of\s+all\s+things|in\s+the\s+end)\b)/i;

/** The illness a noun phrase names: the phrase, its first words, or an eponym's disease ("Crohn's" → "Crohn's disease"). */
function illnessIn(raw: string, lex: Lexicon): string | null {
  const np = raw.split(NP_END)[0].trim().replace(/^(?:a|an|the|just|only|actually|definitely|officially|mild|severe|chronic|early)\s+/gi, '').trim();
  if (!np || /^(?:not|nothing|no)\b/i.test(np)) return null;
  const words = np.split(/\s+/).slice(0, 4);
  for (let n = words.length; n >= 1; n--) {
    const phrase = words.slice(0, n).join(' ');
    const forms = /['’]s?$/.test(phrase) ? [`${phrase.replace(/['’]s?$/, "'s")} disease`, `${phrase.replace(/['’]s?$/, '')} disease`, `${phrase.replace(/['’]s?$/, "'s")} syndrome`] : [phrase];
    for (const f of forms) if (isKind(f.toLowerCase(), 'illness', lex)) return f === phrase ? phrase : f;
  }
  return null;
}

/** "… told me / said / found out (that) I have X": the speaker's own "I have", reported. Its teller is checked apart. */
const REPORTED_HAVE = /\b(?:told|tells|telling|said|says|reckons|reckoned|found\s+out|find\s+out|finding\s+out|learn(?:ed|t)|discovered|turns?\s+out|turned\s+out|confirmed|realis(?:ed|e)|realiz(?:ed|e))\b(?:\s+me)?(?:\s+(?:at|after|during|on|in|last|this|that|yesterday|today|recently|finally)\b[^,;.]{0,40}?)?[\s,]+(?:that\s+)?I\s*(?:['’]ve\s+got|\s+have\s+got|\s+have|\s+had|['’]d\s+got|\s+got)\s+(.+)/i;
/** "I have / I've got (a|an) …": the speaker's own condition told plainly. */
const I_HAVE = /(?:^|[\s,;])I\s*(?:['’]ve\s+(?:got|had)|\s+have\s+(?:got|had)|\s+have|\s+got|\s+live\s+with|\s+suffer\s+from)\s+(?:(?:a|an)\s+)?(?:slightly\s+|mildly\s+|bit\s+of\s+an?\s+)?(.+)/i;
/** Adjectives of a body part working wrong: with a body part they name a condition ("an underactive thyroid"). */
export const DYSFUNCTION: readonly string[] = ['underactive', 'overactive', 'irregular', 'enlarged', 'leaky', 'lazy', 'fatty', 'collapsed', 'perforated', 'prolapsed', 'herniated', 'slipped', 'torn', 'damaged', 'dodgy', 'irritable', 'sluggish', 'misshapen', 'deviated'];
/** Bodily workings that are not parts to the lexicon but take the same adjectives ("an irregular heartbeat"). */
export const BODILY_WORKINGS: readonly string[] = ['heartbeat', 'heart rhythm', 'heart rate', 'metabolism', 'immune system', 'septum', 'disc'];
/** Nouns that, after a body part, make a condition of it ("a thyroid problem", "a kidney condition"). */
export const PART_TROUBLE: readonly string[] = ['problem', 'condition', 'issue', 'disorder', 'disease', 'murmur', 'infection', 'stone', 'stones'];
/** Measured levels that are conditions when high or low ("high cholesterol", "low iron"). */
export const LEVELS: readonly string[] = ['cholesterol', 'blood pressure', 'blood sugar', 'iron', 'vitamin d', 'b12', 'potassium', 'thyroid levels', 'platelets'];

const isPart = (w: string, lex: Lexicon) => !isKind(w, 'animal', lex) && (lex.isA(w, 'body part', { pos: 'noun', maxSenses: 2 }) || lex.isA(w, 'organ', { pos: 'noun', maxSenses: 2 }));
/** A condition named by its shape rather than an illness word: "underactive thyroid", "thyroid problem", "high cholesterol". */
function shapedCondition(raw: string, lex: Lexicon): string | null {
  const np = raw.split(NP_END)[0].trim().toLowerCase().replace(/^(?:a|an|the|really|very|slightly|mildly|quite)\s+/g, '');
  const w = np.split(/\s+/);
  if (w.length >= 2 && DYSFUNCTION.includes(w[0])) {
    const two = w.slice(1, 3).join(' ');
    if (w.length >= 3 && BODILY_WORKINGS.includes(two)) return `${w[0]} ${two}`;
    if (BODILY_WORKINGS.includes(w[1]) || isPart(w[1], lex)) return `${w[0]} ${w[1]}`;
  }
  if (w.length >= 2 && PART_TROUBLE.includes(w[1]) && isPart(w[0], lex)) return `${w[0]} ${w[1]}`;
  if (w.length >= 2 && /^(?:high|low|raised|elevated)$/.test(w[0])) {
    const lvl = LEVELS.find((l) => np.slice(w[0].length + 1).startsWith(l) && !/^[\p{L}]/u.test(np.slice(w[0].length + 1 + l.length)));
    if (lvl) return `${w[0]} ${lvl}`;
  }
  return null;
}

const isClinician = (noun: string, lex: Lexicon) =>
  /^(?:they|doctors|consultant|consultants|gp|physio|physiotherapist)$/i.test(noun) || (lex.isA(noun.toLowerCase(), 'health professional', { pos: 'noun', maxSenses: 2 }) && !lex.isA(noun.toLowerCase(), 'veterinarian', { pos: 'noun', maxSenses: 2 }));

/**
 * The diagnosis named by its noun: "since the gastroparesis diagnosis", "finally got a diagnosis, hidradenitis
 * suppurativa, …", "a diagnosis of lupus", or confirmed by whoever confirmed it ("they've confirmed hyperhidrosis").
 */
const NAMED_DIAGNOSIS = [
  /\b(?:since|after|with|about|following)\s+(?:the|my)\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s+diagnosis\b/iu,
  /\b(?:got|had|have|received|given)\s+(?:a|my|the)\s+(?:proper\s+|official\s+|formal\s+)?diagnosis\s*(?:[,:—–-]\s*|\s+of\s+)(.+)/iu,
  /\b(?:they|doctors|(?:the|my)\s+[\p{L}-]+)\s+(?:have\s+|['’]ve\s+|has\s+|['’]s\s+)?(?:finally\s+|just\s+)?(?:confirmed|diagnosed)\s+(?!me\b|him\b|her\b|them\b|it\b|that\b)(.+)/iu,
];

const KIN = new RegExp(`\\b(?:my|our)\\s+(?:[\\p{L}-]+\\s+)?(?:${RELATION_RE})\\b`, 'iu');

/** A finding told to someone else: "they've just told him it's atrial fibrillation", "diagnosed her with lupus". */
const TOLD_THEM = /\b(?:told|tells|diagnosed|diagnosing)\s+(him|her)\s+(?:(?:that\s+)?it\s*(?:['’]s|is|was)|with)\s+(.+)/i;

/**
 * The diagnosis in one sentence, or nothing: the speaker's, or (`third`) the person the message was just about when it
 * was told to "him" or "her".
 */
export function diagnosisDrafts(sentence: string, speaker: string, lex?: Lexicon, third?: string | null): Draft[] {
  if (!lex || GUESS.test(sentence)) return [];
  const them = third ? TOLD_THEM.exec(sentence) : null;
  if (them) {
    const value = illnessIn(them[2], lex);
    return value ? [{ key: 'health_condition', value, subject: third!, confidence: 0.8, metadata: { frame: 'diagnosis told' } }] : [];
  }
  if (OTHERS.test(sentence)) return [];
  let rest: string | null = null;
  const me = DIAGNOSED_ME.exec(sentence);
  if (me) rest = me[1];
  const told = rest ? null : TOLD.exec(sentence);
  if (told && isClinician(told[2] ?? told[1], lex)) rest = told[3];
  const toldBy = rest ? null : TOLD_BY.exec(sentence);
  if (toldBy && (!toldBy[1] || isClinician(toldBy[1], lex)) && toldToSpeaker(sentence.slice(0, toldBy.index))) rest = toldBy[2];
  const found = rest ? null : FOUND.exec(sentence);
  if (found) rest = found[1];
  // A diagnosis named beside a relative ("since the lupus diagnosis my mum…") may be theirs: not read.
  for (const re of rest || KIN.test(sentence) ? [] : NAMED_DIAGNOSIS) {
    const m = re.exec(sentence);
    if (m && (m[1] === undefined || re !== NAMED_DIAGNOSIS[2] || isClinician(/([\p{L}]+)\s+(?:have|['’]ve|has|['’]s|finally|just|confirmed|diagnosed)/iu.exec(m[0])?.[1] ?? '', lex))) {
      rest = m[1];
      break;
    }
  }
  let value = rest ? illnessIn(rest, lex) : null;
  if (!value && !rest) {
    const allergy = toldToAvoid(sentence, lex);
    if (allergy) return [{ key: 'allergy', value: allergy, subject: speaker, implicit: true, metadata: { frame: 'avoidance told' } }];
  }
  // "got told I have an underactive thyroid", "the nurse said I've got a hiatus hernia": a reported "I have X".
  const reported = value ? null : REPORTED_HAVE.exec(sentence);
  if (reported && !/\b(?:not|never|no)\b/i.test(reported[1].split(NP_END)[0])) value = illnessIn(reported[1].replace(/^(?:a|an)\s+/i, ''), lex) ?? shapedCondition(reported[1], lex);
  // "I have an underactive thyroid", "I've got high cholesterol": the condition named by its shape.
  const plain = value || NEGATED.test(sentence) ? null : I_HAVE.exec(sentence);
  if (plain) value = shapedCondition(plain[1], lex);
  return value ? [{ key: 'health_condition', value, subject: speaker, confidence: 0.85, metadata: { frame: reported ? 'diagnosis reported' : plain ? 'condition shape' : 'diagnosis' } }] : [];
}
const NEGATED = /\b(?:not|never|no\s+longer|don['’]t|haven['’]t|didn['’]t)\b/i;

/** "<teller> says I have to avoid all tree nuts now", "the allergist told me I must stay away from shellfish". */
const AVOID_TOLD = /(?:^|[\s,;])(?:(?:the|my|our|a|an)\s+)?(?:[\p{L}-]+\s+)?([\p{L}-]+)\s+(?:says|said|reckons|reckoned|thinks|told\s+me|tells\s+me|confirmed|advised)\s+(?:that\s+)?I\s+(?:have\s+to|need\s+to|must|['’]ve\s+got\s+to|got\s+to|should)\s+(?:avoid|stay\s+away\s+from|steer\s+clear\s+of|keep\s+away\s+from|cut\s+out)\s+(?:all|any|every)?\s*(.+)/iu;
/** Tellers whose advice to avoid a food is an allergy by itself (others need a reaction told beside it). */
const ALLERGY_TELLERS = ['allergist', 'immunologist'];
/** Words of a reaction told beside the advice: a body part's state or change, or the rescue kit (REACTION). */
const REACTION_WORDS: ReadonlySet<string> = new Set<string>([...REACTION.states, ...REACTION.changes, ...REACTION.kit]);
/**
 * A food a clinician tells the speaker to avoid, beside a reaction told in the sentence ("my lips went tingly after
 * cashews and the doctor says I have to avoid all tree nuts") or from an allergist: an allergy. "The GP says I need to
 * avoid salt" (no reaction) is advice, not an allergy.
 */
function toldToAvoid(sentence: string, lex: Lexicon): string | null {
  const m = AVOID_TOLD.exec(sentence);
  if (!m || !isClinician(m[1], lex)) return null;
  const words = sentence.toLowerCase().split(/[^\p{L}-]+/u);
  const reaction = ALLERGY_TELLERS.includes(m[1].toLowerCase()) || words.some((w) => REACTION_WORDS.has(w));
  const np = m[2].split(NP_END)[0].trim().replace(/\s+(?:now|completely|entirely|from\s+now\s+on|for\s+good|altogether|forever)$/i, '').toLowerCase();
  const head = np.split(/\s+/).pop() ?? '';
  const edible = lex.classesOf(head, 'noun', 4).some((c) => c === 'noun.food' || c === 'noun.plant');
  return reaction && edible && np.split(/\s+/).length <= 3 ? np : null;
}

/** An answer's hedges after the named thing: "labyrinthitis apparently", "shingles, they think". */
const ANSWER_TAIL = /[\s,]+(?:apparently|they\s+think|they\s+reckon|i\s+think|in\s+the\s+end|of\s+all\s+things|as\s+it\s+turns\s+out|lol|haha)\s*[.!]*$/i;
/**
 * The assistant asked what an ailment turned out to be ("Did the doctors ever work out what the dizziness was?",
 * "What did the GP say it was?") and the answer names an illness on its own ("yeah, labyrinthitis apparently"): the
 * speaker's condition. `answer` is what follows the yes, if any.
 */
export function answeredIllness(question: string, answer: string, speaker: string, lex?: Lexicon): Draft[] {
  if (!lex || !/\bwhat\b[^?]*\b(?:was|is|it\s+was|it\s+is|caused|causing)\b|\bdiagnos/i.test(question)) return [];
  // About someone else's ailment or an animal's ("what was wrong with your dog", "your son's rash", the vet).
  const whose = [...question.matchAll(/\byour\s+([\p{L}-]+)/giu)].map((m) => m[1].toLowerCase());
  if (whose.some((w) => RELATIONS[w] !== undefined || isKind(w, 'animal', lex)) || /\b(?:his|her|their)\b|['’]s\s+(?!been\b)/i.test(question) || [...question.matchAll(/\b([\p{L}]+)\b/gu)].some((m) => lex.isA(m[1].toLowerCase(), 'veterinarian', { pos: 'noun', maxSenses: 1 }))) return [];
  const np = answer.trim().replace(/^[\s,.!—–-]+/, '').replace(ANSWER_TAIL, '').replace(/[.!]+$/, '').trim();
  if (!np || np.split(/\s+/).length > 4 || GUESS.test(np)) return [];
  const value = illnessIn(np, lex);
  return value ? [{ key: 'health_condition', value, subject: speaker, confidence: 0.8, metadata: { frame: 'diagnosis answered' } }] : [];
}

/** "Is the vertigo any better these days?", "How's your asthma now?": the assistant's question takes the ailment as held. */
const ASKED_AFTER = /\b(?:is|are|has|have|how(?:['’]s|\s+is|\s+are)?)\s+(?:the|your)\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)\s+(?:any\s+better|any\s+worse|better|worse|improving|settling|settled|behaving|treating\s+you|doing|these\s+days|now|lately|since)\b/iu;
/** The answer says it has gone ("all cleared up", "gone now", "no longer"): nothing held to assert. */
const GONE = /\b(?:gone|cleared|cured|no\s+longer|all\s+better|fully\s+recovered|over\s+it|not\s+any\s+more|don['’]t\s+have\s+it)\b/i;
/**
 * A question about how the user's ailment is going ("Is the vertigo any better these days?") answered without
 * denying it ("mostly, as long as I don't look up too fast"): the ailment is the speaker's. A denial, an answer that
 * it has gone, or a question about someone else's says nothing.
 */
export function askedAfterIllness(question: string, answer: string, speaker: string, lex?: Lexicon): Draft[] {
  const m = lex ? ASKED_AFTER.exec(question) : null;
  if (!m || !lex || /^\s*(?:no|nope|nah)\b/i.test(answer) || GONE.test(answer) || /\b(?:his|her|their)\b|['’]s\s/i.test(question)) return [];
  const value = illnessIn(m[1], lex);
  return value ? [{ key: 'health_condition', value, subject: speaker, confidence: 0.8, metadata: { frame: 'asked after' } }] : [];
}
