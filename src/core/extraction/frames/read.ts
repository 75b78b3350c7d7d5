/**
 * @module core/extraction/frames/read
 * Reads one analysed clause against the frame table (frames/table.ts): finds the predicate
 * class of its verb (listed lemma, else a WordNet verb anchor), checks the argument in the
 * frame's slot against its class (noun kind, name, proper noun), and returns drafts with
 * confidence by explicitness. Also the small frames the table's data drives: settings, naming,
 * animal parts, milestones, arrivals and births, harm, possessed animals and illnesses, appraisal
 * verbs, vocations, work kit, a kind in apposition and a name given by pronoun. Entity-state
 * endings are read by frames/entity-state.ts.
 */
import { hasRun, runAt } from '../word-runs.ts';
import type { Lexicon } from '../../ports.ts';
import { PAST_CUE } from '../sentences.ts';
import type { Clause, Draft } from '../model.ts';
import { DIETS, LANGUAGES, NOT_NAMES, OCCASION_NOUNS, OCCUPATIONS, RELATIONS, RELATION_RE, RELATIONSHIP_STATUS } from '../lexicon.ts';
import { relationDraft } from '../subject-attribution.ts';
import { lexiconKnowsWords } from '../chat-text.ts';
import { tagFragment, type NlpToken } from '../nlp.ts';
import { resolveDate } from '../dates.ts';
import { NEVER_PERFECT } from '../negation.ts';
import { topicSlug } from '../values.ts';
import { dietByFoods } from '../rules/health.ts';
import { shapeOfTokens, type Phrase, type Shape } from './clause-shape.ts';
import { isKind, kindOf } from './kinds.ts';
import { endingOf } from './entity-state.ts';
import { RESIDENCE_TAILS, LEAVING_VERBS, VERDICTS, COURSE_ADJECTIVES, FICTION_CUES, FLARE_VERBS, WORK_KIT, LOCAL_CONDITIONS, LOCAL_SERVICES, PRACTICE_HEADS, TREATMENTS, REACTION, APPRAISAL, ARRIVAL, ANIMAL_PARTS, BODY_PARTS, DIET_BY_AVOIDED, VEGAN_BY_CLASSES, PHRASAL_ONLY, ABSTINENCE, SPAN_ROLES, ASPECT, FRAGMENTS, ENTHUSIASTS, STANCE_TURNS, CONVERSIONS, ENDINGS, FRAMES, ROLE_NOUNS, HARM_RESULTS, HARM_STATES, HARM_VERBS, NAMED_SETTINGS, LEAVING_OCCASIONS, NOT_PART_COMPOUNDS, NOT_CONDITIONS, FINDING_SOURCES, PREDICATES, PROCEDURE, SETTING_NOUNS, type ArgClass, type Frame, type PredClass } from './table.ts';

/** A clause read once: its tokens and shape (the frames and the endings share it). */
export interface ReadClause {
  clause: Clause;
  tokens: NlpToken[];
  shape: Shape;
  /**
   * Shapes of the verbs chained after the main one ("need to feed Whiskers", "got back from walking Biscuit",
   * "gotta take Bella to the vet"), read as subject-less: only the implied-care frames use them.
   */
  chained: Shape[];
  lex?: Lexicon;
}

export function readClause(clause: Clause, lex?: Lexicon): ReadClause {
  const tokens = tagFragment(clause.text);
  const fix = (sh: Shape): Shape => (sh.verb ? becomeAsCopula({ ...sh, verb: verbLemma(sh.verb, lex) }) : sh);
  let chained: Shape[] | null = null;
  return {
    clause,
    tokens,
    shape: fix(shapeOfTokens(tokens)),
    // Read on demand: most clauses are settled by their main verb.
    get chained() {
      return (chained ??= chainedShapes(tokens).map(fix));
    },
    lex,
  };
}

/**
 * "become" is the copula of a change of state: "I became a dentist", "I've become a vegan" read as the copula with its
 * noun as the complement (the tagger gives it an object), so every be×complement frame reads it.
 */
function becomeAsCopula(sh: Shape): Shape {
  if (sh.verb !== 'become' || sh.complement || sh.objects.length !== 1 || sh.passive) return sh;
  return { ...sh, verb: 'be', complement: sh.objects[0], objects: [], object: null };
}

/**
 * The verb's lemma when the tagger kept an inflected form ("rehomed"): a form the tables know after stripping a
 * regular ending, else the lexicon's lemma, else the word.
 */
function verbLemma(v: string, lex?: Lexicon): string {
  if (KNOWN_VERBS.has(v)) return v;
  // An irregular form ("learnt", "sold"): the lexicon's lemma when the tables know it.
  if (!/(?:ed|ing|s)$/.test(v)) {
    const l = lex?.lemmas(v, 'verb')[0];
    return l && KNOWN_VERBS.has(l) ? l : v;
  }
  const tries = [v.replace(/ied$/, 'y'), v.replace(/ed$/, ''), v.replace(/d$/, ''), v.replace(/(.)\1ed$/, '$1'), v.replace(/ing$/, ''), v.replace(/ing$/, 'e'), v.replace(/(.)\1ing$/, '$1'), v.replace(/s$/, '')];
  return tries.find((t) => KNOWN_VERBS.has(t)) ?? lex?.lemmas(v, 'verb')[0] ?? v;
}

/** Verbs the tables know: after "to" they are verbs whatever the tagger said ("had to rehome Luna"). */
const KNOWN_VERBS = new Set([...Object.values(PREDICATES).flatMap((p) => p.lemmas), ...ENDINGS.flatMap((e) => e.lemmas)]);

function chainedShapes(tokens: NlpToken[]): Shape[] {
  const out: Shape[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const prev = tokens[i - 1];
    const link = prev.lower === 'to' || /^(?:gotta|gonna|wanna)$/.test(prev.lower);
    if (!link && !(prev.pos === 'ADP' && tokens[i].pos === 'VERB' && /ing$/.test(tokens[i].lower))) continue;
    // "to be put down", "to get rehomed": the auxiliary stays with the verb (a passive).
    const k = link && tokens[i].pos === 'AUX' && ['be', 'get'].includes(tokens[i].lemma) ? i + 1 : i;
    const v = tokens[k];
    if (!v || !(v.pos === 'VERB' || KNOWN_VERBS.has(v.lemma) || KNOWN_VERBS.has(v.lower))) continue;
    const fixed = tokens.slice(i).map((t, n) => (n === k - i ? { ...t, pos: 'VERB', lemma: KNOWN_VERBS.has(t.lower) ? t.lower : t.lemma } : t));
    out.push(shapeOfTokens(fixed));
  }
  return out;
}

/** Modals that make a clause a possibility, not a fact ("I might adopt a cat", "we could move to Leeds"). */
const HYPOTHETICAL_MODALS = new Set(['would', 'could', 'might', 'should', 'may', 'must', 'shall']);

const BY_LEMMA = new Map<string, PredClass[]>();
for (const [cls, { lemmas }] of Object.entries(PREDICATES) as Array<[PredClass, { lemmas: string[] }]>) for (const l of lemmas) BY_LEMMA.set(l, [...(BY_LEMMA.get(l) ?? []), cls]);

/** Predicate classes of a verb lemma: the listed ones, else those whose WordNet anchor the verb is a kind of. */
export function predicateClasses(verb: string, lex?: Lexicon): readonly PredClass[] {
  const listed = BY_LEMMA.get(verb);
  if (listed) return listed;
  if (!lex) return [];
  // A verb the table does not list is read by the anchors' hypernyms: the lexicon's answer (pure), remembered per verb.
  let memo = ANCHORED_CLASSES.get(lex);
  if (!memo) ANCHORED_CLASSES.set(lex, (memo = new Map()));
  let classes = memo.get(verb);
  if (!classes) {
    classes = Object.freeze(ANCHORED_PREDICATES.filter(([, p]) => p.anchors?.some((a) => lex.isA(verb, a, { pos: 'verb', maxSenses: 1, maxDepth: 3 }))).map(([c]) => c));
    if (memo.size >= 5_000) memo.clear();
    memo.set(verb, classes);
  }
  return classes;
}
const ANCHORED_PREDICATES = Object.entries(PREDICATES) as Array<[PredClass, { anchors?: string[] }]>;
const ANCHORED_CLASSES = new WeakMap<Lexicon, Map<string, readonly PredClass[]>>();

