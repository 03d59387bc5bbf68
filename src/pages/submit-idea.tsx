/**
 * Submitting an idea to a published board (docs/pages.md#submitting-an-idea). The form posts to
 * `/boards/{slug}/ideas`; a visitor who is not signed in has the draft kept (idea-form.tsx) and is
 * led to sign-in and back to `/boards/{slug}/ideas/new`. A signed-in voter first sees the board's
 * most similar posts, each with "Vote for this instead", and the form again with "Post my idea
 * anyway" (the second step, `step=post`); without similar posts the idea is posted at once.
 */
import { isFeedbackBoardError } from '../domain/errors.js';
import type { Board, Field, Post } from '../domain/responses.js';
import type { TagRecord } from '../domain/records.js';
import type { PageContext } from './context.js';
import { boardChoices, boardFields, boardTags, dropDraft, draftFromForm, IdeaForm, keepDraft, takeDraft, type IdeaDraft } from './idea-form.js';
import { fieldRefusalOf, fieldValuesOf, type FieldRefusal } from './field-inputs.js';
import { checkFieldValues } from '../services/field-values.js';
import { submitPostBody } from '../domain/requests.js';
import { parseOrThrow } from '../domain/validation.js';
import { Notice, PostForm } from './layout.js';
import { LabelBadge } from './status-labels.js';
import { votedPosts } from './public-board.js';
import { boardNav, notFoundPage, page, publishedBoard, redirect } from './respond.js';
import { asVoter, blockedPage } from './voter-standing.js';
import { uploadRefusal, uploadsOf } from './attachments.js';

const SIMILAR_SHOWN = 5;

/** GET /boards/{slug}/ideas/new: the form alone, with a draft kept across sign-in. */
export async function ideaPage(ctx: PageContext, slug: string): Promise<Response> {
  const board = ctx.options.voterSubmissions === false ? null : await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const draft = takeDraft(ctx, board.slug) ?? undefined;
  const moderated = await ctx.team.boards.moderated(board.slug);
  return page(
    ctx,
    ctx.t('idea.title', { board: board.name }),
    <>
      <Notice ctx={ctx} />
      <h1>{ctx.t('board.submitIdea')}</h1>
      <p class="lead">{ctx.t('idea.lead', { board: board.name })}</p>
      {moderated ? <p>{ctx.t('idea.moderated', { board: board.name })}</p> : null}
      {draft?.cut ? (
        <div class="notice error" role="status">
          {ctx.t('idea.cut')}
        </div>
      ) : null}
      <section class="card">
        <IdeaForm ctx={ctx} board={board} {...await boardChoices(ctx, board)} draft={draft} />
      </section>
    </>,
    { nav: boardNav(board, 'posts') },
  );
}

/** POST /boards/{slug}/ideas: sign-in with the draft kept, the similar-posts step, or the new post. */
export async function ideaAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const board = ctx.options.voterSubmissions === false ? null : await publishedBoard(ctx, slug);
  if (!board) return notFoundPage(ctx);
  const boardPath = `/boards/${encodeURIComponent(board.slug)}`;
  const fields = await boardFields(ctx, board);
  const draft = draftFromForm(form, fields);
  if (!ctx.voter) {
    keepDraft(ctx, board.slug, draft);
    return redirect(ctx, `/sign-in?next=${encodeURIComponent(ctx.href(`${boardPath}/ideas/new`))}`, 'sign_in_to_submit');
  }
  const voter = ctx.voter;
  if ((await ctx.team.voters.blockedAt(voter.id)) !== null) return blockedPage(ctx, 'submit ideas', boardPath);
  const tags = await boardTags(ctx, board);
  const state = { ctx, board, tags, fields, draft };
  if (draft.title.trim() === '') return formAgain(state, ctx.t('idea.needsTitle'));
  const values = fieldValuesOf(draft.fields ?? {}, fields);
  // The fields' values are checked before the similar posts are shown, by the rules the service
  // applies again when the idea is posted: a refused field is said at once, next to it.
  const early = refusalOf(() => checkFieldValues(fields, parseOrThrow(submitPostBody, { title: draft.title, fields: values }).fields, null, true), fields, draft);
  if (early !== null) return formAgain(state, ctx.t('idea.fieldsInvalid'), early);
  const uploads = await uploadsOf(form);
  if (form.get('step') !== 'post') {
    const similar = await similarPosts(ctx, board, draft.title);
    if (similar.length > 0) return similarStep(ctx, board, tags, fields, draft, similar, uploads.length > 0);
  }
  return asVoter(ctx, 'submit ideas', boardPath, async () => {
    try {
      const post = await ctx.board.voters.submitPost(voter.id, board.slug, { title: draft.title, body: draft.body, tags: draft.tags, fields: values }, uploads);
      dropDraft(ctx);
      // On a moderated board the idea waits for the team: its author sees it on its own page.
      if ('approval' in post) return redirect(ctx, `${boardPath}/waiting/${post.id}`, 'waiting_for_approval');
      return redirect(ctx, `${boardPath}/posts/${post.id}`, 'submitted');
    } catch (error) {
      const refusal = uploadRefusal(ctx, error);
      if (refusal !== null) return formAgain(state, refusal);
      const field = fieldRefusalOf(error, fields, draft.fields ?? {});
      if (field !== null) return formAgain(state, ctx.t('idea.fieldsInvalid'), field);
      if (isFeedbackBoardError(error) && error.code === 'validation_error') return formAgain(state, ctx.t('idea.invalid'));
      throw error;
    }
  });
}

