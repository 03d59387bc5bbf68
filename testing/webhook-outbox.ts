/** The webhook outbox: enqueue, lease, attempts and the retry schedule, lists, redelivery, queue depth. */
import type { StorageTx, WebhookEventToEnqueue } from '../src/storage/contract.js';
import { MAX_ATTEMPTS, nextMessageState, RETRY_DELAYS_MS } from '../src/webhooks/schedule.js';
import { at, newOrganization, newWebhook, TestAbort, rejectionOf } from './fixtures.js';
import type { SuiteContext } from './harness.js';

const iso = (ms: number) => new Date(ms).toISOString();

function event(organizationId: number, type: string, overrides: Partial<WebhookEventToEnqueue> = {}): WebhookEventToEnqueue {
  return {
    organization_id: organizationId,
    event_type: type,
    payload: JSON.stringify({ type, timestamp: at(0), data: {} }),
    msg_id_prefix: `msg_${type.replace('.', '')}_`,
    created_at: at(0),
    ...overrides,
  };
}

/** Two organizations; Acme has webhooks for post.created, "*", an inactive "*", and board.created. */
async function seedWebhooks(tx: StorageTx) {
  const acme = await tx.insertOrganization(newOrganization());
  const globex = await tx.insertOrganization(newOrganization({ name: 'Globex' }));
  const posts = await tx.insertWebhook(newWebhook(acme.id, { events: ['post.created'], secret: 'whsec_a' }));
  const all = await tx.insertWebhook(newWebhook(acme.id, { events: ['*'], url: 'https://all.example.com/' }));
  const inactive = await tx.insertWebhook(newWebhook(acme.id, { events: ['*'], active: false }));
  const boards = await tx.insertWebhook(newWebhook(acme.id, { events: ['board.created'] }));
  const other = await tx.insertWebhook(newWebhook(globex.id, { events: ['*'] }));
  return { acme, globex, posts, all, inactive, boards, other };
}

const failure = (minutes: number) => ({
  attempted_at: at(minutes),
  status_code: 500,
  error: 'HTTP 500',
  duration_ms: 12,
  response_body: 'nope',
  success: false,
});

