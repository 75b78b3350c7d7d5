/**
 * @module pool/turn-pool
 * The worker-thread pool (piscina) for the CPU-heavy per-turn work — turn analysis (masking,
 * rendering, index terms) and offline extraction — so both cores work and the event loop keeps
 * answering while a large turn is processed. It implements the core's ports (TurnAnalyzer, and
 * Extractor / AnalysingExtractor through `extractor()`: a turn extracted in a worker is analysed in
 * the same task), so the service does not know it exists.
 *
 * Degrades safely: when a worker cannot start, dies or its task fails for any reason other than
 * the work itself, the same work runs inline on the main thread (slower for that turn, nothing
 * lost) and a warning is logged. Small turns are analysed inline: the hop would cost more.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AnalysedExtraction, AnalysingExtractor, Extractor, TurnAnalyzer } from '../core/ports.ts';
import type { ExtractionContext, MemoryCandidate, Message, TurnRecord } from '../core/types.ts';
import type { RuleError } from '../core/extraction/offline-extractor.ts';
import { analyseTurn, type AnalysedTurn } from '../core/turn-analysis.ts';
import type { ExtractorSpec, PoolResult, PoolTask } from './tasks.ts';
import type { LexiconSettings } from '../providers/lexicon/create-lexicon.ts';
import type { PackedWordNet } from '../providers/lexicon/wordnet-tables.ts';

export interface TurnPoolOptions {
  /** Worker threads (default: the machine's parallelism). */
  threads?: number;
  /**
   * Old-generation heap limit of each worker in MB (default: V8's own, i.e. none in practice).
   * Bounds what a worker holds after a large turn: V8 collects lazily and a worker heap otherwise
   * stays at its high-water mark. A task that needs more fails in the worker and runs inline.
   */
  heapMb?: number;
  /** Young-generation size of each worker in MB (default WORKER_YOUNG_GENERATION_MB). */
  youngMb?: number;
  /** Turns with fewer characters than this are analysed inline (default 16,000). */
  inlineAnalysisBelowChars?: number;
  /** Turns with fewer characters than this are extracted inline (default INLINE_EXTRACTION_BELOW_CHARS). */
  inlineExtractionBelowChars?: number;
  /**
   * Small turns still go to a worker while the main thread's event-loop utilisation (over the last
   * ~100 ms) is at least this (default OFFLOAD_SMALL_ABOVE_UTILISATION; > 1: never; 0: always,
   * without the OFFLOAD_MIN_OVERLAP_UTILISATION back-off). A saturated main thread then hands work
   * to the other cores, at the hop's cost; an idle one keeps it.
   */
  offloadSmallAboveUtilisation?: number;
  /** How long small turns stay inline after an offload that overlapped nothing (default OFFLOAD_BACKOFF_MS). */
  offloadBackoffMs?: number;
  logger?: { warn(obj: object, msg?: string): void };
  /**
   * The settings of the service's lexicon: pooled analyses then also carry the turn's kind
   * features, computed in the worker with the same lexicon (absent: the service computes them).
   */
  featureLexicon?: LexiconSettings;
  /**
   * WordNet's packed tables (SharedArrayBuffer-backed, `OpenedLexicon.tables`): handed to every
   * worker as workerData, so the workers share the main thread's copy (~19 MB a worker) instead
   * of each reading the cache file into its own. Absent: each worker opens its own.
   */
  lexiconTables?: PackedWordNet;
}

/** What each worker receives at start (piscina's workerData). */
export interface TurnWorkerData {
  lexiconTables?: PackedWordNet;
}

/** The offline extractor's module spec (what the worker constructs by default). */
export const OFFLINE_EXTRACTOR_SPEC: ExtractorSpec = { module: new URL('../core/extraction/offline-extractor.ts', import.meta.url).href, exportName: 'OfflineExtractor' };

const WORKER_URL = new URL('./turn-worker.ts', import.meta.url);

/**
 * Options that take a value and that a worker keeps: those it needs to load its modules as the main
 * thread does, and the profilers' (`--cpu-prof-interval 200` passed on without its value made every
 * worker fail to start, so a profiled server extracted everything inline).
 */
