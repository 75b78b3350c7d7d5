/**
 * @module core/extraction/frames/clause-shape
 * Shallow clause structure from wink-nlp's POS tags and lemmas: subject phrase, auxiliaries
 * (negation, modality, tense), predicate lemma with its particle, object, copula complement and
 * prepositional phrases. No grammar of our own beyond this one left-to-right pass over the
 * tags; the frames (frames/table.ts) read the result.
 */
import type { NlpToken } from '../nlp.ts';
import { tagFragment } from '../nlp.ts';
import { turnMemo } from '../turn-memo.ts';

/** A noun phrase: its words, head noun (lemma and as written), the proper name it carries, determiner/possessive, count. */
export interface Phrase {
  text: string;
  head: string;
  headLemma: string;
  /** The run of proper nouns in the phrase ("my cat Luna" → "Luna", "Monzo" → "Monzo"). */
  name: string | null;
  /** The head itself is a proper noun (no common noun after the name). */
  proper: boolean;
  /** my / our / his / her / their / your / the / a ... (first determiner or possessive). */
  det: string | null;
  /** The head is a gerund ("running" in "gave up running"). */
  gerund: boolean;
  /** Lemma of the last common noun ("our cat Luna" → "cat"), what the phrase is a kind of. */
  noun: string | null;
}

export interface Shape {
  subject: Phrase | null;
  /** Subject pronoun when the subject is one (i, we, he, she, they, it, you). */
  pronoun: string | null;
  /** Lemma of the main verb; 'be' for a copula clause; null when the clause has no verb. */
  verb: string | null;
  /** The verb as written ("crossed"). */
  verbText: string | null;
  /** A particle right after the verb (up, in, away, down, out, off, back, over). */
  particle: string | null;
  object: Phrase | null;
  /** The object and the phrases coordinated with it ("meat or fish", "a dog and two cats"). */
  objects: Phrase[];
  /** Copula complement: a noun phrase ("a sonographer") or an adjective ("allergic"). */
  complement: Phrase | null;
  adjective: string | null;
  preps: Array<{ prep: string; np: Phrase }>;
  negated: boolean;
  /** would / could / might / should / may / can / will / must. */
  modal: string | null;
  /** The clause opens with the verb (a subject-less chat fragment: "Brushing Pepper took ages", "traded in the van"). */
  subjectless: boolean;
  /** "be" + a participle ("had to be put down", "was rehomed"): the subject is what the verb acts on. */
  passive: boolean;
  /** The opening gerund phrase is the subject of a copula ("Feeding America is a charity"): it names a thing, not an act. */
  gerundNames: boolean;
}

const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their', 'your', 'its']);
const PRONOUNS = new Set(['i', 'we', 'he', 'she', 'they', 'it', 'you', 'me', 'us']);
const PARTICLES = new Set(['up', 'in', 'away', 'down', 'out', 'off', 'back', 'over', 'on']);
const INDIRECT = new Set(['me', 'us', 'him', 'them']);
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'they']);
const INDEFINITES = new Set(['anything', 'something', 'everything']);
/** Verbs whose adjective is a state, not an object ("go quiet", "feel sick", "get made redundant"). */
const LINKING = new Set(['make', 'get', 'go', 'turn', 'feel', 'seem', 'look', 'become', 'keep', 'stay', 'grow', 'sound', 'come', 'fall', 'remain', 'end']);
/** Heads of a partitive ("a bit of Cebuano", "a little piano"): the phrase is what it is a part of. */
const PARTITIVES = new Set(['bit', 'little', 'lot', 'smattering', 'touch', 'spot']);
const MODALS = new Set(['would', 'could', 'might', 'should', 'may', 'can', 'will', 'must', 'shall']);
const NEGATORS = new Set(['not', "n't", 'never', 'no']);
const NP_INNER = new Set(['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN']);

function isPossessive(t: NlpToken): boolean {
  return t.pos === 'PRON' && POSSESSIVES.has(t.lower);
}