const isName = (w: string) => /^[\p{Lu}][\p{L}\p{N}'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase());

/**
 * A capitalised word may be a pet's or person's name unless it names a place, an organisation or a language: pets are
 * called Biscuit, Pepper and Mango (foods to the lexicon), never Paris or Google.
 */
const NOT_NAME_KINDS = new Set(['location', 'organization', 'language', 'vehicle']);
function mayBeName(word: string, lex?: Lexicon): boolean {
  const k = kindOf(word, lex);
  return k === null || !NOT_NAME_KINDS.has(k);
}

/** Classes a pet's lower-case name may also have in the lexicon ("pickle", "clementine", "hector", "juniper"). */
const NAME_AS_WORD = new Set(['noun.food', 'noun.person', 'noun.animal', 'noun.plant']);
/**
 * A lower-case chat name in an argument slot: one bare singular word with no determiner ("brushing clementine",
 * "feed hector"), which English would not leave bare unless it names someone. Returns it capitalised, or null.
 */
export function bareName(np: Phrase, lex?: Lexicon, dets: ReadonlyArray<string | null> = [null]): string | null {
  if (np.proper || !dets.includes(np.det) || np.gerund || /\s/.test(np.text.replace(/^the\s+/, '')) || !/^(?:the\s+)?[a-z][a-z'-]{2,}$/.test(np.text) || /[^s]s$/.test(np.text) || NOT_NAMES.has(np.text)) return null;
  return chatName(np.text.replace(/^the\s+/, ''), lex);
}

/** A lower-case word the lexicon lets be a name (unknown, or first read as a food, plant, person or animal), capitalised. */
export function chatName(word: string, lex?: Lexicon): string | null {
  if (!lexiconKnowsWords(lex) || NOT_NAMES.has(word)) return null;
  const first = lex.senses(word, 'noun', 1)[0];
  if ((first && !NAME_AS_WORD.has(first.lexClass)) || (!first && lex.lemmas(word).length > 0)) return null;
  return word[0].toUpperCase() + word.slice(1);
}

/** The phrase in a frame's slot. */
function inSlot(shape: Shape, slot: Frame['slot']): Phrase[] {
  if (slot === 'object') return shape.objects;
  if (slot === 'complement') return shape.complement ? [shape.complement] : [];
  const prep = slot.slice('prep:'.length);
  return shape.preps.filter((p) => p.prep === prep).map((p) => p.np);
}

/** Whether the phrase is of the argument class. */
/**
 * "I'm in Stromness these days": a name the lexicon does not know (no kind at all: not a person's name, an
 * organisation or a thing) that the speaker is in, said with a word of residence (RESIDENCE_TAILS), is where they live.
 */
function residentIn(np: Phrase, rc: ReadClause): boolean {
  if (!np.proper || !np.name || kindOf(np.name.toLowerCase(), rc.lex) !== null || (rc.lex && rc.lex.senses(np.name.toLowerCase(), 'noun', 1).length > 0)) return false;
  const words = rc.tokens.map((t) => t.lower);
  return RESIDENCE_TAILS.some((run) => hasRun(words, run));
}

/** A proper name of one or two words that neither the seed table nor the lexicon holds. */
function unknownName(np: Phrase, lex?: Lexicon): boolean {
  const name = np.name?.toLowerCase();
  return !!name && np.proper && !!lex && name.split(' ').length <= 2 && kindOf(name, lex) === null && lex.senses(name, 'noun', 1).length === 0;
}

function fits(np: Phrase, arg: ArgClass, lex?: Lexicon): boolean {
  // "no brothers", "any pets": a phrase that denies or asks is no argument.
  if (np.det === 'no' || np.det === 'any') return false;
  if (arg === 'proper') return !!np.name && np.proper && isName(np.name.split(' ')[0]);
  if (arg === 'gerund') return (np.gerund || /^[a-z]{3,}ing$/i.test(np.text)) && np.det === null && !np.proper && !/\s/.test(np.text) && !PREDICATES.work.lemmas.includes(np.head.replace(/ing$/, ''));
  if (arg === 'name') return (np.proper && !!np.name && isName(np.name) && !np.name.includes(' ') && mayBeName(np.name, lex)) || bareName(np, lex) !== null;
  // "Parkinson's", "Crohn's": an eponym in the possessive is the illness the lexicon names so.
  if (arg === 'illness' && eponymIllness(np, lex)) return true;
  if (arg === 'ailment') return fits(np, 'illness', lex) || bodilyPhrase(np, lex);
  // A fan or supporter of something is no trade ("a Liverpool supporter", "a keen supporter of the club").
  if (arg === 'occupation' && ENTHUSIASTS.includes(np.headLemma)) return false;
  // A proper noun is no kind, unless the seed table holds it (chat capitalises words the lexicon lacks: "the Bodhran").
  if (np.proper && arg !== 'language' && arg !== 'vehicle') return !np.name?.includes(' ') && isKind(np.headLemma, arg) && kindOf(np.headLemma) === arg;
  // A proper noun is a vehicle only by the seed table's makes and models ("Prius"); WordNet's "SAM" is a missile.
  // A make before the model names one too ("a Honda Jazz", "a secondhand Kia Niro").
  if (np.proper && arg === 'vehicle') return isKind(np.headLemma, arg) || (np.name ?? '').toLowerCase().split(/\s+/).slice(0, -1).some((w) => isKind(w, 'vehicle'));
  // A compound the lexicon lists whole ("hurdy gurdy", "border collie") before its head word alone.
  const words = bare(np).toLowerCase().split(/\s+/);
  const compound = lastTwo(words);
  if ((compound !== null && isKind(compound, arg, lex)) || isKind(np.headLemma, arg, lex) || (np.head !== np.headLemma && isKind(np.head, arg, lex))) return true;
  // "a 2015 honda jazz": a make from the seed table before the model names a vehicle whatever the model's own sense.
  return arg === 'vehicle' && words.slice(0, -1).some((w) => isKind(w, 'vehicle'));
}

/** Lexicographer classes of a part of the body or a bodily state ("shoulder", "kidney", "fever", "swelling"). */
const BODILY = ['noun.body', 'noun.state'];
/** A common noun phrase with a word of the body or a bodily state in it ("a frozen shoulder", "kidney stones"). */
function bodilyPhrase(np: Phrase, lex?: Lexicon): boolean {
  if (np.proper || !lex) return false;
  return bare(np).toLowerCase().split(/\s+/).slice(-3).some((w) => lex.senses(w, 'noun', 1).some((x) => BODILY.includes(x.lexClass)));
}

/** A capitalised name in the possessive that the lexicon holds as an illness ("Parkinson's", "Ménière's"). */
function eponymIllness(np: Phrase, lex?: Lexicon): boolean {
  if (!np.proper || !/^[\p{Lu}][\p{L}-]*['’]s$/u.test(np.text)) return false;
  // The tagger splits the possessive off the head ("Parkinson" + "'s"): the lexicon holds the eponym with it, alone or
  // before "disease" or "syndrome" ("Addison's disease", "Tourette's syndrome").
  const eponym = `${np.headLemma.replace(/['’]s$/, '')}'s`;
  return [eponym, `${eponym} disease`, `${eponym} syndrome`].some((w) => isKind(w, 'illness', lex));
}

/** The words of a phrase without its determiner ("a senior sonographer" → "senior sonographer"). */
/** The animal's kind as the phrase names it: a compound the lexicon holds whole ("guinea pig"), else the head. */
function speciesOf(np: Phrase, lex?: Lexicon): string {
  const compound = lastTwo(bare(np).toLowerCase().split(/\s+/));
  return compound && isKind(compound, 'animal', lex) ? compound : np.headLemma;
}

/** A phrase's last two words (a compound the lexicon may list whole: "border collie"), or null for one word. */
function lastTwo(words: readonly string[]): string | null {
  return words.length >= 2 ? words.slice(-2).join(' ') : null;
}

function bare(np: Phrase): string {
  return np.text.replace(/^(?:a|an|the|my|our|some|one|two|three|\d+)\s+/i, '').trim();
}

/** Institution nouns chat shortens past the lexicon ("Edinburgh uni"). */
const INSTITUTIONS = ['uni', 'university', 'college', 'school', 'institute', 'poly', 'academy'];

const LAST = /^(?:(?:my|our|the)\s+)?(?:very\s+)?last\b/i;
const LEAVING = /^(?:my|our)\s+(?:[\p{L}]+\s+)?leaving(?:\s+[\p{L}]+)?$/iu;
const ORDINAL = /^(?:(?:my|our|the)\s+)?(?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th)|last)\b/i;

/** Verbs that take a setting away ("lost my job at X", "left my post at Y"). */
const LOSING = new Set(['lose', 'leave', 'quit', 'resign', 'miss', 'hate']);

/** A clause about a plan (a future date, not a past one): "we are adopting a kitten next weekend" is an event, not a pet yet. */
function isPlan(clause: Clause): boolean {
  return !!clause.date && !clause.past && clause.date.iso > clause.ref.toISOString().slice(0, 10);
}

const NAMED_AFTER = /\b(?:named|called)\s+([\p{Lu}][\p{L}\p{N}-]+)/u;

/** The value a frame stores for its argument, in the shapes the rest of the system reads. */
function valueOf(frame: Frame, np: Phrase, rc: ReadClause): string {
  switch (frame.key) {
    case 'pet': {
      if (frame.arg === 'name') return `pet named ${np.name ?? bareName(np, rc.lex)}`;
      // A proper word before the species is its breed or origin ("the Exmoor pony", "a Sealyham"), not its name.
      const modifier = !!np.name && !np.proper && np.text.indexOf(np.name) < np.text.lastIndexOf(np.head);
      const named = (modifier ? null : np.name) ?? NAMED_AFTER.exec(rc.clause.text)?.[1] ?? null;
      const species = np.headLemma;
      return named && isName(named) ? `${species} named ${named}` : species;
    }
    case 'language':
      return (np.name ?? np.head).replace(/^[\p{Ll}]/u, (c) => c.toUpperCase());
    case 'employer':
    case 'education':
    case 'location':
      return np.name ?? bare(np);
    case 'hobby':
      return np.gerund ? np.head : bare(np).toLowerCase();
    case 'vehicle': {
      // From the first year, name or vehicle word on: "a cheap little motorbike" → "motorbike", "a used Toyota" → "Toyota".
      const words = bare(np).split(/\s+/);
      const at = words.findIndex((w) => /^(?:19|20)\d\d$/.test(w) || /^[\p{Lu}]/u.test(w) || isKind(w, 'vehicle'));
      return at > 0 ? words.slice(at).join(' ') : np.proper ? (np.name ?? np.head) : bare(np);
    }
    default:
      return np.proper ? (np.name ?? np.head) : bare(np);
  }
}

/** Who the clause is about may state the fact: the speaker (I/we, a chat fragment) or the attributed third party. */
function subjectOk(rc: ReadClause): boolean {
  const { shape, clause } = rc;
  if (shape.pronoun) return clause.subject.self ? shape.pronoun === 'i' || shape.pronoun === 'we' : ['he', 'she', 'they'].includes(shape.pronoun);
  if (shape.subjectless) return !shape.gerundNames;
  // "two months into learning the cello": a verbless span is the speaker's fragment.
  if (!shape.verb && shape.subject && (SPAN_ROLES.units as readonly string[]).includes(shape.subject.headLemma)) return clause.subject.self;
  // An attributed third party ("my flatmate Jo lives in Hull" → Jo): the subject phrase is that person.
  return !clause.subject.self && !!shape.subject;
}

/**
 * The diet a clause that avoids these foods states: each food's class (DIET_BY_AVOIDED: a listed word, else a WordNet
 * kind of the row's anchors, over every noun of the phrase: "bacon sandwich" is meat); meat and dairy together → vegan.
 */
export function dietFrom(foods: Phrase[], lex?: Lexicon): string | null {
  const classes = new Set<string>();
  for (const f of foods) {
    const words = [f.headLemma, ...bare(f).toLowerCase().split(/\s+/)];
    const row = DIET_BY_AVOIDED.find((r) => words.some((w) => r.foods.includes(w) || (!!lex && r.anchors.some((a) => lex.isA(w, a, { pos: 'noun', maxSenses: 2, maxDepth: 8 })))));
    if (row) classes.add(row.diet);
  }
  if (classes.has('vegan')) return 'vegan';
  for (const both of VEGAN_BY_CLASSES) if (both.every((c) => classes.has(c))) return 'vegan';
  return DIET_BY_AVOIDED.map((r) => r.diet).find((d) => classes.has(d)) ?? null;
}

/** Frames that a chained verb may fill: implied care for a named animal. */
const CHAINED_PREDS = new Set<PredClass>(['care', 'bring']);

/** Drafts of the verb frames for one clause (its main verb, then the care frames of its chained verbs). */
export function frameDrafts(rc: ReadClause): Draft[] {
  const { shape, clause } = rc;
  if ((shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || !subjectOk(rc) || isPlan(clause)) return [];
  let own = shape.verb ? shapeDrafts(rc, shape, null) : [];
  // "sold my old motorbike and bought an e-bike": a verb coordinated with the main one, same subject.
  // A comma does it too in a chat fragment or after "I" ("grew up speaking yoruba, picked up swahili").
  const commaJoins = shape.subjectless || shape.pronoun === 'i' || shape.pronoun === 'we';
  for (let i = 1; i < rc.tokens.length && shape.verb; i++) {
    if (!(rc.tokens[i - 1].lower === 'and' || (commaJoins && rc.tokens[i - 1].text === ',' && /ed$|^(?:took|got|gave|went|sold|left|picked|made|did|had|ran|began|kept)$/.test(rc.tokens[i].lower))) || rc.tokens[i].pos !== 'VERB') continue;
    const sub = shapeOfTokens(rc.tokens.slice(i));
    if (sub.verb) own = [...own, ...shapeDrafts(rc, { ...sub, verb: verbLemma(sub.verb, rc.lex), subject: shape.subject, pronoun: shape.pronoun, subjectless: shape.subjectless, negated: shape.negated, modal: shape.modal }, null)];
  }
  // "grew up speaking Punjabi", "started learning Welsh", "two months into learning the ukulele": an aspectual gerund.
  const aspect = new Set<PredClass>(ASPECT.preds);
  for (let i = 1; i < rc.tokens.length; i++) {
    const t = rc.tokens[i];
    const prev = rc.tokens[i - 1];
    if (t.pos !== 'VERB' || !/ing$/.test(t.lower) || !(ASPECT.links.includes(prev.lower) || (prev.lower === shape.verbText && ASPECT.verbs.includes(shape.verb ?? '')))) continue;
    const sub = shapeOfTokens(rc.tokens.slice(i));
    if (sub.verb) own = [...own, ...shapeDrafts(rc, { ...sub, verb: verbLemma(sub.verb, rc.lex), subject: shape.subject, pronoun: shape.pronoun, subjectless: shape.subjectless || (!shape.pronoun && !shape.verb), negated: shape.negated, modal: shape.modal }, aspect)];
  }
  // "grew up with Latvian at home and Russian at school": a language read by a frame shares it with the languages
  // coordinated after it in a parallel phrase (the language, then at/with/in/for).
  const spoken = own.find((d) => d.key === 'language' && d.op !== 'retract');
  if (spoken) {
    for (let i = 1; i + 2 < rc.tokens.length; i++) {
      const [link, lang, prep] = [rc.tokens[i - 1], rc.tokens[i], rc.tokens[i + 1]];
      if ((link.lower === 'and' || link.text === ',') && /^[\p{Lu}]/u.test(lang.text) && ['at', 'with', 'in', 'for', 'to'].includes(prep.lower) && isKind(lang.lower, 'language', rc.lex) && !own.some((d) => d.key === 'language' && d.value.toLowerCase() === lang.lower))
        own = [...own, { ...spoken, value: lang.text, metadata: { ...spoken.metadata, frame: 'language×parallel' } }];
    }
  }
  if (own.length > 0 || !(clause.subject.self && (shape.pronoun === 'i' || shape.pronoun === 'we' || shape.subjectless || !shape.subject))) return own;
  for (const sub of rc.chained) {
    const got = shapeDrafts(rc, { ...sub, subjectless: true }, CHAINED_PREDS);
    if (got.length > 0) return got;
  }
  return own;
}

function shapeDrafts(rc: ReadClause, shape: Shape, only: Set<PredClass> | null): Draft[] {
  const drafts = shapeDraftsOf(rc, shape, only);
  // A subject-less chat fragment ("haven't had any meat in years") is the speaker's own statement.
  return shape.subjectless && rc.clause.subject.self ? drafts.map((d) => ({ subject: rc.clause.speaker, ...d })) : drafts;
}

function shapeDraftsOf(rc: ReadClause, shape: Shape, only: Set<PredClass> | null): Draft[] {
  const { clause, lex } = rc;
  if (!shape.verb) return [];
  const negated = clause.negated || shape.negated;
  const classes = predicateClasses(shape.verb, lex);
  const out: Draft[] = [];
  for (const frame of FRAMES) {
    if (!classes.includes(frame.pred) || Boolean(frame.negated) !== negated || (frame.ended && !clause.ending) || (only && !only.has(frame.pred))) continue;
    // Care and ownership are read for the speaker only (a neighbour's new car is not a memory about them).
    if (frame.via && !shape.preps.some((p) => frame.via!.preps.includes(p.prep) && frame.via!.heads.includes(p.np.headLemma))) continue;
    const speakerSays = clause.subject.self && (shape.subjectless || shape.pronoun === 'i' || shape.pronoun === 'we');
    // A named third party's own things go to them ("my neighbour rosa keeps three chickens" → rosa's pets); care
    // frames stay the speaker's (walking someone's dog says nothing of whose it is).
    const theirs = !clause.subject.self && !!shape.subject?.name && !shape.pronoun && (frame.pred === 'own' || frame.pred === 'drive') && frame.key !== 'relation';
    // Having an illness is no ownership: whoever the clause is about has it ("my dad has glaucoma").
    const ailing = frame.pred === 'own' && frame.arg === 'illness' && !clause.subject.self && (shape.subject ? !shape.pronoun : shape.pronoun === 'he' || shape.pronoun === 'she');
    if ((frame.pred === 'care' || frame.pred === 'bring' || frame.pred === 'own' || frame.pred === 'drive') && !speakerSays && !theirs && !ailing) continue;
    // "I can't have gluten" is an inability (an allergy or condition), not a chosen diet.
    if (frame.negated && shape.modal === 'can') continue;
    // "I've never owned a motorbike": a lifelong absence takes nothing back.
    if (frame.negated && frame.op === 'retract' && !clause.ending && NEVER_PERFECT.test(clause.pred)) continue;
    if ((frame.particle && shape.particle !== frame.particle) || (frame.passive && !shape.passive)) continue;
    // "cut out dairy", "steer clear of gluten": a verb of the class only with its word after it.
    const needs = PHRASAL_ONLY[frame.pred]?.[shape.verb];
    if (needs && shape.particle !== needs && !followedBy(rc, shape, needs)) continue;
    // "is moving to Toronto": a move in progress is a plan, not where they live yet.
    if (frame.pred === 'move' && /ing$/.test(shape.verbText ?? '')) continue;
    // Class membership is said with an article ("I am a nurse"); "I'm maid of honour" names a role, not a job.
    // "haven't had any meat": a negated frame reads its "any" phrase (fits() refuses "any" elsewhere).
    if (frame.alongside && !inSlot(shape, frame.alongside.slot).some((np) => fits(np, frame.alongside!.arg, lex))) continue;
    // "I'm basically a michelin chef", "practically a taxi driver for the kids": a likeness, not a class one is in.
    if (frame.slot === 'complement' && LIKENESS.test(clause.text)) continue;
    if (frame.objectHeads && !shape.objects.some((o) => frame.objectHeads!.includes(o.headLemma))) continue;
    const slotted = frame.modifierOf ? inSlot(shape, frame.slot).flatMap((np) => modifierPhrase(np, frame.modifierOf!, lex)) : inSlot(shape, frame.slot);
    const args = slotted.filter(
      (np) =>
        // A name the lexicon does not hold, spoken, is a language ("I speak Ilocano at home").
        (fits(frame.negated && np.det === 'any' ? { ...np, det: null } : np, frame.arg, lex) || (frame.pred === 'speak' && frame.arg === 'language' && np.proper && !np.det && !/\s/.test(np.name ?? np.head) && new RegExp(`\\b${(np.name ?? np.head).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![-\\p{L}])`, 'u').test(clause.text) && unknownName(np, lex))) &&
        (frame.slot !== 'complement' || np.det === 'a' || np.det === 'an') &&
        // "having salmon tonight", "had chicken last night": an animal that is also a food, had with no article, is a meal.
        !(frame.arg === 'animal' && shape.verb === 'have' && np.det === null && !np.name && !!lex && lex.senses(np.headLemma, 'noun', 5).some((x) => x.lexClass === 'noun.food')),
    );
    if (args.length === 0) continue;
    // A name the lexicon does not hold at all, after "in" beside an occupation ("a prison officer in Whangarei"), is a
    // place too: organisations are worked at or for.
    // Not after a workplace ("an orthoptist at the eye hospital in Leith": Leith is where the hospital is).
    const atWork = shape.preps.some((p) => p.prep === 'at');
    if (frame.place && !args.every((np) => np.det === null && (isKind((np.name ?? np.head).toLowerCase(), 'location', lex) || (!atWork && unknownName(np, lex))) && !isKind((np.name ?? np.head).toLowerCase(), 'organization', lex))) continue;
    if (frame.placeOnly && (clause.date || clause.past || shape.verbText === 'was' || shape.verbText === 'were' || shape.preps.length !== 1 || shape.objects.length > 0 || !args.every((np) => isKind((np.name ?? np.head).toLowerCase(), 'location', lex) || residentIn(np, rc)))) continue;
    if (frame.lemmas && !frame.lemmas.includes(shape.verb)) continue;
    if (frame.present && (clause.past || clause.date)) continue;
    if (frame.definite && !args.every((np) => np.det === 'the' && !np.proper && !/['’]s\b/.test(np.text))) continue;
    if (frame.owned && !args.every((np) => np.det !== null && frame.owned!.includes(np.det))) continue;
    if (frame.key === 'diet') {
      // A sentence that also keeps a food class names the diet by both ("…, still have salmon though": pescatarian).
      const avoided = dietFrom(frame.slot === 'object' ? shape.objects : args, lex);
      const diet = avoided && (dietByFoods(clause.sentence) ?? avoided);
      if (diet) out.push({ key: 'diet', value: diet, op: 'assert', confidence: 0.75, metadata: { frame: `${frame.pred}×food${frame.negated ? ' (negated)' : ''}` } });
      continue;
    }
    for (const np of args) {
      // A possessor other than the speaker ("walk my sister's dog") makes it someone else's.
      if ((/['’]s\b/.test(np.text) && !(frame.arg === 'illness' && eponymIllness(np, lex))) || ['his', 'her', 'their', 'your'].includes(np.det ?? '')) continue;
      if (frame.key === 'health_condition' && NOT_CONDITIONS.includes(np.headLemma)) continue;
      // "drives trams", "drive buses": vehicles driven in the plural with no determiner are a trade's, not owned.
      if (frame.key === 'vehicle' && np.det === null && !np.proper && np.head !== np.headLemma && /s$/.test(np.head)) continue;
      // "drives the night bus": a public service driven is a job (vocationDrafts), not a vehicle owned.
      if (frame.key === 'vehicle' && frame.pred === 'drive' && np.det === 'the' && !np.proper && !!lex && lex.isA(np.headLemma, 'public transport', { pos: 'noun', maxSenses: 1, maxDepth: 3 })) continue;
      // "six hives at the bottom of the garden": a counted illness noun is a thing counted, not a condition.
      if (frame.key === 'health_condition' && COUNTED.test(np.text)) continue;
      // "keeps bees", "we keep hens' neighbours… wasps": insects kept are a pastime (beekeeping), not a pet.
      if (frame.key === 'pet' && frame.pred === 'own' && !np.name && /s$/.test(np.head) && !!lex && lex.isA(np.headLemma, 'insect', { pos: 'noun', maxSenses: 1, maxDepth: 6 })) {
        out.push({ key: 'hobby', value: `keeping ${bare(np)}`, metadata: { frame: 'own×insect' } });
        continue;
      }
      // "started volunteering at the shelter": a gerund of the work class is work, not a pastime.
      if (frame.key === 'hobby' && np.gerund && PREDICATES.work.lemmas.includes(np.head.replace(/ing$/, ''))) continue;
      // A place, never an organisation ("moved to Google" is a new employer, not a city).
      if (frame.key === 'location' && np.name && isKind(np.name.toLowerCase(), 'organization', lex) && !isKind(np.name.toLowerCase(), 'location', lex)) continue;
      // "we have twin girls and a baby boy": a relative had is the speaker's relation (its key from the relation word).
      if (frame.key === 'relation') {
        const d = relationDraft(clause.speaker, RELATIONS[np.headLemma] !== undefined ? np.headLemma : np.head, np.name ?? undefined, 0.85);
        if (d && clause.subject.self) out.push({ ...d, metadata: { ...d.metadata, frame: 'own×family' } });
        continue;
      }
      const value = valueOf(frame, np, rc);
      // A pet's name is carried in metadata, so it names what a rule left unnamed ("a kitten, Tempeh," over "kitten").
      const petName = frame.key === 'pet' && frame.op !== 'retract' ? / named ([\p{Lu}][\p{L}'’-]*)$/u.exec(value)?.[1] : undefined;
      out.push({ key: frame.key, value, ...(frame.op ? { op: frame.op } : {}), ...(frame.implicit ? { implicit: true, subject: clause.speaker } : {}), metadata: { frame: `${frame.pred}×${frame.arg}`, ...(petName ? { name: petName } : {}) } });
      // "traded the yaris for a Kia Niro": what was traded for a vehicle was one too, and it is gone.
      const forMake = (np.name ?? '').toLowerCase().split(/\s+/).slice(0, -1).some((w) => isKind(w, 'vehicle'));
      if (frame.pred === 'exchange' && speakerSays)
        for (const old of shape.objects) if (!['his', 'her', 'their', 'your', 'a', 'an'].includes(old.det ?? '') && !/['’]s\b/.test(old.text) && (fits(old, 'vehicle', lex) || (forMake && kindOf(old.headLemma, lex) === null && !/\s/.test(bare(old))))) out.push({ key: 'vehicle', value: old.proper ? (old.name ?? old.head) : bare(old).replace(/^(?:old|trusty|beloved)\s+/i, ''), op: 'retract', subject: clause.speaker, metadata: { frame: 'exchange×for vehicle', ending: 'traded', anyKey: true } });
      // A dated move is also the event of moving ("moved down to Brighton in January").
      if (frame.pred === 'move' && clause.date && clause.past) out.push({ key: 'event_move', value: `moved to ${valueOf(frame, np, rc)}`, type: 'event', eventDate: clause.date.iso, metadata: { dateText: clause.date.text, frame: 'move×date' } });
    }
  }
  return out;
}

/** The words before a phrase's head, as a phrase of their own: "a graduate analyst job" → "graduate analyst". */
function modifierPhrase(np: Phrase, heads: readonly string[], lex?: Lexicon): Phrase[] {
  if (np.proper || !heads.includes(np.headLemma) || /['’]s\b/.test(np.text)) return [];
  const words = np.text.split(/\s+/);
  const at = words.lastIndexOf(np.head);
  const mods = words.slice(np.det ? 1 : 0, at).filter((w) => /^[\p{Ll}-]+$/u.test(w));
  if (mods.length === 0 || mods.length !== at - (np.det ? 1 : 0)) return [];
  const head = mods[mods.length - 1];
  return [{ text: mods.join(' '), head, headLemma: lex?.lemmas(head, 'noun')[0] ?? head, name: null, proper: false, det: null, gerund: false, noun: head }];
}

/** A hedge before the complement's article: the complement is what the subject is like, not what it is. */
const LIKENESS = /\b(?:basically|practically|virtually|pretty\s+much|kind\s+of|sort\s+of|more\s+or\s+less|almost|like)\s+(?:a|an)\s/i;

/** A phrase that opens with a count ("six hives", "2 colds"). */
const COUNTED = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+(?:few|couple|dozen))\s/i;

/** Whether the word right after the clause's verb is `word` ("steer clear of": "clear" is read as an adjective, not a particle). */
function followedBy(rc: ReadClause, shape: Shape, word: string): boolean {
  const at = rc.tokens.findIndex((t) => t.lower === shape.verbText);
  return at >= 0 && rc.tokens[at + 1]?.lower === word;
}

/** A shift worked: "on a late at Currys", "another double shift at Wagamama", "on nights at the Royal" (the place named). */
const ON_SHIFT = /\b(?:on\s+(?:a|an|the|another|my)\s+|another\s+|(?<!\b(?:two|three|four|five|six|seven|few|couple\s+of|several|\d+)\s+)(?:on\s+)?(?:earlies|lates|nights)\s+)(?:(?:late|early|night|double|long|split|\d+-hour)\s+)?(?:shift|late|early|double)?\s*at\s+(?:the\s+)?([\p{Lu}][\p{L}&'’-]*(?:\s+[\p{Lu}][\p{L}&'’-]*){0,2})/u;

/**
 * "twelve hours on the floor at Target", "night shifts at the Amazon warehouse", "on my lunch break in the Lidl staff
 * room", "rostered on the tills at Kmart": working time (a shift, a break taken at work, hours on the floor) spent at a
 * named place. "shift" after a
 * subject or a modal is the verb ("should I shift closer to my office in Whitefield").
 */
const WORK_TIME = /(?<!\b(?:last|final|old|former|previous)\s+)\b(?:(?:night|day|late|early|double|long|split|weekend|\d+[- ]hour)\s+)?(?<!\b(?:I|we|you|they|to|will|would|should|could|might|must|can|gonna|wanna)\s+)(?:shifts?|rostered(?:\s+on)?|lunch\s+break|tea\s+break|rota|overtime|hours\s+on\s+the\s+(?:floor|tills?|line|shop\s+floor))\b[^.;!?,]{0,30}?\b(?:at|in)\s+(?:the\s+)?([\p{Lu}][\p{L}&'’-]*(?:\s+[\p{Lu}][\p{L}&'’-]*){0,2})/u;

/** Workplace nouns a business has and a town does not ("the Amazon warehouse", never "the London office"). */
const PREMISES = ['warehouse', 'factory', 'canteen', 'staffroom'];

/**
 * The employer a working shift names ("another double shift at the Crown", "night shifts at the Amazon warehouse"): the
 * named place, unless the lexicon holds it as a place and no workplace noun follows it. Also what a question about
 * one's shifts presupposes ("any tips for staying awake on night shifts at the Amazon warehouse?").
 */
export function shiftEmployerIn(text: string, speaker: string, lex?: Lexicon): Draft[] {
  const shift = ON_SHIFT.exec(text) ?? WORK_TIME.exec(text);
  if (!shift || !isName(shift[1].split(' ')[0])) return [];
  // ("the Amazon warehouse": before a workplace noun the name is the organisation's, not a place's.)
  const atWorkplace = PREMISES.some((h) => text.slice((shift.index ?? 0) + shift[0].length).toLowerCase().startsWith(` ${h}`));
  if (!atWorkplace && isKind(shift[1].toLowerCase(), 'location', lex)) return [];
  return [{ key: 'employer', value: shift[1], implicit: true, subject: speaker, metadata: { frame: 'setting×shift' } }];
}

/** Drafts of the setting-noun frames: "my second day at Monzo" → employer Monzo (implied). */
export function settingDrafts(rc: ReadClause): Draft[] {
  const { shape, clause } = rc;
  // The clause may be about someone in the setting ("My manager at Spotify keeps moving deadlines"): a setting the
  // speaker calls theirs is still the speaker's.
  if (clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal))) return [];
  // "I quit my job at Deloitte", "lost my job at DoorDash": an ending or losing verb is not a setting the speaker is in.
  if (shape.verb && (endingOf(rc) || LOSING.has(shape.verb))) return [];
  // "my second day at Monzo", "first week at Octopus Energy": a possessed or counted (ordinal) setting.
  // "just back from my induction at Barclays": a possessed setting in a prepositional phrase counts too, and so does a
  // counted one ("week two at deliveroo", "day 3 at Ocado").
  const counted = (p: Phrase) => clause.subject.self && p.det === null && rc.tokens.some((t, k) => t.lower === p.head && rc.tokens[k + 1]?.pos === 'NUM');
  const phrases = [shape.subject, ...shape.objects, shape.complement, ...shape.preps.filter((x) => x.prep !== 'at').map((x) => x.np)].filter((p): p is Phrase => !!p && (p.det === 'my' || p.det === 'our' || (clause.subject.self && ORDINAL.test(p.text)) || counted(p)));
  const out: Draft[] = [];
  // "my commute to the Notion office": the setting carries its owner's name (after to/at/into, never "his office").
  for (const { np } of shape.preps) {
    const row = NAMED_SETTINGS.find((r) => r.heads.includes(np.headLemma.toLowerCase()));
    // The owner is an organisation, never a place ("the London office").
    // ("the Amazon warehouse": a name the lexicon also knows as a place owns a premises no town has, unlike "the London office".)
    const owner = np.name && !np.proper && isName(np.name.split(' ')[0]) && (PREMISES.includes(np.head.toLowerCase()) || !isKind(np.name.toLowerCase(), 'location', rc.lex)) ? np.name : null;
    if (row && owner && clause.subject.self && (np.det === 'the' || np.det === null) && (/\b(?:my|our|I|we)\b/i.test(clause.text) || shape.subjectless || !shape.verb)) out.push({ key: row.key, value: owner, implicit: true, subject: clause.speaker, metadata: { frame: `setting×${np.headLemma}` } });
  }
  // "on a late at Currys again", "another double shift at the Crown": a working shift at a named place is the speaker's.
  if (clause.subject.self) out.push(...shiftEmployerIn(clause.text, clause.speaker, rc.lex));
  for (const p of phrases) {
    const head = p.headLemma.replace(/(?<!s)s$/, '');
    // "my leaving do at Grindhouse": an occasion of leaving is the last day's kind (never someone else's: "Jo's leaving do").
    const lastWord = p.text.toLowerCase().split(/\s+/).pop()!;
    const leaving = LEAVING.test(p.text) && !/['’]s\b/.test(p.text) && (lastWord === 'leaving' || LEAVING_OCCASIONS.includes(lastWord));
    const row = leaving ? SETTING_NOUNS[0] : SETTING_NOUNS.find((r) => r.heads.includes(p.headLemma) || r.heads.includes(head));
    if (!row) continue;
    // "at Monzo", or a named institution ("at Edinburgh uni"): a name before an organisation noun.
    // "my last day at the council": the setting's last day ends it (an organisation noun will do: the employer held).
    const last = row.key === 'employer' && (LAST.test(p.text) || leaving) && clause.subject.self;
    // "…with my friend Ines, best part of my week": a phrase about a person is company, never the organisation.
    const company = (np: Phrase) => np.text.toLowerCase().split(/\s+/).some((w) => w in RELATIONS || isKind(w, 'social', rc.lex) || isKind(w, 'family', rc.lex));
    const at = shape.preps.find((x) => row.preps.includes(x.prep) && !company(x.np) && (fits(x.np, 'proper') || (!!x.np.name && isName(x.np.name.split(' ')[0]) && (INSTITUTIONS.includes(x.np.headLemma) || isKind(x.np.headLemma, 'organization', rc.lex))) || (last && x.np.det === 'the' && isKind(x.np.headLemma, 'organization', rc.lex))));
    // "last shift is a week Saturday": with no place named, the last day is at the employer the exchange holds.
    const heldEmployer = last && !at && (p.det === null || p.det === 'my') && clause.held ? clause.held.current('employer') : null;
    if (heldEmployer) {
      if (isPlan(clause)) out.push({ key: 'event_job_loss', value: `leaving ${heldEmployer.value}`, type: 'event', subject: clause.speaker, eventDate: clause.date!.iso, metadata: { dateText: clause.date!.text, frame: `setting×last ${p.headLemma}` } });
      else out.push({ key: 'employer', value: heldEmployer.value, op: 'retract', subject: clause.speaker, metadata: { ending: 'last-day', anyKey: true, heldBefore: true, frame: `setting×last ${p.headLemma}` } });
      continue;
    }
    if (at && last) {
      const org = at.np.proper ? at.np.name! : bare(at.np);
      // A last day ahead is the coming job loss; the employer still holds until then.
      if (isPlan(clause)) out.push({ key: 'event_job_loss', value: `leaving ${org}`, type: 'event', subject: clause.speaker, eventDate: clause.date!.iso, metadata: { dateText: clause.date!.text, frame: `setting×last ${p.headLemma}` } });
      else out.push({ key: 'employer', value: at.np.proper ? at.np.name! : bare(at.np), op: 'retract', subject: clause.speaker, metadata: { ending: 'last-day', anyKey: true, frame: `setting×last ${p.headLemma}` } });
      continue;
    }
    if (at) out.push({ key: row.key, value: at.np.proper ? at.np.name! : bare(at.np), implicit: true, subject: clause.speaker, metadata: { frame: `setting×${p.headLemma}` } });
  }
  return out;
}

/**
 * Work kit named for its organisation (WORK_KIT): "wore my B&Q apron home", "it's the Lidl tabard at the school gates
 * again", "sat in my Evri van" → employer, implied. The name before the kit noun is the organisation unless the
 * lexicon reads it as a place, a make or a person's kin; someone else's kit ("his Tesco uniform") says nothing.
 */
export function workKitDrafts(rc: ReadClause): Draft[] {
  const { tokens, clause, shape, lex } = rc;
  if (!clause.subject.self || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || isPlan(clause)) return [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    const det = tokens[i].lower;
    if (det !== 'my' && det !== 'the') continue;
    let j = i + 1;
    while (j < tokens.length && tokens[j].pos === 'PROPN' && j - i <= 3) j++;
    if (j === i + 1 || j >= tokens.length) continue;
    const pair = `${tokens[j].lemma} ${tokens[j + 1]?.lemma ?? ''}`;
    const kit = (WORK_KIT.worn as readonly string[]).includes(pair) ? pair : tokens[j].lemma;
    const worn = (WORK_KIT.worn as readonly string[]).includes(kit);
    if (!worn && !(det === 'my' && (WORK_KIT.driven as readonly string[]).includes(kit))) continue;
    const org = tokens.slice(i + 1, j).map((t) => t.text).join(' ');
    const kind = kindOf(org.toLowerCase(), lex);
    if (!/^[\p{Lu}]/u.test(org) || (kind && kind !== 'organization') || NOT_NAMES.has(org.toLowerCase())) continue;
    return [{ key: 'employer', value: org, implicit: true, subject: clause.speaker, metadata: { frame: `kit×${kit}` } }];
  }
  return [];
}

/** Verbs that give a name ("my daughter is called Anna", "we named the puppy Miso"). */
const NAMING = new Set(['call', 'name']);

/**
 * The naming frame: a possessed relative or animal and the name it is given → the relation's name or the pet's
 * ("My daughter is called Anna" → child Anna; "our new puppy is named Miso" → pet named Miso).
 */
export function namingDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (clause.negated || shape.negated) return [];
  // "Harriet is my sister", "Pepper is my dog": a name identified with a possessed relative or animal names it.
  const c = shape.verb === 'be' ? shape.complement : null;
  const who = shape.subject?.proper && shape.subject.name && !shape.pronoun && isName(shape.subject.name) && mayBeName(shape.subject.name, lex) ? shape.subject.name : null;
  // "my son is Tobiah", "our cat is Hermione": the possessed relative or animal first, the name as the complement.
  // (A name compounded with a hyphen is no name: "my sister is London-based".)
  const owned = shape.verb === 'be' && shape.subject && (shape.subject.det === 'my' || shape.subject.det === 'our') && !/['’]s\b/.test(shape.subject.text) && c?.proper && c.name && !c.det && isName(c.name) && !c.name.includes(' ') && mayBeName(c.name, lex) && !clause.text.includes(`${c.name}-`) ? shape.subject : null;
  // "my car is a Kia Sportage": a possessed vehicle said to be a named make or model is the speaker's vehicle.
  const ownedVehicle = shape.verb === 'be' && shape.subject && (shape.subject.det === 'my' || shape.subject.det === 'our') && !clause.past && isKind(shape.subject.headLemma, 'vehicle', lex) ? shape.subject : null;
  if (ownedVehicle && c?.proper && c.name && (c.det === null || c.det === 'a' || c.det === 'an' || c.det === 'my' || c.det === 'our') && !isKind(c.name.toLowerCase(), 'location', lex)) return [{ key: 'vehicle', value: bare(c), subject: clause.speaker, metadata: { frame: 'vehicle×be' } }];
  if (owned && c?.name) {
    if (RELATIONS[owned.headLemma] !== undefined) {
      const d = relationDraft(clause.speaker, owned.headLemma, c.name, 0.9);
      return d ? [{ ...d, metadata: { ...d.metadata, frame: 'family×be' } }] : [];
    }
    if (isKind(owned.headLemma, 'animal', lex)) {
      const species = speciesOf(owned, lex);
      return [{ key: 'pet', value: `${species} named ${c.name}`, subject: clause.speaker, metadata: { species, name: c.name, frame: 'animal×be' } }];
    }
  }
  if (c && who && (c.det === 'my' || c.det === 'our') && !/['’]s\b/.test(c.text)) {
    if (RELATIONS[c.headLemma] !== undefined) {
      const d = relationDraft(clause.speaker, c.headLemma, who, 0.9);
      return d ? [{ ...d, metadata: { ...d.metadata, frame: 'be×family' } }] : [];
    }
    if (isKind(c.headLemma, 'animal', lex)) {
      const species = speciesOf(c, lex);
      return [{ key: 'pet', value: `${species} named ${who}`, subject: clause.speaker, metadata: { species, name: who, frame: 'be×animal' } }];
    }
  }
  // "our Rex is a German shepherd": a name the speaker owns, said to be an animal of a kind, is their pet of that kind.
  // ("my mate Dev is a gym rat", "my flatmate Jo is a night owl": a name owned as a person is a person.)
  const person = (shape.subject?.text ?? '').toLowerCase().split(/\s+/).some((w) => RELATIONS[w] !== undefined || isKind(w, 'social', lex));
  if (c && who && !person && (c.det === 'a' || c.det === 'an') && (shape.subject?.det === 'my' || shape.subject?.det === 'our') && !clause.past && isKind(c.headLemma, 'animal', lex) && !isKind(c.headLemma, 'food', lex)) {
    const species = speciesOf(c, lex);
    return [{ key: 'pet', value: `${species} named ${who}`, subject: clause.speaker, metadata: { species, name: who, frame: 'owned name×animal' } }];
  }
  // "Fennel the schipperke has worked out the bin": a name with its kind in apposition, opening the clause, is a pet of
  // the speaker's when the kind is an animal (never "Jaws the film", "Paris the city").
  // ("Pickles the guinea pig": a two-word kind the lexicon holds as one animal is that kind.)
  const t = rc.tokens;
  const compound = t.length > 4 && t[3]?.pos === 'NOUN' && t[4]?.pos !== 'NOUN' ? `${t[2].lower} ${t[3].lemma}` : null;
  const kind = t.length <= 3 ? null : compound && isKind(compound, 'animal', lex) ? { text: `${t[2].lower} ${t[3].lower}`, lemma: compound } : t[3].pos !== 'NOUN' ? { text: t[2].lower, lemma: t[2].lemma } : null;
  if (kind && clause.subject.self && t[0].pos === 'PROPN' && isName(t[0].text) && mayBeName(t[0].text, lex) && t[1].lower === 'the' && t[2].pos === 'NOUN' && isKind(kind.lemma, 'animal', lex) && !isKind(kind.lemma, 'food', lex) && !t.some((x) => FICTION_CUES.includes(x.lemma)))
    return [{ key: 'pet', value: `${kind.text} named ${t[0].text}`, subject: clause.speaker, metadata: { species: kind.lemma, name: t[0].text, frame: 'apposition×animal' } }];
  if (!shape.verb || !NAMING.has(shape.verb)) return [];
  // The thing named is the object with a common noun when there is one ("we called the puppy Ziggy"; "my daughter named
  // her doll Rosie": the doll, not the daughter), else a possessed subject ("my son is called Leo").
  const named = shape.objects.find((o) => o.noun);
  const holder = named ? (named.det === 'my' || named.det === 'our' || named.det === 'the' ? named : null) : shape.subject && (shape.subject.det === 'my' || shape.subject.det === 'our') ? shape.subject : null;
  const name = shape.objects.find((o) => o.proper && o.name && isName(o.name))?.name ?? null;
  if (!holder || !name || !holder.noun) return [];
  if (RELATIONS[holder.noun] !== undefined) {
    const d = relationDraft(clause.speaker, holder.noun, name, 0.9);
    return d ? [{ ...d, metadata: { ...d.metadata, frame: 'name×family' } }] : [];
  }
  if (isKind(holder.noun, 'animal', lex)) return [{ key: 'pet', value: `${holder.noun} named ${name}`, subject: clause.speaker, metadata: { species: holder.noun, name, frame: 'name×animal' } }];
  return [];
}

/**
 * An animal's part or gear owned by a name ("combing the knots out of Juniper's fur", "Ziggy's lead broke"): a pet named
 * so, implied. The possessive is read from the tokens (wink splits "Juniper" "'s").
 */
export function animalPartDrafts(rc: ReadClause): Draft[] {
  const { tokens, clause, shape } = rc;
  // The main verb group's negation only: a later comma part with its own subject ("…, fingers still haven't thawed")
  // does not negate the care done.
  const negated = shape.negated || (clause.negated && !/,\s*(?:[\p{L}]+\s+){0,3}?(?:not|never|no|[\p{L}]+n['’]t)\b/iu.test(clause.text));
  if (!clause.subject.self || negated || (shape.pronoun && !['i', 'we'].includes(shape.pronoun))) return [];
  const out: Draft[] = [];
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [who, s, part] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if ((s.lower !== "'s" && s.lower !== '’s') || !ANIMAL_PARTS.includes(part.lemma) || NOT_PART_COMPOUNDS.includes(`${part.lower} ${tokens[i + 3]?.lower ?? ''}`)) continue;
    // A lower-case chat name ("trimmed waffles's claws", "pumpkin's hutch") counts as the name it is.
    // The word opens the clause or follows a verb or its particle: not "my mum's cage".
    const bareSpot = i === 0 || ['VERB', 'ADP', 'PART'].includes(tokens[i - 1]?.pos ?? '');
    const name = who.pos === 'PROPN' && isName(who.text) && mayBeName(who.text, rc.lex) ? who.text : who.pos === 'NOUN' && bareSpot ? chatName(who.lower, rc.lex) : null;
    if (name) out.push({ key: 'pet', value: `pet named ${name}`, implicit: true, subject: clause.speaker, metadata: { name, frame: 'name×animal part' } });
    // "Fig and Olive's coop": a name coordinated before the possessor shares the part.
    const co = name && tokens[i - 1]?.lower === 'and' ? tokens[i - 2] : undefined;
    if (co && co.pos === 'PROPN' && isName(co.text) && mayBeName(co.text, rc.lex)) out.push({ key: 'pet', value: `pet named ${co.text}`, implicit: true, subject: clause.speaker, metadata: { name: co.text, frame: 'name×animal part' } });
  }
  return out;
}

const MONTH = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * A coming milestone: "I'm 35 in March", "I turn 40 in August" → the age now (one less) and the birthday month.
 * A past "turned 40" is the rules' (age as said).
 */
export function milestoneDrafts(rc: ReadClause): Draft[] {
  const { tokens, clause, shape } = rc;
  // Someone else's ("my dad is 70 next week", "Sam turns 30 on Friday"): their age, by the same reading of a later day.
  const theirs = !clause.subject.self && (!!shape.subject || shape.pronoun === 'he' || shape.pronoun === 'she');
  if (!(theirs || (clause.subject.self && (shape.pronoun === 'i' || (shape.subjectless && shape.verb === 'turn')))) || clause.past || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal))) return [];
  if (shape.verb !== 'be' && shape.verb !== 'turn') return [];
  const at = tokens.findIndex((t) => t.pos === 'NUM');
  const n = at >= 0 ? Number(tokens[at].text) : NaN;
  if (!(n > 0 && n < 120)) return [];
  // The clause's day is after the turn's.
  const ahead = !!clause.date && (clause.date.point ?? clause.date.iso) > clause.ref.toISOString().slice(0, 10);
  if (theirs) {
    // The number right after the verb ("is 70", "turns 30"), then a day ahead of the turn.
    const verbAt = tokens.findIndex((t) => t.lemma === shape.verb || t.lower === shape.verbText);
    return ahead && verbAt >= 0 && at === verbAt + 1 ? [{ key: 'age', value: String(n - 1), confidence: 0.7, metadata: { turns: n, frame: 'milestone' } }] : [];
  }
  const month = tokens.slice(at + 1).find((t, k, rest) => MONTH.test(t.text) && ['in', 'this', 'next'].includes(rest[k - 1]?.lower ?? tokens[at + 1]?.lower));
  if (!month || tokens[at + 1]?.lower !== 'in') {
    // "I turn 47 next week", "turning 40 on Friday": any later day said of the birthday leaves the age one less today.
    const later = ahead && clause.date!.index > clause.text.indexOf(tokens[at].text);
    return later && shape.verb === 'turn' ? [{ key: 'age', value: String(n - 1), confidence: 0.75, metadata: { turns: n, frame: 'milestone' } }] : [];
  }
  const name = month.text[0].toUpperCase() + month.text.slice(1).toLowerCase();
  return [
    { key: 'age', value: String(n - 1), confidence: 0.8, metadata: { turns: n, frame: 'milestone' } },
    { key: 'birthday', value: name, confidence: 0.8, metadata: { frame: 'milestone' } },
    // "I'll be 50 in August" is also the coming birthday (the events rules date "turning 50" themselves).
    ...(shape.verb === 'be' && clause.date ? [{ key: 'event_birthday', value: `turns ${n}`, type: 'event' as const, eventDate: clause.date.iso, confidence: 0.8, metadata: { frame: 'milestone', dateText: clause.date.text } }] : []),
  ];
}

const NEWBORN_CUE = new RegExp(`\\b(?:${[...ARRIVAL.newborn, ...ARRIVAL.counts].join('|')})\\b`);
/** An arrival phrase; a newborn word, or a count of them, not followed by "of" (built once, not per clause). */
const ARRIVAL_PHRASE = new RegExp(`\\b(?:${ARRIVAL.phrases.join('|')})\\b`);
const ARRIVAL_NEWBORN = new RegExp(`\\b(?:${ARRIVAL.newborn.join('|')})\\b(?!\\s+of\\b)|\\b(?:a|number)\\s+(?:${ARRIVAL.counts.join('|')})\\b(?!\\s+of\\b)`);

/**
 * A coming birth (ARRIVAL): "number four arrives in October", "two boys and a third on the way, due in November" →
 * event_milestone "baby due", dated. The newborn and the arrival may sit in different clauses of one sentence; the
 * date is the clause's, and must be ahead.
 */
export function arrivalDrafts(rc: ReadClause): Draft[] {
  const { clause, shape } = rc;
  if (clause.negated || shape.negated || /^(?:his|her|their|your)\b/i.test(clause.text)) return [];
  const s = clause.sentence.toLowerCase();
  if (!NEWBORN_CUE.test(s)) return [];
  // The tagger reads "arrives" after a count as a plural noun: any token whose lemma (or stem) is an arrival verb.
  const verbs: readonly string[] = ARRIVAL.verbs;
  const arrives = rc.tokens.some((t) => verbs.includes(t.lemma) || verbs.includes(t.lower.replace(/s$/, ''))) || ARRIVAL_PHRASE.test(s);
  const newborn = ARRIVAL_NEWBORN.test(s);
  if (!arrives || !newborn) return [];
  // "was born on Sunday", "arrived on Monday": an arrival told in the past is a birth, never one due.
  if (rc.tokens.some((t) => /^(?:arrived|came|born)$/.test(t.lower))) return [];
  // An arrival is ahead by its meaning: the clause's month or day is read forward ("arrives in October").
  const date = resolveDate(clause.text, clause.ref, true);
  if (!date || date.iso <= clause.ref.toISOString().slice(0, 10)) return [];
  // A third party's baby ("my sister's baby is due in June") is theirs; the speaker's own otherwise.
  const theirs = !clause.subject.self && !ARRIVAL.newborn.includes((clause.subject.relation ?? '') as never);
  return [{ key: 'event_milestone', value: 'baby due', type: 'event', ...(theirs ? {} : { subject: clause.speaker }), eventDate: date.iso, confidence: 0.8, metadata: { frame: 'arrival', dateText: date.text } }];
}

/**
 * A birth told as an arrival that has happened: the speaker's own newborn (a child-relation noun, "our son", "my baby
 * girl") as the subject of an arrival verb (ARRIVAL.verbs, or "was born"), dated in the past → event_milestone "birth
 * of <son>", and the name the sentence gives it ("we've called him Alfie") → the child. Someone else's baby ("my
 * sister's baby arrived") is theirs, read elsewhere; an arrival ahead is "baby due" (arrivalDrafts).
 */
export function birthDrafts(rc: ReadClause): Draft[] {
  const { clause, shape } = rc;
  const subj = shape.subject;
  // A newborn named in the subject ("our daughter Isla was born…") is the rules' event of that child.
  if (clause.negated || shape.negated || shape.modal || !subj || subj.name || (subj.det !== 'my' && subj.det !== 'our') || /['’]s\s/.test(subj.text) || !shape.verb) return [];
  const words = subj.text.toLowerCase().split(/\s+/).slice(1);
  const rel = words.find((w) => RELATIONS[w] === 'child' || (ARRIVAL.newborn as readonly string[]).includes(w));
  const arrived = (ARRIVAL.verbs as readonly string[]).includes(shape.verb) && shape.verb !== 'due' && shape.verb !== 'expect' && (shape.verb !== 'bear' || shape.passive);
  if (!rel || !arrived || !clause.date || clause.date.iso > clause.ref.toISOString().slice(0, 10)) return [];
  // "my son arrived home on Monday": an arrival somewhere is a journey; a birth has only its time (and a manner).
  const at = rc.tokens.findIndex((t) => t.lemma === shape.verb);
  const rest = rc.tokens.slice(at + 1).map((t) => t.text).join(' ').replace(clause.date.text, ' ');
  // (What a comma adds after it is another phrase: the weight, the name.)
  if (!/^[\s!.,]*(?:(?:safely|early|late|at\s+last|finally|bang\s+on\s+time)\b[\s!.,]*)?$/i.test(rest.replace(/^[\s!.,]+/, '').split(/[!.,;]/)[0] ?? '')) return [];
  const out: Draft[] = [{ key: 'event_milestone', value: `birth of ${words.join(' ')}`, type: 'event', subject: clause.speaker, eventDate: clause.date.iso, confidence: 0.8, metadata: { frame: 'birth', dateText: clause.date.text } }];
  const named = /\b(?:called|named)\s+(?:him|her|them|the\s+(?:baby|little\s+one))\s+([\p{Lu}][\p{L}'’-]+)/u.exec(clause.sentence);
  const d = named && isName(named[1]) ? relationDraft(clause.speaker, RELATIONS[rel] === 'child' ? rel : 'baby', named[1], 0.85) : null;
  if (d) out.push({ ...d, metadata: { ...d.metadata, frame: 'birth×name' } });
  return out;
}

/** "dairy wrecks my stomach", "prawns make my lips swell": a food that harms the speaker's body → an allergy, implied. */
export function harmDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex, tokens } = rc;
  if (!shape.verb || !HARM_VERBS.includes(shape.verb) || !shape.subject || shape.negated || clause.negated) return [];
  const part = shape.objects.find((o) => o.det === 'my' && o.text.toLowerCase().split(/\s+/).some((w) => BODY_PARTS.includes(w))) ?? shape.objects.find((o) => HARM_RESULTS.includes(o.head));
  // "makes me (really) sick": the speaker left in a harmed state.
  const me = tokens.findIndex((t) => t.lower === 'me');
  const state = me >= 0 && tokens.slice(me + 1, me + 4).find((t) => t.pos !== 'ADV' && t.lower !== 'so' && t.lower !== 'really');
  const harmed = !!part || (!!state && HARM_STATES.includes(state.lemma));
  if (!harmed || !isKind(shape.subject.headLemma, 'food', lex)) return [];
  return [{ key: 'allergy', value: bare(shape.subject).toLowerCase(), implicit: true, subject: clause.speaker, metadata: { frame: 'harm×food' } }];
}

/**
 * Abstinence (ABSTINENCE): the speaker's span of time without a food, or since the last one ("five years without meat
 * now", "nine months since my last steak or burger") → the diet those foods give (dietFrom), implied. A span without
 * something that is no food ("three years without a holiday") says nothing; so do someone else's spans and plans.
 */
export function abstinenceDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, tokens, lex } = rc;
  if (!clause.subject.self || clause.negated || shape.negated || shape.modal || isPlan(clause) || (shape.pronoun && !['i', 'we'].includes(shape.pronoun))) return [];
  for (let i = 1; i < tokens.length; i++) {
    if (!(ABSTINENCE.spans as readonly string[]).includes(tokens[i].lemma) || !['NUM', 'DET', 'ADJ'].includes(tokens[i - 1].pos)) continue;
    // The cue follows the span, with at most one word between ("five years now without meat").
    for (const at of [i + 1, i + 2]) {
      const cue = ABSTINENCE.cues.find((c) => c.every((w, k) => tokens[at + k]?.lower === w));
      if (!cue) continue;
      const foods: Phrase[] = [];
      for (const t of tokens.slice(at + cue.length)) {
        if (t.pos === 'PUNCT' || t.pos === 'VERB' || t.pos === 'AUX' || (t.pos === 'PRON' && !isPossessive(t.lower))) break;
        if (t.pos === 'NOUN') foods.push({ text: t.lower, head: t.lower, headLemma: t.lemma, name: null, proper: false, det: null, gerund: false, noun: t.lemma });
      }
      const diet = dietFrom(foods, lex);
      if (diet) return [{ key: 'diet', value: diet, implicit: true, subject: clause.speaker, confidence: 0.7, metadata: { frame: `abstinence×${cue.join(' ')}` } }];
    }
  }
  return [];
}
const isPossessive = (w: string) => ['my', 'our'].includes(w);

/**
 * Verbless fragments (FRAGMENTS): a state word and a tail that says it is the speaker's ("vegan here, so…", "coeliac
 * here", "single again") → diet, relationship status, health condition or job by the word's class; a pastime and how
 * often ("volleyball every thursday…", "chess twice a week") → hobby. A word with a noun after it ("the vegan options
 * here") or a fragment of no pastime ("rain every day") says nothing.
 */
export function fragmentDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (!clause.subject.self || shape.pronoun || clause.negated || shape.negated) return [];
  const toks = rc.tokens.filter((t) => t.pos !== 'PUNCT' || t.text === ',');
  // How often, at token k: "every sunday", "twice a week", "three times a month", "(on) wednesdays".
  const oftenAt = (k: number) => {
    const [a, b, c] = [toks[k]?.lower, toks[k + 1]?.lower, toks[k + 2]?.lower];
    return ((FRAGMENTS.every as readonly string[]).includes(a ?? '') && (FRAGMENTS.periods as readonly string[]).includes(b ?? '')) || ((FRAGMENTS.counts as readonly string[]).includes(a ?? '') && (b === 'a' || (b === 'times' && c === 'a'))) || (FRAGMENTS.habitual as readonly string[]).includes(a ?? '');
  };
  // The frequency may follow a place or a company ("birdwatching at the reservoir every weekend"), before a comma.
  const oftenWithin = (from: number) => {
    // …but not past a verb of its own: "recycling in Leeds goes out on thursdays" is about the recycling.
    for (let k = from; k < Math.min(toks.length, from + 7) && toks[k].text !== ',' && toks[k].pos !== 'VERB' && toks[k].pos !== 'AUX'; k++) if (oftenAt(k)) return true;
    return false;
  };
  // "birdwatching at the reservoir every weekend", "hurling training twice a week": a fragment the tagger opens with a
  // gerund (or an activity word before a practice head) is the pastime, with a frequency after it.
  if (!shape.subject && toks.length > 2 && shape.verb && toks[0].lemma === shape.verb) {
    const first = toks[0];
    const practice = (PRACTICE_HEADS.occasions as readonly string[]).includes(toks[1]?.lower ?? '');
    const activity = /ing$/.test(first.lower) && isKind(first.lower, 'activity', lex) && !PREDICATES.work.lemmas.includes(first.lower.replace(/ing$/, ''));
    if (activity && (toks[1]?.pos !== 'DET' || practice) && oftenWithin(practice ? 2 : 1)) return [{ key: 'hobby', value: first.lower, implicit: true, subject: clause.speaker, metadata: { frame: 'fragment×frequency' } }];
  }
  if (shape.verb && shape.verb !== 'be') return [];
  const w = toks[0]?.lower ?? '';
  const next = toks[1]?.lower ?? '';
  if ((FRAGMENTS.stateTails as readonly string[]).includes(next) && !shape.verb) {
    const state = DIETS[w] ? { key: 'diet', value: DIETS[w] } : RELATIONSHIP_STATUS.has(w) ? { key: 'relationship_status', value: w } : kindOf(w, lex) === 'illness' ? { key: 'health_condition', value: w } : OCCUPATIONS.has(w) ? { key: 'job_title', value: w } : null;
    if (state) return [{ ...state, subject: clause.speaker, confidence: 0.8, metadata: { frame: `fragment×${state.key}` } }];
  }
  // The pastime is the fragment's first phrase, then a frequency.
  const p = shape.subject;
  if (!p || p.proper || p.det !== null || shape.verb || !(isKind(p.headLemma, 'activity', lex) || isKind(p.headLemma, 'instrument', lex))) return [];
  const at = toks.findIndex((t) => t.lower === p.head);
  return oftenWithin(at + 1) ? [{ key: 'hobby', value: p.head, implicit: true, subject: clause.speaker, metadata: { frame: 'fragment×frequency' } }] : [];
}

/**
 * A span in a role with no verb (SPAN_ROLES): "ten years as a plumber and my knees are shot", "fifteen years now as a
 * paramedic" → the speaker's job_title. Someone else's span ("my dad spent thirty years as…") or a wish says nothing;
 * a role that is no occupation ("ten years as a member of the choir") neither.
 */
export function spanRoleDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  const span = shape.subject;
  const being = beingRole(rc);
  if (being) return [being];
  if (!clause.subject.self || shape.pronoun || clause.negated || shape.negated || shape.modal || (shape.verb && shape.verb !== 'be')) return [];
  // "Twelve years a farrier and…", "ten years now a nurse": the span and the role with no preposition between.
  const bareRole = spanBareRole(rc);
  if (bareRole) return [bareRole];
  if (!span) return [];
  if (!(SPAN_ROLES.units as readonly string[]).includes(span.headLemma) || span.det !== null || !/^(?:\d+|[a-z]+)\s+\S+$/i.test(span.text)) return [];
  const out: Draft[] = [];
  for (const role of SPAN_ROLES.roles)
    for (const { prep, np } of shape.preps) if (prep === role.prep && (np.det === 'a' || np.det === 'an') && fits(np, role.arg, lex)) out.push({ key: role.key, value: bare(np), subject: clause.speaker, confidence: 0.8, metadata: { frame: `span×${role.prep} ${role.arg}` } });
  return out.slice(0, 1);
}

/**
 * A role the speaker holds, said as the subject of what it is like: "being a midwife is the best job going", "…, being
 * a locksmith has its moments" (a gerund "being a/an <occupation>" opening the sentence or after a comma, followed by
 * its verb). A negated or modal clause ("being a vet would be a dream") or someone else's sentence says nothing.
 */
function beingRole(rc: ReadClause): Draft | null {
  const { tokens, clause, shape, lex } = rc;
  if (!clause.subject.self || clause.negated || shape.negated || shape.modal) return null;
  for (let i = 0; i < tokens.length - 3; i++) {
    if (tokens[i].lower !== 'being' || (i > 0 && tokens[i - 1].pos !== 'PUNCT') || (tokens[i + 1].lower !== 'a' && tokens[i + 1].lower !== 'an')) continue;
    const nouns: string[] = [];
    let k = i + 2;
    for (; k < tokens.length && (tokens[k].pos === 'NOUN' || tokens[k].pos === 'ADJ'); k++) nouns.push(tokens[k].lower);
    const head = nouns[nouns.length - 1];
    const verb = tokens[k];
    if (head && verb && (verb.pos === 'AUX' || verb.pos === 'VERB') && ['be', 'have'].includes(verb.lemma) && isKind(head, 'occupation', lex))
      return { key: 'job_title', value: nouns.join(' '), subject: clause.speaker, confidence: 0.8, metadata: { frame: 'being×occupation' } };
  }
  return null;
}

/** The verbless "<count> <unit> (now) (as) a/an <occupation>" at the start of the clause, as a job title, or null. */
function spanBareRole(rc: ReadClause): Draft | null {
  const { tokens, clause, lex } = rc;
  const t = tokens.filter((x) => x.pos !== 'PUNCT');
  if (t.length < 4 || !['NUM', 'DET', 'ADJ'].includes(t[0].pos) || !(SPAN_ROLES.units as readonly string[]).includes(t[1].lemma)) return null;
  // "nine years a welder", "twelve years now as a lighthouse keeper"
  let at = t[2].lower === 'now' ? 3 : 2;
  if (t[at]?.lower === 'as') at++;
  if (t[at]?.lower !== 'a' && t[at]?.lower !== 'an') return null;
  const nouns: string[] = [];
  for (const x of t.slice(at + 1)) {
    if (x.pos !== 'NOUN' && x.pos !== 'ADJ') break;
    nouns.push(x.lower);
  }
  const head = nouns[nouns.length - 1];
  // Years as an agent the lexicon files only as a person ("twelve years as a lighthouse keeper") are a trade too.
  const agent = !!head && /^years?$/.test(t[1].lemma) && kindOf(head, lex) === 'person' && /(?:er|or|ist)$/.test(head);
  if (!head || !(isKind(head, 'occupation', lex) || agent)) return null;
  return { key: 'job_title', value: nouns.join(' '), subject: clause.speaker, confidence: 0.8, metadata: { frame: 'span×bare occupation' } };
}

/** Verbs of running a practice for others ("teach yoga classes", "coach the netball team"). */
const TEACHING = ['teach', 'instruct', 'coach', 'train'];

/**
 * Practice: the speaker's phrase "<activity|instrument> <lessons|club|league…>" ("started bassoon lessons", "fencing
 * club twice a week keeps me sane", "joined a netball league") → hobby, implied. Someone else's ("his judo club") or a
 * negated, modal or planned clause gives nothing.
 */
export function practiceDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (!clause.subject.self || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || isPlan(clause)) return [];
  if (shape.pronoun && !['i', 'we'].includes(shape.pronoun)) return [];
  // "I teach yoga classes": running them for others is work, not a pastime.
  if (shape.verb && lex && TEACHING.some((a) => lex.isA(shape.verb!, a, { pos: 'verb', maxSenses: 1, maxDepth: 2 }))) return [];
  // "left every WhatsApp group", "quit the choir": leaving one ends the belonging (frames/entity-state.ts), it asserts none.
  if (shape.verb && (LEAVING_VERBS.includes(shape.verb) || (lex?.lemmas(shape.verb, 'verb') ?? []).some((l) => LEAVING_VERBS.includes(l)))) return [];
  const out: Draft[] = [];
  for (const p of [shape.subject, ...shape.objects, shape.complement, ...shape.preps.map((x) => x.np)]) {
    if (!p || p.proper || ['his', 'her', 'their', 'your'].includes(p.det ?? '') || /['’]s\b/.test(p.text)) continue;
    const words = p.text.toLowerCase().split(/\s+/);
    const head = words[words.length - 1];
    const occasion = (PRACTICE_HEADS.occasions as readonly string[]).includes(head);
    if (words.length < 2 || !(occasion || (PRACTICE_HEADS.memberships as readonly string[]).includes(head))) continue;
    // "went to a pottery workshop last Friday": one dated occasion is an event, not a practice.
    if (occasion && (p.det === 'a' || p.det === 'an') && clause.date) continue;
    const what = words[words.length - 2];
    // "my last chemo session", "therapy sessions": a treatment is care, not a practice.
    if (TREATMENTS.has(what) || (!!lex && lex.isA(what, 'medical care', { pos: 'noun', maxSenses: 1, maxDepth: 4 }))) continue;
    // "shakuhachi lessons", "a tchoukball club": a word the lexicon does not hold at all, before a head of practice or
    // belonging, is the practice itself.
    const unheard = /^[a-z]{4,}$/.test(what) && !!lex && lex.senses(what, undefined, 1).length === 0 && kindOf(what, lex) === null;
    if (isKind(what, 'activity', lex) || isKind(what, 'instrument', lex) || unheard) out.push({ key: 'hobby', value: what, implicit: true, subject: clause.speaker, metadata: { frame: `practice×${head}` } });
    // "my Polish lessons", "the Swahili class", "my Portuguese tutor": a language being learnt.
    else if (occasion && isKind(what, 'language', lex)) out.push({ key: 'language', value: what[0].toUpperCase() + what.slice(1), implicit: true, subject: clause.speaker, metadata: { frame: `practice×${head}` } });
  }
  return out;
}

/**
 * Devotion: "<someone> is a (massive) <activity> <nut|fan|buff…>" → their hobby ("Rashid is a massive cricket nut", "I'm
 * a proper marathon junkie"); a named team, artist or show before the word → a like ("a huge Arsenal fan"). The subject
 * may be a third party; a negated or hypothetical clause says nothing.
 */
export function enthusiastDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  const c = shape.complement;
  if (shape.verb !== 'be' || !c || c.proper || !ENTHUSIASTS.includes(c.headLemma) || clause.negated || shape.negated || shape.modal || !subjectOk(rc)) return [];
  // "I'm a huge Arsenal fan", "a massive Taylor Swift fan", "a Liverpool supporter": a named team, artist or show is liked.
  if (c.name && c.text.endsWith(` ${c.head}`) && c.text.includes(`${c.name} ${c.head}`) && isName(c.name.split(' ')[0])) return [{ key: 'like', value: c.name, ...(clause.subject.self ? { subject: clause.speaker } : {}), metadata: { frame: `be×${c.headLemma}` } }];
  const words = c.text.toLowerCase().split(/\s+/);
  const what = words[words.length - 2];
  if (!what || !(isKind(what, 'activity', lex) || isKind(what, 'instrument', lex))) return [];
  return [{ key: 'hobby', value: what, implicit: true, ...(clause.subject.self ? { subject: clause.speaker } : {}), metadata: { frame: `be×${c.headLemma}` } }];
}

const REACTION_WORDS = new Set<string>([...HARM_RESULTS, ...REACTION.kit]);
const REACTION_CHANGES = new Set<string>(REACTION.changes);
const REACTION_BECOME = new Set<string>(REACTION.become);
const REACTION_STATES = new Set<string>([...REACTION.states, ...HARM_STATES]);

/** Whether the words after an eating clause tell of a reaction: a part of the speaker that changes, a rash, the kit. */
function tellsReaction(words: string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    if (REACTION_WORDS.has(words[i])) return true;
    if (words[i] !== 'my' || !BODY_PARTS.includes(words[i + 1] ?? '')) continue;
    const after = words.slice(i + 2, i + 6);
    if (after.some((w) => REACTION_CHANGES.has(w))) return true;
    const b = after.findIndex((w) => REACTION_BECOME.has(w));
    // "my tongue went fat and tingly": the state may follow another.
    if (b >= 0 && after.slice(b + 1, b + 4).some((w) => REACTION_STATES.has(w))) return true;
  }
  return false;
}

/**
 * A procedure on the body, had, booked or needed, by whoever the clause is about: "had bunion surgery" → the illness
 * it treats ("bunion"); "needs a knee replacement" → the need ("knee replacement"). A routine procedure had or booked
 * on a part of the body ("knee surgery on the 2nd", "wisdom teeth out") is an event, not a condition; "cosmetic surgery"
 * names nothing.
 */
export function procedureDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (!lex || !shape.verb || !(PROCEDURE.verbs as readonly string[]).includes(shape.verb) || shape.negated || clause.negated || (shape.modal && shape.modal !== 'will')) return [];
  const bodily = (w: string) => fits({ ...shape.objects[0], text: w, head: w, headLemma: lex.lemmas(w, 'noun')[0] ?? w, det: null, proper: false, name: null }, 'ailment', lex);
  const out: Draft[] = [];
  for (const np of shape.objects) {
    const words = bare(np).toLowerCase().split(/\s+/);
    const head = words[words.length - 1];
    if (!(PROCEDURE.nouns as readonly string[]).includes(head) || words.length < 2 || ['his', 'her', 'their', 'your'].includes(np.det ?? '')) continue;
    const on = words[words.length - 2];
    // "bunion surgery", "cataract operation": the illness treated. "needs a knee replacement": the need is the condition.
    if (isKind(on, 'illness', lex)) out.push({ key: 'health_condition', value: on, metadata: { frame: 'procedure×illness' } });
    else if (shape.verb === 'need' && bodily(on)) out.push({ key: 'health_condition', value: words.slice(-3).join(' '), metadata: { frame: 'procedure needed' } });
  }
  return out;
}

/**
 * Reaction: the speaker ate a food and the sentence goes on to a reaction ("ate one cashew at the work do and my
 * throat went tight", "had a kiwi and my mouth started itching", "tried a prawn and came out in hives") → an allergy
 * to that food, implied. Someone else eating ("my son ate…") is theirs, and a plan or a condition says nothing.
 */
export function reactionDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  let shape = rc.shape;
  // "methi paratha at lunch and my lips swelled up again": a food said with no verb, then the speaker's body reacting
  // later in the sentence. A food to the lexicon, or a dish it does not hold at all (chat casing may capitalise it).
  // "one bite of that pesto": the food is what the portion is of.
  const portionOf = shape.preps.find((p) => p.prep === 'of' && !p.np.proper && fits(p.np, 'food', lex))?.np;
  const dish = !shape.verb && shape.subject && !shape.pronoun && clause.subject.self && !clause.negated ? (portionOf ?? shape.subject) : null;
  // A meal is when, not what ("lunch at noon and my throat is sore").
  if (dish && lex && !lex.isA(dish.headLemma, 'meal', { pos: 'noun', maxSenses: 1, maxDepth: 3 }) && (fits(dish, 'food', lex) || (lex.senses(dish.headLemma, undefined, 1).length === 0 && kindOf(dish.headLemma, lex) === null))) {
    const sentence = clause.sentence.toLowerCase();
    const from = sentence.indexOf(dish.head.toLowerCase());
    if (from >= 0 && tellsReaction(sentence.slice(from).split(/[^\p{L}-]+/u).filter(Boolean))) return [{ key: 'allergy', value: bare(dish).toLowerCase().replace(/^(?:that|this|those|these)\s+/, ''), implicit: true, subject: clause.speaker, metadata: { frame: 'food+reaction' } }];
  }
  // "went to the GP coz every time I eat anything with sesame…": the eating clause may follow the main one.
  // "last time I took aspirin my face swelled up": a medicine taken is had like a food.
  const had = (v: string) => (REACTION.eat as readonly string[]).includes(v) || v === 'take';
  if (shape.verb && !had(shape.verb)) {
    const at = rc.tokens.findIndex((t, k) => k > 0 && ['i', 'we'].includes(t.lower) && had(verbLemma(rc.tokens[k + 1]?.lemma ?? '', lex)));
    if (at > 0) shape = { ...shapeOfTokens(rc.tokens.slice(at)), modal: shape.modal, negated: shape.negated };
  }
  // "can't eat anything with shellfish, my throat swells up": what the speaker cannot have, with the reaction it
  // gives, is the allergy all the same (a "can't" with no reaction after it says nothing here).
  const cannot = shape.modal === 'can' && (shape.negated || clause.negated);
  if (!shape.verb || !had(shape.verb) || !clause.subject.self || ((shape.negated || clause.negated || shape.modal) && !cannot) || isPlan(clause)) return [];
  if (!(shape.pronoun === 'i' || shape.subjectless || (!shape.subject && !shape.pronoun))) return [];
  // "two bites of a mango", "a slice of cheesecake": the food is what the portion is of.
  const portion = shape.preps.find((p) => p.prep === 'of' && !p.np.proper && fits(p.np, 'food', lex))?.np;
  // "anything with sesame": what the indefinite object contains.
  const contained = shape.objects.some((o) => (REACTION.indefinite as readonly string[]).includes(o.headLemma)) ? shape.preps.find((p) => p.prep === 'with' && !p.np.proper && fits(p.np, 'food', lex))?.np : undefined;
  const drug = (o: Phrase) => shape.verb === 'take' && !!lex && lex.isA(o.headLemma, 'drug', { pos: 'noun', maxSenses: 1, maxDepth: 8 });
  const food = portion ?? contained ?? shape.objects.find((o) => !o.proper && (shape.verb === 'take' ? drug(o) : fits(o, 'food', lex)));
  if (!food) return [];
  const sentence = clause.sentence.toLowerCase();
  const from = sentence.indexOf(food.head.toLowerCase());
  const words = sentence.slice(from >= 0 ? from : 0).split(/[^\p{L}-]+/u).filter(Boolean);
  if (!tellsReaction(words)) return [];
  return [{ key: 'allergy', value: bare(food).toLowerCase(), implicit: true, subject: clause.speaker, metadata: { frame: 'eat×food+reaction' } }];
}

/**
 * Rescue kit and the food it followed: the speaker's epipen or antihistamines (REACTION.kit) in a clause with a food
 * after, with or for it, or an occasion the food names ("had to use my epipen after the hazelnut incident", "epipen's
 * back in my bag after the walnut scare") → an allergy to that food, implied. Someone else's kit ("his epipen") or a
 * mishap with no kit says nothing.
 */
export function kitDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex, tokens } = rc;
  if (!clause.subject.self || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || (shape.pronoun && !['i', 'we'].includes(shape.pronoun))) return [];
  const kit = tokens.findIndex((t) => (REACTION.kit as readonly string[]).includes(t.lower));
  if (kit < 0 || ['his', 'her', 'their', 'your'].includes(tokens[kit - 1]?.lower ?? '')) return [];
  for (const { prep, np } of shape.preps) {
    if (!['after', 'with', 'for', 'from'].includes(prep) || np.proper) continue;
    const words = bare(np).toLowerCase().split(/\s+/);
    const mishap = (REACTION.mishaps as readonly string[]).includes(np.headLemma) ? words[words.length - 2] : null;
    const food = mishap && isKind(mishap, 'food', lex) ? mishap : !mishap && fits(np, 'food', lex) ? bare(np).toLowerCase() : null;
    if (food) return [{ key: 'allergy', value: food, implicit: true, subject: clause.speaker, metadata: { frame: 'kit×food' } }];
  }
  return [];
}

/**
 * A possessed animal and its name in apposition ("my dachshund frank has figured out the fridge", "our cockapoo
 * ziggy"), and a possessed illness ("my coeliac disease means…", "my asthma is terrible"); "living with
 * endometriosis" is an illness too.
 */
export function possessedDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex, tokens } = rc;
  if (clause.negated || shape.negated) return [];
  const out: Draft[] = [];
  const phrases = [shape.subject, ...shape.objects, shape.complement, ...shape.preps.map((p) => p.np)].filter((p): p is Phrase => !!p);
  for (const p of phrases) {
    // "the psoriasis is flaring", "a bad gout week": an illness the speaker's clause has act up, or colour a day.
    if (clause.subject.self && !/['’]s\b/.test(p.text) && !shape.pronoun) {
      const words = p.text.toLowerCase().split(/\s+/);
      // "plantar fasciitis is back", "the gout's back again": an illness that has returned is had.
      const back = shape.verb === 'be' && tokens.some((t, k) => t.lemma === 'be' && tokens[k + 1]?.lower === 'back' && !tokens[k + 2]?.lower.match(/^(?:from|to|in|at|home|on)$/));
      const flares = p === shape.subject && (p.det === 'the' || (back && (p.det === null || p.det === 'my'))) && !shape.negated && !shape.modal && ((FLARE_VERBS as readonly string[]).includes(shape.verb ?? '') || (shape.verb === 'be' && COURSE_ADJECTIVES.includes(shape.adjective ?? '')) || back);
      const spell = (p.det === 'a' || p.det === 'an') && ['day', 'week', 'night', 'month'].includes(p.headLemma) ? words[words.length - 2] : null;
      const ill = flares ? p.headLemma : spell;
      if (ill && kindOf(ill, lex) === 'illness' && !NOT_CONDITIONS.includes(ill) && !(lex?.isA(ill, 'symptom', { pos: 'noun', maxSenses: 1, maxDepth: 4 }) && !INFLAMMATION.test(ill))) out.push({ key: 'health_condition', value: flares ? bare(p).toLowerCase() : ill, subject: clause.speaker, metadata: { frame: flares ? 'illness flares' : 'illness×spell' } });
    }
    // "the Renault Clio's clutch is slipping", "my Yamaha's chain snapped": a vehicle named by its make whose part the
    // speaker's clause tells of is the speaker's vehicle (implied).
    const owner = clause.subject.self && !shape.pronoun ? /^(?:my|our|the)\s+((?:[\p{Lu}][\p{L}-]*|\d+)(?:\s+(?:[\p{Lu}][\p{L}-]*|\d+)){0,2})['’]s\s+[\p{Ll}]/u.exec(p.text) : null;
    if (owner && owner[1].split(/\s+/).some((w, k, ws) => isKind(w.toLowerCase(), 'vehicle') || (k > 0 && isKind(`${ws[k - 1]} ${w}`.toLowerCase(), 'vehicle'))) && !out.some((d) => d.key === 'vehicle'))
      out.push({ key: 'vehicle', value: owner[1], implicit: true, subject: clause.speaker, metadata: { frame: 'vehicle×part' } });
    // "my Jeep Wrangler failed its MOT", "our Skoda Octavia needs tyres": the speaker's vehicle, named by its make, as
    // the subject of the clause whatever it did (implied).
    const ownedMake = clause.subject.self && p === shape.subject && !shape.negated ? /^(?:my|our)\s+((?:[\p{Lu}][\p{L}-]*|\d+)(?:\s+(?:[\p{Lu}][\p{L}-]*|\d+)){0,2})$/u.exec(p.text) : null;
    if (ownedMake && ownedMake[1].split(/\s+/).some((w) => isKind(w.toLowerCase(), 'vehicle')) && !out.some((d) => d.key === 'vehicle'))
      out.push({ key: 'vehicle', value: ownedMake[1], implicit: true, subject: clause.speaker, metadata: { frame: 'vehicle×any verb' } });
    // "the new kitten Mozzarella": a new animal or vehicle said with "the" in the speaker's clause is theirs too.
    const newOne = p.det === 'the' && /^the\s+new\s/i.test(p.text) && clause.subject.self;
    if ((p.det !== 'my' && p.det !== 'our' && !newOne) || /['’]s\b/.test(p.text)) continue;
    // "my Tourette's is worse when I'm tired": the tagger splits the eponym's "'s" off; the clause still says it.
    if (p.proper && p.name && clause.subject.self && new RegExp(`\\b${p.name}['’]s\\b`).test(clause.text) && eponymIllness({ ...p, text: `${p.name}'s`, headLemma: `${p.name.toLowerCase()}'s` }, lex)) {
      out.push({ key: 'health_condition', value: `${p.name}'s`, subject: clause.speaker, metadata: { frame: 'possessed×illness' } });
      continue;
    }
    const words = p.text.split(/\s+/).slice(1);
    // "my dachshund frank": an animal word then one more word that is a name.
    const at = words.findIndex((w) => isKind(w.toLowerCase(), 'animal', lex));
    const after = at >= 0 ? words[at + 1] : undefined;
    if (after && at === words.length - 2) {
      // In apposition after a species a word the lexicon reads as a thing is still a name ("our greyhound luna").
      const thing = lex?.senses(after.toLowerCase(), 'noun', 1)[0]?.lexClass === 'noun.object' ? after[0].toUpperCase() + after.slice(1) : null;
      const name = /^[\p{Lu}]/u.test(after) ? after : (bareName({ ...p, text: after, det: null, proper: false, gerund: false }, lex) ?? thing);
      if (name && isName(name) && kindOf(after.toLowerCase()) === null) out.push({ key: 'pet', value: `${words[at].toLowerCase()} named ${name}`, subject: clause.speaker, metadata: { species: words[at].toLowerCase(), name, frame: 'possessed×animal+name' } });
    }
    // "My Land Rover Defender is older than I am": a possessed vehicle named by its make or model, as what the clause is
    // about, is the speaker's vehicle (implied). The value runs over the written name and the vehicle words after it
    // ("Land Rover Defender", "Volvo"), never a verb the tagger took into the phrase ("my Brompton folds up").
    const namesVehicle = (name: string) => isKind(name.toLowerCase(), 'vehicle', lex) || name.split(/\s+/).some((w, k, ws) => isKind(w.toLowerCase(), 'vehicle') || (k > 0 && isKind(`${ws[k - 1]} ${w}`.toLowerCase(), 'vehicle')));
    // ("my dog Jaguar", "our pony Mustang": a name after a species is the animal's, not a make.)
    // ("our little boy Sam": a name after a person's noun is that person's.)
    const lead = p.name ? words.slice(0, Math.max(0, words.indexOf(p.name.split(/\s+/)[0]))).map((w) => w.toLowerCase()) : [];
    // (A word that is an adjective too describes the vehicle: "my trusty Volvo 240".)
    const personLead = lead.some((w) => RELATIONS[w] !== undefined || (lex?.classesOf(w, 'noun', 1)[0] === 'noun.person' && lex.senses(w, 'adj', 1).length === 0));
    if (p === shape.subject && clause.subject.self && p.name && !personLead && namesVehicle(p.name) && !(at >= 0 && at < words.indexOf(p.name.split(/\s+/)[0]))) {
      const stop = words.findIndex((w, k) => k > 0 && !/^[\p{Lu}]|\d/u.test(w) && !isKind(w.toLowerCase(), 'vehicle', lex));
      // "my old Peugeot 106": the describing words before the name are not the vehicle's name.
      const from = Math.max(0, words.findIndex((w) => /^[\p{Lu}]/u.test(w)));
      out.push({ key: 'vehicle', value: (stop > 0 ? words.slice(from, Math.max(stop, from + 1)) : words.slice(from)).join(' '), implicit: true, subject: clause.speaker, metadata: { frame: 'possessed×vehicle' } });
    }
    // A symptom ("my mouth itch", "my cough") is no condition; the harm frame reads what caused it.
    const symptom = (!!lex && lex.isA(p.headLemma, 'symptom', { pos: 'noun', maxSenses: 1, maxDepth: 4 }) && !INFLAMMATION.test(p.headLemma)) || (shape.objects.includes(p) && harmDrafts(rc).length > 0);
    if (isKind(p.headLemma, 'illness', lex) && !NOT_CONDITIONS.includes(p.headLemma) && !symptom && clause.subject.self) out.push({ key: 'health_condition', value: bare(p).toLowerCase(), subject: clause.speaker, metadata: { frame: 'possessed×illness' } });
  }
  // "bloods came back and it's pernicious anaemia": "it" after a test's result names the speaker's illness.
  const c = shape.complement;
  if (shape.verb === 'be' && shape.pronoun === 'it' && clause.subject.self && c && (!c.det || c.det === 'a' || c.det === 'an') && !/['’]s\b/.test(c.text.replace(/^[\p{Lu}][\p{L}-]*['’]s$/u, '')) && (kindOf(c.headLemma, lex) === 'illness' || eponymIllness(c, lex) || kindOf(bare(c).toLowerCase(), lex) === 'illness') && !NOT_CONDITIONS.includes(c.headLemma) && FINDING_SOURCE.test(clause.sentence) && !KIN_MENTION.test(clause.sentence))
    out.push({ key: 'health_condition', value: bare(c).toLowerCase(), subject: clause.speaker, metadata: { frame: 'finding×illness' } });
  if (shape.verb === 'live' && clause.subject.self)
    for (const { prep, np } of shape.preps) if (prep === 'with' && !np.proper && isKind(np.headLemma, 'illness', lex)) out.push({ key: 'health_condition', value: bare(np).toLowerCase(), metadata: { frame: 'live with×illness' } });
  // "My Tagalog is fluent", "my spanish is rusty", "brushing up my French": a language the speaker calls theirs (the
  // word itself, not a modifier: "my English teacher") is one they speak; a word whose first sense is a part of the
  // body is that part ("my tongue went numb").
  if (clause.subject.self)
    for (let i = 1; i < tokens.length; i++) {
      const w = tokens[i];
      if (tokens[i - 1].lower !== 'my' || tokens[i + 1]?.pos === 'NOUN' || tokens[i + 1]?.pos === 'PROPN') continue;
      if (!LANGUAGES.has(w.lower) && (!(lex?.isA(w.lower, 'natural language', { pos: 'noun', maxSenses: 2, maxDepth: 4 }) ?? false) || lex?.classesOf(w.lower, 'noun', 1)[0] === 'noun.body')) continue;
      if (!out.some((d) => d.key === 'language' && d.value.toLowerCase() === w.lower)) out.push({ key: 'language', value: w.lower[0].toUpperCase() + w.lower.slice(1), subject: clause.speaker, metadata: { frame: 'possessed×language' } });
    }
  return out;
}

/** Doer nouns a verb derives in WordNet ("teach" → "teacher"), by their ending. */
const DOER = /(?:er|or|ist|ian|ant)$/;

/**
 * A vocation: the subject does a verb whose doer is an occupation (a WordNet derivation: teach → teacher, drive →
 * driver, manage → manager), habitually (present tense, or "still"/"now" with -ing), and the clause says what or where:
 * - at or for an organisation (a proper name, or a noun of the organisation kind: "the primary school") → the doer,
 *   and the organisation named after "for" is the employer ("I drive for DPD"); "I swim at the leisure centre" names
 *   no organisation, so it is no job;
 * - a named organisation as the object ("manages the Muji in Lyon") → the doer and that employer;
 * - a bare plural of things as the object ("drives trams", "grooms dogs") → the doer of them ("tram driver");
 * - "as" an occupation ("flies for easyJet as cabin crew") names the title in place of the doer;
 * and a place the lexicon knows (or a name it does not hold) after "in" is where they live.
 * Whoever the clause is about has the job: the speaker saying "I", or a named third party.
 */
export function vocationDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (!lex || !shape.verb || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || isPlan(clause) || clause.past || clause.date) return [];
  // Attribution already found who the clause is about; a first or second person in it is someone else's clause.
  const theirs = !clause.subject.self && !['i', 'we', 'you', 'they'].includes(shape.pronoun ?? '');
  if (!(clause.subject.self ? shape.pronoun === 'i' : theirs)) return [];
  // Habitual: "drives", "drive", "is still driving" — not "drove", "driving the kids to school today".
  const text = (shape.verbText ?? '').toLowerCase();
  if (/ing$/.test(text) && !/\b(?:still|now|currently)\s+\S+ing\b/i.test(clause.text)) return [];
  // The listed verbs have their own frames (work at X is the employer, not a "worker"); driving for someone, with
  // nothing driven, is a trade ("I drive for DPD").
  if (BY_LEMMA.has(shape.verb) && !PREDICATES.study.lemmas.includes(shape.verb) && !PREDICATES.drive.lemmas.includes(shape.verb)) return [];
  const organisation = (np: Phrase) => fits(np, 'proper') || (!np.proper && isKind(np.headLemma, 'organization', lex));
  const at = shape.preps.find((p) => (p.prep === 'at' || p.prep === 'for') && organisation(p.np));
  // "manages the Muji": a proper name under "the" is a business or venue (never a vehicle driven, nor a place).
  const named = shape.objects.length === 1 ? shape.objects[0] : null;
  const namedObject = named && named.proper && named.det === 'the' && named.name && fits(named, 'proper') && !PREDICATES.drive.lemmas.includes(shape.verb) && !isKind(named.name.toLowerCase(), 'location', lex) && !isKind(named.name.toLowerCase(), 'vehicle', lex) ? named : null;
  // ("knit most evenings": a time said as a bare plural is when, not what.)
  const things = shape.objects.length === 1 && !shape.objects[0].proper && shape.objects[0].det === null && /[a-z]s$/.test(shape.objects[0].head) && shape.objects[0].head !== shape.objects[0].headLemma && !lex.classesOf(shape.objects[0].headLemma, 'noun', 1).includes('noun.time') ? shape.objects[0] : null;
  // "still drives the school bus": a service run on a route (public transport to the lexicon) is driven as a job.
  const service = !things && named && !named.proper && named.det === 'the' && lex.isA(named.headLemma, 'public transport', { pos: 'noun', maxSenses: 1, maxDepth: 3 }) ? named : null;
  if (shape.object && !namedObject && !things && !service) return [];
  if (!at && !namedObject && !things && !service) return [];
  const doer = lex.derivations(shape.verb, 'verb').find((d) => DOER.test(d) && (OCCUPATIONS.has(d) || isKind(d, 'occupation', lex)) && !lex.isA(d, 'athlete', { pos: 'noun', maxSenses: 1 }));
  if (!doer) return [];
  const as = shape.preps.find((p) => p.prep === 'as' && !p.np.proper)?.np;
  const title = as ? bare(as).toLowerCase() : things ? `${things.headLemma} ${doer}` : service ? `${bare(service).toLowerCase()} ${doer}` : doer;
  const out: Draft[] = [{ key: 'job_title', value: title, metadata: { frame: 'vocation×organization' } }];
  // Done for a named organisation, or to one, the organisation is the employer ("I write for the Guardian").
  const employer = namedObject ?? (at && at.prep === 'for' && at.np.proper ? at.np : null);
  if (employer?.name) out.push({ key: 'employer', value: employer.name, metadata: { frame: 'vocation×for organization' } });
  // Not the speaker's, after a workplace ("I teach at a high school in Leeds": Leeds is where the school is).
  const where = clause.subject.self && shape.preps.some((p) => p.prep === 'at') ? undefined : shape.preps.find((p) => p.prep === 'in' && p.np.det === null && p.np.proper && (isKind((p.np.name ?? p.np.head).toLowerCase(), 'location', lex) || unknownName(p.np, lex)) && !isKind((p.np.name ?? p.np.head).toLowerCase(), 'organization', lex));
  if (where) out.push({ key: 'location', value: where.np.name ?? where.np.text, confidence: 0.7, metadata: { frame: 'vocation×place' } });
  return out;
}

/** The stance an emotion verb takes on its subject (APPRAISAL), from its first WordNet sense; null for other verbs. */
export function appraisalOf(verb: string, lex?: Lexicon): 'positive' | 'negative' | null {
  if (!lex || !lex.classesOf(verb, 'verb', 2).includes('verb.emotion')) return null;
  for (const stance of ['negative', 'positive'] as const) if (APPRAISAL[stance].some((a) => a === verb || lex.isA(verb, a, { pos: 'verb', maxSenses: 2, maxDepth: 4 }))) return stance;
  return null;
}

/**
 * Appraisal: a thing that acts on the speaker's feelings — "figma irritates me more with every update", "the new
 * ticketing bit frustrates me" — is an opinion on that thing (opinion_<topic>, the stance from the verb's class). The
 * thing must be a noun phrase of the speaker's world (not someone's "his X", not a pronoun).
 */
export function appraisalDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, tokens, lex } = rc;
  if (!shape.verb || !shape.subject || shape.pronoun || clause.negated || shape.negated || shape.modal) return [];
  const subj = shape.subject;
  if (['his', 'her', 'their', 'your', 'my', 'our', 'this', 'that'].includes(subj.det ?? '') || /['’]s\b/.test(subj.text)) return [];
  const at = tokens.findIndex((t) => t.lemma === shape.verb || t.lower === shape.verbText);
  if (at < 0 || !['me', 'us'].includes(tokens[at + 1]?.lower ?? '')) return [];
  const stance = appraisalOf(shape.verb, lex);
  if (!stance) return [];
  const topic = bare(subj).toLowerCase();
  const slug = topicSlug(topic);
  if (!slug) return [];
  const value = tokens.slice(at).map((t) => t.text).join(' ').replace(/\s+([,.!?])/g, '$1');
  return [{ key: `opinion_${slug}`, value, type: 'opinion', subject: clause.speaker, metadata: { stance, topic, frame: 'appraisal' } }];
}

/**
 * A stance turned (STANCE_TURNS): "Notion has won me over", "the oat milk latte has converted me", "Spotify's new
 * shuffle has put me off the whole thing" → opinion on the thing (a possessor names it: "Spotify's"). The speaker must
 * be the object (me/us, or "it for me"); someone of the speaker's ("my brother converted me") or a pronoun is no topic.
 */
export function stanceTurnDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, tokens } = rc;
  if (!shape.verb || !shape.subject || shape.pronoun || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal))) return [];
  const row = STANCE_TURNS.find((r) => r.lemma === shape.verb);
  const at = tokens.findIndex((t) => t.lower === shape.verbText);
  if (!row || at < 0) return [];
  const after = tokens.slice(at + 1, at + 5).map((t) => t.lower);
  const row2 = STANCE_TURNS.find((r) => r.lemma === shape.verb && !!r.tail && runAt(after, r.tail));
  const me = !row.tail && ['me', 'us'].includes(after[0]) && (!row.particle || after[1] === row.particle || shape.particle === row.particle);
  const forMe = !row.tail && after[0] === 'it' && after[1] === 'for' && ['me', 'us'].includes(after[2]);
  if (!me && !forMe && !row2) return [];
  const stance = (row2 ?? row).stance;
  const subj = shape.subject;
  if (['his', 'her', 'their', 'your', 'my', 'our', 'this', 'that'].includes(subj.det ?? '')) return [];
  const owner = /^(?:the\s+)?([\p{L}\p{N}.+#-]+)['’]s\b/u.exec(subj.text)?.[1];
  // The thing's name, when the phrase carries one ("the new Figma update" is about Figma).
  const topic = (owner ?? subj.name ?? subj.head ?? '').toLowerCase();
  const slug = topicSlug(topic);
  if (!slug || RELATIONS[topic] !== undefined) return [];
  const first = tokens.findIndex((t) => t.text === subj.text.split(' ')[0].replace(/['’]s$/, ''));
  const value = tokens.slice(Math.max(0, first)).map((t) => t.text).join(' ').replace(/\s+([,.!?]|['’]s\b)/g, '$1');
  return [{ key: `opinion_${slug}`, value, type: 'opinion', subject: clause.speaker, metadata: { stance, topic, frame: `turn×${row.lemma}` } }];
}

/** Occasion nouns, and the times of day an occasion is named by ("a jazz night", "a games evening"). */
const OCCASIONS = new Set([...OCCASION_NOUNS.split('|'), 'night', 'evening', 'afternoon', 'morning', 'day', 'weekend']);

/**
 * A conversion (CONVERSIONS) said after the thing: "Rust finally clicked…, I get it now", "went to a salsa class…, I see
 * the appeal now" → a positive opinion on what the sentence's first clause is about: its subject (a noun, not a person
 * of the speaker's or a pronoun), else what the speaker went to or tried (an occasion noun gives its modifier: "a salsa
 * class" → salsa). A negated conversion, or one that opens the sentence, says nothing.
 */
export function conversionDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, tokens, lex } = rc;
  if (!clause.subject.self || shape.modal) return [];
  const words = tokens.map((t) => t.lower).filter((w) => !['honestly', 'finally', 'totally', 'now', 'so'].includes(w) || w === 'now');
  // A verbless verdict opening a part of the clause ("…, honestly a waste of money", "mixed feelings", "never again
  // with the fondue"): its own "never" is no negation.
  const verdict = clause.text
    .split(/\s*[,;:—–]\s*/)
    .map((part) => part.toLowerCase().split(/[^\p{L}']+/u).filter((w) => w && !['honestly', 'so', 'just', 'tbh', 'and', 'but', 'ok', 'well', 'yeah', 'frankly'].includes(w)))
    .map((lead) => VERDICTS.find((v) => runAt(lead, v.words)))
    .find((v) => v !== undefined);
  if (!verdict && (shape.pronoun !== 'i' || shape.negated || clause.negated)) return [];
  const after = words.slice(words.indexOf('i') + 1).filter((w) => !['am', "'m", 'be', 'do', 'really', 'finally', 'honestly', 've', "'ve", 'have', 'been'].includes(w));
  const said = verdict?.words ?? CONVERSIONS.find((c) => runAt(after, c));
  if (!said) return [];
  // What came before the conversion in the sentence (the clause may be re-cased or expanded: find its words).
  const sentence = clause.sentence.toLowerCase();
  const at = sentence.lastIndexOf(said.join(' '));
  let before = at > 0 ? clause.sentence.slice(0, at).replace(/[,;.…\s]*\b(?:and\s+)?(?:honestly\s+)?(?:i(?:['’]m|\s+am|['’]ve\s+been|\s+have\s+been)?(?:\s+a)?)?\s*$/i, '') : '';
  // "I've been converted, okra fried crispy is unreal", "never again with the fondue": the thing said after it.
  if (!before.trim() && at >= 0) before = clause.sentence.slice(at + said.join(' ').length).replace(/^[\s,;:—–-]*(?:with|on|to)?\s*/i, '').split(/[.!?;,]/)[0];
  before = before.replace(/(?:[\s,;]+(?:honestly|tbh|frankly|so|and|but|just|ok|well))+[\s,;]*$/i, '');
  if (!before.trim()) return [];
  let first = shapeOfTokens(tagFragment(before));
  // "fine, typescript caught 3 bugs…": a discourse word and its comma open the sentence.
  if (!first.verb && /,/.test(before)) first = shapeOfTokens(tagFragment(before.slice(before.indexOf(',') + 1)));
  // "…has converted me, I'm a believer now": the clause before already said it (a stance turn).
  if (first.verb && STANCE_TURNS.some((r) => !r.tail && r.lemma === verbLemma(first.verb!, lex))) return [];
  const subj = first.subject && !first.pronoun && !['my', 'our', 'his', 'her', 'their', 'your'].includes(first.subject.det ?? '') ? first.subject : null;
  const tried = !first.pronoun || first.pronoun === 'i' || first.pronoun === 'we' ? [...first.objects, ...first.preps.filter((p) => p.prep === 'to').map((p) => p.np)][0] : undefined;
  const np = subj ?? (first.subjectless || !first.subject || first.pronoun === 'i' || first.pronoun === 'we' ? tried : undefined);
  if (!np || RELATIONS[np.headLemma] !== undefined || isKind(np.headLemma, 'person', lex)) return [];
  const words2 = bare(np).toLowerCase().split(/\s+/);
  // The thing as said ("the sprouts" → sprouts: people name a taste in the plural).
  const topic = np.name?.toLowerCase() ?? (OCCASIONS.has(np.headLemma) && words2.length > 1 ? words2[words2.length - 2] : np.head.toLowerCase());
  const slug = topicSlug(topic);
  if (!slug) return [];
  return [{ key: `opinion_${slug}`, value: clause.sentence.trim(), type: 'opinion', subject: clause.speaker, metadata: { stance: verdict?.stance ?? 'positive', topic, frame: verdict ? 'verdict' : 'conversion' } }];
}

/** "he's a 6kg tabby", "she is a rescue lurcher", "that daft beagle": a description of the last one named as an animal. */
const ANIMAL_DESCRIPTION = /\b(?:(?:he|she)(?:'s|’s|\s+is|\s+was)\s+(?:a|an|such\s+a)|(?:love|adore|miss)\s+(?:that|this|my|our))\s+((?:[\p{L}\p{N}-]+\s*){1,4})/gu;
const BEFORE_PLACE = /\b(?:in|to|from|at|of|near|around|into|via)\s*$/i;

/**
 * Anaphora to an animal: a name said earlier in the message, then described as an animal ("finally got Wellington to
 * take his tablet… he's a 6kg tabby", "Pickle decided to bark at a fox. love that daft beagle") → a pet named so,
 * implied. The name is the last capitalised word before the description that is no place after a preposition, no
 * relative or person the message introduced (`people`), and no common word.
 */
/** A name then a birth weight: "Matilda, 3.2kg", "Ivy - 7lb 2oz", "Theo (3.4 kg)". */
const BIRTH_WEIGHT_NAME = /(?<![\p{L}'’])([\p{Lu}][\p{Ll}'’-]+)\s*(?:,|-|–|—|\()\s*\d+(?:\.\d+)?\s*(?:kg|kgs|kilos|lbs?|pounds)\b/u;
/** Twins' or triplets' names, then their weights: "Ivy and Hugo, both healthy, 2.4 and 2.6 kilos". */
const BIRTH_WEIGHT_NAMES = /(?<![\p{L}'’])((?:[\p{Lu}][\p{Ll}'’-]+\s*,\s*)*[\p{Lu}][\p{Ll}'’-]+\s+(?:and|&)\s+[\p{Lu}][\p{Ll}'’-]+)\s*(?:,|-|–|—|\()\s*(?:[\p{Ll}\s]{1,25},\s*)?\d+(?:\.\d+)?(?:\s*(?:kg|kgs|kilos|lbs?))?(?:\s*,\s*\d+(?:\.\d+)?)*\s*(?:and|&)\s*\d+(?:\.\d+)?\s*(?:kg|kgs|kilos|lbs?|pounds)\b/u;
/** Words before a newcomer's noun ("our new puppy", "my little boy", "our beautiful twins"). */
const NEWCOMER_WORDS = '(?:new\\s+|little\\s+|baby\\s+|beautiful\\s+)?';
/** A newcomer's noun after a determiner or possessive: what a name given later may name. */
const NEWCOMER_NOUN = new RegExp(`\\b(?:[Mm]y|[Oo]ur|[Tt]he|[Aa]n?)\\s+${NEWCOMER_WORDS}([\\p{Ll}][\\p{Ll}-]*)`, 'gu');
/** The speaker's twins or triplets ("our twins arrived"). */
const OUR_TWINS = new RegExp(`\\b(?:[Mm]y|[Oo]ur)\\s+${NEWCOMER_WORDS}(twins|triplets)\\b`, 'u');
/** The newborn's arrival right after its noun ("our baby girl arrived", "our son was born"). */
const ARRIVED = /^\s+(?:(?:has|have|had|just|finally|officially)\s+)*(?:arrived|was\s+born|came)\b/i;
/** "baby girl", "little boy": the newborn's relation. */
const NEWBORN_SEX: Readonly<Record<string, string>> = { girl: 'daughter', boy: 'son' };
/** "we've called him Alfie", "I named her Tansy": a name given to someone said by a pronoun. */
const NAMED_PRONOUN = /\b(?:(?:we|I)(?:['’]ve|\s+have|['’]ve\s+just|\s+just|\s+finally)?\s+(?:called|named)\s+(him|her|them|it)|(his|her)\s+name\s+is|(he|she)(?:['’]s|\s+is)\s+called)\s+([\p{Lu}][\p{L}'’-]+)/u;
/**
 * A name given by pronoun across the message: the pronoun means the newest relative or animal the speaker's message
 * named before it ("Our son arrived on Monday! … we've called him Alfie" → child Alfie; "picked up the kitten today, named
 * her Tansy" → pet). The speaker's own ("my", "our") newcomer only.
 */
export function namedByPronoun(text: string, speaker: string, lex?: Lexicon): Draft[] {
  const hit = NAMED_PRONOUN.exec(text);
  // "Our twins arrived on Sunday!! Ivy and Hugo, both healthy, 2.4 and 2.6 kilos": each name is one of the newborns.
  const group = hit ? null : BIRTH_WEIGHT_NAMES.exec(text);
  if (group) {
    const names = group[1].split(/\s*,\s*|\s+(?:and|&)\s+/).filter(Boolean);
    const arrived = OUR_TWINS.exec(text.slice(0, group.index));
    if (arrived && ARRIVED.test(text.slice(arrived.index + arrived[0].length, group.index)) && names.every(isName))
      return names.flatMap((name) => {
        const d = relationDraft(speaker, 'child', name, 0.85);
        // (A roster's frame: the named twins leave nothing to the group word "twins".)
        return d ? [{ ...d, metadata: { ...d.metadata, frame: 'roster' } }] : [];
      });
  }
  // "Our baby girl arrived on Saturday!! Matilda, 3.2kg": a name said with a birth weight names the newborn before it.
  const weighed = hit ? null : BIRTH_WEIGHT_NAME.exec(text);
  // "we've called him Alfie", "his name is Leofric", "she's called Maeve": the name is the last group.
  const m = hit ? ([hit[0], hit[1] ?? hit[2] ?? hit[3], hit[4]] as const) : weighed ? ([weighed[0], null, weighed[1]] as const) : null;
  if (!m || !isName(m[2])) return [];
  const before = text.slice(0, (hit ?? weighed)!.index);
  const nouns = [...before.matchAll(NEWCOMER_NOUN)].reverse();
  for (const n of nouns) {
    const w = NEWBORN_SEX[n[1]] && /\b(?:baby|little)\s+\S+$/i.test(n[0]) ? NEWBORN_SEX[n[1]] : n[1];
    if (weighed && !ARRIVED.test(before.slice(n.index! + n[0].length))) continue;
    if (RELATIONS[w] === 'child' && /^(?:my|our)/i.test(n[0])) {
      const d = relationDraft(speaker, w, m[2], 0.85);
      return d ? [{ ...d, metadata: { ...d.metadata, frame: 'named×pronoun' } }] : [];
    }
    if (isKind(w, 'animal', lex) && !isKind(w, 'food', lex)) return [{ key: 'pet', value: `${w} named ${m[2]}`, subject: speaker, metadata: { species: w, name: m[2], frame: 'named×pronoun' } }];
  }
  return [];
}

export function animalAnaphora(text: string, lex: Lexicon | undefined, people: ReadonlySet<string>): Draft[] {
  if (!lexiconKnowsWords(lex)) return [];
  const out: Draft[] = [];
  for (const m of text.matchAll(ANIMAL_DESCRIPTION)) {
    // The first word of the description that is an animal ("a 6kg tabby", "that daft beagle").
    const animal = m[1].toLowerCase().split(/\s+/).find((w) => /^[\p{Ll}]+$/u.test(w) && kindOf(w, lex) === 'animal');
    if (!animal) continue;
    const before = text.slice(0, m.index);
    const names = [...before.matchAll(/(?<![\p{L}'’])([\p{Lu}][\p{Ll}]+)(?![\p{L}'’])/gu)].reverse();
    for (const n of names) {
      const word = n[1];
      const lower = word.toLowerCase();
      if (NOT_NAMES.has(lower) || people.has(lower) || BEFORE_PLACE.test(before.slice(0, n.index))) continue;
      // A sentence-initial common word ("Finally", "Honestly") is no name; a food, plant, place or person word may be.
      const first = lex.senses(lower, 'noun', 1)[0];
      if (!first && lex.lemmas(lower).length > 0) continue;
      if (first && !['noun.food', 'noun.person', 'noun.animal', 'noun.plant', 'noun.location', 'noun.object'].includes(first.lexClass)) continue;
      out.push({ key: 'pet', value: `${animal} named ${word}`, implicit: true, metadata: { species: animal, name: word, frame: 'name…animal description' } });
      break;
    }
  }
  return out;
}

/** Where a clause is about a trip, not home ("on holiday", "visiting", "the hotel"). */
const AWAY = /\b(?:visit|visiting|visited|trip|holiday|holidays|vacation|honeymoon|conference|layover|passing\s+through|hotel|staying|tour|touring|airbnb|flight|flew|flying)\b/i;
const PLACE_PREPS = new Set(['in', 'into', 'around', 'across']);

/** Whether the phrase names a local service or amenity (LOCAL_SERVICES): its head, or its last two words. */
function isLocalService(np: Phrase): boolean {
  const words = np.text.toLowerCase().split(/\s+/);
  return LOCAL_SERVICES.includes(np.headLemma) || LOCAL_SERVICES.includes(np.head) || (words.length >= 2 && LOCAL_SERVICES.includes(words.slice(-2).join(' ')));
}

/**
 * Local services: the speaker's clause refers to a local service or amenity that carries a place — its modifier
 * ("the Tucson water bill", a place by the lexicon) or the phrase right after it ("our street in Ghent", "the ferry
 * into Hobart", any proper name) → location, implied. A trip ("on holiday", "the hotel"), someone else's clause or
 * someone else's street ("his road in Leeds") gives nothing. The presupposition survives negation ("the council in
 * Wrexham still hasn't fixed it").
 */
export function localServiceDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  if (!clause.subject.self || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || AWAY.test(clause.sentence)) return [];
  if (shape.pronoun && !['i', 'we', 'it', 'they'].includes(shape.pronoun)) return [];
  const chain: Array<{ prep: string | null; np: Phrase }> = [
    ...(shape.subject ? [{ prep: null, np: shape.subject }] : []),
    ...shape.objects.map((np) => ({ prep: null, np })),
    ...(shape.complement ? [{ prep: null, np: shape.complement }] : []),
    ...shape.preps,
  ];
  // A condition is where the speaker is only now ("the heat in Seville was brutal" is a trip's).
  const past = /^(?:was|were|had|did)$|ed$/.test(shape.verbText ?? '');
  // "our local footy club in Ballarat": whatever the speaker calls local carries their place.
  // ("degrees" are the weather's only when counted: "35 degrees in Madrid", never "a degree in History".)
  const local = (np: Phrase) => isLocalService(np) || /\blocal\b/i.test(np.text) || (!past && LOCAL_CONDITIONS.includes(np.headLemma) && (np.headLemma !== 'degree' || /\d|\b(?:minus|twenty|thirty|forty|fifty|ten|fifteen)\b/i.test(np.text)));
  for (let i = 0; i < chain.length; i++) {
    const { np } = chain[i];
    if (!local(np) || ['his', 'her', 'their', 'your'].includes(np.det ?? '') || /['’]s\b/.test(np.text)) continue;
    // "the Tucson water bill": a place the lexicon knows, before the service noun.
    const modifier = np.name && !np.proper ? np.name : null;
    if (modifier && !modifier.includes(' ') && kindOf(modifier, lex) === 'location') return [localDraft(modifier)];
    const next = chain[i + 1];
    if (next?.prep && PLACE_PREPS.has(next.prep) && next.np.proper && next.np.name && isName(next.np.name.split(' ')[0]) && !['organization', 'person'].includes(kindOf(next.np.name, lex) ?? '')) return [localDraft(next.np.name)];
  }
  return [];
}

function localDraft(place: string): Draft {
  return { key: 'location', value: place, implicit: true, metadata: { frame: 'local service×place' } };
}

/** A test's result told in the sentence ("bloods came back", "the scan shows"): FINDING_SOURCES. */
const FINDING_SOURCE = new RegExp(`\\b(?:${FINDING_SOURCES.join('|')})\\b`, 'i');
/** A relative of the speaker's or someone's named in the sentence: the finding may be theirs. */
const KIN_MENTION = new RegExp(`\\b(?:my|our|his|her|their)\\s+(?:${RELATION_RE})\\b`, 'i');

/** An inflammation named by its suffix ("bursitis", "tendonitis"): WordNet files it under symptoms, people under conditions. */
const INFLAMMATION = /[a-z]{4,}itis$/;

/** Learning with no object said: "teaching myself", "practising every night" (the thing learned is named before). */
const LEARNING = /\b(?:teach(?:ing)?\s+myself|taught\s+myself|(?:learning|practising|practicing|practise|practice)(?=\s+(?:every|each|most|daily|at|on|from|with|in|for|online|off|loads|lots|a\s+lot|when)\b|\s*[.,;!]|\s*$))/i;

/**
 * An instrument got or had in one clause, then learned with no object in the next: "bought a secondhand zither and
 * I've been teaching myself from YouTube" → the instrument is a pastime of the speaker's.
 */
export function selfTaughtDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  if (!clause.subject.self || clause.negated || rc.shape.modal || !LEARNING.test(clause.text) || /\b(?:if|would|wish|want\s+to|might)\b|\?/i.test(clause.sentence)) return [];
  const learning = LEARNING.exec(clause.sentence);
  const before = learning ? clause.sentence.slice(0, learning.index).toLowerCase() : '';
  // The instrument is a noun after a determiner (and at most one describing word) in the clauses before.
  const word = [...before.matchAll(/\b(?:a|an|my|the)\s+(?:([a-z-]+)\s+)?(?:([a-z-]+)\s+)?([a-z-]+)\b/g)].flatMap((m) => [m[3], m[2], m[1]]).filter(Boolean).reverse().find((w) => isKind(w, 'instrument', lex));
  return word ? [{ key: 'hobby', value: word, subject: clause.speaker, metadata: { frame: 'got×instrument, learning' } }] : [];
}

/** Eating one food class and nothing else: "nothing but fruit since the spring", "I only eat fish these days". */
const EXCLUSIVE_EATING = /^(?:(?:I|we)\s+)?(?:(?:have\s+|'ve\s+)?(?:been\s+)?(?:eat(?:ing)?|ate|living\s+on|live\s+on|surviving\s+on)\s+(?:nothing\s+but|only|just|exclusively)|(?:only|just|exclusively)\s+(?:eat(?:ing)?|ate)|nothing\s+but|only)\s+([a-z]+)\b/i;

/**
 * One food class eaten and nothing else is the speaker's diet, named by the class ("fruit only"): a verb of eating
 * with "only/nothing but", or a verbless "nothing but <food>". Not negated, not a question or a wish.
 */
export function exclusiveDietDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  const m = EXCLUSIVE_EATING.exec(clause.text.trim());
  if (!m || !clause.subject.self || clause.negated || rc.shape.modal || /\?|\b(?:if|would|wish|want\s+to)\b/i.test(clause.sentence)) return [];
  // "only eat fish on Fridays", "nothing but toast for breakfast": one meal or day is a habit, not a diet.
  if (/\b(?:on\s+[a-z]+days?|at\s+(?:the\s+)?weekends?|for\s+(?:breakfast|lunch|dinner|tea|supper)|at\s+(?:breakfast|lunch|dinner)|in\s+the\s+(?:morning|evening))\b/i.test(clause.text)) return [];
  // A bare "only <word>" needs no verb only when the fragment says nothing else is eaten ("nothing but").
  if (/^only\s/i.test(m[0]) && !/^only\s+[a-z]+\s*(?:[,.;!]|$)/i.test(clause.text.trim())) return [];
  const food = m[1].toLowerCase();
  // A food class (never an animal eaten: "only chicken"), or one of the classes a diet is named by.
  const foodClass = (isKind(food, 'food', lex) && !isKind(food, 'animal', lex)) || ['fruit', 'fish', 'vegetables', 'veg', 'meat', 'plants'].includes(food);
  return foodClass ? [{ key: 'diet', value: `${food} only`, subject: clause.speaker, implicit: true, metadata: { frame: 'eat×only food' } }] : [];
}

/** "as an orthotist I spend…", "As a cheesemonger, I…": a fronted role of the speaker's present clause. */
const AS_ROLE = /^\W*(?:(?:and|but|so|honestly|well)\s+)?as\s+an?\s+((?:[a-z][a-z-]*\s+){0,3}?([a-z][a-z-]*))\s*,?\s+(?:I|we)\s+([\p{L}'’]+)/iu;

/**
 * A role fronted before the speaker's clause about now ("as a cheesemonger I come home smelling like a cave") is the
 * speaker's occupation. The head must be an occupation to the lexicon (or by its agent suffix); a past clause ("as a
 * student I lived in Lyon", "as a nurse I used to…") is history, a wish or condition says nothing.
 */
export function asRoleDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  // Read from the sentence: a comma may have split the role off its clause ("as a nurse, I see this daily"). The
  // occupations the rules' word list holds are theirs (rules/personal-facts.ts); this reads the lexicon's and the
  // agent suffix's.
  const m = AS_ROLE.exec(clause.sentence);
  if (!m || !clause.subject.self || clause.negated || /\b(?:if|would|wish|could|might)\b/i.test(clause.sentence)) return [];
  if (PAST_CUE.test(m[3]) || /^used$/i.test(m[3])) return [];
  const head = lex?.lemmas(m[2].toLowerCase(), 'noun')[0] ?? m[2].toLowerCase();
  if (!isKind(head, 'occupation', lex) || isKind(head, 'family', lex)) return [];
  return [{ key: 'job_title', value: m[1].toLowerCase(), subject: clause.speaker, metadata: { frame: 'as×occupation' } }];
}

/**
 * "my <role noun> is <value>" (ROLE_NOUNS): the speaker's fact under the key the role names, when the value is of the
 * role's class. Negated, modal, questioned or someone else's roles say nothing ("my sister's pet is a rat").
 */
export function roleDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  // "my home these days is Leeds", "my job right now is…": a time adverbial between the role and its copula is dropped.
  const shape = rc.shape.verb || !rc.shape.subject ? rc.shape : shapeOfTokens(withoutTimeAdverbial(rc.tokens));
  const subj = shape.subject;
  if (shape.verb !== 'be' || !subj || (subj.det !== 'my' && subj.det !== 'our') || /['’]s\b/.test(subj.text) || clause.negated || shape.negated || shape.modal || !clause.subject.self || shape.pronoun) return [];
  // "my home these days": a time phrase the subject runs into is not its head.
  const words = subj.text.toLowerCase().split(/\s+/);
  const cut = words.findIndex((w, i) => i > 0 && /^(?:these|those|this|nowadays|now)$/.test(w));
  const head = cut > 1 ? (lex?.lemmas(words[cut - 1], 'noun')[0] ?? words[cut - 1]) : subj.headLemma;
  const role = ROLE_NOUNS.find((r) => r.heads.includes(head));
  if (!role) return [];
  const c = shape.complement;
  let value: string | null = null;
  if (c && !['no', 'any'].includes(c.det ?? '')) {
    if (role.arg === 'proper') value = c.proper && c.name && isName(c.name.split(' ')[0]) ? c.name : null;
    else if (role.arg === 'place') value = c.proper && c.name && isKind(c.name.toLowerCase(), 'location', lex) ? c.name : null;
    else if (role.arg === 'any') value = afterCopula(clause.text) ?? bare(c).toLowerCase();
    else if (fits({ ...c, proper: role.arg === 'language' ? c.proper : false }, role.arg, lex)) value = role.key === 'pet' ? c.headLemma : role.arg === 'language' ? (c.name ?? c.head).replace(/^[\p{Ll}]/u, (x) => x.toUpperCase()) : bare(c).toLowerCase();
  } else if (role.arg === 'any' && shape.adjective) value = afterCopula(clause.text) ?? shape.adjective.toLowerCase();
  if (!value) return [];
  return [{ key: role.key, value, subject: clause.speaker, metadata: { frame: `role×${head}` } }];
}

/** The tokens without a time adverbial of the present ("these days", "nowadays", "right now", "at the moment", "currently"). */
function withoutTimeAdverbial(t: readonly NlpToken[]): NlpToken[] {
  const out: NlpToken[] = [];
  for (let i = 0; i < t.length; i++) {
    const w = t[i].lower;
    const next = t[i + 1]?.lower;
    if ((w === 'these' || w === 'those') && next === 'days') i++;
    else if (w === 'right' && next === 'now') i++;
    else if (w === 'at' && next === 'the' && t[i + 2]?.lower === 'moment') i += 2;
    else if (w !== 'nowadays' && w !== 'currently') out.push(t[i]);
  }
  return out;
}

/** The words after the copula, as written, without an article or end punctuation ("is low-fat." → "low-fat"); null past 4 words. */
function afterCopula(text: string): string | null {
  const m = /\b(?:is|are|was)\s+(?:(?:a|an|the|mostly|strictly|basically)\s+)*([\p{L}\p{N}' -]+?)\s*[.!,;]?\s*$/iu.exec(text);
  return m && m[1].split(/\s+/).length <= 4 ? m[1].toLowerCase() : null;
}

const RELATIVIZERS = new Set(['that', 'which', 'who', 'whom', 'where']);
const NP_TOKENS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PART']);
/** Cheap gate before tagging: a relative pronoun, or a determiner phrase, then I/we and a word. */
const RELATIVE_GATE = /\b(?:that|which|who|whom|where)\s+(?:I|we)\s+\w|\b(?:the|my|our)\s+[\w'’-]+(?:\s+[\w'’-]+)?\s+(?:I|we)\s+\w/i;
const NEGATORS = /^(?:not|n't|never|no)$/;

/** Tokens back to text: no space before a clitic or punctuation ("Parkinson's", "Fernway,"). */
const joinTokens = (ts: readonly NlpToken[]) => ts.reduce((acc, x, k) => (k === 0 ? x.text : /^['’]|^[.,!?;:]$/.test(x.text) || /^n['’]t$/.test(x.lower) ? acc + x.text : `${acc} ${x.text}`), '');

/**
 * A relative clause the speaker is the subject of, as a clause of its own with the noun it hangs on put back in the
 * gap: "the puppy that I adopted in March sleeps all day" → "I adopted the puppy in March"; "the X that I was
 * diagnosed with" → "I was diagnosed with the X"; "the company I work for, Fernway, is hiring" → "I work for
 * Fernway"; "the place where I work as a nurse" → "I work as a nurse". When the main verb is a copula its complement
 * fills the gap too ("the language that I speak at home is Tagalog" → "I speak Tagalog at home"). The rules and the
 * frames then read those clauses like any other (their own kind checks decide). A negated relative is left alone.
 */
/** Nouns of a time: a relative clause on one tells when, not what ("the last time I had prawns"). */
const TIME_HEADS = new Set(['time', 'times', 'day', 'days', 'moment', 'night', 'morning', 'evening', 'week', 'weekend', 'year', 'minute', 'second', 'month']);

export function liftRelatives(text: string): string[] {
  if (!RELATIVE_GATE.test(text)) return [];
  const t = tagFragment(text);
  const out: string[] = [];
  for (let i = 1; i + 2 < t.length; i++) {
    const rel = RELATIVIZERS.has(t[i].lower) ? t[i] : null;
    const j = rel ? i + 1 : i;
    const head = t[i - 1];
    if (!(head.pos === 'NOUN' || head.pos === 'PROPN') || !['i', 'we'].includes(t[j]?.lower ?? '') || (!rel && t[j + 1]?.pos !== 'VERB' && t[j + 1]?.pos !== 'AUX')) continue;
    // "the first time I tried kiwi", "the day we moved": a time the clause happened at is no object of its verb.
    if (TIME_HEADS.has(head.lower)) continue;
    let start = i - 1;
    while (start > 0 && NP_TOKENS.has(t[start - 1].pos) && !RELATIVIZERS.has(t[start - 1].lower)) start--;
    if (!['the', 'a', 'an', 'this', 'my', 'our'].includes(t[start].lower)) continue;
    // The body runs from the pronoun to the main verb (a verb or auxiliary after a non-verb word) or punctuation.
    let e = j + 1;
    while (e < t.length && ['AUX', 'VERB', 'PART', 'ADV'].includes(t[e].pos)) e++;
    while (e < t.length && t[e].pos !== 'PUNCT' && !(t[e].pos === 'AUX' || (t[e].pos === 'VERB' && t[e - 1].pos !== 'AUX'))) e++;
    const body = t.slice(j, e);
    if (body.length < 2 || body.some((x) => NEGATORS.test(x.lower))) continue;
    const det = t[start].lower === 'this' ? 'the' : t[start].lower;
    let np: NlpToken[] = [{ ...t[start], text: det, lower: det }, ...t.slice(start + 1, i)];
    // An apposition after the relative names the thing ("…, Fernway, is hiring").
    let rest = e;
    if (t[e]?.text === ',') {
      let k = e + 1;
      while (k < t.length && t[k].pos === 'PROPN') k++;
      if (k > e + 1 && t[k]?.text === ',') {
        np = t.slice(e + 1, k);
        rest = k + 1;
      }
    }
    const place = (what: NlpToken[]) => {
      if (rel?.lower === 'where') return body;
      if (body[body.length - 1].pos === 'ADP') return [...body, ...what];
      let v = 1;
      while (v < body.length && ['AUX', 'VERB', 'PART'].includes(body[v].pos)) v++;
      return [...body.slice(0, v), ...what, ...body.slice(v)];
    };
    const variants: NlpToken[][] = [];
    // "… is Tagalog", "… is a beagle": a noun complement of the main copula fills the gap too; a name alone does
    // ("the language that I speak is Tagalog" is no language called "language").
    let named = false;
    if (t[rest]?.lemma === 'be' && rel?.lower !== 'where') {
      let k = rest + 1;
      while (k < t.length && NP_TOKENS.has(t[k].pos)) k++;
      const complement = t.slice(rest + 1, k);
      if (complement.some((x) => x.pos === 'NOUN' || x.pos === 'PROPN')) {
        variants.push(place(complement));
        named = complement.every((x) => x.pos === 'PROPN');
      }
    }
    if (!named) variants.unshift(place(np));
    for (const v of variants) {
      const lifted = joinTokens(v);
      if (!out.includes(lifted)) out.push(lifted);
    }
  }
  return out;
}

/** Verbs of doing a job at a place ("works at", "teaches at", "lectures at"); a verb whose doer is a trade counts too. */
const WORK_VERBS = new Set(['work', 'teach', 'lecture', 'serve', 'nurse', 'volunteer', 'train', 'study']);
/** What a workplace is in WordNet when it is no organisation: a plant, an establishment, an institution, a facility. */
const WORKPLACE_ANCESTORS = ['establishment', 'institution', 'plant', 'facility', 'workplace', 'station'];

function isWorkplace(np: Phrase, lex: Lexicon): boolean {
  if (np.proper) return true;
  const head = np.headLemma;
  return isKind(head, 'organization', lex) || WORKPLACE_ANCESTORS.some((a) => lex.isA(head, a, { pos: 'noun', maxSenses: 2, maxDepth: 6 }));
}

/**
 * Where someone works is where they live: a work clause — a copula with an occupation ("Oonagh is a pharmacist over in
 * Limerick"), working, teaching or being with a workplace ("works at the brewery in Kumasi", "has been with Ryanair in
 * Dublin") — that names a place with "in" places that third party there (confidence 0.7).
 */
export function workplaceDrafts(rc: ReadClause): Draft[] {
  const { shape, clause, lex } = rc;
  // The speaker's own workplace town is the rules' (a named employer only: "a line cook at a ramen place in Shoreditch").
  if (!lex || clause.subject.self || !shape.verb || clause.negated || shape.negated || (shape.modal && HYPOTHETICAL_MODALS.has(shape.modal)) || isPlan(clause)) return [];
  const where = shape.preps.find((p) => p.prep === 'in' && p.np.proper && !!p.np.name && (isKind(p.np.name.toLowerCase(), 'location', lex) || lex.senses(p.np.name.toLowerCase()).length === 0));
  if (!where) return [];
  const verb = shape.verb;
  const doer = verb !== 'be' && (WORK_VERBS.has(verb) || lex.derivations(verb, 'verb').some((d) => DOER.test(d) && OCCUPATIONS.has(d)));
  const working =
    (verb === 'be' && !!shape.complement && !shape.complement.proper && isKind(shape.complement.headLemma, 'occupation', lex)) ||
    shape.preps.some((p) => p !== where && ((verb === 'be' && p.prep === 'with') || (doer && ['at', 'for', 'with'].includes(p.prep))) && isWorkplace(p.np, lex));
  return working ? [{ key: 'location', value: where.np.name!, confidence: 0.7, metadata: { frame: 'work×place' } }] : [];
}

/** A word in an activity's slot: an activity the lexicon knows, or a word it does not know at all (a new sport or craft). */
function activityWord(raw: string, lex: Lexicon, instrument = false): string | null {
  // "fell running", "bell ringing": a word and the -ing of doing it, an activity when the -ing is one.
  const lower = raw.toLowerCase();
  const pair = /^(\S+)\s+(\S+ing)$/.exec(lower);
  if (pair) return kindOf(pair[2], lex) === 'activity' || kindOf(lower, lex) === 'activity' ? lower : activityWord(pair[1], lex, instrument);
  const w = lower.replace(/['’]s$/, '');
  if (w.length < 4 || NOT_NAMES.has(w) || FUNCTION_WORDS.has(w)) return null;
  const kind = kindOf(w, lex);
  if (kind === 'activity' || (instrument && kind === 'instrument')) return w;
  return lex.senses(w).length === 0 && lex.lemmas(w).length === 0 ? w : null;
}
/** An activity the lexicon knows: the words, or the last of two ("aqua aerobics", "life drawing"). */
function knownActivity(raw: string, lex: Lexicon): string | null {
  const lower = raw.toLowerCase();
  const head = lower.split(/\s+/).pop()!;
  return kindOf(lower, lex) === 'activity' || kindOf(head, lex) === 'activity' ? lower : null;
}
const FUNCTION_WORDS = new Set('him|her|them|this|that|these|those|it|me|us|you|everything|everyone|anything|something|nothing|all|lot|bit|stuff|things'.split('|'));
const ACT = "(\\p{L}[\\p{L}'’-]+(?:\\s+\\p{Ll}[\\p{L}'’-]*ing)?)";
/**
 * Slots that only an activity fills: a club or lessons in it, getting into it, doing it on a weekly rhythm. `instrument`:
 * an instrument fills it too ("lessons on the hurdy-gurdy" are playing it); `rhythm`: a weekday in it is a habit, not
 * a coming date.
 */
/** A weekly rhythm: "twice a week", "every Friday", "on Tuesdays", "Sunday mornings". */
const RHYTHM = '(?:(?:twice|once|three\\s+times)\\s+a\\s+(?:week|month)|every\\s+(?:week|weekend|[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday)|on\\s+(?:a\\s+)?(?:[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday)s?|(?:[Mm]onday|[Tt]uesday|[Ww]ednesday|[Tt]hursday|[Ff]riday|[Ss]aturday|[Ss]unday)\\s+(?:nights|mornings|evenings))\\b';
const ACTIVITY_SLOTS: ReadonlyArray<{ re: RegExp; instrument?: boolean; rhythm?: boolean; known?: boolean }> = [
  { re: new RegExp(`\\b(?:joined|join|joining)\\s+(?:a|an|the|our|my)\\s+(?:local\\s+|village\\s+|new\\s+)?${ACT}\\s+(?:club|team|group|league|society|class|crew|squad)\\b`, 'iu') },
  { re: new RegExp(`\\b(?:lessons?|classes)\\s+(?:on|in|for)\\s+(?:the\\s+)?${ACT}`, 'iu'), instrument: true },
  { re: new RegExp(`\\b(?:got|getting|gotten|been)\\s+(?:(?:really|properly|seriously|totally|well|very)\\s+)?into\\s+${ACT}(?=\\s*(?:[.,;!]|$|\\s+(?:this|last|over|lately|recently|since|now|again|and|in)\\b))`, 'iu') },
  { re: new RegExp(`^${ACT}\\s+(?:(?:down\\s+|up\\s+)?at\\s+(?:the|a|our|my)\\s+(?:\\p{Ll}[\\p{L}'’-]*\\s+){1,3}?)?${RHYTHM}`, 'iu'), rhythm: true },
  // "I go to pottery on Thursdays", "been going to aqua aerobics twice a week": a weekly going to what only an activity
  // names (a bare noun: "the dentist", "work" and "church" are places or duties, and a word the lexicon does not know
  // may be a shop's name).
  // "I do pilates", "still do the sea swims": doing what only an activity names (with "the", a plural or a compound:
  // "do the cooking" is a chore).
  { re: new RegExp(`^(?:(?:i|we)\\s+)?(?:(?:still|also|now|really|mostly|usually|always)\\s+)*(?:do|does|doing)\\s+(?:some\\s+|a\\s+bit\\s+of\\s+|the\\s+)?(?!(?:any|no|every|much|more|less|enough|that|this|it|those|these|what|nothing|anything|something|everything)\\b)(\\p{Ll}[\\p{L}'’-]+(?:\\s+\\p{Ll}[\\p{L}'’-]+)?)(?=\\s*(?:[.,;!]|$|\\s+(?:with|on|at|every|most|in|down|up|twice|once|three|again|these|now|still)\\b))`, 'iu'), known: true },
  { re: new RegExp(`\\b(?<!used\\s+to\\s+)(?:go|goes|going)\\s+(?:along\\s+)?to\\s+(\\p{Ll}[\\p{L}'’-]+(?:\\s+\\p{Ll}[\\p{L}'’-]+)?)\\s+(?:(?:at|in)\\s+(?:the|a|our|my)\\s+(?:\\p{Ll}[\\p{L}'’-]*\\s+){1,3}?)?${RHYTHM}`, 'u'), rhythm: true, known: true },
];
/** Slots that end an activity: giving it up, being done with it, "X's finished for me". */
const ACTIVITY_ENDINGS: RegExp[] = [
  new RegExp(`^((?:(?:i|we|i've|we've|i'm|i\\s+am|i\\s+have|we\\s+have|have|had|just|finally|officially|so|and|but|well|yeah|now|that's\\s+me|that\\s+is\\s+me)\\s+)*)(?:given\\s+up|gave\\s+up|give\\s+up|giving\\s+up|jacked\\s+in|packed\\s+in|done\\s+with|finished\\s+with|stopped\\s+doing|retired\\s+from)\\s+(?:the\\s+)?${ACT}`, 'iu'),
  new RegExp(`^()${ACT}(?:['’]s|\\s+is)\\s+(?:finished|over|done)\\s+for\\s+me\\b`, 'iu'),
];

/**
 * Activities by their slot, whatever the word: "joined a pétanque club", "lessons on the hurdy-gurdy", "got properly
 * into kintsugi", "capoeira twice a week" are hobbies; "jacked in octopush", "capoeira's finished for me" end one. The
 * word must be an activity the lexicon knows or one it does not know (a sport or craft newer or rarer than WordNet);
 * a known word of another kind ("joined a book club" is reading's, "got into trouble") is left to the other frames.
 */
export function activitySlotDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  if (!lex || (clause.negated && !clause.ending)) return [];
  const text = clause.text.trim();
  // A weekday in a rhythm ("on a Saturday", "Tuesday nights") resolves to a coming date: only that slot ignores it.
  const plan = isPlan(clause);
  // "shinty on a Saturday keeps me sane": an unknown word opening the clause is read as a name; it is the activity.
  const opener = text.split(/[\s'’]/)[0].toLowerCase();
  if (!clause.subject.self && clause.subject.name?.toLowerCase() !== opener) return [];
  for (const re of ACTIVITY_ENDINGS) {
    const m = re.exec(text);
    // Only the speaker's own giving up: nothing but "I", "we" or a discourse word before it ("the neighbours gave up…").
    const w = m && !plan && activityWord(m[2], lex);
    if (w) return [{ key: 'hobby', value: w, op: 'retract', subject: clause.speaker, metadata: { frame: 'activity slot ending', ending: 'given up' } }];
  }
  if (clause.negated) return [];
  for (const slot of ACTIVITY_SLOTS) {
    const m = slot.re.exec(text);
    // "do the cooking" is a chore: after "the", only a plural or a compound names the activity ("the sea swims").
    const chore = !!m && slot.known && /\bthe\s+$/.test(m[0].slice(0, m[0].length - m[1].length)) && !/\s|s$/.test(m[1]);
    const w = m && !chore && (!plan || slot.rhythm) && (slot.known ? knownActivity(m[1], lex) : activityWord(m[1], lex, slot.instrument));
    if (w) return [{ key: 'hobby', value: w, subject: clause.speaker, metadata: { frame: 'activity slot' } }];
  }
  return [];
}

/** Qualifying into a trade: "qualified as a chiropodist", "fully qualified joiner", "officially a registered nurse". */
const QUALIFIED = /\b(?:(?:just\s+|finally\s+|now\s+)?qualified\s+as\s+(?:a|an)\s+|(?:fully|officially|now|finally)\s+(?:a\s+|an\s+)?(?:qualified|registered|certified|chartered|licensed|accredited)\s+)([a-z][a-z-]+)\b/i;

/**
 * A trade reached by qualifying is the job now held, for whoever the clause is about ("my sister Radhika's just
 * qualified as a chiropodist", a fragment "fully qualified joiner"): the word must be an occupation to the lexicon.
 */
export function qualifiedDrafts(rc: ReadClause): Draft[] {
  const { clause, lex } = rc;
  if (!lex || clause.negated || isPlan(clause)) return [];
  const m = QUALIFIED.exec(clause.text);
  if (!m) return [];
  const job = m[1].toLowerCase();
  if (!isKind(job, 'occupation', lex)) return [];
  return [{ key: 'job_title', value: job, ...(clause.subject.self ? { subject: clause.speaker } : {}), metadata: { frame: 'qualified×occupation' } }];
}
