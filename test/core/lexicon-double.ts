/**
 * A test double for the Lexicon port: a handful of words with their lexicographer class and
 * hypernym ancestors, so frame tests can show what the lexicon path adds without WordNet.
 */
import type { LexSense, Lexicon, PartOfSpeech } from '../../src/core/ports.ts';

export interface DoubleEntry {
  pos: PartOfSpeech;
  lexClass: string;
  /** Every ancestor lemma within reach ("dog", "animal"). */
  ancestors: string[];
  /** Derivationally related forms ("teach" → "teacher"). */
  derivations?: string[];
}

export function lexiconDouble(entries: Record<string, DoubleEntry>): Lexicon & { calls: number } {
  const find = (w: string, pos?: PartOfSpeech) => {
    const e = entries[w.toLowerCase()];
    return e && (!pos || e.pos === pos) ? e : undefined;
  };
  const sense = (w: string, e: DoubleEntry): LexSense => ({ id: `${w}.${e.pos}`, pos: e.pos, lexClass: e.lexClass, lemmas: [w], rank: 0 });
  const lex = {
    calls: 0,
    lemmas: (w: string) => (entries[w.toLowerCase()] ? [w.toLowerCase()] : []),
    senses: (w: string, pos?: PartOfSpeech) => {
      const e = find(w, pos);
      return e ? [sense(w.toLowerCase(), e)] : [];
    },
    // One hypernym sense carrying every ancestor: enough for the shared classifier's chain walk.
    hypernyms: (id: string) => {
      const w = id.slice(0, id.lastIndexOf('.'));
      const e = entries[w];
      return e && !id.startsWith('^') ? [{ id: `^${id}`, pos: e.pos, lexClass: e.lexClass, lemmas: e.ancestors, rank: 0 }] : [];
    },
    hyponyms: () => [],
    synonyms: () => [],
    derivations: (w: string) => entries[w.toLowerCase()]?.derivations ?? [],
    isA: (w: string, ancestor: string, opts?: { pos?: PartOfSpeech }) => {
      lex.calls += 1;
      return find(w, opts?.pos)?.ancestors.includes(ancestor) ?? false;
    },
    classesOf: (w: string, pos?: PartOfSpeech) => {
      const e = find(w, pos);
      return e ? [e.lexClass] : [];
    },
  };
  return lex;
}
