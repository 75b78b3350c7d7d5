/**
 * @module store/mutex
 * A FIFO async mutex: callers run one at a time in arrival order, whether their work resolves
 * or throws. Re-entrant along the async call chain (AsyncLocalStorage): code running inside
 * `run` that calls `run` again on the same mutex proceeds at once instead of deadlocking —
 * e.g. a store method called from inside a transaction callback. Used to serialise
 * transactions that await between statements.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  private readonly holder = new AsyncLocalStorage<true>();

  /** True when the current async context already holds this mutex. */
  get held(): boolean {
    return this.holder.getStore() === true;
  }

  /** Runs `fn` once every earlier caller has finished (at once when already held here). */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    if (this.held) return Promise.resolve().then(fn);
    const result = this.tail.then(() => this.holder.run(true, fn));
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** One mutex per key, dropped when idle. */
export class KeyedMutex {
  private readonly locks = new Map<string, { mutex: Mutex; users: number }>();

  async run<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    let entry = this.locks.get(key);
    if (!entry) {
      entry = { mutex: new Mutex(), users: 0 };
      this.locks.set(key, entry);
    }
    entry.users++;
    try {
      return await entry.mutex.run(fn);
    } finally {
      entry.users--;
      if (entry.users === 0) this.locks.delete(key);
    }
  }
}
