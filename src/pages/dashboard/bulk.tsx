/**
 * Bulk actions on the dashboard's posts page: the posts ticked in the list (or every post of the
 * page) get one of the organization's statuses (with or without mail to followers), a tag, are
 * hidden, or are merged into one post. The list's form leads to a confirmation page that says exactly what will happen ("Move
 * 50 posts to Shipped and send 120 mails to their followers"); confirming applies the action to
 * every post in one transaction (`team.posts.applyBulk`), all or nothing. No script: the
 * confirmation carries the selection in hidden fields.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { Post } from '../../domain/responses.js';
import type { Status } from '../../domain/team-responses.js';
import type { BulkAction, BulkPreview } from '../../services/bulk-posts.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { redirect } from '../respond.js';
import { labelText } from '../status-labels.js';
import { counted, dashPage, idOf } from './frame.js';
import { filterQuery, rawFilters } from './post-filters.js';
import { StatusSelect } from './status-select.js';

/** The list's selection and action controls, below its table (inside the list's form). */
export function BulkControls({ statuses }: { statuses: readonly Status[] }) {
  return (
    <fieldset class="card bulk">
      <legend>With the selected posts</legend>
      <div class="row">
        <div class="field">
          <label for="bulk-action">Action</label>
          <select id="bulk-action" name="action">
            <option value="status">Change status</option>
            <option value="tag">Add a tag</option>
            <option value="hide">Hide from the public</option>
            <option value="merge">Merge into a post</option>
          </select>
        </div>
        <StatusSelect statuses={statuses} id="bulk-status" label="Status (for a status change)" />
        <div class="field">
          <label for="bulk-tag">Tag (to add)</label>
          <input id="bulk-tag" name="tag" maxlength={50} />
        </div>
        <div class="field">
          <label for="bulk-into">Post number (to merge into)</label>
          <input id="bulk-into" name="into" inputmode="numeric" pattern="[0-9]*" maxlength={16} />
        </div>
      </div>
      <label class="row">
        <input type="checkbox" name="notify" value="yes" /> Mail the followers of each post (a status change)
      </label>
      <p>
        <button type="submit">Review…</button>
      </p>
    </fieldset>
  );
}

/** The checkbox of one post in the list. */
export function BulkCheckbox({ post }: { post: Post }) {
  return <input type="checkbox" name="post_ids" value={String(post.id)} aria-label={`Select ${post.title}`} />;
}

/** The "every post of this page" checkbox and the page's ids it stands for. */
export function BulkSelectAll({ posts }: { posts: readonly Post[] }) {
  return (
    <>
      <input type="checkbox" id="bulk-all" name="all_on_page" value="yes" />
      <label for="bulk-all" class="sr-only">
        Select all on this page
      </label>
      {posts.map((post) => (
        <input type="hidden" name="page_ids" value={String(post.id)} />
      ))}
    </>
  );
}

/** The list the form came from: its board, and the filters of its `view` (the list's other parameters). */
function backToList(form: FormData): string {
  const view = filterQuery(rawFilters(new URLSearchParams(String(form.get('view') ?? ''))), ['board']);
  return `/dashboard/posts?board=${encodeURIComponent(String(form.get('board') ?? ''))}${view === '' ? '' : `&${view}`}`;
}

/** The selected ids and the action of a submitted form, or the reason it cannot be read. */
function readBulkForm(form: FormData, statuses: readonly Status[]): { ids: number[]; action: BulkAction; back: string } | string {
  const ids = (form.get('all_on_page') === 'yes' ? form.getAll('page_ids') : form.getAll('post_ids')).map(idOf);
  const back = backToList(form);
  if (ids.length === 0) return 'select at least one post.';
  if (ids.some((id) => id === null)) return 'a selected post is not a post.';
  const kind = form.get('action');
  if (kind === 'hide') return { ids: ids as number[], action: { kind }, back };
  if (kind === 'merge') {
    const into = idOf(form.get('into'));
    return into === null ? 'give the number of the post to merge into.' : { ids: ids as number[], action: { kind, into }, back };
  }
  if (kind === 'tag') {
    const tag = String(form.get('tag') ?? '').trim();
    return tag === '' ? 'name the tag to add.' : { ids: ids as number[], action: { kind, tag }, back };
  }
  const statusId = idOf(form.get('status_label_id'));
  if (kind !== 'status' || statusId === null || !statuses.some((s) => s.id === statusId)) return 'choose one of your statuses.';
  return { ids: ids as number[], action: { kind, status_label_id: statusId, notify: form.get('notify') === 'yes' }, back };
}

