/**
 * The dashboard's webhook page over HTTP: messages and their attempts after real dispatcher runs
 * (with an injected fetch), redelivery, secret rotation and test events; another organization's
 * team gets 404 for every route and changes nothing; forms without CSRF change nothing; answers'
 * bodies are escaped.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPagesHandler } from '../../src/pages/index.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/webhooks/schedule.js';
import { Client, setupPages, signInTeam } from './helpers.js';

const HOSTILE_ANSWER = '<script>window.__xss=9</script><img src=x onerror="window.__xss=10">';

interface Sent {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** A team signed in, a webhook for every event, and a fetch that answers as `answer.status` says. */
async function setupHooks() {
  const answer = { status: 500, body: HOSTILE_ANSWER };
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, body: String(init.body), headers: Object.fromEntries(new Headers(init.headers).entries()) });
    return new Response(answer.body, { status: answer.status });
  };
  const setup = await setupPages({}, { webhooks: { fetch, allowPrivateNetworks: true }, logger: { error: () => undefined } });
  const team = setup.board.team(setup.orgId);
  const hook = await team.webhooks.create({ url: 'https://hooks.example.com/fb', events: ['*'], description: 'CRM' });
  const client = new Client(setup.pages);
  await signInTeam(setup, client);
  const api = await setup.board.api(setup.writeKey);
  return { setup, team, hook, client, api, answer, sent };
}

/** Every message of the webhook, newest first. */
async function messagesOf(s: Awaited<ReturnType<typeof setupHooks>>) {
  return (await s.team.webhooks.messages(s.hook.id, { limit: 500 })).rows;
}

