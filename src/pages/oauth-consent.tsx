/**
 * The consent page of OAuth for MCP (docs/mcp.md, "Connecting by OAuth"): a signed-in team member
 * sees which application asks for access, where it will be sent back, and chooses its scope; the
 * approval is a CSRF-checked form like every other. Without a team session the page sends the
 * browser to sign in and back. An unknown client or unregistered redirect URI is shown, never
 * followed; any other fault of the request goes back to the client as an OAuth error.
 */
import { OAuthError, type OAuthClientRecord } from '../domain/oauth.js';
import { SCOPES, type Scope } from '../domain/records.js';
import { approveAuthorization, checkAuthorizationRequest, RedirectableOAuthError, type AuthorizationRequest } from '../services/oauth.js';
import type { PageContext } from './context.js';
import { PostForm } from './layout.js';
import { oauthContext, resourceOf } from './oauth-context.js';
import { page } from './respond.js';
import type { Route } from './route.js';

/** The request parameters the consent form carries back unchanged. */
const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource'];

const SCOPE_TEXT: Record<Scope, string> = {
  read: 'Read: boards, posts, comments and statistics',
  propose: 'Propose: read, and claim posts, add evidence, propose statuses and comment (a person confirms)',
  write: 'Write: everything the API does, including creating, changing and deleting posts and boards',
  team: 'Team: write, and moderation of held posts, blocking voters, undoing merges and mail settings',
};

/** 303 to the client's own URI (another origin): the pages' `redirect` only goes to their paths. */
function toClient(ctx: PageContext, location: string): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const value of ctx.setCookies) headers.append('set-cookie', value);
  return new Response(null, { status: 303, headers });
}

function errorPage(ctx: PageContext, error: OAuthError): Promise<Response> {
  return page(ctx, 'Cannot connect', <><h1>This application cannot connect</h1><p class="lead">{error.message}.</p></>, { status: 400 });
}

/** Checks the request; an answer (error page or redirect back) when it cannot go on. */
async function checked(ctx: PageContext, params: URLSearchParams): Promise<AuthorizationRequest | Response> {
  try {
    return await checkAuthorizationRequest(oauthContext(ctx), params, resourceOf(ctx));
  } catch (error) {
    if (error instanceof RedirectableOAuthError) return toClient(ctx, error.redirectTo);
    if (error instanceof OAuthError) return errorPage(ctx, error);
    throw error;
  }
}

function signInFirst(ctx: PageContext, status: number): Promise<Response> {
  const next = `${ctx.href('/oauth/authorize')}${ctx.request.method === 'GET' ? ctx.url.search : ''}`;
  return page(
    ctx,
    'Sign in to connect',
    <>
      <h1>Sign in to connect an application</h1>
      <p class="lead">Only a member of the team can connect an application. Sign in, and you come back here.</p>
      <a class="button" href={`${ctx.href('/sign-in')}?next=${encodeURIComponent(next)}`}>Sign in</a>
    </>,
    { status },
  );
}

function ClientCard(props: { client: OAuthClientRecord; redirectUri: string }) {
  return (
    <div class="card">
      <p><strong>Application</strong> {props.client.client_name}</p>
      <p><strong>Sends you back to</strong> <code>{props.redirectUri}</code></p>
    </div>
  );
}

async function consentPage(ctx: PageContext): Promise<Response> {
  const request = await checked(ctx, ctx.url.searchParams);
  if (request instanceof Response) return request;
  if (!ctx.member) return signInFirst(ctx, 200);
  const response = await page(
    ctx,
    `Connect ${request.client.client_name}`,
    <>
      <h1>Connect {request.client.client_name}?</h1>
      <p class="lead">
        It asks to use this organization's feedback boards through MCP, approved by you ({ctx.member.email}). Choose what it may do;
        you can disconnect it any time under Connected agents.
      </p>
      <ClientCard client={request.client} redirectUri={request.redirectUri} />
      <PostForm ctx={ctx} action="/oauth/authorize" class="card" label={`Connect ${request.client.client_name}`}>
        {CARRIED.map((name) => (ctx.url.searchParams.has(name) ? <input type="hidden" name={name} value={ctx.url.searchParams.get(name)!} /> : null))}
        <fieldset>
          <legend>Access</legend>
          {SCOPES.map((scope) => (
            <div class="field">
              <label>
                <input type="radio" name="access" value={scope} checked={scope === request.scope} /> {SCOPE_TEXT[scope]}
              </label>
            </div>
          ))}
        </fieldset>
        <div class="row">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </div>
      </PostForm>
    </>,
  );
  // The approval answers with a redirect to the client: the form may lead there (CSP form-action).
  const headers = new Headers(response.headers);
  const csp = headers.get('content-security-policy')!.replace("form-action 'self'", `form-action 'self' ${new URL(request.redirectUri).origin}`);
  headers.set('content-security-policy', csp);
  return new Response(response.body, { status: response.status, headers });
}

async function consentAction(ctx: PageContext, form: FormData): Promise<Response> {
  const params = new URLSearchParams();
  for (const name of CARRIED) {
    const value = form.get(name);
    if (typeof value === 'string') params.set(name, value);
  }
  const request = await checked(ctx, params);
  if (request instanceof Response) return request;
  if (!ctx.member) return signInFirst(ctx, 401);
  if (form.get('decision') !== 'approve') {
    return toClient(ctx, new RedirectableOAuthError('access_denied', 'The team member denied access', request.redirectUri, request.state).redirectTo);
  }
  const access = form.get('access');
  if (!(SCOPES as readonly unknown[]).includes(access)) return errorPage(ctx, new OAuthError('invalid_scope', 'Choose the access to give'));
  try {
    const location = await approveAuthorization(oauthContext(ctx), {
      organizationId: ctx.options.organizationId,
      memberId: ctx.member.id,
      request,
      scope: access as Scope,
    });
    return toClient(ctx, location);
  } catch (error) {
    if (error instanceof OAuthError) return errorPage(ctx, error);
    throw error;
  }
}

/** The consent page's routes, mounted when the pages' options name an MCP endpoint (`oauth`). */
export const consentRoutes: Route[] = [
  { method: 'GET', pattern: /^\/oauth\/authorize$/, handler: (ctx) => consentPage(ctx) },
  { method: 'POST', pattern: /^\/oauth\/authorize$/, handler: (ctx, _, form) => consentAction(ctx, form) },
];
