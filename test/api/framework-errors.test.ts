/**
 * Issue 12, defect 7: answers Fastify or Node would otherwise give in their own shape. A path
 * over 16 KB gets 431 in our error body with x-request-id (over a real socket: Node's parser
 * raises it before Fastify sees a request); POST /mcp with [] (or a non-object) is a JSON-RPC
 * Invalid Request; a declared non-UTF-8 charset is 415 and invalid UTF-8 bytes are 400.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ErrorResponse } from '../../src/api/schemas.ts';
import { charsetOf } from '../../src/api/json-body.ts';
import { FakeStore } from './fake-store.ts';

let built: BuiltApp;
let port: number;
beforeAll(async () => {
  built = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { store: new FakeStore() });
  const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});
afterAll(async () => built?.close());

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    let data = '';
    sock.on('data', (d) => (data += d));
    sock.on('end', () => resolve(data));
    sock.on('close', () => resolve(data));
    sock.on('error', reject);
    sock.write(request);
  });
}

describe('parser errors in our shape', () => {
  test.each([
    ['a 20 KB path', `GET /users/${'x'.repeat(20_000)}/memories HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
    ['a 20 KB header', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
    ['garbage instead of HTTP', 'HELLO THERE\r\n\r\n', 400, 'BAD_REQUEST'],
  ])('%s → %i %s with x-request-id', async (_name, request, status, code) => {
    const res = await raw(request);
    const [head, body] = res.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    const id = /x-request-id: ([^\r\n]+)/i.exec(head)?.[1];
    expect(id).toBeTruthy();
    const parsed = ErrorResponse.parse(JSON.parse(body));
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.request_id).toBe(id);
  });
});

describe('POST /mcp bodies that are no JSON-RPC request', () => {
  test.each([['[]'], ['5'], ['"x"'], ['null']])('%s → JSON-RPC -32600 with x-request-id', async (payload) => {
    const res = await built.app.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 }, id: null });
  });
});

describe('body encodings', () => {
  const turn = JSON.stringify({ session_id: 's', user_id: 'café', messages: [{ role: 'user', content: 'Grüße aus Köln' }] });
  test.each([
    ['application/json; charset=latin1', Buffer.from(turn, 'latin1'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/json; charset=ISO-8859-1', Buffer.from(turn, 'latin1'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/json; charset=utf-16', Buffer.from(turn, 'utf16le'), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['application/json', Buffer.from(turn, 'latin1'), 400, 'MALFORMED_JSON'],
    ['application/json; charset=utf-8', Buffer.concat([Buffer.from('{"session_id":"s","user_id":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","messages":[]}')]), 400, 'MALFORMED_JSON'],
  ])('%s with %s bytes → %i', async (contentType, payload, status, code) => {
    const res = await built.app.inject({ method: 'POST', url: '/turns', headers: { 'content-type': contentType }, payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(ErrorResponse.parse(res.json()).error.code).toBe(code);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  test.each(['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=us-ascii'])('%s UTF-8 body is accepted', async (contentType) => {
    const body = contentType.includes('ascii') ? JSON.stringify({ session_id: 's', user_id: 'u', messages: [{ role: 'user', content: 'hello' }] }) : turn;
    const res = await built.app.inject({ method: 'POST', url: '/turns', headers: { 'content-type': contentType }, payload: Buffer.from(body, 'utf8') });
    expect(res.statusCode, res.body).toBe(201);
  });

  test.each([
    ['application/json', null],
    ['application/json; charset=UTF-8', 'utf-8'],
    ['application/json; foo=bar; charset="latin1"', 'latin1'],
    [undefined, null],
  ])('charsetOf(%s) = %s', (ct, cs) => expect(charsetOf(ct)).toBe(cs));
});
