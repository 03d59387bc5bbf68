/**
 * The deadline of one outbound call (a webhook message, a call to an issue tracker or a chat
 * platform): a signal that aborts the call after its timeout, and whether it was the deadline that
 * aborted it, so the failure says "no answer in time" rather than the network's error. A plain
 * timer rather than `AbortSignal.timeout`, whose timer cannot be cleared once the call is done.
 */

/** A running deadline. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the time ran out and the signal aborted. */
  expired(): boolean;
  /** Stops the timer: call it when the call is done, answered or not. */
  clear(): void;
}

/** A deadline `ms` from now. */
export function abortAfter(ms: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  return { signal: controller.signal, expired: () => expired, clear: () => clearTimeout(timer) };
}
