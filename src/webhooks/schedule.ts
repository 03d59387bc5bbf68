/**
 * The retry schedule of webhook messages (docs/webhooks.md), in one place: the dispatcher decides
 * a message's next state with {@link nextMessageState} and hands it to the storage with the
 * attempt, so no adapter holds a schedule of its own.
 */
import type { WebhookMessageRecord } from '../domain/records.js';
import { toIso } from '../domain/time.js';
import type { WebhookMessageOutcome } from '../storage/contract.js';

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

/**
 * The state after one more attempt of `message` (its `attempts` being those made before this one)
 * that ended at `finishedAt` (ISO): delivered on success; after a failure, pending until the next
 * delay of the schedule, or failed once {@link MAX_ATTEMPTS} attempts have failed (a message
 * redelivered by hand after that fails again at once).
 */
export function nextMessageState(
  message: Pick<WebhookMessageRecord, 'attempts'>,
  success: boolean,
  finishedAt: string,
): WebhookMessageOutcome {
  if (success) return { status: 'delivered', next_attempt_at: null };
  const delay = RETRY_DELAYS_MS[message.attempts];
  if (delay === undefined) return { status: 'failed', next_attempt_at: null };
  return { status: 'pending', next_attempt_at: toIso(Date.parse(finishedAt) + delay) };
}
