/**
 * Issue 12, defect 4 end to end: secrets in any stored or returned text field — message content,
 * a message's `name`, metadata string values (nested), mem0 metadata — are masked before they are
 * stored (the SQLite file never holds them) and never come back from /search, /recall, the
 * memory listing or mem0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startApp, type TestApp } from '../compat/app.ts';

const KEY = `ghp_${'Zq9'.repeat(12)}`;
const CARD = '5555.5555.5555.4444';
const IBAN = 'gb29 nwbk 6016 1331 9268 19';
let t: TestApp;
beforeAll(async () => {
  t = await startApp({}, { extractor: 'offline' });
});
afterAll(async () => t?.stop());

const inject = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const r = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.body;
};

test('content, name and metadata secrets are neither stored nor returned', async () => {
  await inject('POST', '/turns', {
    session_id: 'mask-1',
    user_id: 'masky',
    messages: [
      { role: 'user', name: `bot ${KEY}`, content: `I live in Lisbon. My card is ${CARD} and my iban is ${IBAN}. my pw is swordfish9` },
      { role: 'assistant', content: 'Noted, Lisbon.' },
    ],
    metadata: { note: `token ${KEY}`, nested: { list: [`pw=${'hunter2x'}`] } },
  });
  const outputs = [
    await inject('POST', '/search', { query: 'Lisbon card iban', user_id: 'masky' }),
    await inject('POST', '/recall', { query: 'where do I live, card, iban', session_id: 'mask-1', user_id: 'masky' }),
    await inject('GET', '/users/masky/memories'),
  ];
  const store = (t.ctx.service.store as unknown as { path: string }).path;
  const files = [store, `${store}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1'));
  expect(files.length).toBeGreaterThan(0);
  expect(outputs.join('\n')).toContain('Lisbon');
  for (const secret of [KEY, CARD, IBAN, 'swordfish9', 'hunter2x']) {
    for (const o of outputs) expect(o.toLowerCase()).not.toContain(secret.toLowerCase());
    for (const f of files) expect(f.toLowerCase()).not.toContain(secret.toLowerCase());
  }
});

test('mem0 add: metadata and message names are masked', async () => {
  const body = await inject('POST', '/v1/memories/', {
    messages: [{ role: 'user', name: KEY, content: 'I like green tea' }],
    user_id: 'masky2',
    metadata: { api: `api_key=${'abcd1234efgh'}` },
    infer: false,
  });
  const listed = await inject('POST', '/v2/memories/', { filters: { user_id: 'masky2' } });
  for (const o of [body, listed, await inject('POST', '/search', { query: 'green tea', user_id: 'masky2' })]) {
    expect(o).not.toContain(KEY);
    expect(o).not.toContain('abcd1234efgh');
  }
});