const TIME_HEADS = new Set(['night', 'evening', 'morning', 'afternoon', 'day', 'week', 'weekend', 'month', 'year', 'summer', 'winter', 'spring', 'autumn', 'fall', 'time', 'today', 'yesterday', 'tonight']);
/** "last month", "this morning", "every weekend": a time phrase, never an argument. */
const CALENDAR = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter)$/i;
function isTime(np: Phrase): boolean {
  if (CALENDAR.test(np.headLemma) || /^(?:yesterday|today|tonight|tomorrow|now|recently)$/i.test(np.text)) return true;
  return TIME_HEADS.has(np.headLemma) && /^(?:last|this|next|every|each|that|the\s+other|one|some)\b/i.test(np.text);
}

/** Reads a noun phrase starting at i; returns it and the index after it (null when no noun is there). */
function readPhrase(toks: NlpToken[], i: number): [Phrase | null, number] {
  const start = i;
  let det: string | null = null;
  if (i < toks.length && (toks[i].pos === 'DET' || isPossessive(toks[i]))) det = toks[i++].lower;
  // "my sister's dog": a possessor phrase before the head.
  let seenHead = false;
  // "a used Toyota", "a rescued greyhound": a participle after the determiner, before a noun, is an adjective.
  // After the head only a naming one ("a small town called Tavira"): "my mate Tavish started last week…" has its verb there.
  const participle = (k: number) => det !== null && (!seenHead || /^(?:called|named)$/.test(toks[k].lower)) && toks[k].pos === 'VERB' && /ed$/.test(toks[k].lower) && ['NOUN', 'PROPN', 'ADJ'].includes(toks[k + 1]?.pos ?? '');
  while (i < toks.length && (NP_INNER.has(toks[i].pos) || toks[i].lower === "'s" || toks[i].lower === '’s' || (toks[i].pos === 'VERB' && /ing$/.test(toks[i].lower) && i === start + (det ? 1 : 0)) || participle(i))) {
    const t = toks[i];
    // After the head, a determiner, number or adjective starts the next phrase ("the rainbow bridge | last night").
    // …except a number inside a compound, between two nouns ("type 2 diabetes", "stage 3 cancer", "year 6 class").
    const inCompound = t.pos === 'NUM' && toks[i - 1]?.pos === 'NOUN' && toks[i + 1]?.pos === 'NOUN' && /^\d{1,2}$/.test(t.text) && !TIME_UNITS.has(toks[i + 1].lemma) && !/s$/.test(toks[i - 1].lower);
    if (seenHead && (t.pos === 'DET' || t.pos === 'ADJ' || (t.pos === 'NUM' && !inCompound))) break;
    // "out of Tesco yesterday": a deictic time word after the head is not part of the phrase.
    if (seenHead && DEICTIC_TIME.has(t.lower)) break;
    if (t.pos === 'DET' && i > start + (det ? 1 : 0)) break;
    // "the fiesta's been written off", "the corolla's gone": 's before a verb is "has"/"is", not a possessive.
    if ((t.lower === "'s" || t.lower === '’s') && ['AUX', 'VERB', 'ADV', 'ADP', 'PART'].includes(toks[i + 1]?.pos ?? 'END')) break;
    if (t.lower === "'s" || t.lower === '’s') seenHead = false;
    else if (t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'VERB' && !participle(i))) seenHead = true;
    i++;
  }
  const body = toks.slice(start, i);
  const heads = body.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'VERB' && /ing$/.test(t.lower) && t === body[det ? 1 : 0]));
  if (heads.length === 0) return [null, start];
  const last = heads[heads.length - 1];
  const propers = body.filter((t) => t.pos === 'PROPN');
  const commons = body.filter((t) => t.pos === 'NOUN');
  const name = propers.length > 0 ? propers.map((t) => t.text).join(' ') : null;
  return [
    {
      text: body.map((t) => t.text).join(' ').replace(/\s+('s|’s)/g, '$1'),
      head: last.pos === 'PROPN' ? (name ?? last.text) : last.lower,
      headLemma: last.pos === 'VERB' ? last.lower : last.lemma,
      name,
      proper: last.pos === 'PROPN',
      det,
      gerund: last.pos === 'VERB',
      noun: commons.length > 0 ? commons[commons.length - 1].lemma : null,
    },
    i,
  ];
}

/** A phrase, read through a partitive head ("a bit of Cebuano" → "Cebuano"). */
function readArgument(toks: NlpToken[], i: number): [Phrase | null, number] {
  const [np, j] = readPhrase(toks, i);
  if (np && PARTITIVES.has(np.headLemma) && toks[j]?.lower === 'of') {
    const [inner, k] = readPhrase(toks, j + 1);
    if (inner) return [inner, k];
  }
  // "a little piano", "a bit more Welsh": the amount is no part of the thing.
  if (np && /^(?:a\s+)?(?:little|bit(?:\s+more)?)\s+\S/i.test(np.text) && !PARTITIVES.has(np.headLemma)) return [{ ...np, text: np.text.replace(/^(?:a\s+)?(?:little|bit(?:\s+more)?)\s+/i, ''), det: null }, j];
  return [np, j];
}

/** Words the tagger may read as a noun or adverb that are prepositions before a determiner. */
const LOOSE_PREPS = new Set(['round', 'around', 'past', 'outside', 'inside', 'behind', 'near', 'along', 'across', 'through', 'down', 'up']);
const TIME_UNITS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'time', 'mile', 'km', 'kg', 'pound']);
const DEICTIC_TIME = new Set(['yesterday', 'today', 'tonight', 'tomorrow']);
const SKIP_LEAD = new Set(['INTJ', 'CCONJ', 'PUNCT', 'SCONJ']);
/** Chat openers that stand for a dropped "I have to / I am going to" ("gotta take Bella to the vet"). */
const CHAT_LEAD = new Set(['gotta', 'gonna', 'wanna', 'hafta', 'needa']);
const SKIP_ADV = new Set(['so', 'well', 'also', 'just', 'finally', 'actually', 'honestly', 'anyway', 'then', 'now', 'still', 'recently', 'sadly', 'unfortunately', 'today', 'yesterday']);

