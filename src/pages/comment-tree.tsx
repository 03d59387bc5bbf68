/**
 * The comments under a post on its public page: each with its images, reactions and a reply form,
 * and, on the signed-in voter's own comments, forms to edit or delete them.
 */
import type { Comment } from '../domain/responses.js';
import { AttachmentList } from './attachments.js';
import { OwnCommentTools } from './comment-own.js';
import type { PageContext } from './context.js';
import { PostForm } from './layout.js';
import { Markdown } from './markdown.js';

/** Reactions offered on every comment. */
export const REACTIONS = ['👍', '🎉', '❤️', '👀'] as const;

/**
 * A thread of comments with their images, reactions and reply forms; hidden and removed ones leave
 * a line, and their replies stay. `own`: the ids of the signed-in voter's comments.
 */
export function CommentTree(props: { ctx: PageContext; base: string; comments: Comment[]; own?: ReadonlySet<number> }) {
  const { ctx, base } = props;
  const own = props.own ?? new Set<number>();
  const shown = props.comments.filter((c) => !c.hidden || c.replies.some((r) => !r.hidden));
  if (shown.length === 0) return null;
  return (
    <ul class="comments">
      {shown.map((comment) => (
        <li class="comment" id={`comment-${comment.id}`}>
          {comment.hidden ? (
            <p class="muted small">{ctx.t('comment.hidden')}</p>
          ) : comment.deleted_at !== null ? (
            <p class="muted small removed">{ctx.t('comment.removed')}</p>
          ) : (
            <>
              <div class="meta">
                {comment.is_admin ? <span class="badge team-badge">{ctx.t('comment.team')}</span> : <span>{ctx.t('comment.aVoter')}</span>}
                {comment.voter_blocked ? <span class="muted">{ctx.t('comment.voterBlocked')}</span> : null}
                <span>{ctx.i18n.date(comment.created_at)}</span>
                {comment.edited_at !== null ? <span class="muted">({ctx.t('comment.edited')})</span> : null}
              </div>
              <Markdown text={comment.body} mentions />
              <AttachmentList ctx={ctx} attachments={comment.attachments} />
              <div class="reactions">
                {ctx.voter
                  ? REACTIONS.map((reaction) => (
                      <PostForm ctx={ctx} action={`${base}/comments/${comment.id}/react`} class="inline">
                        <input type="hidden" name="reaction" value={reaction} />
                        <button type="submit">
                          <span class="sr-only">{ctx.t('comment.react')} </span>
                          {reaction} {ctx.i18n.number(comment.reaction_counts[reaction] ?? 0)}
                        </button>
                      </PostForm>
                    ))
                  : Object.entries(comment.reaction_counts).map(([reaction, count]) => (
                      <span class="badge tag">
                        {reaction} {ctx.i18n.number(count)}
                      </span>
                    ))}
              </div>
              {ctx.voter ? (
                <details>
                  <summary>{ctx.t('comment.reply')}</summary>
                  <PostForm ctx={ctx} action={`${base}/comments`} label={ctx.t('comment.reply')}>
                    <input type="hidden" name="parent_comment_id" value={String(comment.id)} />
                    <div class="field">
                      <label for={`reply-${comment.id}`}>{ctx.t('comment.yourReply')}</label>
                      <textarea id={`reply-${comment.id}`} name="body" required maxlength={10000} />
                    </div>
                    <button type="submit">{ctx.t('comment.postReply')}</button>
                  </PostForm>
                </details>
              ) : null}
              {own.has(comment.id) ? <OwnCommentTools ctx={ctx} base={base} comment={comment} /> : null}
            </>
          )}
          <CommentTree ctx={ctx} base={base} comments={comment.replies} own={own} />
        </li>
      ))}
    </ul>
  );
}
