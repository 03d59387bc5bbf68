/**
 * Webhooks in the mock server: messages are recorded and nothing is sent until the test says so;
 * the mock clock drives the retries; attempts are answered by the test's function and readable,
 * signed with the fixture's secret; a reset forgets them.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock-server/index.js';
import { startReceiver } from '../webhooks/receiver.js';

const SECRET = 'whsec_' + Buffer.alloc(24, 3).toString('base64');
const KEY = 'acme-write-0123456789';

const mock = createMockServer({
  fixture: {
    organizations: [
      {
        name: 'Acme',
        apiKeys: [{ key: KEY, scope: 'write' }],
        webhooks: [{ url: 'https://hooks.example.com/fb', events: ['post.created'], secret: SECRET }],
        boards: [{ slug: 'features', name: 'Features', posts: [{ title: 'From the fixture' }] }],
      },
    ],
  },
});
beforeEach(() => mock.reset());
afterAll(() => mock.close());

describe('mock server webhooks', () => {
  it('records messages without sending them, and sends due attempts to the answer function when told', async () => {
    expect(await mock.webhooks.messages()).toEqual([]);
    const post = await mock.client(KEY).posts.create('features', { title: 'Dark mode' });
    const [message] = await mock.webhooks.messages();
    expect(message).toMatchObject({ event_type: 'post.created', status: 'pending', attempts: 0, attempts_made: [] });
    expect(message!.data).toMatchObject({ post: { id: post.id, title: 'Dark mode' }, board: { slug: 'features' } });
    expect(mock.webhooks.sent()).toEqual([]);

    const seen: string[] = [];
    mock.webhooks.answer((request) => {
      seen.push(request.headers['webhook-id']!);
      return seen.length === 1 ? 503 : new Response('thanks', { status: 200 });
    });
    expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    // The retry is due 5 s later on the mock clock, not before.
    mock.clock.advance(4_999);
    expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 0, delivered: 0 });
    mock.clock.advance(1);
    expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });

    expect(seen).toEqual([message!.msg_id, message!.msg_id]);
    const sent = mock.webhooks.sent();
    expect(sent.map((s) => s.status)).toEqual([503, 200]);
    expect(sent[1]!.url).toBe('https://hooks.example.com/fb');
    // The payload's timestamp is the change's time; the signature's, each attempt's own.
    expect(sent[1]!.payload).toMatchObject({ type: 'post.created', timestamp: new Date(mock.clock.now() - 5_000).toISOString() });
    // Signed with the fixture's secret, at the mock clock's time.
    const signedAt = Number(sent[1]!.headers['webhook-timestamp']);
    expect(signedAt).toBe(Math.floor(mock.clock.now() / 1000));
    const expected = new Webhook(SECRET).sign(sent[1]!.headers['webhook-id']!, new Date(signedAt * 1000), sent[1]!.body);
    expect(sent[1]!.headers['webhook-signature']).toBe(expected);

    const [after] = await mock.webhooks.messages();
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(after!.attempts_made.map((a) => [a.status_code, a.response_body])).toEqual([[200, 'thanks'], [503, '']]);
  });

  it('an answer function that throws is a network error; reset forgets messages, attempts and the answer', async () => {
    await mock.client(KEY).posts.create('features', { title: 'A' });
    mock.webhooks.answer(() => {
      throw new Error('connection reset');
    });
    await mock.webhooks.deliverDue();
    const [message] = await mock.webhooks.messages();
    expect(message!.attempts_made[0]).toMatchObject({ status_code: null, error: expect.stringContaining('connection reset'), success: false });
    await mock.reset();
    expect(await mock.webhooks.messages()).toEqual([]);
    expect(mock.webhooks.sent()).toEqual([]);
  });

  it('without an answer function, sends over the network to a real receiver', async () => {
    const receiver = await startReceiver('ok');
    try {
      const [hook] = await mock.dashboard.webhooks.list((await mock.loaded()).organizations[0]!.id);
      await mock.dashboard.webhooks.update(hook!.id, { url: receiver.url });
      await mock.client(KEY).posts.create('features', { title: 'Over the wire' });
      expect(await mock.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'post.created', data: { post: { title: 'Over the wire' } } });
    } finally {
      await receiver.close();
    }
  });
});
