/**
 * @module store/mutex
 * A FIFO async mutex: callers run one at a time in arrival order, whether their work resolves
 * or throws. Re-entrant along the async call chain: code running inside `run` that calls `run`
 * again on the same mutex proceeds at once instead of deadlocking — e.g. a store method called
 * from inside a transaction callback. Used to serialise transactions that await between
 * statements.
 *
 * Re-entrancy is tracked by ONE module-level AsyncLocalStorage whose store is the (immutable)
 * set of mutexes the current async chain holds. Never create an AsyncLocalStorage per mutex or
 * per acquisition: on Node 20 every instance that ever ran stays registered and every later
 * promise pays for all of them (CPU per operation grows without bound — issue 16).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const heldLocks = new AsyncLocalStorage<ReadonlySet<Mutex>>();

/** The mutexes the current async chain holds (empty outside any `run`). */
function held(): ReadonlySet<Mutex> {
  return heldLocks.getStore() ?? EMPTY;
}
const EMPTY: ReadonlySet<Mutex> = new Set();

export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** True when the current async context already holds this mutex. */
  get held(): boolean {
    return held().has(this);
  }

  /** Runs `fn` once every earlier caller has finished (at once when already held here). */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const outer = held();
    if (outer.has(this)) return Promise.resolve().then(fn);
    const result = this.tail.then(() => heldLocks.run(new Set([...outer, this]), fn));
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

  /** Keys with a holder or a waiter (idle keys are dropped). */
  get size(): number {
    return this.locks.size;
  }

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
