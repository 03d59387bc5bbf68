/**
 * How `serve` is reached from outside: `--public-url`, the one origin of every mailed or printed
 * link and of the pages' Origin check (without it, the listen address; a request's `Host` header
 * or a proxy's `X-Forwarded-Host` never decides where a sign-in link points), and `--trust-proxy`,
 * the proxies whose `X-Forwarded-*` headers are believed (none by default).
 */
import { parseTrustProxy, TrustProxyError, type TrustProxy } from '../src/node/trust-proxy.js';

export const PUBLIC_USAGE = `  --public-url URL      the origin people reach the server at (https://feedback.example.com):
                        used in every mailed link and by the pages' Origin check; https
                        makes cookies Secure (default: the listen address)
  --trust-proxy N|CIDR,…
                        believe X-Forwarded-For/-Proto/-Host from N proxies in front,
                        or from proxies at these addresses (10.0.0.0/8,::1); without
                        it those headers are ignored
`;

/** The parseArgs declarations of these options. */
export const PUBLIC_OPTIONS = {
  'public-url': { type: 'string' },
  'trust-proxy': { type: 'string' },
} as const;

/** A bad value of one of these options; the CLI prints it with the usage and exits 2. */
export class PublicOptionError extends Error {}

/**
 * The origin named by `--public-url` (`https://host[:port]`, no path, query or credentials), or
 * undefined when the option is absent.
 */
export function publicOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicOptionError(`--public-url takes an http or https origin such as https://feedback.example.com, not "${value}"`);
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
    throw new PublicOptionError(`--public-url takes an http or https origin such as https://feedback.example.com (no path), not "${value}"`);
  }
  return url.origin;
}

/** The proxies `--trust-proxy` names, or undefined when the option is absent. */
export function trustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined) return undefined;
  try {
    return parseTrustProxy(value);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new PublicOptionError(`--trust-proxy takes a hop count or CIDR ranges: ${error.message}`);
    throw error;
  }
}

/** True when `host` binds every interface, so the listen address names no reachable origin. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}
