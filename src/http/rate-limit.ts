/**
 * The per-key rate limit of docs/errors-scopes-limits.md#rate-limit: a sliding log, so at most `limit` requests are
 * accepted in ANY rolling window (a token bucket or fixed window lets twice that through across
 * a window edge). State is kept only for authenticated keys, in an LRU of bounded size.
 */
import { SmallLru } from './lru.js';
import type { SharedRateLimitStep } from '../storage/shared-limits.js';

/** The per-key rate limit of the handler; `http: { rateLimit: false }` switches it off. */
export interface RateLimitOptions {
  /** Accepted requests per window per key. Default 120. */
  limit?: number;
  /** Window length in milliseconds. Default 60 000. */
  windowMs?: number;
  /** Keys tracked at once (least recently used dropped first). Default 10 000. */
  maxKeys?: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  windowSeconds: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the oldest request in the window leaves it (a slot frees); at least 1 when denied. */
  resetSeconds: number;
}

export class SlidingLogLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #logs: SmallLru<number, number[]>;

  constructor(options: RateLimitOptions = {}) {
    this.limit = options.limit ?? 120;
    this.windowMs = options.windowMs ?? 60_000;
    this.#logs = new SmallLru({ max: options.maxKeys ?? 10_000 });
  }

  /** Records a request of `keyId` at `now` if the window has room for it. */
  take(keyId: number, now: number): RateLimitDecision {
    const log = this.#logs.get(keyId) ?? [];
    while (log.length > 0 && log[0]! <= now - this.windowMs) log.shift();
    const allowed = log.length < this.limit;
    if (allowed) log.push(now);
    this.#logs.set(keyId, log);
    const oldest = log[0] ?? now;
    const untilFree = Math.ceil((oldest + this.windowMs - now) / 1000);
    return {
      allowed,
      limit: this.limit,
      windowSeconds: Math.ceil(this.windowMs / 1000),
      remaining: this.limit - log.length,
      resetSeconds: allowed ? Math.max(0, untilFree) : Math.max(1, untilFree),
    };
  }

  /** Number of keys with limiter state (for tests of the bound). */
  get size(): number {
    return this.#logs.size;
  }
}

export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"default";q=${d.limit};w=${d.windowSeconds}`,
    RateLimit: `"default";r=${d.remaining};t=${d.resetSeconds}`,
  };
  if (!d.allowed) headers['Retry-After'] = String(d.resetSeconds);
  return headers;
}

/** The decision of a step of a storage's shared limiter, in the terms of the in-process one. */
export function sharedDecision(limiter: SlidingLogLimiter, step: SharedRateLimitStep): RateLimitDecision {
  const oldest = step.oldestMs ?? step.nowMs;
  const untilFree = Math.ceil((oldest + limiter.windowMs - step.nowMs) / 1000);
  return {
    allowed: step.allowed,
    limit: limiter.limit,
    windowSeconds: Math.ceil(limiter.windowMs / 1000),
    remaining: Math.max(0, limiter.limit - step.count),
    resetSeconds: step.allowed ? Math.max(0, untilFree) : Math.max(1, untilFree),
  };
}