const VALUE_OPTIONS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C', '--cpu-prof-dir', '--cpu-prof-name', '--cpu-prof-interval', '--heap-prof-dir', '--heap-prof-name', '--heap-prof-interval']);

/**
 * Worker execArgv: the main thread's module-loading options (loaders, `--import`, conditions,
 * `--experimental-*`, warnings and source maps), plus the TypeScript loader when the main thread
 * was not started with it (tests). Everything else is left out: Node refuses to start a worker
 * whose execArgv holds a V8 or process-wide option (`--max-old-space-size`, `--title`,
 * `--perf-basic-prof`…: ERR_WORKER_INVALID_EXEC_ARGV), and those apply to the whole process anyway.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.split('=')[0];
    if (VALUE_OPTIONS.has(name)) {
      if (a.includes('=')) out.push(a);
      else if (i + 1 < argv.length) out.push(a, argv[++i]);
    } else if (name.startsWith('--experimental-') || name === '--no-warnings' || name === '--enable-source-maps' || name.startsWith('--cpu-prof') || name.startsWith('--heap-prof')) out.push(a);
  }
  return out.some((a) => a.includes('tsx')) ? out : [...out, '--import', 'tsx'];
}

const chars = (messages: readonly Message[]) => messages.reduce((n, m) => n + m.content.length, 0);

/**
 * Below this many characters a turn is extracted on the main thread: the hop to a worker
 * (structured clone both ways, piscina's queue, a second thread's caches) costs more CPU than the
 * extraction of a small turn (docs/ingest.md, "inline threshold").
 */
export const INLINE_EXTRACTION_BELOW_CHARS = 2_000;
/**
 * Worker threads by default: one fewer than the cores (the main thread works too), at least 1 and
 * at most 4. Each worker holds its own NLP model and lexicon (~140 MB RSS), so more workers than
 * cores cost memory and buy nothing.
 */
export function defaultWorkerThreads(cores: number): number {
  return Math.min(4, Math.max(1, cores - 1));
}

/**
 * Tasks of at least this many characters wait for a cold pool's first worker instead of running
 * inline: its start (~1 s) costs less than blocking the event loop for the whole task (a
 * maximum-size turn takes 15-40 s), and the inline run's garbage would inflate the main heap too.
 */
export const WAIT_FOR_WORKER_ABOVE_CHARS = 64_000;
/** How long such a task waits for the worker's start before it runs inline after all (a start that hangs loses nothing). */
export const WAIT_FOR_WORKER_MS = 30_000;

/**
 * Young generation of a worker in MB. V8 grows it to 32 MB (two 16 MB semi-spaces) in any isolate
 * that allocates a lot, and those pages stay resident; a worker's allocations are per-message
 * intermediates that die young either way, so a small nursery costs more scavenges, not
 * promotions. Measured on a maximum-size turn (docs/ingest.md, Session 12): worker peak −60 MB,
 * CPU unchanged within noise.
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * Times a worker's start-up runs the sample conversation (core/warm-up-sample) through analysis and extraction before
 * it takes turns: the first ~20 extractions of a fresh worker ran at ~150 ms on average against ~7 ms after
 * (docs/ingest.md, Session 21); the sample is a dozen-odd turns, so two rounds cover them.
 */
export const WARM_UP_ROUNDS = 2;

/** Event-loop utilisation above which small turns are offloaded anyway (the main thread is the bottleneck). */
export const OFFLOAD_SMALL_ABOVE_UTILISATION = 0.9;

/**
 * A small turn offloaded for load pays only if the event loop had other work while the worker ran
 * it. When the loop's utilisation over the flight of a small task alone in the pool (none before
 * it, none sent during it) is below this, nothing overlapped (one turn at a time: the request
 * waits for the worker, the loop idles), and small turns stay
 * inline for OFFLOAD_BACKOFF_MS. At concurrency 1 the client's next turn arrives within a
 * millisecond, so the loop's utilisation reads ≥ 0.9 and, before session 16, many turns went to
 * the worker: 1.7–3.9 ms a turn in the worker on top of ~4.5 on the main thread, for nothing.
 */
