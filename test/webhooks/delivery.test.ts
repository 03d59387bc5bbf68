/**
 * Delivery to a real receiver on 127.0.0.1: signatures that `standardwebhooks` verifies, and
 * failures (500, timeout, reset connection, redirect) retried on the schedule of section 14 with
 * the same webhook-id until the message fails after the eighth attempt.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard, type FeedbackBoardOptions } from '../../src/board.js';
import { createNodeWebhookFetch } from '../../src/node/webhook-fetch.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/webhooks/schedule.js';
import { testClock } from '../helpers/harness.js';
import { startReceiver, type Receiver, type ReceiverMode } from './receiver.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function setup(mode: ReceiverMode, webhooks: FeedbackBoardOptions['webhooks'] = {}, clock?: ReturnType<typeof testClock>) {
  receiver = await startReceiver(mode);
  const storage = createMemoryStorage();
  const board = createFeedbackBoard({
    storage,
    ...(clock ? { clock } : {}),
    logger: { error: () => undefined },
    webhooks: { allowPrivateNetworks: true, ...webhooks },
  });
  const org = await board.dashboard.organizations.create({ name: 'Acme' });
  const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
  const hook = await board.dashboard.webhooks.create(org.id, { url: receiver.url, events: ['*'] });
  const api = await board.api(key);
  return { board, org, hook, api, receiver, storage };
}

describe('webhook delivery', () => {
  it('signs every delivery so that standardwebhooks verifies it, and not with a wrong secret or a changed body', async () => {
    const { board, hook, api, receiver } = await setup('ok');
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await api.boards.create({ slug: 'features', name: 'Features' });
    await api.posts.create('features', { title: 'Dark mode ✨ "quoted"' });
    expect(await board.webhooks.deliverDue()).toEqual({ attempted: 2, delivered: 2 });
    expect(receiver.received).toHaveLength(2);
    for (const { headers, body } of receiver.received) {
      const sent = { 'webhook-id': headers['webhook-id'] as string, 'webhook-timestamp': headers['webhook-timestamp'] as string, 'webhook-signature': headers['webhook-signature'] as string };
      expect(new Webhook(hook.secret).verify(body, sent)).toEqual(JSON.parse(body));
      expect(headers['content-type']).toBe('application/json');
      expect(headers['user-agent']).toBe(`feedback-board-webhooks/${PACKAGE_VERSION}`);
      expect(() => new Webhook('whsec_' + Buffer.from('another secret of 24 byte').toString('base64')).verify(body, sent)).toThrow();
      expect(() => new Webhook(hook.secret).verify(body.replace('Dark', 'Dork').replace('features', 'featurez'), sent)).toThrow();
      // By hand: HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed with the base64-decoded secret.
      const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
      const expected = createHmac('sha256', key).update(`${sent['webhook-id']}.${sent['webhook-timestamp']}.${body}`).digest('base64');
      expect(sent['webhook-signature']).toBe(`v1,${expected}`);
    }
    // Messages of one batch go out concurrently: no order is promised between them.
    expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['board.created', 'post.created']);
    const [latest] = (await board.dashboard.webhooks.messages(hook.id)).rows;
    expect(latest).toMatchObject({ status: 'delivered', attempts: 1, next_attempt_at: null });
    const [attempt] = (await board.dashboard.webhooks.attempts(latest!.id)).rows;
    expect(attempt).toMatchObject({ status_code: 200, error: null, success: true });
    expect(attempt!.response_body).toBe('x'.repeat(1024));
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('a rotated secret signs the next attempts; an older secret made as whsec_ + base62 still verifies', async () => {
    const { board, hook, api, receiver } = await setup('ok');
    const rotated = await board.dashboard.webhooks.rotateSecret(hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    await api.boards.create({ slug: 'a', name: 'A' });
    await board.webhooks.deliverDue();
    const sent = receiver.received[0]!;
    const headers = sent.headers as Record<string, string>;
    expect(() => new Webhook(hook.secret).verify(sent.body, headers)).toThrow();
    expect(new Webhook(rotated.secret).verify(sent.body, headers)).toMatchObject({ type: 'board.created' });

    const legacy = 'whsec_' + 'Ab3'.repeat(10) + 'xY';
    await board.storage.transaction('write', (tx) => tx.updateWebhook(hook.id, { secret: legacy }));
    await api.boards.create({ slug: 'b', name: 'B' });
    await board.webhooks.deliverDue();
    const second = receiver.received[1]!;
    expect(new Webhook(legacy).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ type: 'board.created' });
  });

  it('start() polls for due messages until stop(), which waits for the sends under way', async () => {
    const { board, api, receiver } = await setup('ok', { pollIntervalMs: 20 });
    board.webhooks.start();
    board.webhooks.start();
    await api.boards.create({ slug: 'a', name: 'A' });
    await receiver.waitFor(1, 5_000);
    await board.webhooks.stop();
    await api.boards.create({ slug: 'b', name: 'B' });
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.map((r) => JSON.parse(r.body).data.board.slug)).toEqual(['a']);
    expect(await board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
  });

  for (const mode of ['500', 'timeout', 'reset', 'redirect'] as const) {
    for (const via of ['fetch', 'node'] as const) {
      it(`answers "${mode}" (${via === 'node' ? 'Node fetch' : 'global fetch'}): retried on schedule with one webhook-id, failed after the eighth`, async () => {
        const clock = testClock();
        const fetch = via === 'node' ? createNodeWebhookFetch({ allowPrivateNetworks: true }) : undefined;
        // Only the receiver that never answers waits for the timeout; the others answer at once, and a
        // loaded machine must not turn their answer into a timeout. The timeout counts from before
        // the connection: at 200 ms a busy machine once timed an attempt out before its request
        // reached the receiver (4 of 5 requests arrived), so the never-answering receiver gets 1 s.
        const timeoutMs = mode === 'timeout' ? 1_000 : 10_000;
        const { board, hook, api, receiver, storage } = await setup(mode, { timeoutMs, ...(fetch ? { fetch } : {}) }, clock);
        await api.boards.create({ slug: 'features', name: 'Features' });
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          expect(await board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
          await receiver.waitFor(attempt);
          const delay = RETRY_DELAYS_MS[attempt - 1];
          if (delay === undefined) break;
          clock.advance(delay - 1);
          expect(await board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
          clock.advance(1);
        }
        clock.advance(365 * 86_400_000);
        expect(await board.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
        expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
        expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
        // Each attempt is signed at its own time.
        expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(MAX_ATTEMPTS);
        const [message] = (await board.dashboard.webhooks.messages(hook.id)).rows;
        expect(message).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
        const attempts = (await board.dashboard.webhooks.attempts(message!.id, { limit: 500 })).rows;
        expect(attempts).toHaveLength(MAX_ATTEMPTS);
        const expected = {
          '500': { status_code: 500, error: 'HTTP 500', response_body: 'receiver broke' },
          timeout: { status_code: null, error: expect.stringMatching(/^timeout/), response_body: '' },
          reset: { status_code: null, error: expect.stringMatching(/^network error/), response_body: '' },
          redirect: { status_code: 302, error: 'redirect: not followed', response_body: '' },
        }[mode];
        for (const attempt of attempts) expect(attempt).toMatchObject({ ...expected, success: false });
        // Never followed: the redirect's target got nothing.
        expect(receiver.received.every((r) => r.path === '/hook')).toBe(true);

        // Redelivery by hand: one more attempt now, which succeeds once the receiver is fixed.
        receiver.mode = 'ok';
        await board.dashboard.webhooks.redeliver(message!.id);
        // A board of the same storage with the default timeout delivers it: 1 s is short enough
        // for a loaded machine to turn the receiver's answer into one more timeout.
        const deliverer = mode === 'timeout' ? createFeedbackBoard({ storage, clock, logger: { error: () => undefined }, webhooks: { allowPrivateNetworks: true, ...(fetch ? { fetch } : {}) } }) : board;
        expect(await deliverer.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
        expect((await board.dashboard.webhooks.messages(hook.id)).rows[0]).toMatchObject({ status: 'delivered', attempts: MAX_ATTEMPTS + 1 });
        await board.close();
      });
    }
  }
});
