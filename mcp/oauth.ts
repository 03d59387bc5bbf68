/**
 * OAuth 2.1 for the MCP endpoint, the JSON side (docs/mcp.md, "Connecting by OAuth"): the
 * protected resource's metadata (RFC 9728), the authorization server's metadata (RFC 8414),
 * dynamic client registration (RFC 7591) and the token endpoint, plus what the MCP handler needs
 * to accept access tokens besides API keys and to say where to get one. The consent page, where a
 * signed-in team member approves a client, is one of the web pages (`/oauth/authorize`).
 */
import { SCOPES } from '../src/domain/records.js';
import { OAuthError } from '../src/domain/oauth.js';
import { isFeedbackBoardError } from '../src/domain/errors.js';
import { addressFromContext, addressKey, AuthFailureThrottle } from '../src/http/auth-throttle.js';
import { readBodyBytes } from '../src/http/body.js';
import { DEFAULT_WAITING_CLIENTS, registerClient, type OAuthContext } from '../src/services/oauth.js';
import { exchangeToken } from '../src/services/oauth-tokens.js';
import { createAccessTokenResolver } from './oauth-access.js';

/** Limits of dynamic client registration at `/oauth/register` (docs/mcp.md). */
export interface RegistrationLimits {
  /** Registrations one client address (IPv6: its /64) may make at once. Default 20. */
  burst?: number;
  /** Registrations one client address may make a minute once its burst is spent. Default 1. */
  perMinute?: number;
  /** Clients kept at most that have not completed an authorization (each expires after 24 hours). Default 1,000. */
  waitingClients?: number;
}

/** The defaults of {@link RegistrationLimits}. */
export const DEFAULT_REGISTRATION_LIMITS: Readonly<Required<RegistrationLimits>> = Object.freeze({ burst: 20, perMinute: 1, waitingClients: DEFAULT_WAITING_CLIENTS });

/** Options of {@link createMcpOAuth}. */
export interface McpOAuthOptions extends OAuthContext {
  /** Where the MCP handler is mounted, e.g. `/mcp`: the protected resource is this path at the origin. */
  resourcePath: string;
  /** The public origin (`https://feedback.example.com`), read per request; default each request's own. */
  publicOrigin?: () => string | undefined;
  /** Limits of client registration; see {@link DEFAULT_REGISTRATION_LIMITS}. */
  registration?: RegistrationLimits;
}

/** The paths the OAuth side answers (besides the consent page of the web pages). */
export const OAUTH_PATHS = {
  resourceMetadata: '/.well-known/oauth-protected-resource',
  serverMetadata: '/.well-known/oauth-authorization-server',
  authorize: '/oauth/authorize',
  register: '/oauth/register',
  token: '/oauth/token',
} as const;

/** The prefix of access tokens; any other bearer credential is taken for an API key. */
export const ACCESS_TOKEN_PREFIX = 'fbat_';
const MAX_BODY_BYTES = 64 * 1024;
/** The largest registration request: client metadata is a few hundred bytes. */
const MAX_METADATA_BYTES = 16 * 1024;

function json(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Public clients may run in browsers; nothing here reads cookies.
      'access-control-allow-origin': '*',
      ...extra,
    },
  });
}

const oauthError = (error: OAuthError) =>
  json({ error: error.error, error_description: error.message }, error.status, error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) });

/**
 * The OAuth side of an MCP endpoint: `handle` answers the metadata, registration and token paths
 * (null for any other request), `keyFor` turns a bearer credential into the API key to act as,
 * and `challenge` is the `WWW-Authenticate` of a 401 at the endpoint.
 */
