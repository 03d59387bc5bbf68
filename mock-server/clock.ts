/**
 * The mock server's clock: the board reads "now" from it, so claims expire, rate-limit windows
 * slide and statistics move only when a test says so.
 */
import type { Clock } from '../src/domain/ports.js';

/** Where a mock clock starts: an instant (frozen there until moved), or `'real'` (the real time, flowing). */
export type ClockStart = Date | string | number | 'real';

/**
 * The default start: a fixed instant, so ids, timestamps, claims and statistics are the same on
 * every run. Pass `clock: 'real'` to follow the real time instead.
 */
export const DEFAULT_CLOCK_START = '2026-11-20T12:00:00.000Z';

/** A controllable {@link Clock}. */
export interface MockClock extends Clock {
  /** Milliseconds since the epoch, as the board sees them. */
  now(): number;
  /** The current instant as a Date. */
  date(): Date;
  /** Moves time forward by `ms` (claims can expire, rate-limit slots free); returns the new now. */
  advance(ms: number): number;
  /** Jumps to `date` (forward or back). A real-time clock keeps flowing from there. */
  set(date: Date | string | number): void;
  /** Back to where the clock started (what `reset()` of the mock server does). */
  reset(): void;
}

function toMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new TypeError(`Not a valid date: ${String(value)}`);
  return ms;
}

/**
 * Creates a mock clock. A fixed start freezes time at that instant; `'real'` follows
 * `Date.now()` plus whatever `advance()` and `set()` added.
 *
 * @example
 * ```ts
 * const clock = createMockClock('2026-11-20T12:00:00Z');
 * clock.advance(60 * 60 * 1000); // one hour later
 * clock.date().toISOString(); // '2026-11-20T13:00:00.000Z'
 * ```
 */
export function createMockClock(start: ClockStart = DEFAULT_CLOCK_START): MockClock {
  const real = start === 'real';
  const startMs = real ? 0 : toMs(start);
  // Frozen: `offset` is the current instant. Real: it is added to Date.now().
  let offset = startMs;
  const now = () => (real ? Date.now() + offset : offset);
  return {
    now,
    date: () => new Date(now()),
    advance(ms: number): number {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a number of milliseconds >= 0');
      offset += ms;
      return now();
    },
    set(date: Date | string | number): void {
      const target = toMs(date);
      offset = real ? target - Date.now() : target;
    },
    reset(): void {
      offset = startMs;
    },
  };
}
