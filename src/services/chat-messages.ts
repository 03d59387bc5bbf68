/**
 * Chat messages of a board's events (docs/integrations.md, "Team chat"): when an event a chat
 * target posts is raised, one message per active target of the board that wants it is written to
 * the outbox of integrations' calls in the transaction of the change, so it is sent if and only
 * if the change commits, by the integrations' pool. The message is queued as the event in
 * platform-neutral parts (a `ChatEvent`: the post's title, status, link...), taken as the event
 * was; the platform's own format is laid out when it is sent, so the chat layouts load only with
 * the pool. The target's URL is never copied: each attempt reads it.
 */
import { CHAT_EVENTS, type ChatEventName } from '../domain/integrations.js';
import type { BoardRecord, PostStatus } from '../domain/records.js';
import type { StorageTx } from '../storage/contract.js';
import type { ServiceContext } from './context.js';

/** The fields of a post a message shows. */
interface PostFields {
  id: number;
  title: string;
  status: PostStatus;
  body: string;
  vote_count: number;
}

/** The `data` of the events a chat target can post, as {@link queueChatMessages} reads it. */
type ChatEventData = {
  post?: PostFields;
  post_id?: number;
  previous_status?: PostStatus;
  comment?: { body: string; is_admin: boolean };
  proposal?: { status: PostStatus; note: string; proposed_by_api_key_id: number | null; proposed_by_connection_id: number | null };
};

const isChatEvent = (type: string): type is ChatEventName => (CHAT_EVENTS as readonly string[]).includes(type);

/** Who proposed: the connection's label, or the API key's (an agent); the team reads it beside the note. */
async function proposer(tx: StorageTx, proposal: NonNullable<ChatEventData['proposal']>): Promise<string> {
  if (proposal.proposed_by_connection_id !== null) return (await tx.getIntegrationConnection(proposal.proposed_by_connection_id))?.label ?? 'An integration';
  const key = proposal.proposed_by_api_key_id === null ? null : await tx.getApiKey(proposal.proposed_by_api_key_id);
  return key?.label ? `Agent (${key.label})` : 'An agent';
}

/**
 * Queues the chat messages of `type` on `board`, inside `tx`, with the event's `data` as the
 * webhooks get it: nothing for an event no chat target posts, for a comment that is not the
 * team's, or when no active target of the board wants it. Call it from the transaction that makes
 * the change, after the change, with the same `now`.
 */
export async function queueChatMessages(ctx: ServiceContext, tx: StorageTx, board: BoardRecord, type: string, data: ChatEventData, now: string): Promise<void> {
  if (!isChatEvent(type) || (type === 'comment.created' && !data.comment?.is_admin)) return;
  const targets = (await tx.listChatTargets(board.id)).filter((target) => target.active && target.events.includes(type));
  if (targets.length === 0) return;
  const record = data.post ?? (await tx.getPost(data.post_id!));
  if (record === null) return;
  const origin = ctx.attachmentsBaseUrl();
  const post = {
    id: record.id, title: record.title, status: record.status, body: record.body, vote_count: record.vote_count,
    url: `${origin}/boards/${encodeURIComponent(board.slug)}/posts/${record.id}`,
  };
  const event = {
    type, board: { name: board.name }, post,
    ...(type === 'post.status_changed' ? { previous_status: data.previous_status } : {}),
    ...(type === 'comment.created' ? { comment: { body: data.comment!.body, author: 'Team' } } : {}),
    ...(type === 'proposal.created'
      ? {
          proposal: { status: data.proposal!.status, note: data.proposal!.note, proposed_by: await proposer(tx, data.proposal!) },
          review_url: `${origin}/dashboard/posts/${record.id}`,
        }
      : {}),
  };
  const body = JSON.stringify(event);
  for (const target of targets) {
    await tx.insertIntegrationCall({
      organization_id: board.organization_id, connection_id: null, chat_target_id: target.id, post_id: record.id, purpose: 'chat_message', method: 'POST',
      url: null, body, status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null, lease_owner: null, last_error: null, created_at: now,
    });
  }
}
