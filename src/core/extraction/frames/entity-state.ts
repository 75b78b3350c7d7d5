/**
 * @module core/extraction/frames/entity-state
 * Entity state: a clause that refers to something the speaker holds — by name ("Biscuit crossed
 * the rainbow bridge"), by kind ("traded in my bike") or by the relation itself ("we split",
 * "I resigned") — with an ending predicate (frames/table.ts ENDINGS) yields a retraction of it.
 * The key is a guess from the referent's kind; the draft is marked `anyKey`, so reconciliation
 * ends the speaker's active memory that holds the value whatever its key (and `current` ends
 * the current value of the key when nothing is named). Idioms are read by the WordNet sense of
 * the phrasal verb; the referent is first resolved against the exchange's holdings.
 */
import { runAt } from '../word-runs.ts';
import type { Lexicon } from '../../ports.ts';
import type { Draft, Holdings } from '../model.ts';
import { shapeOfTokens, type Phrase, type Shape } from './clause-shape.ts';
import { isKind, kindOf } from './kinds.ts';
import { bareName, type ReadClause } from './read.ts';
import { PASTIME_GROUPS, DISMISSALS, DISPOSAL_PLACES, BARRED_FROM, COMPLETIONS, DISSOLUTIONS, ENDEARMENTS, ENDED_PHRASES, ENDED_STATES, ENDINGS, FAREWELLS, NEW_HOMES, OUT_STATES, REFERENCE_ENDINGS, SHELTERS, type Ending, type ReferenceEnding } from './table.ts';
import { NOT_NAMES, RELATIONS } from '../lexicon.ts';
import { resolveDate } from '../dates.ts';

/** A span spent somewhere, said as over: "after six years", "after nearly a decade". */
const TENURE = /\bafter\s+(?:(?:about|almost|nearly|over|just\s+over|more\s+than|like)\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|a\s+few|a\s+couple\s+of|several|many)\s+(?:years?|months?|decades?)\b/i;

/** Labels of the current value when an ending names nothing ("I resigned" ends the current employer). */
const CURRENT_LABEL: Record<string, string> = { employer: 'job', partner: 'partner' };

/** Every lemma some ending row names (a verb a row names is read by the rows, never by an anchor's hypernyms). */
const ENDING_LEMMAS: ReadonlySet<string> = new Set(ENDINGS.flatMap((e) => e.lemmas));

function endingLemmaMatch(e: Ending, verb: string, lex?: Lexicon): boolean {
  if (e.lemmas.includes(verb)) return true;
  if (!lex || !e.anchors || ENDING_LEMMAS.has(verb)) return false;
  const rows = answersFor(ENDING_ANCHORED, lex, verb);
  let hit = rows.get(e);
  if (hit === undefined) rows.set(e, (hit = e.anchors.some((a) => lex.isA(verb, a, { pos: 'verb', maxSenses: 1, maxDepth: 2 }))));
  return hit;
}

/**
 * A verb's answers per row (ending or reference-ending row), per lexicon: each clause asks every row with anchors about
 * its verb, and the lexicon's own memo would be asked once per anchor with a key string built each time. The answer
 * is the lexicon's (pure), so remembering it changes nothing; cleared past 5,000 verbs.
 */
const ENDING_ANCHORED = new WeakMap<Lexicon, Map<string, Map<object, boolean>>>();
function answersFor(memos: WeakMap<Lexicon, Map<string, Map<object, boolean>>>, lex: Lexicon, verb: string): Map<object, boolean> {
  let byVerb = memos.get(lex);
  if (!byVerb) memos.set(lex, (byVerb = new Map()));
  let rows = byVerb.get(verb);
  if (!rows) {
    if (byVerb.size >= 5_000) byVerb.clear();
    byVerb.set(verb, (rows = new Map()));
  }
  return rows;
}

/**
 * The clause's phrasal verbs as the lexicon spells them: verb + particle ("walk_out"), verb + "it" + the next word
 * ("call_it_quits"), verb + "it" + article + word ("call_it_a_day"). Only multi-word lemmas: the bare verb is read by the lemma tables.
 */
export function phrasalLemmas(rc: ReadClause, shape: Shape): string[] {
  if (!shape.verb) return [];
  const out: string[] = [];
  const at = rc.tokens.findIndex((t) => t.lemma === shape.verb || t.lower === shape.verbText);
  const next = rc.tokens[at + 1];
  const after = rc.tokens[at + 2];
  if (shape.particle) out.push(`${shape.verb}_${shape.particle}`);
  else if (next && (next.pos === 'ADP' || next.pos === 'PART' || next.pos === 'ADV') && /^[a-z]+$/.test(next.lower)) out.push(`${shape.verb}_${next.lower}`);
  if (next?.lower === 'it' && after) out.push(`${shape.verb}_it_${after.lower}`);
  // "call it a day": verb + "it" + an article + the next word.
  const third = rc.tokens[at + 3];
  if (next?.lower === 'it' && after && /^(?:a|an|the)$/.test(after.lower) && third) out.push(`${shape.verb}_it_${after.lower}_${third.lower}`);
  return out;
}

/** `known`: the clause's phrasal lemmas the lexicon has a verb sense for (asked once per clause, not once per row). */
function senseMatch(e: Ending, known: readonly string[], lex?: Lexicon): boolean {
  if (!lex || !e.senses || known.length === 0) return false;
  return known.some((p) => e.senses!.some((a) => lex.isA(p, a, { pos: 'verb', maxSenses: 2, maxDepth: 1 })));
}

function isActivity(np: Phrase | null, lex?: Lexicon): boolean {
  return !!np && !np.proper && (np.gerund || isKind(np.headLemma, 'activity', lex) || isKind(np.headLemma, 'instrument', lex));
}

/** The ending row of a clause's own shape, once per read clause (the setting and ending frames both ask). */
const mainEnding = new WeakMap<ReadClause, Ending | null>();

/** The ending row the clause satisfies, first match wins. */
export function endingOf(rc: ReadClause, shape: Shape = rc.shape): Ending | null {
  if (shape !== rc.shape) return endingOfShape(rc, shape);
  let e = mainEnding.get(rc);
  if (e === undefined) mainEnding.set(rc, (e = endingOfShape(rc, shape)));
  return e;
}

function endingOfShape(rc: ReadClause, shape: Shape): Ending | null {
  const { tokens, lex } = rc;
  if (!shape.verb) return null;
  // The clause's words for a row's `with` groups, built when a row's verb first matches (most clauses match none).
  let lemmas: Set<string> | null = null;
  const words = (): Set<string> => {
    if (lemmas) return lemmas;
    lemmas = new Set(tokens.map((t) => t.lemma));
    if (shape.particle) lemmas.add(shape.particle);
    if (isActivity(attended(shape) ?? shape.object, lex)) lemmas.add('activity');
    return lemmas;
  };
  for (const e of ENDINGS) {
    if (e.negatedOnly && !shape.negated) continue;
    if (e.bareSubject && shape.subject && shape.subject.det !== null && shape.subject.det !== 'my') continue;
    if (e.form && shape.verbText !== e.form) continue;
    if (e.together && shape.pronoun !== 'we') continue;
    if (endingLemmaMatch(e, shape.verb, lex) && (!e.with || e.with.every((group) => group.some((w) => words().has(w))))) return e;
  }
  const phrasal = phrasalLemmas(rc, shape);
  const known = lex ? phrasal.filter((p) => lex.senses(p, 'verb', 1).length > 0) : [];
  for (const e of ENDINGS) if (senseMatch(e, known, lex)) return e;
  return null;
}

