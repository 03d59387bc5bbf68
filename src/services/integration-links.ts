/**
 * Issues linked to posts (docs/integrations.md): creating an issue from a post, or linking an
 * existing one by its URL, through one of the organization's connections. Either is an outbound
 * call queued in the outbox in this transaction and sent by the dispatcher with the webhook
 * delivery rules (leases, retries, the private-address guard); the link appears on the post when
 * the tracker's answer describes the issue. A post's links are the team's: the API and the
 * dashboard show them, the public pages never do.
 */
import type { IntegrationCallRecord, IntegrationConnectionRecord } from '../domain/integrations.js';
import type { BoardRecord, PostRecord } from '../domain/records.js';
import { linkPostBody, type LinkPostInput } from '../domain/requests.js';
import type { PostLinkList } from '../domain/responses.js';
import { requireScope } from '../domain/scopes.js';
import type { IntegrationCall } from '../domain/team-responses.js';
import { parseOrThrow } from '../domain/validation.js';
import type { StorageTx } from '../storage/contract.js';
import { invalidField, issueDraftFromPost } from '../integrations/outbound.js';
import { createIssueRequest, readIssueRequest } from '../integrations/tracker-calls.js';
import { nowIso, read, write, type Caller, type ServiceContext } from './context.js';
import { boardPostOf, integrationConnectionOf } from './lookup.js';
import { presentPostLink } from './present.js';

/** An outbound call as the team sees it: what it is for and how its delivery goes, never its body or URL. */
export function presentIntegrationCall(call: IntegrationCallRecord): IntegrationCall {
  return {
    id: call.id, connection_id: call.connection_id, chat_target_id: call.chat_target_id, post_id: call.post_id, purpose: call.purpose,
    status: call.status, attempts: call.attempts, next_attempt_at: call.next_attempt_at, last_error: call.last_error, created_at: call.created_at,
  };
}

/** A connection that may make calls now: active (an inactive one sends nothing). */
async function activeConnection(tx: StorageTx, organizationId: number, connectionId: number): Promise<IntegrationConnectionRecord> {
  const connection = await integrationConnectionOf(tx, organizationId, connectionId);
  if (!connection.active) throw invalidField('connection_id', 'names an inactive connection: nothing is sent through it');
  return connection;
}

/** The post's page, for the issue to link back to: under the pages' origin when it is known. */
function postPageUrl(ctx: ServiceContext, board: BoardRecord, post: PostRecord): string {
  return `${ctx.attachmentsBaseUrl()}/boards/${encodeURIComponent(board.slug)}/posts/${post.id}`;
}

/**
 * Creates an issue from the post (`action: "create"`, with the post's title and text, or the
 * `title` and `body` given; either way the body links back to the post), or links the issue at
 * `url` (or its key, `#12`, `ENG-123`), through the connection. Answers the queued call (201):
 * the link shows on the post once the tracker has answered with the issue. A connection of
 * another organization is `not_found`; an inactive one, one without a token, a URL that is not
 * one of the connection's issues, or a title or body with a URL is a `validation_error`, and
 * nothing is queued.
 */
export function linkPost(ctx: ServiceContext, caller: Caller, slug: string, id: number, body: LinkPostInput): Promise<IntegrationCall> {
  requireScope(caller.scope, 'write');
  const input = parseOrThrow(linkPostBody, body);
  if ((input.action === undefined) === (input.url === undefined)) throw invalidField('action', 'or url is required, and only one of them: "create" makes an issue from the post, url links an existing one');
  const drafted = input.title !== undefined ? 'title' : input.body !== undefined ? 'body' : null;
  if (input.url !== undefined && drafted !== null) throw invalidField(drafted, 'is only for action "create": a linked issue keeps its own');
  return write(ctx, async (tx) => {
    const { board, post } = await boardPostOf(tx, caller, slug, id);
    const connection = await activeConnection(tx, caller.organizationId, input.connection_id);
    const request = input.url !== undefined
      ? readIssueRequest(connection, input.url.trim())
      : createIssueRequest(connection, issueDraftFromPost({ id: post.id, title: input.title ?? post.title, body: input.body ?? post.body, url: postPageUrl(ctx, board, post) }, 'defuse'));
    const now = nowIso(ctx);
    const call = await tx.insertIntegrationCall({
      organization_id: caller.organizationId, connection_id: connection.id, chat_target_id: null, post_id: post.id,
      purpose: input.url !== undefined ? 'read_issue' : 'create_issue', method: request.method, url: request.url, body: request.body,
      status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null, lease_owner: null, last_error: null, created_at: now,
    });
    return presentIntegrationCall(call);
  });
}

/** The post's linked issues, oldest first. */
export function listPostLinks(ctx: ServiceContext, caller: Caller, slug: string, id: number): Promise<PostLinkList> {
  requireScope(caller.scope, 'read');
  return read(ctx, async (tx) => {
    const { post } = await boardPostOf(tx, caller, slug, id);
    return { links: (await tx.listPostLinks(post.id)).map(presentPostLink) };
  });
}
