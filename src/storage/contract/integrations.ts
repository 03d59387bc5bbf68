/**
 * The integrations aggregate of the storage contract: an organization's connections to issue
 * trackers, the issues linked to posts, the inbound deliveries already handled, boards' chat
 * targets, and the outbox of outbound calls. The outbox follows the webhooks' rules: a call is
 * written in the transaction of the change that needs it, leased so that several processes
 * sharing a store never send the same attempt twice, and its next state is the caller's retry
 * policy's decision, which the storage records.
 */
import type {
  ChatTargetRecord,
  IntegrationCallAttemptRecord,
  IntegrationCallRecord,
  IntegrationConnectionRecord,
  IntegrationDeliveryRecord,
  PostLinkRecord,
} from '../../domain/integrations.js';
import type { AggregateDefinition, NewRecord } from './shared.js';
import type { ScopeTable } from './scopes.js';
import type { WebhookMessageOutcome } from './webhooks.js';

/** Fields of a connection to change; absent fields are unchanged. */
export type ConnectionPatch = Partial<
  Pick<IntegrationConnectionRecord, 'label' | 'secret' | 'previous_secret' | 'previous_secret_expires_at' | 'token' | 'active'>
>;

/** Fields of a chat target to change; absent fields are unchanged. */
export type ChatTargetPatch = Partial<Pick<ChatTargetRecord, 'url' | 'events' | 'active'>>;

/** What an inbound event changes of the links to one issue. */
export type PostLinkPatch = Pick<PostLinkRecord, 'title' | 'state' | 'updated_at'>;

/**
 * Leases up to `limit` due calls to `owner` until `lease_until`: pending calls with
 * `next_attempt_at <= now` and no lease, or an expired one (`lease_until <= now`), in order
 * next_attempt_at asc, id asc. Atomic: of several concurrent callers, in one process or many
 * sharing a store, each call goes to exactly one until its lease expires.
 */
export interface IntegrationCallLeaseRequest {
  now: string;
  lease_until: string;
  owner: string;
  limit: number;
}

/**
 * An attempt to record. It is recorded only while `owner` holds the call's lease: then the
 * attempt is stored, the call's `attempts` grows by one, it takes the status and
 * `next_attempt_at` of `next` and `last_error` (the attempt's error, or null on success), and the
 * lease is dropped; the call is returned. Otherwise nothing changes and the result is null.
 */
export interface IntegrationCallAttemptReport {
  call_id: number;
  owner: string;
  attempt: Omit<IntegrationCallAttemptRecord, 'id' | 'call_id'>;
  next: WebhookMessageOutcome;
}

/** Connections, links, remembered deliveries, chat targets and the outbox of outbound calls. */
export interface IntegrationsTx {
  /** Stores a connection; the storage assigns its id. */
  insertIntegrationConnection(row: NewRecord<IntegrationConnectionRecord>): Promise<IntegrationConnectionRecord>;
  /** The connection (with its secrets), or null. */
  getIntegrationConnection(id: number): Promise<IntegrationConnectionRecord | null>;
  /** The organization's connections, inactive ones included, id asc. */
  listIntegrationConnections(organizationId: number): Promise<IntegrationConnectionRecord[]>;
  /** Absent fields are unchanged; the updated connection, or null if there is none. */
  updateIntegrationConnection(id: number, patch: ConnectionPatch): Promise<IntegrationConnectionRecord | null>;

  /**
   * Remembers an inbound delivery: true when it is new, false (and nothing changes) when the
   * connection already had a delivery of this id.
   */
  rememberIntegrationDelivery(row: IntegrationDeliveryRecord): Promise<boolean>;
  /** The connection's most recent deliveries, at most `limit`: received_at desc, delivery_id desc. */
  listIntegrationDeliveries(connectionId: number, limit: number): Promise<IntegrationDeliveryRecord[]>;

