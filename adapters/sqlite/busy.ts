/**
 * Waiting for another connection's lock. SQLite answers SQLITE_BUSY ("database is locked") when
 * another connection (usually another process) holds the write lock. The adapter never passes that
 * answer on while the wait is shorter than the configured busy timeout: it retries.
 */

/** True for SQLITE_BUSY and its extended codes (SQLITE_BUSY_RECOVERY, SQLITE_BUSY_SNAPSHOT, ...). */
export function isBusy(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** The lock was still held by another connection when the busy timeout ran out. */
export class SqliteBusyTimeoutError extends Error {
  /** Kept from SQLite so that callers who test the code still recognise the condition. */
  readonly code = 'SQLITE_BUSY';

  /** The lock was still held after `waitedMs`; `cause` is SQLite's last SQLITE_BUSY error. */
  constructor(waitedMs: number, cause: unknown) {
    super(
      `feedback-board/sqlite: another connection held the database's write lock for more than ${waitedMs} ms`,
      { cause },
    );
    this.name = 'SqliteBusyTimeoutError';
  }
}

/**
 * Delay before retry number `attempt` (0-based): exponential from 1 ms, capped at 32 ms, with
 * jitter so that processes that collided once do not collide again in step.
 */
export function backoffMs(attempt: number): number {
  const base = Math.min(32, 2 ** attempt);
  return base * (0.5 + Math.random());
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread; used only while opening, before the storage serves anything. */
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Runs `fn`, retrying while it fails with SQLITE_BUSY, for up to `timeoutMs`. */
export function withBusyRetrySync<T>(fn: () => T, timeoutMs: number): T {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return fn();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= deadline) throw new SqliteBusyTimeoutError(timeoutMs, error);
      sleepSync(backoffMs(attempt));
    }
  }
}

/**
 * Runs `fn`, retrying while it fails with SQLITE_BUSY, for up to `timeoutMs`; waits between tries
 * without blocking the event loop. `onRetry` is told of each retry (for statistics).
 */
export async function withBusyRetry<T>(
  fn: () => T,
  timeoutMs: number,
  onRetry: () => void,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return fn();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() >= deadline) throw new SqliteBusyTimeoutError(timeoutMs, error);
      onRetry();
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
