/**
 * A post's history on the dashboard: its activity log, newest first, each entry with what
 * happened, who did it (an API key by label and prefix, the OAuth client acting through one, a
 * team member, a voter) and when (`<time datetime>`). The post's page shows the 50 newest with a
 * link to the older ones, which `/dashboard/posts/{id}/history?before=N` pages through.
 */
import type { ActivityActor, ActivityEntry, ActivityPage } from '../../services/activity.js';
import type { PageContext } from '../context.js';
import { day, StatusBadge } from '../layout.js';
import type { Route } from '../route.js';
import { notFoundPage } from '../respond.js';
import { dashPage, idOf } from './frame.js';
import { PROVIDER_NAMES } from './integrations.js';
import { voterLabel } from './post-people.js';

/** The organization's voters among the entries' actors, by id, named as the post's page names its author. */
export function historyVoters(ctx: PageContext, page: ActivityPage): Promise<Map<number, string>> {
  const ids = new Set(page.entries.flatMap((entry) => (entry.actor.kind === 'voter' ? [entry.actor.id] : [])));
  return ctx.board.storage.transaction('read', async (tx) => {
    const names = new Map<number, string>();
    for (const id of ids) {
      const voter = await tx.getVoter(id);
      if (voter?.organization_id === ctx.team.organizationId && (voter.name || voter.email)) names.set(id, voterLabel(voter));
    }
    return names;
  });
}

/** The actor as a person reads it; a key, member, voter or connection deleted since shows its id. */
function Actor({ actor, voters }: { actor: ActivityActor; voters: ReadonlyMap<number, string> }) {
  switch (actor.kind) {
    case 'api_key':
      if (actor.label === null) return <>API key #{actor.id}</>;
      return actor.oauth_client !== null ? (
        <>
          OAuth client <strong>{actor.oauth_client}</strong> (key <code>{actor.prefix}</code>)
        </>
      ) : (
        <>
          API key <strong>{actor.label}</strong> (<code>{actor.prefix}</code>)
        </>
      );
    case 'team_member':
      return actor.id === null ? <>The team</> : <strong>{actor.name ?? `Team member #${actor.id}`}</strong>;
    case 'voter': {
      const name = voters.get(actor.id);
      return <>Voter {name === undefined ? `#${actor.id}` : <strong class="user-text">{name}</strong>}</>;
    }
    case 'connection':
      return (
        <>
          <strong>{actor.provider === null ? 'Connection' : `${PROVIDER_NAMES[actor.provider]} connection`} #{actor.id}</strong>
          {actor.label !== null && actor.provider !== null && actor.label !== PROVIDER_NAMES[actor.provider] ? <> ({actor.label})</> : null}
        </>
      );
    default:
      return <>The system</>;
  }
}

/** The key whose proposal was decided. */
function Proposer({ entry }: { entry: ActivityEntry }) {
  return entry.proposed_by ? <Actor actor={entry.proposed_by} voters={new Map()} /> : <>key #{entry.key_id}</>;
}

/** The other post of a merge, linked to its dashboard page. */
function PostLink({ ctx, id }: { ctx: PageContext; id: number | undefined }) {
  return id === undefined ? null : <a href={ctx.href(`/dashboard/posts/${id}`)}>#{id}</a>;
}

/** What happened, in words. */
function What({ ctx, entry }: { ctx: PageContext; entry: ActivityEntry }) {
  const to = entry.to ? <StatusBadge status={entry.to} /> : null;
  const from = entry.from ? <StatusBadge status={entry.from} /> : null;
  switch (entry.kind) {
    case 'created':
      return <>created the post{to ? <> as {to}</> : null}</>;
    case 'approved':
      return <>approved the post (moderation)</>;
    case 'edited':
      return <>edited {(entry.fields ?? []).join(', ').replace(/_/g, ' ')}</>;
    case 'status_changed':
      return <>changed the status from {from} to {to}</>;
    case 'proposal_made':
      return <>proposed {to}{entry.note ? <> — “{entry.note}”</> : null}</>;
    case 'proposal_confirmed':
      return <>confirmed the proposal of <Proposer entry={entry} />: {from} to {to}</>;
    case 'proposal_rejected':
      return <>rejected the proposal of <Proposer entry={entry} /> for {to}</>;
    case 'claimed':
      return <>claimed the post</>;
    case 'released':
      return <>released the claim</>;
    case 'evidence_added':
      return <>added evidence</>;
    case 'merged_into':
      return <>merged the post into <PostLink ctx={ctx} id={entry.other_post_id} /></>;
    case 'merge_received':
      return <>merged <PostLink ctx={ctx} id={entry.other_post_id} /> into this post</>;
    case 'unmerged':
      return <>undid the merge into <PostLink ctx={ctx} id={entry.other_post_id} /></>;
    case 'merge_undone':
      return <>undid the merge of <PostLink ctx={ctx} id={entry.other_post_id} /> into this post</>;
    case 'hidden':
      return <>hid the post from the public</>;
    case 'shown':
      return <>showed the post publicly again</>;
    case 'team_commented':
      return <>commented as the team</>;
    case 'voted_on_behalf':
      return <>voted on behalf of the company {entry.company_id}</>;
    case 'vote_on_behalf_withdrawn':
      return <>withdrew the vote on behalf of the company {entry.company_id}</>;
    case 'deleted':
      return <>deleted the post</>;
    case 'restored':
      return <>restored the deleted post</>;
  }
}

/** Day and UTC time of an ISO timestamp. */
const when = (iso: string) => `${day(iso)}, ${iso.slice(11, 16)} UTC`;

/** The entries of one page of a post's history (its voters named by {@link historyVoters}), and the link to the older ones. */
export function PostHistory(props: { ctx: PageContext; postId: number; page: ActivityPage; voters: ReadonlyMap<number, string> }) {
  const { ctx, postId, page, voters } = props;
  return (
    <section aria-labelledby="history">
      <h2 id="history">History</h2>
      {page.entries.length === 0 ? (
        <p class="muted">Nothing recorded yet.</p>
      ) : (
        <ol class="history">
          {page.entries.map((entry) => (
            <li>
              <time datetime={entry.at}>{when(entry.at)}</time> · <Actor actor={entry.actor} voters={voters} /> <What ctx={ctx} entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {page.next_before === null ? null : (
        <p>
          <a href={ctx.href(`/dashboard/posts/${postId}/history?before=${page.next_before}`)}>Older entries →</a>
        </p>
      )}
    </section>
  );
}

/** GET /dashboard/posts/{id}/history?before=N: the 50 entries older than entry N. */
async function historyPage(ctx: PageContext, id: string): Promise<Response> {
  const postId = idOf(id);
  const before = ctx.url.searchParams.get('before');
  if (postId === null || (before !== null && idOf(before) === null)) return notFoundPage(ctx);
  const page = await ctx.team.posts.activity(postId, before === null ? {} : { before });
  const voters = await historyVoters(ctx, page);
  return dashPage(
    ctx,
    'posts',
    `History of post #${postId}`,
    <>
      <p class="small">
        <a href={ctx.href(`/dashboard/posts/${postId}`)}>← Post #{postId}</a>
      </p>
      <PostHistory ctx={ctx} postId={postId} page={page} voters={voters} />
    </>,
  );
}

/** The route of a post's older history. */
export const postHistoryRoutes: Route[] = [
  { method: 'GET', pattern: /^\/dashboard\/posts\/([^/]+)\/history$/, handler: (ctx, [id]) => historyPage(ctx, id!) },
];
