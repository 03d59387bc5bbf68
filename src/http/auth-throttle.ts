/**
 * Throttling failed authentication per client address, so that keys (weak custom ones above all)
 * cannot be guessed at speed. A token bucket per address: `burst` failures at once, then
 * `perMinute` a minute. While an address has no allowance left, every request from it is answered
 * 429 before its key is even looked at (a valid key would otherwise tell the guesser it is right).
 *
 * Only failures leave state: a valid key never touches this, and an address whose bucket is full
 * again is forgotten. At most `maxAddresses` addresses are tracked (least recently seen dropped
 * first). IPv6 addresses count per /64 network, the smallest block one user usually has.
 */
import { SmallLru } from './lru.js';

/** The failed-authentication throttle of the handler; `http: { authThrottle: false }` switches it off. */
export interface AuthThrottleOptions {
  /** Failures allowed at once from one address. Default 30. */
  burst?: number;
  /** Failures allowed per minute from one address once the burst is spent. Default 30. */
  perMinute?: number;
  /** Addresses tracked at once. Default 10,000. */
  maxAddresses?: number;
}

/** The defaults of {@link AuthThrottleOptions}. */
export const DEFAULT_AUTH_THROTTLE: Readonly<Required<AuthThrottleOptions>> = Object.freeze({
  burst: 30,
  perMinute: 30,
  maxAddresses: 10_000,
});

interface Bucket {
  tokens: number;
  at: number;
}

/** Per-address allowance of failed authentications. */
export class AuthFailureThrottle {
  readonly #burst: number;
  readonly #perMs: number;
  readonly #buckets: SmallLru<string, Bucket>;

  constructor(options: AuthThrottleOptions = {}) {
    const o = { ...DEFAULT_AUTH_THROTTLE, ...options };
    for (const [name, value] of Object.entries(o)) {
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board: authThrottle.${name} must be a positive integer`);
    }
    this.#burst = o.burst;
    this.#perMs = o.perMinute / 60_000;
    this.#buckets = new SmallLru({ max: o.maxAddresses });
  }

  #tokens(address: string, now: number): { bucket: Bucket | undefined; tokens: number } {
    const bucket = this.#buckets.peek(address);
    if (!bucket) return { bucket, tokens: this.#burst };
    return { bucket, tokens: Math.min(this.#burst, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs) };
  }

  /** Whole seconds until `address` may fail again, or 0 when it may now. */
  retryAfter(address: string, now: number): number {
    const { tokens } = this.#tokens(address, now);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.#perMs / 1000));
  }

  /** Records one failed authentication of `address`. */
  fail(address: string, now: number): void {
    const { tokens } = this.#tokens(address, now);
    this.#buckets.set(address, { tokens: Math.max(0, tokens - 1), at: now });
    // Forget buckets that are full again, a few at a time from the least recent, so idle
    // addresses cost nothing.
    const full: string[] = [];
    for (const [key, bucket] of this.#buckets.oldestFirst()) {
      if (full.length >= 8 || bucket.tokens + (now - bucket.at) * this.#perMs < this.#burst) break;
      full.push(key);
    }
    for (const key of full) this.#buckets.delete(key);
  }

  /** Addresses with state (for tests of the bound). */
  get size(): number {
    return this.#buckets.size;
  }
}

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64.
 * Anything unparsable counts as itself.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The client address of a request, from the second argument runtimes pass to a fetch handler:
 * `{ clientAddress }` (this package's `serve`, or an application), Deno's `info.remoteAddr`, or
 * Bun's `server.requestIP(request)`. Null when unknown (then nothing is throttled).
 */
export function addressFromContext(request: { fetchRequest(): Request }, context: unknown): string | null {
  if (context === null || typeof context !== 'object') return null;
  const c = context as {
    clientAddress?: unknown;
    remoteAddr?: { hostname?: unknown };
    requestIP?: (request: Request) => { address?: unknown } | null;
  };
  if (typeof c.clientAddress === 'string') return c.clientAddress;
  if (typeof c.remoteAddr?.hostname === 'string') return c.remoteAddr.hostname;
  if (typeof c.requestIP === 'function') {
    const ip = c.requestIP(request.fetchRequest());
    if (typeof ip?.address === 'string') return ip.address;
  }
  return null;
}
