/**
 * @module core/portability
 * Lossless export and import of a store as JSON Lines, through the MemoryStore port only, so a
 * deployment can move between SQLite, PostgreSQL and PGlite (`memory-service export` /
 * `memory-service import`). Every turn and every memory row — history, validity, supersession
 * links, soft deletions, metadata, analysed terms — is written with its id; import keeps the ids
 * and each turn's session sequence number, skips rows that already exist (re-running an import
 * is safe) and checks the footer counts so a truncated file is reported. Embeddings are derived
 * data tied to a model and are not exported: run `memory-service reembed` after an import.
 * Pure: the caller supplies the lines (a file, stdin) and writes the output.
 */
import { z } from 'zod';
import type { MemoryStore } from './ports.ts';
import type { MemoryRecord, NewTurn, TurnRecord } from './types.ts';
import { MEMORY_TYPES, scopeOf } from './types.ts';
import { InvalidInputError } from './errors.ts';

export const EXPORT_FORMAT = 'memory-service-export';
export const EXPORT_VERSION = 1;

const nullableString = z.string().nullable();
const metadata = z.record(z.string(), z.unknown());

const TurnLine = z.object({
  id: z.string().min(1),
  scope: z.string().min(1),
  sessionId: z.string(),
  userId: nullableString,
  agentId: nullableString,
  seq: z.number().int().positive(),
  timestamp: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant', 'system', 'tool']), content: z.string(), name: z.string().nullable().optional() })),
  text: z.string(),
  terms: z.string(),
  termCount: z.number().int().nonnegative(),
  metadata,
  createdAt: z.string(),
});

const MemoryLine = z.object({
  id: z.string().min(1),
  scope: z.string().min(1),
  userId: nullableString,
  agentId: nullableString,
  type: z.enum(MEMORY_TYPES),
  subject: z.string(),
  key: z.string(),
  value: z.string(),
  confidence: z.number(),
  singleValued: z.boolean(),
  status: z.enum(['active', 'superseded', 'retracted', 'historical', 'deleted']),
  active: z.boolean(),
  sourceSession: nullableString,
  sourceTurn: nullableString,
  evidence: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  validFrom: nullableString,
  validTo: nullableString,
  eventDate: nullableString,
  supersedes: nullableString,
  supersededBy: nullableString,
  lastSeenAt: nullableString,
  deletedAt: nullableString,
  metadata,
  text: z.string(),
  terms: z.string(),
  termCount: z.number().int().nonnegative(),
});

const ExportLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('header'),
    format: z.literal(EXPORT_FORMAT),
    version: z.number().int(),
    exported_at: z.string(),
    source: z.object({ kind: z.string(), schema_version: z.number() }).nullable(),
    user_id: nullableString,
  }),
  z.object({ type: z.literal('turn'), turn: TurnLine }),
  z.object({ type: z.literal('memory'), memory: MemoryLine }),
  z.object({ type: z.literal('footer'), turns: z.number().int().nonnegative(), memories: z.number().int().nonnegative() }),
]);

export type ExportLine = z.infer<typeof ExportLineSchema>;

export interface ExportOptions {
  /** Only this user's scopes (their own and their agent sub-scopes). */
  userId?: string | null;
  /** Page size of the store reads. */
  pageSize?: number;
  now?: () => Date;
}

/** Scopes an export covers: every scope, or the user's. */
async function exportScopes(store: MemoryStore, userId: string | null): Promise<string[]> {
  if (userId === null) return [...new Set(await store.listScopes())].sort();
  // The default tenant's user (the CLI has no tenant option); a full export carries every tenant's keys.
  const base = scopeOf(userId, null).key;
  return [...new Set([base, ...(await store.scopesOfUser(base))])].sort();
}

