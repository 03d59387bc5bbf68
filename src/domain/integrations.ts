/**
 * The records integrations keep, as every store holds them: connections to issue trackers, the
 * issues linked to posts, the inbound deliveries already handled, the chat targets of boards and
 * the outbound calls waiting or made. The modules of src/integrations/ read and produce exactly
 * these shapes, so storing them adds no translation. Timestamps are ISO 8601 UTC strings, as
 * everywhere in the storage layer.
 */

/** The issue trackers a connection can reach. */
export const INTEGRATION_PROVIDERS = ['github', 'gitlab', 'linear'] as const;
/** An issue tracker: `github`, `gitlab` or `linear`. */
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** The team chats a board can post to. */
export const CHAT_PLATFORMS = ['slack', 'discord', 'teams'] as const;
/** A team chat: `slack`, `discord` or `teams`. */
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** The events a chat target can post, named as the webhook events they follow. */
export const CHAT_EVENTS = ['post.created', 'post.status_changed', 'comment.created', 'proposal.created'] as const;
/** A chat event: a new post, a status change, a team comment, a proposal waiting for the team. */
export type ChatEventName = (typeof CHAT_EVENTS)[number];

/**
 * An organization's connection to an issue tracker. The secrets are kept like webhook signing
 * secrets: never shown again after creation, never logged.
 */
export interface IntegrationConnectionRecord {
  id: number;
  organization_id: number;
  provider: IntegrationProvider;
  /**
   * The provider's API root: `https://api.github.com` or a GitHub Enterprise `https://host/api/v3`;
   * `https://gitlab.com` or a self-hosted GitLab's root; `https://api.linear.app/graphql`.
   */
  base_url: string;
  /**
   * Where issues are created and whose events count: a GitHub `owner/name` (null: deliveries of
   * every repository of an installation count, and issues cannot be created), a GitLab project
   * path or numeric id, a Linear team id.
   */
  target: string | null;
  /** The inbound secret: GitHub's webhook secret, GitLab's secret token, Linear's signing secret. */
  secret: string;
  /** The secret before the last rotation, still accepted until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** The token of outbound calls (GitHub token, GitLab access token, Linear API key); null: inbound only. */
  token: string | null;
  label: string;
  active: boolean;
  created_at: string;
}

/** Whether a linked issue is still open. */
export type LinkState = 'open' | 'closed';

/** An issue linked to a post: created from it, or linked by its URL. Unique per (post, url). */
export interface PostLinkRecord {
  id: number;
  post_id: number;
  connection_id: number;
  provider: IntegrationProvider;
  /** The canonical web URL, as the provider's API returned it (the key inbound events match). */
  url: string;
  title: string;
  state: LinkState;
  created_at: string;
  /** When an inbound event or a read last changed `title` or `state`. */
  updated_at: string;
}

/**
 * An inbound delivery already handled, remembered so that a redelivery changes nothing twice.
 * Unique per (connection, delivery id); kept at least as long as the provider redelivers (GitHub
 * lets a person redeliver for 30 days).
 */
export interface IntegrationDeliveryRecord {
  connection_id: number;
  /** `X-GitHub-Delivery`, GitLab's `Idempotency-Key` (else `X-Gitlab-Event-UUID`), `Linear-Delivery`. */
  delivery_id: string;
  /** The provider's event name (`pull_request`, `Merge Request Hook`, `Issue`). */
  event: string;
  /** What the delivery was read as, for the dashboard's delivery log. */
  summary: string;
  received_at: string;
}

/** A board's chat target: an incoming-webhook URL and the events it posts. */
export interface ChatTargetRecord {
  id: number;
  board_id: number;
  platform: ChatPlatform;
  /** The incoming-webhook URL; a credential, so shown masked once saved. */
  url: string;
  events: ChatEventName[];
  active: boolean;
  created_at: string;
}

/** What an outbound call is for. */
export type OutboundPurpose = 'create_issue' | 'read_issue' | 'chat_message' | 'test_connection';

/**
 * One outbound call of an integration, queued in the transaction of the change that needs it
 * and delivered by the webhook dispatcher's rules: leased so that several processes never send
 * the same attempt twice, retried on the webhook schedule (or after the wait the answer asked
 * for), at least once, through the private-address guard. A call to a tracker is one connection's;
 * a chat message is one chat target's.
 */
export interface IntegrationCallRecord {
  id: number;
  organization_id: number;
  /** The connection it calls, or null for a chat message. */
  connection_id: number | null;
  /** The chat target it posts to, or null for a call to an issue tracker. */
  chat_target_id: number | null;
  /** The post it is about, if any (creating an issue from it, or a chat message of its event). */
  post_id: number | null;
  purpose: OutboundPurpose;
  method: 'GET' | 'POST';
  /**
   * The URL of a call to a tracker (tokens travel in headers, never in it); null for a chat
   * message, whose URL is a credential read from its target at each attempt.
   */
  url: string | null;
  /**
   * The body of a call to a tracker exactly as sent; for a chat message, the event in
   * platform-neutral parts (JSON), laid out in the target's platform format at each attempt.
   * Headers are not kept: they are rebuilt from the connection at each attempt, so a rotated
   * token is used at once.
   */
  body: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: string | null;
  /** A dispatcher holds the call until this time; null when nobody does. */
  lease_until: string | null;
  /** Who holds the lease (a dispatcher's random id); null when nobody does. */
  lease_owner: string | null;
  /** The last failure, as the answer's interpreter worded it, for the dashboard. */
  last_error: string | null;
  created_at: string;
}

/** One attempt of an outbound call, kept as webhook attempts are. */
export interface IntegrationCallAttemptRecord {
  id: number;
  call_id: number;
  attempted_at: string;
  /** The answer's HTTP status; null when none came (timeout, network error, refused target). */
  status_code: number | null;
  /** Why the attempt did not do its work, as the answer's interpreter worded it; null on success. */
  error: string | null;
  /** Whether the interpreter asked for another attempt. */
  retry: boolean;
  duration_ms: number;
  /** The first 1 KiB of the answer's body; "" when none. */
  response_body: string;
  success: boolean;
}
