/**
 * @module core/extraction/frames/entity-state
 * Entity state: a clause that refers to something the speaker holds — by name ("Biscuit crossed
 * the rainbow bridge"), by kind ("traded in my bike") or by the relation itself ("we split",
 * "I resigned") — with an ending predicate (frames/table.ts ENDINGS) yields a retraction of it.
 * The key is a guess from the referent's kind; the draft is marked `anyKey`, so reconciliation
 * ends the speaker's active memory that holds the value whatever its key (and `current` ends
 * the current value of the key when nothing is named).
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { NOT_NAMES } from '../lexicon.ts';
import type { Phrase, Shape } from './clause-shape.ts';
import { isKind, kindOf } from './kinds.ts';
import { bareName, type ReadClause } from './read.ts';
import { ENDINGS, type Ending } from './table.ts';

/** Labels of the current value when an ending names nothing ("I resigned" ends the current employer). */
const CURRENT_LABEL: Record<string, string> = { employer: 'job', partner: 'partner' };

function endingLemmaMatch(e: Ending, verb: string, lex?: Lexicon): boolean {
  if (e.lemmas.includes(verb)) return true;
  if (!lex || !e.anchors || ENDINGS.some((x) => x.lemmas.includes(verb))) return false;
  return e.anchors.some((a) => lex.isA(verb, a, { pos: 'verb', maxSenses: 1, maxDepth: 2 }));
}

function isActivity(np: Phrase | null, lex?: Lexicon): boolean {
  return !!np && !np.proper && (np.gerund || isKind(np.headLemma, 'activity', lex) || isKind(np.headLemma, 'instrument', lex));
}

/** The ending row the clause satisfies, first match wins. */
export function endingOf(rc: ReadClause, shape: Shape = rc.shape): Ending | null {
  const { tokens, lex } = rc;
  if (!shape.verb) return null;
  const lemmas = new Set(tokens.map((t) => t.lemma));
  if (shape.particle) lemmas.add(shape.particle);
  if (isActivity(shape.object, lex)) lemmas.add('activity');
  for (const e of ENDINGS) if (endingLemmaMatch(e, shape.verb, lex) && (e.with ?? []).every((group) => group.some((w) => lemmas.has(w)))) return e;
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
const LIGHT_GERUNDS = new Set(['playing', 'doing', 'going', 'having', 'making', 'taking', 'getting', 'practising', 'practicing']);

/** Retraction drafts for the clause's ending predicate (none when the clause is negated, hypothetical or about others). */
export function endingDrafts(rc: ReadClause): Draft[] {
  const main = rc.shape;
  if (rc.clause.negated || main.negated || (main.modal && main.modal !== 'can')) return [];
  const direct = endingOf(rc);
  if (direct) return endingFor(rc, direct, main);
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

function endingFor(rc: ReadClause, e: Ending, shape: Shape): Draft[] {
  const { clause, lex } = rc;
  if (shape.negated) return [];
  // The object, or the phrase a particle-like preposition carries ("got rid of the van", "parted with my guitar").
  const object = shape.object ?? shape.preps.find((p) => p.prep === 'of' || p.prep === 'with')?.np ?? null;
  // A passive ending acts on its subject ("Misty had to be put down", "the van was scrapped").
  const acted = shape.passive && !object ? shape.subject : object;
  const candidates: Array<Phrase | null> = e.referent === 'subject' ? [shape.subject] : e.referent === 'object' ? [acted] : [shape.subject, acted];
  const referent = candidates.find((np) => held(np)) ?? null;
  // Only the speaker's own things and bonds: a third party's clause ("my sister's cat died") ends nothing of theirs here.
  const speakerSide = clause.subject.self || !shape.pronoun;
  if (!speakerSide) return [];
  // "my cousin sold her Mini": a person doing the ending to their own things ends nothing of the speaker's.
  if (!clause.subject.self && e.referent !== 'subject' && shape.subject && !shape.passive) return [];
  if (referent && !(e.referent === 'object' && shape.pronoun && !PERSONAL.has(shape.pronoun))) {
    // A lower-case chat name ("bruno passed away", "sold the yamaha") counts as the name it is.
    const chatName = referent.proper ? null : bareName(referent, lex, [null, 'the']);
    const name = referent.proper ? referent.name! : chatName;
    const noun = referent.noun && referent.noun !== name?.toLowerCase() ? referent.noun : null;
    const kind = noun || !chatName ? kindOf(noun ?? name ?? referent.headLemma, lex) : null;
    const key = (kind ? e.keyByKind[kind] : undefined) ?? (name && !noun ? e.defaultKey : null);
    if (key) return [{ key, value: name ?? (referent.gerund ? referent.head : referent.headLemma), op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, ...(kind && e.keyByKind[kind] ? { kindKnown: true } : {}) } }];
  }
  // "I resigned", "we split", "I quit my job": the current value of the key ends.
  if (e.current && (shape.pronoun === 'i' || shape.pronoun === 'we') && (!e.currentObjects || !object || (!object.proper && e.currentObjects.includes(object.headLemma)))) {
    if (e.current === 'partner' && shape.pronoun !== 'we' && !shape.subject) return [];
    return [{ key: e.current, value: CURRENT_LABEL[e.current] ?? e.current, op: 'retract', subject: clause.speaker, metadata: { ending: e.id, anyKey: true, current: true } }];
  }
  return [];
}
