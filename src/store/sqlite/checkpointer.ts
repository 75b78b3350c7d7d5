/**
 * @module store/sqlite/checkpointer
 * WAL checkpoints of a SQLite file off the event loop: a small worker thread with its own
 * better-sqlite3 connection runs `PRAGMA wal_checkpoint(PASSIVE)` when the store asks. With
 * `synchronous = NORMAL` a checkpoint is the only place SQLite syncs (the WAL, then the database
 * file), and SQLite's automatic one runs inside the COMMIT that crosses `wal_autocheckpoint`
 * pages, on the thread that commits: at one turn at a time it was ~1% of the COMMITs and a third of
 * their wall time (docs/ingest.md, Session 20). A PASSIVE checkpoint never blocks the writer.
 *
 * The store owns the policy (SqliteMemoryStore): it turns the automatic checkpoint off on its
 * writer only while this thread runs, asks every CHECKPOINT_EVERY transactions, and checkpoints
 * itself when the WAL is left long (a PASSIVE checkpoint that raced the writer does not reset it).
 * The thread starts on the first request (a short-lived store never starts one) and holds no JS
 * but this file's few lines (no TypeScript loader, a small heap).
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** What one checkpoint did: SQLite's answer (busy, WAL frames, frames checkpointed), or the error. */
export type CheckpointResult = { busy: number; log: number; checkpointed: number } | { error: string };

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  let r;
  try {
    r = db.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch (e) {
    r = { error: String(e && e.message ? e.message : e) };
  }
  parentPort.postMessage(r);
});
`;

export class Checkpointer {
  private worker: Worker | null = null;
  private inFlight = false;
  private failed = false;
  /** Checkpoints answered so far (tests and the bench read them). */
  done = 0;

  constructor(
    private readonly path: string,
    private readonly busyTimeoutMs: number,
    /** Called once the thread cannot run checkpoints (start failure, crash, an error answer): the store takes them back. */
    private readonly onFailure: (reason: string) => void,
    /** Called with every answer (the store resets a WAL a racing checkpoint left long). */
    private readonly onResult: (r: CheckpointResult) => void = () => {},
  ) {}

  /** Whether checkpoints still run here (false after a failure or close). */
  get active(): boolean {
    return !this.failed;
  }

  /** Asks for a checkpoint; a request while one runs is dropped (the running one covers most of it). */
  request(): void {
    if (this.failed || this.inFlight) return;
    try {
      const w = (this.worker ??= this.start());
      this.inFlight = true;
      w.postMessage('checkpoint');
    } catch (err) {
      this.fail(String(err));
    }
  }

  private start(): Worker {
    const w = new Worker(SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path: this.path, busyTimeoutMs: this.busyTimeoutMs },
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    w.unref();
    w.on('message', (r: CheckpointResult) => {
      this.inFlight = false;
      this.done++;
      if ('error' in r) this.fail(r.error);
      this.onResult(r);
    });
    w.on('error', (err) => this.fail(String(err)));
    w.on('exit', () => {
      if (this.worker === w) this.fail('checkpoint thread exited');
    });
    return w;
  }

  private fail(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    const w = this.worker;
    this.worker = null;
    void w?.terminate();
    this.onFailure(reason);
  }

  /** Stops the thread (its connection closes first); the store checkpoints itself after. */
  async close(): Promise<void> {
    this.failed = true;
    const w = this.worker;
    this.worker = null;
    if (!w) return;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.postMessage('close');
    const timer = setTimeout(() => void w.terminate(), 5000);
    await exited;
    clearTimeout(timer);
  }
}
