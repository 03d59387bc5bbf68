/**
 * The dashboard's first page: pending proposals, each with the proposing key, its note and the
 * post's evidence, to confirm (voters notified unless unticked) or reject.
 */
import type { StatusLabel } from '../../domain/statuses.js';
import type { Status } from '../../domain/team-responses.js';
import type { PendingProposal } from '../../services/team.js';
import type { PageContext } from '../context.js';
import { day, PostForm, StatusBadge } from '../layout.js';
import { LabelBadge } from '../status-labels.js';
import { notFoundPage } from '../respond.js';
import { change, counted, dashPage, idOf } from './frame.js';
import { PROVIDER_NAMES } from './integrations.js';

/**
 * A proposal names a category; confirmed, the post takes the category's default status (or keeps
 * its own label when it is already of that category), so that is the label the card shows.
 */
function proposedLabel(post: PendingProposal['post'], statuses: readonly Status[]): StatusLabel | undefined {
  const category = post.proposal!.status;
  if (post.status === category) return post.status_label;
  const fallback = statuses.find((s) => s.category === category && s.is_default);
  return fallback && { id: fallback.id, name: fallback.name, color: fallback.color };
}

function ProposalCard({ ctx, item, statuses }: { ctx: PageContext; item: PendingProposal; statuses: readonly Status[] }) {
  const { post, board, proposedBy, proposedByConnection: connection } = item;
  const proposal = post.proposal!;
  const to = proposedLabel(post, statuses);
  return (
    <article class="card proposal" aria-labelledby={`proposal-${post.id}`}>
      <p class="muted small">
        {board.name} · proposed {day(proposal.proposed_at)} by{' '}
        {proposedBy ? (
          <>
            the key <strong>{proposedBy.label || 'without label'}</strong> (<code>{proposedBy.prefix}…</code>, {proposedBy.scope})
          </>
        ) : connection ? (
          <>
            the <strong>{PROVIDER_NAMES[connection.provider]} connection #{connection.id}</strong>
            {connection.label !== PROVIDER_NAMES[connection.provider] ? ` (${connection.label})` : ''}
          </>
        ) : (
          'a key that no longer exists'
        )}
      </p>
      <h2 class="h3 user-text" id={`proposal-${post.id}`}>
        <a href={ctx.href(`/dashboard/posts/${post.id}`)}>{post.title}</a>
      </h2>
      <p class="row">
        <LabelBadge label={post.status_label} status={post.status} /> <span class="arrow" aria-label="to">→</span>{' '}
        {to ? <LabelBadge label={to} status={proposal.status} /> : <StatusBadge status={proposal.status} />}
        <span class="muted small">{counted(post.vote_count, 'voter')}</span>
      </p>
      {proposal.note ? (
        <div>
          <strong class="small">Note</strong>
          <p class="note">{proposal.note}</p>
        </div>
      ) : (
        <p class="muted small">No note.</p>
      )}
      <strong class="small">Evidence</strong>
      {post.implementation_evidence.length === 0 ? <p class="muted small">No evidence.</p> : null}
      <ul class="evidence">
        {post.implementation_evidence.map((e) => (
          <li>
            <span class="kind">{e.kind}</span>
            <span>
              {e.label ? <strong>{e.label} </strong> : null}
              <code>{e.ref}</code>
            </span>
          </li>
        ))}
      </ul>
      <div class="row end">
        <PostForm ctx={ctx} action={`/dashboard/proposals/${post.id}/reject`} class="inline" label={`Reject proposal for ${post.title}`}>
          <button type="submit" class="danger">
            Reject
          </button>
        </PostForm>
        <PostForm ctx={ctx} action={`/dashboard/proposals/${post.id}/confirm`} class="row" label={`Confirm proposal for ${post.title}`}>
          <label class="row">
            <input type="checkbox" name="notify" value="yes" checked /> Notify voters
          </label>
          <button type="submit">Confirm</button>
        </PostForm>
      </div>
    </article>
  );
}

export async function proposalsPage(ctx: PageContext): Promise<Response> {
  const [pending, { statuses }] = await Promise.all([ctx.team.proposals.list(), ctx.team.api.statuses.list()]);
  const labels = pending.flatMap((item) => [item.post.status_label, proposedLabel(item.post, statuses)].filter((label) => label !== undefined));
  return dashPage(
    ctx,
    'proposals',
    'Proposals',
    <>
      <h1>Pending proposals</h1>
      <p class="lead">Agents propose status changes; a person decides. Confirming applies the status exactly like an edit.</p>
      {pending.length === 0 ? <p class="card muted">Nothing to decide right now.</p> : null}
      {pending.map((item) => (
        <ProposalCard ctx={ctx} item={item} statuses={statuses} />
      ))}
    </>,
    200,
    labels,
  );
}

export async function confirmAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const notifyVoters = form.get('notify') === 'yes';
  return change(ctx, '/dashboard/proposals', 'confirmed', () => ctx.team.proposals.confirm(postId, { notifyVoters }));
}

export async function rejectAction(ctx: PageContext, id: string): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  return change(ctx, '/dashboard/proposals', 'rejected', () => ctx.team.proposals.reject(postId));
}
