/** The frame of every page: head, header with navigation and who is signed in, main, footer. */
import type { Child } from 'hono/jsx';
import type { PageContext } from './context.js';

/** The hidden CSRF field of a form that changes something. */
export function Csrf({ ctx }: { ctx: PageContext }) {
  return <input type="hidden" name="csrf" value={ctx.csrf} />;
}

/** A POST form with its CSRF field. */
export function PostForm(props: { ctx: PageContext; action: string; class?: string; children?: Child; label?: string }) {
  return (
    <form method="post" action={props.ctx.href(props.action)} class={props.class} aria-label={props.label}>
      <Csrf ctx={props.ctx} />
      {props.children}
    </form>
  );
}

/** Navigation entries of the header: label, path, and whether it is the current page. */
export interface NavItem {
  label: string;
  path: string;
  current?: boolean;
}

/**
 * What a page tells link previews and feed readers: Open Graph tags (title, description, its
 * absolute URL) and a feed to discover.
 */
export interface PageMeta {
  /** A plain-text description, cut to 200 characters. */
  description?: string;
  /** The page's own path (absolute URLs are made on the public origin). */
  path?: string;
  /** `article` for a post, `website` otherwise. */
  type?: 'website' | 'article';
  /** An Atom feed of this page: its title and path. */
  feed?: { title: string; path: string };
}

const cut = (text: string, length: number) => ([...text].length > length ? `${[...text].slice(0, length - 1).join('')}…` : text);

function MetaTags({ ctx, title, meta }: { ctx: PageContext; title: string; meta: PageMeta }) {
  const url = meta.path === undefined ? undefined : new URL(ctx.href(meta.path), ctx.origin).href;
  const description = meta.description?.trim() ? cut(meta.description.trim().replace(/\s+/g, ' '), 200) : undefined;
  return (
    <>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:site_name" content={ctx.siteName} />
      {url ? <meta property="og:url" content={url} /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      {description ? <meta property="og:description" content={description} /> : null}
      {meta.feed ? <link rel="alternate" type="application/atom+xml" title={meta.feed.title} href={ctx.href(meta.feed.path)} /> : null}
    </>
  );
}

export function Layout(props: { ctx: PageContext; title: string; nav?: NavItem[]; meta?: PageMeta; children?: Child }) {
  const { ctx } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${ctx.siteName}`}</title>
        {props.meta ? <MetaTags ctx={ctx} title={props.title} meta={props.meta} /> : null}
        <link rel="stylesheet" href={ctx.href('/assets/pages.css')} />
        {ctx.options.stylesheetUrl ? <link rel="stylesheet" href={ctx.options.stylesheetUrl} /> : null}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="site">
          <div class="bar">
            <a class="brand" href={ctx.href('/')}>
              {ctx.siteName}
            </a>
            {props.nav && props.nav.length > 0 ? (
              <nav aria-label="Board">
                {props.nav.map((item) => (
                  <a href={ctx.href(item.path)} aria-current={item.current ? 'page' : undefined}>
                    {item.label}
                  </a>
                ))}
              </nav>
            ) : null}
            <Who ctx={ctx} />
          </div>
        </header>
        <main id="main">{props.children}</main>
        <footer class="site">Powered by feedback-board</footer>
      </body>
    </html>
  );
}

function Who({ ctx }: { ctx: PageContext }) {
  const signedIn = ctx.member ?? ctx.voter;
  return (
    <div class="who">
      {ctx.member ? <a href={ctx.href('/dashboard')}>Dashboard</a> : null}
      {signedIn ? <span>Signed in as {signedIn.name || signedIn.email || 'voter'}</span> : null}
      {signedIn && !(ctx.voterFromApp && !ctx.member) ? (
        <PostForm ctx={ctx} action="/sign-out" class="inline" label="Sign out">
          <button type="submit" class="secondary">
            Sign out
          </button>
        </PostForm>
      ) : null}
      {!signedIn ? (
        <a class="button secondary" href={ctx.href(`/sign-in?next=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`)}>
          Sign in
        </a>
      ) : null}
    </div>
  );
}

/** A status as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{STATUS_TEXT[status] ?? status}</span>;
}

export const STATUS_TEXT: Record<string, string> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  shipped: 'Shipped',
  declined: 'Declined',
};

export const STATUSES = ['open', 'planned', 'in_progress', 'shipped', 'declined'] as const;

/** A date as `23 Nov 2026` (UTC). */
export function day(iso: string | null): string {
  if (!iso) return '';
  // By hand: toLocaleDateString builds a formatter on every call, which dominated page renders.
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A page's message, from a `notice` query parameter set by a redirect after a form. */
export function Notice({ ctx }: { ctx: PageContext }) {
  const text = NOTICES[ctx.url.searchParams.get('notice') ?? ''];
  if (!text) return null;
  return (
    <div class={`notice ${text[0]}`} role="status">
      {text[1]}
    </div>
  );
}

/** Fixed messages: a redirect names one, so no text from the URL is ever shown. */
const NOTICES: Record<string, [string, string]> = {
  voted: ['ok', 'Your vote was counted.'],
  unvoted: ['ok', 'Your vote was withdrawn.'],
  commented: ['ok', 'Your comment was posted.'],
  reacted: ['ok', 'Thanks for your reaction.'],
  signed_out: ['ok', 'You are signed out.'],
  signed_in: ['ok', 'You are signed in.'],
  confirmed: ['ok', 'The proposal was confirmed and the status changed.'],
  rejected: ['ok', 'The proposal was rejected; the status stays.'],
  saved: ['ok', 'Saved.'],
  revoked: ['ok', 'The key was revoked.'],
  agent_revoked: ['ok', 'The agent was disconnected: its next call is refused.'],
  secret_revoked: ['ok', 'The secret was revoked: tokens signed with it are refused from now on.'],
  deleted: ['ok', 'Deleted.'],
  test_sent: ['ok', 'A test event was queued; it is sent with the next deliveries.'],
  redelivered: ['ok', 'The message is due again; it is sent with the next deliveries.'],
  invalid: ['error', 'That did not work: please check the form and try again.'],
  sign_in_to_vote: ['', 'Sign in to vote, comment and react.'],
  sign_in_to_submit: ['', 'Sign in to submit your idea: it is kept, and you come back to it.'],
  submitted: ['ok', 'Your idea was posted. Your vote is counted and you follow it.'],
  followed: ['ok', 'You follow this post: you get an e-mail when its status changes.'],
  unfollowed: ['ok', 'You no longer follow this post.'],
  blocked: ['ok', 'The voter is blocked: they can no longer submit, vote, comment or react. What they wrote stays.'],
  unblocked: ['ok', 'The voter is no longer blocked.'],
  merged: ['ok', 'The post was merged into this one: its voters, comments and evidence are here now.'],
  unmerged: ['ok', 'The post is back as it was before the merge.'],
  merge_refused: ['error', 'That post cannot take this one: it is this post, a merged post, or not a post of your boards. Nothing changed.'],
  waiting_for_approval: ['ok', 'Thanks! Your post is waiting for approval: it appears once the team approves it.'],
  approved: ['ok', 'The post was approved and is now listed.'],
  post_rejected: ['ok', 'The post was rejected; it stays out of every list.'],
};
