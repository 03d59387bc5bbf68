/**
 * The webhooks aggregate in SQL: webhooks, and their outbox. Enqueueing matches the subscribed
 * webhooks and inserts their messages in one INSERT … SELECT. A lease is one UPDATE … RETURNING of
 * the due messages it picks `FOR UPDATE SKIP LOCKED`: of processes leasing at once, each gets
 * messages no other holds or is taking (a message changed by a lease committed meanwhile is
 * re-checked and left out), and none waits for another or for any organization's writes.
 * Recording an attempt re-reads the message `FOR UPDATE` and checks the lease holder under that
 * row lock.
 */
import type { WebhookAttemptRecord, WebhookMessageRecord } from '../../../src/domain/records.js';
import type { AggregateMethods } from '../../../src/storage/contract/registry.js';
import { idArray, pageBounds, type Sql } from '../sql.js';

const MESSAGE_COLUMNS = `id, webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at,
  lease_until, lease_owner, created_at`;
const ATTEMPT_COLUMNS = `id, message_id, webhook_id, attempted_at, status_code, error, duration_ms, response_body, success`;

// $1 organization, $2 type, $3 payload, $4 prefix, $5 created (, $6 webhook).
const INSERT_VALUES = `SELECT w.id, $4::text || w.id, $2, $3, 'pending', 0, $5, $5 FROM fb_webhooks w`;
const ENQUEUE_SUBSCRIBED = `INSERT INTO fb_webhook_messages
    (webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at, created_at)
  ${INSERT_VALUES}
  WHERE w.organization_id = $1 AND w.active
    AND EXISTS (SELECT 1 FROM json_array_elements_text(w.events::json) e WHERE e IN ($2, '*'))
  ORDER BY w.id
  RETURNING ${MESSAGE_COLUMNS}`;
const ENQUEUE_ONE = `INSERT INTO fb_webhook_messages
    (webhook_id, msg_id, event_type, payload, status, attempts, next_attempt_at, created_at)
  ${INSERT_VALUES}
  WHERE w.organization_id = $1 AND w.id = $6
  RETURNING ${MESSAGE_COLUMNS}`;

// $1 owner, $2 until, $3 now, $4 limit.
const LEASE = `UPDATE fb_webhook_messages SET lease_owner = $1, lease_until = $2
  WHERE id IN (
    SELECT m.id FROM fb_webhook_messages m JOIN fb_webhooks w ON w.id = m.webhook_id
    WHERE m.status = 'pending' AND m.next_attempt_at <= $3
      AND (m.lease_until IS NULL OR m.lease_until <= $3) AND w.active
    ORDER BY m.next_attempt_at, m.id
    LIMIT $4
    FOR UPDATE OF m SKIP LOCKED)
  RETURNING ${MESSAGE_COLUMNS}`;

const MESSAGE_BY_ID = `SELECT ${MESSAGE_COLUMNS} FROM fb_webhook_messages WHERE id = $1`;
const MESSAGE_BY_ID_LOCKED = `${MESSAGE_BY_ID} FOR UPDATE`;
const MESSAGES_OF_WEBHOOK = `SELECT t.n AS total_count, page.* FROM (SELECT count(*)::int AS n FROM fb_webhook_messages WHERE webhook_id = $1) t
           LEFT JOIN LATERAL (SELECT ${MESSAGE_COLUMNS} FROM fb_webhook_messages WHERE webhook_id = $1
                               ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) page ON true
          ORDER BY page.created_at DESC, page.id DESC`;
const ATTEMPTS_OF_MESSAGE = `SELECT t.n AS total_count, page.* FROM (SELECT count(*)::int AS n FROM fb_webhook_attempts WHERE message_id = $1) t
           LEFT JOIN LATERAL (SELECT ${ATTEMPT_COLUMNS} FROM fb_webhook_attempts WHERE message_id = $1
                               ORDER BY attempted_at DESC, id DESC LIMIT $2 OFFSET $3) page ON true
          ORDER BY page.attempted_at DESC, page.id DESC`;
const REDELIVER = `UPDATE fb_webhook_messages SET status = 'pending', next_attempt_at = $2, lease_until = NULL,
             lease_owner = NULL WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`;

const byDue = (a: WebhookMessageRecord, b: WebhookMessageRecord) =>
  (a.next_attempt_at ?? '').localeCompare(b.next_attempt_at ?? '', 'en') || a.id - b.id;

