/**
 * @module core/recall/opinion-reach
 * The topic of an opinion ask said in other words ("How do I feel about that house music with the drum?" for turns
 * about amapiano and its log drum; "online reservation platforms" for "booking sites"). The question's topic words and
 * their lexicon synonyms over the first few senses ("reservation" → booking, "dunk" → dip, "kitty" → kitten) find the
 * user's turns that name the topic (anchors); the thing those turns call it is the rare word two anchors share
 * ("amapiano", "mate"), or, with one anchor naming two of the topic's words, the anchor's own rare words said in one
 * other turn. An activity's name also reaches its sister activities through the motion verb it is a way of ("jogging"
 * → jog → run: turns about running). The turns naming that thing make the arc (opinion-arc.ts). The arc is only drawn when two sessions
 * speak of it: one mention is not a stance with a history. Pure: the caller reads the index (recall.ts reachedArc).
 */
import type { Lexicon } from '../ports.ts';
import type { TurnRecord } from '../types.ts';
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import { askFrameTerms } from './ask.ts';
import { mapPacked } from '../packed.ts';

/** Tunables (docs/recall.md, session 16). */
export const REACH = {
  /** Senses of a topic word whose synonyms name the topic too. */
  senses: 4,
  /** A word commoner than this (Lexicon.commonness) brings no synonyms: everyday words have too many. */
  maxCommonness: 0.45,
  /** A thing word is rare: at most this many turns of the scope hold it (and at least two). */
  thingMaxDf: 4,
  /** Thing words searched, rarest first. */
  thingTerms: 3,
  /** Turns read from the index for the topic's forms and again for its thing words. */
  read: 24,
  /** A form finds anchors only when it is rare in the scope (at most this many turns hold it): "language" said all year is no topic. */
  formMaxDf: 4,
  /** An activity's motion verb's hypernym names the topic too ("jogging" → run; activityKin). Off: 0. */
  activityKin: 1,
};

/** The lexicographer classes of an activity's name and the verb that does it (the class of bodily motion). */
const ACTIVITY_CLASS = 'noun.act';
const ACTIVITY_VERB_CLASS = 'verb.motion';

/** Words that ask for the stance, not what it is about. */
const STANCE_WORDS = new Set(analyze('think feel feeling feelings opinion opinions view views take stance prefer like likes love fan fans enjoy actually really something thing stuff'));

/** The analysed topic terms of an opinion ask with their lexicon synonyms (each analysed form once), and the plain words. */
export function topicForms(query: string, lexicon: (Pick<Lexicon, 'synonyms' | 'senses' | 'commonness' | 'hypernyms' | 'lemmas'> & Partial<Pick<Lexicon, 'derivedSenses'>>) | undefined, skip: ReadonlySet<string>): { forms: Set<string>; own: Set<string>; kin: Set<string> } {
  const frame = askFrameTerms(query);
  const own = new Set<string>();
  const forms = new Set<string>();
  const kin = new Set<string>();
  // A hyphenated phrase is its words ("onion-and-raisin").
  for (const w of words(query).flatMap((x) => x.split('-'))) {
    if (STOP_WORDS.has(w) || w.length < 3) continue;
    const t = analyze(w)[0];
    if (!t || frame.has(t) || STANCE_WORDS.has(t) || skip.has(t)) continue;
    own.add(t);
    forms.add(t);
    if (!lexicon || (lexicon.commonness?.(w) ?? 0) >= REACH.maxCommonness) continue;
    // Synonyms of the part of speech of the word's first sense: "drum" the instrument, not the verb's "beat".
    const pos = lexicon.senses(w, undefined, 1)[0]?.lexClass.split('.')[0];
    if (pos !== 'noun' && pos !== 'verb') continue;
    for (const f of synonymForms(lexicon, w, pos, REACH.senses)) if (!STANCE_WORDS.has(f)) forms.add(f);
    if (REACH.activityKin)
      for (const k of activityKin(lexicon, w))
        for (const f of analyze(k))
          if (!STANCE_WORDS.has(f) && !forms.has(f)) {
            forms.add(f);
            kin.add(f);
          }
  }
  // A form the question itself says is no kin, whichever word brought it first.
  for (const f of own) kin.delete(f);
  return { forms, own, kin };
}

