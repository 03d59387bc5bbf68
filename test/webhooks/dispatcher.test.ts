/**
 * The dispatcher under slow receivers: every delivery is independent, one webhook has at most its
 * share of sends under way, and a receiver that never answers delays no other webhook's messages
 * (of its own organization or another), while each message is still attempted once per lease,
 * also with two dispatchers sharing the store.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { createFeedbackBoard } from '../../src/board.js';
import { createWebhookDispatcher, DEFAULT_PER_WEBHOOK_CONCURRENCY } from '../../src/webhooks/dispatcher.js';
import type { WebhookFetch } from '../../src/webhooks/send.js';
import { testClock } from '../helpers/harness.js';

const MESSAGES = 30;

/** A fetch whose `slow.` hosts answer only when released (or aborted), and every other host at once. */
function scriptedFetch() {
  const hanging: (() => void)[] = [];
  const arrived = new Map<string, string[]>();
  const underWay = new Map<string, number>();
  const mostUnderWay = new Map<string, number>();
  const fetch: WebhookFetch = async (url, init) => {
    const host = new URL(url).host;
    const id = new Headers(init.headers).get('webhook-id')!;
    arrived.set(host, [...(arrived.get(host) ?? []), id]);
    underWay.set(host, (underWay.get(host) ?? 0) + 1);
    mostUnderWay.set(host, Math.max(mostUnderWay.get(host) ?? 0, underWay.get(host)!));
    try {
      if (host.startsWith('slow')) {
        await new Promise<void>((resolve, reject) => {
          hanging.push(resolve);
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
      }
      return new Response('ok', { status: 200 });
    } finally {
      underWay.set(host, underWay.get(host)! - 1);
    }
  };
  const releaseAll = () => hanging.splice(0).forEach((release) => release());
  return { fetch, arrived, mostUnderWay, releaseAll, count: (host: string) => arrived.get(host)?.length ?? 0 };
}

/** Two organizations: Acme with three receivers that hang and one healthy, Globex with one healthy. */
async function setup() {
  const storage = createMemoryStorage();
  const board = createFeedbackBoard({ storage });
  const acme = await board.dashboard.organizations.create({ name: 'Acme' });
  const globex = await board.dashboard.organizations.create({ name: 'Globex' });
  for (const name of ['slow1', 'slow2', 'slow3', 'healthy']) {
    await board.dashboard.webhooks.create(acme.id, { url: `https://${name}.example/hook`, events: ['*'] });
  }
  await board.dashboard.webhooks.create(globex.id, { url: 'https://other-org.example/hook', events: ['*'] });
  await storage.transaction('write', async (tx) => {
    for (let i = 0; i < MESSAGES; i++) {
      const created_at = new Date(Date.UTC(2026, 0, 1) + i).toISOString();
      for (const organization_id of [acme.id, globex.id]) {
        await tx.enqueueWebhookMessages({ organization_id, event_type: 'post.created', payload: `{"i":${i}}`, msg_id_prefix: `msg_${organization_id}_${i}_`, created_at });
      }
    }
  });
  return { storage };
}

/** Resolves once `done()` holds, or after `ms` of real time (the test then fails on its assertion). */
async function eventually(done: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('webhook dispatcher and slow receivers', () => {
  it('delivers every message of a healthy webhook while three others never answer, each of those with at most its share under way', async () => {
    const { storage } = await setup();
    const script = scriptedFetch();
    const dispatcher = createWebhookDispatcher({ storage, fetch: script.fetch, timeoutMs: 600_000, logger: { error: () => undefined } });
    const run = dispatcher.deliverDue();
    await eventually(() => script.count('healthy.example') === MESSAGES && script.count('other-org.example') === MESSAGES);
    expect(script.count('healthy.example')).toBe(MESSAGES);
    expect(script.count('other-org.example')).toBe(MESSAGES);
    for (const slow of ['slow1.example', 'slow2.example', 'slow3.example']) {
      expect(script.count(slow)).toBe(DEFAULT_PER_WEBHOOK_CONCURRENCY);
    }
    // Released, the slow receivers get the rest, never more than their share at once.
    for (let round = 0; round < MESSAGES; round++) {
      script.releaseAll();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const released = setInterval(script.releaseAll, 1);
    const report = await run;
    clearInterval(released);
    expect(report).toEqual({ attempted: 5 * MESSAGES, delivered: 5 * MESSAGES });
    for (const [host, ids] of script.arrived) {
      expect(new Set(ids).size, host).toBe(MESSAGES);
      expect(ids.length, host).toBe(MESSAGES);
      expect(script.mostUnderWay.get(host)!, host).toBeLessThanOrEqual(DEFAULT_PER_WEBHOOK_CONCURRENCY);
    }
  });

  it('with two dispatchers on one store, attempts each message once, and a healthy webhook is not held up', async () => {
    const { storage } = await setup();
    const script = scriptedFetch();
    const options = { storage, fetch: script.fetch, timeoutMs: 600_000, perWebhookConcurrency: 1, logger: { error: () => undefined } };
    const runs = [createWebhookDispatcher(options).deliverDue(), createWebhookDispatcher(options).deliverDue()];
    await eventually(() => script.count('healthy.example') === MESSAGES);
    expect(script.count('healthy.example')).toBe(MESSAGES);
    for (const slow of ['slow1.example', 'slow2.example', 'slow3.example']) expect(script.count(slow)).toBeLessThanOrEqual(2);
    const released = setInterval(script.releaseAll, 1);
    const reports = await Promise.all(runs);
    clearInterval(released);
    expect(reports[0]!.attempted + reports[1]!.attempted).toBe(5 * MESSAGES);
    for (const [host, ids] of script.arrived) expect(new Set(ids).size === ids.length && ids.length === MESSAGES, host).toBe(true);
  });

  it('drains a backlog of one webhook in one call: it leases no more than the webhook can take before the leases run short', async () => {
    const storage = createMemoryStorage();
    const board = createFeedbackBoard({ storage });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    await board.dashboard.webhooks.create(org.id, { url: 'https://busy.example/hook', events: ['*'] });
    await storage.transaction('write', async (tx) => {
      for (let i = 0; i < 200; i++) {
        await tx.enqueueWebhookMessages({ organization_id: org.id, event_type: 'post.created', payload: '{}', msg_id_prefix: `msg_${i}_`, created_at: new Date(Date.UTC(2026, 0, 1)).toISOString() });
      }
    });
    const ids: string[] = [];
    // Each send takes 10 ms of the dispatcher's clock, which also times how long a message waited.
    const clock = testClock(Date.UTC(2026, 0, 2));
    const fetch: WebhookFetch = async (_url, init) => {
      ids.push(new Headers(init.headers).get('webhook-id')!);
      await new Promise((resolve) => setTimeout(resolve, 1));
      clock.advance(10);
      return new Response('ok');
    };
    // A message may wait (leaseMs - timeoutMs) / 2 = 150 ms for its turn; 200 at 4 at once take 500 ms.
    const dispatcher = createWebhookDispatcher({ storage, clock, fetch, timeoutMs: 100, leaseMs: 400, logger: { error: () => undefined } });
    expect(await dispatcher.deliverDue()).toEqual({ attempted: 200, delivered: 200 });
    expect(new Set(ids).size).toBe(200);
  });

  it('refuses concurrency options that are not positive integers', async () => {
    const storage = createMemoryStorage();
    for (const bad of [{ perWebhookConcurrency: 0 }, { concurrency: 1.5 }, { batchSize: -1 }]) {
      expect(() => createWebhookDispatcher({ storage, ...bad })).toThrow(RangeError);
    }
  });
});
