/**
 * The dashboard's Statuses page (docs/statuses.md): the organization's statuses by category, each
 * renamed, recoloured, moved up or down within its category, or removed (after a confirmation that
 * says how many posts move to the category's default); a default is never removed. New statuses
 * are added in any category. Every change goes through the team's API, so its rules (unique names,
 * `#rrggbb` colours, at most 50 statuses) are the API's; a refused form changes nothing and says why.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { Status } from '../../domain/team-responses.js';
import type { PageContext } from '../context.js';
import { PostForm, STATUS_TEXT, STATUSES } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import { LabelBadge, labelText } from '../status-labels.js';
import { counted, dashPage, idOf } from './frame.js';
import { statusesByCategory } from './status-select.js';

const BACK = '/dashboard/statuses';

/** One status: its badge as posts show it, its name and colour to change, moves and removal. */
function StatusRow({ ctx, status, first, last }: { ctx: PageContext; status: Status; first: boolean; last: boolean }) {
  const base = `${BACK}/${status.id}`;
  const name = labelText(status, status.category);
  return (
    <tr>
      <td>
        <LabelBadge label={status} status={status.category} />
        {status.is_default ? <span class="muted small"> default</span> : null}
      </td>
      <td>
        <PostForm ctx={ctx} action={base} class="row" label={`Change ${name}`}>
          <label class="sr-only" for={`name-${status.id}`}>
            Name of {name}
          </label>
          <input id={`name-${status.id}`} class="status-name" name="name" value={status.name} maxlength={40} required />
          <label class="sr-only" for={`color-${status.id}`}>
            Colour of {name}
          </label>
          <input id={`color-${status.id}`} type="color" name="color" value={status.color} />
          <button type="submit" class="secondary">
            Save
          </button>
        </PostForm>
      </td>
      <td class="nowrap">
        <PostForm ctx={ctx} action={`${base}/move`} class="inline" label={`Move ${name}`}>
          <button type="submit" name="direction" value="up" class="secondary" disabled={first} aria-label={`Move ${name} up`}>
            ↑
          </button>{' '}
          <button type="submit" name="direction" value="down" class="secondary" disabled={last} aria-label={`Move ${name} down`}>
            ↓
          </button>
        </PostForm>
      </td>
      <td>
        {status.is_default ? (
          <span class="muted small">Cannot be removed</span>
        ) : (
          <a href={ctx.href(`${base}/remove`)} aria-label={`Remove ${name}`}>
            Remove
          </a>
        )}
      </td>
    </tr>
  );
}

