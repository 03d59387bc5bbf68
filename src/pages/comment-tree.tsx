/** The comments under a post on its public page: each with its images, reactions and a reply form. */
import type { Comment } from '../domain/responses.js';
import { AttachmentList } from './attachments.js';
import type { PageContext } from './context.js';
import { day, PostForm } from './layout.js';
import { Markdown } from './markdown.js';

/** Reactions offered on every comment. */
export const REACTIONS = ['👍', '🎉', '❤️', '👀'] as const;

/** A thread of comments with their images, reactions and reply forms; hidden ones leave a line. */
export function CommentTree(props: { ctx: PageContext; base: string; comments: Comment[] }) {
  const { ctx, base } = props;
  const shown = props.comments.filter((c) => !c.hidden || c.replies.some((r) => !r.hidden));
  if (shown.length === 0) return null;
  return (
    <ul class="comments">
      {shown.map((comment) => (
        <li class="comment" id={`comment-${comment.id}`}>
          {comment.hidden ? (
            <p class="muted small">This comment was hidden by the team.</p>
          ) : (
            <>
              <div class="meta">
                {comment.is_admin ? <span class="badge team-badge">Team</span> : <span>A voter</span>}
                {comment.voter_blocked ? <span class="muted">(blocked by the team)</span> : null}
                <span>{day(comment.created_at)}</span>
              </div>
              <Markdown text={comment.body} />
              <AttachmentList ctx={ctx} attachments={comment.attachments} />
              <div class="reactions">
                {ctx.voter
                  ? REACTIONS.map((reaction) => (
                      <PostForm ctx={ctx} action={`${base}/comments/${comment.id}/react`} class="inline">
                        <input type="hidden" name="reaction" value={reaction} />
                        <button type="submit">
                          <span class="sr-only">React </span>
                          {reaction} {comment.reaction_counts[reaction] ?? 0}
                        </button>
                      </PostForm>
                    ))
                  : Object.entries(comment.reaction_counts).map(([reaction, count]) => (
                      <span class="badge tag">
                        {reaction} {count}
                      </span>
                    ))}
              </div>
              {ctx.voter ? (
                <details>
                  <summary>Reply</summary>
                  <PostForm ctx={ctx} action={`${base}/comments`} label="Reply">
                    <input type="hidden" name="parent_comment_id" value={String(comment.id)} />
                    <div class="field">
                      <label for={`reply-${comment.id}`}>Your reply</label>
                      <textarea id={`reply-${comment.id}`} name="body" required maxlength={10000} />
                    </div>
                    <button type="submit">Post reply</button>
                  </PostForm>
                </details>
              ) : null}
            </>
          )}
          <CommentTree ctx={ctx} base={base} comments={comment.replies} />
        </li>
      ))}
    </ul>
  );
}
