/**
 * Outbound calls to issue trackers, as data: each provider's module builds an
 * {@link OutboundRequest} (method, URL, headers, body) and interprets the {@link OutboundAnswer}
 * into an {@link OutboundOutcome}. Sending is the webhook dispatcher's job (its outbox, its
 * timeout, no redirects, the private-address guard), so nothing here performs a call.
 *
 * Whether a failure is retried follows one rule everywhere: a timeout, a network error, 408, 425,
 * 429 and 5xx are retried (after the answer's `Retry-After` when it gives one); every other answer
 * is final, and so is a 2xx whose body cannot be read, because retrying a creation that succeeded
 * would create a second issue.
 */
import { FeedbackBoardError } from '../domain/errors.js';
import { PACKAGE_VERSION } from '../domain/version.js';
import { refusedTarget } from '../webhooks/targets.js';
import type { LinkState } from '../domain/integrations.js';

/** The `User-Agent` of every call to an issue tracker (GitHub refuses calls without one). */
export const INTEGRATION_USER_AGENT = `feedback-board-integrations/${PACKAGE_VERSION}`;

/** A request to send, exactly. */
export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** The JSON body, or null. */
  body: string | null;
}

/** An answer as the sender received it: status, headers, body text, and when it arrived (ms since the epoch). */
export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: string;
  received_at: number;
}

/** A call that did not do what it was for, and whether to try again. */
export interface OutboundFailure {
  ok: false;
  retry: boolean;
  /** How long the provider asked to wait before retrying, when it said; else null (the schedule decides). */
  retry_after_ms: number | null;
  /** The answer's status, or null when none came. */
  status: number | null;
  /** What went wrong, in a sentence for the dashboard. */
  error: string;
}

/** What a call came to. */
export type OutboundOutcome<T> = { ok: true; value: T } | OutboundFailure;

/** An issue as the tracker describes it, in the terms of a post's link. */
export interface TrackerIssue {
  url: string;
  title: string;
  state: LinkState;
}

/** What an issue created from a post says. */
export interface IssueDraft {
  title: string;
  /** Markdown. */
  body: string;
}

/** A `validation_error` about one field of a connection or a request. */
export function invalidField(path: string, message: string): FeedbackBoardError {
  return new FeedbackBoardError('validation_error', `${path} ${message}`, { details: [{ path, message }] });
}

/** Whether an answer with this status is worth trying again. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The wait an answer asks for: `Retry-After` as delay-seconds or as an HTTP date (its preferred
 * form, `Sun, 06 Nov 1994 08:49:37 GMT`), in milliseconds from the answer; else null.
 */
export function retryAfterMs(answer: OutboundAnswer): number | null {
  const value = answer.headers.get('retry-after')?.trim() ?? '';
  if (/^\d{1,7}$/.test(value)) return Number(value) * 1000;
  const date = HTTP_DATE.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - answer.received_at);
}

/** A failed answer: retried or not by its status, with the provider's own words in `error`. */
export function failedAnswer(answer: OutboundAnswer, provider: string, detail: string, retry = isRetryableStatus(answer.status)): OutboundFailure {
  const said = detail ? `: ${detail}` : '';
  return { ok: false, retry, retry_after_ms: retry ? retryAfterMs(answer) : null, status: answer.status, error: `${provider} answered ${answer.status}${said}` };
}

/** A call that got no answer: a timeout or a network error, always retried. */
export function transportFailure(kind: 'timeout' | 'network', detail: string): OutboundFailure {
  return { ok: false, retry: true, retry_after_ms: null, status: null, error: kind === 'timeout' ? `no answer in time${detail ? `: ${detail}` : ''}` : `network error: ${detail}` };
}

/** The answer's body as JSON, or undefined when it is not JSON. */
export function answerJson(answer: OutboundAnswer): unknown {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return undefined;
  }
}

/** A 2xx answer whose body does not say what it should: final, since the call may have done its work. */
export function unreadableSuccess(answer: OutboundAnswer, provider: string): OutboundFailure {
  return { ok: false, retry: false, retry_after_ms: null, status: answer.status, error: `${provider} answered ${answer.status} with a body that does not describe an issue` };
}

/**
 * A connection's base URL, checked and normalized (no trailing slash): `https:` only, since a
 * token travels with every call, unless private networks are allowed (then `http:` too); no
 * credentials, query or fragment; and, unless allowed, no loopback, private or link-local host.
 * Throws a `validation_error` naming `base_url` otherwise.
 */
export function checkBaseUrl(raw: string, allowPrivateNetworks: boolean): string {
  const invalid = (message: string) => invalidField('base_url', message);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivateNetworks && url.protocol === 'http:')) throw invalid('must be an https: URL');
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') throw invalid('must not hold credentials, a query or a fragment');
  const refused = refusedTarget(url.href, allowPrivateNetworks);
  if (refused !== null) throw invalid(`${refused.replace(/^refused: /, 'is refused: ')} (allow private networks to reach it)`);
  return url.href.replace(/\/+$/, '');
}

/** `@` followed by a zero-width space: a mention of people's text that the tracker will not turn into a notification. */
export function defuseMentions(text: string): string {
  return text.replace(/@(?=[\w-])/g, '@\u200b');
}

/**
 * The issue a post becomes: its title, and a body that quotes the post (mentions defused, so
 * creating the issue notifies nobody), links back to it and says how a pull request names it.
 */
export function issueDraftFromPost(post: { id: number; title: string; body: string; url: string }, mentions: 'defuse' | 'keep'): IssueDraft {
  const text = mentions === 'defuse' ? defuseMentions(post.body) : post.body;
  const quoted = text.trim() === '' ? '' : `${text.trim()}\n\n`;
  return {
    title: post.title,
    body: `${quoted}---\nFrom feedback post [#fb-${post.id}](${post.url}). Name \`#fb-${post.id}\` in the pull request that implements it (\`Closes #fb-${post.id}\` proposes it as shipped when merged).`,
  };
}
