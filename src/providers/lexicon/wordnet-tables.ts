/**
 * @module providers/lexicon/wordnet-tables
 * The compact in-memory form of WordNet the adapter answers from, and its construction from the
 * database text (index.{noun,verb,adj,adv}, data.*, index.sense, *.exc). Parsing is pure over
 * the file texts; reading the files is the cache module's job. `packTables` lays the tables out in
 * one SharedArrayBuffer (words packed, a hash index instead of a Map, hyponyms inverted once), the
 * form the lexicon answers from: worker threads receive it and share the memory instead of each
 * loading its own copy.
 */

/** Part-of-speech codes in the tables: 0 noun, 1 verb, 2 adjective (incl. satellites), 3 adverb. */
export const POS_CODES = ['noun', 'verb', 'adj', 'adv'] as const;
export const POS_FILE = ['noun', 'verb', 'adj', 'adv'] as const;
export const POS_LETTER = ['n', 'v', 'a', 'r'] as const;

/** WordNet's lexicographer files by number (the `lexnames` table, fixed since WordNet 2.0). */
export const LEXNAMES = [
  'adj.all', 'adj.pert', 'adv.all', 'noun.Tops', 'noun.act', 'noun.animal', 'noun.artifact', 'noun.attribute', 'noun.body',
  'noun.cognition', 'noun.communication', 'noun.event', 'noun.feeling', 'noun.food', 'noun.group', 'noun.location', 'noun.motive',
  'noun.object', 'noun.person', 'noun.phenomenon', 'noun.plant', 'noun.possession', 'noun.process', 'noun.quantity', 'noun.relation',
  'noun.shape', 'noun.state', 'noun.substance', 'noun.time', 'verb.body', 'verb.change', 'verb.cognition', 'verb.communication',
  'verb.competition', 'verb.consumption', 'verb.contact', 'verb.creation', 'verb.emotion', 'verb.motion', 'verb.perception',
  'verb.possession', 'verb.social', 'verb.stative', 'verb.weather', 'adj.ppl',
] as const;

/**
 * Word ids index `words`; synset ids index the syn* arrays (ordered by part of speech, then file
 * offset). CSR layout: the items of row i are `xs[xsStart[i] .. xsStart[i+1])`.
 */
export interface WordNetTables {
  /** Lemmas, lower case, words separated by spaces. */
  words: string[];
  synPos: Uint8Array;
  synLex: Uint8Array;
  synOffset: Int32Array;
  synWordStart: Int32Array;
  synWords: Int32Array;
  /** Hypernyms and instance hypernyms. */
  synHypStart: Int32Array;
  synHyp: Int32Array;
  /** Part holonyms ("Cork" is part of "Ireland", "Kyoto" of "Honshu"). */
  synPartStart: Int32Array;
  synPart: Int32Array;
  /** Senses of (word, pos), row = word * 4 + pos, in WordNet's sense (frequency) order. */
  senseStart: Int32Array;
  senseSyn: Int32Array;
  /** Derivationally related words of a word (any part of speech). */
  derStart: Int32Array;
  der: Int32Array;
  /** Derivationally related senses of a synset ("jogging" the exercise → the "jog" verb senses it names). */
  synDerStart: Int32Array;
  synDer: Int32Array;
  /** Sense-tagged corpus count of each sense (index.sense tag_cnt), parallel to senseSyn. */
  senseTag: Int32Array;
  /** Irregular inflections: "pos\tinflected\tbase|base…" lines. */
  exceptions: string;
}

export interface WordNetSources {
  index: Record<(typeof POS_FILE)[number], string>;
  data: Record<(typeof POS_FILE)[number], string>;
  /** index.sense (optional: without it every tag count is 0). */
  senseIndex?: string;
  /** Exception lists per part of speech (optional). */
  exc?: Partial<Record<(typeof POS_FILE)[number], string>>;
}

const lemmaOf = (w: string) => w.replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase();
const posCode = (letter: string) => (letter === 'n' ? 0 : letter === 'v' ? 1 : letter === 'r' ? 3 : 2);

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0 && l[0] !== ' ');
}

function csr(rows: number, pairs: number[][]): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(rows + 1);
  let n = 0;
  for (let i = 0; i < rows; i++) {
    start[i] = n;
    n += pairs[i]?.length ?? 0;
  }
  start[rows] = n;
  const items = new Int32Array(n);
  for (let i = 0; i < rows; i++) if (pairs[i]) items.set(pairs[i]!, start[i]!);
  return { start, items };
}