export function webhookOutboxTests(ctx: SuiteContext): void {
  const { expect } = ctx;

  ctx.t.describe('webhook outbox', () => {
    ctx.test('an event is enqueued once for each active subscribed webhook of its organization', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const messages = await ctx.write((tx) => tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created')));
      expect(messages.map((m) => m.webhook_id)).toEqual([seeded.posts.id, seeded.all.id]);
      expect(messages[0]).toEqual({
        id: messages[0]!.id,
        webhook_id: seeded.posts.id,
        msg_id: `msg_postcreated_${seeded.posts.id}`,
        event_type: 'post.created',
        payload: event(seeded.acme.id, 'post.created').payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at(0),
        lease_until: null,
        lease_owner: null,
        created_at: at(0),
      });
      const unsubscribed = await ctx.write((tx) => tx.enqueueWebhookMessages(event(seeded.acme.id, 'vote.created')));
      expect(unsubscribed.map((m) => m.webhook_id)).toEqual([seeded.all.id]);
      await ctx.read(async (tx) => {
        expect(await tx.getWebhookMessage(messages[1]!.id)).toEqual(messages[1]);
        expect(await tx.getWebhookMessage(999)).toBeNull();
        expect((await tx.listWebhookMessages(seeded.inactive.id, { limit: 10, offset: 0 })).total).toBe(0);
        expect((await tx.listWebhookMessages(seeded.other.id, { limit: 10, offset: 0 })).total).toBe(0);
      });
    });

    ctx.test('a test event goes to the one webhook named, whatever its events or state, and never across organizations', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const one = await ctx.write((tx) =>
        tx.enqueueWebhookMessages(event(seeded.acme.id, 'webhook.test', { webhook_id: seeded.inactive.id })),
      );
      expect(one.map((m) => m.webhook_id)).toEqual([seeded.inactive.id]);
      const across = await ctx.write((tx) =>
        tx.enqueueWebhookMessages(event(seeded.acme.id, 'webhook.test', { webhook_id: seeded.other.id, msg_id_prefix: 'msg_x_' })),
      );
      expect(across).toEqual([]);
    });

    ctx.test('messages list newest first with paging and a total; a rolled back enqueue leaves nothing', async () => {
      const seeded = await ctx.write(seedWebhooks);
      for (const [i, minutes] of [3, 1, 3].entries()) {
        await ctx.write((tx) =>
          tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { created_at: at(minutes), msg_id_prefix: `msg_${i}_` })),
        );
      }
      const rolledBack = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { created_at: at(9), msg_id_prefix: 'msg_r_' }));
          throw new TestAbort();
        }),
      );
      expect(rolledBack).toBeTruthy();
      await ctx.read(async (tx) => {
        const page = await tx.listWebhookMessages(seeded.posts.id, { limit: 2, offset: 0 });
        expect(page.total).toBe(3);
        expect(page.rows.map((m) => m.msg_id)).toEqual([`msg_2_${seeded.posts.id}`, `msg_0_${seeded.posts.id}`]);
        const rest = await tx.listWebhookMessages(seeded.posts.id, { limit: 2, offset: 2 });
        expect(rest.rows.map((m) => m.msg_id)).toEqual([`msg_1_${seeded.posts.id}`]);
      });
    });

    ctx.test('due messages of active webhooks are leased once, in due order, until the lease expires', async () => {
      const seeded = await ctx.write(seedWebhooks);
      await ctx.write(async (tx) => {
        await tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { created_at: at(2), msg_id_prefix: 'msg_late_' }));
        await tx.enqueueWebhookMessages(event(seeded.acme.id, 'board.created', { created_at: at(1), msg_id_prefix: 'msg_early_' }));
        await tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { created_at: at(30), msg_id_prefix: 'msg_future_' }));
        await tx.enqueueWebhookMessages(event(seeded.acme.id, 'webhook.test', { webhook_id: seeded.inactive.id, msg_id_prefix: 'msg_off_' }));
      });
      const first = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(5), lease_until: at(6), owner: 'a', limit: 3 }));
      expect(first.map((l) => l.message.msg_id)).toEqual([
        `msg_early_${seeded.all.id}`,
        `msg_early_${seeded.boards.id}`,
        `msg_late_${seeded.posts.id}`,
      ]);
      expect(first[2]).toEqual({
        message: { ...first[2]!.message, lease_owner: 'a', lease_until: at(6) },
        url: seeded.posts.url,
        secret: 'whsec_a',
      });
      const second = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(5), lease_until: at(6), owner: 'b', limit: 10 }));
      expect(second.map((l) => l.message.msg_id)).toEqual([`msg_late_${seeded.all.id}`]);
      expect(await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(5), lease_until: at(6), owner: 'c', limit: 10 }))).toEqual([]);
      const expired = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(6), lease_until: at(7), owner: 'c', limit: 10 }));
      expect(expired.map((l) => l.message.lease_owner)).toEqual(['c', 'c', 'c', 'c']);
    });

    ctx.test('concurrent leases never hand out one message twice', async () => {
      const seeded = await ctx.write(seedWebhooks);
      await ctx.write(async (tx) => {
        for (let i = 0; i < 20; i++) {
          await tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { msg_id_prefix: `msg_${i}_` }));
        }
      });
      const leases = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ctx.write((tx) => tx.leaseWebhookMessages({ now: at(1), lease_until: at(2), owner: `o${i}`, limit: 7 })),
        ),
      );
      const ids = leases.flat().map((l) => l.message.id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    });

    ctx.test('the lease holder records attempts: retries follow the schedule, the ninth attempt is never due', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const [message] = await ctx.write((tx) =>
        tx.enqueueWebhookMessages(event(seeded.acme.id, 'board.created', { webhook_id: seeded.boards.id })),
      );
      let now = Date.parse(at(0));
      const dueTimes: string[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const [leased] = await ctx.write((tx) =>
          tx.leaseWebhookMessages({ now: iso(now), lease_until: iso(now + 60_000), owner: 'me', limit: 1 }),
        );
        expect(leased?.message.attempts).toBe(attempt - 1);
        const stranger = await ctx.write((tx) =>
          tx.recordWebhookAttempt({
            message_id: message!.id,
            owner: 'someone else',
            attempt: failure(0),
            next: nextMessageState(leased!.message, false, iso(now)),
          }),
        );
        expect(stranger).toBeNull();
        const after = await ctx.write((tx) =>
          tx.recordWebhookAttempt({
            message_id: message!.id,
            owner: 'me',
            attempt: { ...failure(0), attempted_at: iso(now) },
            next: nextMessageState(leased!.message, false, iso(now + 1000)),
          }),
        );
        expect(after?.attempts).toBe(attempt);
        expect(after?.lease_owner).toBeNull();
        if (attempt < MAX_ATTEMPTS) {
          expect(after?.status).toBe('pending');
          const due = now + 1000 + RETRY_DELAYS_MS[attempt - 1]!;
          expect(after?.next_attempt_at).toBe(iso(due));
          dueTimes.push(after!.next_attempt_at!);
          const early = await ctx.write((tx) =>
            tx.leaseWebhookMessages({ now: iso(due - 1), lease_until: iso(due + 60_000), owner: 'me', limit: 1 }),
          );
          expect(early).toEqual([]);
          now = due;
        } else {
          expect(after?.status).toBe('failed');
          expect(after?.next_attempt_at).toBeNull();
        }
      }
      expect(dueTimes).toHaveLength(7);
      const later = await ctx.write((tx) => tx.leaseWebhookMessages({ now: iso(now + 1e10), lease_until: iso(now + 2e10), owner: 'me', limit: 5 }));
      expect(later).toEqual([]);
      await ctx.read(async (tx) => {
        const page = await tx.listWebhookAttempts(message!.id, { limit: 3, offset: 0 });
        expect(page.total).toBe(MAX_ATTEMPTS);
        expect(page.rows).toHaveLength(3);
        expect(page.rows[0]!.attempted_at > page.rows[1]!.attempted_at).toBe(true);
        expect(page.rows[0]).toEqual({
          id: page.rows[0]!.id,
          message_id: message!.id,
          webhook_id: seeded.boards.id,
          ...failure(0),
          attempted_at: page.rows[0]!.attempted_at,
        });
      });
    });

    ctx.test('a successful attempt delivers the message; redelivery makes any message due now', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const [message] = await ctx.write((tx) =>
        tx.enqueueWebhookMessages(event(seeded.acme.id, 'board.created', { webhook_id: seeded.boards.id })),
      );
      await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(1), lease_until: at(2), owner: 'me', limit: 1 }));
      const delivered = await ctx.write((tx) =>
        tx.recordWebhookAttempt({
          message_id: message!.id,
          owner: 'me',
          attempt: { attempted_at: at(1), status_code: 204, error: null, duration_ms: 3, response_body: '', success: true },
          next: { status: 'delivered', next_attempt_at: null },
        }),
      );
      expect(delivered).toEqual({ ...message!, status: 'delivered', attempts: 1, next_attempt_at: null });
      const again = await ctx.write((tx) => tx.redeliverWebhookMessage(message!.id, at(50)));
      expect(again).toEqual({ ...message!, status: 'pending', attempts: 1, next_attempt_at: at(50) });
      const leased = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(50), lease_until: at(51), owner: 'x', limit: 5 }));
      expect(leased.map((l) => l.message.id)).toEqual([message!.id]);
      expect(await ctx.write((tx) => tx.redeliverWebhookMessage(999, at(50)))).toBeNull();
    });

    ctx.test('the queue depth counts pending messages of every organization, leased or not, until delivered or failed', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const depth = () => ctx.read((tx) => tx.countPendingWebhookMessages());
      expect(await depth()).toBe(0);
      const acme = await ctx.write((tx) => tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created')));
      await ctx.write((tx) => tx.enqueueWebhookMessages(event(seeded.globex.id, 'post.created', { msg_id_prefix: 'msg_g_' })));
      expect(await depth()).toBe(3);
      const leased = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(1), lease_until: at(2), owner: 'me', limit: 3 }));
      expect(leased).toHaveLength(3);
      expect(await depth()).toBe(3);
      const retried = leased.find((l) => l.message.id === acme[0]!.id)!;
      await ctx.write((tx) => tx.recordWebhookAttempt({ message_id: retried.message.id, owner: 'me', attempt: failure(1), next: nextMessageState(retried.message, false, at(1)) }));
      expect(await depth()).toBe(3);
      const ok = { attempted_at: at(1), status_code: 204, error: null, duration_ms: 3, response_body: '', success: true };
      await ctx.write((tx) => tx.recordWebhookAttempt({ message_id: acme[1]!.id, owner: 'me', attempt: ok, next: { status: 'delivered', next_attempt_at: null } }));
      const gone = leased.find((l) => l.message.webhook_id === seeded.other.id)!;
      await ctx.write((tx) => tx.recordWebhookAttempt({ message_id: gone.message.id, owner: 'me', attempt: failure(1), next: { status: 'failed', next_attempt_at: null } }));
      expect(await depth()).toBe(1);
      await ctx.write((tx) => tx.redeliverWebhookMessage(acme[1]!.id, at(5)));
      expect(await depth()).toBe(2);
      const aborted = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.enqueueWebhookMessages(event(seeded.acme.id, 'post.created', { msg_id_prefix: 'msg_r_' }));
          throw new TestAbort();
        }),
      );
      expect(aborted instanceof TestAbort).toBe(true);
      expect(await depth()).toBe(2);
    });

    ctx.test('a rotated secret is what the next lease carries; deleting a webhook deletes its messages and attempts', async () => {
      const seeded = await ctx.write(seedWebhooks);
      const [message] = await ctx.write((tx) =>
        tx.enqueueWebhookMessages(event(seeded.acme.id, 'board.created', { webhook_id: seeded.boards.id })),
      );
      const rotated = await ctx.write((tx) => tx.updateWebhook(seeded.boards.id, { secret: 'whsec_rotated' }));
      expect(rotated).toEqual({ ...seeded.boards, secret: 'whsec_rotated' });
      const [leased] = await ctx.write((tx) => tx.leaseWebhookMessages({ now: at(1), lease_until: at(2), owner: 'me', limit: 1 }));
      expect(leased?.secret).toBe('whsec_rotated');
      await ctx.write((tx) =>
        tx.recordWebhookAttempt({ message_id: message!.id, owner: 'me', attempt: failure(1), next: nextMessageState(leased!.message, false, at(1)) }),
      );
      expect(await ctx.write((tx) => tx.deleteWebhook(seeded.boards.id))).toBe(true);
      await ctx.read(async (tx) => {
        expect(await tx.getWebhookMessage(message!.id)).toBeNull();
        expect((await tx.listWebhookAttempts(message!.id, { limit: 10, offset: 0 })).total).toBe(0);
        expect((await tx.listWebhookMessages(seeded.boards.id, { limit: 10, offset: 0 })).total).toBe(0);
      });
    });
  });
}
