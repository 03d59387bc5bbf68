/**
 * The purge of deleted posts, as `serve` schedules it: once shortly after start, then every hour,
 * never two runs of one process at once. Several processes on one store may all run it: the
 * storage purges each post once (one DELETE per batch, whose row locks in PostgreSQL, or write
 * lock in SQLite, let a row go once), so no lease is needed; a run that finds nothing due costs one
 * indexed read.
 */
import type { FeedbackBoard } from '../src/board.js';

export interface PurgeJobOptions {
  /** Between runs; one hour by default. */
  intervalMs?: number;
  /** Before the first run; one minute by default, so a start is not slowed by it. */
  firstRunMs?: number;
  /** Where a failed run is reported; the next run tries again. */
  logger: { error(message: string, error?: unknown): void };
}

/** A scheduled purge: `stop()` cancels the next run and waits for one under way. */
export interface PurgeJob {
  stop(): Promise<void>;
}

export function startPurgeJob(board: Pick<FeedbackBoard, 'purgeDeletedPosts'>, options: PurgeJobOptions): PurgeJob {
  const intervalMs = options.intervalMs ?? 3_600_000;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(run, ms).unref();
  };
  function run(): void {
    running = board
      .purgeDeletedPosts()
      .then(
        () => undefined,
        (error: unknown) => options.logger.error('feedback-board: purging deleted posts failed', error),
      )
      .finally(() => {
        running = null;
        schedule(intervalMs);
      });
  }
  schedule(options.firstRunMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
