/**
 * The dashboard's inbox (docs/pages.md, "Moderation"): voters' posts waiting for approval, each
 * to approve (it appears, and `post.created` fires) or reject with an optional reason, mailed to
 * its author through the configured mailer; the posts rejected so far; and, per board, the
 * setting "new posts from voters wait for approval".
 */
import { Markdown } from '../markdown.js';
import type { Attachment } from '../../domain/responses.js';
import { AttachmentList } from '../attachments.js';
import { TEAM_ATTACHMENTS_PREFIX } from '../attachment-files.js';
import type { HeldPost } from '../../domain/held-posts.js';
import { MAX_REJECTION_REASON } from '../../domain/held-posts.js';
import type { Board } from '../../domain/responses.js';
import { rejectionMail } from '../../mail/moderation.js';
import { localeOfTag } from '../../i18n/locales.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { notFoundPage } from '../respond.js';
import { change, dashPage, idOf } from './frame.js';

function WaitingCard(props: { ctx: PageContext; post: HeldPost; board: Board | undefined; author: string; images: Attachment[] }) {
  const { ctx, post, board, author } = props;
  return (
    <article class="card" aria-labelledby={`held-${post.id}`}>
      <p class="muted small">
        {board?.name ?? 'A board'} · submitted {day(post.created_at)} by {author}
      </p>
      <h2 class="h3 user-text" id={`held-${post.id}`}>
        {post.title}
      </h2>
      {post.body ? <Markdown text={post.body} /> : <p class="muted small">No details.</p>}
      <AttachmentList ctx={ctx} attachments={props.images} under={TEAM_ATTACHMENTS_PREFIX} />
      {post.tags.length > 0 ? (
        <p class="meta">
          {post.tags.map((tag) => (
            <span class="badge tag">{tag.name}</span>
          ))}
        </p>
      ) : null}
      <div class="decide">
        <PostForm ctx={ctx} action={`/dashboard/inbox/${post.id}/reject`} class="reject" label={`Reject ${post.title}`}>
          <div class="field">
            <label for={`reason-${post.id}`}>Reason (optional, mailed to the author)</label>
            <input id={`reason-${post.id}`} name="reason" maxlength={MAX_REJECTION_REASON} />
          </div>
          <button type="submit" class="danger">
            Reject
          </button>
        </PostForm>
        <PostForm ctx={ctx} action={`/dashboard/inbox/${post.id}/approve`} class="inline" label={`Approve ${post.title}`}>
          <button type="submit">Approve</button>
        </PostForm>
      </div>
    </article>
  );
}

/** GET /dashboard/inbox. */
export async function inboxPage(ctx: PageContext): Promise<Response> {
  const [waiting, rejected, { boards }] = await Promise.all([
    ctx.team.moderation.list('waiting'),
    ctx.team.moderation.list('rejected'),
    ctx.team.api.boards.list(),
  ]);
  const boardsById = new Map(boards.map((board) => [board.id, board]));
  const moderated = await Promise.all(boards.map((board) => ctx.team.boards.moderated(board.slug)));
  const authors = new Map<number, string>();
  const images = new Map(await Promise.all(waiting.map(async (post) => [post.id, await ctx.team.attachments.ofHeldPost(post.id)] as const)));
  for (const post of waiting) {
    const voter = await ctx.board.storage.transaction('read', (tx) => tx.getVoter(post.voter_id));
    authors.set(post.id, voter ? voter.name || voter.email || 'a voter' : 'a voter');
  }
  return dashPage(
    ctx,
    'inbox',
    'Inbox',
    <>
      <h1>Inbox</h1>
      <p class="lead">Posts from voters on moderated boards wait here. Approving lists the post; a rejected post is kept here and never listed.</p>
      {waiting.length === 0 ? <p class="card muted">Nothing waits for approval.</p> : null}
      {waiting.map((post) => (
        <WaitingCard ctx={ctx} post={post} board={boardsById.get(post.board_id)} author={authors.get(post.id)!} images={images.get(post.id)!} />
      ))}
      <h2>Board settings</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Board</th>
            <th scope="col">New posts from voters</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {boards.map((board, i) => (
            <tr>
              <td class="title">{board.name}</td>
              <td>{moderated[i] ? 'Wait for approval' : 'Appear at once'}</td>
              <td>
                <PostForm ctx={ctx} action={`/dashboard/boards/${encodeURIComponent(board.slug)}/moderation`} label={`Moderation of ${board.name}`}>
                  <input type="hidden" name="moderated" value={moderated[i] ? 'no' : 'yes'} />
                  <button type="submit" class="secondary">
                    {moderated[i] ? 'Stop holding new posts' : 'Hold new posts for approval'}
                  </button>
                </PostForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Rejected</h2>
      {rejected.length === 0 ? <p class="muted">No post was rejected.</p> : null}
      <ul class="plain">
        {rejected.map((post) => (
          <li>
            <strong>{post.title}</strong> <span class="badge approval-rejected">Rejected</span>{' '}
            <span class="muted small">
              {day(post.decided_at)}
              {post.reason ? ` · ${post.reason}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </>,
  );
}

/** POST /dashboard/inbox/{id}/approve. */
export async function approveAction(ctx: PageContext, id: string): Promise<Response> {
  const heldId = idOf(id);
  if (heldId === null) return notFoundPage(ctx);
  const memberId = ctx.member?.id;
  return change(ctx, '/dashboard/inbox', 'approved', () => ctx.team.moderation.approve(heldId, memberId === undefined ? {} : { memberId }));
}

/** POST /dashboard/inbox/{id}/reject: the reason, when given and the author has an address, is mailed to them. */
export async function rejectAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const heldId = idOf(id);
  if (heldId === null) return notFoundPage(ctx);
  const reason = String(form.get('reason') ?? '');
  const memberId = ctx.member?.id;
  return change(ctx, '/dashboard/inbox', 'post_rejected', async () => {
    const { post, author } = await ctx.team.moderation.reject(heldId, memberId === undefined ? { reason } : { reason, memberId });
    const board = (await ctx.team.api.boards.list()).boards.find((b) => b.id === post.board_id);
    const mail = rejectionMail({ to: author.email, voterName: author.name, postTitle: post.title, boardName: board?.name ?? ctx.siteName, reason: post.reason, productName: ctx.siteName, locale: localeOfTag(author.locale) ?? ctx.options.mailLocale });
    // The rejection stands whether or not the mail goes out: a mail server's failure is logged.
    if (mail && ctx.options.mailer) {
      await ctx.options.mailer.send(mail).catch((error: unknown) => console.error('[feedback-board/pages] rejection mail not sent', error));
    }
  });
}

/** POST /dashboard/boards/{slug}/moderation: `moderated` yes or no. */
export function moderationSettingAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  return change(ctx, '/dashboard/inbox', 'saved', () => ctx.team.boards.setModerated(slug, form.get('moderated') === 'yes'));
}