/** Builds the tables from the WordNet database texts (pure). */
export function buildTables(src: WordNetSources): WordNetTables {
  const wordId = new Map<string, number>();
  const words: string[] = [];
  const idOf = (lemma: string): number => {
    let id = wordId.get(lemma);
    if (id === undefined) {
      id = words.length;
      words.push(lemma);
      wordId.set(lemma, id);
    }
    return id;
  };

  // Synsets, in file order per part of speech.
  const synKey = new Map<string, number>(); // "n:02086723" → synset id
  const synPos: number[] = [];
  const synLex: number[] = [];
  const synOffset: number[] = [];
  const synWords: number[][] = [];
  const rawPtrs: Array<Array<[symbol: string, target: string, source: number, targetWord: number]>> = [];
  POS_FILE.forEach((file, p) => {
    for (const line of lines(src.data[file])) {
      const bar = line.indexOf(' | ');
      const f = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
      const offset = f[0]!;
      const wCnt = parseInt(f[3]!, 16);
      const members: number[] = [];
      let i = 4;
      for (let k = 0; k < wCnt; k++, i += 2) members.push(idOf(lemmaOf(f[i]!)));
      const pCnt = parseInt(f[i]!, 10);
      i++;
      const ptrs: Array<[string, string, number, number]> = [];
      for (let k = 0; k < pCnt; k++, i += 4) {
        const st = f[i + 3]!;
        ptrs.push([f[i]!, `${f[i + 2] === 's' ? 'a' : f[i + 2]}:${f[i + 1]}`, parseInt(st.slice(0, 2), 16), parseInt(st.slice(2), 16)]);
      }
      const id = synPos.length;
      synKey.set(`${POS_LETTER[p]}:${offset}`, id);
      synPos.push(p);
      synLex.push(parseInt(f[1]!, 10));
      synOffset.push(parseInt(offset, 10));
      synWords.push(members);
      rawPtrs.push(ptrs);
    }
  });

  // Pointers: hypernyms, part holonyms and derivations per synset, derivations per word.
  const hyp: number[][] = [];
  const part: number[][] = [];
  const derRows: number[][] = [];
  const synDerRows: number[][] = [];
  rawPtrs.forEach((ptrs, s) => {
    for (const [symbol, target, source, targetWord] of ptrs) {
      const t = synKey.get(target);
      if (t === undefined) continue;
      if (symbol === '@' || symbol === '@i') (hyp[s] ??= []).push(t);
      else if (symbol === '#p') (part[s] ??= []).push(t);
      else if (symbol === '+' && source > 0 && targetWord > 0) {
        const sd = (synDerRows[s] ??= []);
        if (t !== s && !sd.includes(t)) sd.push(t);
        const from = synWords[s]![source - 1];
        const to = synWords[t]![targetWord - 1];
        if (from === undefined || to === undefined || from === to) continue;
        const row = (derRows[from] ??= []);
        if (!row.includes(to)) row.push(to);
      }
    }
  });

  // Sense order per (word, pos) from the index files.
  const senseRows: number[][] = [];
  POS_FILE.forEach((file, p) => {
    for (const line of lines(src.index[file])) {
      const f = line.trim().split(' ');
      const lemma = lemmaOf(f[0]!);
      const synsetCnt = parseInt(f[2]!, 10);
      const pCnt = parseInt(f[3]!, 10);
      const offsets = f.slice(4 + pCnt + 2, 4 + pCnt + 2 + synsetCnt);
      const row: number[] = [];
      for (const off of offsets) {
        const s = synKey.get(`${POS_LETTER[p]}:${off}`);
        if (s !== undefined) row.push(s);
      }
      senseRows[idOf(lemma) * 4 + p] = row;
    }
  });

  // index.sense: "lemma%ss_type:lex:id:head:headid offset sense_number tag_cnt".
  const senseTag: number[] = [];
  const rowStart: number[] = [];
  const rows = words.length * 4;
  for (let r = 0, n = 0; r < rows; r++) {
    rowStart[r] = n;
    n += senseRows[r]?.length ?? 0;
  }
  for (const line of (src.senseIndex ?? '').split('\n')) {
    const f = line.split(' ');
    if (f.length < 4) continue;
    const pct = f[0]!.indexOf('%');
    const id = wordId.get(lemmaOf(f[0]!.slice(0, pct)));
    const ssType = parseInt(f[0]!.charAt(pct + 1), 10);
    const p = ssType === 5 ? 2 : ssType - 1;
    const sense = parseInt(f[2]!, 10) - 1;
    if (id === undefined || p < 0 || p > 3) continue;
    const row = id * 4 + p;
    if (sense >= 0 && sense < (senseRows[row]?.length ?? 0)) senseTag[rowStart[row]! + sense] = parseInt(f[3]!, 10);
  }

  const exc: string[] = [];
  POS_FILE.forEach((file) => {
    for (const line of (src.exc?.[file] ?? '').split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f.length >= 2) exc.push(`${file}\t${lemmaOf(f[0]!)}\t${f.slice(1).map(lemmaOf).join('|')}`);
    }
  });

  const n = synPos.length;
  const sw = csr(n, synWords);
  const sh = csr(n, hyp);
  const sp = csr(n, part);
  const ss = csr(words.length * 4, senseRows);
  const dr = csr(words.length, derRows);
  const sd = csr(n, synDerRows);
  const tags = new Int32Array(ss.items.length);
  senseTag.forEach((c, i) => (tags[i] = c));
  return {
    words,
    synPos: Uint8Array.from(synPos),
    synLex: Uint8Array.from(synLex),
    synOffset: Int32Array.from(synOffset),
    synWordStart: sw.start,
    synWords: sw.items,
    synHypStart: sh.start,
    synHyp: sh.items,
    synPartStart: sp.start,
    synPart: sp.items,
    senseStart: ss.start,
    senseSyn: ss.items,
    derStart: dr.start,
    der: dr.items,
    synDerStart: sd.start,
    synDer: sd.items,
    senseTag: tags,
    exceptions: exc.join('\n'),
  };
}

