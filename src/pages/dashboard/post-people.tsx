/**
 * The people of a post on the dashboard: who wrote the post and each comment, blocking and
 * unblocking them, the team's own comments and replies (`is_admin: true`), and the board's posts
 * most like this one.
 */
import type { VoterRecord } from '../../domain/records.js';
import type { Board, Post } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { LabelBadge } from '../status-labels.js';
import type { Route } from '../route.js';
import { notFoundPage, page, redirect } from '../respond.js';
import { ImagesField, uploadRefusal, uploadsOf } from '../attachments.js';
import { change, counted, idOf } from './frame.js';

/** A voter who wrote something, and since when they are blocked (null while they are not). */
export interface Author {
  voter: VoterRecord;
  blockedAt: string | null;
}

/** The authors of the post and of its comments (team comments have none). */
export interface PostAuthors {
  post: Author | null;
  comments: Map<number, Author>;
}

/** Reads who wrote the post and each comment, and their blocks, in one read. */
export function postAuthors(ctx: PageContext, postId: number, commentIds: readonly number[]): Promise<PostAuthors> {
  return ctx.board.storage.transaction('read', async (tx) => {
    const postAuthorId = await tx.getPostAuthor(postId);
    const commentAuthorIds = new Map<number, number>();
    for (const id of commentIds) {
      const voterId = (await tx.getComment(id))?.voter_id;
      if (voterId != null) commentAuthorIds.set(id, voterId);
    }
    const ids = [...new Set([...(postAuthorId === null ? [] : [postAuthorId]), ...commentAuthorIds.values()])];
    const blocks = new Map((await tx.listVoterBlocks(ids)).map((b) => [b.voter_id, b.blocked_at]));
    const authors = new Map<number, Author>();
    for (const id of ids) {
      const voter = await tx.getVoter(id);
      if (voter) authors.set(id, { voter, blockedAt: blocks.get(id) ?? null });
    }
    const comments = new Map<number, Author>();
    for (const [commentId, voterId] of commentAuthorIds) {
      const author = authors.get(voterId);
      if (author) comments.set(commentId, author);
    }
    return { post: postAuthorId === null ? null : (authors.get(postAuthorId) ?? null), comments };
  });
}

/** A voter as the team's pages name them: "Ada (ada@example.com)", the name or the address alone, or "voter #7". */
export function voterLabel(voter: Pick<VoterRecord, 'id' | 'name' | 'email'>): string {
  if (voter.name && voter.email) return `${voter.name} (${voter.email})`;
  return voter.name || voter.email || `voter #${voter.id}`;
}

/** "by Ada (ada@example.com)", blocked or not, with Block or Unblock. */
export function AuthorTools(props: { ctx: PageContext; author: Author; postId: number }) {
  const { ctx, author, postId } = props;
  const { voter } = author;
  const who = voterLabel(voter);
  return (
    <PostForm ctx={ctx} action={`/dashboard/voters/${voter.id}/block`} class="row author" label={`Block ${who}`}>
      <span class="small">by {who}</span>
      {author.blockedAt ? <span class="badge status-declined">Blocked {day(author.blockedAt)}</span> : null}
      <input type="hidden" name="value" value={author.blockedAt ? 'no' : 'yes'} />
      <input type="hidden" name="post" value={String(postId)} />
      <button type="submit" class={author.blockedAt ? 'secondary' : 'danger'}>
        {author.blockedAt ? 'Unblock' : 'Block'}
        <span class="sr-only"> {who}</span>
      </button>
    </PostForm>
  );
}

