/**
 * Graceful close over a real socket: a request in flight when close starts finishes, its
 * keep-alive connection is closed after it (`Connection: close`), and close() resolves instead of
 * waiting for the client to drop the connection. (503 SHUTTING_DOWN is pinned in errors.test.ts;
 * a new connection cannot reach a closed listener, so it is not observable here.)
 */
import { expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { FakeStore } from './fake-store.ts';

test('in-flight requests finish with Connection: close and close() resolves', async () => {
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { store: new FakeStore() });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  built.app.get('/__slow', async () => {
    entered();
    await gate;
    return { done: true };
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const slow = fetch(`${url}/__slow`);
  await inside;
  const closing = built.close();
  await new Promise((r) => setTimeout(r, 50)); // the request is still running while close begins
  release();
  const res = await slow;
  expect(res.status).toBe(200);
  expect(res.headers.get('connection')).toBe('close');
  expect(await res.json()).toEqual({ done: true });
  await closing;
});
