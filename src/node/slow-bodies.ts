/**
 * Request bodies that arrive too slowly. Node's request timeout allows a whole minute for a
 * request, so clients sending one body byte every few seconds could hold every connection for
 * that long. Here a body has a deadline of its own, counted from its headers, and a minimum rate
 * once a grace period has passed; a body that misses either is answered 408 and its connection
 * closed. Connections still sending a body count against a share per client address (IPv6: its
 * /64): a request with a body beyond its address's share is answered 429 at once, so one address
 * cannot hold every connection. The rate is measured on the socket (bytes read), never by reading
 * the body, which stays the handler's; a body the handler has not read yet (its buffer full) is
 * not held to the rate, only to the deadline.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../http/auth-throttle.js';
import { rawErrorAnswer } from './http-errors.js';

/** The limits on request bodies; see `ListenOptions`. */
export interface BodyLimits {
  bodyTimeoutMs: number;
  minBodyBytesPerSecond: number;
  bodyConnectionsPerAddress: number;
}

interface Upload {
  socket: Socket;
  request: IncomingMessage;
  response: ServerResponse;
  address: string;
  startedAt: number;
  bytesAtStart: number;
  /** Forgets the upload when its connection closes; removed once it is forgotten. */
  onClose: () => void;
}

/** How long a body may be slower than the minimum rate before it is held to it, in ms. */
const RATE_GRACE_MS = 2_000;

/** True when the request announces a body that has not fully arrived. */
function sendsBody(request: IncomingMessage): boolean {
  if (request.complete) return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watches the bodies of `server`'s requests. `admit` is called first for each request: false
 * means it was answered (429) and must not reach the handler. `stalest` names the connection
 * whose body arrives the slowest, for the connection cap to close first when it is full.
 */
export function guardBodies(server: Server, limits: BodyLimits) {
  const uploads = new Map<Socket, Upload>();
  const perAddress = new Map<string, number>();

  const forget = (upload: Upload) => {
    if (uploads.get(upload.socket) !== upload) return;
    uploads.delete(upload.socket);
    // A keep-alive connection sends many bodies: each upload's listener goes with it.
    upload.socket.off('close', upload.onClose);
    const left = perAddress.get(upload.address)! - 1;
    if (left === 0) perAddress.delete(upload.address);
    else perAddress.set(upload.address, left);
  };
  /** Answers 408 on the socket (unless the handler has begun its answer) and closes it. */
  const refuse = ({ socket, response }: Upload, message: string) => {
    if (response.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorAnswer('request_timeout', message));
    setTimeout(() => socket.destroy(), 1_000).unref();
  };
  const rate = (upload: Upload, now: number) =>
    ((upload.socket.bytesRead - upload.bytesAtStart) * 1000) / Math.max(1, now - upload.startedAt);

  const check = setInterval(() => {
    const now = performance.now();
    for (const upload of [...uploads.values()]) {
      const { request, socket } = upload;
      if (request.complete || socket.destroyed) {
        forget(upload);
        continue;
      }
      const elapsed = now - upload.startedAt;
      const waitingForHandler = request.readableLength >= request.readableHighWaterMark;
      if (elapsed > limits.bodyTimeoutMs) {
        forget(upload);
        refuse(upload, `The request body did not arrive within ${limits.bodyTimeoutMs / 1000} s`);
      } else if (elapsed > RATE_GRACE_MS && !waitingForHandler && rate(upload, now) < limits.minBodyBytesPerSecond) {
        forget(upload);
        refuse(upload, `The request body arrived slower than ${limits.minBodyBytesPerSecond} bytes a second`);
      }
    }
  }, Math.max(50, Math.min(1_000, Math.floor(limits.bodyTimeoutMs / 4))));
  check.unref();
  server.once('close', () => clearInterval(check));

  return {
    /**
     * Starts watching the request's body; false when its client address (the socket's peer, or
     * the address trusted proxies name) already has its share (answered 429).
     */
    admit(request: IncomingMessage, response: ServerResponse, clientAddress = request.socket.remoteAddress ?? ''): boolean {
      if (!sendsBody(request)) return true;
      const socket = request.socket;
      // A keep-alive connection's earlier body has arrived (the request before this one ended).
      const earlier = uploads.get(socket);
      if (earlier !== undefined) forget(earlier);
      const address = addressKey(clientAddress);
      const sending = perAddress.get(address) ?? 0;
      if (sending >= limits.bodyConnectionsPerAddress) {
        const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests from this address are still sending their body' } });
        response.writeHead(429, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Retry-After': '1',
          Connection: 'close',
        });
        response.end(body, () => socket.destroy());
        return false;
      }
      const upload: Upload = {
        socket,
        request,
        response,
        address,
        startedAt: performance.now(),
        bytesAtStart: socket.bytesRead,
        onClose: () => forget(upload),
      };
      uploads.set(socket, upload);
      perAddress.set(address, sending + 1);
      socket.once('close', upload.onClose);
      return true;
    },
    /** The connection whose body has arrived the slowest for at least the grace period, if any. */
    stalest(): Socket | undefined {
      const now = performance.now();
      let worst: Upload | undefined;
      for (const upload of uploads.values()) {
        if (now - upload.startedAt < RATE_GRACE_MS || upload.request.complete) continue;
        if (!worst || rate(upload, now) < rate(worst, now)) worst = upload;
      }
      return worst?.socket;
    },
  };
}