export function createMcpOAuth(options: McpOAuthOptions) {
  const resolver = createAccessTokenResolver(options);
  const limits = { ...DEFAULT_REGISTRATION_LIMITS, ...options.registration };
  // The token bucket per address of the failed-authentication throttle, counting registrations.
  const perAddress = new AuthFailureThrottle({ burst: limits.burst, perMinute: limits.perMinute });
  const originOf = (request: Request) => options.publicOrigin?.() || new URL(request.url).origin;
  const resourceOf = (request: Request) => `${originOf(request)}${options.resourcePath}`;

  function resourceMetadata(request: Request) {
    return { resource: resourceOf(request), authorization_servers: [originOf(request)], scopes_supported: SCOPES, bearer_methods_supported: ['header'] };
  }

  function serverMetadata(request: Request) {
    const origin = originOf(request);
    return {
      issuer: origin,
      authorization_endpoint: origin + OAUTH_PATHS.authorize,
      token_endpoint: origin + OAUTH_PATHS.token,
      registration_endpoint: origin + OAUTH_PATHS.register,
      scopes_supported: SCOPES,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    };
  }

  async function register(request: Request, context: unknown): Promise<Response> {
    // Registration needs no credentials: each client address (when the runtime tells it) may
    // register `burst` clients at once, then `perMinute`; the store keeps `waitingClients`.
    const address = addressFromContext({ fetchRequest: () => request }, context);
    const key = address === null ? null : addressKey(address);
    const nowMs = options.clock.now();
    const wait = key === null ? 0 : perAddress.retryAfter(key, nowMs);
    if (wait > 0) {
      return oauthError(new OAuthError('temporarily_unavailable', `Too many applications registered from this address; try again in ${wait} seconds`, 429, wait));
    }
    let metadata: unknown;
    try {
      metadata = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readBodyBytes(request, MAX_METADATA_BYTES)));
    } catch (error) {
      if (isFeedbackBoardError(error) && error.code === 'payload_too_large') {
        return oauthError(new OAuthError('invalid_client_metadata', `The client metadata is larger than ${MAX_METADATA_BYTES / 1024} KiB`, 413));
      }
      return oauthError(new OAuthError('invalid_client_metadata', 'The body must be JSON client metadata'));
    }
    const client = await registerClient(options, metadata, { waitingClients: limits.waitingClients });
    if (key !== null) perAddress.fail(key, nowMs); // spends one of the address's allowance
    return json(
      {
        client_id: client.client_id,
        client_id_issued_at: Math.floor(Date.parse(client.created_at) / 1000),
        client_name: client.client_name,
        redirect_uris: client.redirect_uris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      201,
    );
  }

  async function token(request: Request): Promise<Response> {
    const type = request.headers.get('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(new OAuthError('invalid_request', 'The token request is a form (application/x-www-form-urlencoded)'));
    }
    const form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(request, MAX_BODY_BYTES)));
    return json(await exchangeToken(options, form, resourceOf(request)));
  }

  const routes: Record<string, { GET?: (r: Request) => Response | Promise<Response>; POST?: (r: Request, context: unknown) => Promise<Response> }> = {
    [OAUTH_PATHS.resourceMetadata]: { GET: (r) => json(resourceMetadata(r)) },
    [`${OAUTH_PATHS.resourceMetadata}${options.resourcePath}`]: { GET: (r) => json(resourceMetadata(r)) },
    [OAUTH_PATHS.serverMetadata]: { GET: (r) => json(serverMetadata(r)) },
    [OAUTH_PATHS.register]: { POST: register },
    [OAUTH_PATHS.token]: { POST: token },
  };

  return {
    /**
     * The answer to a request for one of the OAuth paths, or null for any other path. `context` is
     * the runtime's second argument of a fetch handler (`{ clientAddress }` from `serve`), which
     * registration limits per client address.
     */
    async handle(request: Request, context?: unknown): Promise<Response | null> {
      const route = routes[new URL(request.url).pathname];
      if (route === undefined) return null;
      if (request.method === 'OPTIONS') {
        const headers = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version' };
        return new Response(null, { status: 204, headers });
      }
      const answer = route[request.method as 'GET' | 'POST'];
      if (answer === undefined) return new Response(null, { status: 405, headers: { allow: Object.keys(route).join(', ') } });
      try {
        return await answer(request, context);
      } catch (error) {
        if (error instanceof OAuthError) return oauthError(error);
        throw error;
      }
    },
    /** The API key a bearer credential acts as: an API key itself, or a live access token's key for this resource. */
    async keyFor(credential: string, request: Request): Promise<string | null> {
      if (!credential.startsWith(ACCESS_TOKEN_PREFIX)) return credential;
      return resolver.keyFor(credential, resourceOf(request));
    },
    /** `WWW-Authenticate` of a 401 at the endpoint: where the resource's metadata is (RFC 9728 §5.1). */
    challenge(request: Request): string {
      return `Bearer realm="feedback-board", resource_metadata="${originOf(request)}${OAUTH_PATHS.resourceMetadata}"`;
    },
  };
}

/** The OAuth side of an MCP endpoint; see {@link createMcpOAuth}. */
export type McpOAuth = ReturnType<typeof createMcpOAuth>;
