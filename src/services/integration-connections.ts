/**
 * An organization's connections to issue trackers (docs/integrations.md), the team's own
 * functions (`team` scope): create, list, rotate the inbound secret of, and deactivate one. A
 * secret is shown once, when it is made; lists never carry secrets or tokens. A connection of
 * another organization is `not_found`, exactly like a missing one.
 */
import type { IntegrationConnectionRecord, IntegrationProvider } from '../domain/integrations.js';
import { randomBase62, type RandomBytes } from '../domain/ports.js';
import { createIntegrationConnectionBody, rotateIntegrationSecretBody, type CreateIntegrationConnectionInput, type RotateIntegrationSecretInput } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import type { IntegrationConnection, IntegrationConnectionList, IntegrationConnectionTest, IntegrationConnectionWithSecret } from '../domain/team-responses.js';
import { parseOrThrow } from '../domain/validation.js';
import { checkBaseUrl, invalidField } from '../integrations/outbound.js';
import { GITHUB_API_URL } from '../integrations/github/requests.js';
import { GITLAB_URL } from '../integrations/gitlab/requests.js';
import { LINEAR_API_URL } from '../integrations/linear/requests.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { integrationConnectionOf } from './lookup.js';

/** How long the secret before a rotation is still accepted: time to change it on the provider's side. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

const DEFAULT_BASE_URLS: Readonly<Record<IntegrationProvider, string>> = { github: GITHUB_API_URL, gitlab: GITLAB_URL, linear: LINEAR_API_URL };
const PROVIDER_NAMES: Readonly<Record<IntegrationProvider, string>> = { github: 'GitHub', gitlab: 'GitLab', linear: 'Linear' };

/** A new inbound secret: `fbis_` and 40 base62 characters (238 bits). */
export function generateConnectionSecret(random: RandomBytes): string {
  return `fbis_${randomBase62(random, 40)}`;
}

/** A connection as the team sees it: never its secrets or token. */
export function presentConnection(c: IntegrationConnectionRecord): IntegrationConnection {
  return {
    id: c.id, provider: c.provider, base_url: c.base_url, target: c.target, label: c.label, active: c.active, has_token: c.token !== null,
    previous_secret_expires_at: c.previous_secret_expires_at, created_at: c.created_at,
  };
}

/**
 * Connects the organization to an issue tracker. `base_url` defaults to the provider's public
 * service and is held to the private-address guard (unless the board allows private networks);
 * the inbound secret is made here unless given (Linear shows its own signing secret, which must
 * be given). Answers the connection with its secret, shown this once.
 */
export function createIntegrationConnection(ctx: ServiceContext, caller: Caller, body: CreateIntegrationConnectionInput): Promise<IntegrationConnectionWithSecret> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(createIntegrationConnectionBody, body);
  const baseUrl = checkBaseUrl(input.base_url ?? DEFAULT_BASE_URLS[input.provider], ctx.allowPrivateNetworks ?? false);
  if (input.provider === 'linear' && input.secret === undefined) throw invalidField('secret', "is required for Linear: give the signing secret Linear shows for the webhook");
  const secret = input.secret ?? generateConnectionSecret(ctx.random);
  return write(ctx, async (tx) => {
    const connection = await tx.insertIntegrationConnection({
      organization_id: caller.organizationId, provider: input.provider, base_url: baseUrl, target: input.target ?? null, secret,
      previous_secret: null, previous_secret_expires_at: null, token: input.token ?? null,
      label: input.label?.trim() || PROVIDER_NAMES[input.provider], active: true, created_at: nowIso(ctx),
    });
    return { ...presentConnection(connection), secret };
  });
}

/** The organization's connections, inactive ones included, oldest first; never their secrets. */
export function listIntegrationConnections(ctx: ServiceContext, caller: Caller): Promise<IntegrationConnectionList> {
  requireScope(caller.scope, 'team');
  return read(ctx, async (tx) => ({ connections: (await tx.listIntegrationConnections(caller.organizationId)).map(presentConnection) }));
}

/**
 * Gives the connection a new inbound secret (the one given, or a new one). The secret before it
 * is still accepted for {@link PREVIOUS_SECRET_GRACE_MS}, so deliveries keep landing while the
 * provider's side is changed. Answers the connection with its new secret, shown this once.
 */
