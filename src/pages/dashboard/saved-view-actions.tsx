/**
 * The forms of the dashboard's saved views (saved-views.tsx shows them): save the list's filters
 * under a name, rename a view, delete one. Each acts on a view of the signed-in team's
 * organization only (another's is a 404), and a refused form is the list again with the reason.
 */
import { SAVED_VIEW_NAME_MAX, SAVED_VIEWS_MAX, type SavedViewRecord } from '../../domain/saved-views.js';
import type { PageContext } from '../context.js';
import { notFoundPage, redirect } from '../respond.js';
import type { Route } from '../route.js';
import { idOf } from './frame.js';
import { checkFilters, normalisedQuery, rawFilters } from './post-filters.js';
import { postsPage } from './posts-list.js';

/** The name of a form, trimmed, or the reason it cannot be a view's name (among `views`, besides `self`). */
function checkName(value: FormDataEntryValue | null, views: readonly SavedViewRecord[], self?: number): { name: string } | string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') return 'give the view a name.';
  if ([...name].length > SAVED_VIEW_NAME_MAX) return `a view's name has at most ${SAVED_VIEW_NAME_MAX} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return "a view's name cannot hold control characters.";
  if (views.some((view) => view.name === name && view.id !== self)) return `there is already a view named “${name}”.`;
  return { name };
}

/** The page the form was sent from (its filters), normalised. */
const backOf = (form: FormData) => normalisedQuery(String(form.get('back') ?? ''));

/** The list with `query`'s filters. */
const listAt = (query: string) => `/dashboard/posts${query === '' ? '' : `?${query}`}`;

/** POST /dashboard/views: saves the filters of the form's `query` under its `name`. */
async function saveViewAction(ctx: PageContext, form: FormData): Promise<Response> {
  const query = normalisedQuery(String(form.get('query') ?? ''));
  const organizationId = ctx.options.organizationId;
  const refuse = (reason: string) => postsPage(ctx, { query, viewError: reason, viewName: String(form.get('name') ?? '') });
  // The filters must be ones the list can use: the same checks as the list's.
  const raw = rawFilters(new URLSearchParams(query));
  const boards = (await ctx.team.api.boards.list()).boards;
  const board = raw.board === '' ? boards[0] : boards.find((b) => b.slug === raw.board);
  if (raw.board !== '' && !board) return refuse(`there is no board “${raw.board}”.`);
  const { statuses } = await ctx.team.api.statuses.list();
  const saved = await ctx.board.storage.transaction('write', async (tx) => {
    const views = await tx.listSavedViews(organizationId);
    if (views.length >= SAVED_VIEWS_MAX) return `the organization keeps at most ${SAVED_VIEWS_MAX} views: delete one first.`;
    const name = checkName(form.get('name'), views);
    if (typeof name === 'string') return name;
    const choices = { statuses, companies: await tx.listCompanies(organizationId), tags: [], fields: board ? await tx.listFields(board.id) : [] };
    const checked = checkFilters(raw, choices);
    if (Array.isArray(checked)) return `the filters cannot be used: ${checked.join(' ')}`;
    return tx.insertSavedView({ organization_id: organizationId, name: name.name, query, created_at: new Date(ctx.board.clock.now()).toISOString() });
  });
  if (typeof saved === 'string') return refuse(saved);
  return redirect(ctx, listAt(saved.query), 'saved');
}

/** POST /dashboard/views/{id}/rename: a view of the organization gets the form's `name`; another's is a 404. */
async function renameViewAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const viewId = idOf(id);
  const organizationId = ctx.options.organizationId;
  const back = backOf(form);
  const renamed = viewId === null ? null : await ctx.board.storage.transaction('write', async (tx) => {
    const view = await tx.getSavedView(viewId);
    if (view === null || view.organization_id !== organizationId) return null;
    const name = checkName(form.get('name'), await tx.listSavedViews(organizationId), view.id);
    if (typeof name === 'string') return name;
    return tx.renameSavedView(view.id, name.name);
  });
  if (renamed === null) return notFoundPage(ctx);
  if (typeof renamed === 'string') return postsPage(ctx, { query: back, viewError: renamed });
  return redirect(ctx, listAt(back), 'saved');
}

/** POST /dashboard/views/{id}/delete: removes a view of the organization; another's is a 404. */
async function deleteViewAction(ctx: PageContext, id: string, form: FormData): Promise<Response> {
  const viewId = idOf(id);
  const organizationId = ctx.options.organizationId;
  const deleted = viewId !== null && (await ctx.board.storage.transaction('write', async (tx) => {
    const view = await tx.getSavedView(viewId);
    return view !== null && view.organization_id === organizationId && tx.deleteSavedView(view.id);
  }));
  if (!deleted) return notFoundPage(ctx);
  return redirect(ctx, listAt(backOf(form)), 'saved');
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

export const savedViewRoutes: Route[] = [
  { method: 'POST', pattern: path('/dashboard/views'), handler: (ctx, _, form) => saveViewAction(ctx, form) },
  { method: 'POST', pattern: path('/dashboard/views/:p/rename'), handler: (ctx, [id], form) => renameViewAction(ctx, id!, form) },
  { method: 'POST', pattern: path('/dashboard/views/:p/delete'), handler: (ctx, [id], form) => deleteViewAction(ctx, id!, form) },
];
