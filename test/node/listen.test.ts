import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { listen } from '../../src/node/listen.js';
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
});
