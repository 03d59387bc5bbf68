/**
 * GitLab's REST API (v4), as data: creating an issue (`POST /api/v4/projects/:id/issues`) and
 * reading one by its URL (`GET /api/v4/projects/:id/issues/:issue_iid`), authenticated by the
 * `PRIVATE-TOKEN` header, against gitlab.com or a self-hosted GitLab's root (which may sit under a
 * path, `https://example.com/gitlab`); and reading GitLab's answers and errors.
 */
import { idAt, stringAt } from '../payload.js';
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

/** gitlab.com's root. */
export const GITLAB_URL = 'https://gitlab.com';

/** What a call to GitLab needs of its connection. */
export interface GitLabCallSettings {
  /** The GitLab root: `https://gitlab.com`, or a self-hosted one's. */
  base_url: string;
  /** The project issues are created in: its path (`group/subgroup/project`) or numeric id. */
  target: string | null;
  token: string;
}

const PROJECT_PATH = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_.][A-Za-z0-9_.-]*)+$/;
/** An issue's key: `#12` (or `12`) in the connection's project, or `group/project#12`. */
const ISSUE_KEY = /^(?:([A-Za-z0-9_.][A-Za-z0-9_./-]*)#|#)?([1-9]\d{0,9})$/;

/** The headers of every call to GitLab, rebuilt from the connection at each attempt. */
export function gitlabHeaders(settings: Pick<GitLabCallSettings, 'token'>, withBody: boolean): Record<string, string> {
  return {
    accept: 'application/json',
    'private-token': settings.token,
    'user-agent': INTEGRATION_USER_AGENT,
    ...(withBody ? { 'content-type': 'application/json' } : {}),
  };
}

/** The `:id` of a project in an API path: a numeric id as it is, a path URL-encoded (`/` as `%2F`). */
function projectId(project: string): string {
  return /^\d+$/.test(project) ? project : encodeURIComponent(project);
}

/** `POST /api/v4/projects/:id/issues` with the draft's title, and its body as the description. */
export function gitlabCreateIssueRequest(settings: GitLabCallSettings, draft: IssueDraft): OutboundRequest {
  const target = settings.target;
  if (target === null || !(/^\d+$/.test(target) || PROJECT_PATH.test(target))) {
    throw invalid('target', 'must name the project issues are created in, by its path (group/project) or numeric id');
  }
  return {
    method: 'POST',
    url: `${settings.base_url}/api/v4/projects/${projectId(target)}/issues`,
    headers: gitlabHeaders(settings, true),
    body: JSON.stringify({ title: draft.title, description: draft.body }),
  };
}

/**
 * `GET /api/v4/projects/:id/issues/:issue_iid` for an issue URL of this GitLab
 * (`{root}/{project path}/-/issues/{iid}`, or the older `/issues/{iid}` and the newer
 * `/-/work_items/{iid}`) or an issue's key (`#12` in the connection's project when it names one
 * by path, `group/project#12`), and of the connection's project when it names one by path.
 */
export function gitlabReadIssueRequest(settings: GitLabCallSettings, issueUrl: string): OutboundRequest {
  const key = ISSUE_KEY.exec(issueUrl);
  const project = key ? (key[1] ?? (settings.target !== null && PROJECT_PATH.test(settings.target) ? settings.target : null)) : null;
  if (key && project === null) throw invalid('url', 'names no project, and the connection names none by its path: give group/project#iid or the issue URL');
  let url: URL;
  try {
    url = new URL(key ? `${settings.base_url}/${project}/-/issues/${key[2]}` : issueUrl);
  } catch {
    throw invalid('url', 'must be an absolute URL');
  }
  const path = `${url.origin}${url.pathname}`;
  const rest = path.startsWith(`${settings.base_url}/`) ? path.slice(settings.base_url.length) : '';
  const match = /^\/(.+?)(?:\/-)?\/(?:issues|work_items)\/([1-9]\d{0,9})\/?$/.exec(rest);
  if (!match || !PROJECT_PATH.test(match[1]!)) throw invalid('url', `must be an issue URL of ${settings.base_url} (${settings.base_url}/{group}/{project}/-/issues/{iid}) or an issue's key (#12, group/project#12)`);
  const target = settings.target;
  if (target !== null && !/^\d+$/.test(target) && target.toLowerCase() !== match[1]!.toLowerCase()) throw invalid('url', `must be an issue of ${target}`);
  return { method: 'GET', url: `${settings.base_url}/api/v4/projects/${projectId(match[1]!)}/issues/${match[2]}`, headers: gitlabHeaders(settings, false), body: null };
}

/** GitLab's `message` or `error`: a string, or an object of field messages. */
function gitlabSays(answer: OutboundAnswer): string {
  const json = answerJson(answer);
  const message = (json as { message?: unknown } | undefined)?.message;
  if (typeof message === 'object' && message !== null) {
    return Object.entries(message)
      .map(([field, problems]) => `${field} ${Array.isArray(problems) ? problems.join(', ') : String(problems)}`)
      .join('; ')
      .slice(0, 300);
  }
  return (typeof message === 'string' ? message : (stringAt(json, 'error') ?? '')).slice(0, 300);
}

/**
 * What GitLab's answer to a creation (201) or a read (200) says: the issue, or why not. 400 (a
 * missing or invalid field), 401 (bad token), 403, 404 (no such project or issue, or the token
 * cannot see it) and 422 are final; 429 and 5xx are retried.
 */
export function interpretGitLabIssueAnswer(answer: OutboundAnswer, success: 200 | 201): OutboundOutcome<TrackerIssue> {
  if (answer.status === success) {
    const json = answerJson(answer);
    const url = stringAt(json, 'web_url');
    const title = stringAt(json, 'title');
    const state = stringAt(json, 'state');
    if (url === null || title === null || idAt(json, 'iid') === null || (state !== 'opened' && state !== 'closed')) return unreadableSuccess(answer, 'GitLab');
    return { ok: true, value: { url, title, state: state === 'opened' ? 'open' : 'closed' } };
  }
  if (answer.status >= 300 && answer.status < 400) return failedAnswer(answer, 'GitLab', `a redirect to ${answer.headers.get('location') ?? 'elsewhere'} (not followed: check the base URL)`, false);
  return failedAnswer(answer, 'GitLab', gitlabSays(answer));
}
