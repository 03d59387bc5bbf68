/**
 * Reading GitHub's `pull_request` and `issues` events into intents:
 *
 * - a pull request closed as merged (`action: closed`, `merged: true`) whose title or body names
 *   posts adds evidence to each, and proposes `shipped` for those it says it closes;
 * - an issue closed as completed (`state_reason: completed`, or none, as older closes have)
 *   proposes `shipped` for the posts linked to it, closed as not planned proposes `declined`,
 *   closed as a duplicate proposes nothing; closed, reopened or edited, it updates the links'
 *   title and state (a reopened issue withdraws no proposal by itself);
 * - `ping` and every other event change nothing.
 *
 * With a connection's `target` (`owner/name`), events of other repositories change nothing.
 */
import { stringAt, numberAt, at } from '../payload.js';
import { clip, mergedRequestDecision, nothing, type DecisionContext, type InboundDecision, type IntegrationIntent, type ProposedStatus } from '../intents.js';
import { LIMITS } from '../../domain/requests.js';

/** What one GitHub event asks for. */
export function decideGitHubEvent(event: string, payload: Record<string, unknown>, context: DecisionContext): InboundDecision {
  if (event === 'ping') return nothing('ping: GitHub reached this connection');
  if (event !== 'pull_request' && event !== 'issues') return nothing(`${event} events change nothing`);
  const repository = stringAt(payload, 'repository', 'full_name') ?? '';
  if (context.target !== null && repository.toLowerCase() !== context.target.toLowerCase()) {
    return nothing(`an event of ${repository || 'another repository'}, not of ${context.target}`);
  }
  return event === 'pull_request' ? decidePullRequest(payload, context, repository) : decideIssue(payload, repository);
}

function decidePullRequest(payload: Record<string, unknown>, context: DecisionContext, repository: string): InboundDecision {
  const action = stringAt(payload, 'action') ?? '';
  const number = numberAt(payload, 'pull_request', 'number');
  const name = `pull request ${repository}#${number ?? '?'}`;
  if (action !== 'closed') return nothing(`${name} ${action || 'changed'}: only a merge counts`);
  if (at(payload, 'pull_request', 'merged') !== true) return nothing(`${name} closed without merging`);
  const url = stringAt(payload, 'pull_request', 'html_url');
  if (url === null) return nothing(`${name} has no URL`);
  const login = stringAt(payload, 'pull_request', 'user', 'login');
  return mergedRequestDecision(
    {
      name,
      url,
      title: stringAt(payload, 'pull_request', 'title') ?? '',
      body: stringAt(payload, 'pull_request', 'body') ?? '',
      byline: login ? `by @${login}` : '',
      fallback_key: `github:${stringAt(payload, 'pull_request', 'node_id') ?? url}`,
    },
    context,
  );
}

/** The status a closed issue proposes by its `state_reason`, or null for none. */
function proposedByReason(reason: string | null): ProposedStatus | null {
  if (reason === null || reason === 'completed') return 'shipped';
  return reason === 'not_planned' ? 'declined' : null;
}

function decideIssue(payload: Record<string, unknown>, repository: string): InboundDecision {
  const action = stringAt(payload, 'action') ?? '';
  const url = stringAt(payload, 'issue', 'html_url');
  const name = `issue ${repository}#${numberAt(payload, 'issue', 'number') ?? '?'}`;
  if (url === null) return nothing(`${name} has no URL`);
  if (action !== 'closed' && action !== 'reopened' && action !== 'edited') return nothing(`${name} ${action || 'changed'}: no link changes`);
  const title = stringAt(payload, 'issue', 'title') ?? '';
  const state = stringAt(payload, 'issue', 'state') === 'closed' ? 'closed' : 'open';
  const intents: IntegrationIntent[] = [{ type: 'update_link', issue_url: url, title, state }];
  if (action !== 'closed') return { intents, summary: `${name} ${action}: its links now read ${state}` };
  const reason = stringAt(payload, 'issue', 'state_reason');
  const status = proposedByReason(reason);
  if (status === null) return { intents, summary: `${name} closed as ${reason}: nothing to propose` };
  intents.push({ type: 'propose_for_linked_issue', issue_url: url, status, note: clip(`${url} was closed as ${reason === 'not_planned' ? 'not planned' : 'completed'}: ${title}`, LIMITS.proposalNote) });
  return { intents, summary: `${name} closed as ${reason ?? 'completed'}: proposes ${status} for its linked posts` };
}
