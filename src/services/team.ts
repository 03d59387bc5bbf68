/**
 * The dashboard side scoped to one organization, for the team pages and for applications that
 * build their own: every function checks that what it names (post, comment, key, webhook, board)
 * belongs to the organization, and answers `not_found` otherwise, exactly like a missing one.
 */
import { FeedbackBoardError, notFound } from '../domain/errors.js';
import type { BoardRecord, PostRecord } from '../domain/records.js';
import type { IntegrationProvider } from '../domain/integrations.js';
import type { Board, PostDetail } from '../domain/responses.js';
import type { StorageTx } from '../storage/contract.js';
import * as agent from './agent.js';
import { nowIso, read, teamCaller, write, type Caller, type ServiceContext } from './context.js';
import * as dashboard from './dashboard.js';
import * as keys from './keys.js';
import { assertNotMerged, boardOf, mergedInto, readPostDetail } from './lookup.js';
import { presentBoard } from './present.js';
import { emitBoardEvent } from './webhook-events.js';
import * as deliveries from './webhooks.js';


async function ownPost(tx: StorageTx, organizationId: number, postId: number): Promise<{ board: BoardRecord; post: PostRecord }> {
  const post = await tx.getPost(postId);
  const board = post && (await tx.getBoard(post.board_id));
  if (!post || !board || board.organization_id !== organizationId) throw notFound('Post not found');
  await assertNotMerged(tx, post);
  return { board, post };
}

/** A pending proposal as the dashboard shows it: the post (with its evidence), its board and the proposing key. */
export interface PendingProposal {
  board: Board;
  post: PostDetail;
  /** The proposing key's label and display prefix; null when the key record is gone, or a connection proposed. */
  proposedBy: { id: number; label: string; prefix: string; scope: string } | null;
  /** The integration connection whose event proposed it (a merged pull request, a closed issue); null when a key did. */
  proposedByConnection: { id: number; provider: IntegrationProvider; label: string } | null;
}

/** Every pending proposal of the organization's boards, oldest proposal first per board. */
export function listPendingProposals(ctx: ServiceContext, organizationId: number): Promise<PendingProposal[]> {
  const now = nowIso(ctx);
  return read(ctx, async (tx) => {
    const pending: PendingProposal[] = [];
    for (const board of await tx.listBoards(organizationId)) {
      for (const post of await tx.listProposedPosts(board.id)) {
        if ((await mergedInto(tx, post)) !== null) continue;
        const keyId = post.proposal!.proposed_by_api_key_id;
        const key = keyId === null ? null : await tx.getApiKey(keyId);
        const connectionId = post.proposal!.proposed_by_connection_id;
        const connection = connectionId === null ? null : await tx.getIntegrationConnection(connectionId);
        pending.push({
          board: presentBoard(board),
          post: await readPostDetail(ctx, tx, post, now),
          proposedBy: key && key.organization_id === organizationId ? { id: key.id, label: key.label, prefix: key.prefix, scope: key.scope } : null,
          proposedByConnection: connection && connection.organization_id === organizationId ? { id: connection.id, provider: connection.provider, label: connection.label } : null,
        });
      }
    }
    return pending;
  });
}

export async function confirmProposal(
  ctx: ServiceContext,
  organizationId: number,
  postId: number,
  options: agent.ConfirmOptions = {},
): Promise<PostDetail> {
  await read(ctx, (tx) => ownPost(tx, organizationId, postId));
  return agent.confirmProposal(ctx, postId, options);
}

export async function rejectProposal(ctx: ServiceContext, organizationId: number, postId: number): Promise<PostDetail> {
  await read(ctx, (tx) => ownPost(tx, organizationId, postId));
  return agent.rejectProposal(ctx, postId);
}

/** The board of one of the organization's posts, for operations addressed by slug. */
export async function boardOfPost(ctx: ServiceContext, organizationId: number, postId: number): Promise<Board> {
  return presentBoard((await read(ctx, (tx) => ownPost(tx, organizationId, postId))).board);
}

export async function setPostHidden(ctx: ServiceContext, organizationId: number, postId: number, hidden: boolean): Promise<PostRecord> {
  await read(ctx, (tx) => ownPost(tx, organizationId, postId));
  return dashboard.setPostHidden(ctx, postId, hidden);
}

export async function setCommentHidden(ctx: ServiceContext, organizationId: number, commentId: number, hidden: boolean) {
  await read(ctx, async (tx) => {
    const comment = await tx.getComment(commentId);
    if (!comment) throw notFound('Comment not found');
    await ownPost(tx, organizationId, comment.post_id).catch(() => {
      throw notFound('Comment not found');
    });
  });
  return dashboard.setCommentHidden(ctx, commentId, hidden);
}

