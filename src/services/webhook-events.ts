/**
 * Webhook events (docs/webhooks.md): their names, their `data`, and {@link emitEvent}, the one
 * call the services make inside the transaction of a change. The event is written to the outbox in
 * that transaction, so it is delivered if and only if the change commits.
 */
import type { BoardRecord, PostStatus } from '../domain/records.js';
import type { Board, ChangelogEntry, Claim, Comment, Evidence, PostDetail, Proposal } from '../domain/responses.js';
import type { StorageTx } from '../storage/contract.js';
import type { ServiceContext } from './context.js';
import { randomBase62 } from '../domain/ports.js';
import { WEBHOOK_EVENT_NAMES } from '../domain/webhook-event-names.js';
import { presentBoard } from './present.js';
import { queueChatMessages } from './chat-messages.js';

/** `data` of each event type. `board` is the Board shape, `post` the single-post shape. */
export interface WebhookEventData {
  'board.created': { board: Board };
  'board.published': { board: Board };
  'board.unpublished': { board: Board };
  'post.created': { board: Board; post: PostDetail };
  /** `changed` names the fields whose value changed, among title, body, tags, pinned, queue_rank, implementation_evidence, hidden, status_label (another status of the same category). */
  'post.updated': { board: Board; post: PostDetail; changed: PostField[] };
  'post.status_changed': { board: Board; post: PostDetail; previous_status: PostStatus };
  'post.deleted': { board: Board; post_id: number };
  /** `post_id` is the merged post, `into` the post it was merged into, after the merge. */
  'post.merged': { board: Board; post_id: number; into: PostDetail };
  /** A merge undone by the team: `post` is the merged post, back as it was before the merge. */
  'post.unmerged': { board: Board; post: PostDetail };
  /** A deleted post restored by the team: `post` is back as it was deleted, with its id. */
  'post.restored': { board: Board; post: PostDetail };
  'comment.created': { board: Board; post_id: number; comment: Comment };
  'vote.created': { board: Board; post_id: number; vote_count: number };
  'vote.deleted': { board: Board; post_id: number; vote_count: number };
  'claim.created': { board: Board; post_id: number; claim: Claim };
  'claim.released': { board: Board; post_id: number; claim: Claim };
  'evidence.added': { board: Board; post_id: number; evidence: Evidence };
  'proposal.created': { board: Board; post_id: number; proposal: Proposal };
  'proposal.confirmed': { board: Board; post_id: number; proposal: Proposal };
  'proposal.rejected': { board: Board; post_id: number; proposal: Proposal };
  /** A changelog entry the team wrote is published (at once, or when its `publish_at` came). */
  'changelog_entry.published': { board: Board; entry: ChangelogEntry };
  /** Sent only by the dashboard's "send a test event", to the one webhook named. */
  'webhook.test': { webhook_id: number };
}

/** The name of a webhook event. */
export type WebhookEventType = keyof WebhookEventData;

/** Fields a `post.updated` event can name. */
export type PostField = 'title' | 'body' | 'tags' | 'pinned' | 'queue_rank' | 'implementation_evidence' | 'hidden' | 'status_label' | 'fields';

/** Every event a webhook can subscribe to (`"*"` subscribes to all of them); each is one of {@link WebhookEventData}. */
export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_NAMES satisfies readonly WebhookEventType[];

/** The body of every delivery: JSON, UTF-8. */
export interface WebhookPayload<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /** ISO 8601 UTC: when the change happened. */
  timestamp: string;
  data: WebhookEventData[T];
}

/** A unique message id prefix per event; the storage appends the webhook id. */
function messageIdPrefix(ctx: ServiceContext): string {
  return `msg_${randomBase62(ctx.random, 24)}_`;
}

/**
 * Writes `type` to the outbox of the organization, inside `tx`: one message per active webhook
 * subscribed to it. Call it from the transaction that makes the change, after the change, with the
 * same `now`; a rollback takes the messages back with it.
 */
export async function emitEvent<T extends WebhookEventType>(
  ctx: ServiceContext,
  tx: StorageTx,
  organizationId: number,
  type: T,
  data: WebhookEventData[T],
  now: string,
  webhookId?: number,
): Promise<void> {
  // The body is made when a store first reads it: most organizations have no webhook, and a
  // post's event made into JSON was 31 K of the 784 K instructions of a create.
  let body: string | undefined;
  await tx.enqueueWebhookMessages({
    organization_id: organizationId,
    event_type: type,
    get payload() {
      return (body ??= JSON.stringify({ type, timestamp: now, data } satisfies WebhookPayload<T>));
    },
    msg_id_prefix: messageIdPrefix(ctx),
    created_at: now,
    ...(webhookId === undefined ? {} : { webhook_id: webhookId }),
  });
}

/**
 * {@link emitEvent} for the events of a board: the organization is the board's, `board` its Board
 * shape. The board's chat targets that post the event get their messages in the same transaction.
 */
export async function emitBoardEvent<T extends Exclude<WebhookEventType, 'webhook.test'>>(
  ctx: ServiceContext,
  tx: StorageTx,
  board: BoardRecord,
  type: T,
  data: Omit<WebhookEventData[T], 'board'>,
  now: string,
): Promise<void> {
  await emitEvent(ctx, tx, board.organization_id, type, { board: presentBoard(board), ...data } as WebhookEventData[T], now);
  await queueChatMessages(ctx, tx, board, type, data, now);
}