  /** Links an issue to a post; null (and nothing changes) when the post already has a link of this URL. */
  insertPostLink(row: NewRecord<PostLinkRecord>): Promise<PostLinkRecord | null>;
  /** The post's links, id asc. */
  listPostLinks(postId: number): Promise<PostLinkRecord[]>;
  /** The links to one issue of a connection (one per post linked to it), id asc. */
  listLinksToIssue(connectionId: number, url: string): Promise<PostLinkRecord[]>;
  /** Sets the title, state and `updated_at` of every link to one issue of a connection; how many changed. */
  updateLinksToIssue(connectionId: number, url: string, patch: PostLinkPatch): Promise<number>;

  /** Stores a chat target; the storage assigns its id. */
  insertChatTarget(row: NewRecord<ChatTargetRecord>): Promise<ChatTargetRecord>;
  /** The chat target, or null. */
  getChatTarget(id: number): Promise<ChatTargetRecord | null>;
  /** The board's chat targets, inactive ones included, id asc. */
  listChatTargets(boardId: number): Promise<ChatTargetRecord[]>;
  /** Absent fields are unchanged; the updated target, or null if there is none. */
  updateChatTarget(id: number, patch: ChatTargetPatch): Promise<ChatTargetRecord | null>;

  /** Queues an outbound call; the storage assigns its id. */
  insertIntegrationCall(row: NewRecord<IntegrationCallRecord>): Promise<IntegrationCallRecord>;
  /** The call, or null. */
  getIntegrationCall(id: number): Promise<IntegrationCallRecord | null>;
  /** The organization's most recent calls, at most `limit`: created_at desc, id desc. */
  listIntegrationCalls(organizationId: number, limit: number): Promise<IntegrationCallRecord[]>;
  /** The call's attempts: attempted_at desc, id desc. */
  listIntegrationCallAttempts(callId: number): Promise<IntegrationCallAttemptRecord[]>;
  /** Atomic lease of due calls; see {@link IntegrationCallLeaseRequest}. */
  leaseIntegrationCalls(request: IntegrationCallLeaseRequest): Promise<IntegrationCallRecord[]>;
  /** Records an attempt by the lease holder; see {@link IntegrationCallAttemptReport}. */
  recordIntegrationCallAttempt(report: IntegrationCallAttemptReport): Promise<IntegrationCallRecord | null>;
}

/** The integrations aggregate: which methods write; no generic fallbacks. */
export const INTEGRATIONS_AGGREGATE = {
  writes: {
    insertIntegrationConnection: true,
    getIntegrationConnection: false,
    listIntegrationConnections: false,
    updateIntegrationConnection: true,
    rememberIntegrationDelivery: true,
    listIntegrationDeliveries: false,
    insertPostLink: true,
    listPostLinks: false,
    listLinksToIssue: false,
    updateLinksToIssue: true,
    insertChatTarget: true,
    getChatTarget: false,
    listChatTargets: false,
    updateChatTarget: true,
    insertIntegrationCall: true,
    getIntegrationCall: false,
    listIntegrationCalls: false,
    listIntegrationCallAttempts: false,
    leaseIntegrationCalls: true,
    recordIntegrationCallAttempt: true,
  },
  fallbacks: {},
} satisfies AggregateDefinition<IntegrationsTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const INTEGRATIONS_SCOPES = {
  // integrations: a connection and a chat target belong to one organization for their whole life
  insertIntegrationConnection: 'organization.organization_id',
  getIntegrationConnection: 'connection',
  listIntegrationConnections: 'organization',
  updateIntegrationConnection: 'connection',
  rememberIntegrationDelivery: 'connection.connection_id',
  listIntegrationDeliveries: 'connection',
  insertPostLink: 'post.post_id',
  listPostLinks: 'post',
  listLinksToIssue: 'connection',
  updateLinksToIssue: 'connection',
  insertChatTarget: 'board.board_id',
  getChatTarget: 'chatTarget',
  listChatTargets: 'board',
  updateChatTarget: 'chatTarget',
  insertIntegrationCall: 'organization.organization_id',
  // the outbox of calls: a lease rechecks each row it changes; a report changes its row only under its lease
  getIntegrationCall: 'none',
  listIntegrationCalls: 'organization',
  listIntegrationCallAttempts: 'none',
  leaseIntegrationCalls: 'none',
  recordIntegrationCallAttempt: 'none',
} satisfies ScopeTable<IntegrationsTx>;
