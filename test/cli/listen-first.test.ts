/**
 * `serve` listens before it opens its store (cli/listen-first.ts): until the real handler is
 * ready, every request is answered 503 `service_unavailable` with `Retry-After`; a busy port is a
 * sentence naming the port and the option to change, not `EADDRINUSE`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ListenError, listenFirst } from '../../cli/listen-first.js';

const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing) await close();
});

describe('listenFirst', () => {
  it('answers 503 with Retry-After until ready, then the handler', async () => {
    const { server, ready } = await listenFirst({ port: 0, host: '127.0.0.1' });
    closing.push(() => server.close());
    const early = await fetch(`${server.url}/api/v1/boards`);
    expect([early.status, early.headers.get('retry-after'), (await early.json()).error.code]).toEqual([503, '5', 'service_unavailable']);
    ready(async () => new Response('ready'));
    const late = await fetch(`${server.url}/`);
    expect([late.status, await late.text()]).toEqual([200, 'ready']);
  });

  it("tells the request log of the start's 503s as of the handler's answers", async () => {
    const seen: string[] = [];
    const onAnswer = (answer: { method: string; url: string; status: number }) => void seen.push(`${answer.method} ${new URL(answer.url).pathname} ${answer.status}`);
    const { server, ready } = await listenFirst({ port: 0, host: '127.0.0.1', onAnswer });
    closing.push(() => server.close());
    await (await fetch(`${server.url}/api/v1/boards`)).arrayBuffer();
    ready(async () => new Response('ready'));
    await (await fetch(`${server.url}/x`)).arrayBuffer();
    expect(seen).toEqual(['GET /api/v1/boards 503', 'GET /x 200']);
  });

  it('refuses a busy port with a ListenError naming the port and --port', async () => {
    const { server } = await listenFirst({ port: 0, host: '127.0.0.1' });
    closing.push(() => server.close());
    const second = listenFirst({ port: server.port, host: '127.0.0.1' });
    await expect(second).rejects.toBeInstanceOf(ListenError);
    await expect(second).rejects.toThrow(`port ${server.port} on 127.0.0.1 is in use (another feedback-board serve?): stop it, or choose another --port; nothing was changed`);
  });
});
