/**
 * A request body read straight from Node's `IncomingMessage`, under the same rules as the Fetch
 * path (`readBodyBytes` in src/http/body.ts), with the same errors: more than the limit is refused
 * as soon as it arrives, with the rest left unread; a body whose connection fails before its end
 * is refused as cut short.
 *
 * Through @hono/node-server's light request, the first use of `request.body` builds a whole Fetch
 * `Request` (its `Headers` from every header, an `AbortController`) and a web stream over the
 * message (`Readable.toWeb`), each chunk then passing through two stream readers: reading it here
 * instead, `serve` creates 1.4 times the posts per CPU-second. `listen` leaves this reader on the very `Request` made for the incoming
 * message, beside its header reader (request-id.ts); a layer that makes a request of its own
 * (the trusted proxies' rebasing) is read through that request's stream.
 *
 * What is left unread after a refusal is @hono/node-server's to handle once the answer is written:
 * it drains the rest for a while, then closes the connection, as for a body the handler never read.
 */
import type { Readable } from 'node:stream';
import { cutShort, tooLarge } from '../http/body.js';

/**
 * The key under which `listen` leaves a request's body reader on the `Request` it hands the
 * handler (the API handler reads it there, by the same `Symbol.for` name).
 */
export const BODY_READER: unique symbol = Symbol.for('feedback-board.bodyReader') as never;

/**
 * What the handler calls: the body's bytes, refusing more than `maxBytes`; or null when something
 * else has begun to read the message (a layer that read the `Request`'s body or a copy of it), and
 * the body is then the `Request`'s to give.
 */
export interface BodyReader {
  read(maxBytes: number): Promise<Uint8Array> | null;
}

export class IncomingBodyReader implements BodyReader {
  /** `incoming`: the request's `IncomingMessage` (or HTTP/2 request). */
  constructor(private readonly incoming: Readable) {}

  read(maxBytes: number): Promise<Uint8Array> | null {
    const incoming = this.incoming;
    // Another reader has been at it (the light request's own stream, made when a layer read or
    // copied its body): what it took is in that stream.
    if (incoming.readableFlowing !== null || incoming.readableDidRead) return null;
    if (incoming.destroyed) return Promise.reject(cutShort());
    return new Promise<Uint8Array>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const stop = () => {
        incoming.off('data', onData);
        incoming.off('end', onEnd);
        incoming.off('error', onFailure);
        incoming.off('close', onFailure);
      };
      const onData = (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > maxBytes) {
          stop();
          incoming.pause();
          reject(tooLarge(maxBytes));
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => {
        stop();
        // A copy of its own: Node's small chunks are views of a shared pool.
        const bytes = new Uint8Array(size);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.byteLength;
        }
        resolve(bytes);
      };
      // An error (the client went away, or the server cut the body as too slow), or a close
      // before the end: the body did not arrive whole.
      const onFailure = () => {
        stop();
        reject(cutShort());
      };
      incoming.on('data', onData);
      incoming.once('end', onEnd);
      incoming.once('error', onFailure);
      incoming.once('close', onFailure);
      incoming.resume();
    });
  }
}
