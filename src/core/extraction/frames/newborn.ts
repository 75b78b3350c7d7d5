/**
 * @module core/extraction/frames/newborn
 * A newborn of the speaker's, named in the sentence that tells the birth: "we just had our second baby, a little boy called
 * Arlo", "we welcomed a baby girl, Ruby, on Monday", "my wife gave birth to a boy, Theo, last night". The clause shape: the
 * speaker (I / we) or their partner, a verb of having a baby (had / welcomed / delivered / gave birth to), a newborn noun
 * (baby, boy, girl, son, daughter), then its name: after "called" / "named", or in apposition (", Ruby,"), the newborn's
 * sex said again in between or not (", a little boy called Arlo"). → the child, as son / daughter / baby.
 * Someone else's birth ("my sister had a baby girl, Ruby") is theirs, and is not read here; an unnamed newborn is the
 * other readers' (arrivals and births, frames/read.ts).
 */
import type { Draft } from '../model.ts';
import { relationDraft } from '../subject-attribution.ts';
import { NOT_NAMES } from '../lexicon.ts';

const BIRTH =
  /(?:^|[\s,;(])(?:we|I|my\s+(?:wife|partner|girlfriend|husband|fianc[eé]e?))\s+(?:(?:have|has|had|just|finally|officially|only|recently)\s+)*(?:had|welcomed|delivered|gave\s+birth\s+to)\s+(?:our|my|a|an|the)\s+((?:[\p{Ll}-]+\s+){0,3}?)((?:baby\s+)?(?:boy|girl)|baby|son|daughter)\b(?!['’])(.*)$/iu;
/** After the newborn: ", a little boy called Arlo", " called Arlo", ", Ruby,", " - Ruby". */
const NAMED = /^\s*(?:(?:,|-|–|—)\s*(?:(?:a|an)\s+(?:[\p{Ll}-]+\s+){0,2}?(boy|girl)\s*,?\s*)?)?(?:(called|named)\s+|(?<=[,\-–—]\s*))([\p{Lu}][\p{Ll}'’-]+)(?=\s*(?:[,.!;)\-–—]|$|\s+(?:on|last|this|yesterday|today|at|in|and|who|weighing|born)\b))/u;

const isName = (w: string) => !NOT_NAMES.has(w.toLowerCase());
const RELATION_OF: Record<string, string> = { boy: 'son', son: 'son', girl: 'daughter', daughter: 'daughter', baby: 'baby' };

/** The speaker's newborn named in one sentence, as their child, or nothing. */
export function newbornDrafts(sentence: string, speaker: string): Draft[] {
  const m = BIRTH.exec(sentence);
  if (!m) return [];
  const named = NAMED.exec(m[3]);
  if (!named || !isName(named[3])) return [];
  const noun = m[2].toLowerCase().split(/\s+/).pop()!;
  const relation = RELATION_OF[(named[1] ?? noun).toLowerCase()] ?? 'baby';
  const d = relationDraft(speaker, relation, named[3], 0.85);
  return d ? [{ ...d, metadata: { ...d.metadata, frame: 'newborn×name' } }] : [];
}
