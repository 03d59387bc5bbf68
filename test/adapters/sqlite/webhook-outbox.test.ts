/**
 * The outbox's statements on SQLite: the lease walks the partial index of due messages (no scan of
 * delivered ones), and enqueueing for an organization finds its webhooks through their index.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqliteStorage, type SqliteStorage } from '../../../adapters/sqlite/index.js';
import { tempDir } from './helpers.js';
import { at, newOrganization, newWebhook } from '../../../testing/fixtures.js';

const temp = tempDir();
const statements: string[] = [];
let db: Database.Database;
let storage: SqliteStorage;
let organizationId: number;

beforeAll(async () => {
  db = new Database(temp.file(), { verbose: (sql) => statements.push(String(sql)) });
  storage = createSqliteStorage({ database: db });
  await storage.transaction('write', async (tx) => {
    const org = await tx.insertOrganization(newOrganization());
    organizationId = org.id;
    await tx.insertWebhook(newWebhook(org.id, { events: ['*'] }));
    for (let i = 0; i < 300; i++) {
      await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'post.created', payload: '{}', msg_id_prefix: `msg_${i}_`, created_at: at(i) });
    }
  });
});
afterAll(async () => {
  await storage.close();
  db.close();
  temp.remove();
});

const planOf = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('\n');

it('leasing walks the index of due messages', async () => {
  statements.length = 0;
  const leased = await storage.transaction('write', (tx) => tx.leaseWebhookMessages({ now: at(10), lease_until: at(11), owner: 'o', limit: 5 }));
  expect(leased).toHaveLength(5);
  const lease = statements.find((sql) => /^\s*UPDATE fb_webhook_messages SET lease_owner/.test(sql))!;
  const plan = planOf(lease);
  expect(plan).toMatch(/SEARCH m USING INDEX fb_webhook_messages_due/);
  expect(plan).not.toMatch(/SCAN m\b/);
});

it('enqueueing probes for, then finds, the organization\'s webhooks through their index', async () => {
  statements.length = 0;
  const none = await storage.transaction('write', (tx) =>
    tx.enqueueWebhookMessages({ organization_id: 99, event_type: 'post.created', payload: '{}', msg_id_prefix: 'msg_none_', created_at: at(0) }),
  );
  // An organization without webhooks: one probe of the index, and no INSERT.
  expect(none).toEqual([]);
  expect(statements.filter((sql) => /INSERT INTO fb_webhook_messages/.test(sql))).toEqual([]);
  const probe = statements.find((sql) => /SELECT EXISTS/.test(sql))!;
  expect(planOf(probe)).toMatch(/SEARCH fb_webhooks USING (COVERING )?INDEX fb_webhooks_organization/);

  statements.length = 0;
  const sent = await storage.transaction('write', (tx) =>
    tx.enqueueWebhookMessages({ organization_id: organizationId, event_type: 'post.created', payload: '{}', msg_id_prefix: 'msg_one_', created_at: at(0) }),
  );
  expect(sent).toHaveLength(1);
  const enqueue = statements.find((sql) => /INSERT INTO fb_webhook_messages/.test(sql))!;
  expect(planOf(enqueue)).toMatch(/SEARCH w USING INDEX fb_webhooks_organization/);
});
