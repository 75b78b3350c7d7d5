/**
 * server.shutdownOnSignals (issue 12, defect 5): one graceful close however many signals arrive;
 * later signals are logged and ignored; the grace deadline cuts connections, the hard deadline
 * exits 1; a clean close exits 0.
 */
import { expect, test } from 'vitest';
import { shutdownOnSignals } from '../../src/server.ts';

function harness(close: () => Promise<void>) {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const events: string[] = [];
  const handler = shutdownOnSignals({
    close: async () => {
      events.push('close');
      await close();
    },
    closeAllConnections: () => events.push('cut'),
    exit: (code) => events.push(`exit ${code}`),
    log: { info: (_o, m) => events.push(`info ${m}`), warn: (_o, m) => events.push(`warn ${m}`), error: (_o, m) => events.push(`error ${m}`) },
    graceMs: 100,
    hardMs: 200,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return {};
    },
  });
  return { handler, timers, events };
}

test('repeated signals start one close and are logged as ignored; a clean close exits 0', async () => {
  let finish!: () => void;
  const h = harness(() => new Promise<void>((r) => (finish = r)));
  h.handler('SIGTERM');
  h.handler('SIGTERM');
  h.handler('SIGINT');
  expect(h.events.filter((e) => e === 'close')).toHaveLength(1);
  expect(h.events.filter((e) => e.startsWith('warn already shutting down'))).toHaveLength(2);
  expect(h.events.some((e) => e.startsWith('exit'))).toBe(false);
  finish();
  await new Promise((r) => setImmediate(r));
  expect(h.events.at(-1)).toBe('exit 0');
});

test('the grace deadline cuts connections and the hard deadline exits 1', () => {
  const h = harness(() => new Promise<void>(() => {}));
  h.handler('SIGTERM');
  expect(h.timers.map((t) => t.ms)).toEqual([100, 200]);
  h.timers[0].fn();
  expect(h.events).toContain('cut');
  h.timers[1].fn();
  expect(h.events.at(-1)).toBe('exit 1');
});

test('a failing close exits 1', async () => {
  const h = harness(() => Promise.reject(new Error('disk gone')));
  h.handler('SIGINT');
  await new Promise((r) => setImmediate(r));
  expect(h.events.at(-1)).toBe('exit 1');
});
