/**
 * Request bodies that arrive too slowly. Node's request timeout allows a whole minute for a
 * request, so clients sending one body byte every few seconds could hold every connection for
 * that long. Here a body has a deadline of its own, counted from its headers, and a minimum rate
 * once a grace period has passed; a body that misses either is answered 408 and its connection
 * closed.
 *
 * Only slow bodies count against a share per client address (IPv6: its /64): a body still
 * arriving after `SLOW_AFTER_MS` below the minimum rate. An address past its share has its newest
 * slow bodies answered 429, and a new request with a body from it is answered 429 at once, so one
 * address cannot hold every connection. A body that arrives at once (nearly every body: it travels
 * with its headers) never counts, however many an address sends together, and a request without
 * a body costs nothing here. An address that went past its share is struck for `STRIKE_MS`: its
 * bodies then count from their headers, so that it cannot fill the connections again with new
 * bodies each time its slow ones are refused. The rate is measured on the socket (bytes read),
 * never by reading the body, which stays the handler's; a body the handler has not read yet (its
 * buffer full) is not held to the rate, only to the deadline.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../http/auth-throttle.js';
import { rawErrorAnswer, type HttpLayerErrorCode } from './http-errors.js';

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
  /** The client address as given; its key (IPv6: the /64) is worked out only when needed. */
  clientAddress: string;
  startedAt: number;
  bytesAtStart: number;
  /** The address key it counts against (its body is slow, or its address struck), else null. */
  chargedTo: string | null;
}

/** How long a body may arrive slower than the minimum rate before it counts against its address's share, in ms. */
const SLOW_AFTER_MS = 250;
/** How long a body may be slower than the minimum rate before it is refused (408), in ms. */
const RATE_GRACE_MS = 2_000;
/** How long every body of an address that went past its share of slow bodies counts, in ms. */
const STRIKE_MS = 10_000;

/** True when the request announces a body that has not fully arrived. */
function sendsBody(request: IncomingMessage): boolean {
  if (request.complete) return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Answers on the socket (unless the handler has begun its answer) and closes it. */
function refuse(socket: Socket, response: ServerResponse, code: HttpLayerErrorCode, message: string): void {
  if (response.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorAnswer(code, message));
  setTimeout(() => socket.destroy(), 1_000).unref();
}

const TOO_MANY = 'Too many requests from this address are sending their body slowly';

/**
 * Watches the bodies of `server`'s requests. `admit` is called first for each request: false
 * means it was answered (429) and must not reach the handler. `stalest` names the connection
 * whose body arrives the slowest, for the connection cap to close first when it is full.
 */
export function guardBodies(server: Server, limits: BodyLimits) {
  /** Requests whose body had not arrived when they were admitted, until it has (or they end). */
  const uploads = new Map<Socket, Upload>();
  /** Bodies counted against each address key; only addresses with at least one. */
  const charged = new Map<string, number>();
  /** Addresses that went past their share, and until when (performance.now()) they are struck. */
  const strikes = new Map<string, number>();

  const charge = (upload: Upload, address: string) => {
    charged.set(address, (charged.get(address) ?? 0) + 1);
    upload.chargedTo = address;
  };
  const uncharge = (upload: Upload) => {
    if (upload.chargedTo === null) return;
    const left = charged.get(upload.chargedTo)! - 1;
    if (left === 0) charged.delete(upload.chargedTo);
    else charged.set(upload.chargedTo, left);
    upload.chargedTo = null;
  };
  const forget = (upload: Upload) => {
    uncharge(upload);
    if (uploads.get(upload.socket) === upload) uploads.delete(upload.socket);
  };
  const rate = (upload: Upload, now: number) =>
    ((upload.socket.bytesRead - upload.bytesAtStart) * 1000) / Math.max(1, now - upload.startedAt);

  const check = setInterval(() => {
    const now = performance.now();
    for (const [address, until] of strikes) if (until <= now) strikes.delete(address);
    for (const upload of [...uploads.values()]) {
      const { request, response, socket } = upload;
      if (request.complete || socket.destroyed) {
        forget(upload);
        continue;
      }
      const elapsed = now - upload.startedAt;
      if (elapsed > limits.bodyTimeoutMs) {
        forget(upload);
        refuse(socket, response, 'request_timeout', `The request body did not arrive within ${limits.bodyTimeoutMs / 1000} s`);
        continue;
      }
      const waitingForHandler = request.readableLength >= request.readableHighWaterMark;
      const slow = elapsed > SLOW_AFTER_MS && !waitingForHandler && rate(upload, now) < limits.minBodyBytesPerSecond;
      if (!slow) {
        if (upload.chargedTo !== null && !strikes.has(upload.chargedTo)) uncharge(upload);
      } else if (elapsed > RATE_GRACE_MS) {
        forget(upload);
        refuse(socket, response, 'request_timeout', `The request body arrived slower than ${limits.minBodyBytesPerSecond} bytes a second`);
      } else if (upload.chargedTo === null) {
        const address = addressKey(upload.clientAddress);
        if ((charged.get(address) ?? 0) >= limits.bodyConnectionsPerAddress) {
          strikes.set(address, now + STRIKE_MS);
          forget(upload);
          refuse(socket, response, 'rate_limited', TOO_MANY);
        } else {
          charge(upload, address);
        }
      }
    }
  }, Math.max(50, Math.min(SLOW_AFTER_MS / 2, Math.floor(limits.bodyTimeoutMs / 4))));
  check.unref();
  server.once('close', () => clearInterval(check));

  return {
    /**
     * Starts watching the request's body; false when its client address (the socket's peer, or
     * the address trusted proxies name) already has its share of slow bodies (answered 429).
     */
    admit(request: IncomingMessage, response: ServerResponse, clientAddress = request.socket.remoteAddress ?? ''): boolean {
      if (!sendsBody(request)) return true;
      const socket = request.socket;
      let struck: string | null = null;
      if (charged.size > 0 || strikes.size > 0) {
        const address = addressKey(clientAddress);
        if ((charged.get(address) ?? 0) >= limits.bodyConnectionsPerAddress) {
          refuse(socket, response, 'rate_limited', TOO_MANY);
          return false;
        }
        if (strikes.has(address)) struck = address;
      }
      // A keep-alive connection's earlier body has arrived (the request before this one ended).
      const earlier = uploads.get(socket);
      if (earlier !== undefined) uncharge(earlier);
      const upload: Upload = { socket, request, response, clientAddress, startedAt: performance.now(), bytesAtStart: socket.bytesRead, chargedTo: null };
      uploads.set(socket, upload);
      if (struck !== null) charge(upload, struck);
      return true;
    },
    /** The connection whose body has arrived the slowest, among those counted or older than the grace period, if any. */
    stalest(): Socket | undefined {
      const now = performance.now();
      let worst: Upload | undefined;
      for (const upload of uploads.values()) {
        if ((upload.chargedTo === null && now - upload.startedAt < RATE_GRACE_MS) || upload.request.complete) continue;
        if (!worst || rate(upload, now) < rate(worst, now)) worst = upload;
      }
      return worst?.socket;
    },
  };
}