/** GET /dashboard/statuses; a refused form shows it again with `problem` (422). */
export async function statusesPage(ctx: PageContext, problem?: string): Promise<Response> {
  const { statuses } = await ctx.team.api.statuses.list();
  return dashPage(
    ctx,
    'statuses',
    'Statuses',
    <>
      <h1>Statuses</h1>
      <p class="lead">
        The statuses your posts show. Each belongs to one of five categories, which the roadmap, the changelog, filters and statistics go by; a post's
        status is always one of its category. The default of each category can be renamed and recoloured but not removed.
      </p>
      {problem ? (
        <div class="notice error" role="alert">
          Nothing was changed: {problem}
        </div>
      ) : null}
      {statusesByCategory(statuses).map((group) => (
        <section class="card" aria-labelledby={`cat-${group.category}`}>
          <h2 id={`cat-${group.category}`} class="h3">
            {STATUS_TEXT[group.category]} <span class="muted small">({group.category})</span>
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Shown as</th>
                <th scope="col">Name and colour</th>
                <th scope="col">Order</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {group.statuses.map((status, i) => (
                <StatusRow ctx={ctx} status={status} first={i === 0} last={i === group.statuses.length - 1} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <PostForm ctx={ctx} action={BACK} class="card" label="Add a status">
        <h2 class="h3">Add a status</h2>
        <div class="row">
          <div class="field">
            <label for="new-name">Name</label>
            <input id="new-name" name="name" maxlength={40} required placeholder="Under review" />
          </div>
          <div class="field">
            <label for="new-color">Colour</label>
            <input id="new-color" type="color" name="color" value="#6b21a8" />
          </div>
          <div class="field">
            <label for="new-category">Category</label>
            <select id="new-category" name="category">
              {STATUSES.map((category) => (
                <option value={category}>{STATUS_TEXT[category]}</option>
              ))}
            </select>
          </div>
        </div>
        <p class="muted small">A label's text is black or white, whichever reads better on its colour.</p>
        <button type="submit">Add status</button>
      </PostForm>
    </>,
    problem ? 422 : 200,
    statuses,
  );
}

/** Runs a change of the statuses: back to the page, or the page again with the API's reason (422). */
async function changeStatuses(ctx: PageContext, fn: () => Promise<unknown>): Promise<Response> {
  try {
    await fn();
    return redirect(ctx, BACK, 'saved');
  } catch (error) {
    if (isFeedbackBoardError(error) && error.code === 'validation_error') return statusesPage(ctx, error.message);
    throw error;
  }
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

/** POST /dashboard/statuses: adds a status. */
export function addStatusAction(ctx: PageContext, form: FormData): Promise<Response> {
  const body = { name: field(form, 'name') ?? '', color: field(form, 'color') ?? '', category: field(form, 'category') ?? '' };
  return changeStatuses(ctx, () => ctx.team.api.statuses.create(body as Parameters<typeof ctx.team.api.statuses.create>[0]));
}

/** POST /dashboard/statuses/{id}: renames and recolours a status. */
export function updateStatusAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const statusId = idOf(id);
  if (statusId === null) return notFoundPage(ctx);
  return changeStatuses(ctx, () => ctx.team.api.statuses.update(statusId, { name: field(form, 'name') ?? '', color: field(form, 'color') ?? '' }));
}

/**
 * POST /dashboard/statuses/{id}/move: swaps a status with its neighbour in its category (`up` or
 * `down`); the organization's statuses are then numbered 0, 1, … in their new order.
 */
export async function moveStatusAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const statusId = idOf(id);
  const direction = field(form, 'direction');
  const { statuses } = await ctx.team.api.statuses.list();
  const moved = statuses.find((s) => s.id === statusId);
  if (!moved) return notFoundPage(ctx);
  if (direction !== 'up' && direction !== 'down') return statusesPage(ctx, 'choose up or down.');
  const kin = statuses.filter((s) => s.category === moved.category);
  const neighbour = kin[kin.indexOf(moved) + (direction === 'up' ? -1 : 1)];
  if (!neighbour) return redirect(ctx, BACK);
  const order = [...statuses];
  const [a, b] = [order.indexOf(moved), order.indexOf(neighbour)];
  [order[a], order[b]] = [neighbour, moved];
  return changeStatuses(ctx, async () => {
    for (const [position, status] of order.entries()) if (status.position !== position) await ctx.team.api.statuses.update(status.id, { position });
  });
}

/** How many posts of the organization's boards show `status` (drafts and hidden posts included). */
async function postsShowing(ctx: PageContext, status: Status): Promise<number> {
  const { boards } = await ctx.team.api.boards.list();
  const totals = await Promise.all(boards.map(async (board) => (await ctx.team.api.posts.list(board.slug, { status_label: String(status.id), limit: '1' })).total));
  return totals.reduce((sum, n) => sum + n, 0);
}

/** GET /dashboard/statuses/{id}/remove: what removing the status does, and the button that does it. */
export async function removeStatusPage(ctx: PageContext, id: string): Promise<Response> {
  const statusId = idOf(id);
  const { statuses } = await ctx.team.api.statuses.list();
  const status = statuses.find((s) => s.id === statusId);
  if (!status) return notFoundPage(ctx);
  const name = labelText(status, status.category);
  const fallback = statuses.find((s) => s.category === status.category && s.is_default)!;
  const count = status.is_default ? 0 : await postsShowing(ctx, status);
  return dashPage(
    ctx,
    'statuses',
    `Remove ${name}`,
    <>
      <p class="small">
        <a href={ctx.href(BACK)}>← Statuses</a>
      </p>
      <h1>
        Remove <LabelBadge label={status} status={status.category} />?
      </h1>
      {status.is_default ? (
        <p class="notice error" role="alert">
          {name} is the default of {STATUS_TEXT[status.category]} posts: it can be renamed and recoloured, but not removed.
        </p>
      ) : (
        <>
          <p class="lead">
            {count === 0 ? 'No post shows this status.' : `${counted(count, 'post')} ${count === 1 ? 'shows' : 'show'} this status and will show `}
            {count === 0 ? null : (
              <>
                <LabelBadge label={fallback} status={fallback.category} /> instead, the default of {STATUS_TEXT[status.category]} posts.
              </>
            )}{' '}
            No post changes its category, and no follower is mailed.
          </p>
          <PostForm ctx={ctx} action={`${BACK}/${status.id}/remove`} label={`Remove ${name}`}>
            <button type="submit" class="danger">
              {count === 0 ? `Remove ${name}` : `Remove ${name} and move ${counted(count, 'post')} to ${labelText(fallback, fallback.category)}`}
            </button>{' '}
            <a class="button secondary" href={ctx.href(BACK)}>
              Keep it
            </a>
          </PostForm>
        </>
      )}
    </>,
    200,
    [status, fallback],
  );
}

/** POST /dashboard/statuses/{id}/remove. */
export function removeStatusAction(ctx: PageContext, id: string): Promise<Response> {
  const statusId = idOf(id);
  if (statusId === null) return notFoundPage(ctx);
  return changeStatuses(ctx, () => ctx.team.api.statuses.delete(statusId));
}