export const OFFLOAD_MIN_OVERLAP_UTILISATION = 0.5;
/** How long small turns stay inline after an offload that overlapped nothing (then one is tried again). */
export const OFFLOAD_BACKOFF_MS = 1000;

/**
 * Tasks a worker holds at once (piscina `concurrentTasksPerWorker`): the one it runs and the next
 * ones, already posted to it, so it starts the next without waiting for the main thread to read
 * its answer and post another (with one, it idled whenever the event loop was busy). Small turns
 * go to the pool only while it has room for them (fewer than this many tasks a thread in flight):
 * the main thread extracts the overflow instead of queueing it behind a busy worker.
 */
export const TASKS_PER_WORKER = 16;

export class TurnPool implements TurnAnalyzer {
  private readonly piscina: Piscina;
  private readonly inlineBelow: number;
  readonly inlineExtractionBelow: number;
  readonly offloadSmallAbove: number;
  private elu = performance.eventLoopUtilization();
  /** Tasks handed to piscina and not yet settled (running or queued), and of them the large ones. */
  private inFlight = 0;
  private largeInFlight = 0;
  /** Small turns go to the pool while fewer than this many tasks are in it (TASKS_PER_WORKER a thread). */
  private readonly smallTaskCap: number;
  private eluAt = performance.now();
  private utilisation = 0;
  /** Until then (performance.now()) small turns stay inline: the last one offloaded overlapped nothing. */
  private inlineUntil = 0;
  private readonly offloadBackoffMs: number;
  /** Tasks sent to a worker so far (tests and the bench read it). */
  dispatched = 0;
  private readonly logger?: TurnPoolOptions['logger'];
  /** The service lexicon's settings: pooled analyses carry the turn's kind features when set. */
  readonly featureLexicon?: LexiconSettings;
  /** Tasks that fell back inline (worker failure), for metrics and tests. */
  fallbacks = 0;
  private closed = false;
  /** Resolves when a first task has run in a worker; until then small work runs inline (no start-up wait) and large work waits for it. */
  private warming: Promise<void> | null = null;
  private warm = false;
  /** Workers that failed to start (the first is logged). */
  private startFailures = 0;
  /** Sample turns the start-up ran through the worker's extractor (WARM_UP_ROUNDS × the sample; 0 if it could not build it). */
  warmExtractions = 0;

  constructor(opts: TurnPoolOptions = {}) {
    const threads = Math.max(1, opts.threads ?? availableParallelism());
    this.smallTaskCap = threads * TASKS_PER_WORKER;
    this.inlineBelow = opts.inlineAnalysisBelowChars ?? 16_000;
    this.inlineExtractionBelow = opts.inlineExtractionBelowChars ?? INLINE_EXTRACTION_BELOW_CHARS;
    this.offloadSmallAbove = opts.offloadSmallAboveUtilisation ?? OFFLOAD_SMALL_ABOVE_UTILISATION;
    this.offloadBackoffMs = opts.offloadBackoffMs ?? OFFLOAD_BACKOFF_MS;
    this.logger = opts.logger;
    this.featureLexicon = opts.featureLexicon;
    // Workers start on first use (an idle server or a test that never ingests pays nothing) and then stay.
    this.piscina = new Piscina({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: TASKS_PER_WORKER,
      execArgv: workerExecArgv(),
      workerData: { lexiconTables: opts.lexiconTables } satisfies TurnWorkerData,
      resourceLimits: { maxYoungGenerationSizeMb: opts.youngMb ?? WORKER_YOUNG_GENERATION_MB, ...(opts.heapMb ? { maxOldGenerationSizeMb: opts.heapMb } : {}) },
    });
    // A worker that dies is replaced by piscina; its task is rejected and runs inline (below).
    this.piscina.on('error', (err: unknown) => this.logger?.warn({ err: String(err) }, 'turn worker error'));
  }

  get threads(): number {
    return this.piscina.threads.length;
  }