/**
 * The tables packed in one SharedArrayBuffer: structured-cloneable, and sent to a worker thread
 * the memory is shared, not copied. Word i is `wordChars[wordStart[i] .. wordStart[i+1])` (UTF-16
 * code units); `wordSlots` is an open-addressing hash of the words (slot → word id + 1, 0 empty,
 * a power of two at most half full). Hyponyms are the hypernym relation inverted.
 */
export interface PackedWordNet extends Omit<WordNetTables, 'words'> {
  wordCount: number;
  wordChars: Uint16Array;
  wordStart: Int32Array;
  wordSlots: Int32Array;
  hypoStart: Int32Array;
  hypo: Int32Array;
}

/** FNV-1a over a string's UTF-16 code units (the words' hash in `wordSlots`). */
export function wordHash(w: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const TABLE_ARRAYS = ['synPos', 'synLex', 'synOffset', 'synWordStart', 'synWords', 'synHypStart', 'synHyp', 'synPartStart', 'synPart', 'senseStart', 'senseSyn', 'derStart', 'der', 'synDerStart', 'synDer', 'senseTag'] as const;

/** Packs tables into one SharedArrayBuffer (see PackedWordNet). */
export function packTables(t: WordNetTables): PackedWordNet {
  const words = t.words;
  let chars = 0;
  for (const w of words) chars += w.length;
  let slots = 1;
  while (slots < words.length * 2) slots *= 2;
  // Hyponyms: count per hypernym, then fill in synset order (as the lexicon did at load).
  const n = t.synPos.length;
  const hypoStartArr = new Int32Array(n + 1);
  for (let i = 0; i < t.synHyp.length; i++) hypoStartArr[t.synHyp[i]! + 1]!++;
  for (let i = 0; i < n; i++) hypoStartArr[i + 1]! += hypoStartArr[i]!;

  const sizes: Array<[string, 'u8' | 'u16' | 'i32', number]> = [
    ...TABLE_ARRAYS.map((name) => [name, t[name] instanceof Uint8Array ? 'u8' : 'i32', t[name].length] as [string, 'u8' | 'i32', number]),
    ['wordChars', 'u16', chars],
    ['wordStart', 'i32', words.length + 1],
    ['wordSlots', 'i32', slots],
    ['hypoStart', 'i32', n + 1],
    ['hypo', 'i32', t.synHyp.length],
  ];
  const width = { u8: 1, u16: 2, i32: 4 } as const;
  let bytes = 0;
  for (const [, type, length] of sizes) bytes = ((bytes + 7) & ~7) + width[type] * length;
  const sab = new SharedArrayBuffer((bytes + 7) & ~7);
  const views: Record<string, Uint8Array | Uint16Array | Int32Array> = {};
  let at = 0;
  for (const [name, type, length] of sizes) {
    at = (at + 7) & ~7;
    views[name] = type === 'u8' ? new Uint8Array(sab, at, length) : type === 'u16' ? new Uint16Array(sab, at, length) : new Int32Array(sab, at, length);
    at += width[type] * length;
  }
  for (const name of TABLE_ARRAYS) (views[name] as Uint8Array | Int32Array).set(t[name]);
  const wordChars = views.wordChars as Uint16Array;
  const wordStart = views.wordStart as Int32Array;
  const wordSlots = views.wordSlots as Int32Array;
  let c = 0;
  words.forEach((w, id) => {
    wordStart[id] = c;
    for (let i = 0; i < w.length; i++) wordChars[c++] = w.charCodeAt(i);
    let slot = wordHash(w) & (slots - 1);
    while (wordSlots[slot] !== 0) slot = (slot + 1) & (slots - 1);
    wordSlots[slot] = id + 1;
  });
  wordStart[words.length] = c;
  const hypoStart = views.hypoStart as Int32Array;
  const hypo = views.hypo as Int32Array;
  hypoStart.set(hypoStartArr);
  const fill = hypoStartArr.slice();
  for (let s = 0; s < n; s++) for (let k = t.synHypStart[s]!; k < t.synHypStart[s + 1]!; k++) hypo[fill[t.synHyp[k]!]!++] = s;
  return {
    ...(Object.fromEntries(TABLE_ARRAYS.map((name) => [name, views[name]])) as unknown as Omit<WordNetTables, 'words' | 'exceptions'>),
    exceptions: t.exceptions,
    wordCount: words.length,
    wordChars,
    wordStart,
    wordSlots,
    hypoStart,
    hypo,
  };
}