async function allTurns(store: MemoryStore, scope: string, pageSize: number): Promise<TurnRecord[]> {
  const byId = new Map<string, TurnRecord>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.listTurns(scope, { limit: pageSize, offset });
    for (const t of page) byId.set(t.id, t);
    if (page.length < pageSize) break;
  }
  return [...byId.values()].sort(compareTurns);
}

async function allMemories(store: MemoryStore, scope: string, pageSize: number): Promise<MemoryRecord[]> {
  const byId = new Map<string, MemoryRecord>();
  for (let offset = 0; ; offset += pageSize) {
    const page = await store.listMemories(scope, { includeInactive: true, includeDeleted: true, limit: pageSize, offset });
    for (const m of page) byId.set(m.id, m);
    if (page.length < pageSize) break;
  }
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Session order first, then sequence: the order in which import re-creates the sequence numbers. */
export function compareTurns(a: TurnRecord, b: TurnRecord): number {
  return a.sessionId.localeCompare(b.sessionId) || a.seq - b.seq || a.id.localeCompare(b.id);
}

/**
 * Streams the store as export lines: a header, then per scope its turns (by session and seq)
 * and its memories (every status, by creation), then a footer with the counts.
 */
export async function* exportStore(store: MemoryStore, opts: ExportOptions = {}): AsyncGenerator<ExportLine> {
  const pageSize = opts.pageSize ?? 500;
  const userId = opts.userId ?? null;
  const info = await store.info().catch(() => null);
  yield {
    type: 'header',
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: (opts.now ?? (() => new Date()))().toISOString(),
    source: info ? { kind: info.kind, schema_version: info.schemaVersion } : null,
    user_id: userId,
  };
  let turns = 0;
  let memories = 0;
  for (const scope of await exportScopes(store, userId)) {
    for (const turn of await allTurns(store, scope, pageSize)) {
      turns++;
      yield { type: 'turn', turn };
    }
    for (const memory of await allMemories(store, scope, pageSize)) {
      memories++;
      yield { type: 'memory', memory };
    }
  }
  yield { type: 'footer', turns, memories };
}

/** Parses one line of an export; throws InvalidInputError naming the line on bad input. */
export function parseExportLine(line: string, lineNo: number): ExportLine {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new InvalidInputError(`line ${lineNo}: not valid JSON`);
  }
  const parsed = ExportLineSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError(`line ${lineNo}: ${issue.path.join('.') || 'line'}: ${issue.message}`);
  }
  return parsed.data;
}

export interface ImportSummary {
  lines: number;
  turnsInserted: number;
  turnsSkipped: number;
  memoriesInserted: number;
  memoriesSkipped: number;
  /** Turns the target store numbered differently from the source (should stay 0). */
  seqMismatches: number;
  /** False when the file had no footer (truncated) — what was read is still imported. */
  complete: boolean;
}

export interface ImportOptions {
  /** Records written per transaction. */
  batchSize?: number;
  /** Called after every batch with the number of lines processed so far. */
  onProgress?(linesDone: number): void;
}

type Pending = { kind: 'turn'; turn: TurnRecord } | { kind: 'memory'; memory: MemoryRecord };

/**
 * Imports export lines into `store` (already migrated). Records of one scope are written in
 * batches, each in one transaction; ids that already exist are skipped.
 */