/** The outbox's methods: the webhooks themselves are the shared SQL's (adapters/sql/tx/webhooks.ts). */
export function postgresWebhooksMethods(sql: Sql): Omit<AggregateMethods<'webhooks'>, 'insertWebhook' | 'getWebhook' | 'updateWebhook' | 'deleteWebhook' | 'listWebhooks'> {
  const getMessage = async (id: number, locked = false) =>
    (await sql.row<WebhookMessageRecord>(locked ? MESSAGE_BY_ID_LOCKED : MESSAGE_BY_ID, [id])) ?? null;

  return {
    async enqueueWebhookMessages(event) {
      const params = [event.organization_id, event.event_type, event.payload, event.msg_id_prefix, event.created_at];
      const rows =
        event.webhook_id === undefined
          ? await sql.rows<WebhookMessageRecord>(ENQUEUE_SUBSCRIBED, params)
          : await sql.rows<WebhookMessageRecord>(ENQUEUE_ONE, [...params, event.webhook_id]);
      return rows.sort((a, b) => a.webhook_id - b.webhook_id);
    },

    getWebhookMessage: (id) => getMessage(id),

    async countPendingWebhookMessages() {
      // The partial index of due messages (status = 'pending') answers it.
      return (await sql.rows<{ n: number }>("SELECT count(*)::int AS n FROM fb_webhook_messages WHERE status = 'pending'"))[0]!.n;
    },
    async listWebhookMessages(webhookId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = await sql.rows<WebhookMessageRecord & { total_count: number }>(
        MESSAGES_OF_WEBHOOK,
        [webhookId, limit, offset],
      );
      const total = rows[0]?.total_count ?? 0;
      return { rows: rows.filter((row) => row.id !== null).map(({ total_count: _total, ...message }) => message), total };
    },

    async listWebhookAttempts(messageId, query) {
      const { limit, offset } = pageBounds(query);
      const rows = await sql.rows<WebhookAttemptRecord & { total_count: number }>(
        ATTEMPTS_OF_MESSAGE,
        [messageId, limit, offset],
      );
      const total = rows[0]?.total_count ?? 0;
      return { rows: rows.filter((row) => row.id !== null).map(({ total_count: _total, ...attempt }) => attempt), total };
    },

    async leaseWebhookMessages(request) {
      const { limit } = pageBounds({ limit: request.limit, offset: 0 });
      const messages = (await sql.rows<WebhookMessageRecord>(LEASE, [request.owner, request.lease_until, request.now, limit])).sort(byDue);
      if (messages.length === 0) return [];
      const targets = new Map(
        (
          await sql.rows<{ id: number; url: string; secret: string }>('SELECT id, url, secret FROM fb_webhooks WHERE id = ANY($1::int[])', [
            idArray([...new Set(messages.map((m) => m.webhook_id))]),
          ])
        ).map((w) => [w.id, w]),
      );
      return messages.map((message) => {
        const target = targets.get(message.webhook_id)!;
        return { message, url: target.url, secret: target.secret };
      });
    },

    async recordWebhookAttempt(report) {
      // Under the row's lock: no lease, redelivery or other report changes it until this commits.
      const message = await getMessage(report.message_id, true);
      if (!message || message.lease_owner !== report.owner) return null;
      const { attempt } = report;
      const { status, next_attempt_at } = report.next;
      await sql.run(
        `WITH attempt AS (
           INSERT INTO fb_webhook_attempts
             (message_id, webhook_id, attempted_at, status_code, error, duration_ms, response_body, success)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8))
         UPDATE fb_webhook_messages SET status = $9, attempts = attempts + 1, next_attempt_at = $10, lease_until = NULL,
           lease_owner = NULL WHERE id = $1`,
        [
          message.id, message.webhook_id, attempt.attempted_at, attempt.status_code, attempt.error, attempt.duration_ms,
          attempt.response_body, attempt.success, status, next_attempt_at,
        ],
      );
      return { ...message, status, attempts: message.attempts + 1, next_attempt_at, lease_until: null, lease_owner: null };
    },

    async redeliverWebhookMessage(id, now) {
      return (
        (await sql.row<WebhookMessageRecord>(REDELIVER, [id, now])) ?? null
      );
    },
  };
}
