/**
 * OAuth 2.1 for MCP, the authorization side (docs/mcp.md, "Connecting by OAuth"): dynamic client
 * registration (RFC 7591, public clients only), the checks of an authorization request, a team
 * member's approval (a grant, its API key, a one-time code), and the organization's grants.
 *
 * A grant acts through an API key of its own with the grant's scope, derived from the server's
 * secret (oauth-crypto.ts), so everything the API does for a key (scope, rate limit, revocation
 * and its cache) holds for a token as well. Revoking a grant revokes its key through
 * `revokeApiKey`, which drops the key from the caches of this process at once.
 */
import { OAuthError, type OAuthClientRecord, type OAuthGrantRecord } from '../domain/oauth.js';
import { SCOPES, type Scope } from '../domain/records.js';
import { cryptoRandom, type Clock, type RandomBytes } from '../domain/ports.js';
import { toIso } from '../domain/time.js';
import { withoutControls } from '../domain/validation.js';
import type { Storage } from '../storage/contract.js';
import { displayPrefix } from './key-prefix.js';
import { CHALLENGE_PATTERN, grantKey, grantKeySecret, hashToken, randomToken } from './oauth-crypto.js';

/** What the OAuth services need: the storage, the clock, and how to revoke a grant's API key. */
export interface OAuthContext {
  storage: Storage;
  clock: Clock;
  /** Default: Web Crypto. */
  random?: RandomBytes;
  /** Revokes an organization's API key at once (the board's `team(id).apiKeys.revoke`). */
  revokeApiKey(organizationId: number, keyId: number): Promise<unknown>;
}

/** How long an authorization code may be exchanged: 60 seconds. */
export const CODE_TTL_MS = 60_000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The most redirect URIs one client registers, and the longest each may be. */
export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_CHARS = 512;
/** The longest client name kept (a longer one is cut). */
const MAX_CLIENT_NAME_CHARS = 100;

