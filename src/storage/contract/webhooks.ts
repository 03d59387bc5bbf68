/**
 * The webhooks aggregate of the storage contract: an organization's webhooks and their outbox.
 * Messages are written in the transaction of the change they report, and leased by dispatchers
 * so that several processes sharing one store never send the same attempt twice. When a message
 * is due again is the dispatcher's decision (its retry policy); the storage records it.
 */
import type { WebhookAttemptRecord, WebhookMessageRecord, WebhookRecord } from '../../domain/records.js';
import type { AggregateDefinition, NewRecord, Page, PageQuery } from './shared.js';
import type { ScopeTable } from './scopes.js';

/** Fields of a webhook to change; absent fields are unchanged. */
export type WebhookPatch = Partial<Pick<WebhookRecord, 'url' | 'description' | 'events' | 'active' | 'secret'>>;

/**
 * One event to enqueue. A message is inserted for every active webhook of the organization whose
 * `events` contain `event_type` or `"*"` (or, with `webhook_id`, for that one webhook of the
 * organization, whatever its events and state: test events). Each message is `pending`, has 0
 * attempts, is due at `created_at`, and gets `msg_id` = `msg_id_prefix` + its webhook id.
 */
export interface WebhookEventToEnqueue {
  organization_id: number;
  event_type: string;
  /**
   * The body to send, JSON text. The services pass a getter that makes the text when first read,
   * so a store that reads it only once it knows a message will be inserted spares an event no
   * webhook wants its JSON (the SQLite and JavaScript stores do; PostgreSQL's enqueue is one round
   * trip, which binds it).
   */
  readonly payload: string;
  /** `msg_` + random characters + a separator; unique per event. */
  msg_id_prefix: string;
  created_at: string;
  /** Only this webhook (test events). */
  webhook_id?: number;
}

/**
 * Leases up to `limit` due messages to `owner` until `lease_until`: pending messages of active
 * webhooks with `next_attempt_at <= now` and no lease, or an expired one (`lease_until <= now`),
 * in order next_attempt_at asc, id asc. Atomic: of several concurrent callers, in one process or
 * many sharing a store, each message goes to exactly one until its lease expires.
 */
export interface WebhookLeaseRequest {
  now: string;
  lease_until: string;
  owner: string;
  limit: number;
}

/** A leased message with what sending it needs. */
export interface LeasedWebhookMessage {
  message: WebhookMessageRecord;
  url: string;
  secret: string;
}

/**
 * What a message becomes after an attempt, as the caller's retry policy decided: due again at a
 * time, or done (delivered or failed for good).
 */
export type WebhookMessageOutcome =
  | { status: 'pending'; next_attempt_at: string }
  | { status: 'delivered' | 'failed'; next_attempt_at: null };

/**
 * An attempt to record. It is recorded only while `owner` holds the message's lease: then the
 * attempt is stored, the message's `attempts` grows by one, it takes the status and
 * `next_attempt_at` of `next`, and the lease is dropped; the message is returned. Otherwise (the
 * lease expired and was taken, or the message is gone) nothing changes and the result is null.
 */
export interface WebhookAttemptReport {
  message_id: number;
  owner: string;
  attempt: Omit<WebhookAttemptRecord, 'id' | 'message_id' | 'webhook_id'>;
  /** The message's state after this attempt. */
  next: WebhookMessageOutcome;
}

/** Webhooks and their outbox: enqueue, lease, record attempts, list, redeliver. */
export interface WebhooksTx {
  /** Inserts a webhook; the storage assigns its id. */
  insertWebhook(row: NewRecord<WebhookRecord>): Promise<WebhookRecord>;
  /** The webhook (with its secret), or null. */
  getWebhook(id: number): Promise<WebhookRecord | null>;
  /** Absent fields are unchanged; the updated record, or null if there is no such webhook. */
  updateWebhook(id: number, patch: WebhookPatch): Promise<WebhookRecord | null>;
  /** Deletes the webhook with its messages and their attempts; false if there was none. */
  deleteWebhook(id: number): Promise<boolean>;
  /** created_at asc, id asc. */
  listWebhooks(organizationId: number): Promise<WebhookRecord[]>;

  /** Enqueues an event's messages; see {@link WebhookEventToEnqueue}. Returns them by webhook id asc. */
  enqueueWebhookMessages(event: WebhookEventToEnqueue): Promise<WebhookMessageRecord[]>;
  /** The message, or null. */
  getWebhookMessage(id: number): Promise<WebhookMessageRecord | null>;
  /** The webhook's messages: created_at desc, id desc. */
  listWebhookMessages(webhookId: number, query: PageQuery): Promise<Page<WebhookMessageRecord>>;
  /** The message's attempts: attempted_at desc, id desc. */
  listWebhookAttempts(messageId: number, query: PageQuery): Promise<Page<WebhookAttemptRecord>>;
  /** Atomic lease of due messages; see {@link WebhookLeaseRequest}. */
  leaseWebhookMessages(request: WebhookLeaseRequest): Promise<LeasedWebhookMessage[]>;
  /** Records an attempt by the lease holder; see {@link WebhookAttemptReport}. */
  recordWebhookAttempt(report: WebhookAttemptReport): Promise<WebhookMessageRecord | null>;
  /**
   * Makes the message due at `now` (pending, lease dropped), whatever its state; its attempts
   * count is kept. The updated message, or null if there is no such message.
   */
  redeliverWebhookMessage(id: number, now: string): Promise<WebhookMessageRecord | null>;
  /** How many messages of every webhook are pending (waiting for a delivery or a retry): the queue's depth. */
  countPendingWebhookMessages(): Promise<number>;
}

/** The webhooks aggregate: which methods write; no generic fallbacks. */
export const WEBHOOKS_AGGREGATE = {
  writes: {
    insertWebhook: true,
    getWebhook: false,
    updateWebhook: true,
    deleteWebhook: true,
    listWebhooks: false,
    enqueueWebhookMessages: true,
    getWebhookMessage: false,
    listWebhookMessages: false,
    listWebhookAttempts: false,
    leaseWebhookMessages: true,
    recordWebhookAttempt: true,
    redeliverWebhookMessage: true,
    countPendingWebhookMessages: false,
  },
  fallbacks: {},
} satisfies AggregateDefinition<WebhooksTx>;

/** What each method locks in a write transaction (see ./scopes.ts). */
export const WEBHOOKS_SCOPES = {
  insertWebhook: 'organization.organization_id',
  getWebhook: 'webhook',
  updateWebhook: 'webhook',
  deleteWebhook: 'webhook',
  listWebhooks: 'organization',
  enqueueWebhookMessages: 'organization.organization_id',
  // the outbox: a lease picks rows FOR UPDATE SKIP LOCKED; a report re-reads its row FOR UPDATE
  getWebhookMessage: 'none',
  listWebhookMessages: 'webhook',
  listWebhookAttempts: 'none',
  leaseWebhookMessages: 'none',
  recordWebhookAttempt: 'none',
  redeliverWebhookMessage: 'none',
  countPendingWebhookMessages: 'none',
} satisfies ScopeTable<WebhooksTx>;
