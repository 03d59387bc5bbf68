/**
 * The dashboard's deleted posts (docs/deleted-posts.md): each post deleted in the last 30 days,
 * with its board, what it had, who deleted it and when it is purged, and a button that restores it
 * exactly as it was.
 */
import type { DeletedPost } from '../../domain/team-responses.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { notFoundPage } from '../respond.js';
import { change, counted, dashPage, idOf } from './frame.js';

/** Who deleted a post, as the team reads it. */
function deleter(by: DeletedPost['deleted_by']): string {
  if (by.kind === 'api_key') return by.label ? `the key “${by.label}”` : 'an API key';
  if (by.kind === 'team_member') return by.name ?? 'the team';
  if (by.kind === 'voter') return by.name ?? 'a voter';
  return 'the system';
}

/** GET /dashboard/deleted. */
export async function deletedPage(ctx: PageContext): Promise<Response> {
  const { deleted_posts: posts, total } = await ctx.team.api.posts.listDeleted({ limit: '500' });
  return dashPage(
    ctx,
    'deleted',
    'Deleted posts',
    <>
      <h1>Deleted posts</h1>
      <p class="lead">
        A deleted post is kept for 30 days with its votes, comments and attachments. Restoring it puts it back exactly as it was; after 30 days it is
        purged for good.
      </p>
      {total === 0 ? (
        <p class="card muted">No post was deleted in the last 30 days.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Post</th>
              <th scope="col">Board</th>
              <th scope="col">Deleted</th>
              <th scope="col">Purged on</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <tr>
                <td class="title">
                  <span class="user-text">{post.title}</span>
                  <br />
                  <span class="muted small">
                    {counted(post.vote_count, 'vote')} · {counted(post.comment_count, 'comment')}
                  </span>
                </td>
                <td>{post.board_slug}</td>
                <td>
                  {day(post.deleted_at)} by {deleter(post.deleted_by)}
                </td>
                <td>{day(post.purge_at)}</td>
                <td>
                  <PostForm ctx={ctx} action={`/dashboard/deleted/${post.id}/restore`} label={`Restore ${post.title}`}>
                    <button type="submit">Restore</button>
                  </PostForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > posts.length ? <p class="muted small">The {posts.length} most recent of {total} are shown.</p> : null}
    </>,
  );
}

/** POST /dashboard/deleted/{id}/restore: back to the restored post's page. */
export async function restoreAction(ctx: PageContext, id: string): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  return change(ctx, `/dashboard/posts/${postId}`, 'restored', () => ctx.team.posts.restore(postId));
}