/**
 * Words after a verb that make it transitive or phrasal — determiners, possessives, object pronouns and the particles
 * of phrasal verbs: a closed class. A motion verb done as an activity takes none ("I hate running, …", "obsessed with
 * running now"); "running it", "run a bakery", "ran out of milk", "running for office" are other senses.
 */
const NOT_THE_ACTIVITY = new Set('a an the my our your his her their its it them this that these those some any every each no me him us one out into over across for off up down away through around'.split(' '));

/**
 * An anchor reached only through an activity's kin (`kin`: analysed forms) must use one of them as the activity: some
 * occurrence in a user message not followed, in the same clause, by a word of NOT_THE_ACTIVITY. Anchors that name
 * another form of the topic pass as they are.
 */
export function usesAsActivity(t: TurnRecord, forms: ReadonlySet<string>, kin: ReadonlySet<string>): boolean {
  const named = userTerms(t);
  if ([...named].some((x) => forms.has(x) && !kin.has(x))) return true;
  for (const m of t.messages) {
    if (m.role !== 'user') continue;
    // Clauses: punctuation ends one, so "running, every minute" is the activity followed by a new clause.
    for (const clause of m.content.split(/[.,;:!?()"“”]+/)) {
      const ws = words(clause);
      for (let i = 0; i < ws.length; i++) {
        const f = analyze(ws[i]!)[0];
        if (!f || !kin.has(f)) continue;
        const next = ws[i + 1];
        if (next === undefined || !NOT_THE_ACTIVITY.has(next)) return true;
      }
    }
  }
  return false;
}

/**
 * The motion verbs an activity's name is a kind of ("jogging" → run, "hiking" → walk, "cycling" → ride, "surfing" →
 * glide): the word's first noun sense must be an act; the verb senses WordNet derives from that very sense (not all the
 * verb's senses: "jog" is also "nudge" and "ramble on") that are motion verbs; their direct hypernyms (one step) that
 * are motion verbs with a hypernym of their own (not a root such as "travel, go, move"); one-word lemmas whose first
 * sense is a verb ("dog" the animal is not reached through "dog, chase"). Rare words only (the caller's commonness test).
 */
export function activityKin(lexicon: Pick<Lexicon, 'senses' | 'hypernyms' | 'lemmas'> & Partial<Pick<Lexicon, 'derivedSenses'>>, word: string): string[] {
  if (!lexicon.derivedSenses) return [];
  const first = lexicon.senses(word, 'noun', 1)[0];
  if (!first || first.lexClass !== ACTIVITY_CLASS) return [];
  const self = new Set([word, ...lexicon.lemmas(word)]);
  const out: string[] = [];
  for (const v of lexicon.derivedSenses(first.id)) {
    if (v.lexClass !== ACTIVITY_VERB_CLASS) continue;
    for (const h of lexicon.hypernyms(v.id)) {
      if (h.lexClass !== ACTIVITY_VERB_CLASS || lexicon.hypernyms(h.id).length === 0) continue;
      for (const l of h.lemmas) {
        if (/[\s-]/.test(l) || l.length < 3 || self.has(l) || out.includes(l)) continue;
        if (lexicon.senses(l, undefined, 1)[0]?.pos === 'verb') out.push(l);
      }
    }
  }
  return out;
}

/** The analysed forms of a word's one-word synonyms (three letters or more) over its first `senses` senses of `pos`. */
export function synonymForms(lexicon: Pick<Lexicon, 'synonyms'>, word: string, pos: 'noun' | 'verb', senses: number): string[] {
  const out: string[] = [];
  for (const s of lexicon.synonyms(word, pos, senses)) {
    if (/[\s-]/.test(s) || s.length < 3) continue;
    const f = analyze(s)[0];
    if (f) out.push(f);
  }
  return out;
}

/** The forms whose count of turns in the scope is between 1 and `maxDf`: rare enough to name one thing. */
export function formsWithinDf(forms: Iterable<string>, df: Readonly<Record<string, number>>, maxDf: number): string[] {
  return [...forms].filter((f) => (df[f] ?? 0) >= 1 && (df[f] ?? 0) <= maxDf);
}

/** The turns whose user messages name one of the forms, in the order given. */
export function namingTurns(turns: readonly TurnRecord[], forms: ReadonlySet<string>): TurnRecord[] {
  return turns.filter((t) => [...userTerms(t)].some((x) => forms.has(x)));
}

/** The analysed words of a turn's user messages. */
export function userTerms(t: TurnRecord): Set<string> {
  return new Set(t.messages.filter((m) => m.role === 'user').flatMap((m) => analyze(m.content)));
}

/** The forms rare enough to name a topic (1 ≤ df ≤ REACH.formMaxDf). */
export function rareTopicForms(forms: Iterable<string>, df: Readonly<Record<string, number>>): Set<string> {
  return new Set(formsWithinDf(forms, df, REACH.formMaxDf));
}

/** The user's turns naming one of the forms, oldest first. */
export function anchorsOf(turns: readonly TurnRecord[], forms: ReadonlySet<string>): TurnRecord[] {
  return namingTurns(turns, forms).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.seq - b.seq);
}

/**
 * Candidate thing words: with two or more anchors in different sessions, the words two of them share (not the forms);
 * with one anchor naming at least two forms, its own words. Two-letter words, stop words and kind tokens are left out.
 */
export function thingCandidates(anchors: readonly TurnRecord[], forms: ReadonlySet<string>): string[] {
  const ok = (x: string) => x.length > 2 && !x.startsWith('_') && !forms.has(x) && !STOP_WORDS.has(x) && !/^\d+$/.test(x);
  const sessions = new Set(mapPacked(anchors, (t) => t.sessionId));
  if (sessions.size >= 2) {
    const count = new Map<string, Set<string>>();
    for (const t of anchors) for (const x of userTerms(t)) if (ok(x)) count.set(x, (count.get(x) ?? new Set()).add(t.sessionId));
    return mapPacked([...count].filter(([, s]) => s.size >= 2), ([x]) => x);
  }
  if (anchors.length !== 1) return [];
  const own = userTerms(anchors[0]!);
  if ([...own].filter((x) => forms.has(x)).length < 2) return [];
  return [...own].filter(ok);
}

/** The thing words to look up: rare in the scope (2 ≤ df ≤ REACH.thingMaxDf), rarest first. */
export function thingTerms(cands: readonly string[], df: Readonly<Record<string, number>>): string[] {
  return cands
    .filter((t) => (df[t] ?? 0) >= 2 && (df[t] ?? 0) <= REACH.thingMaxDf)
    .sort((a, b) => (df[a] ?? 0) - (df[b] ?? 0) || a.localeCompare(b))
    .slice(0, REACH.thingTerms);
}

/**
 * The arc's label: the term named in most of the arc's quoted sentences, a form of the question's words before a thing
 * word among equals ("booking" before "site"), as the user wrote it.
 */
export function arcLabel(sentences: readonly string[], forms: ReadonlySet<string>, things: readonly string[], turns: readonly TurnRecord[]): string {
  const said = mapPacked(sentences, (x) => new Set(analyze(x)));
  const order = [...forms, ...things];
  let best: string | undefined;
  let most = 0;
  for (const t of order) {
    const n = said.filter((s) => s.has(t)).length;
    if (n > most) {
      best = t;
      most = n;
    }
  }
  return best ? labelOf(best, turns) : labelOf(order[0] ?? '', turns);
}

/** The word as the user wrote it for an analysed term, from the newest turn naming it. */
export function labelOf(term: string, turns: readonly TurnRecord[]): string {
  for (const t of [...turns].reverse())
    for (const m of t.messages) {
      if (m.role !== 'user') continue;
      const w = words(m.content).find((x) => analyze(x)[0] === term);
      if (w) return w;
    }
  return term;
}
