/**
 * The webhooks aggregate over the record store: webhooks, and their outbox (enqueue, lease,
 * record attempts, list, redeliver).
 */
import type { WebhookAttemptRecord, WebhookMessageRecord, WebhookRecord } from '../../domain/records.js';
import type { AggregateMethods } from '../contract/registry.js';
import { cloneRow, type ReadonlyRow, type RecordStore } from '../record-store.js';
import { byCreatedAsc, byIdAsc, compareText, pageOf, patched } from './shared.js';

type StoredMessage = ReadonlyRow<WebhookMessageRecord>;

const WEBHOOK_PATCH_FIELDS = ['url', 'description', 'events', 'active', 'secret'] as const;

/** Whether a webhook's `events` take an event: listed by name, or `"*"`. */
function subscribes(events: readonly string[], eventType: string): boolean {
  return events.includes(eventType) || events.includes('*');
}

const byNewestMessage = (a: StoredMessage, b: StoredMessage) =>
  compareText(b.created_at, a.created_at) || b.id - a.id;
const byNewestAttempt = (a: ReadonlyRow<WebhookAttemptRecord>, b: ReadonlyRow<WebhookAttemptRecord>) =>
  compareText(b.attempted_at, a.attempted_at) || b.id - a.id;
const byDue = (a: StoredMessage, b: StoredMessage) =>
  compareText(a.next_attempt_at ?? '', b.next_attempt_at ?? '') || a.id - b.id;

export function webhooksMethods(store: RecordStore): AggregateMethods<'webhooks'> {
  const webhooks = store.table('webhooks');
  const messages = store.table('webhook_messages');
  const attempts = store.table('webhook_attempts');

  return {
    async insertWebhook(row) {
      const record: WebhookRecord = {
        id: await store.nextId('webhooks'),
        organization_id: row.organization_id,
        url: row.url,
        description: row.description,
        events: [...row.events],
        active: row.active,
        secret: row.secret,
        created_at: row.created_at,
      };
      await webhooks.put(record);
      return cloneRow(record);
    },
    async getWebhook(id) {
      const row = await webhooks.get(id);
      return row ? cloneRow(row) : null;
    },
    async updateWebhook(id, patch) {
      const row = await webhooks.get(id);
      if (!row) return null;
      const next = patched<WebhookRecord, (typeof WEBHOOK_PATCH_FIELDS)[number]>(row, patch, WEBHOOK_PATCH_FIELDS);
      await webhooks.put(next);
      return cloneRow(next);
    },
    async deleteWebhook(id) {
      if (!(await webhooks.get(id))) return false;
      await webhooks.delete(id);
      // Its messages and their attempts go with it, as ON DELETE CASCADE does in SQL.
      for (const message of await messages.getAllFromIndex('by_webhook', id)) await messages.delete(message.id);
      for (const attempt of await attempts.getAllFromIndex('by_webhook', id)) await attempts.delete(attempt.id);
      return true;
    },
    async listWebhooks(organizationId) {
      const rows = await webhooks.getAllFromIndex('by_organization', organizationId);
      return rows.sort(byCreatedAsc).map((row) => cloneRow(row));
    },


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

    async countPendingWebhookMessages() {
      return (await messages.getAllFromIndex('by_status', 'pending')).length;
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
        status: report.next.status,
        attempts: message.attempts + 1,
        next_attempt_at: report.next.next_attempt_at,
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
