/**
 * The webhooks aggregate's webhooks in SQL (their outbox is each store's: leasing and recording
 * attempts differ, `tx/webhooks.ts` there). A webhook's events are JSON text in both stores.
 */
import type { WebhookRecord } from '../../../src/domain/records.js';
import type { SqlSeam } from '../seam.js';
import { assignments, changedAny, flag, type SharedMethods } from '../statements.js';

const WEBHOOK_FIELDS = 'id, organization_id, url, description, events, active, secret, created_at';
const WEBHOOK = `SELECT ${WEBHOOK_FIELDS} FROM fb_webhooks`;

type WebhookRow = Omit<WebhookRecord, 'events' | 'active'> & { events: string; active: unknown };
const toWebhook = (row: WebhookRow): WebhookRecord => ({ ...row, events: JSON.parse(row.events) as string[], active: flag(row.active) });

/** The outbox's methods: each store's own. */
type Outbox =
  | 'enqueueWebhookMessages'
  | 'getWebhookMessage'
  | 'listWebhookMessages'
  | 'listWebhookAttempts'
  | 'leaseWebhookMessages'
  | 'recordWebhookAttempt'
  | 'redeliverWebhookMessage'
  | 'countPendingWebhookMessages';

export function webhookMethods(db: SqlSeam): SharedMethods<'webhooks', Outbox> {
  const d = db.dialect;
  const byId = `${WEBHOOK} WHERE id = ?`;
  const ofOrganization = `${WEBHOOK} WHERE organization_id = ? ORDER BY created_at, id`;
  const insert = `INSERT INTO fb_webhooks (organization_id, url, description, events, active, secret, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${WEBHOOK_FIELDS}`;
  const getWebhook = async (id: number) => {
    const row = await db.row<WebhookRow>(byId, [id]);
    return row === undefined ? null : toWebhook(row);
  };
  return {
    async insertWebhook(row) {
      const stored = await db.row<WebhookRow>(
        insert,
        [row.organization_id, row.url, row.description, JSON.stringify(row.events), d.bool(row.active), row.secret, row.created_at],
      );
      return toWebhook(stored!);
    },
    getWebhook,
    async updateWebhook(id, patch) {
      const { set, params } = assignments([
        ['url', patch.url],
        ['description', patch.description],
        ['events', patch.events === undefined ? undefined : JSON.stringify(patch.events)],
        ['active', patch.active === undefined ? undefined : d.bool(patch.active)],
        ['secret', patch.secret],
      ]);
      if (set === '') return getWebhook(id);
      const row = await db.row<WebhookRow>(`UPDATE fb_webhooks SET ${set} WHERE id = ? RETURNING ${WEBHOOK_FIELDS}`, [...params, id]);
      return row === undefined ? null : toWebhook(row);
    },
    deleteWebhook: changedAny(db, 'DELETE FROM fb_webhooks WHERE id = ?'),
    async listWebhooks(organizationId) {
      return (await db.rows<WebhookRow>(ofOrganization, [organizationId])).map(toWebhook);
    },
  };
}
