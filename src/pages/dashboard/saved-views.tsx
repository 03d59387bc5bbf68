/**
 * Saved views of the dashboard's posts list (docs/pages.md, "Filters and saved views"): the team
 * saves the list's filters under a name, and every member of the organization finds the view above
 * the list, one link that applies it; a view is renamed or deleted in place. A view keeps the
 * filters' query string, normalised to the parameters the list knows. Views are the dashboard's
 * only: no API operation reads or writes them. The forms' actions are saved-view-actions.tsx.
 */
import { SAVED_VIEW_NAME_MAX, type SavedViewRecord } from '../../domain/saved-views.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';

/** The views above the list: each a link that applies it, with its rename and delete forms; and the form that saves the current filters. */
export function SavedViews({ ctx, views, current, error, name }: { ctx: PageContext; views: readonly SavedViewRecord[]; current: string; error?: string; name?: string }) {
  return (
    <section class="card views" aria-labelledby="views-heading">
      <h2 id="views-heading">Saved views</h2>
      {views.length === 0 ? (
        <p class="muted small">No saved views yet: choose filters, show the posts, then save the view under a name.</p>
      ) : (
        <ul class="views">
          {views.map((view) => (
            <li>
              <a href={ctx.href(`/dashboard/posts${view.query === '' ? '' : `?${view.query}`}`)} aria-current={view.query === current ? 'true' : undefined}>
                {view.name}
              </a>
              <details>
                <summary>
                  Rename or delete<span class="sr-only"> the view {view.name}</span>
                </summary>
                <PostForm ctx={ctx} action={`/dashboard/views/${view.id}/rename`} class="row" label={`Rename the view ${view.name}`}>
                  <input type="hidden" name="back" value={current} />
                  <label for={`view-${view.id}-name`}>New name</label>
                  <input id={`view-${view.id}-name`} name="name" value={view.name} maxlength={SAVED_VIEW_NAME_MAX} required />
                  <button type="submit" class="secondary">
                    Rename
                  </button>
                </PostForm>
                <PostForm ctx={ctx} action={`/dashboard/views/${view.id}/delete`} class="row" label={`Delete the view ${view.name}`}>
                  <input type="hidden" name="back" value={current} />
                  <button type="submit" class="danger">
                    Delete this view
                  </button>
                </PostForm>
              </details>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <div class="notice error" role="alert" id="view-error">
          Nothing was saved: {error}
        </div>
      ) : null}
      <PostForm ctx={ctx} action="/dashboard/views" class="row" label="Save this view">
        <input type="hidden" name="query" value={current} />
        <label for="view-name">Name of this view</label>
        <input id="view-name" name="name" maxlength={SAVED_VIEW_NAME_MAX} required value={name ?? ''} />
        <button type="submit">Save this view</button>
      </PostForm>
    </section>
  );
}

