/**
 * @module providers/lexicon/wordnet
 * The Lexicon port over WordNet's compact tables: lemmas by morphy, senses in WordNet's
 * frequency order, hypernym/hyponym walks, part holonyms, synonyms, derivations, lexicographer classes and a
 * commonness score from the sense-tagged corpus counts. Answers synchronously from memory: the
 * packed tables (one SharedArrayBuffer, `tables`), which a worker thread receives and shares
 * instead of loading its own copy (docs/ingest.md, "Session 12: memory").
 */
import type { LexSense, Lexicon, PartOfSpeech } from '../../core/ports.ts';
import { morphy, normalizeWord, type MorphyDictionary } from '../../core/lexicon/morphy.ts';
import { LEXNAMES, POS_CODES, POS_LETTER, packTables, wordHash, type PackedWordNet, type WordNetTables } from './wordnet-tables.ts';
import { ByteLru, stringBytes } from '../../core/byte-lru.ts';

/**
 * Bytes of memo per lexicon for each of its three hottest questions: a word's ranked synsets (morphy and the sense
 * rows), its lemmas (morphy) and `isA` answers. The extractor asks the same few thousand words again on every turn (endings, kinds, casing);
 * the tables never change, so an answer never goes stale.
 */
export const LEXICON_MEMO_BYTES = 2 * 1024 * 1024;
type Ranked = ReadonlyArray<{ readonly s: number; readonly rank: number; readonly weight: number }>;

const POS_INDEX: Record<PartOfSpeech, number> = { noun: 0, verb: 1, adj: 2, adv: 3 };

export class WordNetLexicon implements Lexicon {
  /** The packed tables (SharedArrayBuffer-backed): pass them to a worker's `new WordNetLexicon(tables)` to share them. */
  readonly tables: PackedWordNet;
  private readonly t: PackedWordNet;
  private readonly exc = new Map<string, string[]>();
  private readonly hypoStart: Int32Array;
  private readonly hypo: Int32Array;
  private readonly maxTagLog: number;
  private readonly dict: MorphyDictionary;
  private readonly rankedMemo = new ByteLru<Ranked>(LEXICON_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + 40 * v.length);
  private readonly isAMemo = new ByteLru<boolean>(LEXICON_MEMO_BYTES, (k) => stringBytes(k) + 8);
  /** `lemmas` answers (morphy over each part of speech): the casing of an all-lower-case message asks up to three times a word. */
  private readonly lemmasMemo = new ByteLru<readonly string[]>(LEXICON_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + v.reduce((n, l) => n + stringBytes(l) + 8, 0));
  /** Decoded lemmas by word id, filled as asked (bounded by the lexicon: a few thousand in practice, all 147k at most). */
  private readonly lemmaOf: Array<string | undefined>;

  /** From the packed tables (shared, not copied) or from the build form (packed here). */
  constructor(tables: PackedWordNet | WordNetTables) {
    this.t = this.tables = 'words' in tables ? packTables(tables) : tables;
    for (const line of this.t.exceptions.split('\n')) {
      const [pos, inflected, bases] = line.split('\t');
      if (pos && inflected && bases) this.exc.set(`${pos}\t${inflected}`, bases.split('|'));
    }
    this.lemmaOf = new Array<string | undefined>(this.t.wordCount);
    this.hypoStart = this.t.hypoStart;
    this.hypo = this.t.hypo;
    let max = 0;
    for (let w = 0; w < this.t.wordCount; w++) max = Math.max(max, this.tagTotal(w));
    this.maxTagLog = Math.log1p(max);
    this.dict = {
      has: (lemma, pos) => {
        const id = this.wordId(lemma);
        if (id === undefined) return false;
        const row = id * 4 + POS_INDEX[pos];
        return this.t.senseStart[row + 1]! > this.t.senseStart[row]!;
      },
      exceptions: (word, pos) => this.exc.get(`${pos}\t${word}`) ?? [],
    };
  }

