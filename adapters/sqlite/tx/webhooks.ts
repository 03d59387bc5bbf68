/**
 * The webhooks aggregate in SQL: webhooks, and their outbox. Enqueueing matches the subscribed
 * webhooks and inserts their messages in one INSERT … SELECT; a lease is one conditional
 * UPDATE … RETURNING, so that inside `BEGIN IMMEDIATE` two connections, in one process or two,
 * never lease the same message.
 */
import type { WebhookAttemptRecord, WebhookMessageRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { bool, idList, pageBounds, type Sql } from '../sql.js';

const MESSAGE_COLUMNS = `id, webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at,
  lease_until, lease_owner, created_at`;
const MESSAGE = `SELECT ${MESSAGE_COLUMNS} FROM fb_webhook_messages`;
const ATTEMPT = `SELECT id, message_id, webhook_id, attempted_at, status_code, error, duration_ms, response_body,
  success FROM fb_webhook_attempts`;

const INSERT_VALUES = `SELECT w.id, @prefix || w.id, @type, @payload, 'pending', 0, @created, @created
  FROM fb_webhooks w`;
const ENQUEUE_SUBSCRIBED = `INSERT INTO fb_webhook_messages
    (webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at, created_at)
  ${INSERT_VALUES}
  WHERE w.organization_id = @organization AND w.active = 1
    AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value IN (@type, '*'))
  ORDER BY w.id
  RETURNING ${MESSAGE_COLUMNS}`;
const HAS_SUBSCRIBED_WEBHOOK = `SELECT EXISTS (SELECT 1 FROM fb_webhooks WHERE organization_id = ? AND active = 1
    AND EXISTS (SELECT 1 FROM json_each(fb_webhooks.events) WHERE value IN (?, '*')))`;
const MESSAGE_BY_ID = `${MESSAGE} WHERE id = ?`;
const MESSAGES_OF_WEBHOOK = `${MESSAGE} WHERE webhook_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`;
const ATTEMPTS_OF_MESSAGE = `${ATTEMPT} WHERE message_id = ? ORDER BY attempted_at DESC, id DESC LIMIT ? OFFSET ?`;
const ENQUEUE_ONE = `INSERT INTO fb_webhook_messages
    (webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at, created_at)
  ${INSERT_VALUES}
  WHERE w.organization_id = @organization AND w.id = @webhook
  RETURNING ${MESSAGE_COLUMNS}`;

// The subquery repeats the partial index's WHERE (status = 'pending') so that SQLite walks it.
const LEASE = `UPDATE fb_webhook_messages SET lease_owner = @owner, lease_until = @until
  WHERE id IN (
    SELECT m.id FROM fb_webhook_messages m JOIN fb_webhooks w ON w.id = m.webhook_id
    WHERE m.status = 'pending' AND m.next_attempt_at <= @now
      AND (m.lease_until IS NULL OR m.lease_until <= @now) AND w.active = 1
    ORDER BY m.next_attempt_at, m.id
    LIMIT @limit)
  RETURNING ${MESSAGE_COLUMNS}`;

type AttemptRow = Omit<WebhookAttemptRecord, 'success'> & { success: 0 | 1 };
const toAttempt = (row: AttemptRow): WebhookAttemptRecord => ({ ...row, success: row.success === 1 });
const byDue = (a: WebhookMessageRecord, b: WebhookMessageRecord) =>
  (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '', 'en') || a.id - b.id;

/** The outbox's methods: the webhooks themselves are the shared SQL's (adapters/sql/tx/webhooks.ts). */
export function sqliteWebhooksMethods(sql: Sql): Omit<AggregateMethods<'webhooks'>, 'insertWebhook' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook' | 'listWebhooks'> {
  const getMessage = (id: number) => sql.get<WebhookMessageRecord>(MESSAGE_BY_ID, id) ?? null;

  return {
    async enqueueWebhookMessages(event) {
      // Most organizations have no webhook that wants the event: one probe of the index, not an
      // INSERT ... SELECT (about a tenth of a write's CPU), and the event's body never made.
      if (event.webhook_id === undefined && sql.value<number>(HAS_SUBSCRIBED_WEBHOOK, event.organization_id, event.event_type) === 0) return [];
      const params = {
        organization: event.organization_id,
        type: event.event_type,
        payload: event.payload,
        prefix: event.msg_id_prefix,
        created: event.created_at,
      };
      const rows =
        event.webhook_id === undefined
          ? sql.all<WebhookMessageRecord>(ENQUEUE_SUBSCRIBED, params)
          : sql.all<WebhookMessageRecord>(ENQUEUE_ONE, { ...params, webhook: event.webhook_id });
      return rows.sort((a, b) => a.webhook_id - b.webhook_id);
    },

    async getWebhookMessage(id) {
      return getMessage(id);
    },

    async countPendingWebhookMessages() {
      return sql.value<number>("SELECT count(*) FROM fb_webhook_messages WHERE status = 'pending'")!;
    },
    async listWebhookMessages(webhookId, query) {
      const { limit, offset } = pageBounds(query);
      return {
        rows: sql.all<WebhookMessageRecord>(
          MESSAGES_OF_WEBHOOK,
          webhookId,
          limit,
          offset,
        ),
        total: sql.value<number>('SELECT count(*) FROM fb_webhook_messages WHERE webhook_id = ?', webhookId) ?? 0,
      };
    },

    async listWebhookAttempts(messageId, query) {
      const { limit, offset } = pageBounds(query);
      return {
        rows: sql
          .all<AttemptRow>(
            ATTEMPTS_OF_MESSAGE,
            messageId,
            limit,
            offset,
          )
          .map(toAttempt),
        total: sql.value<number>('SELECT count(*) FROM fb_webhook_attempts WHERE message_id = ?', messageId) ?? 0,
      };
    },

    async leaseWebhookMessages(request) {
      const { limit } = pageBounds({ limit: request.limit, offset: 0 });
      const messages = sql
        .all<WebhookMessageRecord>(LEASE, { owner: request.owner, until: request.lease_until, now: request.now, limit })
        .sort(byDue);
      if (messages.length === 0) return [];
      const targets = new Map(
        sql
          .all<{ id: number; url: string; secret: string }>(
            'SELECT id, url, secret FROM fb_webhooks WHERE id IN (SELECT value FROM json_each(?))',
            idList([...new Set(messages.map((m) => m.webhook_id))]),
          )
          .map((w) => [w.id, w]),
      );
      return messages.map((message) => {
        const target = targets.get(message.webhook_id)!;
        return { message, url: target.url, secret: target.secret };
      });
    },

    async recordWebhookAttempt(report) {
      const message = getMessage(report.message_id);
      if (!message || message.lease_owner !== report.owner) return null;
      const { attempt } = report;
      sql.run(
        `INSERT INTO fb_webhook_attempts
           (message_id, webhook_id, attempted_at, status_code, error, duration_ms, response_body, success)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        message.id,
        message.webhook_id,
        attempt.attempted_at,
        attempt.status_code,
        attempt.error,
        attempt.duration_ms,
        attempt.response_body,
        bool(attempt.success),
      );
      const { status, next_attempt_at } = report.next;
      sql.run(
        `UPDATE fb_webhook_messages SET status = ?, attempts = attempts + 1, next_attempt_at = ?, lease_until = NULL,
           lease_owner = NULL WHERE id = ?`,
        status,
        next_attempt_at,
        message.id,
      );
      return { ...message, status, attempts: message.attempts + 1, next_attempt_at, lease_until: null, lease_owner: null };
    },

    async redeliverWebhookMessage(id, now) {
      sql.run(
        `UPDATE fb_webhook_messages SET status = 'pending', next_attempt_at = ?, lease_until = NULL,
           lease_owner = NULL WHERE id = ?`,
        now,
        id,
      );
      return getMessage(id);
    },
  };
}
