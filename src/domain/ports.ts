/**
 * The ports every layer may be handed: the source of "now", of random bytes, where errors are
 * reported and where voter notifications go. They sit at the bottom, beside the records, so the
 * services, the webhook dispatcher, the fixture loader and the CLI all take them from here;
 * nothing here is global, and a test or the mock server injects its own.
 */

/** The source of "now". Inject one to make claims, rate limits and statistics deterministic. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real time, `Date.now()`. */
export const systemClock: Clock = { now: () => Date.now() };

/** Fills a new array with `length` cryptographically random bytes. */
export type RandomBytes = (length: number) => Uint8Array;

/** Random bytes from Web Crypto (`crypto.getRandomValues`), which every runtime has. */
export const cryptoRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `count` unbiased base62 characters (bytes >= 248 are discarded, so each character is uniform). */
export function randomBase62(random: RandomBytes, count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of random(count * 2)) {
      if (byte < 248 && out.length < count) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Where unexpected errors are reported (their causes are never returned to callers). */
export interface Logger {
  /** Reports an unexpected error with what was being done. */
  error(message: string, error?: unknown): void;
  /** Reports that something reported as failing works again (a background loop once its store is back). */
  info?(message: string): void;
}

/** Reports to `console.error` (and `console.info`), tagged `[feedback-board]`. */
export const consoleLogger: Logger = {
  error: (message, error) => console.error(`[feedback-board] ${message}`, error ?? ''),
  info: (message) => console.info(`[feedback-board] ${message}`),
};

/** A message to one voter that a post they voted for changed status. */
export interface VoterNotification {
  organization_id: number;
  board_slug: string;
  post_id: number;
  post_title: string;
  voter: { id: number; email: string | null; name: string };
  old_status: string;
  new_status: string;
  sent_at: string;
}

/** Receives voter notifications (e-mail them, queue them...). The response waits for it. */
export interface Notifier {
  /** Delivers one notification; a rejection is logged and never fails the request. */
  notify(notification: VoterNotification): void | Promise<void>;
}
