/**
 * The client's opt-in retry. Nothing is retried unless `retry` is given; then a 429 is retried
 * after its `Retry-After` (every method: the server answers 429 before doing anything), and,
 * only when asked, network errors, timeouts and 5xx answers of GET requests (the only safe
 * method of this API). Every retry is bounded by `retries` and `maxDelayMs`.
 */
import { isFeedbackBoardError, type FeedbackBoardError } from '../domain/errors.js';
import type { HttpMethod } from '../http/operations.js';

/** Waits `ms` milliseconds; rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Opt-in retry of the client (`createClient({ retry: {} })` for the defaults). Retries are
 * bounded by `retries`; each wait by `maxDelayMs`.
 *
 * @example
 * ```ts
 * createClient({ baseUrl, apiKey, retry: { retries: 5, retryNetworkErrors: true, retryServerErrors: true } });
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt, at most. Default 3. */
  retries?: number;
  /** Retry a 429 after its `Retry-After`. Default true. */
  retryOn429?: boolean;
  /** Retry GET requests that failed with `network_error` or `timeout`. Default false. */
  retryNetworkErrors?: boolean;
  /** Retry GET requests answered with a 5xx status. Default false. */
  retryServerErrors?: boolean;
  /**
   * Longest wait before a retry, in ms. A 429 whose `Retry-After` asks for longer is not retried:
   * it is thrown at once, with `retryAfter` set. Default 30 000.
   */
  maxDelayMs?: number;
  /** First backoff wait (doubled on each retry) when the server gives no `Retry-After`. Default 250. */
  baseDelayMs?: number;
  /** How to wait (inject one in tests). Default: a timer that stops when the signal aborts. */
  sleep?: Sleep;
}

/** Waits on a timer; the call's signal cuts the wait short. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

interface Policy {
  retries: number;
  retryOn429: boolean;
  retryNetworkErrors: boolean;
  retryServerErrors: boolean;
  maxDelayMs: number;
  baseDelayMs: number;
  sleep: Sleep;
}

function policyOf(options: RetryOptions | undefined): Policy | null {
  if (!options) return null;
  return {
    retries: Math.max(0, Math.floor(options.retries ?? 3)),
    retryOn429: options.retryOn429 ?? true,
    retryNetworkErrors: options.retryNetworkErrors ?? false,
    retryServerErrors: options.retryServerErrors ?? false,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    baseDelayMs: options.baseDelayMs ?? 250,
    sleep: options.sleep ?? defaultSleep,
  };
}

/** How long to wait before retry number `n` (0-based), or null when `error` is not to be retried. */
function delayFor(policy: Policy, method: HttpMethod, error: FeedbackBoardError, n: number): number | null {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n);
  const asked = error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
  if (error.status === 429) {
    if (!policy.retryOn429) return null;
    if (asked === undefined) return backoff;
    return asked <= policy.maxDelayMs ? asked : null;
  }
  if (method !== 'GET') return null;
  if (error.code === 'network_error' || error.code === 'timeout') return policy.retryNetworkErrors ? backoff : null;
  if (error.status >= 500 && policy.retryServerErrors) return Math.min(policy.maxDelayMs, asked ?? backoff);
  return null;
}

/**
 * A runner that calls `attempt` until it succeeds, the error is not retryable, or the retries
 * are spent; the last error is thrown. Aborts are never retried.
 */
export function createRetrier(options: RetryOptions | undefined) {
  const policy = policyOf(options);
  return async function run<T>(method: HttpMethod, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        if (!policy || n >= policy.retries || !isFeedbackBoardError(error)) throw error;
        const delay = delayFor(policy, method, error, n);
        if (delay === null) throw error;
        await policy.sleep(delay, signal);
        signal?.throwIfAborted();
      }
    }
  };
}