  /**
   * Starts a worker and resolves once it has built the offline extractor and run the start-up sample
   * through it (WARM_UP_ROUNDS; about a second or two of the worker's CPU, the main thread untouched).
   * Until then tasks run inline, so the first turns after start never wait for it, and the first ones
   * sent to it find it ready (before session 21 it was "warm" once it had loaded, and the first turn it
   * took waited 1.4 s for the extractor's construction).
   */
  warmUp(): Promise<void> {
    // A worker that cannot be created throws synchronously from piscina.run; like a failed start, the
    // tasks meanwhile run inline and the next task retries.
    this.warming ??= Promise.resolve()
      .then(() => this.piscina.run({ kind: 'warm', spec: OFFLINE_EXTRACTOR_SPEC, rounds: WARM_UP_ROUNDS, ...(this.featureLexicon ? { lexicon: this.featureLexicon } : {}) } satisfies PoolTask))
      .then(
        (r: PoolResult) => {
          this.warmExtractions = r.kind === 'warm' ? r.extractions : 0;
          this.warm = true;
        },
        (err: unknown) => {
          this.warming = null; // retried on the next task
          if (this.startFailures++ === 0) this.logger?.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err) }, 'turn worker failed to start; tasks run inline');
        },
      );
    return this.warming;
  }

  /**
   * Runs a task in a worker; null when the pool is closed or failed, or cold and the task is
   * small (the caller then runs it inline). A task of WAIT_FOR_WORKER_ABOVE_CHARS or more
   * (`chars`) waits for a cold pool's worker to start.
   */
  async run(task: PoolTask, chars = 0): Promise<PoolResult | null> {
    if (this.closed) return null;
    if (!this.warm) {
      const warming = this.warmUp();
      if (chars < WAIT_FOR_WORKER_ABOVE_CHARS) return null;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([warming, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_FOR_WORKER_MS)))]);
      clearTimeout(timer);
      if (!this.warm || this.closed) return null;
    }
    const large = chars >= this.inlineExtractionBelow;
    // A small task alone in the pool: did the event loop have other work while it ran?
    const flight = large || this.inFlight > 0 ? null : performance.eventLoopUtilization();
    try {
      const mark = ++this.dispatched;
      this.inFlight++;
      if (large) this.largeInFlight++;
      const result = (await this.piscina.run(task)) as PoolResult;
      if (flight && this.dispatched === mark && performance.eventLoopUtilization(performance.eventLoopUtilization(), flight).utilization < OFFLOAD_MIN_OVERLAP_UTILISATION) {
        this.inlineUntil = performance.now() + this.offloadBackoffMs;
      }
      return result;
    } catch (err) {
      this.fallbacks++;
      this.logger?.warn({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err), task: task.kind }, 'turn worker failed; running the task inline');
      return null;
    } finally {
      this.inFlight--;
      if (large) this.largeInFlight--;
    }
  }

  /** The main thread's event-loop utilisation over the last ~100 ms window (0…1). */
  mainThreadUtilisation(): number {
    const now = performance.now();
    if (now - this.eluAt >= 100) {
      const cur = performance.eventLoopUtilization();
      this.utilisation = performance.eventLoopUtilization(cur, this.elu).utilization;
      this.elu = cur;
      this.eluAt = now;
    }
    return this.utilisation;
  }

  /**
   * Whether a turn of `n` characters is extracted on the main thread. Large turns never are. A
   * small one goes to the pool when the pool has room (no large task in it, fewer than
   * TASKS_PER_WORKER tasks a thread) and there is load: a turn already in the pool, or the event
   * loop at OFFLOAD_SMALL_ABOVE_UTILISATION, unless the last small turn offloaded overlapped
   * nothing (OFFLOAD_MIN_OVERLAP_UTILISATION). One turn at a time (concurrency 1) stays inline, and
   * small turns never queue behind a large one.
   */
  extractsInline(n: number): boolean {
    if (n >= this.inlineExtractionBelow) return false;
    if (this.offloadSmallAbove > 1 || this.largeInFlight > 0 || this.inFlight >= this.smallTaskCap) return true;
    if (this.inFlight > 0 || this.offloadSmallAbove <= 0) return false;
    return performance.now() < this.inlineUntil || this.mainThreadUtilisation() < this.offloadSmallAbove;
  }

  async analyse(messages: Message[]): Promise<AnalysedTurn> {
    const n = chars(messages);
    if (n < this.inlineBelow) return analyseTurn(messages);
    const r = await this.run({ kind: 'analyse', messages, ...(this.featureLexicon ? { lexicon: this.featureLexicon } : {}) }, n);
    return r?.kind === 'analyse' ? r.turn : analyseTurn(messages);
  }

  /** An Extractor that runs `spec` in a worker and `inline` on the main thread when the pool fails. */
  extractor(inline: Extractor, spec: ExtractorSpec = OFFLINE_EXTRACTOR_SPEC): PooledExtractor {
    return new PooledExtractor(this, inline, spec);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.piscina.destroy();
  }
}

