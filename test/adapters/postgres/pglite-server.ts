/**
 * PGlite (PostgreSQL compiled to WebAssembly, in this process) behind a TCP port that speaks the
 * PostgreSQL wire protocol, so `pg` and the adapter connect to it by URL as to a real server.
 * Used by server.ts when no PostgreSQL is installed.
 *
 * PGlite has one session; this bridge lets several connections share it as PostgreSQL would:
 * - a connection that opens a transaction has the session to itself until the transaction ends
 *   (the others' messages wait);
 * - each connection's `search_path` (from the `options` of its URL) is set again whenever the
 *   session changes hands, so schemas stand in for databases;
 * - prepared statement names are prefixed per connection (`pg` names them per connection);
 * - a new connection is accepted at once, without waiting for the session.
 * Not served: several databases, cancellation, TLS, LISTEN/NOTIFY.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;

/** A running bridge: its base URL (database `postgres`, user `postgres`) and its stop. */
export interface PgliteServer {
  url: string;
  close(): Promise<void>;
}

/** One message of simple query protocol. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** One backend message: its type, then its length and body. */
function backendMessage(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/**
 * The answer to a startup packet, made here rather than by PGlite: the session already exists, and
 * a new connection must not wait for another's transaction to end just to be accepted (the
 * client's connection timeout would run out).
 */
function startupAnswer(connection: number): Buffer {
  const parameter = (name: string, value: string) => backendMessage('S', Buffer.from(`${name}\0${value}\0`));
  const key = Buffer.alloc(8);
  key.writeInt32BE(connection, 0);
  return Buffer.concat([
    backendMessage('R', Buffer.from([0, 0, 0, 0])),
    parameter('server_version', '17.0'),
    parameter('server_encoding', 'UTF8'),
    parameter('client_encoding', 'UTF8'),
    parameter('DateStyle', 'ISO, MDY'),
    parameter('integer_datetimes', 'on'),
    parameter('standard_conforming_strings', 'on'),
    backendMessage('K', key),
    backendMessage('Z', Buffer.from('I')),
  ]);
}

/** The `search_path` a startup packet asks for (`options=-c search_path=...`), else undefined. */
function startupSearchPath(packet: Buffer): string | undefined {
  const fields = packet.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'options') return /search_path=(\S+)/.exec(fields[i + 1]!)?.[1];
  }
  return undefined;
}

/** `message` with the statement name (a C string at `at`) prefixed, when it is not empty. */
function renamed(message: Buffer, at: number, prefix: string): Buffer {
  if (message[at] === 0) return message;
  const head = message.subarray(0, at);
  const out = Buffer.concat([head, Buffer.from(prefix), message.subarray(at)]);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}

/** The message with this connection's prefix on every prepared statement name it carries. */
function withStatementPrefix(message: Buffer, prefix: string): Buffer {
  const type = String.fromCharCode(message[0]!);
  if (type === 'P') return renamed(message, 5, prefix);
  if (type === 'B') return renamed(message, message.indexOf(0, 5) + 1, prefix);
  if ((type === 'D' || type === 'C') && message[5] === 'S'.charCodeAt(0)) return renamed(message, 6, prefix);
  return message;
}

/**
 * Starts PGlite in memory and a bridge to it on 127.0.0.1 at a free port. A new PGlite runs initdb
 * (about 5 s of CPU); one loaded from `initial`, the data folder of a new PGlite as
 * `dumpDataDir` wrote it, about 1 s. Without `initial`, `keep` receives that folder of the new one
 * before any connection is served.
 */
export async function startPgliteServer(options: { initial?: Blob; keep?: (initial: Blob) => Promise<void> } = {}): Promise<PgliteServer> {
  const db = await PGlite.create(options.initial === undefined ? {} : { loadDataDir: options.initial });
  if (options.initial === undefined && options.keep !== undefined) await options.keep(await db.dumpDataDir('none'));
  let owner: number | undefined;
  let busy = false;
  let currentPath = '"$user", public';
  const waiting: (() => void)[] = [];

  /** Runs `work` with the session, once it is free and no other connection's transaction holds it. */
  async function withSession(connection: number, path: string, work: () => Promise<void>): Promise<void> {
    while (busy || (owner !== undefined && owner !== connection)) await new Promise<void>((wake) => waiting.push(wake));
    busy = true;
    try {
      if (path !== currentPath) {
        await db.execProtocolRaw(simpleQuery(`SET search_path TO ${path}`));
        currentPath = path;
      }
      await work();
    } finally {
      owner = db.isInTransaction() ? connection : undefined;
      busy = false;
      waiting.splice(0).forEach((wake) => wake());
    }
  }

  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    const id = (connections += 1);
    const prefix = `c${id}_`;
    let path = 'public';
    let started = false;
    let buffered = Buffer.alloc(0);
    // The connection's messages reach the session in the order they came.
    let chain: Promise<void> = Promise.resolve();
    const inOrder = (work: () => Promise<void>): void => {
      chain = chain.then(() => withSession(id, path, work)).catch(() => void socket.destroy());
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const messages: Buffer[] = [];
      for (;;) {
        if (!started) {
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          const packet = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST) socket.write('N');
          else if (code === CANCEL_REQUEST) socket.end();
          else {
            started = true;
            path = startupSearchPath(packet) ?? path;
            socket.write(startupAnswer(id));
          }
          continue;
        }
        if (buffered.length < 5) break;
        const length = 1 + buffered.readInt32BE(1);
        if (buffered.length < length) break;
        messages.push(withStatementPrefix(buffered.subarray(0, length), prefix));
        buffered = buffered.subarray(length);
      }
      const forwarded = messages.filter((message) => message[0] !== 'X'.charCodeAt(0));
      if (forwarded.length < messages.length) socket.end();
      if (forwarded.length === 0) return;
      // The replies to one batch of messages go out in one write (a client sends a query as
      // Parse, Bind, Execute, Sync at once, and waits for all their replies).
      inOrder(async () => {
        const replies: Uint8Array[] = [];
        for (const message of forwarded) {
          const reply = await db.execProtocolRaw(new Uint8Array(message));
          if (reply.length > 0) replies.push(reply);
        }
        if (socket.writable && replies.length > 0) socket.write(replies.length === 1 ? replies[0]! : Buffer.concat(replies));
      });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      // A transaction the connection left open ends with it, as on a server; and its statements go.
      inOrder(async () => {
        if (owner === id) await db.execProtocolRaw(simpleQuery('ROLLBACK'));
        await db.execProtocolRaw(simpleQuery(`DO $$ DECLARE s text; BEGIN FOR s IN SELECT name FROM pg_prepared_statements WHERE name LIKE '${prefix}%' LOOP EXECUTE 'DEALLOCATE ' || quote_ident(s); END LOOP; END $$`));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The test file's end ends the process; the bridge does not hold it open.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
