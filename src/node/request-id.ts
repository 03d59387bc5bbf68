/**
 * Request ids of `listen({ requestIds: true })`: every request that reaches the handler gets one,
 * answered in `X-Request-Id`, so a client, a proxy and the server's log name the same request
 * the same way.
 */
import { randomUUID } from 'node:crypto';
import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

/** A client's request id is kept when it is 1..128 of these characters (a UUID, a trace id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request whose `X-Request-Id` header is `header` (as Node parsed it): the
 * header when sane, else a new UUID. A sane id holds no character that JSON or a log line would
 * have to escape, so it can be written out as it is.
 */
export function requestIdOf(header: string | string[] | null | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

type Head = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

/**
 * A `ServerResponse` that answers `requestId` in `X-Request-Id`. The header joins the head object
 * the handler's bridge passes to `writeHead` (the bridge adds `Content-Length` to that object
 * too), rather than being set beforehand with `setHeader`: Node would then merge every header of
 * that object into its own table, one checked `setHeader` at a time. It is written in lower case,
 * as a `Headers` object names it, so a head made from one never carries the name twice.
 */
export class RequestIdResponse extends ServerResponse {
  /** The id of the request this answers, once the handler is given the request. */
  requestId: string | undefined = undefined;

  override writeHead(statusCode: number, statusMessage?: string, headers?: Head): this;
  override writeHead(statusCode: number, headers?: Head): this;
  override writeHead(statusCode: number, messageOrHeaders?: string | Head, headers?: Head): this {
    const head = typeof messageOrHeaders === 'string' ? headers : messageOrHeaders;
    if (this.requestId !== undefined) {
      if (head !== undefined && !Array.isArray(head)) head['x-request-id'] = this.requestId;
      else this.setHeader('x-request-id', this.requestId);
    }
    return typeof messageOrHeaders === 'string' ? super.writeHead(statusCode, messageOrHeaders, head) : super.writeHead(statusCode, head);
  }
}
