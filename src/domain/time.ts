/** UTC calendar arithmetic for claims, ship-stats and analytics. Times are epoch milliseconds. */

export const DAY_MS = 86_400_000;

let lastMs = Number.NaN;
let lastIso = '';

/**
 * ISO 8601 of an instant. The last answer is kept: a request formats "now" several times, and a
 * mock clock stands still.
 */
export function toIso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

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
