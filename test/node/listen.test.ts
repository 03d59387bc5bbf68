import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { listen } from '../../src/node/listen.js';
import type { Answered } from '../../src/node/request-id.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';

/** The next answer on `socket` (a 2-byte body), or an error if the connection ends before it. */
function nextAnswer(socket: Socket): Promise<string> {
  return new Promise((done, fail) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!/\r\n\r\n[\s\S]{2}$/.test(text)) return;
      socket.off('data', onData).off('close', onClose);
      done(text);
    };
    const onClose = () => {
      socket.off('data', onData);
      fail(new Error(`the server closed the connection without an answer (got ${JSON.stringify(text)})`));
    };
    socket.on('data', onData).once('close', onClose);
  });
}

describe('listen', () => {
  it('serves a fetch handler over HTTP on a free port', async () => {
    const server = await listen(async (req) => new Response(new URL(req.url).pathname, { status: 200 }));
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${server.url}/hello`);
      expect(await res.text()).toBe('/hello');
    } finally {
      await server.close();
    }
  });

  it('answers a request sent within the keep-alive timeout that waited, unread, while the event loop was busy past it', async () => {
    const server = await listen(async () => new Response('ok'));
    // Announced as `Keep-Alive: timeout=1`; Node closes the idle connection a second after that.
    server.server.keepAliveTimeout = 1000;
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    try {
      const first = nextAnswer(socket);
      socket.write('GET /1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(await first).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\nKeep-Alive: timeout=1\r\n[\s\S]*ok$/);
      const answered = performance.now();
      const second = nextAnswer(socket);
      // The next request goes out at once, well within the announced second; then the event loop
      // is busy until past the server's timer (2 s), so that timer runs before the request is read.
      // (No timer of the test's own runs before: a late one on a loaded machine could come after
      // the server's.)
      await new Promise<void>((done) =>
        setImmediate(() => {
          socket.write('GET /2 HTTP/1.1\r\nHost: localhost\r\n\r\n');
          while (performance.now() - answered < 2500);
          done();
        }),
      );
      expect(await second).toMatch(/^HTTP\/1\.1 200 [\s\S]*ok$/);
    } finally {
      socket.destroy();
      await server.close();
    }
  });

  it('still closes a keep-alive connection that stays idle past its timeout', async () => {
    const server = await listen(async () => new Response('ok'));
    server.server.keepAliveTimeout = 1000;
    const socket = connect(server.port, '127.0.0.1');
    try {
      const first = nextAnswer(socket);
      socket.write('GET /1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await first;
      const answered = performance.now();
      const ended = new Promise((done) => socket.once('end', done));
      await new Promise((done) => socket.once('close', done));
      // The server ended it, after the announced second plus Node's one.
      await ended;
      expect(performance.now() - answered).toBeGreaterThan(1500);
    } finally {
      await server.close();
    }
  });

  it('close() does not wait for a keep-alive connection that drained a refused body', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage() });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    const server = await listen(board.fetch);
    // Were close() to wait for idle keep-alive connections to time out, it would outlast the test.
    server.server.keepAliveTimeout = 120_000;
    const res = await fetch(`${server.url}/api/v1/boards`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'x', name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    await server.close();
    expect(server.server.listening).toBe(false);
  }, 20_000);

  describe('onAnswer', () => {
    type Seen = Omit<Answered, 'header'> & { policy: string | undefined; contentType: string | undefined };
    async function observed(fetch: (request: Request) => Promise<Response>) {
      const seen: Seen[] = [];
      const server = await listen(fetch, {
        onAnswer: (answer) =>
          seen.push({
            requestId: answer.requestId,
            method: answer.method,
            url: answer.url,
            status: answer.status,
            durationMs: answer.durationMs,
            policy: answer.header('RateLimit-Policy'),
            contentType: answer.header('content-type'),
          }),
      });
      return { server, seen };
    }

    it('is told of each answer once, as its head is written, with its request id, method, URL, status, time and headers', async () => {
      const { server, seen } = await observed(async (request) => {
        if (request.method === 'POST') return new Response('no', { status: 429, headers: { 'RateLimit-Policy': '"default";q=1;w=60' } });
        await new Promise((done) => setTimeout(done, 20));
        return Response.json({ ok: true });
      });
      try {
        const first = await fetch(`${server.url}/a/b?c=1`, { headers: { 'x-request-id': 'trace-1' } });
        expect(await first.json()).toEqual({ ok: true });
        const second = await fetch(`${server.url}/refused`, { method: 'POST', body: 'x' });
        await second.arrayBuffer();
        expect(seen).toHaveLength(2);
        expect(seen[0]).toMatchObject({ requestId: 'trace-1', method: 'GET', url: `${server.url}/a/b?c=1`, status: 200, policy: undefined });
        expect(seen[0]!.contentType).toMatch(/^application\/json/);
        expect(seen[0]!.durationMs).toBeGreaterThanOrEqual(15);
        // The id told is the one answered; the header's name is found in any case.
        expect(seen[1]).toMatchObject({ requestId: second.headers.get('x-request-id'), method: 'POST', status: 429, policy: '"default";q=1;w=60' });
        expect(seen[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        await server.close();
      }
    });

    it('is told of the 500 of a handler that throws, and not of a request refused before the handler', async () => {
      const { server, seen } = await observed(async () => {
        throw new Error('boom');
      });
      try {
        const failed = await fetch(`${server.url}/x`);
        await failed.arrayBuffer();
        expect(failed.status).toBe(500);
        const socket = connect(server.port, '127.0.0.1');
        socket.write('GET * HTTP/1.1\r\nHost: x\r\n\r\n');
        await new Promise((done) => socket.once('data', done));
        socket.destroy();
        expect(seen.map((s) => `${s.method} ${s.url} ${s.status}`)).toEqual([`GET ${server.url}/x 500`]);
      } finally {
        await server.close();
      }
    });
  });
});
