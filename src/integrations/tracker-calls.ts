/**
 * One face over the three issue trackers for the calls a post's links need: creating an issue
 * from a post, reading one by its URL, rebuilding a call's headers from its connection at each
 * attempt (so a rotated token is used at once), and reading the answer of either. The requests
 * and interpreters themselves are each provider's (github/, gitlab/, linear/).
 */
import type { IntegrationConnectionRecord, IntegrationProvider } from '../domain/integrations.js';
import { invalidField, type IssueDraft, type OutboundAnswer, type OutboundOutcome, type OutboundRequest, type TrackerIssue } from './outbound.js';
import { githubCreateIssueRequest, githubHeaders, githubReadIssueRequest, interpretGitHubIssueAnswer } from './github/requests.js';
import { gitlabCreateIssueRequest, gitlabHeaders, gitlabReadIssueRequest, interpretGitLabIssueAnswer } from './gitlab/requests.js';
import { interpretLinearIssueAnswer, linearCreateIssueRequest, linearHeaders, linearReadIssueRequest } from './linear/requests.js';

/** What a call to a tracker needs of its connection: where, in which repository, project or team, and with which token. */
export type TrackerSettings = Pick<IntegrationConnectionRecord, 'base_url' | 'target'> & { token: string };

/** The calls of a post's links: `create_issue` from the post, or `read_issue` to link an existing one. */
export type LinkPurpose = 'create_issue' | 'read_issue';

interface Tracker {
  create(settings: TrackerSettings, draft: IssueDraft): OutboundRequest;
  read(settings: TrackerSettings, url: string): OutboundRequest;
  headers(settings: TrackerSettings, withBody: boolean): Record<string, string>;
  interpret(answer: OutboundAnswer, purpose: LinkPurpose): OutboundOutcome<TrackerIssue>;
}

const TRACKERS: Readonly<Record<IntegrationProvider, Tracker>> = {
  github: {
    create: githubCreateIssueRequest,
    read: githubReadIssueRequest,
    headers: githubHeaders,
    interpret: (answer, purpose) => interpretGitHubIssueAnswer(answer, purpose === 'create_issue' ? 201 : 200),
  },
  gitlab: {
    create: gitlabCreateIssueRequest,
    read: gitlabReadIssueRequest,
    headers: gitlabHeaders,
    interpret: (answer, purpose) => interpretGitLabIssueAnswer(answer, purpose === 'create_issue' ? 201 : 200),
  },
  linear: {
    create: linearCreateIssueRequest,
    read: linearReadIssueRequest,
    headers: (settings) => linearHeaders(settings),
    interpret: (answer, purpose) => interpretLinearIssueAnswer(answer, purpose === 'create_issue' ? 'create' : 'read'),
  },
};

/** The connection's call settings; a connection without a token makes no outbound call (`validation_error` on `connection_id`). */
export function trackerSettings(connection: IntegrationConnectionRecord): TrackerSettings {
  if (connection.token === null) throw invalidField('connection_id', 'has no token for outbound calls: give the connection one to create or link issues');
  return { base_url: connection.base_url, target: connection.target, token: connection.token };
}

/** The request that creates an issue from `draft` through the connection; throws a `validation_error` when it cannot. */
export function createIssueRequest(connection: IntegrationConnectionRecord, draft: IssueDraft): OutboundRequest {
  return TRACKERS[connection.provider].create(trackerSettings(connection), draft);
}

/** The request that reads the issue at `url` through the connection; throws a `validation_error` naming `url` when it is not one of its issues. */
export function readIssueRequest(connection: IntegrationConnectionRecord, url: string): OutboundRequest {
  return TRACKERS[connection.provider].read(trackerSettings(connection), url);
}

/** The headers of a stored call, from the connection as it is now. */
export function trackerCallHeaders(connection: IntegrationConnectionRecord, withBody: boolean): Record<string, string> {
  return TRACKERS[connection.provider].headers(trackerSettings(connection), withBody);
}

/** What a tracker's answer to a link's call says: the issue, or why not and whether to try again. */
export function interpretIssueAnswer(provider: IntegrationProvider, purpose: LinkPurpose, answer: OutboundAnswer): OutboundOutcome<TrackerIssue> {
  return TRACKERS[provider].interpret(answer, purpose);
}