  /** The id of a lemma (the packed hash index), or undefined. */
  private wordId(w: string): number | undefined {
    const { wordSlots, wordStart, wordChars } = this.t;
    const mask = wordSlots.length - 1;
    for (let slot = wordHash(w) & mask; ; slot = (slot + 1) & mask) {
      const v = wordSlots[slot]!;
      if (v === 0) return undefined;
      const id = v - 1;
      const a = wordStart[id]!;
      if (wordStart[id + 1]! - a !== w.length) continue;
      let i = 0;
      while (i < w.length && wordChars[a + i] === w.charCodeAt(i)) i++;
      if (i === w.length) return id;
    }
  }

  /** The lemma of a word id (decoded once per thread: at most one string per lemma the extractor meets). */
  private word(id: number): string {
    let w = this.lemmaOf[id];
    if (w === undefined) this.lemmaOf[id] = w = String.fromCharCode.apply(null, this.t.wordChars.subarray(this.t.wordStart[id]!, this.t.wordStart[id + 1]!) as unknown as number[]);
    return w;
  }

  /** Tagged-corpus count of a word over all its senses. */
  private tagTotal(id: number): number {
    let n = 0;
    for (let k = this.t.senseStart[id * 4]!; k < this.t.senseStart[id * 4 + 4]!; k++) n += this.t.senseTag[k]!;
    return n;
  }

  /** Number of synsets loaded (for diagnostics). */
  get size(): number {
    return this.t.synPos.length;
  }

  private posList(pos?: PartOfSpeech): PartOfSpeech[] {
    return pos ? [pos] : [...POS_CODES];
  }

  lemmas(word: string, pos?: PartOfSpeech): string[] {
    const key = `${pos ?? ''}\t${word}`;
    let memo = this.lemmasMemo.get(key);
    if (!memo) {
      const out: string[] = [];
      for (const p of this.posList(pos)) for (const l of morphy(word, p, this.dict)) if (!out.includes(l)) out.push(l);
      this.lemmasMemo.set(key, (memo = Object.freeze(out)));
    }
    // A copy: callers own the array they get.
    return memo.slice();
  }

  private sense(s: number, rank: number): LexSense {
    const t = this.t;
    const lemmas: string[] = [];
    for (let k = t.synWordStart[s]!; k < t.synWordStart[s + 1]!; k++) lemmas.push(this.word(t.synWords[k]!));
    const p = t.synPos[s]!;
    return { id: `${String(t.synOffset[s]).padStart(8, '0')}-${POS_LETTER[p]}`, pos: POS_CODES[p]!, lexClass: LEXNAMES[t.synLex[s]!] ?? 'unknown', lemmas, rank };
  }

  /** (synset, rank, tag weight) of a word's senses, before capping. */
  private rankedSynsets(word: string, pos?: PartOfSpeech): Ranked {
    const key = `${pos ?? ''}\t${word}`;
    let out = this.rankedMemo.get(key);
    if (!out) this.rankedMemo.set(key, (out = Object.freeze(this.rankedUncached(word, pos))));
    return out;
  }

  private rankedUncached(word: string, pos?: PartOfSpeech): Array<{ s: number; rank: number; weight: number }> {
    const seen = new Set<number>();
    const out: Array<{ s: number; rank: number; weight: number }> = [];
    for (const p of this.posList(pos)) {
      for (const lemma of morphy(word, p, this.dict)) {
        const id = this.wordId(lemma)!;
        const row = id * 4 + POS_INDEX[p];
        for (let k = this.t.senseStart[row]!, r = 0; k < this.t.senseStart[row + 1]!; k++, r++) {
          const s = this.t.senseSyn[k]!;
          if (seen.has(s)) continue;
          seen.add(s);
          out.push({ s, rank: r, weight: this.t.senseTag[k]! });
        }
      }
    }
    // Across parts of speech: rank first, then the sense more attested in the tagged corpus.
    if (!pos) out.sort((a, b) => a.rank - b.rank || b.weight - a.weight);
    return out;
  }

  senses(word: string, pos?: PartOfSpeech, maxSenses?: number): LexSense[] {
    const ranked = this.rankedSynsets(word, pos);
    return (maxSenses === undefined ? ranked : ranked.slice(0, maxSenses)).map((r) => this.sense(r.s, r.rank));
  }

