/**
 * The issues of a post on the dashboard's post page (docs/integrations.md, "Issues from posts"):
 * its links (provider, the issue's key and title, its state, a link to it), the calls that make
 * or read them with the tracker's own words when one failed, and two forms, "Create an issue"
 * (through one of the organization's active connections, its title and text prefilled from the
 * post) and "Link an issue" (its URL or key). Both go through the team side with the API's rules:
 * a refusal (an unknown connection, another organization's, an inactive one, a URL that is not
 * one of its issues) answers the post page with the API's reason and queues nothing. Both forms
 * are CSRF-checked like every dashboard form.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { IntegrationCallRecord } from '../../domain/integrations.js';
import type { Post, PostLink } from '../../domain/responses.js';
import type { IntegrationConnection } from '../../domain/team-responses.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import type { Route } from '../route.js';
import { idOf } from './frame.js';
import { PROVIDER_NAMES, PURPOSES } from './integrations.js';

/** The post's calls shown, and the organization's recent calls read to find them (newest first). */
const CALLS_SHOWN = 5;
const CALLS_READ = 200;

/** What the links section shows of the post: its links, the connections it may use, its recent calls, and a refusal to show. */
export interface PostLinksView {
  links: PostLink[];
  connections: IntegrationConnection[];
  calls: IntegrationCallRecord[];
  refusal: string | null;
}

/** Reads what the post's links section shows; `refusal` is the reason a link form was just refused. */
export async function postLinksView(ctx: PageContext, post: Post & { links: PostLink[] }, refusal: string | null = null): Promise<PostLinksView> {
  const [{ connections }, calls] = await Promise.all([
    ctx.team.api.integrations.listConnections(),
    ctx.board.storage.transaction('read', (tx) => tx.listIntegrationCalls(ctx.team.organizationId, CALLS_READ)),
  ]);
  return {
    links: post.links,
    connections: connections.filter((c) => c.active && c.has_token),
    calls: calls.filter((call) => call.post_id === post.id && call.connection_id !== null).slice(0, CALLS_SHOWN),
    refusal,
  };
}

/** How people name an issue: `owner/repo#12` on GitHub, `group/project#12` on GitLab, `ENG-123` on Linear; else its URL. */
export function issueKey(link: Pick<PostLink, 'provider' | 'url'>): string {
  const path = URL.canParse(link.url) ? new URL(link.url).pathname : '';
  const match =
    link.provider === 'linear'
      ? /\/issue\/([A-Za-z0-9]+-\d+)/.exec(path)
      : link.provider === 'github'
        ? /^\/([^/]+\/[^/]+)\/issues\/(\d+)/.exec(path)
        : /^\/(.+?)(?:\/-)?\/(?:issues|work_items)\/(\d+)/.exec(path);
  if (!match) return link.url;
  return match[2] === undefined ? match[1]! : `${match[1]}#${match[2]}`;
}

/** The tracker's URL as a link only when it is http(s): a tracker's answer is not trusted to be one. */
function IssueLink(props: { link: PostLink }) {
  const { link } = props;
  const key = issueKey(link);
  return /^https?:\/\//i.test(link.url) ? <a href={link.url}>{key}</a> : <span>{key}</span>;
}