/**
 * Creates a key of the organization as its team. A `team` key is made only for a signed-in member
 * of the organization (`board.team(id, { memberId })`, as the dashboard acts): what no lower scope
 * reaches is handed out by a person of the team, never by the team side acting unnamed.
 */
export async function createApiKey(ctx: ServiceContext, organizationId: number, input: keys.CreateApiKeyInput): Promise<keys.CreatedApiKey> {
  if (input?.scope === 'team') {
    const memberId = ctx.teamMemberId;
    const member = memberId === undefined ? null : await read(ctx, (tx) => tx.getTeamMember(memberId));
    if (member?.organization_id !== organizationId) {
      throw new FeedbackBoardError('insufficient_scope', 'A team key is created only by a signed-in member of the team');
    }
  }
  return keys.createApiKey(ctx, organizationId, input);
}

export async function revokeApiKey(ctx: ServiceContext, organizationId: number, keyId: number): Promise<keys.ApiKeyInfo> {
  const key = await read(ctx, (tx) => tx.getApiKey(keyId));
  if (!key || key.organization_id !== organizationId) throw notFound('API key not found');
  return keys.revokeApiKey(ctx, keyId);
}

async function ownWebhook(ctx: ServiceContext, organizationId: number, id: number): Promise<void> {
  const webhook = await read(ctx, (tx) => tx.getWebhook(id));
  if (!webhook || webhook.organization_id !== organizationId) throw notFound('Webhook not found');
}

export async function updateWebhook(ctx: ServiceContext, organizationId: number, id: number, input: dashboard.UpdateWebhookInput) {
  await ownWebhook(ctx, organizationId, id);
  return dashboard.updateWebhook(ctx, id, input);
}

export async function deleteWebhook(ctx: ServiceContext, organizationId: number, id: number): Promise<void> {
  await ownWebhook(ctx, organizationId, id);
  return dashboard.deleteWebhook(ctx, id);
}

/** The webhook of one of the organization's webhook messages; `not_found` for any other message. */
async function ownMessage(ctx: ServiceContext, organizationId: number, messageId: number): Promise<void> {
  const owner = await read(ctx, async (tx) => {
    const message = await tx.getWebhookMessage(messageId);
    return message && (await tx.getWebhook(message.webhook_id));
  });
  if (!owner || owner.organization_id !== organizationId) throw notFound('Webhook message not found');
}

/** One of the organization's webhooks, with its secret. */
export async function getWebhook(ctx: ServiceContext, organizationId: number, id: number) {
  const webhook = await read(ctx, (tx) => tx.getWebhook(id));
  if (!webhook || webhook.organization_id !== organizationId) throw notFound('Webhook not found');
  return webhook;
}

export async function listWebhookMessages(ctx: ServiceContext, organizationId: number, webhookId: number, input: deliveries.WebhookPageInput = {}) {
  await ownWebhook(ctx, organizationId, webhookId);
  return deliveries.listWebhookMessages(ctx, webhookId, input);
}

export async function listWebhookAttempts(ctx: ServiceContext, organizationId: number, messageId: number, input: deliveries.WebhookPageInput = {}) {
  await ownMessage(ctx, organizationId, messageId);
  return deliveries.listWebhookAttempts(ctx, messageId, input);
}

export async function redeliverWebhookMessage(ctx: ServiceContext, organizationId: number, messageId: number) {
  await ownMessage(ctx, organizationId, messageId);
  return deliveries.redeliverWebhookMessage(ctx, messageId);
}

export async function rotateWebhookSecret(ctx: ServiceContext, organizationId: number, webhookId: number) {
  await ownWebhook(ctx, organizationId, webhookId);
  return deliveries.rotateWebhookSecret(ctx, webhookId);
}

export async function sendTestEvent(ctx: ServiceContext, organizationId: number, webhookId: number) {
  await ownWebhook(ctx, organizationId, webhookId);
  return deliveries.sendTestEvent(ctx, webhookId);
}

/**
 * Publishes or unpublishes a board as the team decides. Unlike `POST …/publish`, a person's
 * decision does not depend on the agent-publishing setting. Idempotent.
 */
export function setBoardPublished(ctx: ServiceContext, organizationId: number, slug: string, published: boolean): Promise<Board> {
  return write(ctx, async (tx) => {
    const board = await boardOf(tx, teamCaller(organizationId), slug);
    if (board.published === published) return presentBoard(board);
    const changed = (await tx.updateBoard(board.id, { published }))!;
    await emitBoardEvent(ctx, tx, changed, published ? 'board.published' : 'board.unpublished', {}, nowIso(ctx));
    return presentBoard(changed);
  });
}
