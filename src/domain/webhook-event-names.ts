/**
 * The names of the webhook events a webhook can subscribe to, alone: the package's entry exports
 * them, and the module of the events' payloads and raising (src/services/webhook-events.ts, which
 * checks each name against its payloads) loads only with the services that raise them.
 */

/** Every event a webhook can subscribe to (`"*"` subscribes to all of them). */
export const WEBHOOK_EVENT_NAMES = [
  'board.created',
  'board.published',
  'board.unpublished',
  'post.created',
  'post.updated',
  'post.status_changed',
  'post.deleted',
  'post.merged',
  'post.unmerged',
  'post.restored',
  'comment.created',
  'vote.created',
  'vote.deleted',
  'claim.created',
  'claim.released',
  'evidence.added',
  'proposal.created',
  'proposal.confirmed',
  'proposal.rejected',
  'changelog_entry.published',
] as const;
