/** The webhook outbox over the record store: enqueue, lease, record attempts, list, redeliver. */
import type { WebhookAttemptRecord, WebhookMessageRecord } from '../../domain/records.js';
import { nextMessageState } from '../../webhooks/schedule.js';
import type { StorageTx } from '../contract.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { byIdAsc, compareText, pageOf } from './shared.js';

type OutboxMethods = Pick<
  StorageTx,
  | 'enqueueWebhookMessages'
  | 'getWebhookMessage'
  | 'listWebhookMessages'
  | 'listWebhookAttempts'
  | 'leaseWebhookMessages'
  | 'recordWebhookAttempt'
  | 'redeliverWebhookMessage'
>;

type StoredMessage = ReadonlyRow<WebhookMessageRecord>;

/** Whether a webhook's `events` take an event: listed by name, or `"*"`. */
export function subscribes(events: readonly string[], eventType: string): boolean {
  return events.includes(eventType) || events.includes('*');
}

const byNewestMessage = (a: StoredMessage, b: StoredMessage) =>
  compareText(b.created_at, a.created_at) || b.id - a.id;
const byNewestAttempt = (a: ReadonlyRow<WebhookAttemptRecord>, b: ReadonlyRow<WebhookAttemptRecord>) =>
  compareText(b.attempted_at, a.attempted_at) || b.id - a.id;
const byDue = (a: StoredMessage, b: StoredMessage) =>
  compareText(a.next_attempt_at ?? '', b.next_attempt_at ?? '') || a.id - b.id;

export function webhookOutboxMethods(store: RecordStore): OutboxMethods {
  const webhooks = store.table('webhooks');
  const messages = store.table('webhook_messages');
  const attempts = store.table('webhook_attempts');

  return {
    async enqueueWebhookMessages(event) {
      let targets;
      if (event.webhook_id !== undefined) {
        const one = await webhooks.get(event.webhook_id);
        targets = one && one.organization_id === event.organization_id ? [one] : [];
      } else {
        const all = await webhooks.getAllFromIndex('by_organization', event.organization_id);
        targets = all.filter((w) => w.active && subscribes(w.events, event.event_type)).sort(byIdAsc);
      }
      const inserted: WebhookMessageRecord[] = [];
      for (const webhook of targets) {
        const record: WebhookMessageRecord = {
          id: await store.nextId('webhook_messages'),
          webhook_id: webhook.id,
          msg_id: event.msg_id_prefix + webhook.id,
          event_type: event.event_type,
          payload: event.payload,
          status: 'pending',
          attempts: 0,
          next_attempt_at: event.created_at,
          lease_until: null,
          lease_owner: null,
          created_at: event.created_at,
        };
        await messages.put(record);
        inserted.push(record);
      }
      return inserted.map((row) => cloneRow(row));
    },

    async getWebhookMessage(id) {
      const row = await messages.get(id);
      return row ? cloneRow(row) : null;
    },

    async listWebhookMessages(webhookId, query) {
      return pageOf<WebhookMessageRecord>((await messages.getAllFromIndex('by_webhook', webhookId)).sort(byNewestMessage), query);
    },

    async listWebhookAttempts(messageId, query) {
      return pageOf<WebhookAttemptRecord>((await attempts.getAllFromIndex('by_message', messageId)).sort(byNewestAttempt), query);
    },

    async leaseWebhookMessages(request) {
      const due = (await messages.getAllFromIndex('by_status', 'pending'))
        .filter(
          (m) =>
            m.next_attempt_at !== null &&
            m.next_attempt_at <= request.now &&
            (m.lease_until === null || m.lease_until <= request.now),
        )
        .sort(byDue);
      const leased = [];
      for (const message of due) {
        if (leased.length >= request.limit) break;
        const webhook = await webhooks.get(message.webhook_id);
        if (!webhook?.active) continue;
        const next: WebhookMessageRecord = { ...cloneRow(message), lease_until: request.lease_until, lease_owner: request.owner };
        await messages.put(next);
        leased.push({ message: next, url: webhook.url, secret: webhook.secret });
      }
      return leased;
    },

    async recordWebhookAttempt(report) {
      const message = await messages.get(report.message_id);
      if (!message || message.lease_owner !== report.owner) return null;
      const attempt: WebhookAttemptRecord = {
        id: await store.nextId('webhook_attempts'),
        message_id: message.id,
        webhook_id: message.webhook_id,
        ...report.attempt,
      };
      await attempts.put(attempt);
      const next: WebhookMessageRecord = {
        ...cloneRow(message),
        ...nextMessageState(message, report.attempt.success, report.finished_at),
        lease_until: null,
        lease_owner: null,
      };
      await messages.put(next);
      return cloneRow(next);
    },

    async redeliverWebhookMessage(id, now) {
      const message = await messages.get(id);
      if (!message) return null;
      const next: WebhookMessageRecord = {
        ...cloneRow(message),
        status: 'pending',
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
      };
      await messages.put(next);
      return cloneRow(next);
    },
  };
}