/** Only what the extractor reads of the recent turns crosses the thread boundary (not their text or terms). */
function slimContext(ctx: ExtractionContext): ExtractionContext {
  return { ...ctx, recentTurns: ctx.recentTurns.map((t) => ({ id: t.id, scope: t.scope, sessionId: t.sessionId, seq: t.seq, timestamp: t.timestamp, messages: t.messages }) as TurnRecord) };
}

/**
 * The Extractor port over the pool; the inline extractor is the fallback and gives the name.
 * Also an AnalysingExtractor: a turn whose extraction goes to a worker is analysed there too.
 */
export class PooledExtractor implements AnalysingExtractor {
  readonly name: string;
  /** Rule failures reported by the worker (the service logs them like OfflineExtractor's). */
  onRuleError: ((e: RuleError) => void) | undefined = undefined;

  constructor(
    private readonly pool: TurnPool,
    private readonly inline: Extractor,
    private readonly spec: ExtractorSpec,
  ) {
    this.name = inline.name;
  }

  async extract(messages: Message[], ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    const n = chars(messages);
    return this.pool.extractsInline(n) ? this.runInline(messages, ctx) : this.pooled(messages, ctx, n);
  }

  private runInline(messages: Message[], ctx: ExtractionContext): Promise<MemoryCandidate[]> {
    const inline = this.inline as Extractor & { onRuleError?: (e: RuleError) => void };
    if ('onRuleError' in inline && !inline.onRuleError) inline.onRuleError = this.onRuleError;
    return this.inline.extract(messages, ctx);
  }

  private async pooled(messages: Message[], ctx: ExtractionContext, n: number): Promise<MemoryCandidate[]> {
    const r = await this.pool.run({ kind: 'extract', spec: this.spec, messages, ctx: slimContext(ctx) }, n);
    if (r?.kind !== 'extract') return this.runInline(messages, ctx);
    for (const e of r.ruleErrors) this.onRuleError?.(e);
    return r.candidates;
  }

  /**
   * A turn whose extraction goes to a worker (see `extract`) is analysed in the same task: its
   * masking, index terms and kind features leave the event loop with the extraction, and its
   * messages cross the thread boundary once. null when the turn is extracted inline: the caller
   * analyses and extracts it as usual. A failed task runs both inline (analysis without the
   * kind features: the caller adds them).
   */
  async analyseAndExtract(messages: Message[], ctx: ExtractionContext): Promise<AnalysedExtraction | null> {
    const n = chars(messages);
    if (this.pool.extractsInline(n)) return null;
    const lexicon = this.pool.featureLexicon;
    const r = await this.pool.run({ kind: 'analyse-extract', spec: this.spec, messages, ctx: slimContext(ctx), ...(lexicon ? { lexicon } : {}) }, n);
    if (r?.kind !== 'analyse-extract') {
      const turn = analyseTurn(messages);
      return { turn, candidates: await this.runInline(turn.messages, ctx) };
    }
    for (const e of r.ruleErrors) this.onRuleError?.(e);
    return { turn: r.turn, candidates: r.candidates };
  }
}