  private synsetOf(senseId: string): number | undefined {
    const m = /^(\d{8})-([nvar])$/.exec(senseId);
    if (!m) return undefined;
    const p = POS_LETTER.indexOf(m[2] as 'n');
    const offset = parseInt(m[1]!, 10);
    const { synPos, synOffset } = this.t;
    let lo = 0;
    let hi = synPos.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = synPos[mid]! - p || synOffset[mid]! - offset;
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** The synsets a CSR relation table links a sense to. */
  private linked(senseId: string, start: Int32Array, items: Int32Array): LexSense[] {
    const s = this.synsetOf(senseId);
    if (s === undefined) return [];
    const out: LexSense[] = [];
    for (let k = start[s]!; k < start[s + 1]!; k++) out.push(this.sense(items[k]!, 0));
    return out;
  }

  hypernyms(senseId: string): LexSense[] {
    return this.linked(senseId, this.t.synHypStart, this.t.synHyp);
  }

  partHolonyms(senseId: string): LexSense[] {
    return this.linked(senseId, this.t.synPartStart, this.t.synPart);
  }

  hyponyms(senseId: string): LexSense[] {
    return this.linked(senseId, this.hypoStart, this.hypo);
  }

  derivedSenses(senseId: string): LexSense[] {
    return this.linked(senseId, this.t.synDerStart, this.t.synDer);
  }

  synonyms(word: string, pos?: PartOfSpeech, maxSenses = 1): string[] {
    const self = new Set([normalizeWord(word), ...this.lemmas(word, pos)]);
    const out: string[] = [];
    for (const sense of this.senses(word, pos, maxSenses)) for (const l of sense.lemmas) if (!self.has(l) && !out.includes(l)) out.push(l);
    return out;
  }

  derivations(word: string, pos?: PartOfSpeech): string[] {
    const out: string[] = [];
    for (const lemma of this.lemmas(word, pos)) {
      const id = this.wordId(lemma)!;
      for (let k = this.t.derStart[id]!; k < this.t.derStart[id + 1]!; k++) {
        const w = this.word(this.t.der[k]!);
        if (w !== lemma && !out.includes(w)) out.push(w);
      }
    }
    return out;
  }

  isA(word: string, ancestor: string, opts: { pos?: PartOfSpeech; maxSenses?: number; maxDepth?: number } = {}): boolean {
    const key = `${word}\t${ancestor}\t${opts.pos ?? ''}\t${opts.maxSenses ?? ''}\t${opts.maxDepth ?? ''}`;
    let hit = this.isAMemo.get(key);
    if (hit === undefined) this.isAMemo.set(key, (hit = this.isAUncached(word, ancestor, opts)));
    return hit;
  }

  private isAUncached(word: string, ancestor: string, opts: { pos?: PartOfSpeech; maxSenses?: number; maxDepth?: number }): boolean {
    const target = this.wordId(normalizeWord(ancestor));
    if (target === undefined) return false;
    const maxDepth = opts.maxDepth ?? 12;
    const t = this.t;
    const hasTarget = (s: number) => {
      for (let k = t.synWordStart[s]!; k < t.synWordStart[s + 1]!; k++) if (t.synWords[k] === target) return true;
      return false;
    };
    let frontier = this.rankedSynsets(word, opts.pos).slice(0, opts.maxSenses ?? 2).map((r) => r.s);
    const seen = new Set(frontier);
    // Depth 0 is the sense itself: a "worker" is a worker.
    for (let depth = 0; depth <= maxDepth && frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const s of frontier) {
        if (hasTarget(s)) return true;
        for (let k = t.synHypStart[s]!; k < t.synHypStart[s + 1]!; k++) {
          const h = t.synHyp[k]!;
          if (!seen.has(h)) {
            seen.add(h);
            next.push(h);
          }
        }
      }
      frontier = next;
    }
    return false;
  }

  classesOf(word: string, pos?: PartOfSpeech, maxSenses = 1): string[] {
    const out: string[] = [];
    for (const r of this.rankedSynsets(word, pos).slice(0, maxSenses)) {
      const c = LEXNAMES[this.t.synLex[r.s]!] ?? 'unknown';
      if (!out.includes(c)) out.push(c);
    }
    return out;
  }

  commonness(word: string): number {
    if (this.maxTagLog === 0) return 0;
    let best = 0;
    for (const lemma of this.lemmas(word)) best = Math.max(best, this.tagTotal(this.wordId(lemma)!));
    return Math.log1p(best) / this.maxTagLog;
  }
}
