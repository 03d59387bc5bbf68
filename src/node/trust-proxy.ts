/**
 * Which proxies in front of a server are trusted, and what their `X-Forwarded-*` headers then
 * say: the client's address (`X-Forwarded-For`), the scheme (`X-Forwarded-Proto`) and the host
 * (`X-Forwarded-Host`). A server that trusts no proxy ignores these headers entirely, since any
 * client can send them.
 */
import { BlockList, isIP } from 'node:net';

/**
 * The proxies a server trusts: `{ hops: N }` for N proxies in front of it (the client is the Nth
 * address of `X-Forwarded-For` from the right), or `{ ranges }`, CIDR ranges (`10.0.0.0/8`,
 * `::1/128`) whose addresses are proxies (the client is the first address from the right that is
 * not in them).
 */
export type TrustProxy = { readonly hops: number } | { readonly ranges: readonly string[] };

/** A `--trust-proxy` value that is neither a hop count nor a list of CIDR ranges. */
export class TrustProxyError extends Error {}

/**
 * Reads a hop count (`1`) or a comma-separated CIDR list (`10.0.0.0/8,fd00::/8`; a bare address
 * is a range of one).
 */
export function parseTrustProxy(text: string): TrustProxy {
  if (/^[1-9][0-9]?$/.test(text)) return { hops: Number(text) };
  const ranges = text.split(',').map((part) => part.trim());
  for (const range of ranges) subnetOf(range);
  return { ranges };
}

function subnetOf(range: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', prefixText, extra] = range.split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^[0-9]{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (version === 0 || extra !== undefined || prefix < 0 || prefix > max) {
    throw new TrustProxyError(`not a hop count (1-99) or a CIDR range such as 10.0.0.0/8: "${range}"`);
  }
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** `::ffff:a.b.c.d` as `a.b.c.d`, so IPv4 ranges match IPv4 clients on a dual-stack socket. */
function plain(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

/** What a request's trusted proxies say about it. */
export interface ForwardedView {
  /** The client's address: the socket's peer when no trusted proxy named another. */
  clientAddress: string;
  /** `http` or `https` from `X-Forwarded-Proto`, when a trusted proxy sent a valid one. */
  proto?: 'http' | 'https';
  /** `host[:port]` from `X-Forwarded-Host`, when a trusted proxy sent a valid one. */
  host?: string;
}

/** Decides, once per server, what each request's forwarding headers are worth. */
export type ForwardedReader = (peer: string, headers: Record<string, string | string[] | undefined>) => ForwardedView;

const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** The last (nearest proxy's) value of a comma-separated forwarding header. */
function lastValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  return text?.split(',').at(-1)?.trim().toLowerCase();
}

/** A reader for `trust`; the headers are consulted only when the socket's peer is a trusted proxy. */
export function forwardedReader(trust: TrustProxy): ForwardedReader {
  const list = new BlockList();
  if ('ranges' in trust) {
    for (const range of trust.ranges) {
      const { address, prefix, family } = subnetOf(range);
      list.addSubnet(address, prefix, family);
    }
  }
  const trusted = (address: string) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
  return (peerAddress, headers) => {
    const peer = plain(peerAddress);
    if ('ranges' in trust && !trusted(peer)) return { clientAddress: peer };
    const chain = [peer];
    const forwardedFor = headers['x-forwarded-for'];
    const text = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor ?? '';
    const listed = text === '' ? [] : text.split(',').map((a) => plain(a.trim()));
    // From the nearest hop outward; an entry that is not an address ends the walk at the last
    // address known good.
    for (let i = listed.length - 1; i >= 0 && isIP(listed[i]!) !== 0; i--) chain.push(listed[i]!);
    let clientAddress: string;
    if ('hops' in trust) clientAddress = chain[Math.min(trust.hops, chain.length - 1)]!;
    else clientAddress = chain.find((a) => !trusted(a)) ?? chain.at(-1)!;
    const view: ForwardedView = { clientAddress };
    const proto = lastValue(headers['x-forwarded-proto']);
    if (proto === 'http' || proto === 'https') view.proto = proto;
    const host = lastValue(headers['x-forwarded-host']);
    if (host !== undefined && host.length <= 260 && HOST_PATTERN.test(host)) view.host = host;
    return view;
  };
}
