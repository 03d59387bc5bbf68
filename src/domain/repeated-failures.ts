/**
 * The failures of a loop that runs again and again (the webhook dispatcher's and the follower mail
 * sender's polls), reported once per outage: while the store is away every poll fails the same
 * way, twice a second, and a report per poll buries everything else in the log. The first failure
 * is reported; the ones after it that fail the same way are counted, not reported; the first
 * success after them reports that the work runs again, with how many attempts failed and for
 * how long.
 */
import { isFeedbackBoardError } from './errors.js';
import type { Clock, Logger } from './ports.js';

/** What a loop tells its reporter after each attempt. */
export interface RepeatedFailures {
  /** The attempt failed with `error`. */
  failed(error: unknown): void;
  /** The attempt succeeded. */
  succeeded(): void;
}

/** What makes two failures the same: the error's code when it has one (`service_unavailable`), else its message. */
function kindOf(error: unknown): string {
  if (isFeedbackBoardError(error)) return `code:${error.code}`;
  return error instanceof Error ? `message:${error.message}` : `value:${String(error)}`;
}

/**
 * A reporter for the loop doing `what` (`webhook dispatcher: delivering due messages`): failures
 * go to `logger.error` as `"<what> failed"` when they start or change kind; the recovery goes to
 * `logger.info` (to `logger.error` without an error when the logger has no `info`).
 */
export function repeatedFailures(logger: Logger, what: string, clock: Clock): RepeatedFailures {
  let kind: string | null = null;
  let since = 0;
  let count = 0;
  return {
    failed(error) {
      count += 1;
      const next = kindOf(error);
      if (next === kind) return;
      if (kind === null) since = clock.now();
      kind = next;
      logger.error(`${what} failed${count > 1 ? ` (attempt ${count})` : ''}; retrying quietly until it works or fails otherwise`, error);
    },
    succeeded() {
      if (kind === null) return;
      const seconds = Math.round((clock.now() - since) / 100) / 10;
      const message = `${what} works again, after ${count} failed attempt${count === 1 ? '' : 's'} over ${seconds} s`;
      if (logger.info) logger.info(message);
      else logger.error(message);
      kind = null;
      count = 0;
    },
  };
}