/** A phrase the speaker holds: a bare name, or a noun with my/our/the (never someone else's "his dog", "Ana's car"). */
function held(np: Phrase | null): boolean {
  if (!np || /['’]s\b/.test(np.text)) return false;
  // "stopped playing the piano": a light gerund is not the thing itself (the rules read the activity it carries).
  if (np.gerund && LIGHT_GERUNDS.has(np.head)) return false;
  if (['his', 'her', 'their', 'your'].includes(np.det ?? '')) return false;
  if (np.proper) return !!np.name && !NOT_NAMES.has(np.name.toLowerCase());
  return np.det === 'my' || np.det === 'our' || np.det === 'the' || np.gerund || np.det === null;
}

const PERSONAL = new Set(['i', 'we']);
const NEGATORS = new Set(['never', 'not', "n't", 'didn’t', "didn't"]);
/** A clause whose only negation is a trailing comment (", not going back", ", never again"). */
const NEGATED_TAIL = /^[^,]*\b(?!not\b|never\b)\w+[^,]*,\s*(?:and\s+)?(?:not|never|no)\b[^,]*$/i;
/** An ending dated further back than this is history, not a change of the current value. */
const LONG_AGO_MS = 60 * 86_400_000;
const LIGHT_GERUNDS = new Set(['playing', 'doing', 'going', 'having', 'making', 'taking', 'getting', 'practising', 'practicing']);

/** Retraction drafts for the clause's ending predicate (none when the clause is negated, hypothetical or about others). */
export function endingDrafts(rc: ReadClause): Draft[] {
  const main = rc.shape;
  // "Pickle slipped out the back gate and never came home": a negated return, said of the clause's subject.
  const never = rc.tokens.findIndex((t, k) => NEGATORS.has(t.lower) && ['come', 'return'].includes(rc.tokens[k + 1]?.lemma ?? ''));
  if (never >= 0 && !main.modal && !/^\s*(?:if|unless|when|whether)\b/i.test(rc.clause.text)) {
    const sub = { ...shapeOfTokens(rc.tokens.slice(never)), subject: main.subject, pronoun: main.pronoun, subjectless: false, negated: true };
    const e = endingOf(rc, sub);
    // The negation is the return's own: "Pickle never came back" as the main verb (a "never", with no destination or
    // purpose: "never came back to the party", "didn't come back for dinner" are no loss), or after another verb.
    const own = main.verb === sub.verb && rc.tokens[never].lower === 'never' && !sub.preps.some((p) => p.prep === 'to' || p.prep === 'for');
    if (e?.negatedOnly && main.subject && (!main.negated || own)) return endingFor(rc, e, { ...sub, negated: false });
  }
  // "Poppet didn't wake up this morning": a row read only under its negation, as the clause's main verb.
  if (main.negated && !main.modal && main.subject && !/^\s*(?:if|unless|when|whether)\b/i.test(rc.clause.text)) {
    const e = endingOf(rc, main);
    // Said of a name or an animal, never of a person's noun ("the baby didn't wake up once").
    const animalOrName = main.subject.proper || (!!main.subject.noun && kindOf(main.subject.noun, rc.lex) === 'animal');
    if (e?.negatedOnly && e.mainVerb && animalOrName) return endingFor(rc, e, { ...main, negated: false });
  }
  // The main verb group's own negation: a tail ("walked out of Tesco, not going back") does not negate the ending.
  if (main.negated || (main.modal && main.modal !== 'can') || (rc.clause.negated && !NEGATED_TAIL.test(rc.clause.text))) return [];
  const direct = endingOf(rc);
  // "rehomed Cheddar and Brie": an ending over coordinated objects ends each of them.
  if (direct && direct.referent !== 'subject' && main.objects.length > 1 && main.object === main.objects[0])
    return main.objects.flatMap((o) => endingFor(rc, direct, { ...main, object: o, objects: [o] })).filter((d, k, all) => all.findIndex((x) => x.key === d.key && x.value === d.value) === k);
  if (direct) return withReplacement(rc, direct, endingFor(rc, direct, main));
  // "handed in my notice and resigned": a verb coordinated with the main one, same subject.
  for (let i = 1; i < rc.tokens.length; i++) {
    if (rc.tokens[i - 1].lower !== 'and' || rc.tokens[i].pos !== 'VERB') continue;
    const sub = shapeOfTokens(rc.tokens.slice(i));
    const e = endingOf(rc, sub);
    if (e) return endingFor(rc, e, { ...sub, subject: main.subject, pronoun: main.pronoun, subjectless: main.subjectless });
  }
  // "We had our old greyhound Dusty put down", "got the van scrapped": the main have/get is itself the causative.
  if ((main.verb === 'have' || main.verb === 'get') && main.object) {
    const caused = causedEnding(rc, main);
    if (caused) return endingFor(rc, caused.e, { ...main, verb: caused.verb, particle: null });
  }
  // "Took Dumpling in to be put to sleep": a passive purpose after the main object acts on that object.
  const purpose = main.object ? rc.tokens.findIndex((t, k) => t.lower === 'to' && rc.tokens[k + 1]?.lower === 'be' && rc.tokens[k + 2]?.pos === 'VERB') : -1;
  if (purpose > 0) {
    const sub = shapeOfTokens(rc.tokens.slice(purpose + 2));
    const e = sub.verb ? endingOf(rc, sub) : null;
    if (e && e.referent !== 'subject') return endingFor(rc, e, { ...sub, subject: main.object, pronoun: null, subjectless: false, passive: true, object: null, objects: [] });
  }
  // "We had to rehome Luna", "our cat had to be put down": an ending the speaker was obliged to (have/need to + verb).
  if (main.verb !== 'have' && main.verb !== 'need') return [];
  for (const sub of rc.chained) {
    const shape = { ...sub, subject: main.subject, pronoun: main.pronoun, subjectless: main.subjectless };
    const e = endingOf(rc, sub);
    if (e) return endingFor(rc, e, shape);
    // "…to have our old cat Mabel put to sleep": a causative have/get whose object the ending acts on.
    const caused = sub.verb === 'have' || sub.verb === 'get' ? causedEnding(rc, sub) : null;
    if (caused) return endingFor(rc, caused.e, { ...shape, verb: caused.verb, particle: null });
  }
  return [];
}

function causedEnding(rc: ReadClause, sub: Shape): { e: Ending; verb: string } | null {
  if (!sub.object) return null;
  for (const t of rc.tokens) {
    if (t.pos !== 'VERB' || t.lemma === sub.verb) continue;
    const e = endingOf(rc, { ...sub, verb: t.lemma });
    if (e) return { e, verb: t.lemma };
  }
  return null;
}

/** What one stops going to: "stopped going to handbell ringing" ends the ringing, not the going. */
function attended(shape: Shape): Phrase | null {
  return shape.object?.gerund && shape.object.headLemma === 'going' ? (shape.preps.find((p) => p.prep === 'to')?.np ?? null) : null;
}

/** A group one plays, sings or rows in: the table's (team, club…) or any musical group the lexicon knows (a quartet, a chorus). */
function pastimeGroup(head: string, lex?: Lexicon): boolean {
  return (PASTIME_GROUPS as readonly string[]).includes(head) || (!!lex && lex.isA(head, 'musical_organization', { pos: 'noun', maxSenses: 2, maxDepth: 3 }));
}

function endingFor(rc: ReadClause, e: Ending, shape: Shape): Draft[] {
  const { clause, lex } = rc;
  if (shape.negated) return [];
  // The object, or the phrase a particle-like preposition carries ("got rid of the van", "parted with my guitar").
  const inPrep = shape.preps.find((p) => (e.preps ?? ['of', 'with']).includes(p.prep))?.np ?? null;
  const object = e.prepFirst ? inPrep : (attended(shape) ?? shape.object ?? inPrep);
  // A passive ending acts on its subject ("Misty had to be put down", "the van was scrapped"); one done to the
  // speaker ("I got made redundant from Wilko") acts on what follows.
  const actedOn = shape.passive && !object && !e.involuntary ? shape.subject : object;
  // The possessor named before "'s" is who the row is about ("Pipistrelle's ashes" → Pipistrelle).
  const acted = e.possessor ? (actedOn?.name && /['’]s\b/.test(actedOn.text) ? { text: actedOn.name, head: actedOn.name, headLemma: actedOn.name.toLowerCase(), name: actedOn.name, proper: true, det: null, gerund: false, noun: null } : null) : actedOn;
  if (e.possessor && !acted) return [];
  if (e.barredPreps && shape.preps.some((p) => e.barredPreps!.includes(p.prep))) return [];
  if (e.intransitive && shape.object && !shape.particle) return [];
  // "Bus pass it is for now": a bare "pass" is a noun's; a death is "passed", "passes away", "passing on".
  if (e.id === 'death' && shape.verb === 'pass' && !/\bpass(?:ed|es|ing)\b|\bpass\s+(?:away|on)\b/i.test(clause.text)) return [];
  const candidates: Array<Phrase | null> = e.referent === 'subject' ? [shape.subject] : e.referent === 'object' ? [acted] : [shape.subject, acted];
  const referent = candidates.find((np) => held(np)) ?? null;
  // Only the speaker's own things and bonds: a third party's clause ("my sister's cat died") ends nothing of theirs here.
  const speakerSide = clause.subject.self || !shape.pronoun;
  // "my sister got fired": what happens to someone else is theirs.
  if (!speakerSide || (e.involuntary && !clause.subject.self)) return [];
  // "my cousin sold her Mini": a person doing the ending to their own things ends nothing of the speaker's.
  if (!clause.subject.self && e.referent !== 'subject' && shape.subject && !shape.passive && !(e.taken && (object?.det === 'my' || object?.det === 'our'))) return [];
  const holdings = clause.held;
  const heldKeys = e.heldOnly ?? endable(e);
  // "walked out of grounded": a referent the tagger did not read as a phrase is the word after "of".
  const ofWord = !referent && e.referent === 'object' && holdings ? wordAfter(rc, 'of') : null;
  if (ofWord && holdings) {
    const hit = holdings.find(ofWord, heldKeys);
    if (hit) return [retraction(clause.speaker, hit.key, hit.value, e, true)];
  }
  // "Ines and I called it quits", "we're done": said together, with nothing else ended, the bond ends.
  if (e.bond && shape.pronoun === 'we' && !isActivity(object, lex)) return bondEnding(rc, e, shape);
  // "hung up my rugby boots", "sold my climbing shoes": the gear's activity ends, not the gear.
  const gear = e.gear && referent ? gearActivity(referent, lex) : null;
  if (gear) return [{ key: 'hobby', value: gear, op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, kindKnown: true } }];
  if (e.gear && Object.keys(e.keyByKind).length === 0) return [];
  if (referent && !(e.referent === 'object' && shape.pronoun && !PERSONAL.has(shape.pronoun))) {
    // A lower-case chat name ("bruno passed away", "sold the yamaha") counts as the name it is.
    // …unless the word is of a kind the row ends ("packed in squash": the game, not a pet called Squash).
    // The word as written decides ("seats" are no SEAT, "bikes" are bikes).
    // "quit the dragon boat team", "left the choir": a group one plays or sings in is a pastime, not an employer (unless
    // the exchange holds it as the employer).
    if (!referent.proper && pastimeGroup(referent.headLemma, lex) && endable(e).some((k) => k === 'employer' || k === 'hobby') && !holdings?.find(referent.headLemma, ['employer'])) {
      const words = referent.text.toLowerCase().split(/\s+/).filter((w) => !/^(?:the|my|our|a|an|local)$/.test(w));
      const pastime = words.length > 1 ? words.slice(0, -1).join(' ') : words.join(' ');
      return [{ key: 'hobby', value: pastime, op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, kindKnown: true } }];
    }
    const headKind = referent.proper ? null : kindOf(referent.head, lex);
    const chatName = referent.proper || (headKind && e.keyByKind[headKind]) ? null : bareName(referent, lex, [null, 'the']);
    const name = referent.proper ? referent.name! : chatName;
    // "our old girl Bella had to be put down": a fond word before a name is no kind, for a row only an animal undergoes
    // (a boy "went to live with his dad", a baby was "lost": people too).
    const fond = !!referent.noun && referent.proper && ENDEARMENTS.rows.includes(e.id) && ENDEARMENTS.words.includes(referent.noun);
    const noun = referent.noun && referent.noun !== name?.toLowerCase() && !fond ? referent.noun : null;
    const kind = noun || !chatName ? kindOf(noun && noun === referent.headLemma && !referent.proper ? referent.head : (noun ?? name ?? referent.headLemma), lex) : null;
    const key = (kind ? e.keyByKind[kind] : undefined) ?? (name && !noun ? e.defaultKey : null);
    // What the exchange's earlier turns hold under that word ("socks" → "tabby named Socks", "the yamaha" → the MT-07).
    const word = (name ?? (referent.gerund ? referent.head : referent.head)).toLowerCase();
    // A bare name's key is only the row's guess: it is looked up under every key the row ends ("sold Pip" → the pet).
    // A proper name is also looked up under the row's other held keys ("Tom died": the partner held, though "tom" is a
    // cat too).
    // A capitalised name is a name whatever the word also names ("gave the Panda to my nephew": the Fiat held, no animal):
    // it is looked up under every key the row ends before its kind's key is guessed.
    const byName = referent.proper ? holdings?.find(word, heldKeys) : null;
    const hit = byName ?? holdings?.find(word, key && !e.heldOnly && kind && e.keyByKind[kind] ? [key] : heldKeys) ?? (referent.proper && e.heldAlso ? holdings?.find(word, e.heldAlso) : null) ?? null;
    // The held value when it carries the word; else the word as said ("bruno" for the "labrador" stated with it).
    if (hit) {
      const status = e.leavesStatus?.[hit.key];
      return [retraction(clause.speaker, hit.key, hit.value.toLowerCase().includes(word) ? hit.value : (name ?? word), e, true), ...(status ? [{ key: 'relationship_status', value: status, subject: clause.speaker, confidence: 0.85, metadata: { ending: e.id } }] : [])];
    }
    // "my brother Tom …" then "Tom passed away": a name the exchange holds as someone else ends nothing of the speaker's
    // (for the rows that end people too: a death).
    const other = referent.proper && name && !noun && e.heldAlso ? holdings?.find(word, null) : null;
    if (other && PERSON_KEYS.has(other.key)) return [];
    const bare = !e.bareName || (kind && e.keyByKind[kind]) || (!referent.det && !/^(?:one|two|three|a|an|another)\s/i.test(referent.text));
    if (key && !e.heldOnly && bare) return [{ key, value: name ?? (referent.gerund ? referent.head : referent.headLemma), op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, ...(kind && e.keyByKind[kind] ? { kindKnown: true } : {}) } }];
    // Held in an earlier session, not in this exchange: a plain retraction under the row's key (no anyKey), so
    // reconciliation ends "partner Jo" or "employer Tesco" if stored, and never a son called Jo.
    // …unless the exchange holds the name as something else ("my son Leo" … "Leo moved out").
    if (e.heldOnly && referent.proper && name && !noun && !holdings?.find(word, null)) return [{ key: e.heldOnly[0], value: name, op: 'retract', subject: clause.speaker, metadata: { ending: e.id } }];
  }
  // "I resigned", "we split", "I quit my job": the current value of the key ends.
  if (e.current && (shape.pronoun === 'i' || shape.pronoun === 'we' || (shape.subjectless && clause.subject.self && e.current !== 'partner')) && (!e.currentObjects || (!object && !e.needsObject) || (!!object && !object.proper && e.currentObjects.includes(object.headLemma)))) {
    if (e.current === 'partner' && shape.pronoun !== 'we' && !shape.subject) return [];
    if (e.together && (shape.object || shape.preps.length > 0 || shape.complement)) return [];
    // "We got divorced last year" is history: a long-ago ending says nothing of the value held now.
    if (clause.date && clause.past && Date.parse(clause.date.iso) < clause.ref.getTime() - LONG_AGO_MS) return [];
    // "chucked in the job at Coles": a job word's setting names the employer that ends.
    const setting = e.current === 'employer' && object && !object.proper ? shape.preps.find((p) => (p.prep === 'at' || p.prep === 'with') && p.np.proper && p.np.name)?.np : undefined;
    if (setting) return [retraction(clause.speaker, 'employer', holdings?.find(setting.name!.toLowerCase(), ['employer'])?.value ?? setting.name!, e, true)];
    return [currentEnding(clause.speaker, e.current, e, holdings)];
  }
  // "the Forester's gone, part-exchanged it for a Mini": "it" traded for a vehicle is the vehicle the exchange holds
  // (or, with none held, one the lexicon or a make names), and ends; the one got for it holds the key (withReplacement).
  const v = rc.tokens.findIndex((t) => t.lemma === shape.verb);
  const it = v >= 0 ? rc.tokens.slice(v + 1).find((t) => t.pos !== 'PUNCT' && t.pos !== 'VERB') : undefined;
  if (e.id === 'dispose' && clause.subject.self && !object && it && /^(?:it|her|him)$/.test(it.lower)) {
    const m = TRADED_FOR.exec(clause.text);
    const hit = holdings?.current('vehicle');
    const vehicleWord = m && m[1].split(/\s+/).some((w) => isKind(w.toLowerCase(), 'vehicle', lex));
    if (m && (hit || vehicleWord)) return [{ key: 'vehicle', value: hit?.value ?? 'vehicle', op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, current: true } }];
  }
  return [];
}

