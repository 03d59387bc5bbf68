/**
 * Connected agents: the MCP clients a team member approved by OAuth (docs/mcp.md, "Connecting by
 * OAuth"), each with its scope, when it was approved and last used, and a revoke button. Revoking
 * ends the grant and its API key: the agent's next call is refused.
 */
import { listConnectedAgents, revokeGrant } from '../../services/oauth.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { oauthContext } from '../oauth-context.js';
import { notFoundPage, redirect } from '../respond.js';
import { dashPage, idOf } from './frame.js';

/** An instant to the minute, `2026-11-20 12:00 UTC`, or a dash. */
function minute(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}

export async function agentsPage(ctx: PageContext): Promise<Response> {
  const agents = await listConnectedAgents(oauthContext(ctx), ctx.options.organizationId);
  return dashPage(
    ctx,
    'agents',
    'Connected agents',
    <>
      <h1>Connected agents</h1>
      <p class="lead">Applications connected to MCP by OAuth, each approved by a team member. Revoke one to refuse its next call.</p>
      {agents.length === 0 ? (
        <p class="muted">No agent is connected.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Scope</th>
              <th scope="col">Approved</th>
              <th scope="col">Last used</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr>
                <td class="title">{agent.client_name}</td>
                <td>{agent.scope}</td>
                <td class="nowrap">{minute(agent.created_at)}</td>
                <td class="nowrap">{minute(agent.last_used_at)}</td>
                <td>
                  <PostForm ctx={ctx} action={`/dashboard/agents/${agent.id}/revoke`} label={`Revoke ${agent.client_name}`}>
                    <button type="submit" class="danger">
                      Revoke
                    </button>
                  </PostForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>,
  );
}

export async function revokeAgentAction(ctx: PageContext, id: string): Promise<Response> {
  const grantId = idOf(id);
  if (grantId === null) return notFoundPage(ctx);
  if (!(await revokeGrant(oauthContext(ctx), ctx.options.organizationId, grantId))) return notFoundPage(ctx);
  return redirect(ctx, '/dashboard/agents', 'agent_revoked');
}
