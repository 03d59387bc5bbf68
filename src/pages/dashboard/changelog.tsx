/**
 * The dashboard's changelog (docs/changelog.md): a board's entries, scheduled and published, and
 * the form that writes one: a title, a Markdown body, the board's posts it links (shipped ones
 * first) and when it is published (now, or at a date and time in UTC). A refused form is shown
 * again with what was sent and why, and nothing is stored. An entry opens as the public will read
 * it, with a form that edits it (its time too, while it waits) and a button that deletes it after
 * a confirmation; another organization's entry, or one of another board, is not found.
 */
import type { ChangelogEntryRecord } from '../../domain/changelog-entries.js';
import type { ChangelogEntry, Post } from '../../domain/responses.js';
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { PageContext } from '../context.js';
import { day, PostForm } from '../layout.js';
import { Markdown } from '../markdown.js';
import { notFoundPage, redirect } from '../respond.js';
import type { Route } from '../route.js';
import { counted, dashPage, idOf } from './frame.js';

/** Posts of the board the form offers to link: the shipped ones first, newest first. */
const POSTS_OFFERED = 100;

/** What a refused form sent, shown back with the reason. */
interface Sent {
  title: string;
  body: string;
  postIds: number[];
  /** `now` or `later` for a new entry; `keep`, `now` or `later` for a scheduled one. */
  when: string;
  at: string;
  message: string;
}

/** What an entry form shows: a new entry's, a refused form's, or the entry's own. */
type Shown = Omit<Sent, 'message'>;

const base = (slug: string) => `/dashboard/changelog/${encodeURIComponent(slug)}`;

/** "Scheduled for …" or "Published …", in UTC. */
const stateOf = (entry: ChangelogEntry) =>
  entry.state === 'published' ? `Published ${when(entry.published_at!)}` : `Scheduled for ${when(entry.publish_at!)}`;
const when = (iso: string) => `${day(iso)}, ${iso.slice(11, 16)} UTC`;

/** The board's posts, shipped first (newest shipped first), then the others newest first. */
async function postsOffered(ctx: PageContext, slug: string): Promise<Post[]> {
  const shipped = (await ctx.team.api.posts.list(slug, { status: 'shipped', sort: 'new', limit: String(POSTS_OFFERED) })).posts;
  const others = (await ctx.team.api.posts.list(slug, { sort: 'new', limit: String(POSTS_OFFERED) })).posts.filter((post) => post.status !== 'shipped');
  const byShipping = [...shipped].sort((a, b) => (b.shipped_at ?? '').localeCompare(a.shipped_at ?? ''));
  return [...byShipping, ...others].slice(0, POSTS_OFFERED);
}

/**
 * The fields of an entry's form: title, body, the posts it links and, for a new entry or one that
 * waits (`scheduledFor`, its time), when it is published; a published entry keeps its time.
 */
function EntryFields({ shown, posts, scheduledFor }: { shown: Shown; posts: Post[]; scheduledFor: string | null | undefined }) {
  const checked = new Set(shown.postIds);
  // A linked post no longer among those offered stays linked, by its number.
  const offered = new Set(posts.map((post) => post.id));
  const kept = shown.postIds.filter((id) => !offered.has(id));
  return (
    <>
      <div class="field">
        <label for="entry-title">Title</label>
        <input id="entry-title" name="title" required maxlength={200} value={shown.title} />
      </div>
      <div class="field">
        <label for="entry-body">What shipped (Markdown)</label>
        <textarea id="entry-body" name="body" rows={6} required maxlength={20000}>
          {shown.body}
        </textarea>
      </div>
      <fieldset class="choices">
        <legend>{scheduledFor === null ? 'Posts it is about' : 'Posts it is about (their followers are mailed once, when it is published)'}</legend>
        {posts.length === 0 && kept.length === 0 ? <p class="muted small">The board has no posts yet.</p> : null}
        {posts.map((post) => (
          <label class="check">
            <input type="checkbox" name="post_ids" value={String(post.id)} checked={checked.has(post.id)} />
            <span>
              <span class="user-text">{post.title}</span> <span class="muted small">{post.status === 'shipped' ? `shipped ${day(post.shipped_at)}` : post.status.replace('_', ' ')}</span>
            </span>
          </label>
        ))}
        {kept.map((id) => (
          <label class="check">
            <input type="checkbox" name="post_ids" value={String(id)} checked /> <span>Post #{id}</span>
          </label>
        ))}
      </fieldset>
      {scheduledFor === null ? null : (
        <fieldset class="choices">
          <legend>Publish</legend>
          {scheduledFor === undefined ? null : (
            <label class="check">
              <input type="radio" name="when" value="keep" checked={shown.when === 'keep'} /> <span>As planned, {when(scheduledFor)}</span>
            </label>
          )}
          <label class="check">
            <input type="radio" name="when" value="now" checked={shown.when === 'now'} /> <span>Now</span>
          </label>
          <label class="check">
            <input type="radio" name="when" value="later" checked={shown.when === 'later'} /> <span>At a date and time (UTC)</span>
          </label>
          <div class="field">
            <label for="entry-at">Date and time, UTC</label>
            <input id="entry-at" name="at" type="datetime-local" step={1} value={shown.at} />
          </div>
        </fieldset>
      )}
    </>
  );
}