/** What confirming does: the button's words, and a note below them. */
function whatHappens(action: BulkAction, preview: BulkPreview, statuses: readonly Status[]): { act: string; note: string } {
  const posts = counted(preview.changing, 'post');
  if (action.kind === 'hide') return { act: `Hide ${posts} from the public`, note: '' };
  if (action.kind === 'tag') return { act: `Tag ${posts} with “${action.tag}”`, note: '' };
  if (action.kind === 'merge') return { act: `Merge ${posts} into “${preview.into_title}”`, note: 'Their voters, comments and evidence move there; each can be unmerged.' };
  const status = statuses.find((s) => s.id === action.status_label_id)!;
  const move = `Move ${posts} to ${labelText(status, status.category)}`;
  if (!action.notify) return { act: move, note: 'Followers are not mailed.' };
  if (preview.mails === 0) return { act: move, note: 'No follower of these posts can be mailed.' };
  return { act: `${move} and send ${counted(preview.mails, 'mail')} to their followers`, note: 'One mail per follower and post.' };
}

/** A page that says the form changed nothing, and why (422). */
function refused(ctx: PageContext, reason: string, back: string): Promise<Response> {
  return dashPage(
    ctx,
    'posts',
    'Bulk action',
    <>
      <h1>Bulk action</h1>
      <div class="notice error" role="alert">
        Nothing was changed: {reason}
      </div>
      <p>
        <a href={ctx.href(back)}>← Back to the posts</a>
      </p>
    </>,
    422,
  );
}

/** Runs `fn`; a validation or not-found refusal is the refusal page (the action changed nothing). */
async function orRefused(ctx: PageContext, back: string, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (isFeedbackBoardError(error) && (error.code === 'validation_error' || error.code === 'not_found')) return refused(ctx, error.message, back);
    throw error;
  }
}

/** POST /dashboard/posts/bulk: the confirmation page; nothing changes yet. */
export async function bulkReviewAction(ctx: PageContext, form: FormData): Promise<Response> {
  const { statuses } = await ctx.team.api.statuses.list();
  const read = readBulkForm(form, statuses);
  if (typeof read === 'string') return refused(ctx, read, backToList(form));
  const { ids, action, back } = read;
  return orRefused(ctx, back, async () => {
    const preview = await ctx.team.posts.previewBulk(ids, action);
    const unchanged = preview.selected - preview.changing;
    const what = whatHappens(action, preview, statuses);
    return dashPage(
      ctx,
      'posts',
      'Confirm the bulk action',
      <>
        <h1>Confirm the bulk action</h1>
        <p class="lead">{preview.changing === 0 ? 'None of the selected posts would change.' : `${what.act}. ${what.note}`.trim()}</p>
        {unchanged > 0 && action.kind === 'merge' ? <p>The post to merge into is among those selected: it stays as it is.</p> : null}
        {unchanged > 0 && action.kind !== 'merge' ? <p>{counted(unchanged, 'selected post')} already {unchanged === 1 ? 'has' : 'have'} it and {unchanged === 1 ? 'stays' : 'stay'} as {unchanged === 1 ? 'it is' : 'they are'}.</p> : null}
        <PostForm ctx={ctx} action="/dashboard/posts/bulk/apply" label="Confirm the bulk action">
          {ids.map((id) => (
            <input type="hidden" name="post_ids" value={String(id)} />
          ))}
          <input type="hidden" name="board" value={String(form.get('board') ?? '')} />
          <input type="hidden" name="view" value={filterQuery(rawFilters(new URLSearchParams(String(form.get('view') ?? ''))), ['board'])} />
          <input type="hidden" name="action" value={action.kind} />
          {action.kind === 'status' ? <input type="hidden" name="status_label_id" value={String(action.status_label_id)} /> : null}
          {action.kind === 'status' && action.notify ? <input type="hidden" name="notify" value="yes" /> : null}
          {action.kind === 'tag' ? <input type="hidden" name="tag" value={action.tag} /> : null}
          {action.kind === 'merge' ? <input type="hidden" name="into" value={String(action.into)} /> : null}
          <p class="row">
            {preview.changing > 0 ? <button type="submit">{what.act}</button> : null}
            <a class="button secondary" href={ctx.href(back)}>
              Cancel
            </a>
          </p>
        </PostForm>
      </>,
    );
  });
}

/** POST /dashboard/posts/bulk/apply: applies the confirmed action in one transaction. */
export async function bulkApplyAction(ctx: PageContext, form: FormData): Promise<Response> {
  const { statuses } = await ctx.team.api.statuses.list();
  const read = readBulkForm(form, statuses);
  if (typeof read === 'string') return refused(ctx, read, backToList(form));
  return orRefused(ctx, read.back, async () => {
    await ctx.team.posts.applyBulk(read.ids, read.action);
    return redirect(ctx, read.back, 'saved');
  });
}