/**
 * The tagger's commonest slip in chat: a present-tense verb after a bare noun read as a plural noun ("dairy wrecks my
 * stomach", "Nugget hates baths"). A noun in -s between a noun and a determiner or possessive is the verb.
 */
function retagVerbs(tokens: readonly NlpToken[]): NlpToken[] {
  // "a Peugeot 106", "the Fiat 500 needs…": a model number after a make is part of the name (not before a unit).
  const toks = tokens.map((t, k) => (t.pos === 'NUM' && tokens[k - 1]?.pos === 'PROPN' && /^\d{2,4}[a-z]{0,2}$/i.test(t.text) && !TIME_UNITS.has(tokens[k + 1]?.lemma ?? '') && tokens[k + 1]?.pos !== 'NUM' ? { ...t, pos: 'PROPN' } : t));
  const verbless = !toks.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  return toks.map((t, i) => {
    const prev = toks[i - 1];
    const next = toks[i + 1];
    // "my stepdad Clem still drives…": a capitalised word inside the clause, after a noun, before the clause's verb, is a
    // name (the tagger reads "Clem" as the verb "clem").
    if (t.pos === 'VERB' && i > 0 && /^[\p{Lu}][\p{Ll}]/u.test(t.text) && prev?.pos === 'NOUN' && toks.slice(i + 1, i + 3).some((x) => x.pos === 'VERB' || x.pos === 'AUX')) return { ...t, pos: 'PROPN', lemma: t.lower };
    // "I do shifts at Kroger", "she does nails": an -s form right after "do" is no verb ("do" takes a bare one), but the
    // plural noun done.
    if (t.pos === 'VERB' && prev && ['do', 'does', 'did'].includes(prev.lower) && /[^s]s$/.test(t.lower) && t.lemma.toLowerCase() !== t.lower) return { ...t, pos: 'NOUN' };
    // "got pinched", "someone nicked the van": a past form the tagger read as a noun after "get" or after someone as
    // the subject (before a determiner, name or possessive) is the verb.
    if (t.pos === 'NOUN' && /[^e]ed$/.test(t.lower) && prev && (['get', 'got', 'gets', 'getting', 'gotten'].includes(prev.lower) || (['someone', 'somebody', 'thieves', 'he', 'she'].includes(prev.lower) && next && (next.pos === 'DET' || next.pos === 'PROPN' || isPossessive(next))))) return { ...t, pos: 'VERB', lemma: t.lower.replace(/ed$/, '') };
    // "Max is my oldest", "we rehomed our husky", "Koda is a husky": an adjective after a possessive or "a" with no noun after it is the noun the
    // phrase is about (a superlative standing for the person it ranks, or a word that is also a noun).
    if (t.pos === 'ADJ' && prev && (isPossessive(prev) || prev.lower === 'a' || prev.lower === 'an') && !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(next?.pos ?? 'END')) return { ...t, pos: 'NOUN', lemma: t.lower };
    // "eat anything with sesame": an indefinite pronoun after a verb is the object noun.
    if (t.pos === 'PRON' && INDEFINITES.has(t.lower) && prev?.pos === 'VERB') return { ...t, pos: 'NOUN' };
    // "walked Taco round the reservoir": a word that may be a preposition, between a noun and a determiner, is one.
    // "the school bus round Toowoomba": before a name, after a common noun.
    if (LOOSE_PREPS.has(t.lower) && t.pos !== 'ADP' && prev && (prev.pos === 'NOUN' || prev.pos === 'PROPN') && next && (next.pos === 'DET' || isPossessive(next) || (next.pos === 'PROPN' && prev.pos === 'NOUN'))) return { ...t, pos: 'ADP', lemma: t.lower };
    // "I learnt Greek", "we sold the van": a word right after a subject pronoun that opens the clause, before a name,
    // determiner or possessive, is the verb (the tagger reads irregular pasts as nouns).
    if (t.pos === 'NOUN' && i === 1 && prev?.pos === 'PRON' && SUBJECT_PRONOUNS.has(prev.lower) && next && (next.pos === 'PROPN' || next.pos === 'DET' || isPossessive(next))) return { ...t, pos: 'VERB', lemma: t.lower };
    // "I roasted the sprouts", "roasted the sprouts…": a past form read as an adjective, opening the clause or after its
    // subject pronoun, before a determiner or possessive, is the verb.
    if (t.pos === 'ADJ' && /ed$/.test(t.lower) && (i === 0 || (i === 1 && prev?.pos === 'PRON' && SUBJECT_PRONOUNS.has(prev.lower))) && next && (next.pos === 'DET' || isPossessive(next))) return { ...t, pos: 'VERB', lemma: t.lower };
    // After a name anywhere ("my flatmate Kofi practises the sax"), after a bare noun only as the clause's second word.
    // After a name, a preposition and its phrase will do too ("Bertie lives with my neighbour's mum").
    const prepPhrase = prev?.pos === 'PROPN' && next?.pos === 'ADP' && !!toks[i + 2] && (toks[i + 2].pos === 'DET' || isPossessive(toks[i + 2]) || toks[i + 2].pos === 'PROPN');
    // "Leifur drives trams in Bremen": in a clause with no verb, a name, then two plural nouns — the first is the verb.
    const pluralObject = verbless && prev?.pos === 'PROPN' && next?.pos === 'NOUN' && /[^s]s$/.test(next.lower) && (!toks[i + 2] || ['ADP', 'PUNCT', 'CCONJ'].includes(toks[i + 2].pos));
    if (t.pos !== 'NOUN' || !/[^s]s$/.test(t.lower) || !prev || !(prev.pos === 'PROPN' || (prev.pos === 'NOUN' && i === 1)) || !next || !(next.pos === 'DET' || isPossessive(next) || prepPhrase || pluralObject)) return t;
    return { ...t, pos: 'VERB', lemma: t.lower.replace(/(?:ie)?s$/, (m) => (m === 'ies' ? 'y' : '')) };
  });
}

