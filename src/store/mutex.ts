/**
 * @module store/mutex
 * A FIFO async mutex: callers run one at a time in arrival order, whether their work resolves
 * or throws. Used to serialise transactions that await between statements.
 *
 * Not re-entrant, and deliberately so: re-entrancy is structural. Code running inside a
 * transaction works through the handle it was given (StoreTx), which is already inside the
 * lock, so nothing needs to ask "does my async chain hold this lock?". Tracking that per async
 * chain took an AsyncLocalStorage, and on Node 20 one that has ever run makes every promise in
 * the process pay for it (a micro-benchmark: 12 → 42–72 ms per 200k awaits; one per lock use
 * grew without bound — issue 16). A caller inside `run` that calls `run` on the same mutex
 * waits for itself: don't.
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;

  /** True when nobody holds or waits for the mutex: `run` would start `fn` at once. */
  get idle(): boolean {
    return this.queued === 0;
  }

  /** Runs `fn` once every earlier caller has finished. */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    this.queued++;
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => void this.queued--,
      () => void this.queued--,
    );
    return result;
  }
}

/** One mutex per key, dropped when idle. */
export class KeyedMutex {
  private readonly locks = new Map<string, Mutex>();

  /** Keys with a holder or a waiter (idle keys are dropped). */
  get size(): number {
    return this.locks.size;
  }

  async run<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    let mutex = this.locks.get(key);
    if (!mutex) {
      mutex = new Mutex();
      this.locks.set(key, mutex);
    }
    try {
      return await mutex.run(fn);
    } finally {
      if (mutex.idle && this.locks.get(key) === mutex) this.locks.delete(key);
    }
  }
}
