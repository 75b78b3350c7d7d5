/**
 * @module pool/turn-worker
 * The worker-thread side of the turn pool (piscina): runs one task at a time — the pure turn
 * analysis (core/turn-analysis), an extraction through the Extractor port, or both for one turn
 * (analysis, then extraction from the masked messages), and its own start-up over the sample
 * conversation (core/warm-up-sample: the extractor built and its code compiled before real turns), with the extractor
 * built here from its module spec (so any extractor a module exports works, not only the
 * offline one). Rule failures are collected and handed back, so the main thread reports them.
 */
import type { Extractor } from '../core/ports.ts';
import * as offlineModule from '../core/extraction/offline-extractor.ts';
import type { RuleError } from '../core/extraction/offline-extractor.ts';
import { analyseTurn, type AnalysedTurn } from '../core/turn-analysis.ts';
import type { ExtractionContext, MemoryCandidate, Message, TurnRecord } from '../core/types.ts';
import { turnFeatures } from '../core/text/enrich.ts';
import type { Lexicon } from '../core/ports.ts';
import { openLexicon, type LexiconSettings } from '../providers/lexicon/create-lexicon.ts';
import { WordNetLexicon } from '../providers/lexicon/wordnet.ts';
import { workerData } from 'node:worker_threads';
import { WARM_UP_SAMPLE } from '../core/warm-up-sample.ts';
import type { PoolTask, PoolResult, ExtractorSpec } from './tasks.ts';
import type { TurnWorkerData } from './turn-pool.ts';

const extractors = new Map<string, Promise<Extractor>>();
/** The extractors already constructed, by spec id: a task that finds its extractor here runs without an await before it. */
const constructed = new Map<string, Extractor>();

/** The main thread's WordNet tables, shared (SharedArrayBuffer): the worker keeps no copy of its own. */
const sharedTables = (workerData as TurnWorkerData | null)?.lexiconTables;
let shared: Lexicon | null = null;

/** The lexicon of these settings: WordNet over the shared tables when the pool was given them, else opened here (own copy). */
function lexiconFor(settings: LexiconSettings): Lexicon {
  if (settings.MEMORY_LEXICON === 'off' || !sharedTables) return openLexicon(settings).lexicon;
  shared ??= new WordNetLexicon(sharedTables);
  return shared;
}

/** The worker's lexicon for extraction, from the same settings as the main thread's (MEMORY_LEXICON, MEMORY_LEXICON_CACHE). */
function workerLexicon(): Lexicon {
  return lexiconFor({ MEMORY_LEXICON: process.env.MEMORY_LEXICON === 'off' ? 'off' : 'wordnet', MEMORY_LEXICON_CACHE: process.env.MEMORY_LEXICON_CACHE || undefined });
}

/**
 * Modules the worker links statically. A dynamic import() of a .ts file can miss the TypeScript
 * loader in a worker thread (seen under `node --import tsx`: "Unknown file extension .ts"), so
 * the built-in extractors never go through it; other specs (e.g. compiled .js) are imported.
 */
const STATIC_MODULES: Record<string, Record<string, unknown>> = { [new URL('../core/extraction/offline-extractor.ts', import.meta.url).href]: offlineModule };

/** The extractor for a spec, constructed once per worker. */
const specId = (spec: ExtractorSpec) => `${spec.module}#${spec.exportName}`;

function extractorFor(spec: ExtractorSpec): Promise<Extractor> {
  const id = specId(spec);
  let e = extractors.get(id);
  if (!e) {
    const linked = STATIC_MODULES[spec.module];
    e = (linked ? Promise.resolve(linked) : (import(spec.module) as Promise<Record<string, unknown>>)).then((mod) => {
      const Ctor = mod[spec.exportName] as (new (opts?: { lexicon?: Lexicon }) => Extractor) | undefined;
      if (typeof Ctor !== 'function') throw new Error(`extractor module ${spec.module} has no export ${spec.exportName}`);
      const extractor = new Ctor({ lexicon: workerLexicon() });
      constructed.set(id, extractor);
      return extractor;
    });
    extractors.set(id, e);
  }
  return e;
}

