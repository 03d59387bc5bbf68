/**
 * The retry schedule of webhook messages (docs/webhooks.md), in one place: every adapter
 * computes a message's next state with {@link nextMessageState}, so they cannot disagree.
 */
import type { WebhookMessageRecord, WebhookMessageStatus } from '../domain/records.js';
import { toIso } from '../domain/time.js';

/**
 * Delays before the 2nd, 3rd, ... 8th attempt, each counted from the end of the previous one:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A message is `failed` after this many failed attempts. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** What a message becomes after an attempt. */
export interface MessageState {
  status: WebhookMessageStatus;
  attempts: number;
  next_attempt_at: string | null;
}

/**
 * The state after one more attempt that ended at `finishedAt` (ISO): delivered on success; after
 * a failure, pending until the next delay of the schedule, or failed once {@link MAX_ATTEMPTS}
 * attempts have failed (a message redelivered by hand after that fails again at once).
 */
export function nextMessageState(
  message: Pick<WebhookMessageRecord, 'attempts'>,
  success: boolean,
  finishedAt: string,
): MessageState {
  const attempts = message.attempts + 1;
  if (success) return { status: 'delivered', attempts, next_attempt_at: null };
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return { status: 'failed', attempts, next_attempt_at: null };
  return { status: 'pending', attempts, next_attempt_at: toIso(Date.parse(finishedAt) + delay) };
}
