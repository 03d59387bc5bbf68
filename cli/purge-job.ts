/**
 * The jobs `serve` runs on a timer: the purge of deleted posts (once shortly after start, then
 * every hour) and the publishing of changelog entries whose time has come (every 10 seconds).
 * Never two runs of one job at once in a process. Several processes on one store may all run
 * them: the storage purges each post once (one DELETE per batch, whose row locks in PostgreSQL, or
 * write lock in SQLite, let a row go once) and publishes each entry once (one conditional UPDATE),
 * so no lease is needed; a run that finds nothing due costs one indexed read. A job that fails
 * again and again (the store away) logs once when it starts failing and once when it works again,
 * as `serve`'s loops do.
 */
import type { FeedbackBoard } from '../src/board.js';
import type { Clock, Logger } from '../src/domain/ports.js';
import { repeatedFailures } from '../src/domain/repeated-failures.js';

export interface PurgeJobOptions {
  /** Between runs; one hour by default (10 seconds for publishing). */
  intervalMs?: number;
  /** Before the first run; one minute by default (2 seconds for publishing), so a start is not slowed by it. */
  firstRunMs?: number;
  /** Where a failed run is reported, and the first run that works after failures; the next run tries again. */
  logger: Logger;
  /** The clock of the reports' durations; the system clock by default. */
  clock?: Clock;
}

/** A scheduled job: `stop()` cancels the next run and waits for one under way. */
export interface PurgeJob {
  stop(): Promise<void>;
}

/** Runs `task` after `firstRunMs`, then `intervalMs` after each run ends; failures are reported as `what` failing, once per outage. */
function startScheduledJob(task: () => Promise<unknown>, what: string, intervalMs: number, firstRunMs: number, options: PurgeJobOptions): PurgeJob {
  const failures = repeatedFailures(options.logger, what, options.clock ?? { now: () => Date.now() });
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(run, ms).unref();
  };
  function run(): void {
    running = task()
      .then(
        () => failures.succeeded(),
        (error: unknown) => failures.failed(error),
      )
      .finally(() => {
        running = null;
        schedule(intervalMs);
      });
  }
  schedule(firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export function startPurgeJob(board: Pick<FeedbackBoard, 'purgeDeletedPosts'>, options: PurgeJobOptions): PurgeJob {
  return startScheduledJob(() => board.purgeDeletedPosts(), 'deleted posts: purging those past 30 days', options.intervalMs ?? 3_600_000, options.firstRunMs ?? 60_000, options);
}

/** Publishes the changelog entries whose time has come, with their followers' mail and webhook event. */
export function startChangelogJob(board: Pick<FeedbackBoard, 'publishDueChangelogEntries'>, options: PurgeJobOptions): PurgeJob {
  return startScheduledJob(() => board.publishDueChangelogEntries(), 'changelog entries: publishing due ones', options.intervalMs ?? 10_000, options.firstRunMs ?? 2_000, options);
}