/**
 * The activity a piece of gear is named for: the word right before a head that is no activity itself ("my rugby
 * boots" → rugby, "my climbing shoes" → climbing). Not a name, and never an activity phrase ("my tennis lessons").
 */
function gearActivity(np: Phrase, lex?: Lexicon): string | null {
  if (np.proper || np.gerund || isKind(np.headLemma, 'activity', lex)) return null;
  const words = np.text.toLowerCase().split(/\s+/);
  const at = words.lastIndexOf(np.head.toLowerCase());
  const mod = at > 0 ? words[at - 1] : null;
  return mod && /^[a-z-]+$/.test(mod) && isKind(mod, 'activity', lex) ? mod : null;
}

/** What a traded thing was traded for: "… in for a Prius", "… for a little electric Leaf", "… for a van"; what a replaced one was replaced with ("replaced the Civic with a Mazda 3"). */
const TRADED_FOR = /\b(?:(?:in\s+)?for|(?<=\breplac\w*\b.*)with)\s+(?:a|an|the|my|our)\s+(?:(?:[\p{Ll}][\p{Ll}-]*)\s+){0,2}?([\p{Lu}][\p{L}\d-]*(?:\s+(?:[\p{Lu}][\p{L}\d-]*|\d[\p{L}\d-]*))?|[\p{Ll}][\p{Ll}-]+)(?=\s*(?:[.,;!?]|$|\s+(?:at|on|in|this|last|yesterday|today|and|but|so|from|with|because)\b))/u;
/**
 * "traded the Octavia in for a Zoe", "swapped the Mondeo for a Leaf": the thing got in exchange now holds the key the
 * ended one held (a name as said, or a noun of the same kind: "for a van").
 */