/** A turn's analysis; with `settings`, its kind features too (~1 s of lexicon walks for a large turn: here, not on the event loop). */
function analysed(messages: Message[], settings: LexiconSettings | undefined): AnalysedTurn {
  const turn = analyseTurn(messages);
  if (settings) turn.features = turnFeatures(lexiconFor(settings), turn.messages);
  return turn;
}

/** Runs the extractor of `spec`, collecting its rule failures for the main thread. */
async function extractWith(spec: ExtractorSpec, messages: Message[], ctx: ExtractionContext): Promise<{ candidates: MemoryCandidate[]; ruleErrors: RuleError[] }> {
  // A worker holds several tasks at once (TASKS_PER_WORKER); with its extractor constructed, a task
  // reaches the extraction without yielding, so tasks do not interleave (nor hold two large turns at once).
  const extractor = (constructed.get(specId(spec)) ?? (await extractorFor(spec))) as Extractor & { onRuleError?: (e: RuleError) => void };
  const ruleErrors: RuleError[] = [];
  // The sink is set and the offline extraction runs with no await between them, so it belongs to this task alone.
  if ('onRuleError' in extractor) extractor.onRuleError = (e) => void ruleErrors.push(e);
  return { candidates: await extractor.extract(messages, ctx), ruleErrors };
}

/**
 * The start-up sample conversation as turns: each turn with the sample's previous (up to three) as its recent turns,
 * as ingest would read them, so the context paths run too.
 */
function sampleTurns(): Array<{ messages: Message[]; ctx: ExtractionContext }> {
  const turns = WARM_UP_SAMPLE.map((t) => ({ messages: [{ role: 'user', content: t.user }, { role: 'assistant', content: t.assistant }] as Message[], timestamp: `${t.day}T12:00:00.000Z` }));
  return turns.map((t, i) => ({
    messages: t.messages,
    ctx: { timestamp: t.timestamp, sessionId: 'warm-up', recentTurns: turns.slice(Math.max(0, i - 3), i).map((r, k) => ({ id: `warm-${k}`, scope: 'warm-up', sessionId: 'warm-up', seq: k + 1, timestamp: r.timestamp, messages: r.messages }) as TurnRecord) },
  }));
}

/**
 * Builds the extractor and runs the sample through analysis and extraction `rounds` times (task 'warm'). Until this
 * ran, the first turns a worker took paid the extractor's construction and cold code: 1.4 s for the first, ~150 ms
 * on average over the first 20, against ~7 ms warm (docs/ingest.md, Session 21).
 */
async function warm(spec: ExtractorSpec, rounds: number, settings: LexiconSettings | undefined): Promise<number> {
  let n = 0;
  try {
    const sample = sampleTurns();
    for (let r = 0; r < rounds; r++)
      for (const t of sample) {
        const turn = analysed(t.messages, settings);
        await extractWith(spec, turn.messages, t.ctx);
        n++;
      }
  } catch {
    // The extractor of `spec` cannot be built or fails on the sample: real tasks meet and report it (and run inline).
  }
  return n;
}

export default async function runTask(task: PoolTask): Promise<PoolResult> {
  if (task.kind === 'warm') return { kind: 'warm', extractions: await warm(task.spec, task.rounds, task.lexicon) };
  if (task.kind === 'analyse') return { kind: 'analyse', turn: analysed(task.messages, task.lexicon) };
  if (task.kind === 'analyse-extract') {
    const turn = analysed(task.messages, task.lexicon);
    return { kind: 'analyse-extract', turn, ...(await extractWith(task.spec, turn.messages, task.ctx)) };
  }
  if (task.kind === 'crash') process.exit(1); // test hook: a worker that dies mid-task
  if (task.kind === 'lexicon-probe') {
    const l = workerLexicon();
    const t = l instanceof WordNetLexicon ? l.tables : null;
    return { kind: 'lexicon-probe', synsets: t?.synPos.length ?? 0, shared: t ? t.synPos.buffer instanceof SharedArrayBuffer : false, synLex0: t?.synLex[0] ?? -1 };
  }
  return { kind: 'extract', ...(await extractWith(task.spec, task.messages, task.ctx)) };
}
