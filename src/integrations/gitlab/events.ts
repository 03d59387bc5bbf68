/**
 * Reading GitLab's merge request and issue events into intents, by the rules GitHub's follow:
 *
 * - a merge request event with `object_attributes.action: merge` whose title or description names
 *   posts adds evidence to each (labelled with who merged it: GitLab's payload names the user who
 *   acted, not the author), and proposes `shipped` for those it says it closes;
 * - an issue closed (`action: close`) proposes `shipped` for the posts linked to it, unless GitLab
 *   closed it as a duplicate or moved it (`duplicated_to_id`, `moved_to_id`): GitLab has no
 *   "not planned", so a GitLab issue never proposes `declined`; closed, reopened or updated, it
 *   updates the links' title and state;
 * - every other event (and work items other than issues) changes nothing.
 *
 * With a connection's `target` (a project path or numeric id), events of other projects change nothing.
 */
import { LIMITS } from '../../domain/requests.js';
import { at, idAt, stringAt } from '../payload.js';
import { clip, mergedRequestDecision, nothing, type DecisionContext, type InboundDecision, type IntegrationIntent } from '../intents.js';

/** What one GitLab event asks for. */
export function decideGitLabEvent(event: string, payload: Record<string, unknown>, context: DecisionContext): InboundDecision {
  const kind = stringAt(payload, 'object_kind');
  if (kind !== 'merge_request' && kind !== 'issue') return nothing(`${event} events change nothing`);
  const path = stringAt(payload, 'project', 'path_with_namespace') ?? '';
  const id = idAt(payload, 'project', 'id');
  if (context.target !== null && path.toLowerCase() !== context.target.toLowerCase() && id !== context.target) {
    return nothing(`an event of ${path || 'another project'}, not of ${context.target}`);
  }
  return kind === 'merge_request' ? decideMergeRequest(payload, context, path) : decideIssue(payload, path);
}

function decideMergeRequest(payload: Record<string, unknown>, context: DecisionContext, project: string): InboundDecision {
  const action = stringAt(payload, 'object_attributes', 'action') ?? '';
  const name = `merge request ${project}!${idAt(payload, 'object_attributes', 'iid') ?? '?'}`;
  if (action !== 'merge') return nothing(`${name} ${action || 'changed'}: only a merge counts`);
  const url = stringAt(payload, 'object_attributes', 'url');
  if (url === null) return nothing(`${name} has no URL`);
  const username = stringAt(payload, 'user', 'username');
  return mergedRequestDecision(
    {
      name,
      url,
      title: stringAt(payload, 'object_attributes', 'title') ?? '',
      body: stringAt(payload, 'object_attributes', 'description') ?? '',
      byline: username ? `merged by @${username}` : '',
      fallback_key: `gitlab:mr:${idAt(payload, 'object_attributes', 'id') ?? url}`,
    },
    context,
  );
}

function decideIssue(payload: Record<string, unknown>, project: string): InboundDecision {
  const action = stringAt(payload, 'object_attributes', 'action') ?? '';
  const url = stringAt(payload, 'object_attributes', 'url');
  const name = `issue ${project}#${idAt(payload, 'object_attributes', 'iid') ?? '?'}`;
  if (url === null) return nothing(`${name} has no URL`);
  if (action !== 'close' && action !== 'reopen' && action !== 'update') return nothing(`${name} ${action || 'changed'}: no link changes`);
  const title = stringAt(payload, 'object_attributes', 'title') ?? '';
  const state = stringAt(payload, 'object_attributes', 'state') === 'closed' ? 'closed' : 'open';
  const intents: IntegrationIntent[] = [{ type: 'update_link', issue_url: url, title, state }];
  if (action !== 'close') return { intents, summary: `${name} ${action === 'reopen' ? 'reopened' : 'updated'}: its links now read ${state}` };
  const duplicate = at(payload, 'object_attributes', 'duplicated_to_id');
  const moved = at(payload, 'object_attributes', 'moved_to_id');
  if ((duplicate !== null && duplicate !== undefined) || (moved !== null && moved !== undefined)) {
    return { intents, summary: `${name} closed as ${duplicate !== null && duplicate !== undefined ? 'a duplicate' : 'moved'}: nothing to propose` };
  }
  intents.push({ type: 'propose_for_linked_issue', issue_url: url, status: 'shipped', note: clip(`${url} was closed: ${title}`, LIMITS.proposalNote) });
  return { intents, summary: `${name} closed: proposes shipped for its linked posts` };
}
