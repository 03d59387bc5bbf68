/**
 * A fetch for the webhook dispatcher in Node that refuses private targets after DNS resolution
 * and connects to exactly the address it checked. Checking a name and then letting fetch resolve
 * it again would let DNS rebinding swap in a private address between the two lookups; here the
 * socket's own lookup is the checked one, so there is no second lookup to swap.
 *
 * Redirects are never followed (node:http does not follow them); the answer's body is streamed,
 * so the dispatcher reads only its first KiB.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { isPrivateAddress } from '../webhooks/targets.js';
import type { WebhookFetch } from '../webhooks/send.js';

/** Options of {@link createNodeWebhookFetch}. */
export interface NodeWebhookFetchOptions {
  /** Allow loopback and private addresses (local development, tests). Default false. */
  allowPrivateNetworks?: boolean;
}

/** The error of a target refused because it is, or resolves to, a private address. */
export class PrivateTargetError extends Error {
  /** `EPRIVATETARGET`, so that an attempt's record names the cause. */
  readonly code = 'EPRIVATETARGET';

  /** `host` was refused because it is, or resolved to, the private `address`. */
  constructor(host: string, address: string) {
    super(`refused: ${host} resolves to the private or loopback address ${address}`);
    this.name = 'PrivateTargetError';
  }
}

/** A lookup that resolves every address of the name and fails if any of them is private. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateTargetError(hostname, refused.address) as NodeJS.ErrnoException, '', 0);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      // With autoSelectFamily, Node asks for every address; otherwise for one.
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function toResponse(message: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = message.statusCode ?? 500;
  const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
  if (body === null) message.resume();
  // Response refuses statuses outside 200..599; an informational final status is a failure anyway.
  return new Response(body, { status: status < 200 || status > 599 ? 599 : status, headers });
}

/**
 * A fetch for `createWebhookDispatcher` (`fetch` option) and `createFeedbackBoard`'s
 * `webhooks.fetch`: POSTs with node:http(s), refusing private targets after resolving them and
 * connecting to the address it checked.
 */
export function createNodeWebhookFetch(options: NodeWebhookFetchOptions = {}): WebhookFetch {
  const allowPrivate = options.allowPrivateNetworks ?? false;
  const lookup = checkedLookup(allowPrivate);
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // A literal address is connected to without any lookup: check it here.
      if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
        reject(new PrivateTargetError(host, host));
        return;
      }
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
        url,
        {
          method: init.method ?? 'POST',
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          lookup,
          agent: false,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (message) => resolve(toResponse(message)),
      );
      request.on('error', reject);
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
}
