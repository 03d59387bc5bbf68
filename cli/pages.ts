/**
 * What `serve` adds for people: the web pages at `/` beside the API, the organization's first
 * team member (created when there is none), the `team sign-in:` link printed at every start, and
 * e-mail (SMTP with `--smtp`, else sign-in links printed and no notification sent).
 */
import type { FeedbackBoard } from '../src/board.js';
import type { FetchHandler } from '../src/http/handler.js';
import { requestPath } from '../src/http/request-path.js';
import type { MailKind, Mailer } from '../src/mail/mailer.js';
import { createNodeWebhookFetch } from '../src/node/webhook-fetch.js';
import { signInLinkUrl } from '../src/pages/sign-in-link.js';
import { MCP_PATH } from './mcp-mount.js';

/** The team member `serve` creates for an organization that has none. */
export const FIRST_TEAM_MEMBER = { email: 'team@localhost', name: 'Team' } as const;

/** How the terminal names each kind of mail. */
const PRINTED_KINDS: Readonly<Record<MailKind, string>> = {
  'sign-in': 'sign-in link',
  test: 'test mail',
  follower: 'follower mail',
  rejection: 'rejection mail',
  status: 'status mail',
};

/** Text from a request or a post, safe to print on a terminal: no control characters, no direction overrides. */
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '?');

/**
 * A mailer for servers without SMTP: sends nothing and prints one line per mail, naming what it
 * is. A sign-in link is printed to be opened (`sign-in link for ADDRESS: URL`); any other mail by
 * its subject, with a reminder that it was not sent.
 */
export function printingMailer(write: (line: string) => void): Mailer {
  return {
    printsOnly: true,
    async send(message) {
      const to = printable(message.to);
      if (message.kind === 'sign-in') {
        const link = /https?:\/\/\S+/.exec(message.text)?.[0] ?? '(no link)';
        write(`sign-in link for ${to}: ${printable(link)}`);
        return;
      }
      const kind = message.kind === undefined ? 'mail' : PRINTED_KINDS[message.kind];
      write(`${kind} for ${to}, not sent (no --smtp): ${JSON.stringify(printable(message.subject))}`);
    },
  };
}

/** The organization whose pages `serve` mounts: the first one (the demo, or the fixture's first). */
export async function pagesOrganization(board: FeedbackBoard): Promise<number | null> {
  return (await board.dashboard.organizations.list())[0]?.id ?? null;
}

/** The OAuth paths answered beside `/mcp` (metadata, registration, tokens); the consent page is a page. */
const OAUTH_API_PATHS = new Set([
  '/.well-known/oauth-protected-resource',
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
  '/.well-known/oauth-authorization-server',
  '/oauth/register',
  '/oauth/token',
]);

/**
 * Requests for the API: under `/api/`, issue trackers' deliveries under `/integrations/`, at `/mcp`, at the OAuth paths of `/mcp`, or carrying an API key anywhere (a client with a
 * wrong base URL then gets the API's JSON `not_found`, never an HTML page). Browsers send no key
 * headers.
 */
export function isApiRequest(request: Request): boolean {
  const path = requestPath(request.url);
  if (path.startsWith('/api/') || path.startsWith('/integrations/') || path === MCP_PATH || OAUTH_API_PATHS.has(path)) return true;
  return request.headers.has('authorization') || request.headers.has('x-api-key');
}

export interface ServedPages {
  /** The API (and MCP) under `/api/`, at `/mcp` and for every request carrying a key; the pages for the rest. */
  fetch: FetchHandler;
  /** A new one-time link for the organization's first team member, once the server's URL is known. */
  teamSignInUrl(origin: string): Promise<string>;
}

/**
 * Mounts the pages of `organizationId` beside `api` (the board's API, with MCP when mounted, and
 * the consent page of its OAuth when `oauth`), ensuring the organization has a team member.
 * `origin.value` is the public origin of mailed links and of the Origin check; it is read per
 * request because with `--port 0` the listen address is known only once the server listens, and
 * it must be set before the first request is served. `allowPrivateNetworks`
 * (`--allow-private-webhooks`) lets SSO fetch a JWKS from a loopback or private address.
 */
export async function servePages(
  board: FeedbackBoard,
  organizationId: number,
  mailer: Mailer,
  origin: { value: string },
  api: FetchHandler = board.fetch,
  oauth = false,
  allowPrivateNetworks = false,
): Promise<ServedPages> {
  const team = board.team(organizationId);
  const [first] = await team.members.list();
  const member = first ?? (await team.members.add(FIRST_TEAM_MEMBER));
  // The pages' code (their views, Markdown, languages, thumbnails: a hundred modules, about an
  // eighth of the CPU of serve's start) is loaded with the first page asked for, so a server or a
  // command that answers only the API never loads it. A failed load is tried again with the next page.
  // Once loaded, the handler is called directly: no promise in between.
  let loaded: FetchHandler | undefined;
  let loading: Promise<FetchHandler> | undefined;
  const loadPages = () =>
    import('../src/pages/index.js').then(
      ({ createPagesHandler }): FetchHandler =>
        (loaded = createPagesHandler(board, {
          organizationId,
          mailer,
          get publicOrigin() {
            return origin.value;
          },
          ...(oauth ? { oauth: { resourcePath: MCP_PATH } } : {}),
          // A JWKS URL is fetched like a webhook: never from a private address (checked after DNS
          // resolution, at the address connected to) unless --allow-private-webhooks.
          jwks: { fetch: createNodeWebhookFetch({ allowPrivateNetworks }), allowPrivateNetworks },
        })),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
  const pages: FetchHandler = (request, context) =>
    loaded !== undefined ? loaded(request, context) : (loading ??= loadPages()).then((answer) => answer(request, context));
  return {
    fetch: (request, context) => (isApiRequest(request) ? api(request, context) : pages(request, context)),
    async teamSignInUrl(origin) {
      const link = await board.signIn.createLink('team', member.id);
      return signInLinkUrl(origin, '', link.token);
    },
  };
}
