/**
 * Testing a connection, as data: one call that shows whether the connection reaches its tracker
 * with its token, and the tracker's answer in a sentence. GitHub: `GET /repos/{owner}/{repo}`
 * (the repository the connection names); GitLab: `GET /api/v4/projects/:id`; Linear: the
 * `viewer` query. Nothing here sends the call.
 */
import type { IntegrationConnectionRecord, IntegrationProvider } from '../domain/integrations.js';
import { at, stringAt } from './payload.js';
import { answerJson, invalidField, type OutboundAnswer, type OutboundRequest } from './outbound.js';
import { githubHeaders } from './github/requests.js';
import { gitlabHeaders } from './gitlab/requests.js';
import { linearHeaders } from './linear/requests.js';
import { trackerSettings } from './tracker-calls.js';

/** The tracker's answer to a test: whether it worked, its status (null when none came) and what it said. */
export interface ConnectionTestAnswer {
  ok: boolean;
  status: number | null;
  message: string;
}

/** The query a Linear test sends: who the key is. */
export const LINEAR_VIEWER = 'query Viewer { viewer { id name email } }';

const NAMES: Readonly<Record<IntegrationProvider, string>> = { github: 'GitHub', gitlab: 'GitLab', linear: 'Linear' };

/** The request that tests the connection; a `validation_error` when it names nothing to test or has no token. */
export function connectionTestRequest(connection: IntegrationConnectionRecord): OutboundRequest {
  const settings = trackerSettings(connection);
  if (connection.provider === 'linear') {
    return { method: 'POST', url: settings.base_url, headers: linearHeaders(settings), body: JSON.stringify({ query: LINEAR_VIEWER, variables: {} }) };
  }
  if (settings.target === null) throw invalidField('target', `is required to test the connection: name the ${connection.provider === 'github' ? 'repository (owner/name)' : 'project'}`);
  if (connection.provider === 'github') {
    return { method: 'GET', url: `${settings.base_url}/repos/${settings.target.split('/').map(encodeURIComponent).join('/')}`, headers: githubHeaders(settings, false), body: null };
  }
  const project = /^\d+$/.test(settings.target) ? settings.target : encodeURIComponent(settings.target);
  return { method: 'GET', url: `${settings.base_url}/api/v4/projects/${project}`, headers: gitlabHeaders(settings, false), body: null };
}

/** What the tracker said, in its own words where it gave some. */
function said(provider: IntegrationProvider, json: unknown): string {
  if (provider === 'linear') {
    const errors = at(json, 'errors');
    return Array.isArray(errors) ? (stringAt(errors[0], 'extensions', 'userPresentableMessage') ?? stringAt(errors[0], 'message') ?? '') : '';
  }
  return stringAt(json, 'message') ?? stringAt(json, 'error') ?? '';
}

/** Reads the tracker's answer to a test into a sentence for the dashboard. */
export function interpretConnectionTest(provider: IntegrationProvider, answer: OutboundAnswer): ConnectionTestAnswer {
  const name = NAMES[provider];
  const json = answerJson(answer);
  const words = said(provider, json).slice(0, 200);
  if (answer.status === 200 && words === '') {
    const reached =
      provider === 'github' ? stringAt(json, 'full_name') : provider === 'gitlab' ? stringAt(json, 'path_with_namespace') : stringAt(json, 'data', 'viewer', 'name');
    if (reached !== null) return { ok: true, status: 200, message: provider === 'linear' ? `${name} knows the key as ${reached}` : `${name} answered with ${reached}` };
  }
  if (answer.status >= 300 && answer.status < 400) return { ok: false, status: answer.status, message: `${name} answered ${answer.status}: a redirect to ${answer.headers.get('location') ?? 'elsewhere'} (not followed: check the base URL)` };
  const detail = words || (answer.status === 200 ? 'an answer this package cannot read' : answer.body.trim().slice(0, 200));
  return { ok: false, status: answer.status, message: `${name} answered ${answer.status}${detail ? `: ${detail}` : ''}` };
}