function withReplacement(rc: ReadClause, e: Ending, ended: Draft[]): Draft[] {
  const gone = e.id === 'dispose' || e.id === 'replace' ? ended.find((d) => d.op === 'retract' && (d.key === 'vehicle' || d.key === 'pet')) : undefined;
  const m = gone ? TRADED_FOR.exec(rc.clause.text) : null;
  if (!gone || !m) return ended;
  const word = m[1];
  const proper = /^[\p{Lu}]/u.test(word);
  if (!proper && kindOf(word, rc.lex) !== (gone.key === 'pet' ? 'animal' : 'vehicle')) return ended;
  if (word.toLowerCase() === gone.value.toLowerCase() || NOT_NAMES.has(word.toLowerCase())) return ended;
  return [...ended, { key: gone.key, value: word, subject: gone.subject, confidence: 0.85, metadata: { frame: 'traded for', replaces: gone.value } }];
}

/** Keys that hold a person ("my brother Tom"): a name held under one is nobody's pet. */
const PERSON_KEYS = new Set(['sibling', 'parent', 'child']);

/** The keys an ending row can end. */
function endable(e: Ending): string[] {
  return [...new Set([...Object.values(e.keyByKind), ...(e.defaultKey ? [e.defaultKey] : []), ...(e.current ? [e.current] : []), ...(e.heldAlso ?? [])])] as string[];
}

function retraction(speaker: string, key: string, value: string, e: Ending, fromHeld = false): Draft {
  return { key, value, op: 'retract', subject: speaker, metadata: { ending: e.id, anyKey: true, ...(fromHeld ? { kindKnown: true, heldBefore: true } : {}) } };
}

/** The current value of a key ends ("I resigned"): named as the exchange held it when it did, else by its label. */
function currentEnding(speaker: string, key: string, e: Ending, held?: Holdings): Draft {
  const hit = held?.current(key);
  return { key, value: hit?.value ?? CURRENT_LABEL[key] ?? key, op: 'retract', subject: speaker, metadata: { ending: e.id, anyKey: true, current: true } };
}