/** The choice of connection a link form goes through. */
function TrackerField(props: { id: string; connections: IntegrationConnection[] }) {
  return (
    <div class="field">
      <label for={props.id}>Tracker</label>
      <select id={props.id} name="connection_id">
        {props.connections.map((c) => (
          <option value={String(c.id)}>
            {c.label}
            {c.target ? ` (${c.target})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The post page's "Issues" section: links, recent calls, and the two forms. */
export function PostLinksSection(props: { ctx: PageContext; postId: number; post: Pick<Post, 'title' | 'body'>; view: PostLinksView }) {
  const { ctx, postId, post, view } = props;
  const base = `/dashboard/posts/${postId}/links`;
  const names = new Map(view.connections.map((c) => [c.id, c.label]));
  return (
    <section aria-labelledby="post-issues">
      <h2 id="post-issues">Issues</h2>
      {view.refusal !== null ? (
        <div class="notice error" role="alert">
          <strong>Nothing was sent:</strong> {view.refusal}
        </div>
      ) : null}
      {view.links.length === 0 ? <p class="muted">No issue is linked to this post.</p> : null}
      {view.links.length > 0 ? (
        <table class="attempts">
          <thead>
            <tr>
              <th scope="col">Tracker</th>
              <th scope="col">Issue</th>
              <th scope="col">Title</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {view.links.map((link) => (
              <tr>
                <td>{PROVIDER_NAMES[link.provider]}</td>
                <td class="nowrap">
                  <IssueLink link={link} />
                </td>
                <td>{link.title}</td>
                <td>
                  <span class={`badge ${link.state === 'open' ? 'status-planned' : 'status-shipped'}`}>{link.state === 'open' ? 'Open' : 'Closed'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {view.calls.length > 0 ? <p class="muted small">Recent calls to the trackers, newest first:</p> : null}
      {view.calls.length > 0 ? (
        <ul class="small">
          {view.calls.map((call) => (
            <li>
              {PURPOSES[call.purpose]} through {names.get(call.connection_id!) ?? `connection #${call.connection_id}`}:{' '}
              <span class={`badge delivery-${call.status}`}>{call.status}</span>
              {call.last_error ? <> {call.last_error}</> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {view.connections.length === 0 ? (
        <p class="muted small">
          No active connection with a token: connect an issue tracker on the <a href={ctx.href('/dashboard/integrations')}>Integrations</a> page to create or link
          issues.
        </p>
      ) : (
        <div class="columns">
          <PostForm ctx={ctx} action={`${base}/create`} class="card" label="Create an issue">
            <h3>Create an issue</h3>
            <TrackerField id="issue-connection" connections={view.connections} />
            <div class="field">
              <label for="issue-title">Title</label>
              <input id="issue-title" name="title" required maxlength={200} value={post.title} />
            </div>
            <div class="field">
              <label for="issue-body">Text</label>
              <textarea id="issue-body" name="body" rows={5}>
                {post.body}
              </textarea>
            </div>
            <p class="muted small">A link back to this post, and how a pull request names it, are added after the text.</p>
            <button type="submit">Create the issue</button>
          </PostForm>
          <PostForm ctx={ctx} action={`${base}/link`} class="card" label="Link an issue">
            <h3>Link an issue</h3>
            <TrackerField id="link-connection" connections={view.connections} />
            <div class="field">
              <label for="link-url">The issue's URL or key (#12, owner/repo#12, ENG-123)</label>
              <input id="link-url" name="url" required maxlength={2000} autocomplete="off" />
            </div>
            <button type="submit">Link the issue</button>
          </PostForm>
        </div>
      )}
    </section>
  );
}

/**
 * POST: creates or links an issue through the team side. Queued, the post page says so and shows
 * the call; refused (a validation error or a connection that is not the organization's), the post
 * page answers 422 with the API's reason, and nothing is queued.
 */
async function linkAction(ctx: PageContext, id: string, form: FormData, action: 'create' | 'link', postPage: PostPage): Promise<Response> {
  const postId = idOf(id);
  if (postId === null) return notFoundPage(ctx);
  const board = await ctx.team.posts.boardOf(postId);
  const text = (name: string) => String(form.get(name) ?? '');
  const connection_id = Number(text('connection_id'));
  try {
    await ctx.team.api.posts.link(
      board.slug,
      postId,
      action === 'create' ? { connection_id, action: 'create', title: text('title'), body: text('body') } : { connection_id, url: text('url').trim() },
    );
  } catch (error) {
    if (isFeedbackBoardError(error) && (error.code === 'validation_error' || error.code === 'not_found')) {
      const page = await postPage(ctx, id, error.message);
      return new Response(page.body, { status: 422, headers: page.headers });
    }
    throw error;
  }
  return redirect(ctx, `/dashboard/posts/${postId}`, 'saved');
}

/** The post page, with a refusal of a link form to show. */
type PostPage = (ctx: PageContext, id: string, linkRefusal?: string) => Promise<Response>;

const path = (source: string) => new RegExp(`^${source.replaceAll(':p', '([^/]+)')}$`);

/** The routes of the post page's two link forms, answering with `postPage` when refused. */
export function postLinkRoutes(postPage: PostPage): Route[] {
  return [
    { method: 'POST', pattern: path('/dashboard/posts/:p/links/create'), handler: (ctx, [id], form) => linkAction(ctx, id!, form, 'create', postPage) },
    { method: 'POST', pattern: path('/dashboard/posts/:p/links/link'), handler: (ctx, [id], form) => linkAction(ctx, id!, form, 'link', postPage) },
  ];
}
