/**
 * GitHub's REST API, as data: creating an issue (`POST /repos/{owner}/{repo}/issues`) and reading
 * one by its URL (`GET /repos/{owner}/{repo}/issues/{number}`), with the headers GitHub documents
 * (`Authorization: Bearer`, `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`, a
 * `User-Agent`), against `https://api.github.com` or a GitHub Enterprise Server's
 * `https://{host}/api/v3`; and reading GitHub's answers and errors.
 */
import { stringAt } from '../payload.js';
import {
  INTEGRATION_USER_AGENT,
  answerJson,
  failedAnswer,
  invalidField as invalid,
  unreadableSuccess,
  type IssueDraft,
  type OutboundAnswer,
  type OutboundOutcome,
  type OutboundRequest,
  type TrackerIssue,
} from '../outbound.js';

/** GitHub.com's API root. */
export const GITHUB_API_URL = 'https://api.github.com';
/** The REST API version every request asks for. */
export const GITHUB_API_VERSION = '2022-11-28';

/** What a call to GitHub needs of its connection. */
export interface GitHubCallSettings {
  /** `https://api.github.com`, or `https://{host}/api/v3` for GitHub Enterprise Server. */
  base_url: string;
  /** The repository issues are created in, `owner/name`. */
  target: string | null;
  token: string;
}

const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;

/** The headers of every call to GitHub, rebuilt from the connection at each attempt. */
export function githubHeaders(settings: Pick<GitHubCallSettings, 'token'>, withBody: boolean): Record<string, string> {
  return {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${settings.token}`,
    'x-github-api-version': GITHUB_API_VERSION,
    'user-agent': INTEGRATION_USER_AGENT,
    ...(withBody ? { 'content-type': 'application/json' } : {}),
  };
}

/** The web root whose URLs name this connection's issues: github.com, or the Enterprise host. */
export function githubWebUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  return `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, '').replace(/\/+$/, '')}`;
}

/** `POST /repos/{owner}/{repo}/issues` with the draft's title and body. */
export function githubCreateIssueRequest(settings: GitHubCallSettings, draft: IssueDraft): OutboundRequest {
  if (settings.target === null || !REPOSITORY.test(settings.target)) throw invalid('target', 'must name the repository issues are created in, as owner/name');
  return {
    method: 'POST',
    url: `${settings.base_url}/repos/${settings.target}/issues`,
    headers: githubHeaders(settings, true),
    body: JSON.stringify({ title: draft.title, body: draft.body }),
  };
}

/** An issue's key: `#12` (or `12`) in the connection's repository, or `owner/name#12`. */
const ISSUE_KEY = /^(?:([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100})#|#)?([1-9]\d{0,9})$/;

/**
 * `GET /repos/{owner}/{repo}/issues/{number}` for an issue URL of this connection's web root
 * (`https://github.com/{owner}/{repo}/issues/{number}`) or an issue's key (`#12`,
 * `owner/name#12`), and of its repository when it has one.
 */
export function githubReadIssueRequest(settings: GitHubCallSettings, issueUrl: string): OutboundRequest {
  const web = githubWebUrl(settings.base_url);
  const key = ISSUE_KEY.exec(issueUrl);
  const repository = key ? (key[1] ?? settings.target) : null;
  if (key && repository === null) throw invalid('url', 'names no repository, and the connection has none: give owner/name#number or the issue URL');
  let url: URL;
  try {
    url = new URL(key ? `${web}/${repository}/issues/${key[2]}` : issueUrl);
  } catch {
    throw invalid('url', 'must be an absolute URL');
  }
  const path = `${url.origin}${url.pathname}`;
  const rest = path.startsWith(`${web}/`) ? path.slice(web.length) : '';
  const match = /^\/([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100})\/issues\/([1-9]\d{0,9})\/?$/.exec(rest);
  if (!match) throw invalid('url', `must be an issue URL of ${web} (${web}/{owner}/{repo}/issues/{number}) or an issue's key (#12, owner/repo#12)`);
  if (settings.target !== null && match[1]!.toLowerCase() !== settings.target.toLowerCase()) throw invalid('url', `must be an issue of ${settings.target}`);
  return { method: 'GET', url: `${settings.base_url}/repos/${match[1]}/issues/${match[2]}`, headers: githubHeaders(settings, false), body: null };
}

/** GitHub's `message` and its validation errors, in one line. */
function githubSays(answer: OutboundAnswer): string {
  const json = answerJson(answer);
  const message = stringAt(json, 'message') ?? '';
  const errors = (Array.isArray((json as { errors?: unknown })?.errors) ? (json as { errors: unknown[] }).errors : [])
    .map((error) => (typeof error === 'string' ? error : [stringAt(error, 'field'), stringAt(error, 'code'), stringAt(error, 'message')].filter(Boolean).join(' ')))
    .filter((text) => text !== '');
  return [message, ...errors].filter(Boolean).join('; ').slice(0, 300);
}

/**
 * What GitHub's answer to a creation (201) or a read (200) says: the issue, or why not. A
 * primary rate limit (403 or 429 with `x-ratelimit-remaining: 0`) retries at `x-ratelimit-reset`;
 * a secondary one (403 with `Retry-After`) after it; any other 403, 401 (bad credentials), 404
 * (no such repository or issue, or the token cannot see it), 410 (issues disabled) and 422
 * (validation failed) are final.
 */
export function interpretGitHubIssueAnswer(answer: OutboundAnswer, success: 200 | 201): OutboundOutcome<TrackerIssue> {
  if (answer.status === success) {
    const json = answerJson(answer);
    const url = stringAt(json, 'html_url');
    const title = stringAt(json, 'title');
    const state = stringAt(json, 'state');
    if (url === null || title === null || (state !== 'open' && state !== 'closed')) return unreadableSuccess(answer, 'GitHub');
    return { ok: true, value: { url, title, state } };
  }
  const said = githubSays(answer);
  if ((answer.status === 403 || answer.status === 429) && answer.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(answer.headers.get('x-ratelimit-reset'));
    const wait = Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - answer.received_at) : null;
    return { ...failedAnswer(answer, 'GitHub', said || 'rate limit exceeded', true), retry_after_ms: wait };
  }
  if (answer.status === 403 && answer.headers.has('retry-after')) return failedAnswer(answer, 'GitHub', said || 'secondary rate limit', true);
  if (answer.status >= 300 && answer.status < 400) return failedAnswer(answer, 'GitHub', `a redirect to ${answer.headers.get('location') ?? 'elsewhere'} (not followed: link the issue by its new URL)`, false);
  return failedAnswer(answer, 'GitHub', said);
}