/** "X and I <ended it>": partner X (named or held), else the current partner. */
function bondEnding(rc: ReadClause, e: Ending, shape: Shape): Draft[] {
  const { clause } = rc;
  const who = shape.subject;
  if (who && (who.det === 'his' || who.det === 'her' || who.det === 'their')) return [];
  // "we went our separate ways at the station", "we're done with the kitchen": a place or a thing, not the bond.
  if (e.together && ((shape.object && shape.object.det !== 'our') || shape.complement || literalPlace(rc, shape))) return [];
  const name = who?.proper ? who.name : who ? bareName(who, rc.lex) : null;
  if (name) return [clause.held?.find(name.toLowerCase(), ['partner']) ? retraction(clause.speaker, 'partner', clause.held.find(name.toLowerCase(), ['partner'])!.value, e, true) : retraction(clause.speaker, 'partner', name, e)];
  return [currentEnding(clause.speaker, 'partner', e, clause.held)];
}

/**
 * Whether the ending verb is followed, before any comma, by a phrase that is not a time ("went our separate ways at
 * the car park", "done with the kitchen"; "in the spring", "after six years" are times).
 */
function literalPlace(rc: ReadClause, shape: Shape): boolean {
  const at = rc.tokens.findIndex((t) => t.lower === shape.verbText || t.lemma === shape.verb);
  const rest = rc.tokens.slice(at + 1);
  const stop = rest.findIndex((t) => t.pos === 'PUNCT');
  const upto = stop >= 0 ? rest.slice(0, stop) : rest;
  const p = upto.findIndex((t) => t.pos === 'ADP');
  if (p < 0 || upto[p].lower === 'after') return false;
  return resolveDate(upto.slice(p).map((t) => t.text).join(' '), rc.clause.ref, false) === null;
}

