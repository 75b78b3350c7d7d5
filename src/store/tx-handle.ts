/**
 * @module store/tx-handle
 * The StoreTx handle both adapters hand to a transaction callback: every call goes to the
 * adapter's own session, and any call after the transaction ended is refused (a leaked handle
 * must never write outside its transaction).
 */
import type { StoreTx } from '../core/ports.ts';

/** The adapter's session operations; they may answer synchronously (better-sqlite3). */
export type TxOps = { [K in keyof StoreTx]: (...args: Parameters<StoreTx[K]>) => Awaited<ReturnType<StoreTx[K]>> | ReturnType<StoreTx[K]> };

export function guardedTx(ops: TxOps): { tx: StoreTx; end(): void } {
  let open = true;
  const wrap =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    async (...a: A): Promise<Awaited<R>> => {
      if (!open) throw new Error('transaction handle used after the transaction ended');
      return await f(...a);
    };
  const tx: StoreTx = {
    insertTurn: wrap(ops.insertTurn),
    activeMemories: wrap(ops.activeMemories),
    memoriesByKey: wrap(ops.memoriesByKey),
    insertMemory: wrap(ops.insertMemory),
    insertMemories: wrap(ops.insertMemories),
    updateMemory: wrap(ops.updateMemory),
    putEmbedding: wrap(ops.putEmbedding),
  };
  return {
    tx,
    end() {
      open = false;
    },
  };
}