/** GET /dashboard/changelog[/{slug}]: the board's entries and the form; the first board when none is named. */
async function changelogPage(ctx: PageContext, slug: string | undefined, sent?: Sent): Promise<Response> {
  const { boards } = await ctx.team.api.boards.list();
  const board = slug === undefined ? boards[0] : boards.find((b) => b.slug === slug);
  if (slug !== undefined && !board) return notFoundPage(ctx);
  if (!board) {
    return dashPage(ctx, 'changelog', 'Changelog', <><h1>Changelog</h1><p class="card muted">Create a board first: entries are written on a board.</p></>);
  }
  const [{ entries, total }, posts] = await Promise.all([ctx.team.api.changelog.entries(board.slug, { limit: '100' }), postsOffered(ctx, board.slug)]);
  const titles = new Map(posts.map((post) => [post.id, post.title]));
  return dashPage(
    ctx,
    'changelog',
    `Changelog · ${board.name}`,
    <>
      <h1>Changelog</h1>
      <p class="lead">
        Entries tell voters what shipped. A published entry shows on the board's changelog page and feed beside the shipped posts, and each
        follower of the posts it links gets one mail about it.
      </p>
      {boards.length > 1 ? (
        <nav aria-label="Boards" class="small">
          Board:{' '}
          {boards.map((b, i) => (
            <>
              {i > 0 ? ' · ' : null}
              <a href={ctx.href(base(b.slug))} aria-current={b.id === board.id ? 'page' : undefined}>
                {b.name}
              </a>
            </>
          ))}
        </nav>
      ) : null}
      {sent ? (
        <div class="notice error" role="alert" id="entry-error">
          {sent.message}. Nothing was saved.
        </div>
      ) : null}
      <PostForm ctx={ctx} action={base(board.slug)} class="card" label="New changelog entry">
        <h2 class="h3">New entry on {board.name}</h2>
        <EntryFields shown={sent ?? { title: '', body: '', postIds: [], when: 'now', at: '' }} posts={posts} scheduledFor={undefined} />
        <button type="submit">Save entry</button>
      </PostForm>
      <h2 class="h3">Entries</h2>
      {total === 0 ? (
        <p class="card muted">No entry yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">State</th>
              <th scope="col">Posts</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr>
                <td class="title">
                  <a class="user-text" href={ctx.href(`${base(board.slug)}/entries/${entry.id}`)}>
                    {entry.title}
                  </a>
                </td>
                <td>{stateOf(entry)}</td>
                <td>
                  {counted(entry.post_ids.length, 'post')}
                  {entry.post_ids.length > 0 ? (
                    <span class="muted small user-text"> ({entry.post_ids.map((id) => titles.get(id) ?? `#${id}`).join(', ')})</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>,
    sent ? 422 : 200,
  );
}

/** What an entry's form sent; the message of a choice the form itself can refuse, or null. */
function readForm(form: FormData): { shown: Shown; refusal: string | null } {
  const text = (name: string) => String(form.get(name) ?? '');
  const postIds = form.getAll('post_ids').map(idOf);
  const shown = { title: text('title'), body: text('body'), postIds: postIds.filter((id): id is number => id !== null), when: text('when'), at: text('at') };
  const refusal = postIds.includes(null)
    ? 'A post chosen is not a post of the board'
    : shown.when === 'later' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(shown.at)
      ? 'Give the date and time to publish it at'
      : null;
  return { shown, refusal };
}

/**
 * Runs a write of the form; a refusal of the service is shown by `refuse` with the field it names,
 * and an entry or board that is gone is not found. Null once it is done.
 */
async function attempt(ctx: PageContext, refuse: (message: string) => Promise<Response>, write: () => Promise<unknown>): Promise<Response | null> {
  try {
    await write();
    return null;
  } catch (error) {
    if (!isFeedbackBoardError(error)) throw error;
    if (error.code === 'not_found') return notFoundPage(ctx);
    if (error.code !== 'validation_error') throw error;
    const detail = error.details?.[0];
    return refuse(detail ? `${detail.path === 'post_ids' ? 'Posts' : capitalized(detail.path)}: ${detail.message}` : error.message);
  }
}

/** POST /dashboard/changelog/{slug}: writes the entry; a refusal shows the form again with the reason. */
async function createAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const { shown, refusal } = readForm(form);
  const refuse = (message: string) => changelogPage(ctx, slug, { ...shown, message });
  if (refusal) return refuse(refusal);
  const refused = await attempt(ctx, refuse, () =>
    ctx.team.api.changelog.createEntry(slug, {
      title: shown.title,
      body: shown.body,
      post_ids: shown.postIds,
      ...(shown.when === 'later' ? { publish_at: `${shown.at}Z` } : {}),
    }),
  );
  return refused ?? redirect(ctx, base(slug), 'saved');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace('_', ' ');

/** The board and its entry `id`, or null when either is not the organization's (or of each other). */
async function boardEntry(ctx: PageContext, slug: string, id: string) {
  const entryId = idOf(id);
  const board = await ctx.board.storage.transaction('read', (tx) => tx.getBoardBySlug(ctx.team.organizationId, slug));
  const entry = entryId === null || !board ? null : await ctx.board.storage.transaction('read', (tx) => tx.getChangelogEntry(entryId));
  return board && entry && entry.organization_id === ctx.team.organizationId && entry.board_id === board.id ? { board, entry } : null;
}

const entryPath = (slug: string, entry: ChangelogEntryRecord) => `${base(slug)}/entries/${entry.id}`;

/**
 * GET …/entries/{id}: the entry as the public will read it, then the form that edits it and the
 * way to delete it; another organization's or board's entry is not found.
 */
async function entryPage(ctx: PageContext, slug: string, id: string, sent?: Sent): Promise<Response> {
  const found = await boardEntry(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const { board, entry } = found;
  const state = entry.published_at === null ? `Scheduled for ${when(entry.publish_at!)}` : `Published ${when(entry.published_at)}`;
  const posts = await postsOffered(ctx, board.slug);
  const shown: Shown = sent ?? { title: entry.title, body: entry.body, postIds: [...entry.post_ids], when: 'keep', at: '' };
  return dashPage(
    ctx,
    'changelog',
    entry.title,
    <>
      <p class="small">
        <a href={ctx.href(base(slug))}>← Changelog of {board.name}</a>
      </p>
      <article class="card">
        <p class="muted small">{state}</p>
        <h1 class="h2 user-text">{entry.title}</h1>
        <Markdown text={entry.body} />
        <p class="muted small">{counted(entry.post_ids.length, 'linked post')}</p>
      </article>
      {sent ? (
        <div class="notice error" role="alert" id="entry-error">
          {sent.message}. Nothing was saved.
        </div>
      ) : null}
      <PostForm ctx={ctx} action={entryPath(slug, entry)} class="card" label="Edit this entry">
        <h2 class="h3">Edit this entry</h2>
        {entry.published_at === null ? null : (
          <p class="muted small">It is published: it keeps its time, and its followers are not mailed again.</p>
        )}
        <EntryFields shown={shown} posts={posts} scheduledFor={entry.published_at === null ? entry.publish_at : null} />
        <button type="submit">Save changes</button>
      </PostForm>
      <p>
        <a class="button secondary" href={ctx.href(`${entryPath(slug, entry)}/delete`)}>
          Delete this entry…
        </a>
      </p>
    </>,
    sent ? 422 : 200,
  );
}

/** POST …/entries/{id}: saves the form; a refusal shows it again with the reason, and nothing changes. */
async function updateAction(ctx: PageContext, slug: string, id: string, form: FormData): Promise<Response> {
  const found = await boardEntry(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const { entry } = found;
  const { shown, refusal } = readForm(form);
  const refuse = (message: string) => entryPage(ctx, slug, id, { ...shown, message });
  if (refusal) return refuse(refusal);
  const waits = entry.published_at === null;
  const time = !waits || shown.when === 'keep' ? {} : { publish_at: shown.when === 'later' ? `${shown.at}Z` : null };
  const refused = await attempt(ctx, refuse, () =>
    ctx.team.api.changelog.updateEntry(slug, entry.id, { title: shown.title, body: shown.body, post_ids: shown.postIds, ...time }),
  );
  return refused ?? redirect(ctx, entryPath(slug, entry), 'saved');
}

/** GET …/entries/{id}/delete: what deleting the entry does, and the button that does it. */
async function deletePage(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const found = await boardEntry(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const { board, entry } = found;
  return dashPage(
    ctx,
    'changelog',
    `Delete ${entry.title}`,
    <>
      <p class="small">
        <a href={ctx.href(entryPath(slug, entry))}>← Back to the entry</a>
      </p>
      <h1>Delete this entry?</h1>
      <div class="card">
        <p>
          <strong class="user-text">{entry.title}</strong>{' '}
          {entry.published_at === null
            ? `is scheduled for ${when(entry.publish_at!)}. Deleted, it is never published, and no one is mailed about it.`
            : `leaves the changelog page and feed of ${board.name}. Followers not mailed about it yet are not mailed; mail already sent stays sent.`}
        </p>
        <p>It cannot be undone.</p>
        <PostForm ctx={ctx} action={`${entryPath(slug, entry)}/delete`} label="Delete this entry">
          <button type="submit" class="danger">
            Delete the entry
          </button>{' '}
          <a class="button secondary" href={ctx.href(entryPath(slug, entry))}>
            Keep it
          </a>
        </PostForm>
      </div>
    </>,
  );
}

/** POST …/entries/{id}/delete: deletes the entry, back to the board's changelog. */
async function deleteAction(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const found = await boardEntry(ctx, slug, id);
  if (!found) return notFoundPage(ctx);
  const refused = await attempt(ctx, () => deletePage(ctx, slug, id), () => ctx.team.api.changelog.deleteEntry(slug, found.entry.id));
  return refused ?? redirect(ctx, base(slug), 'deleted');
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the dashboard's changelog. */
export const changelogRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard/changelog'), handler: (ctx) => changelogPage(ctx, undefined) },
  { method: 'GET', pattern: path('/dashboard/changelog/:p'), handler: (ctx, [slug]) => changelogPage(ctx, decodeURIComponent(slug!)) },
  { method: 'POST', pattern: path('/dashboard/changelog/:p'), handler: (ctx, [slug], form) => createAction(ctx, decodeURIComponent(slug!), form) },
  { method: 'GET', pattern: path('/dashboard/changelog/:p/entries/:p'), handler: (ctx, [slug, id]) => entryPage(ctx, decodeURIComponent(slug!), id!) },
  { method: 'POST', pattern: path('/dashboard/changelog/:p/entries/:p'), handler: (ctx, [slug, id], form) => updateAction(ctx, decodeURIComponent(slug!), id!, form) },
  { method: 'GET', pattern: path('/dashboard/changelog/:p/entries/:p/delete'), handler: (ctx, [slug, id]) => deletePage(ctx, decodeURIComponent(slug!), id!) },
  { method: 'POST', pattern: path('/dashboard/changelog/:p/entries/:p/delete'), handler: (ctx, [slug, id]) => deleteAction(ctx, decodeURIComponent(slug!), id!) },
];
