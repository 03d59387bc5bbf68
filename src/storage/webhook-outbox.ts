/**
 * The storage contract's webhook outbox: the shapes of its requests (types only). Messages are
 * written in the transaction of the change they report, and leased by dispatchers so that several
 * processes sharing one store never send the same attempt twice.
 */
import type { WebhookAttemptRecord, WebhookMessageRecord } from '../domain/records.js';

/**
 * One event to enqueue. A message is inserted for every active webhook of the organization whose
 * `events` contain `event_type` or `"*"` (or, with `webhook_id`, for that one webhook of the
 * organization, whatever its events and state: test events). Each message is `pending`, has 0
 * attempts, is due at `created_at`, and gets `msg_id` = `msg_id_prefix` + its webhook id.
 */
export interface WebhookEventToEnqueue {
  organization_id: number;
  event_type: string;
  /** The body to send, JSON text. */
  payload: string;
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
 * An attempt to record. It is recorded only while `owner` holds the message's lease: then the
 * attempt is stored, the message takes the state of `nextMessageState` (schedule.ts) for
 * `finished_at`, and the lease is dropped; the message is returned. Otherwise (the lease expired
 * and was taken, or the message is gone) nothing changes and the result is null.
 */
export interface WebhookAttemptReport {
  message_id: number;
  owner: string;
  attempt: Omit<WebhookAttemptRecord, 'id' | 'message_id' | 'webhook_id'>;
  /** When the attempt ended: the next one is counted from here. */
  finished_at: string;
}
