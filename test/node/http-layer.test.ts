/**
 * What the HTTP layer refuses before the API sees a request is answered in the JSON envelope too,
 * and connections are bounded: idle floods give way to well-behaved clients, and idle or slow
 * connections are closed by timeouts.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/node/listen.js';
import { createHarness } from '../helpers/harness.js';
import { idleConnection, rawRequest } from '../helpers/raw-http.js';

let server: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  server = undefined;
});

async function serve(options: Parameters<typeof listen>[1] = {}) {
  const h = await createHarness();
  server = await listen(h.board.fetch, options);
  return { h, server };
}

function expectEnvelope(answer: { status: number; headers: Record<string, string>; body: string }, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  const json = JSON.parse(answer.body);
  expect(json).toEqual({ error: { code, message: expect.any(String) } });
  expect(json.error.message.length).toBeGreaterThan(0);
}

describe('requests refused by the HTTP layer', () => {
  it.each([
    ['headers over 16 KiB', `GET /api/v1/boards HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['an unknown method', 'FOO /api/v1/boards HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['Content-Length with Transfer-Encoding', 'POST /api/v1/boards HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400, 'bad_request'],
    ['GET *', 'GET * HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['OPTIONS *', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
    ['no Host header', 'GET /api/v1/boards HTTP/1.1\r\n\r\n', 400, 'bad_request'],
    ['bytes that are not HTTP', '\u0000\u0001 nonsense\r\n\r\n', 400, 'bad_request'],
  ])('%s: answered in the envelope', async (_name, bytes, status, code) => {
    const { server } = await serve();
    expectEnvelope(await rawRequest(server.port, bytes), status, code);
  });

  it('headers that never finish arriving: 408 in the envelope after the headers timeout', async () => {
    const { server } = await serve({ headersTimeoutMs: 300 });
    const answer = await rawRequest(server.port, 'GET /api/v1/boards HTTP/1.1\r\nHost: x\r\nX-Slow: a', 5000);
    expectEnvelope(answer, 408, 'request_timeout');
  });

  it('an absolute-form target still reaches the API; HTTP/1.0 without Host is refused in the envelope', async () => {
    const { server } = await serve();
    expect((await rawRequest(server.port, 'GET http://x/api/v1/boards HTTP/1.1\r\nHost: x\r\n\r\n')).status).toBe(401);
    expectEnvelope(await rawRequest(server.port, 'GET /api/v1/boards HTTP/1.0\r\n\r\n'), 400, 'bad_request');
  });
});

describe('connection limits', () => {
  it('an idle flood past the limit never keeps a well-behaved client out, and open connections stay at the limit', async () => {
    const { h, server } = await serve({ maxConnections: 20 });
    let served = 0;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 30; i++) sockets.push(await idleConnection(server.port));
      const response = await fetch(`${server.url}/api/v1/boards`, { headers: { authorization: `Bearer ${h.a.keys.read}` } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      served += 1;
      expect(server.connections).toBeLessThanOrEqual(20);
    }
    expect(served).toBe(10);
  });

  it('closes a connection that stays idle past the idle timeout', async () => {
    const { server } = await serve({ idleTimeoutMs: 200 });
    const socket = await idleConnection(server.port);
    sockets.push(socket);
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
    for (let i = 0; i < 50 && server.connections > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.connections).toBe(0);
  });

  it('passes the client address to the handler, so failed keys are throttled over HTTP', async () => {
    const { server } = await serve();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await fetch(`${server.url}/api/v1/boards`, { headers: { authorization: `Bearer guess-${i}` } });
      statuses.push(r.status);
      await r.arrayBuffer();
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
