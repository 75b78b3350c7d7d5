/**
 * @module providers/provider-health
 * Keeps `modes.degraded` (what /health reports) current at run time: static entries from
 * start-up (missing key, model drift in the store) plus one live entry per provider operation
 * whose latest call failed ("anthropic extraction failing: 3 consecutive failures since …"),
 * removed on the next success. Mutates the array in place so every holder sees it.
 */
import type { Observer } from '../core/service.ts';

export class ProviderHealth {
  private readonly failing = new Map<string, { since: string; count: number }>();
  private readonly statics: string[];

  constructor(
    private readonly degraded: string[],
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.statics = [...degraded];
  }

  /** Adds a start-up finding (kept for the life of the process). */
  addStatic(entry: string): void {
    this.statics.push(entry);
    this.sync();
  }

  record(provider: string, op: string, ok: boolean): void {
    const k = `${provider} ${op}`;
    if (ok) {
      if (this.failing.delete(k)) this.sync();
      return;
    }
    const cur = this.failing.get(k);
    this.failing.set(k, cur ? { since: cur.since, count: cur.count + 1 } : { since: this.clock().toISOString(), count: 1 });
    this.sync();
  }

  /** Observer that feeds provider outcomes here and forwards everything to `next`. */
  observer(next?: Observer): Observer {
    return {
      stage: (name, ms) => next?.stage(name, ms),
      provider: (provider, op, ok, ms) => {
        this.record(provider, op, ok);
        next?.provider?.(provider, op, ok, ms);
      },
    };
  }

  private sync(): void {
    const live = [...this.failing].map(([k, v]) => `${k} failing: ${v.count} consecutive failure${v.count > 1 ? 's' : ''} since ${v.since}; offline fallback in use`);
    this.degraded.splice(0, this.degraded.length, ...this.statics, ...live);
  }
}
