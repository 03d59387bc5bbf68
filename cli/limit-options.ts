/**
 * The API's limits as `serve` options: `--rate-limit N|off` (requests per key per rolling minute)
 * and `--auth-throttle off|BURST/PER_MINUTE` (failed authentications per client address), and
 * `--answer-cache on|off`, turned into the `http` options of `createFeedbackBoard`.
 */
import type { FeedbackBoardOptions } from '../src/board.js';
import { DEFAULT_AUTH_THROTTLE } from '../src/http/auth-throttle.js';

export const LIMIT_USAGE = `  --rate-limit N|off    requests per key per rolling minute (default 120)
  --auth-throttle off|BURST/PER_MINUTE
                        failed authentications per client address: BURST at once, then
                        PER_MINUTE a minute (default ${DEFAULT_AUTH_THROTTLE.burst}/${DEFAULT_AUTH_THROTTLE.perMinute}); off for test harnesses
  --answer-cache on|off serve a post or a page of posts again while the database has not
                        changed since (default on)
`;

/** The parseArgs declarations of these options. */
export const LIMIT_OPTIONS = {
  'rate-limit': { type: 'string' },
  'auth-throttle': { type: 'string' },
  'answer-cache': { type: 'string' },
} as const;

/** A bad value of one of these options; the CLI prints it with the usage and exits 2. */
export class LimitOptionError extends Error {}

const COUNT = /^[1-9][0-9]{0,8}$/;

/** The `http` options of the board for these options' values. */
export function limitOptions(values: Partial<Record<keyof typeof LIMIT_OPTIONS, string | undefined>>): NonNullable<FeedbackBoardOptions['http']> {
  const rate = values['rate-limit'];
  const throttle = values['auth-throttle'];
  const answers = values['answer-cache'];
  if (answers !== undefined && answers !== 'on' && answers !== 'off') {
    throw new LimitOptionError(`--answer-cache takes "on" or "off", not "${answers}"`);
  }
  if (rate !== undefined && rate !== 'off' && !COUNT.test(rate)) {
    throw new LimitOptionError(`--rate-limit takes a positive integer or "off", not "${rate}"`);
  }
  const [burst = '', perMinute = '', extra] = throttle === undefined || throttle === 'off' ? [] : throttle.split('/');
  if (throttle !== undefined && throttle !== 'off' && (!COUNT.test(burst) || !COUNT.test(perMinute) || extra !== undefined)) {
    throw new LimitOptionError(`--auth-throttle takes "off" or BURST/PER_MINUTE such as 30/30, not "${throttle}"`);
  }
  return {
    rateLimit: rate === 'off' ? false : rate === undefined ? {} : { limit: Number(rate) },
    authThrottle: throttle === 'off' ? false : throttle === undefined ? {} : { burst: Number(burst), perMinute: Number(perMinute) },
    answerCache: answers !== 'off',
  };
}