/** The word after a preposition, as written (what the tagger failed to read as a phrase). */
function wordAfter(rc: ReadClause, prep: string): string | null {
  const i = rc.tokens.findIndex((t) => t.lower === prep);
  const w = i >= 0 ? rc.tokens[i + 1] : undefined;
  return w && /^[\p{L}][\p{L}'-]+$/u.test(w.text) ? w.lower : null;
}

/** The words a referent phrase may be held under: its name, its head, then its other words ("my squash racket" → squash). */
function referentWords(np: Phrase): string[] {
  const words = [np.name, np.gerund ? np.head : np.headLemma, np.head, ...np.text.split(/\s+/).slice(np.det ? 1 : 0)]
    .filter((w): w is string => !!w)
    .map((w) => w.toLowerCase().replace(/['’]s$/, ''))
    .filter((w) => w.length > 2 && !NOT_NAMES.has(w));
  return [...new Set(words)];
}

/** Spans of time at an organisation ("nine years at The Anchor", "my time at Lidl"). */
const SPAN_HEADS = ['year', 'month', 'decade', 'stint', 'time', 'career', 'spell', 'tenure'];
/** What ending the bond is said over ("ended things", "ended it", "ended our relationship"). */
const BOND_OBJECTS = ['thing', 'things', 'it', 'relationship', 'engagement', 'marriage', 'way', 'ways', 'company'];

/** Whether a verb (or phrasal verb) is a kind of one of a row's anchors, remembered per row and verb (WordNet walks cost). */
const ANCHORED = new WeakMap<Lexicon, Map<string, Map<object, boolean>>>();
function anchored(row: ReferenceEnding, verb: string, lex: Lexicon): boolean {
  const rows = answersFor(ANCHORED, lex, verb);
  let hit = rows.get(row);
  if (hit === undefined) rows.set(row, (hit = lex.senses(verb, 'verb', 1).length > 0 && row.anchors!.some((a) => verb === a || lex.isA(verb, a, { pos: 'verb', maxSenses: 2, maxDepth: 3 }))));
  return hit;
}

function verbIsOf(row: ReferenceEnding, rc: ReadClause, shape: Shape): boolean {
  if (!shape.verb) return false;
  if (row.particle && shape.particle !== row.particle) return false;
  if (row.lemmas?.includes(shape.verb)) return true;
  if (!row.anchors || !rc.lex) return false;
  return anchorVerbs(rc, shape).some((v) => anchored(row, v, rc.lex!));
}

/** The verbs a row's anchors are tried on (the phrasal lemmas, then the bare verb unless it has a particle), once per read clause. */
const ANCHOR_VERBS = new WeakMap<ReadClause, readonly string[]>();
function anchorVerbs(rc: ReadClause, shape: Shape): readonly string[] {
  const build = () => [...phrasalLemmas(rc, shape), ...(shape.particle ? [] : [shape.verb!])];
  if (shape !== rc.shape) return build();
  let verbs = ANCHOR_VERBS.get(rc);
  if (!verbs) ANCHOR_VERBS.set(rc, (verbs = build()));
  return verbs;
}

/** Index of the main verb among the clause's tokens. */
function verbAt(rc: ReadClause, shape: Shape): number {
  return rc.tokens.findIndex((t) => t.lower === shape.verbText || t.lemma === shape.verb);
}

/** The structure a shape-row asks for, read from the clause; returns the referent phrase it puts in the row's role. */
function structured(row: ReferenceEnding, rc: ReadClause, shape: Shape): Array<Phrase | null> {
  const at = verbAt(rc, shape);
  const after = at >= 0 ? rc.tokens.slice(at + 1).map((t) => t.lower) : [];
  switch (row.shape) {
    // "said (a final) goodbye to Miso", "bid farewell to Juno"
    case 'farewell':
      return (shape.verb === 'say' || shape.verb === 'bid') && shape.objects.some((o) => FAREWELLS.includes(o.headLemma)) ? shape.preps.filter((p) => p.prep === 'to').map((p) => p.np) : [];
    // "Noodle didn't make it (through the op)", "Juno did not survive"
    case 'survive-negated':
      return shape.negated && ((shape.verb === 'make' && after[0] === 'it') || shape.verb === 'survive') ? [shape.subject] : [];
    // "let Juno go"
    case 'release':
      return shape.verb === 'let' && shape.object && after.slice(1, 4).includes('go') ? [shape.object] : [];
    // "found Pretzel a lovely new family", "got her a new home"
    case 'new-home': {
      if (!['find', 'give', 'get'].includes(shape.verb ?? '') || !shape.object) return [];
      // "gave Thumper to a rescue": handed over to a place that rehomes animals.
      if (shape.verb === 'give' && shape.preps.some((p) => p.prep === 'to' && SHELTERS.includes(p.np.headLemma))) return [shape.object];
      const rest = shape.preps.length > 0 ? after.slice(0, after.indexOf(shape.preps[0].prep)) : after;
      // "found Sandalio a proper home": a home found for it is a new one, whatever it is called; a home given needs "new".
      return rest.some((w) => NEW_HOMES.includes(w)) && (rest.includes('new') || shape.verb !== 'give') ? [shape.object] : [];
    }
    // "the passat is gone", "bouldering is over for me": nothing after the state but "for me" or the clause's end.
    // "the panda is no more", "archery is a thing of the past": an ended phrase after the copula.
    case 'state': {
      const phrase = shape.verb === 'be' ? endedPhraseAt(after) : 0;
      const state = phrase ? after[phrase - 1] : (shape.adjective ?? (shape.verbText && ENDED_STATES.includes(shape.verbText) ? shape.verbText : shape.complement?.head ?? null));
      if (!phrase && (!state || !ENDED_STATES.includes(state))) return [];
      const i = phrase ? phrase - 1 : after.indexOf(state!);
      const tail = i >= 0 ? after.slice(i + 1) : after;
      const stop = tail.findIndex((w) => /^[,.;!?]$/.test(w));
      const rest = (stop >= 0 ? tail.slice(0, stop) : tail).filter((w) => !['now', 'then', 'too', 'lol'].includes(w));
      return rest.length === 0 || (rest.length === 2 && rest[0] === 'for' && (rest[1] === 'me' || rest[1] === 'us')) ? [shape.subject] : [];
    }
    // "Betsy has a new owner now": the held thing itself has a new home, family or owner.
    // "Bertie lives with my neighbour's mum now": it lives with someone else now (never with me/us, never "still").
    case 'has-new-home': {
      if (shape.negated) return [];
      if (shape.verb === 'have') return shape.objects.some((o) => NEW_HOMES.includes(o.headLemma)) && after.includes('new') ? [shape.subject] : [];
      // "now" before or after the verb: "Custard now lives with a smallholder", "Bertie lives with my aunt now".
      const now = rc.tokens.some((t) => t.lower === 'now') && !/\bstill\b/i.test(rc.clause.text);
      // "Bramley is at a rescue now": kept at a shelter.
      if (shape.verb === 'be') return now && shape.preps.some((p) => (p.prep === 'at' || p.prep === 'in') && SHELTERS.includes(p.np.headLemma)) ? [shape.subject] : [];
      const withWhom = shape.verb === 'live' ? shape.preps.find((p) => p.prep === 'with') : undefined;
      const others = withWhom && !['me', 'us'].includes(withWhom.np.text.toLowerCase()) && !['our', 'his', 'her', 'their'].includes(withWhom.np.det ?? '');
      return others && now ? [shape.subject] : [];
    }
    // "I'm finished at BAE come the 20th", "I'm out of Transnet": the speaker's ended state, then the held thing.
    case 'speaker-out': {
      // Read from the speaker's "I"/"we" on, whatever time phrase opens the clause ("end of the month I'm out of…").
      const k = rc.tokens.findIndex((t, j) => (t.lower === 'i' || t.lower === 'we') && rc.tokens[j + 1]?.lemma === 'be');
      if (k < 0 || shape.negated || rc.clause.negated) return [];
      const sub = shapeOfTokens(rc.tokens.slice(k));
      const rest = rc.tokens.slice(k + 2).map((t) => t.lower);
      // The state is the complement of "be" ("I'm out of…"), or the participle after it ("I'm finished at…").
      const s = rest[0] === 'all' ? 1 : 0;
      if (!rest[s] || !(OUT_STATES.states as readonly string[]).includes(rest[s])) return [];
      // "done at the depot for today": out for a while, not for good.
      if (rest.some((w, j) => w === 'for' && (OUT_STATES.forNow as readonly string[]).includes(rest[j + 1] === 'the' ? rest[j + 2] : rest[j + 1]))) return [];
      // The thing ended follows the state at once ("finished at BAE"; not "finished with the overtime at BAE").
      const first = sub.preps[0];
      return first && first.prep === rest[s + 1] && (OUT_STATES.preps as readonly string[]).includes(first.prep) ? [first.np] : [];
    }
    // "Bramble went back to the farm", "Sunny has gone to my aunt's": a held animal goes back, or to a person, for good
    // (not to someone's own place of its: "back to his basket"; not for a while: "to my mum's for the weekend").
    case 'returned': {
      if (!['go', 'return', 'move'].includes(shape.verb ?? '') || after.includes('for') || shape.negated) return [];
      const to = shape.preps.find((p) => p.prep === 'to');
      if (!to || ['his', 'her', 'its', 'their', 'your'].includes(to.np.det ?? '')) return [];
      const person = to.np.text.toLowerCase().split(/\s+/).some((w) => w.replace(/['’]s$/, '') in RELATIONS || (!!rc.lex && isKind(w.replace(/['’]s$/, ''), 'family', rc.lex)));
      return person || shape.particle === 'back' || after[0] === 'back' ? [shape.subject] : [];
    }
    // "the Panda went to a scrapyard in the end", "the Corsa ended up at the breakers", "the van went for scrap".
    case 'scrapped': {
      if (!['go', 'end', 'be', 'get'].includes(shape.verb ?? '') || shape.negated) return [];
      const place = shape.preps.find((p) => ['to', 'at', 'for', 'in'].includes(p.prep))?.np;
      const head = place?.headLemma ?? '';
      const disposal = (DISPOSAL_PLACES.words as readonly string[]).includes(head) || (!!rc.lex && DISPOSAL_PLACES.anchors.some((a) => rc.lex!.isA(head, a, { pos: 'noun', maxSenses: 1, maxDepth: 3 })));
      return place && disposal ? [shape.subject] : [];
    }
    // "Asda let me go on Friday", "the council laid me off", "Deliveroo sacked me": the employer, dismissing the speaker.
    case 'dismissed': {
      const v = verbAt(rc, shape);
      if (shape.negated || rc.tokens[v + 1]?.lower !== 'me' || !shape.subject?.proper) return [];
      const tail = rc.tokens.slice(v + 2, v + 4).map((t) => t.lower);
      return DISMISSALS.some((d) => d.lemma === shape.verb && (!d.tail || tail.includes(d.tail))) ? [shape.subject] : [];
    }
    default:
      return [];
  }
}

/** The length (end index + 1 in `after`) of an ended phrase that opens `after`, or 0. */
function endedPhraseAt(after: string[]): number {
  for (const p of ENDED_PHRASES) if (runAt(after, p)) return p.length;
  return 0;
}

/** Words without which no fragment ending reads (no more, me/us + from/out of, an end, over, off). */
const FRAGMENT_CUE = /\bno\s+more\b|\b(?:divorce|decree|separation|annulment|break-?up)\b|\b(?:me|us)\s+(?:from|out)\b|\bend(?:ed)?\b|\bover\b|\bhistory\b|\boff\b|\bdone\b|\bfinished\b/i;
/** "no more pottery for me": a verbless fragment that ends a held activity, job or vehicle. */
const NO_MORE = /^(?:so\s+|and\s+|well\s+)?no\s+more\s+((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)(?:\s+for\s+(?:me|us)(?:\s+(?:now|then))?)?\s*(?:[,.!;]|$)/iu;

/** The retraction of a value the exchange holds (`hit`), by the ending `id`: it may end any key, its kind is known. */
function heldRetraction(speaker: string, hit: { key: string; value: string }, id: string, value = hit.value, extra: Record<string, unknown> = {}): Draft[] {
  return [{ key: hit.key, value, op: 'retract', subject: speaker, metadata: { ending: id, anyKey: true, kindKnown: true, heldBefore: true, ...extra } }];
}

/** The held value (of `keys`) that one of `words` names, the last word first (the head of "no more salsa classes"). */
function lastHeld(held: NonNullable<ReadClause['clause']['held']>, words: readonly string[], keys: string[]): { key: string; value: string } | null {
  for (const w of [...words].reverse()) {
    const hit = w.length > 2 ? held.find(w, keys) : null;
    if (hit) return hit;
  }
  return null;
}

/**
 * Fragments and verb groups the clause shape does not give a main verb to: "no more salsa for me", "my knees have
 * retired me from rugby" (a verb of barring, "me", then from/out of the held thing).
 */
function fragmentEndings(rc: ReadClause, held: NonNullable<ReadClause['clause']['held']>): Draft[] {
  const { clause, tokens } = rc;
  const retract = (hit: { key: string; value: string }, id: string): Draft[] => heldRetraction(clause.speaker, hit, id);
  // The fragment opens the clause or one of its comma parts ("hung up my boots, no more netball for me").
  const noMore = clause.subject.self ? clause.text.split(/\s*[,;—–]\s*/).map((part) => NO_MORE.exec(part.trim())).find((m) => m) ?? null : null;
  const ended = noMore ? lastHeld(held, noMore[1].toLowerCase().split(/\s+/), ['hobby', 'employer', 'vehicle']) : null;
  if (ended) return retract(ended, 'no-more');
  // "nine years at The Anchor came to an end", "my time at Lidl is over": a span at an organisation that ends.
  const { shape } = rc;
  const lowers = tokens.map((t) => t.lower);
  const ends = (from: number) => {
    const rest = lowers.slice(from);
    const end = rest.indexOf('end');
    // A span "done" or "finished" is a stage completed ("first week at Bupa done"), not a job left.
    return (end > 0 && rest.slice(0, end).includes('to') && rest.slice(0, end).some((w) => w === 'came' || w === 'come' || w === 'coming')) || rest.slice(0, 3).some((w) => w === 'over' || w === 'history') || rest.includes('ended');
  };
  const span = shape.subject && SPAN_HEADS.includes(shape.subject.headLemma) && !/['’]s\b/.test(shape.subject.text) ? shape.preps.find((p) => p.prep === 'at' || p.prep === 'with') : undefined;
  if (span && !clause.negated && clause.subject.self && ends(tokens.findIndex((t) => t.text === span.np.text.split(/\s+/).pop()) + 1)) {
    for (const w of referentWords(span.np)) {
      const hit = held.find(w, ['employer']);
      if (hit) return retract(hit, 'span-ended');
    }
    if (span.np.proper && span.np.name) return [{ key: 'employer', value: span.np.name, op: 'retract', subject: clause.speaker, metadata: { ending: 'span-ended' } }];
  }
  // "that's me finished with DPD", "I'm done with the Co-op as of today": finished with a held employer (a held thing of
  // another key, a pastime, is the done-with row's). Not for the day ("done with work for today").
  const fw = clause.subject.self && !clause.negated ? lowers.findIndex((w, k) => (w === 'finished' || w === 'done') && lowers[k + 1] === 'with') : -1;
  if (fw >= 0) {
    const rest = lowers.slice(fw + 2);
    const stop = rest.findIndex((w) => /^[,.;!?]$/.test(w) || w === 'for' || w === 'as');
    const hit = lastHeld(held, rest.slice(0, stop >= 0 ? stop : undefined), ['employer']);
    if (hit && !/\bfor\s+(?:the\s+day|today|tonight|now|the\s+week)\b/i.test(clause.text)) return retract(hit, 'finished-with');
  }
  // "the divorce came through", "our separation is final": the bond's dissolution completed ends the current partner
  // (held, else by its label) and leaves the status it names.
  // "decree absolute came through", "the divorce from Cillian was finalised on the 2nd": no article, or a "from X"
  // naming the partner before the completion.
  const dissolution = shape.subject && !shape.subject.proper ? (DISSOLUTIONS[shape.subject.headLemma] ?? DISSOLUTIONS[shape.subject.text.toLowerCase().split(/\s+/)[0]]) : undefined;
  const dissolved = dissolution && ['the', 'our', 'my', null].includes(shape.subject!.det ?? null) ? dissolution : null;
  // "got the divorce papers this morning", "signed the decree": the dissolution's papers received or signed complete it.
  const papers = !dissolved && shape.object && !shape.object.proper && ['get', 'sign', 'receive'].includes(shape.verb ?? '') && ['paper', 'papers', 'decree', 'certificate'].includes(shape.object.headLemma) ? shape.object.text.toLowerCase().split(/\s+/).map((w) => DISSOLUTIONS[w]).find(Boolean) : undefined;
  if ((dissolved || papers) && !clause.negated && !shape.modal && clause.subject.self) {
    const at = dissolved ? lowers.indexOf(shape.subject!.head.toLowerCase()) : -1;
    if (papers || lowers.slice(at + 1, at + 7).some((w) => COMPLETIONS.includes(w))) {
      const from = /\bfrom\s+([\p{Lu}][\p{L}'’-]+)/u.exec(clause.text);
      const now = held.current('partner');
      const partner: Draft[] = from
        ? [{ key: 'partner', value: from[1], op: 'retract', subject: clause.speaker, metadata: { ending: 'dissolved', anyKey: true } }]
        : now
          ? retract(now, 'dissolved')
          : [{ key: 'partner', value: 'partner', op: 'retract', subject: clause.speaker, metadata: { ending: 'dissolved', anyKey: true, current: true } }];
      return [...partner, { key: 'relationship_status', value: (dissolved ?? papers)!, subject: clause.speaker, confidence: 0.85, metadata: { ending: 'dissolved' } }];
    }
  }
  // "the engagement is off", "our marriage is over": the bond itself ends, so the current partner does.
  const bond = shape.subject && BOND_OBJECTS.includes(shape.subject.headLemma) && ['the', 'our', 'my'].includes(shape.subject.det ?? '') && shape.verb === 'be';
  if (bond && !clause.negated) {
    const at = lowers.indexOf(shape.subject!.head.toLowerCase());
    const state = lowers.slice(at + 1, at + 4).find((w) => w === 'off' || ENDED_STATES.includes(w));
    const now = state ? held.current('partner') : null;
    if (now) return retract(now, 'bond-ended');
  }
  const k = tokens.findIndex((t, i) => ['me', 'us'].includes(tokens[i + 1]?.lower ?? '') && BARRED_FROM.some((v) => t.lemma === v || (t.lower.startsWith(v) && /^(?:e?d|s|ing)?$/.test(t.lower.slice(v.length).replace(/^[dn](?=ed|ing)/, '')))));
  if (k >= 0 && !clause.negated) {
    const rest = tokens.slice(k + 2).map((t) => t.lower);
    const from = rest[0] === 'from' ? 1 : rest[0] === 'out' && rest[1] === 'of' ? 2 : 0;
    if (from) {
      const stop = rest.findIndex((w, i) => i >= from && /^[,.;!?]$/.test(w));
      const hit = lastHeld(held, rest.slice(from, stop >= 0 ? stop : undefined), ['hobby', 'employer']);
      if (hit) return retract(hit, 'barred');
    }
  }
  return [];
}

/**
 * Endings by reference (REFERENCE_ENDINGS): the clause's predicate is of an ending class (by WordNet or by a short
 * structure) and its argument names a value an earlier turn of the exchange holds under one of the row's keys → that
 * memory ends. Nothing held under those keys, nothing ended; a third party's clause, a negated (but for "didn't make
 * it"), hypothetical or planned one ends nothing.
 */
export function referenceEndingDrafts(rc: ReadClause): Draft[] {
  const { clause, shape } = rc;
  const held = clause.held;
  if (!held || (shape.modal && shape.modal !== 'can') || /^\s*(?:if|unless|when|whether)\b/i.test(clause.text)) return [];
  // Fragments are read only when the clause has one of their words (a cheap look before the token walks).
  const fragment = FRAGMENT_CUE.test(clause.text) ? fragmentEndings(rc, held) : [];
  if (fragment.length > 0) return fragment;
  // The clause is the speaker's, or about the held referent itself ("Zara dumped me" is attributed to Zara).
  const speakerActs = clause.subject.self && (shape.pronoun === 'i' || shape.pronoun === 'we' || shape.subjectless);
  // The main verb group's negation; a negation in a later comma part ("…, the knee will not have it") is its own.
  const negated = shape.negated || (clause.negated && !clause.text.includes(','));
  // "the panda is no more": the "no" of an ended phrase is no negation.
  const endedPhrase = shape.verb === 'be' && endedPhraseAt(rc.tokens.slice(verbAt(rc, shape) + 1).map((t) => t.lower)) > 0;
  for (const row of REFERENCE_ENDINGS) {
    // A clause the shape gives no main verb ("by Christmas I'm out of Arriva") is read only by the rows that find their own.
    if (!shape.verb && row.shape !== 'speaker-out') continue;
    if ((negated && !(endedPhrase && row.shape === 'state')) !== (row.shape === 'survive-negated')) continue;
    if (!clause.subject.self && row.role !== 'leaver' && row.role !== 'ender' && row.role !== 'subject' && row.role !== 'passive') continue;
    let refs: Array<Phrase | null>;
    if (row.shape) refs = structured(row, rc, shape);
    else if (!verbIsOf(row, rc, shape)) continue;
    else if (row.role === 'object') refs = speakerActs && !shape.passive && !shape.preps.some((p) => p.prep === 'with' && !p.np.proper && p.np.det !== null) ? [...shape.objects, ...shape.preps.filter((p) => p.prep === 'on' || p.prep === 'of' || p.prep === 'with').map((p) => p.np)] : [];
    else if (row.role === 'passive') refs = shape.passive && !shape.pronoun ? [shape.subject] : [];
    // "Ruth and I ended things", "we ended it": said together over the bond itself, the partner named or held now.
    else if (row.role === 'together') {
      // "called off the engagement with Amadeo": the speaker alone, over the bond's occasion, with the partner named.
      const partnerWith = row.objects && speakerActs && shape.pronoun !== 'we' && shape.objects.length > 0 && shape.objects.every((o) => row.objects!.includes(o.headLemma)) ? shape.preps.find((p) => p.prep === 'with' && p.np.proper)?.np : undefined;
      if (partnerWith) {
        refs = [partnerWith];
      } else {
      if (shape.pronoun !== 'we' || !shape.objects.every((o) => (row.objects ?? BOND_OBJECTS).includes(o.headLemma))) continue;
      if (row.objects && shape.objects.length === 0) continue;
      if (!shape.subject) {
        const now = held.current('partner');
        if (now) return heldRetraction(clause.speaker, now, row.id);
        // "we cancelled the engagement": over the bond's own occasion, the current partner ends even when an earlier session holds them.
        if (row.objects) return [{ key: 'partner', value: CURRENT_LABEL.partner, op: 'retract', subject: clause.speaker, metadata: { ending: row.id, anyKey: true, current: true } }];
        continue;
      }
      refs = [shape.subject];
      }
    } else if (row.role === 'leaver') {
      // "my best mate Callum … left me in this town": someone named by another relation is no partner leaving.
      const otherRelation = !clause.subject.self && !!clause.subject.relation && RELATIONS[clause.subject.relation] !== 'partner';
      refs = !otherRelation && !shape.pronoun && shape.objects.length === 0 && /^(?:me|us)$/i.test(rc.tokens[verbAt(rc, shape) + 1]?.lower ?? '') ? [shape.subject] : [];
    }
    else if (row.role === 'ender') refs = !shape.pronoun && shape.subject?.proper && /^(?:it|things)$/i.test(rc.tokens[verbAt(rc, shape) + 1]?.lower ?? '') && (shape.verb !== 'call' || /^off$/i.test(rc.tokens[verbAt(rc, shape) + 2]?.lower ?? '')) ? [shape.subject] : [];
    else refs = [shape.subject];
    if (row.role === 'object' && row.shape && !speakerActs && row.shape !== 'speaker-out') continue;
    for (const np of refs) {
      if (!np || /['’]s\b/.test(np.text) || ['his', 'her', 'their', 'your', 'a', 'an'].includes(np.det ?? '')) continue;
      for (const w of referentWords(np)) {
        const hit = held.find(w, row.keys);
        // A name held only in the words that stated it ("two goats, Bonnie and Clyde" → "goats"): the name is what ends.
        const named = np.proper && np.name && !hit?.value.toLowerCase().includes(np.name.toLowerCase()) ? np.name : null;
        if (hit) return heldRetraction(clause.speaker, hit, row.id, named ?? hit.value, named ? { heldValue: hit.value } : {});
      }
      // A name an earlier turn said without a fact the exchange read ("Marisol is planning our trip"): a plain
      // retraction under the row's only key, or a vehicle by the lexicon (no anyKey: "let Dave go" must never end a
      // colleague Dave, only a pet Dave if one is stored).
      // A name stored in an earlier session is not in this exchange: the same plain retraction reaches it there
      // (reconciliation ends a stored memory of that key and name, and nothing when none is stored).
      const name = np.proper ? np.name : bareName(np, rc.lex, [null, 'the']);
      // "that's me done at Telstra … after six years": out of a named place after a span there is a job ended (no
      // span: "I'm done at Tesco" may be for the day).
      if (row.shape === 'speaker-out' && np.proper && name && TENURE.test(clause.sentence) && !isKind(name.toLowerCase(), 'location', rc.lex))
        return [{ key: 'employer', value: name, op: 'retract', subject: clause.speaker, metadata: { ending: row.id, tenure: true } }];
      if (!name || name.includes(' ') || row.heldOnly) continue;
      // A row that ends pets first ("let Rufus go") keeps a pet for a name of no vehicle kind.
      const key = row.keys.length === 1 ? row.keys[0] : row.keys.includes('vehicle') && isKind(name, 'vehicle') ? 'vehicle' : row.keys.length === 2 && row.keys[0] === 'pet' ? 'pet' : null;
      if (key) return [{ key, value: name[0].toUpperCase() + name.slice(1), op: 'retract', subject: clause.speaker, metadata: { ending: row.id, ...(held.named?.(name) ? { mentionedBefore: true } : {}) } }];
    }
  }
  return [];
}
