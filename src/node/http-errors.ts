/**
 * Answers for requests the HTTP layer refuses before the API sees them (malformed requests, headers
 * over 16 KiB, a target that is not a path, a missing Host, a request too slow to arrive). They
 * carry the same JSON envelope and headers as every API error, written raw on the socket since no
 * request object exists for them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Error codes the HTTP layer answers itself, before or beside the fetch handler (`rate_limited`:
 * an address with too many slow bodies, the same code as the API's own rate limit).
 */
export const HTTP_LAYER_ERRORS = {
  bad_request: 400,
  request_timeout: 408,
  rate_limited: 429,
  headers_too_large: 431,
} as const;

/** A code of {@link HTTP_LAYER_ERRORS}. */
export type HttpLayerErrorCode = keyof typeof HTTP_LAYER_ERRORS;

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large' };

function envelope(code: HttpLayerErrorCode, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  Connection: 'close',
};

/** The whole raw HTTP/1.1 answer for a socket whose request could not be parsed or is cut short (a 429 says to retry after a second). */
export function rawErrorAnswer(code: HttpLayerErrorCode, message: string): string {
  const status = HTTP_LAYER_ERRORS[code];
  const body = envelope(code, message);
  const retry = status === 429 ? { 'Retry-After': '1' } : {};
  const head = Object.entries({ ...HEADERS, ...retry, 'Content-Length': String(Buffer.byteLength(body)) })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `HTTP/1.1 ${status} ${REASONS[status]}\r\n${head}\r\n\r\n${body}`;
}

/** What Node's parser reported, as the answer to give (see `clientError` in Node's http docs). */
export function classifyClientError(error: { code?: string }): { code: HttpLayerErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'headers_too_large', message: 'The request headers are larger than 16 KiB' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'request_timeout', message: 'The request did not arrive in time' };
    case 'HPE_INVALID_METHOD':
      return { code: 'bad_request', message: 'The request method is not a known HTTP method' };
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return { code: 'bad_request', message: 'The request has conflicting or invalid Content-Length and Transfer-Encoding' };
    default:
      return { code: 'bad_request', message: 'The request is not valid HTTP/1.1' };
  }
}

/**
 * Requests Node parses but the API cannot take: a target that is neither a path nor an absolute
 * URL (`GET *`), or a request with no Host (HTTP/1.0 included: the API's URLs need one). Answered here, in the envelope.
 */
export function refuseUnroutable(request: IncomingMessage, response: ServerResponse): boolean {
  const target = request.url ?? '';
  let failure: string | null = null;
  if (!target.startsWith('/') && !/^https?:\/\//i.test(target)) failure = 'The request target must be a path';
  else if (request.headers.host === undefined) failure = 'A Host header is required';
  if (failure === null) return false;
  const body = envelope('bad_request', failure);
  response.writeHead(400, { ...HEADERS, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
  return true;
}