describe('dashboard webhook page', () => {
  it('shows the messages newest first with their attempts, escaping what the receiver answered', async () => {
    const s = await setupHooks();
    await s.api.posts.create('features', { title: 'Webhook post' });
    expect(await s.setup.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });

    const list = await s.client.get('/dashboard/webhooks');
    expect(list.text).toContain(`href="/dashboard/webhooks/${s.hook.id}"`);
    const page = await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('https://hooks.example.com/fb');
    expect(page.text).toContain('<code>post.created</code>');
    expect(page.text).toContain('delivery-pending');
    expect(page.text).toMatch(/1 attempt · next attempt 2026-11-20 12:00:05 UTC/);
    expect(page.text).toContain('HTTP\u00a0500');
    expect(page.text).toContain('&lt;script&gt;window.__xss=9&lt;/script&gt;');
    expect(page.text).not.toContain('<script>window.__xss');
    expect(page.text).not.toContain('<img src=x');
    // The secret is masked: its last 4 characters only.
    expect(page.text).not.toContain(s.hook.secret);
    expect(page.text).toContain(`whsec_…${s.hook.secret.slice(-4)}`);

    // A second, successful attempt is listed above the first.
    s.answer.status = 200;
    s.answer.body = 'thanks';
    s.setup.clock.advance(RETRY_DELAYS_MS[0]!);
    await s.setup.board.webhooks.deliverDue();
    const again = await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(again.text).toContain('delivery-delivered');
    expect(again.text).toContain('2 attempts');
    expect(again.text.indexOf('HTTP\u00a0200')).toBeGreaterThan(-1);
    expect(again.text.indexOf('HTTP\u00a0200')).toBeLessThan(again.text.indexOf('HTTP\u00a0500'));
  });

  it('escapes a network error that quotes hostile text', async () => {
    const thrower = await setupPages({}, {
      webhooks: { fetch: async () => Promise.reject(new Error(HOSTILE_ANSWER)), allowPrivateNetworks: true },
      logger: { error: () => undefined },
    });
    const team = thrower.board.team(thrower.orgId);
    const hook = await team.webhooks.create({ url: 'https://hooks.example.com/down', events: ['post.created'] });
    await (await thrower.board.api(thrower.writeKey)).posts.create('features', { title: 'Unreachable' });
    expect(await thrower.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    const client = new Client(thrower.pages);
    await signInTeam(thrower, client);
    const page = await client.get(`/dashboard/webhooks/${hook.id}`);
    expect(page.text).toContain('network error: &lt;script&gt;window.__xss=9');
    expect(page.text).not.toContain('<script>window.__xss');
  });

  it('pages the messages, 20 a page, newest first', async () => {
    const s = await setupHooks();
    for (let i = 0; i < 21; i++) {
      s.setup.clock.advance(1000);
      await s.team.webhooks.sendTest(s.hook.id);
    }
    const first = await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(first.text).toContain('Messages (21)');
    expect(first.text.match(/Redeliver now/g)).toHaveLength(20);
    expect(first.text).toContain('Page 1 of 2');
    const second = await s.client.get(`/dashboard/webhooks/${s.hook.id}?page=2`);
    expect(second.text.match(/Redeliver now/g)).toHaveLength(1);
    for (const beyond of ['3', '9999999999999999']) {
      const empty = await s.client.get(`/dashboard/webhooks/${s.hook.id}?page=${beyond}`);
      expect(empty.status).toBe(200);
      expect(empty.text).toContain('No messages on this page.');
    }
    const oldest = (await messagesOf(s)).at(-1)!;
    expect(second.text).toContain(`/dashboard/webhooks/messages/${oldest.id}/redeliver`);
    expect(first.text).not.toContain(`/dashboard/webhooks/messages/${oldest.id}/redeliver`);
  });

  it('"Redeliver now" makes a failed message pending and due again; the dispatcher then delivers it', async () => {
    const s = await setupHooks();
    await s.api.posts.create('features', { title: 'Doomed delivery' });
    await s.setup.board.webhooks.deliverDue();
    for (const delay of RETRY_DELAYS_MS) {
      s.setup.clock.advance(delay);
      await s.setup.board.webhooks.deliverDue();
    }
    const [failed] = await messagesOf(s);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    const page = await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(page.text).toContain('delivery-failed');
    expect(page.text.match(/HTTP\u00a0500/g)).toHaveLength(MAX_ATTEMPTS);

    const done = await s.client.post(`/dashboard/webhooks/messages/${failed!.id}/redeliver`);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/dashboard/webhooks/${s.hook.id}?notice=redelivered`);
    const [due] = await messagesOf(s);
    expect(due).toMatchObject({ id: failed!.id, status: 'pending', next_attempt_at: new Date(s.setup.clock.now()).toISOString() });
    expect((await s.client.get(done.location!)).text).toContain('The message is due again');

    s.answer.status = 200;
    s.answer.body = 'ok';
    expect(await s.setup.board.webhooks.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    expect((await messagesOf(s))[0]).toMatchObject({ status: 'delivered', attempts: MAX_ATTEMPTS + 1 });
  });

  it('"Rotate secret" shows the new secret once; it signs the next delivery and the old one is gone', async () => {
    const s = await setupHooks();
    await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    const rotated = await s.client.post(`/dashboard/webhooks/${s.hook.id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toMatch(/no-store/);
    const secret = /id="new-secret">\s*(whsec_[A-Za-z0-9+/=]+)/.exec(rotated.text)?.[1];
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(secret).not.toBe(s.hook.secret);
    const stored = await s.team.webhooks.get(s.hook.id);
    expect(stored.secret).toBe(secret);
    expect(JSON.stringify(await s.team.webhooks.list())).not.toContain(s.hook.secret);
    // Afterwards the page masks it again.
    const later = await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(later.text).not.toContain(secret!);
    expect(later.text).toContain(`whsec_…${secret!.slice(-4)}`);

    s.answer.status = 200;
    await s.api.posts.create('features', { title: 'Signed anew' });
    await s.setup.board.webhooks.deliverDue();
    const delivery = s.sent.at(-1)!;
    // By hand (the test clock is days away from real time, which standardwebhooks would refuse).
    const sign = (key: string) =>
      'v1,' + createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
        .update(`${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`)
        .digest('base64');
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'post.created' });
    expect(delivery.headers['webhook-signature']).toBe(sign(secret!));
    expect(delivery.headers['webhook-signature']).not.toBe(sign(s.hook.secret));
  });

  it('"Send test event" queues a webhook.test message for this webhook', async () => {
    const s = await setupHooks();
    await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    const sent = await s.client.post(`/dashboard/webhooks/${s.hook.id}/test`);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/dashboard/webhooks/${s.hook.id}?notice=test_sent`);
    const [message] = await messagesOf(s);
    expect(message).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    expect(JSON.parse(message!.payload)).toMatchObject({ type: 'webhook.test', data: { webhook_id: s.hook.id } });
    const page = await s.client.get(sent.location!);
    expect(page.text).toContain('A test event was queued');
    expect(page.text).toContain('<code>webhook.test</code>');
  });

  it("is a 404 for another organization's team, on every route and form, and changes nothing", async () => {
    const s = await setupHooks();
    await s.api.posts.create('features', { title: 'Theirs' });
    await s.setup.board.webhooks.deliverDue();
    const [message] = await messagesOf(s);
    const other = await s.setup.board.dashboard.organizations.create({ name: 'Other' });
    const member = await s.setup.board.team(other.id).members.add({ email: 'lead@other.test' });
    const pagesB = createPagesHandler(s.setup.board, { organizationId: other.id });
    const intruder = new Client(pagesB);
    const { token } = await s.setup.board.signIn.createLink('team', member.id);
    await intruder.get(`/sign-in/link?token=${token}`);
    expect((await intruder.post('/sign-in/link', { token })).status).toBe(303);
    expect((await intruder.get('/dashboard/webhooks')).status).toBe(200);

    const before = { hook: await s.team.webhooks.get(s.hook.id), messages: await messagesOf(s) };
    const page = await intruder.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('hooks.example.com');
    for (const path of [`/dashboard/webhooks/${s.hook.id}/rotate`, `/dashboard/webhooks/${s.hook.id}/test`, `/dashboard/webhooks/messages/${message!.id}/redeliver`]) {
      const answer = await intruder.post(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('whsec_');
    }
    expect(await s.team.webhooks.get(s.hook.id)).toEqual(before.hook);
    expect(await messagesOf(s)).toEqual(before.messages);

    // The services say the same to code: another organization's webhook and message do not exist.
    const teamB = s.setup.board.team(other.id);
    for (const call of [
      () => teamB.webhooks.get(s.hook.id),
      () => teamB.webhooks.messages(s.hook.id),
      () => teamB.webhooks.attempts(message!.id),
      () => teamB.webhooks.redeliver(message!.id),
      () => teamB.webhooks.rotateSecret(s.hook.id),
      () => teamB.webhooks.sendTest(s.hook.id),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await s.team.webhooks.get(s.hook.id)).toEqual(before.hook);
    expect(await messagesOf(s)).toEqual(before.messages);
  });

  it('unknown and malformed ids are a 404; bad page numbers show the first page', async () => {
    const s = await setupHooks();
    for (const path of ['/dashboard/webhooks/999', '/dashboard/webhooks/0', '/dashboard/webhooks/abc']) expect((await s.client.get(path)).status).toBe(404);
    await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    for (const path of ['/dashboard/webhooks/999/rotate', '/dashboard/webhooks/x/test', '/dashboard/webhooks/messages/999/redeliver', '/dashboard/webhooks/messages/-1/redeliver']) {
      expect((await s.client.post(path)).status).toBe(404);
    }
    expect((await s.team.webhooks.get(s.hook.id)).secret).toBe(s.hook.secret);
    expect(await messagesOf(s)).toEqual([]);
    const odd = await s.client.get(`/dashboard/webhooks/${s.hook.id}?page=-3`);
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('No messages yet.');
  });

  it('forms without the CSRF token, or with a wrong one, change nothing', async () => {
    const s = await setupHooks();
    await s.api.posts.create('features', { title: 'Failing' });
    await s.setup.board.webhooks.deliverDue();
    const before = { hook: await s.team.webhooks.get(s.hook.id), messages: await messagesOf(s) };
    await s.client.get(`/dashboard/webhooks/${s.hook.id}`);
    for (const csrf of ['', 'forged-token-of-plausible-length-0123456789']) {
      for (const path of [`/dashboard/webhooks/${s.hook.id}/rotate`, `/dashboard/webhooks/${s.hook.id}/test`, `/dashboard/webhooks/messages/${before.messages[0]!.id}/redeliver`]) {
        const answer = await s.client.post(path, {}, { csrf });
        expect(answer.status).toBe(403);
        expect(answer.text).not.toContain('whsec_');
      }
    }
    expect(await s.team.webhooks.get(s.hook.id)).toEqual(before.hook);
    expect(await messagesOf(s)).toEqual(before.messages);
  });

  it('a signed-out visitor cannot see the page', async () => {
    const s = await setupHooks();
    const stranger = new Client(s.setup.pages);
    const answer = await stranger.get(`/dashboard/webhooks/${s.hook.id}`);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain('hooks.example.com');
  });
});
