/**
 * Days of the maintained statistics. Analytics counts by UTC day, so its window must start and end
 * at UTC midnights; adapters read the day rows of `[fromDay, toDay)`.
 */
import type { TimeWindow } from './contract.js';

/** The UTC date (`YYYY-MM-DD`) of a stored ISO timestamp. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;

/**
 * The first day of the window and the day after its last (`YYYY-MM-DD`). Throws a RangeError when
 * `from` or `to` is not a UTC midnight: the day aggregates cannot answer a part of a day.
 */
export function windowDays(window: TimeWindow): { fromDay: string; toDay: string } {
  if (!MIDNIGHT.test(window.from) || !MIDNIGHT.test(window.to)) {
    throw new RangeError(`storage: an analytics window runs from one UTC midnight to another (got ${window.from} to ${window.to})`);
  }
  return { fromDay: dayOf(window.from), toDay: dayOf(window.to) };
}
