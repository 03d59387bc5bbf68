/**
 * An event's body is made into JSON only when a store inserts a message with it: an organization
 * without a webhook that wants the event pays no JSON for it, and one with several webhooks pays
 * for it once. The messages stored carry the whole body either way.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ServiceContext } from '../../src/services/context.js';
import { emitEvent } from '../../src/services/webhook-events.js';
import { T0 } from '../adapters/sqlite/helpers.js';
import { memoryAndSqlite } from '../helpers/stores.js';

/** emitEvent reads only the context's random bytes (the message ids). */
const ctx = { random: (length: number) => new Uint8Array(length).fill(7) } as unknown as ServiceContext;

/** Event data whose JSON is counted. */
function countedData() {
  const counted = { times: 0 };
  const data = { board_id: 1, marker: { toJSON: () => (counted.times++, 'made') } };
  return { counted, data: data as never };
}

describe.each(memoryAndSqlite)('the body of a webhook event (%s)', (_name, open) => {
  /** A fresh store with one organization, closed and removed when the test ends. */
  async function setup() {
    const { storage, done } = open();
    onTestFinished(async () => {
      await storage.close();
      done();
    });
    const org = await storage.transaction('write', (tx) => tx.insertOrganization({ name: 'Acme', created_at: T0 }));
    return { storage, org: org.id };
  }

  const webhook = (organization_id: number, events: string[], active = true) => ({
    organization_id,
    url: 'https://hooks.example.com/in',
    description: '',
    events,
    active,
    secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
    created_at: T0,
  });

  it('is not made when no webhook of the organization wants the event, and nothing is enqueued', async () => {
    const { storage, org } = await setup();
    await storage.transaction('write', async (tx) => {
      await tx.insertWebhook(webhook(org, ['comment.created']));
      await tx.insertWebhook(webhook(org, ['*'], false));
    });
    const { counted, data } = countedData();
    await storage.transaction('write', (tx) => emitEvent(ctx, tx, org, 'post.created', data, T0));
    expect(counted.times).toBe(0);
    expect(await storage.transaction('read', (tx) => tx.countPendingWebhookMessages())).toBe(0);
  });

  it('is made once for every webhook that wants it, and each message holds all of it', async () => {
    const { storage, org } = await setup();
    const hooks = await storage.transaction('write', async (tx) => [
      await tx.insertWebhook(webhook(org, ['*'])),
      await tx.insertWebhook(webhook(org, ['post.created'])),
    ]);
    const { counted, data } = countedData();
    await storage.transaction('write', (tx) => emitEvent(ctx, tx, org, 'post.created', data, T0));
    expect(counted.times).toBe(1);
    const messages = await storage.transaction('read', async (tx) =>
      Promise.all(hooks.map(async (hook) => (await tx.listWebhookMessages(hook.id, { limit: 10, offset: 0 })).rows)),
    );
    for (const [message] of messages) {
      expect(JSON.parse(message!.payload)).toEqual({ type: 'post.created', timestamp: T0, data: { board_id: 1, marker: 'made' } });
    }
    expect(messages.map((rows) => rows.length)).toEqual([1, 1]);
  });
});