export function rotateIntegrationConnectionSecret(
  ctx: ServiceContext,
  caller: Caller,
  connectionId: number,
  body: RotateIntegrationSecretInput = {},
): Promise<IntegrationConnectionWithSecret> {
  requireScope(caller.scope, 'team');
  const input = parseOrThrow(rotateIntegrationSecretBody, body);
  const secret = input.secret ?? generateConnectionSecret(ctx.random);
  return write(ctx, async (tx) => {
    const connection = await integrationConnectionOf(tx, caller.organizationId, connectionId);
    if (secret === connection.secret) throw invalidField('secret', 'must differ from the current secret');
    const expires = new Date(ctx.clock.now() + PREVIOUS_SECRET_GRACE_MS).toISOString();
    const rotated = await tx.updateIntegrationConnection(connection.id, { secret, previous_secret: connection.secret, previous_secret_expires_at: expires });
    return { ...presentConnection(rotated!), secret };
  });
}

/**
 * Deactivates the connection: its deliveries are refused from now on (404, as for a missing
 * connection) and nothing is sent through it; its links and log stay. Deactivating an inactive
 * connection changes nothing.
 */
export function deactivateIntegrationConnection(ctx: ServiceContext, caller: Caller, connectionId: number): Promise<IntegrationConnection> {
  requireScope(caller.scope, 'team');
  return write(ctx, async (tx) => {
    const connection = await integrationConnectionOf(tx, caller.organizationId, connectionId);
    if (!connection.active) return presentConnection(connection);
    return presentConnection((await tx.updateIntegrationConnection(connection.id, { active: false }))!);
  });
}

/**
 * Tests the connection with one call to its tracker (GitHub: the repository; GitLab: the project;
 * Linear: who the key is) and answers what the tracker said. The call is recorded like every
 * outbound call, with its one attempt, and never retried: the team presses the button again. A
 * base URL on a private address is refused unless private networks are allowed.
 */
export async function testIntegrationConnection(ctx: ServiceContext, caller: Caller, connectionId: number): Promise<IntegrationConnectionTest> {
  requireScope(caller.scope, 'team');
  const { connectionTestRequest, interpretConnectionTest } = await import('../integrations/connection-test.js');
  const owner = `test_${randomBase62(ctx.random, 20)}`;
  const timeoutMs = ctx.outbound?.timeoutMs ?? 15_000;
  const { connection, call, request } = await write(ctx, async (tx) => {
    const connection = await integrationConnectionOf(tx, caller.organizationId, connectionId);
    if (!connection.active) throw invalidField('connection_id', 'names an inactive connection: nothing is sent through it');
    const request = connectionTestRequest(connection);
    const now = nowIso(ctx);
    const call = await tx.insertIntegrationCall({
      organization_id: caller.organizationId, connection_id: connection.id, chat_target_id: null, post_id: null, purpose: 'test_connection',
      method: request.method, url: request.url, body: request.body, status: 'pending', attempts: 0, next_attempt_at: now,
      // Held by this test until its attempt is recorded, so the dispatcher never sends it too.
      lease_until: new Date(ctx.clock.now() + timeoutMs + 15_000).toISOString(), lease_owner: owner, last_error: null, created_at: now,
    });
    return { connection, call, request };
  });
  const { sendOnce } = await import('./integration-calls.js');
  const sent = await sendOnce(request, { fetch: ctx.outbound?.fetch ?? ((input, init) => globalThis.fetch(input, init)), clock: ctx.clock, timeoutMs, allowPrivateNetworks: ctx.allowPrivateNetworks ?? false });
  const answer = 'answer' in sent ? interpretConnectionTest(connection.provider, sent.answer) : { ok: false, status: null, message: sent.error };
  const recorded = await write(ctx, (tx) =>
    tx.recordIntegrationCallAttempt({
      call_id: call.id, owner,
      attempt: { attempted_at: sent.attempted_at, status_code: answer.status, error: answer.ok ? null : answer.message, retry: false, duration_ms: sent.duration_ms, response_body: sent.response_body, success: answer.ok },
      next: answer.ok ? { status: 'delivered', next_attempt_at: null } : { status: 'failed', next_attempt_at: null },
    }),
  );
  const { presentIntegrationCall } = await import('./integration-links.js');
  return { ...answer, call: presentIntegrationCall(recorded ?? call) };
}
