/**
 * Reading Linear's `Issue` events into intents. An issue moved into a state of type `completed`
 * proposes `shipped` for the posts linked to it, into a state of type `canceled` proposes
 * `declined` (except Linear's "Duplicate" state, which is of type `canceled` but declines
 * nothing); a move is an update whose `updatedFrom` holds the previous `stateId`, so editing an
 * issue that is already done proposes nothing again. Created or updated, the issue updates its
 * links' title and state (`completed` and `canceled` read as closed). Other events change nothing.
 *
 * With a connection's `target` (a team id), issues of other teams change nothing.
 */
import { LIMITS } from '../../domain/requests.js';
import { hasKey, stringAt } from '../payload.js';
import { clip, nothing, type DecisionContext, type InboundDecision, type IntegrationIntent, type ProposedStatus } from '../intents.js';

/** Whether a Linear workflow state type means the issue is finished. */
export function linearStateIsClosed(type: string | null): boolean {
  return type === 'completed' || type === 'canceled';
}

/** The status a move into this state proposes, or null. */
function proposedByState(type: string | null, name: string): ProposedStatus | null {
  if (type === 'completed') return 'shipped';
  return type === 'canceled' && name.trim().toLowerCase() !== 'duplicate' ? 'declined' : null;
}

/** What one Linear event asks for. */
export function decideLinearEvent(event: string, payload: Record<string, unknown>, context: DecisionContext): InboundDecision {
  if (stringAt(payload, 'type') !== 'Issue') return nothing(`${event} events change nothing`);
  const team = stringAt(payload, 'data', 'teamId') ?? stringAt(payload, 'data', 'team', 'id');
  if (context.target !== null && team !== context.target) return nothing(`an issue of team ${team ?? '?'}, not of ${context.target}`);
  const action = stringAt(payload, 'action') ?? '';
  const url = stringAt(payload, 'data', 'url') ?? stringAt(payload, 'url');
  const name = `issue ${stringAt(payload, 'data', 'identifier') ?? '?'}`;
  if (action !== 'create' && action !== 'update') return nothing(`${name} ${action || 'changed'}: no link changes`);
  if (url === null) return nothing(`${name} has no URL`);
  const type = stringAt(payload, 'data', 'state', 'type');
  const stateName = stringAt(payload, 'data', 'state', 'name') ?? type ?? '';
  const state = linearStateIsClosed(type) ? 'closed' : 'open';
  const title = stringAt(payload, 'data', 'title') ?? '';
  const intents: IntegrationIntent[] = [{ type: 'update_link', issue_url: url, title, state }];
  const moved = action === 'update' && hasKey(payload, 'stateId', 'updatedFrom');
  if (!moved) return { intents, summary: `${name} ${action}d: its links now read ${state}` };
  const status = proposedByState(type, stateName);
  if (status === null) return { intents, summary: `${name} moved to ${stateName}: nothing to propose` };
  intents.push({ type: 'propose_for_linked_issue', issue_url: url, status, note: clip(`${url} moved to ${stateName}: ${title}`, LIMITS.proposalNote) });
  return { intents, summary: `${name} moved to ${stateName}: proposes ${status} for its linked posts` };
}
