/**
 * The dashboard's changelog (docs/changelog.md): a board's entries, scheduled and published, and
 * the form that writes one: a title, a Markdown body, the board's posts it links (shipped ones
 * first) and when it is published (now, or at a date and time in UTC). A refused form is shown
 * again with what was sent and why, and nothing is stored. An entry opens as the public will read
 * it; another organization's entry, or one of another board, is not found.
 */
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
  when: string;
  at: string;
  message: string;
}

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
  const checked = new Set(sent?.postIds ?? []);
  const later = sent?.when === 'later';
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
        <div class="field">
          <label for="entry-title">Title</label>
          <input id="entry-title" name="title" required maxlength={200} value={sent?.title ?? ''} />
        </div>
        <div class="field">
          <label for="entry-body">What shipped (Markdown)</label>
          <textarea id="entry-body" name="body" rows={6} required maxlength={20000}>
            {sent?.body ?? ''}
          </textarea>
        </div>
        <fieldset class="choices">
          <legend>Posts it is about (their followers are mailed once)</legend>
          {posts.length === 0 ? <p class="muted small">The board has no posts yet.</p> : null}
          {posts.map((post) => (
            <label class="check">
              <input type="checkbox" name="post_ids" value={String(post.id)} checked={checked.has(post.id)} />
              <span>
                <span class="user-text">{post.title}</span> <span class="muted small">{post.status === 'shipped' ? `shipped ${day(post.shipped_at)}` : post.status.replace('_', ' ')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset class="choices">
          <legend>Publish</legend>
          <label class="check">
            <input type="radio" name="when" value="now" checked={!later} /> <span>Now</span>
          </label>
          <label class="check">
            <input type="radio" name="when" value="later" checked={later} /> <span>At a date and time (UTC)</span>
          </label>
          <div class="field">
            <label for="entry-at">Date and time, UTC</label>
            <input id="entry-at" name="at" type="datetime-local" step={1} value={sent?.at ?? ''} />
          </div>
        </fieldset>
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

/** POST /dashboard/changelog/{slug}: writes the entry; a refusal shows the form again with the reason. */
async function createAction(ctx: PageContext, slug: string, form: FormData): Promise<Response> {
  const text = (name: string) => String(form.get(name) ?? '');
  const postIds = form.getAll('post_ids').map(idOf);
  const sent = { title: text('title'), body: text('body'), postIds: postIds.filter((id): id is number => id !== null), when: text('when'), at: text('at') };
  const refuse = (message: string) => changelogPage(ctx, slug, { ...sent, message });
  if (postIds.includes(null)) return refuse('A post chosen is not a post of the board');
  if (sent.when === 'later' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/.test(sent.at)) return refuse('Give the date and time to publish it at');
  try {
    await ctx.team.api.changelog.createEntry(slug, {
      title: sent.title,
      body: sent.body,
      post_ids: sent.postIds,
      ...(sent.when === 'later' ? { publish_at: `${sent.at}Z` } : {}),
    });
  } catch (error) {
    if (!isFeedbackBoardError(error)) throw error;
    if (error.code === 'not_found') return notFoundPage(ctx);
    if (error.code !== 'validation_error') throw error;
    const detail = error.details?.[0];
    return refuse(detail ? `${detail.path === 'post_ids' ? 'Posts' : capitalized(detail.path)}: ${detail.message}` : error.message);
  }
  return redirect(ctx, base(slug), 'saved');
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace('_', ' ');

/** GET …/entries/{id}: the entry as the public will read it; another organization's or board's is not found. */
async function entryPage(ctx: PageContext, slug: string, id: string): Promise<Response> {
  const entryId = idOf(id);
  const board = await ctx.board.storage.transaction('read', (tx) => tx.getBoardBySlug(ctx.team.organizationId, slug));
  const entry = entryId === null || !board ? null : await ctx.board.storage.transaction('read', (tx) => tx.getChangelogEntry(entryId));
  if (!board || !entry || entry.organization_id !== ctx.team.organizationId || entry.board_id !== board.id) return notFoundPage(ctx);
  const state = entry.published_at === null ? `Scheduled for ${when(entry.publish_at!)}` : `Published ${when(entry.published_at)}`;
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
    </>,
  );
}

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the dashboard's changelog. */
export const changelogRoutes: Route[] = [
  { method: 'GET', pattern: path('/dashboard/changelog'), handler: (ctx) => changelogPage(ctx, undefined) },
  { method: 'GET', pattern: path('/dashboard/changelog/:p'), handler: (ctx, [slug]) => changelogPage(ctx, decodeURIComponent(slug!)) },
  { method: 'POST', pattern: path('/dashboard/changelog/:p'), handler: (ctx, [slug], form) => createAction(ctx, decodeURIComponent(slug!), form) },
  { method: 'GET', pattern: path('/dashboard/changelog/:p/entries/:p'), handler: (ctx, [slug, id]) => entryPage(ctx, decodeURIComponent(slug!), id!) },
];
