/**
 * bench/lib/ingest-load splitThreads: the bench's split of a server's CPU by thread role (main thread, the pool's
 * worker, other threads), told apart by when each thread started.
 */
import { describe, expect, it } from 'vitest';
import { procThreadsCpu, splitThreads, type ThreadCpu } from '../../bench/lib/ingest-load.ts';

const at = (entries: Array<[string, number, number]>) => new Map<string, ThreadCpu>(entries.map(([tid, cpuMs, startTicks]) => [tid, { cpuMs, startTicks }]));

describe('splitThreads', () => {
  it('takes the busiest late-started thread as the worker and counts the rest as other', () => {
    // 100: main; 101–104: V8 helpers (start with the process); 110: the loader (0.6 s in); 300: the pool worker; 310: the checkpoint thread.
    const before = at([['100', 1000, 5000], ['101', 10, 5000], ['102', 10, 5000], ['110', 50, 5060], ['300', 500, 5900]]);
    const after = at([['100', 3000, 5000], ['101', 410, 5000], ['102', 210, 5000], ['110', 50, 5060], ['300', 4500, 5900], ['310', 100, 6100]]);
    expect(splitThreads(100, before, after)).toEqual({ mainMs: 2000, workerMs: 4000, otherMs: 400 + 200 + 100 });
  });

  it('counts a thread that started during the window from zero', () => {
    const before = at([['100', 0, 5000]]);
    const after = at([['100', 10, 5000], ['300', 30, 5900]]);
    expect(splitThreads(100, before, after)).toEqual({ mainMs: 10, workerMs: 30, otherMs: 0 });
  });

  it('reads this process: the main thread is listed with a start time', () => {
    const t = procThreadsCpu(process.pid);
    expect(t.get(String(process.pid))?.startTicks).toBeGreaterThan(0);
  });
});