/** The board's visible posts most like the title (none for a title too short to compare). */
async function similarPosts(ctx: PageContext, board: Board, title: string): Promise<Post[]> {
  if (title.trim().length < 3) return [];
  const { posts } = await ctx.team.api.posts.similar(board.slug, { text: [...title.trim()].slice(0, 500).join(''), limit: String(SIMILAR_SHOWN) });
  return posts.map((p) => p.post).filter((p) => !p.hidden);
}

/**
 * The field the check refuses, or null when it takes the fields' values (a refusal of anything
 * else, such as the title, is left to the posting, which says so as it always has).
 */
function refusalOf(check: () => unknown, fields: readonly Field[], draft: IdeaDraft): FieldRefusal | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    return fieldRefusalOf(error, fields, draft.fields ?? {});
  }
}

/** What the form shows again: the board, its tags and fields, and what the visitor typed. */
interface FormState {
  ctx: PageContext;
  board: Board;
  tags: TagRecord[];
  fields: readonly Field[];
  draft: IdeaDraft;
}

/** 422: the form again, with what was typed, `message` above it and the refused field's reason next to it. */
function formAgain({ ctx, board, tags, fields, draft }: FormState, message: string, refusal?: FieldRefusal): Promise<Response> {
  return page(
    ctx,
    ctx.t('idea.title', { board: board.name }),
    <>
      <h1>{ctx.t('board.submitIdea')}</h1>
      <div class="notice error" role="alert">
        {message}
      </div>
      <section class="card">
        <IdeaForm ctx={ctx} board={board} tags={tags} fields={fields} draft={draft} refusal={refusal} />
      </section>
    </>,
    { nav: boardNav(board, 'posts'), status: 422 },
  );
}

/**
 * The second step: the similar posts, each with "Vote for this instead", and the form to post
 * anyway (a browser cannot send the files again by itself: `hadImages` asks to attach them again).
 */
async function similarStep(ctx: PageContext, board: Board, tags: TagRecord[], fields: readonly Field[], draft: IdeaDraft, similar: Post[], hadImages: boolean): Promise<Response> {
  const voted = await votedPosts(ctx, similar.map((p) => p.id));
  return page(
    ctx,
    ctx.t('similar.title', { board: board.name }),
    <>
      <h1>{ctx.t('similar.heading')}</h1>
      <p class="lead">{ctx.t('similar.lead')}</p>
      <ul class="similar">
        {similar.map((post) => {
          const path = `/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`;
          return (
            <li class="card post">
              <div class="content">
                <h2 class="h3 user-text">
                  <a href={ctx.href(path)}>{post.title}</a>
                </h2>
                <div class="meta">
                  <LabelBadge label={post.status_label} status={post.status} ctx={ctx} />
                  <span>{ctx.t('vote.count', { count: post.vote_count })}</span>
                </div>
              </div>
              {voted.has(post.id) ? (
                <p class="small">{ctx.t('similar.youVoted')}</p>
              ) : (
                <PostForm ctx={ctx} action={`${path}/vote`} label={ctx.t('similar.voteInsteadFor', { title: post.title })}>
                  <input type="hidden" name="action" value="vote" />
                  <input type="hidden" name="next" value={ctx.href(path)} />
                  <button type="submit">{ctx.t('similar.voteInstead')}</button>
                </PostForm>
              )}
            </li>
          );
        })}
      </ul>
      <h2>{ctx.t('similar.ownHeading')}</h2>
      {hadImages ? <p class="notice" role="status">{ctx.t('similar.attachAgain')}</p> : null}
      <section class="card">
        <IdeaForm ctx={ctx} board={board} tags={tags} fields={fields} draft={draft} anyway />
      </section>
    </>,
    { nav: boardNav(board, 'posts'), labels: similar.map((post) => post.status_label) },
  );
}
