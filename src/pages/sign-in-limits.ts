/**
 * How many sign-in mails the pages send: per e-mail address (so the form cannot flood a mailbox),
 * per client address (so one client cannot mail thousands of addresses) and overall (so many
 * clients together cannot either). Each is a fixed window of `windowMs`, counted in one pages
 * handler's memory; a request over any limit sends nothing and counts against nothing.
 */

/** The limits of sign-in mails; see {@link DEFAULT_SIGN_IN_MAIL_LIMITS} for the defaults. */
export interface SignInMailLimits {
  /** Mails to one e-mail address per window. Default 3. */
  perEmail?: number;
  /** Mails asked for by one client address (IPv6: its /64) per window, when the address is known. Default 10. */
  perClient?: number;
  /** Mails in all per window. Default 300. */
  overall?: number;
  /** The window, in ms. Default 15 minutes. */
  windowMs?: number;
  /** E-mail and client addresses tracked at once (the oldest window is forgotten first). Default 10,000. */
  maxTracked?: number;
}

/** The defaults of {@link SignInMailLimits}. */
export const DEFAULT_SIGN_IN_MAIL_LIMITS: Readonly<Required<SignInMailLimits>> = Object.freeze({
  perEmail: 3,
  perClient: 10,
  overall: 300,
  windowMs: 15 * 60_000,
  maxTracked: 10_000,
});

/**
 * Whether a mail may be sent: `'send'`, `'quiet'` (the e-mail address had its share: answer as
 * if sent, so the form tells nothing) or, for the client's or the overall share, the whole
 * seconds to wait.
 */
export type SignInMailVerdict = 'send' | 'quiet' | { retryAfterSeconds: number };

interface Window {
  since: number;
  count: number;
}

/** Counts sign-in mails by e-mail address, client address and in all; see the module comment. */
export function signInMailLimiter(now: () => number, options: SignInMailLimits = {}): (email: string, client: string | null) => SignInMailVerdict {
  const limits = { ...DEFAULT_SIGN_IN_MAIL_LIMITS, ...options };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`feedback-board/pages: signInMailLimits.${name} must be a positive integer`);
  }
  const emails = new Map<string, Window>();
  const clients = new Map<string, Window>();
  let overall: Window = { since: -Infinity, count: 0 };

  /** The live window of `key` (a fresh one when it has ended), without storing a fresh one. */
  const windowOf = (table: Map<string, Window>, key: string, at: number): Window => {
    const entry = table.get(key);
    return entry && at - entry.since < limits.windowMs ? entry : { since: at, count: 0 };
  };
  const count = (table: Map<string, Window>, key: string, window: Window) => {
    window.count += 1;
    if (table.get(key) === window) return;
    table.delete(key);
    if (table.size >= limits.maxTracked) table.delete(table.keys().next().value!);
    table.set(key, window);
  };
  const wait = (window: Window, at: number) => ({ retryAfterSeconds: Math.max(1, Math.ceil((window.since + limits.windowMs - at) / 1000)) });

  return (email, client) => {
    const at = now();
    const byClient = client === null ? null : windowOf(clients, client, at);
    if (byClient && byClient.count >= limits.perClient) return wait(byClient, at);
    if (!(at - overall.since < limits.windowMs)) overall = { since: at, count: 0 };
    if (overall.count >= limits.overall) return wait(overall, at);
    const byEmail = windowOf(emails, email, at);
    if (byEmail.count >= limits.perEmail) return 'quiet';
    count(emails, email, byEmail);
    if (byClient) count(clients, client!, byClient);
    overall.count += 1;
    return 'send';
  };
}
