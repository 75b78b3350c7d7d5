/**
 * @module pool/tasks
 * The messages between the main thread and the turn workers (structured-cloneable data only).
 */
import type { ExtractionContext, MemoryCandidate, Message } from '../core/types.ts';
import type { RuleError } from '../core/extraction/offline-extractor.ts';
import type { AnalysedTurn } from '../core/turn-analysis.ts';
import type { LexiconSettings } from '../providers/lexicon/create-lexicon.ts';

/** Where a worker finds an extractor: a module URL and the exported class (constructed without arguments). */
export interface ExtractorSpec {
  module: string;
  exportName: string;
}

export type PoolTask =
  /** `lexicon`: also compute the kind features with the lexicon these settings open (the service's). */
  | { kind: 'analyse'; messages: Message[]; lexicon?: LexiconSettings }
  | { kind: 'extract'; spec: ExtractorSpec; messages: Message[]; ctx: ExtractionContext }
  /**
   * Analysis and extraction of one turn in one task: `messages` as received; the worker analyses
   * them (masking, text, index terms, and the kind features when `lexicon` is given) and extracts
   * from the masked messages, as the service does inline.
   */
  | { kind: 'analyse-extract'; spec: ExtractorSpec; messages: Message[]; ctx: ExtractionContext; lexicon?: LexiconSettings }
  /**
   * A worker's start-up (TurnPool.warmUp): constructs the extractor of `spec` and runs analysis and extraction over the
   * start-up sample conversation `rounds` times, so the first turns sent to it find the extractor built and its code
   * compiled. A failure in the sample is not the worker's: it still answers (the extractor's own failures surface on real tasks).
   */
  | { kind: 'warm'; spec: ExtractorSpec; rounds: number; lexicon?: LexiconSettings }
  | { kind: 'crash' }
  /** Test hook: what the worker's extraction lexicon answers from (shared tables or its own copy). */
  | { kind: 'lexicon-probe' };

export type PoolResult =
  | { kind: 'analyse'; turn: AnalysedTurn }
  | { kind: 'extract'; candidates: MemoryCandidate[]; ruleErrors: RuleError[] }
  | { kind: 'analyse-extract'; turn: AnalysedTurn; candidates: MemoryCandidate[]; ruleErrors: RuleError[] }
  /** Sample turns analysed and extracted by the start-up (0 when the extractor could not be built). */
  | { kind: 'warm'; extractions: number }
  /** `synsets` of the worker's WordNet (0: none), whether its tables lie in a SharedArrayBuffer, and its first synset's lexicographer file. */
  | { kind: 'lexicon-probe'; synsets: number; shared: boolean; synLex0: number };
