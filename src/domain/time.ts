/** UTC calendar arithmetic for claims, ship-stats and analytics. Times are epoch milliseconds. */

export const DAY_MS = 86_400_000;

/** `000` to `999`: three digits of a fraction (the millisecond of a second, as ISO 8601 writes it). */
export const THOUSANDTHS: readonly string[] = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** The largest distance from the epoch a `Date` holds, in ms. */
const MOST_MS = 8.64e15;

/**
 * A formatter of instants as ISO 8601, exactly as `toISOString` writes them, that keeps its last
 * answer and the second it fell in: a new millisecond is its three digits joined to that second's
 * text, which `toISOString` writes once a second. `toISOString` formats through a `printf` (half a
 * microsecond), where the join takes a few dozen nanoseconds. Each caller that formats its own
 * stream of times (the services' clock, a log) takes a formatter of its own, so that they do not
 * take turns at one cache.
 */
export function isoFormatter(): (ms: number) => string {
  let lastMs = Number.NaN;
  let last = '';
  let second = Number.NaN;
  let prefix = '';
  return (ms) => {
    if (ms === lastMs) return last;
    // A Date keeps whole milliseconds, truncated toward zero; one out of its range throws below.
    const whole = Math.trunc(ms);
    if (!(Math.abs(whole) <= MOST_MS)) return new Date(ms).toISOString();
    const at = Math.floor(whole / 1000);
    if (at !== second) {
      prefix = new Date(at * 1000).toISOString().slice(0, -4); // without "000Z"
      second = at;
    }
    last = `${prefix}${THOUSANDTHS[whole - at * 1000]!}Z`;
    lastMs = ms;
    return last;
  };
}

/**
 * ISO 8601 of an instant (see {@link isoFormatter}): a request formats "now" several times, and a
 * mock clock stands still.
 */
export const toIso: (ms: number) => string = isoFormatter();

export function startOfUtcDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export interface Period {
  from: number;
  to: number;
  label: string;
}

/** The calendar month (UTC) containing `ms`; label like `November 2026`. */
export function utcMonth(ms: number): Period {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  return {
    from: Date.UTC(year, month, 1),
    to: Date.UTC(year, month + 1, 1),
    label: `${MONTHS[month]} ${year}`,
  };
}

/** The ISO week (Monday 00:00 UTC onwards) containing `ms`; label like `Week of 2026-11-16`. */
export function isoWeek(ms: number): Period {
  const day = startOfUtcDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  const from = day - weekday * DAY_MS;
  return { from, to: from + 7 * DAY_MS, label: `Week of ${toIso(from).slice(0, 10)}` };
}

/** The `days` UTC days ending with the day of `ms`: from the first one's midnight to the next midnight. */
export function lastDays(ms: number, days: number): Period & { dates: string[] } {
  const to = startOfUtcDay(ms) + DAY_MS;
  const from = to - days * DAY_MS;
  const dates: string[] = [];
  for (let t = from; t < to; t += DAY_MS) dates.push(toIso(t).slice(0, 10));
  return { from, to, label: `last ${days} days`, dates };
}
