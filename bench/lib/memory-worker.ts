/**
 * @module bench/lib/memory-worker
 * The turn worker (src/pool/turn-worker.ts) with two bench-only tasks for bench/memory.ts: the
 * worker isolate's V8 heap statistics, and a heap snapshot written to a file.
 */
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import runTask from '../../src/pool/turn-worker.ts';
import type { PoolTask } from '../../src/pool/tasks.ts';

export type MemoryTask = PoolTask | { kind: 'heap-stats' } | { kind: 'heap-snapshot'; file: string };

export default async function memoryTask(task: MemoryTask): Promise<unknown> {
  if (task.kind === 'heap-stats') {
    const h = getHeapStatistics();
    return { used: h.used_heap_size, total: h.total_heap_size, external: process.memoryUsage().external, spaces: getHeapSpaceStatistics().map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })) };
  }
  if (task.kind === 'heap-snapshot') return writeHeapSnapshot(task.file);
  return runTask(task);
}
