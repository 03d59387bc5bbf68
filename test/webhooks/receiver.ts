/**
 * A real HTTP receiver on 127.0.0.1 for delivery tests. Each request is recorded, then answered
 * as the current `mode` says: 2xx, 500, never (a timeout), a reset connection, or a redirect.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ReceiverMode = 'ok' | '500' | 'timeout' | 'reset' | 'redirect';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface Receiver {
  url: string;
  port: number;
  mode: ReceiverMode;
  received: Received[];
  /** Resolves when `count` requests in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(mode: ReceiverMode = 'ok'): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = { mode, received: [] as Received[] } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      for (const w of waiters.filter((w) => receiver.received.length >= w.count)) w.resolve();
      switch (receiver.mode) {
        case 'ok':
          res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(3000));
          break;
        case '500':
          res.writeHead(500).end('receiver broke');
          break;
        case 'timeout':
          break; // never answers
        case 'reset':
          req.socket.destroy();
          break;
        case 'redirect':
          res.writeHead(302, { location: `${receiver.url}/elsewhere` }).end();
          break;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  receiver.waitFor = (count, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      if (receiver.received.length >= count) return resolve();
      const timer = setTimeout(() => reject(new Error(`receiver: ${receiver.received.length} of ${count} requests`)), timeoutMs);
      waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  receiver.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return receiver;
}