export async function importLines(store: MemoryStore, lines: AsyncIterable<string> | Iterable<string>, opts: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = opts.batchSize ?? 500;
  const summary: ImportSummary = { lines: 0, turnsInserted: 0, turnsSkipped: 0, memoriesInserted: 0, memoriesSkipped: 0, seqMismatches: 0, complete: false };
  let sawHeader = false;
  let footer: { turns: number; memories: number } | null = null;
  const seen = { turns: 0, memories: 0 };
  let scope: string | null = null;
  let batch: Pending[] = [];
  const freshScopes = new Map<string, boolean>();

  const flush = async (): Promise<void> => {
    if (batch.length === 0 || scope === null) return;
    const items = batch;
    const batchScope = scope;
    batch = [];
    // A scope that was empty when the import reached it holds only this import's rows: no per-id look-ups.
    let fresh = freshScopes.get(batchScope);
    if (fresh === undefined) {
      fresh = (await store.listTurns(batchScope, { limit: 1 })).length === 0 && (await store.listMemories(batchScope, { includeInactive: true, includeDeleted: true, limit: 1 })).length === 0;
      freshScopes.set(batchScope, fresh);
    }
    const turnIds = fresh ? [] : items.flatMap((p) => (p.kind === 'turn' ? [p.turn.id] : []));
    const existingTurns = new Set((turnIds.length > 0 ? await store.getTurns(batchScope, turnIds) : []).map((t) => t.id));
    const existingMemories = new Set<string>();
    if (!fresh) for (const p of items) if (p.kind === 'memory' && (await store.getMemory(null, p.memory.id)) !== null) existingMemories.add(p.memory.id);
    await store.transaction(batchScope, async (tx) => {
      for (const p of items) {
        if (p.kind === 'turn') {
          if (existingTurns.has(p.turn.id)) {
            summary.turnsSkipped++;
            continue;
          }
          const { seq, ...rest } = p.turn;
          // Stores that honour an explicit seq keep it exactly; others number sessions in insertion order.
          const stored = await tx.insertTurn({ ...(rest as NewTurn), seq } as NewTurn);
          if (stored.seq !== seq) summary.seqMismatches++;
          summary.turnsInserted++;
        } else {
          if (existingMemories.has(p.memory.id)) {
            summary.memoriesSkipped++;
            continue;
          }
          await tx.insertMemory(p.memory);
          summary.memoriesInserted++;
        }
      }
    });
    opts.onProgress?.(summary.lines);
  };

  let lineNo = 0;
  for await (const rawLine of lines) {
    lineNo++;
    const line = rawLine.trim();
    if (line === '') continue;
    summary.lines++;
    const rec = parseExportLine(line, lineNo);
    if (!sawHeader) {
      if (rec.type !== 'header') throw new InvalidInputError(`line ${lineNo}: expected the export header first (is this a memory-service export?)`);
      if (rec.version > EXPORT_VERSION) throw new InvalidInputError(`line ${lineNo}: export version ${rec.version} is newer than this service understands (${EXPORT_VERSION})`);
      sawHeader = true;
      continue;
    }
    if (footer !== null) throw new InvalidInputError(`line ${lineNo}: data after the footer`);
    if (rec.type === 'header') throw new InvalidInputError(`line ${lineNo}: a second header (concatenated exports must be imported one by one)`);
    if (rec.type === 'footer') {
      footer = { turns: rec.turns, memories: rec.memories };
      continue;
    }
    const recScope = rec.type === 'turn' ? rec.turn.scope : rec.memory.scope;
    if (recScope !== scope || batch.length >= batchSize) {
      await flush();
      scope = recScope;
    }
    if (rec.type === 'turn') {
      seen.turns++;
      batch.push({ kind: 'turn', turn: rec.turn as TurnRecord });
    } else {
      seen.memories++;
      batch.push({ kind: 'memory', memory: rec.memory as MemoryRecord });
    }
  }
  await flush();
  if (!sawHeader) throw new InvalidInputError('empty export: no header line');
  if (footer !== null) {
    if (footer.turns !== seen.turns || footer.memories !== seen.memories) {
      throw new InvalidInputError(`export is inconsistent: the footer announces ${footer.turns} turns and ${footer.memories} memories, the file holds ${seen.turns} and ${seen.memories}`);
    }
    summary.complete = true;
  }
  opts.onProgress?.(summary.lines);
  return summary;
}

/** Serialises export lines as JSON Lines text chunks (one line each, newline-terminated). */
export async function* toJsonLines(lines: AsyncIterable<ExportLine>): AsyncGenerator<string> {
  for await (const l of lines) yield `${JSON.stringify(l)}\n`;
}
