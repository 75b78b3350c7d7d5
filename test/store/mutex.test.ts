/**
 * The store mutexes: FIFO order, re-entrancy along the async chain, release on throw, keyed
 * independence — and the issue-16 regression: the cost of ordinary awaits must not grow with the
 * number of lock uses since start (a per-acquisition AsyncLocalStorage made it grow without bound).
 */
import { describe, expect, it } from 'vitest';
import { KeyedMutex, Mutex } from '../../src/store/mutex.ts';

const tick = () => new Promise<void>((r) => setImmediate(r));

/** CPU microseconds of `n` chained awaits (the cheapest of `repeats` runs, to shed noise). */
async function awaitCost(n: number, repeats = 7): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < n; i++) await Promise.resolve(i);
    const d = process.cpuUsage(t0);
    best = Math.min(best, d.user + d.system);
  }
  return best;
}

describe('Mutex', () => {
  it('runs callers one at a time in arrival order, through throws', async () => {
    const m = new Mutex();
    const log: string[] = [];
    const job = (name: string, fail = false) =>
      m.run(async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('is re-entrant along the async chain and only there', async () => {
    const m = new Mutex();
    const other = new Mutex();
    expect(m.held).toBe(false);
    const inner = await m.run(async () => {
      await tick();
      expect(m.held).toBe(true);
      expect(other.held).toBe(false);
      return m.run(async () => other.run(() => (m.held && other.held ? 'both' : 'lost')));
    });
    expect(inner).toBe('both');
    expect(m.held).toBe(false);
    // A caller outside the chain waits for the holder.
    const order: string[] = [];
    let release!: () => void;
    const holding = m.run(() => new Promise<void>((r) => (release = r)).then(() => void order.push('holder')));
    const waiting = m.run(() => void order.push('waiter'));
    await tick();
    expect(order).toEqual([]);
    release();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['holder', 'waiter']);
  });
});

describe('KeyedMutex', () => {
  it('serialises one key, lets different keys overlap, and drops idle keys', async () => {
    const k = new KeyedMutex();
    const log: string[] = [];
    const job = (key: string, name: string) =>
      k.run(key, async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
      });
    await Promise.all([job('u1', 'a'), job('u1', 'b'), job('u2', 'c')]);
    expect(log.indexOf('end a')).toBeLessThan(log.indexOf('start b'));
    expect(log.indexOf('start c')).toBeLessThan(log.indexOf('end a'));
    expect(k.size).toBe(0);
  });

  it('re-enters the same key from inside its callback', async () => {
    const k = new KeyedMutex();
    await expect(k.run('s', () => k.run('s', () => k.run('s', async () => 'deep')))).resolves.toBe('deep');
  });

  it('keeps the cost of ordinary awaits flat after 5,000 lock uses (issue 16)', async () => {
    const N = 3000;
    const before = await awaitCost(N);
    const k = new KeyedMutex();
    const m = new Mutex();
    // Every use finds its key idle, so a fresh Mutex is made each time (the old leak's trigger).
    for (let i = 0; i < 5000; i++) {
      await k.run(`user-${i % 50}`, async () => {
        await Promise.resolve();
      });
      if (i % 10 === 0) await m.run(() => undefined);
    }
    const after = await awaitCost(N);
    // Old code: ~60× after 200 uses, hundreds of × after 5,000. A generous ratio stays robust on
    // a busy machine; the floor keeps tiny timings from making the ratio meaningless.
    expect(after).toBeLessThan(Math.max(before, 500) * 4);
  });
});
