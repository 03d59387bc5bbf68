/**
 * Private-network refusal: loopback, private, link-local and unspecified targets fail as an
 * attempt (and reach nobody) unless private networks are allowed; in Node, names are checked
 * after DNS resolution, at the address actually connected to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { createNodeWebhookFetch } from '../../src/node/webhook-fetch.js';
import { isPrivateAddress, refusedTarget } from '../../src/webhooks/targets.js';
import { startReceiver, type Receiver } from './receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('private addresses', () => {
  it('knows which addresses are not public', () => {
    const privates = [
      '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '0.0.0.0', '100.64.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'ff02::1',
    ];
    const publics = ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', 'example.com', ''];
    expect(privates.filter((a) => !isPrivateAddress(a))).toEqual([]);
    expect(publics.filter((a) => isPrivateAddress(a))).toEqual([]);
  });

  it('refuses literal private targets, localhost and non-http schemes in any runtime, unless allowed', () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://[::1]/', 'https://localhost/', 'http://api.localhost/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest']) {
      expect(refusedTarget(url, false)).toMatch(/^refused: /);
      expect(refusedTarget(url, true)).toBeNull();
    }
    expect(refusedTarget('ftp://example.com/', true)).toMatch(/^refused: ftp:/);
    expect(refusedTarget('https://hooks.example.com/fb', false)).toBeNull();
  });
});

describe('delivery to private networks', () => {
  async function deliverTo(url: (r: Receiver) => string, allowPrivateNetworks: boolean, node: boolean) {
    receiver = await startReceiver('ok');
    const board = createFeedbackBoard({
      storage: createMemoryStorage(),
      logger: { error: () => undefined },
      webhooks: { allowPrivateNetworks, ...(node ? { fetch: createNodeWebhookFetch({ allowPrivateNetworks }) } : {}) },
    });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const hook = await board.dashboard.webhooks.create(org.id, { url: url(receiver), events: ['*'] });
    await board.dashboard.webhooks.sendTest(hook.id);
    const report = await board.webhooks.deliverDue();
    const [message] = (await board.dashboard.webhooks.messages(hook.id)).rows;
    const [attempt] = (await board.dashboard.webhooks.attempts(message!.id)).rows;
    await board.close();
    return { report, attempt: attempt!, received: receiver.received.length };
  }

  for (const node of [false, true]) {
    it(`refuses 127.0.0.1 as a failed attempt, and delivers with the allowance (${node ? 'Node fetch' : 'global fetch'})`, async () => {
      const refused = await deliverTo((r) => r.url, false, node);
      expect(refused.report).toEqual({ attempted: 1, delivered: 0 });
      expect(refused.attempt).toMatchObject({ success: false, status_code: null, error: expect.stringMatching(/^refused: 127\.0\.0\.1/) });
      expect(refused.received).toBe(0);
      const allowed = await deliverTo((r) => r.url, true, node);
      expect(allowed.report).toEqual({ attempted: 1, delivered: 1 });
      expect(allowed.received).toBe(1);
    });
  }

  it('the Node fetch checks what a name resolves to, and connects to the address it checked', async () => {
    receiver = await startReceiver('ok');
    const viaName = `http://localhost:${receiver.port}/hook`;
    const strict = createNodeWebhookFetch();
    await expect(strict(viaName, { method: 'POST', body: '{}' })).rejects.toMatchObject({ code: 'EPRIVATETARGET' });
    await expect(strict(receiver.url, { method: 'POST', body: '{}' })).rejects.toMatchObject({ code: 'EPRIVATETARGET' });
    expect(receiver.received).toHaveLength(0);
    const open = createNodeWebhookFetch({ allowPrivateNetworks: true });
    const answer = await open(`http://127.0.0.1:${receiver.port}/hook`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    expect(receiver.received[0]).toMatchObject({ body: '{"a":1}', path: '/hook' });
  });
});