/** Shallow structure of one clause (an already split, contraction-expanded statement). */
export function shapeOf(text: string): Shape {
  return shapeOfTokens(tagFragment(text));
}

const SHAPES = {};
/**
 * The shape of a token run. Pure in the tokens' fields, so within one extraction a run read again (the same clause's
 * tokens sliced again, a sentence the learned layer reads after the frames) gets the first answer (turn-memo.ts); the
 * readers only read a shape, never change it.
 */
export function shapeOfTokens(tokens: readonly NlpToken[]): Shape {
  const memo = turnMemo<Shape>(SHAPES);
  if (!memo) return shapeUncached(tokens);
  let key = '';
  for (const t of tokens) key += `${t.text}\u0001${t.lower}\u0001${t.pos}\u0001${t.lemma}\u0001${t.negated ? 1 : 0}\u0002`;
  const hit = memo.get(key);
  if (hit) return hit;
  const shape = shapeUncached(tokens);
  memo.set(key, shape);
  return shape;
}

function shapeUncached(tokens: readonly NlpToken[]): Shape {
  let toks = retagVerbs(tokens);
  const s: Shape = { subject: null, pronoun: null, verb: null, verbText: null, particle: null, object: null, objects: [], complement: null, adjective: null, preps: [], negated: false, modal: null, subjectless: false, gerundNames: false, passive: false };
  let i = 0;
  // A sentence adverb before the subject pronoun ("eventually I handed…", "honestly we…") is skipped too.
  while (i < toks.length && (SKIP_LEAD.has(toks[i].pos) || (toks[i].pos === 'ADV' && (SKIP_ADV.has(toks[i].lower) || (/ly$/.test(toks[i].lower) && toks[i + 1]?.pos === 'PRON' && PRONOUNS.has(toks[i + 1].lower)))) || CHAT_LEAD.has(toks[i].lower))) i++;
  // "every time I eat…", "last week we…": a leading time phrase before a subject pronoun is no subject.
  const [lead, afterLead] = readPhrase(toks, i);
  if (lead && isTime(lead) && toks[afterLead]?.pos === 'PRON' && PRONOUNS.has(toks[afterLead].lower)) i = afterLead;
  // Subject: a pronoun or a noun phrase before the verb group.
  if (i < toks.length && toks[i].pos === 'PRON' && PRONOUNS.has(toks[i].lower)) {
    s.pronoun = toks[i].lower === 'me' ? 'i' : toks[i].lower === 'us' ? 'we' : toks[i].lower;
    i++;
    // "me and my bf", "Sam and I": a compound subject.
    if (toks[i]?.lower === 'and') {
      const [np, j] = readPhrase(toks, i + 1);
      if (np) {
        s.subject = np;
        i = j;
      } else if (toks[i + 1]?.pos === 'PRON') i += 2;
      s.pronoun = 'we';
    }
  } else if (i < toks.length && !(toks[i].pos === 'VERB' || toks[i].pos === 'AUX') && !(NEGATORS.has(toks[i].lower) && toks[i + 1]?.pos === 'VERB')) {
    const [np, j] = readPhrase(toks, i);
    if (np) {
      s.subject = np;
      i = j;
      // "our cat, Mortimer, died": a name in commas after a common noun is that noun's name, read as "our cat Mortimer".
      if ((!np.proper || np.det === 'my' || np.det === 'our') && toks[i]?.text === ',' && toks[i + 1]?.pos === 'PROPN') {
        let k = i + 1;
        while (toks[k]?.pos === 'PROPN') k++;
        if (toks[k]?.text === ',' && ['AUX', 'VERB', 'ADV'].includes(toks[k + 1]?.pos ?? '')) {
          const name = toks.slice(i + 1, k).map((t) => t.text).join(' ');
          s.subject = { ...np, text: `${np.text} ${name}`, head: name, name, proper: true };
          i = k + 1;
        }
      }
      // "the ginger kombucha from the market has converted me": a phrase after the subject, before its verb group.
      if (toks[i]?.pos === 'ADP' && !PARTICLES.has(toks[i].lower)) {
        const [pp, k] = readPhrase(toks, i + 1);
        if (pp && (toks[k]?.pos === 'AUX' || (toks[k]?.pos === 'VERB' && /(?:s|ed)$/.test(toks[k].lower)))) {
          s.preps.push({ prep: toks[i].lower, np: pp });
          i = k;
        }
      }
      if (toks[i]?.lower === 'and' && ['i', 'me'].includes(toks[i + 1]?.lower ?? '')) {
        s.pronoun = 'we';
        i += 2;
      }
    }
  } else s.subjectless = toks[i]?.lower === 'been' || toks[i]?.pos === 'VERB' || (NEGATORS.has(toks[i]?.lower ?? '') && toks[i + 1]?.pos === 'VERB') || (toks[i]?.pos === 'AUX' && (['have', 'be'].includes(toks[i].lemma) || (toks[i].lemma === 'do' && NEGATORS.has(toks[i + 1]?.lower ?? ''))) && toks[i + 1]?.pos !== 'PRON' && toks.slice(i + 1, i + 4).some((t) => t.pos === 'VERB'));
  // Verb group: auxiliaries, negation, modals, then the main verb.
  let sawBe = false;
  let lastAux = -1;
  // The subject's "'s" left before the verb group ("the fiesta 's been…") is its auxiliary.
  if (s.subject && (toks[i]?.lower === "'s" || toks[i]?.lower === '’s')) {
    toks = toks.map((t, k) => (k === i ? { ...t, pos: 'AUX', lemma: toks[i + 1]?.pos === 'VERB' && /ed$|en$/.test(toks[i + 1].lower) ? 'have' : 'be' } : t));
  }
  for (; i < toks.length; i++) {
    const t = toks[i];
    if (NEGATORS.has(t.lower) || t.lemma === 'not') s.negated = true;
    else if (MODALS.has(t.lower)) s.modal = t.lower;
    else if (t.pos === 'AUX') {
      sawBe ||= t.lemma === 'be';
      lastAux = i;
    } else if (t.pos === 'ADV' || t.pos === 'PART') continue;
    else break;
  }
  // "I have a dog", "we got a van": the auxiliary is the main verb when no verb follows it.
  if (toks[i]?.pos !== 'VERB' && lastAux >= 0 && ['have', 'get', 'do'].includes(toks[lastAux].lemma)) {
    i = lastAux;
    toks = toks.map((t, k) => (k === lastAux ? { ...t, pos: 'VERB' } : t));
  }
  const v = toks[i];
  if (v && v.pos === 'VERB') {
    s.passive = sawBe && !/ing$/.test(v.lower);
    s.verb = v.lemma;
    s.verbText = v.lower;
    i++;
    // "getting divorced", "got married": get + a participle is the participle's verb, passive.
    const part = toks[i];
    if (v.lemma === 'get' && part?.pos === 'VERB' && /ed$/.test(part.lower)) {
      s.verb = part.lemma;
      s.verbText = part.lower;
      s.passive = true;
      i++;
    }
    const p = toks[i];
    if (p && PARTICLES.has(p.lower) && (p.pos === 'ADP' || p.pos === 'PART' || p.pos === 'ADV')) {
      s.particle = p.lower;
      i++;
    }
    // An indirect object pronoun before the object ("gives me hives", "got us a puppy").
    if (toks[i]?.pos === 'PRON' && INDIRECT.has(toks[i].lower) && toks[i + 1] && NP_INNER.has(toks[i + 1].pos)) i++;
    // "speak tamil at home": a bare word the tagger read as an adjective, with no noun after it, is the object noun.
    // (Never after a passive or a linking verb: "was made redundant from Argos", "went quiet at work".)
    if (toks[i]?.pos === 'ADJ' && !s.passive && !LINKING.has(s.verb) && (!toks[i + 1] || ['ADP', 'CCONJ', 'PUNCT'].includes(toks[i + 1].pos)) && !NEGATORS.has(toks[i].lower)) toks = toks.map((t, k) => (k === i ? { ...t, pos: 'NOUN' } : t));
    // A particle read as a preposition ("traded in my bike"): the phrase after it is the object.
    const [np, j] = readArgument(toks, i);
    // A time after the verb ("resigned on Friday") is no object, and what looked like a particle was its preposition
    // unless the time brings its own determiner ("moved out last weekend").
    if (np && isTime(np)) {
      i = j;
      if (np.det === null && !/^(?:last|this|next|every|each)\b/i.test(np.text)) s.particle = null;
    }
    // "raised in Cork", "born in Leeds": a bare place after in/on is that preposition's phrase, not a particle's object.
    else if (np && np.proper && np.det === null && (s.particle === 'in' || s.particle === 'on') && s.passive) {
      s.preps.push({ prep: s.particle, np });
      s.particle = null;
      i = j;
    } else if (np) {
      s.object = np;
      s.objects.push(np);
      i = j;
      // "we got a kitten, Tempeh, she's tiny": a name in commas after a common noun object is its name.
      if (!np.proper && !np.name && toks[i]?.text === ',' && toks[i + 1]?.pos === 'PROPN' && (toks[i + 2]?.text === ',' || toks[i + 2] === undefined || ['.', '!'].includes(toks[i + 2].text))) {
        const named = { ...np, text: `${np.text} ${toks[i + 1].text}`, name: toks[i + 1].text };
        s.object = named;
        s.objects[s.objects.length - 1] = named;
        i += toks[i + 2]?.text === ',' ? 3 : 2;
      }
      if (s.subjectless && toks[i]?.pos === 'AUX' && toks[i].lemma === 'be') s.gerundNames = true;
      while ((toks[i]?.lower === 'and' || toks[i]?.lower === 'or' || toks[i]?.lower === ',') && i + 1 < toks.length) {
        const [more, k] = readArgument(toks, i + 1);
        // "quit my job, the boss was awful": a phrase after a comma with its own verb is the next clause's subject.
        if (!more || (toks[i].lower === ',' && ['VERB', 'AUX'].includes(toks[k]?.pos ?? ''))) break;
        s.objects.push(more);
        i = k;
      }
    }
  } else if (sawBe || (v && v.pos === 'AUX')) {
    s.verb = 'be';
    s.verbText = 'be';
    if (v && v.pos === 'AUX') i++;
    if (toks[i]?.pos === 'ADJ' && !NP_INNER.has(toks[i + 1]?.pos ?? '')) s.adjective = toks[i++].lower;
    else {
      const [np, j] = readPhrase(toks, i);
      if (np) {
        s.complement = np;
        i = j;
      } else if (toks[i]?.pos === 'ADJ') s.adjective = toks[i++].lower;
    }
  }
  // Prepositional phrases after the core ("at Monzo", "in Leeds", "with my aunt", "to the groomer").
  for (; i < toks.length; i++) {
    // "I speak Dutch at work and Frisian with my gran": a phrase coordinated after the object's own phrases is
    // another object, unless a verb follows it (a new clause: "…at home and Bella is…").
    if (s.object && (toks[i].lower === 'and' || toks[i].lower === 'or') && toks[i - 1]?.pos !== 'CCONJ') {
      const [more, k] = readArgument(toks, i + 1);
      if (more && !['VERB', 'AUX', 'PART'].includes(toks[k]?.pos ?? '') && !isTime(more) && (more.det === null || more.det === s.object.det || more.det === 'a' || more.det === 'some') && !isPossessive(toks[i + 1])) {
        s.objects.push(more);
        i = k - 1;
        continue;
      }
    }
    if (toks[i].pos !== 'ADP' && !(toks[i].pos === 'PART' && toks[i].lower === 'to')) continue;
    const prep = toks[i].lower;
    const [np, j] = readPhrase(toks, i + 1);
    if (np) {
      s.preps.push({ prep, np });
      i = j - 1;
    }
  }
  return s;
}