/** The team's comment on the post, or its reply to `parentId`. */
export function TeamCommentForm(props: { ctx: PageContext; postId: number; parentId?: number }) {
  const { ctx, postId, parentId } = props;
  const id = parentId === undefined ? 'team-comment' : `team-reply-${parentId}`;
  const form = (
    <PostForm ctx={ctx} action={`/dashboard/posts/${postId}/comments`} label={parentId === undefined ? 'Comment as the team' : 'Reply as the team'} files>
      {parentId === undefined ? null : <input type="hidden" name="parent_comment_id" value={String(parentId)} />}
      <div class="field">
        <label for={id}>{parentId === undefined ? 'Comment as the team' : 'Your reply (shown with the Team badge)'}</label>
        <textarea id={id} name="body" required maxlength={10000} />
      </div>
      <ImagesField ctx={ctx} id={`${id}-images`} />
      <button type="submit">{parentId === undefined ? 'Post team comment' : 'Post team reply'}</button>
    </PostForm>
  );
  return parentId === undefined ? (
    <div class="card">{form}</div>
  ) : (
    <details>
      <summary>Reply as the team</summary>
      {form}
    </details>
  );
}

/** The board's other posts most like this one (the similar-posts service on its title). */
export async function similarToPost(ctx: PageContext, board: Board, post: Post): Promise<Post[]> {
  if (post.title.trim().length < 3) return [];
  const { posts } = await ctx.team.api.posts.similar(board.slug, { text: [...post.title.trim()].slice(0, 500).join(''), limit: '6' });
  return posts.map((p) => p.post).filter((p) => p.id !== post.id).slice(0, 5);
}

/** The similar posts as links to their dashboard pages. */
export function SimilarPostsList(props: { ctx: PageContext; posts: Post[] }) {
  const { ctx, posts } = props;
  return (
    <section aria-labelledby="similar">
      <h2 id="similar">Similar posts</h2>
      {posts.length === 0 ? <p class="muted">No other post of this board sounds alike.</p> : null}
      <ul class="plain">
        {posts.map((p) => (
          <li>
            <a href={ctx.href(`/dashboard/posts/${p.id}`)}>{p.title}</a>
            <span class="row">
              <LabelBadge label={p.status_label} status={p.status} />
              <span class="muted small count-text">{counted(p.vote_count, 'vote')}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** POST /dashboard/voters/{id}/block: `value` yes blocks, no unblocks; back to the post `post`. */
async function blockAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const voterId = idOf(id);
  const postId = idOf(form.get('post'));
  const value = form.get('value');
  if (voterId === null) return notFoundPage(ctx);
  const back = postId === null ? '/dashboard/posts' : `/dashboard/posts/${postId}`;
  if (value !== 'yes' && value !== 'no') return redirect(ctx, back, 'invalid');
  await (value === 'yes' ? ctx.team.voters.block(voterId) : ctx.team.voters.unblock(voterId));
  return redirect(ctx, back, value === 'yes' ? 'blocked' : 'unblocked');
}

/** POST /dashboard/posts/{id}/comments: a team comment, or a reply with `parent_comment_id`. */
async function teamCommentAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const parent = idOf(form.get('parent_comment_id'));
  const input = { body: String(form.get('body') ?? ''), ...(parent === null ? {} : { parent_comment_id: parent }) };
  const uploads = await uploadsOf(form);
  const back = `/dashboard/posts/${postId}`;
  let refusal: string | null = null;
  const answer = await change(ctx, back, 'commented', () =>
    ctx.team.comments.create(postId, input, uploads).catch((error: unknown) => {
      refusal = uploadRefusal(ctx, error);
      throw error;
    }),
  );
  if (refusal === null) return answer;
  return page(ctx, 'Comment not posted', <RefusedUpload ctx={ctx} back={back} message={refusal} />, { status: 422 });
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The refusal of a comment's images, with the way back. */
function RefusedUpload(props: { ctx: PageContext; back: string; message: string }) {
  return (
    <>
      <h1>Comment not posted</h1>
      <div class="notice error" role="alert">
        {props.message}
      </div>
      <a href={props.ctx.href(props.back)}>Back to the post</a>
    </>
  );
}

/** The routes of blocking and of the team's comments. */
export const postPeopleRoutes: Route[] = [
  { method: 'POST', pattern: path('/dashboard/voters/:p/block'), handler: (ctx, [id], form) => blockAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/posts/:p/comments'), handler: (ctx, [id], form) => teamCommentAction(ctx, id!, form), uploads: true },
];
