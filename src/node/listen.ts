/**
 * Serving a fetch handler over real HTTP in Node, through @hono/node-server's request listener
 * (a well-kept Request/Response bridge). Used by the CLI and the mock server's `listen()`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface ListenOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * True when this server is all the process does (the `serve` command): the global `Request`
   * and `Response` are then replaced by @hono/node-server's lighter ones, which it writes to the
   * socket without a stream (about twice the requests per second for small answers). Off by
   * default, so that a server started inside an application (the mock server's `listen()`) leaves
   * the application's globals alone.
   */
  ownProcess?: boolean;
}

export interface RunningServer {
  /** `http://HOST:PORT`, no trailing slash. */
  url: string;
  host: string;
  port: number;
  server: Server;
  /** Stops accepting connections and closes idle ones; resolves when the server is closed. */
  close(): Promise<void>;
}

/** How long close() lets requests in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 2000;

export function listen(fetch: (request: Request) => Promise<Response>, options: ListenOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(getRequestListener(fetch, { overrideGlobalObjects: options.ownProcess === true }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${port}`,
        host,
        port,
        server,
        close: () =>
          new Promise<void>((done, fail) => {
            // A connection still busy when close() is called (a request body being drained after
            // an early 413, say) turns idle later: sweep idle ones until the server is closed, and
            // cut whatever is left after a grace period.
            const sweep = setInterval(() => server.closeIdleConnections(), 25);
            const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
            server.close((error) => {
              clearInterval(sweep);
              clearTimeout(force);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
