/**
 * Linear's GraphQL API, as data: the `issueCreate` mutation and the `issue` query (which takes an
 * identifier such as `ENG-123` as its id), posted to `https://api.linear.app/graphql` with the
 * connection's credential in `Authorization` (a personal API key, `lin_api_…`, as it is; an OAuth
 * access token after `Bearer`), as Linear's SDK sends them; and reading Linear's answers, whose
 * errors come as GraphQL `errors` with an `extensions.type` (the SDK's error types).
 */
import { at, stringAt } from '../payload.js';
import {
  INTEGRATION_USER_AGENT,
  answerJson,
  failedAnswer,
  invalidField as invalid,
  isRetryableStatus,
  unreadableSuccess,
  type IssueDraft,
  type OutboundAnswer,
  type OutboundOutcome,
  type OutboundRequest,
  type TrackerIssue,
} from '../outbound.js';
import { linearStateIsClosed } from './events.js';

/** Linear's GraphQL endpoint. */
export const LINEAR_API_URL = 'https://api.linear.app/graphql';

/** What a call to Linear needs of its connection. */
export interface LinearCallSettings {
  /** The GraphQL endpoint: {@link LINEAR_API_URL}. */
  base_url: string;
  /** The id of the team issues are created in. */
  target: string | null;
  /** A personal API key (`lin_api_…`) or an OAuth access token. */
  token: string;
}

const ISSUE_FIELDS = 'id identifier url title state { name type }';

/** The mutation that creates an issue, selecting what a post's link needs. */
export const LINEAR_ISSUE_CREATE = `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } } }`;
/** The query that reads an issue by its id or identifier. */
export const LINEAR_ISSUE = `query Issue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} } }`;

/** The headers of every call to Linear, rebuilt from the connection at each attempt: a personal key as it is, an OAuth token after `Bearer`. */
export function linearHeaders(settings: Pick<LinearCallSettings, 'token'>): Record<string, string> {
  const token = settings.token.trim();
  return {
    accept: 'application/json',
    authorization: token.startsWith('lin_api_') ? token : `Bearer ${token.replace(/^Bearer /, '')}`,
    'content-type': 'application/json',
    'user-agent': INTEGRATION_USER_AGENT,
  };
}

function request(settings: LinearCallSettings, query: string, variables: Record<string, unknown>): OutboundRequest {
  return { method: 'POST', url: settings.base_url, headers: linearHeaders(settings), body: JSON.stringify({ query, variables }) };
}

/** `issueCreate` in the connection's team, with the draft's body as the description. */
export function linearCreateIssueRequest(settings: LinearCallSettings, draft: IssueDraft): OutboundRequest {
  if (settings.target === null || !/^[\w-]{1,100}$/.test(settings.target)) throw invalid('target', 'must be the id of the Linear team issues are created in');
  return request(settings, LINEAR_ISSUE_CREATE, { input: { teamId: settings.target, title: draft.title, description: draft.body } });
}

/**
 * The `issue` query for an issue URL of Linear (`https://linear.app/{workspace}/issue/{IDENTIFIER}/{slug}`)
 * or an issue's identifier (`ENG-123`).
 */
export function linearReadIssueRequest(settings: LinearCallSettings, issueUrl: string): OutboundRequest {
  if (/^[A-Za-z0-9]{1,10}-[1-9]\d{0,9}$/.test(issueUrl)) return request(settings, LINEAR_ISSUE, { id: issueUrl.toUpperCase() });
  let url: URL;
  try {
    url = new URL(issueUrl);
  } catch {
    throw invalid('url', 'must be an absolute URL');
  }
  const match = url.origin === 'https://linear.app' ? /^\/[\w-]+\/issue\/([A-Za-z0-9]{1,10}-[1-9]\d{0,9})(?:\/[^/]*)?\/?$/.exec(url.pathname) : null;
  if (!match) throw invalid('url', 'must be a Linear issue URL (https://linear.app/{workspace}/issue/{identifier}) or its identifier (ENG-123)');
  return request(settings, LINEAR_ISSUE, { id: match[1]!.toUpperCase() });
}

/** Linear's error types (`extensions.type`) worth another attempt; every other type is final. */
const RETRIED_TYPES = new Set(['ratelimited', 'internal error', 'lock timeout', 'network error']);

/**
 * What Linear's answer to `issueCreate` (`create`) or `issue` (`read`) says: the issue, or why
 * not. GraphQL errors decide by their `extensions.type` (authentication error, forbidden, invalid
 * input… are final; ratelimited, internal error, lock timeout are retried); without one, the
 * HTTP status decides.
 */
export function interpretLinearIssueAnswer(answer: OutboundAnswer, operation: 'create' | 'read'): OutboundOutcome<TrackerIssue> {
  const json = answerJson(answer);
  const errors = at(json, 'errors');
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    const type = stringAt(first, 'extensions', 'type');
    const message = stringAt(first, 'extensions', 'userPresentableMessage') ?? stringAt(first, 'message') ?? 'an error';
    const retry = type !== null ? RETRIED_TYPES.has(type) : isRetryableStatus(answer.status);
    return failedAnswer(answer, 'Linear', `${type ? `${type}: ` : ''}${message}`.slice(0, 300), retry);
  }
  if (answer.status !== 200) return failedAnswer(answer, 'Linear', answer.status >= 300 && answer.status < 400 ? 'a redirect (not followed)' : '');
  const issue = operation === 'create' ? at(json, 'data', 'issueCreate', 'issue') : at(json, 'data', 'issue');
  if (operation === 'create' && at(json, 'data', 'issueCreate', 'success') !== true) return unreadableSuccess(answer, 'Linear');
  if (operation === 'read' && issue === null) return failedAnswer(answer, 'Linear', 'no such issue, or the key cannot see it', false);
  const url = stringAt(issue, 'url');
  const title = stringAt(issue, 'title');
  if (url === null || title === null) return unreadableSuccess(answer, 'Linear');
  return { ok: true, value: { url, title, state: linearStateIsClosed(stringAt(issue, 'state', 'type')) ? 'closed' : 'open' } };
}