/**
 * Why `value` cannot be registered as a redirect URI, or null when it can: https, or http on a
 * loopback host; no fragment; and written exactly as the URL parser serializes it, since it is
 * matched as a string (no white space around it, a lower-case scheme and host, no default port,
 * nothing the parser would encode). A bare origin may leave out its path's `/`
 * (`https://app.example`). A native app's own scheme (`com.example.app:/cb`) is no https URI.
 */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'is not a string';
  if (value.length > MAX_REDIRECT_URI_CHARS) return `is longer than ${MAX_REDIRECT_URI_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return 'is neither https nor http on localhost, 127.0.0.1 or [::1]';
  }
  if (url.hash !== '' || value.includes('#')) return 'has a fragment';
  const bareOrigin = url.pathname === '/' && url.search === '' && `${value}/` === url.href;
  if (url.href !== value && !bareOrigin) return `is not written as it parses (${JSON.stringify(url.href)}): no white space, a lower-case scheme and host`;
  return null;
}

/** True for a redirect URI a client may register (see {@link redirectUriProblem}). */
export function acceptableRedirectUri(value: unknown): value is string {
  return redirectUriProblem(value) === null;
}

const only = (value: unknown, allowed: readonly string[]) =>
  value === undefined || (Array.isArray(value) && value.every((v) => typeof v === 'string' && allowed.includes(v)));

/** How long a client that never completes an authorization is kept: 24 hours. */
export const WAITING_CLIENT_TTL_MS = 24 * 3_600_000;
/** Clients kept at most that have not completed an authorization (each expires after 24 hours). */
export const DEFAULT_WAITING_CLIENTS = 1000;
/** Expired clients one registration deletes, at most: each adds one, so none piles up. */
const PURGE_BATCH = 50;

/**
 * Registers a public client from its metadata (RFC 7591); refuses anything it cannot honour. The
 * store keeps at most `waitingClients` clients that have not completed an authorization: past
 * that, a 429 `temporarily_unavailable` with the seconds until the oldest of them expires. Each
 * registration first deletes a few clients that never completed an authorization within 24 hours.
 */
export async function registerClient(ctx: OAuthContext, metadata: unknown, options: { waitingClients?: number } = {}): Promise<OAuthClientRecord> {
  const client = await checkedClient(ctx, metadata);
  const cap = options.waitingClients ?? DEFAULT_WAITING_CLIENTS;
  const nowMs = ctx.clock.now();
  const full = await ctx.storage.transaction('write', async (tx) => {
    await tx.purgeOAuthClients({ registeredBefore: toIso(nowMs - WAITING_CLIENT_TTL_MS), limit: PURGE_BATCH });
    const waiting = await tx.countOAuthClientsWithoutGrant();
    if (waiting.count >= cap) return { oldest: waiting.oldest };
    await tx.insertOAuthClient(client);
    return null;
  });
  if (full !== null) {
    const expires = full.oldest === null ? nowMs + WAITING_CLIENT_TTL_MS : Date.parse(full.oldest) + WAITING_CLIENT_TTL_MS;
    const seconds = Math.max(1, Math.ceil((expires - nowMs) / 1000));
    throw new OAuthError('temporarily_unavailable', `Too many applications are registered and not yet approved; try again in ${seconds} seconds`, 429, seconds);
  }
  return client;
}

/** The client to store for `metadata`, or the {@link OAuthError} saying what to fix. */
export async function checkedClient(ctx: Pick<OAuthContext, 'clock' | 'random'>, metadata: unknown): Promise<OAuthClientRecord> {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object of client metadata');
  }
  const m = metadata as Record<string, unknown>;
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} https URIs, or http URIs on localhost or 127.0.0.1, without fragments`);
  }
  for (const [index, uri] of uris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem !== null) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${JSON.stringify(uri).slice(0, 100)} ${problem}`);
  }
  if (m.token_endpoint_auth_method !== undefined && m.token_endpoint_auth_method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'Only public clients are registered: token_endpoint_auth_method must be "none"');
  }
  if (!only(m.grant_types, ['authorization_code', 'refresh_token']) || !only(m.response_types, ['code'])) {
    throw new OAuthError('invalid_client_metadata', 'Only the authorization_code and refresh_token grants and the code response are supported');
  }
  // The consent page shows the name: without controls, so that it cannot read backwards.
  const name = typeof m.client_name === 'string' ? [...withoutControls(m.client_name).trim()].slice(0, MAX_CLIENT_NAME_CHARS).join('') : '';
  return {
    client_id: randomToken(ctx.random ?? cryptoRandom, 'fbc_'),
    client_name: name === '' ? 'Unnamed client' : name,
    redirect_uris: [...(uris as string[])],
    created_at: toIso(ctx.clock.now()),
  };
}

/** A checked authorization request: what the consent page shows and what approving it binds. */
export interface AuthorizationRequest {
  client: OAuthClientRecord;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  /** The scope to preselect: the strongest one the client asked for, else `propose`. */
  scope: Scope;
  resource: string;
}

/**
 * An authorization request that may be redirected back with an error: the client and redirect
 * URI are known good, so the client hears about it (RFC 6749 §4.1.2.1).
 */
export class RedirectableOAuthError extends OAuthError {
  /** Where the error goes, with `error`, `error_description` and `state` added. */
  readonly redirectTo: string;
  constructor(error: string, description: string, redirectUri: string, state: string | null) {
    super(error, description);
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state !== null) url.searchParams.set('state', state);
    this.redirectTo = url.href;
  }
}

/**
 * Checks the query (or form) of an authorization request for `resource`, the URL of the MCP
 * endpoint. An unknown client or unregistered redirect URI is an {@link OAuthError} (shown, never
 * redirected); anything else wrong is a {@link RedirectableOAuthError}.
 */
export async function checkAuthorizationRequest(ctx: OAuthContext, params: URLSearchParams, resource: string): Promise<AuthorizationRequest> {
  const clientId = params.get('client_id') ?? '';
  const client = clientId === '' ? null : await ctx.storage.transaction('read', (tx) => tx.getOAuthClient(clientId));
  if (!client) throw new OAuthError('invalid_client', 'This application is not registered here');
  // A client that has not completed an authorization within 24 hours is gone, purged or not.
  const cutoff = toIso(ctx.clock.now() - WAITING_CLIENT_TTL_MS);
  if (client.created_at < cutoff && (await ctx.storage.transaction('write', (tx) => tx.purgeOAuthClients({ registeredBefore: cutoff, limit: 1, clientId }))) > 0) {
    throw new OAuthError('invalid_client', 'This application registered more than 24 hours ago and was never approved: it must register again');
  }
  const redirectUri = params.get('redirect_uri') ?? (client.redirect_uris.length === 1 ? client.redirect_uris[0]! : '');
  if (!client.redirect_uris.includes(redirectUri)) throw new OAuthError('invalid_request', 'The redirect URI is not one this application registered');
  const state = params.get('state');
  const refuse = (error: string, description: string) => new RedirectableOAuthError(error, description, redirectUri, state);
  if (params.get('response_type') !== 'code') throw refuse('unsupported_response_type', 'Only response_type=code is supported');
  const challenge = params.get('code_challenge');
  if (challenge === null) throw refuse('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  if (params.get('code_challenge_method') !== 'S256') throw refuse('invalid_request', 'Only the S256 code_challenge_method is accepted');
  if (!CHALLENGE_PATTERN.test(challenge)) throw refuse('invalid_request', 'code_challenge must be 43 base64url characters');
  const asked = params.get('resource');
  if (asked !== null && asked !== resource) throw refuse('invalid_target', `Tokens are issued for ${resource} only`);
  const requested = (params.get('scope') ?? '').split(' ').filter((s) => s !== '');
  if (requested.some((s) => !(SCOPES as readonly string[]).includes(s))) throw refuse('invalid_scope', `Scopes are ${SCOPES.join(', ')}`);
  const scope = [...SCOPES].reverse().find((s) => requested.includes(s)) ?? 'propose';
  return { client, redirectUri, codeChallenge: challenge, state, scope, resource };
}

/**
 * A team member approves `request` with `scope`: a grant with its own API key, and a one-time code.
 * Returns the client's redirect URI with the code and state. A `team` grant is refused
 * (`access_denied`) unless `memberId` is a member of the organization.
 */
export async function approveAuthorization(
  ctx: OAuthContext,
  approval: { organizationId: number; memberId: number; request: AuthorizationRequest; scope: Scope },
): Promise<string> {
  const random = ctx.random ?? cryptoRandom;
  const { request } = approval;
  const salt = randomToken(random, '');
  const rawKey = await grantKey(await grantKeySecret(ctx.storage, random), salt);
  const keyHash = await hashToken(rawKey);
  const code = randomToken(random, 'fbac_');
  const codeHash = await hashToken(code);
  const now = ctx.clock.now();
  await ctx.storage.transaction('write', async (tx) => {
    if (approval.scope === 'team' && (await tx.getTeamMember(approval.memberId))?.organization_id !== approval.organizationId) {
      throw new OAuthError('access_denied', 'Only a member of the team can give an application the team scope');
    }
    const key = await tx.insertApiKey({
      organization_id: approval.organizationId,
      scope: approval.scope,
      label: `OAuth: ${request.client.client_name}`.slice(0, 100),
      prefix: displayPrefix(rawKey),
      hash: keyHash,
      created_at: toIso(now),
      revoked_at: null,
    });
    const grant = await tx.insertOAuthGrant({
      organization_id: approval.organizationId,
      client_id: request.client.client_id,
      member_id: approval.memberId,
      scope: approval.scope,
      resource: request.resource,
      api_key_id: key.id,
      key_salt: salt,
      created_at: toIso(now),
      last_used_at: null,
      revoked_at: null,
    });
    await tx.insertOAuthCode({
      code_hash: codeHash,
      grant_id: grant.id,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      expires_at: toIso(now + CODE_TTL_MS),
      used_at: null,
    });
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  if (request.state !== null) target.searchParams.set('state', request.state);
  return target.href;
}

/** A connected agent as the dashboard lists it: the grant and its client's name. */
export type ConnectedAgent = OAuthGrantRecord & { client_name: string };

/**
 * The organization's live grants, newest first, with their clients' names: neither the grant nor
 * its API key (which the API keys page can revoke too) is revoked.
 */
export async function listConnectedAgents(ctx: OAuthContext, organizationId: number): Promise<ConnectedAgent[]> {
  return ctx.storage.transaction('read', async (tx) => {
    const grants: OAuthGrantRecord[] = [];
    for (const grant of (await tx.listOAuthGrants(organizationId)).reverse()) {
      if (grant.revoked_at === null && (await tx.getApiKey(grant.api_key_id))?.revoked_at === null) grants.push(grant);
    }
    const clients = new Map<string, string>();
    for (const grant of grants) {
      if (!clients.has(grant.client_id)) clients.set(grant.client_id, (await tx.getOAuthClient(grant.client_id))?.client_name ?? '');
    }
    return grants.map((grant) => ({ ...grant, client_name: clients.get(grant.client_id)! }));
  });
}

/**
 * Revokes a grant of the organization and its API key: its tokens are refused from the next call.
 * False when the organization has no such grant; revoking twice keeps the first time.
 */
export async function revokeGrant(ctx: OAuthContext, organizationId: number, grantId: number): Promise<boolean> {
  const now = toIso(ctx.clock.now());
  const grant = await ctx.storage.transaction('write', async (tx) => {
    const found = await tx.getOAuthGrant(grantId);
    if (!found || found.organization_id !== organizationId) return null;
    return found.revoked_at === null ? tx.updateOAuthGrant(grantId, { revoked_at: now }) : found;
  });
  if (!grant) return false;
  await ctx.revokeApiKey(grant.organization_id, grant.api_key_id);
  return true;
}
