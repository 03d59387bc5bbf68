/**
 * The dashboard's posts list: a board's posts, filtered (docs/pages.md, "Filters and saved
 * views") and sorted, with the team's saved views above it and bulk actions below it. Everything
 * the filters say lives in the query string, so a link, the pager, a saved view and the bulk
 * actions' way back all keep them.
 */
import type { Board } from '../../domain/responses.js';
import type { PageContext } from '../context.js';
import { PostForm, STATUS_TEXT, STATUSES } from '../layout.js';
import { LabelBadge, labelText } from '../status-labels.js';
import { BulkCheckbox, BulkControls, BulkSelectAll } from './bulk.js';
import { counted, dashPage } from './frame.js';
import {
  checkFilters,
  filteredPosts,
  filterQuery,
  listRefusal,
  rawFilters,
  SORTS,
  type FilterChoices,
  type ListedPost,
  type RawFilters,
} from './post-filters.js';
import { statusesByCategory } from './status-select.js';
import { SavedViews } from './saved-views.js';

const PAGE_SIZE = 50;

/** What the page is asked to show instead of its own URL's: a refused view form's filters and reason. */
export interface ListOverride {
  query: string;
  viewError: string;
  viewName?: string;
}

export async function postsPage(ctx: PageContext, override?: ListOverride): Promise<Response> {
  const params = override ? new URLSearchParams(override.query) : ctx.url.searchParams;
  const raw = rawFilters(params);
  const boards = (await ctx.team.api.boards.list()).boards;
  const board = raw.board === '' ? boards[0] : boards.find((b) => b.slug === raw.board);
  const { statuses } = await ctx.team.api.statuses.list();
  const organizationId = ctx.options.organizationId;
  const { companies, tags, fields, views } = await ctx.board.storage.transaction('read', async (tx) => ({
    companies: await tx.listCompanies(organizationId),
    tags: board ? await tx.listTags(board.id) : [],
    fields: board ? await tx.listFields(board.id) : [],
    views: await tx.listSavedViews(organizationId),
  }));
  const choices: FilterChoices = { statuses, companies, tags, fields };
  const checked = checkFilters(raw, choices);
  const errors = Array.isArray(checked) ? [...checked] : [];
  if (raw.board !== '' && !board) errors.unshift(`There is no board “${raw.board}”.`);
  const pageNumber = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 10_000);
  let list: { posts: ListedPost[]; total: number } = { posts: [], total: 0 };
  if (board && errors.length === 0 && !Array.isArray(checked)) {
    try {
      list = await filteredPosts(ctx, board.slug, checked, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE);
    } catch (error) {
      errors.push(listRefusal(error));
    }
  }
  const sort = Array.isArray(checked) ? (SORTS.find((s) => s.value === raw.sort) ?? SORTS[0]) : checked.sort;
  const revenue = sort.value === 'revenue';
  const current = filterQuery(raw);
  const paged = filterQuery({ ...raw, sort: sort.value });
  const link = (n: number) => ctx.href(`/dashboard/posts?${paged}&page=${n}`);
  const narrowed = filterQuery(raw, ['board', 'sort']) !== '';
  return dashPage(
    ctx,
    'posts',
    'Posts',
    <>
      <h1>Posts</h1>
      <SavedViews ctx={ctx} views={views} current={current} error={override?.viewError} name={override?.viewName} />
      <FilterForm ctx={ctx} raw={raw} boards={boards} board={board} choices={choices} />
      {errors.length > 0 ? (
        <div class="notice error" role="alert" id="filter-errors">
          <p>No posts are shown: {errors.length === 1 ? 'a filter cannot be used.' : 'some filters cannot be used.'}</p>
          <ul>
            {errors.map((error) => (
              <li>{error}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p class="muted small" role="status">
          {counted(list.total, 'post')}
          {narrowed ? ' match the filters' : ''}, {sort.caption}.
        </p>
      )}
      <PostForm ctx={ctx} action="/dashboard/posts/bulk" label="Bulk action">
        <input type="hidden" name="board" value={board?.slug ?? ''} />
        <input type="hidden" name="view" value={filterQuery(raw, ['board'])} />
        <table>
          <thead>
            <tr>
              <th scope="col">
                <BulkSelectAll posts={list.posts} />
              </th>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Votes</th>
              {revenue || list.posts.some((p) => p.company_revenue !== undefined) ? <th scope="col">Company revenue</th> : null}
              <th scope="col">Flags</th>
            </tr>
          </thead>
          <tbody>
            {list.posts.map((post) => (
              <tr>
                <td>
                  <BulkCheckbox post={post} />
                </td>
                <td class="title">
                  <a href={ctx.href(`/dashboard/posts/${post.id}`)}>{post.title}</a>
                  {post.tags.length > 0 ? <span class="muted small"> · {post.tags.map((t) => t.name).join(', ')}</span> : null}
                </td>
                <td>
                  <LabelBadge label={post.status_label} status={post.status} />
                </td>
                <td>{post.vote_count}</td>
                {revenue || list.posts.some((p) => p.company_revenue !== undefined) ? <td>{(post.company_revenue ?? 0).toLocaleString('en-US')}</td> : null}
                <td class="small">{[post.hidden ? 'hidden' : '', post.pinned ? 'pinned' : ''].filter(Boolean).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.posts.length > 0 ? <BulkControls statuses={statuses} /> : null}
      </PostForm>
      <nav class="pager" aria-label="Pages">
        {pageNumber > 1 ? <a href={link(pageNumber - 1)}>← Previous page</a> : <span />}
        {list.total > pageNumber * PAGE_SIZE ? <a href={link(pageNumber + 1)}>Next page →</a> : <span />}
      </nav>
    </>,
    override ? 422 : errors.length > 0 ? 400 : 200,
    // The colours of the badges shown: the select's options show names only.
    list.posts.map((post) => post.status_label),
  );
}

/** The filter form: every control labelled, sent as GET parameters (a link to the list as filtered). */
function FilterForm({ ctx, raw, boards, board, choices }: { ctx: PageContext; raw: RawFilters; boards: readonly Board[]; board: Board | undefined; choices: FilterChoices }) {
  const fieldHint = choices.fields.length === 0 ? 'This board has no custom fields.' : `Custom field filter written key:value; this board's fields: ${choices.fields.map((f) => f.key).join(', ')}.`;
  return (
    <>
      <form class="filters" method="get" action={ctx.href('/dashboard/posts')} aria-label="Filter the posts">
        <div class="field">
          <label for="board">Board</label>
          <select id="board" name="board">
            {boards.map((b) => (
              <option value={b.slug} selected={b.slug === board?.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-status">Status category</label>
          <select id="filter-status" name="status">
            <option value="">Any</option>
            {STATUSES.map((status) => (
              <option value={status} selected={status === raw.status}>
                {STATUS_TEXT[status]}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-label">Status</label>
          <select id="filter-label" name="status_label">
            <option value="">Any</option>
            {statusesByCategory(choices.statuses).map((group) => (
              <optgroup label={STATUS_TEXT[group.category]}>
                {group.statuses.map((status) => (
                  <option value={String(status.id)} selected={String(status.id) === raw.status_label}>
                    {labelText(status, status.category)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <FilterSelect id="filter-tag" name="tag" label="Tag" value={raw.tag} options={choices.tags.map((tag) => ({ value: tag.slug, text: tag.name }))} />
        <FilterSelect
          id="filter-company"
          name="company"
          label="Company of a voter"
          value={raw.company}
          options={choices.companies.map((company) => ({ value: company.id, text: company.name }))}
        />
        <div class="field">
          <label for="filter-revenue">Minimum company revenue</label>
          <input id="filter-revenue" name="min_revenue" inputmode="numeric" size={10} value={raw.min_revenue} />
        </div>
        <div class="field">
          <label for="filter-after">Created on or after</label>
          <input id="filter-after" name="created_after" type="date" value={raw.created_after} />
        </div>
        <div class="field">
          <label for="filter-before">Created before</label>
          <input id="filter-before" name="created_before" type="date" value={raw.created_before} />
        </div>
        <div class="field">
          <label for="filter-field">Custom field</label>
          <input id="filter-field" name="field" size={14} placeholder="plan:Pro" value={raw.field} aria-describedby="filter-field-hint" />
        </div>
        <div class="field">
          <label for="sort">Sort</label>
          <select id="sort" name="sort">
            {SORTS.map((s) => (
              <option value={s.value} selected={s.value === (raw.sort || 'new')}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
        {filterQuery(raw, ['board', 'sort']) !== '' ? (
          <a class="button secondary" href={ctx.href(`/dashboard/posts?${new URLSearchParams({ board: board?.slug ?? '' }).toString()}`)}>
            Clear filters
          </a>
        ) : null}
      </form>
      <p id="filter-field-hint" class="muted small filters-hint">
        {fieldHint}
      </p>
    </>
  );
}

/**
 * A filter chosen from a list, "Any" first; a value the list does not offer (a tag or company
 * since removed) stays chosen, so the page says which filter it could not use.
 */
function FilterSelect(props: { id: string; name: string; label: string; value: string; options: readonly { value: string; text: string }[] }) {
  const { id, name, label, value, options } = props;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={name}>
        <option value="">Any</option>
        {value !== '' && !options.some((o) => o.value === value) ? (
          <option value={value} selected>
            {value}
          </option>
        ) : null}
        {options.map((o) => (
          <option value={o.value} selected={o.value === value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
