/**
 * Chat messages leave through the outbox of integrations' calls, to their target's URL as it is
 * at each attempt, and what they cross: a thousand messages queued for one organization's slow
 * chat receiver (each answer a quarter of a second late) do not hold another organization's
 * webhook, which is delivered while the chat backlog is still nearly whole; the slow receiver
 * never has more than its share of sends under way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { events, POST } from '../integrations/fixtures/chat-events.js';

const MESSAGES = 1_000;
const SLOW_MS = 250;

let slow: Server;
let slowUrl: string;
let underWay = 0;
let mostUnderWay = 0;
let answered = 0;
let webhooks: Receiver;

beforeAll(async () => {
  slow = createServer((req, res) => {
    underWay += 1;
    mostUnderWay = Math.max(mostUnderWay, underWay);
    req.resume();
    setTimeout(() => {
      underWay -= 1;
      answered += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }, SLOW_MS);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/services/T000/B000/XXXX`;
  webhooks = await startReceiver('ok');
});
afterAll(async () => {
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
  await webhooks.close();
});

describe('chat messages in the outbox', () => {
  it('a thousand messages to one organization’s slow chat receiver do not delay another organization’s webhook', async () => {
    const storage = createMemoryStorage();
    const board = createFeedbackBoard({ storage, logger: { error: () => undefined }, webhooks: { allowPrivateNetworks: true, pollIntervalMs: 50 } });
    const acme = await board.dashboard.organizations.create({ name: 'Acme' });
    const globex = await board.dashboard.organizations.create({ name: 'Globex' });
    const acmeBoard = await board.team(acme.id).api.boards.create({ slug: 'ideas', name: 'Ideas' });
    const now = new Date().toISOString();
    await storage.transaction('write', async (tx) => {
      const target = await tx.insertChatTarget({ board_id: acmeBoard.id, platform: 'slack', url: slowUrl, events: ['post.created'], active: true, created_at: now });
      for (let i = 0; i < MESSAGES; i++) {
        await tx.insertIntegrationCall({
          organization_id: acme.id, connection_id: null, chat_target_id: target.id, post_id: null, purpose: 'chat_message', method: 'POST', url: null,
          body: JSON.stringify({ ...events()[0]!, post: { ...POST, title: `Message ${i}` } }), status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null, lease_owner: null, last_error: null, created_at: now,
        });
      }
    });
    await board.dashboard.webhooks.create(globex.id, { url: webhooks.url, events: ['*'] });
    const { key } = await board.dashboard.apiKeys.create(globex.id, { scope: 'write' });

    board.webhooks.start();
    try {
      // The chat backlog is under way before Globex's event is raised.
      while (underWay === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await (await board.api(key)).boards.create({ slug: 'roadmap', name: 'Roadmap' });
      while (webhooks.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const answeredWhenDelivered = answered;
      // Delivered with the backlog nearly whole: at most a few of the slow answers had come.
      expect(answeredWhenDelivered).toBeLessThan(MESSAGES / 20);
      expect(JSON.parse(webhooks.received[0]!.body).type).toBe('board.created');
      // The slow receiver holds its own share of sends, never the pool.
      expect(mostUnderWay).toBeLessThanOrEqual(4);
    } finally {
      await board.webhooks.stop();
    }
    const calls = await storage.transaction('read', (tx) => tx.listIntegrationCalls(acme.id, MESSAGES));
    const delivered = calls.filter((call) => call.status === 'delivered');
    expect(delivered.length).toBe(answered);
    expect(calls.every((call) => call.status !== 'failed')).toBe(true);
    // What the receiver got is the queued event as a Slack message, posted to the target's URL.
    const [attempt] = await storage.transaction('read', (tx) => tx.listIntegrationCallAttempts(delivered[0]!.id));
    expect(attempt).toMatchObject({ status_code: 200, success: true, error: null });
  }, 60_000);
});
