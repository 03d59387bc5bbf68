/** The mail to followers: the queue per (voter, post), leases, sends and failures, unsubscribes. */
import type { MailEventToEnqueue, StorageTx } from '../src/storage/contract.js';
import { at, newPost, rejectionOf, seedBoard, seedVoters, TestAbort } from './fixtures.js';
import type { SuiteContext } from './harness.js';

/** One board with two posts and two voters. */
async function seedMail(tx: StorageTx) {
  const { organization, board } = await seedBoard(tx);
  const first = await tx.insertPost(newPost(board.id, { title: 'Dark mode' }));
  const second = await tx.insertPost(newPost(board.id, { title: 'Export' }));
  const [ada, bob] = await seedVoters(tx, organization.id, 2);
  return { organization, board, first, second, ada: ada!, bob: bob! };
}

type Seeded = Awaited<ReturnType<typeof seedMail>>;

const mailEvent = (s: Seeded, voterId: number, postId: number, event: string, minutes: number): MailEventToEnqueue => ({
  organization_id: s.organization.id,
  voter_id: voterId,
  post_id: postId,
  event,
  now: at(minutes),
});

export function mailQueueTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const lease = (minutes: number, owner: string, limit = 10) =>
    ctx.write((tx) => tx.leaseMailQueue({ now: at(minutes), lease_until: at(minutes + 1), owner, limit }));

  ctx.t.describe('mail queue', () => {
    ctx.test('events of one voter and post gather in one row, due when the first came', async () => {
      const s = await ctx.write(seedMail);
      const first = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"a"', 0)));
      expect(first).toEqual({
        id: first.id,
        organization_id: s.organization.id,
        voter_id: s.ada.id,
        post_id: s.first.id,
        events: ['"a"'],
        due_at: at(0),
        next_allowed_at: null,
        attempts: 0,
        last_error: null,
        lease_until: null,
        lease_owner: null,
      });
      const second = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"b"', 3)));
      expect(second).toEqual({ ...first, events: ['"a"', '"b"'] });
      const other = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.bob.id, s.first.id, '"c"', 3)));
      expect(other.id).not.toBe(first.id);
      await ctx.read(async (tx) => {
        expect(await tx.getMailQueueRow(s.ada.id, s.first.id)).toEqual(second);
        expect(await tx.getMailQueueRow(s.ada.id, s.second.id)).toBeNull();
      });
    });

    ctx.test("a post's rows go when it is deleted or its queue dropped; other posts' rows stay", async () => {
      const s = await ctx.write(seedMail);
      const third = await ctx.write((tx) => tx.insertPost(newPost(s.board.id, { title: 'Themes' })));
      for (const post of [s.first, s.second, third]) {
        await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, post.id, '"a"', 0)));
        await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.bob.id, post.id, '"b"', 0)));
      }
      expect(await ctx.write((tx) => tx.deletePost(s.first.id))).toBe(true);
      expect(await ctx.write((tx) => tx.dropMailQueueOfPost(s.second.id))).toBe(2);
      expect(await ctx.write((tx) => tx.dropMailQueueOfPost(s.second.id))).toBe(0);
      await ctx.read(async (tx) => {
        for (const voter of [s.ada, s.bob]) {
          expect(await tx.getMailQueueRow(voter.id, s.first.id)).toBeNull();
          expect(await tx.getMailQueueRow(voter.id, s.second.id)).toBeNull();
          expect((await tx.getMailQueueRow(voter.id, third.id))?.events).toEqual([voter === s.ada ? '"a"' : '"b"']);
        }
      });
      // Nothing of the deleted post is leased later.
      expect((await lease(5, 'sender')).map((row) => row.post_id)).toEqual([third.id, third.id]);
    });

    ctx.test('a rolled back enqueue leaves nothing', async () => {
      const s = await ctx.write(seedMail);
      const rejected = await rejectionOf(
        ctx.write(async (tx) => {
          await tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"a"', 0));
          throw new TestAbort();
        }),
      );
      expect(rejected instanceof TestAbort).toBe(true);
      expect(await ctx.read((tx) => tx.getMailQueueRow(s.ada.id, s.first.id))).toBeNull();
    });

    ctx.test('due rows are leased once, in due order, until the lease expires', async () => {
      const s = await ctx.write(seedMail);
      await ctx.write(async (tx) => {
        await tx.enqueueMailEvent(mailEvent(s, s.bob.id, s.first.id, '"late"', 2));
        await tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"early"', 1));
        await tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.second.id, '"future"', 9));
      });
      expect(await lease(0, 'a')).toEqual([]);
      const leased = await lease(5, 'a');
      expect(leased.map((row) => row.events)).toEqual([['"early"'], ['"late"']]);
      expect(leased.map((row) => [row.lease_owner, row.lease_until])).toEqual([['a', at(6)], ['a', at(6)]]);
      expect(await lease(5, 'b')).toEqual([]);
      expect((await lease(6, 'c', 1)).map((row) => row.events)).toEqual([['"early"']]);
    });

    ctx.test('concurrent leases never hand out one row twice', async () => {
      const s = await ctx.write(seedMail);
      const voters = await ctx.write((tx) => seedVoters(tx, s.organization.id, 20));
      await ctx.write(async (tx) => {
        for (const voter of voters) await tx.enqueueMailEvent(mailEvent(s, voter.id, s.first.id, '"x"', 0));
      });
      const leases = await Promise.all(Array.from({ length: 6 }, (_, i) => lease(1, `o${i}`, 3)));
      const ids = leases.flat().map((row) => row.id);
      expect(ids).toHaveLength(18);
      expect(new Set(ids).size).toBe(18);
    });

    ctx.test('a sent mail takes its events; later ones wait for the window; only the holder records', async () => {
      const s = await ctx.write(seedMail);
      const row = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"a"', 0)));
      await lease(1, 'me');
      // An event arriving while the mail is being sent stays for the next mail.
      await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"b"', 1)));
      const send = { queue_id: row.id, sent_events: 1, now: at(1), outcome: 'sent', next_allowed_at: at(11) } as const;
      expect(await ctx.write((tx) => tx.recordMailSend({ ...send, owner: 'thief' }))).toBeNull();
      const sent = await ctx.write((tx) => tx.recordMailSend({ ...send, owner: 'me' }));
      expect(sent).toEqual({ ...row, events: ['"b"'], due_at: at(11), next_allowed_at: at(11) });
      expect(await ctx.write((tx) => tx.recordMailSend({ ...send, owner: 'me' }))).toBeNull();

      await lease(11, 'me');
      const drained = await ctx.write((tx) =>
        tx.recordMailSend({ ...send, owner: 'me', now: at(11), next_allowed_at: at(21) }),
      );
      expect(drained).toEqual({ ...row, events: [], due_at: null, next_allowed_at: at(21) });
      // Inside the window a new event is due when the window ends; after it, at once.
      const waiting = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"c"', 15)));
      expect(waiting.due_at).toBe(at(21));
      expect(await ctx.read((tx) => tx.listMailFailures(s.organization.id, { limit: 10, offset: 0 }))).toEqual({ rows: [], total: 0 });
    });

    ctx.test('a failed attempt is retried when told; a mail given up is listed newest first, per organization', async () => {
      const s = await ctx.write(seedMail);
      const row = await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"a"', 0)));
      await lease(0, 'me');
      const base = { queue_id: row.id, owner: 'me', sent_events: 1 } as const;
      const retried = await ctx.write((tx) =>
        tx.recordMailSend({ ...base, now: at(0), outcome: 'retry', error: '421 busy', retry_at: at(2) }),
      );
      expect(retried).toEqual({ ...row, attempts: 1, last_error: '421 busy', due_at: at(2) });
      expect(await lease(1, 'me')).toEqual([]);
      await lease(2, 'me');
      await ctx.write((tx) => tx.enqueueMailEvent(mailEvent(s, s.ada.id, s.first.id, '"b"', 2)));
      const failed = await ctx.write((tx) =>
        tx.recordMailSend({ ...base, now: at(3), outcome: 'failed', error: '550 no such user', address: 'ada@example.com' }),
      );
      expect(failed).toEqual({ ...row, events: ['"b"'], due_at: at(3) });
      const page = await ctx.read((tx) => tx.listMailFailures(s.organization.id, { limit: 10, offset: 0 }));
      expect(page.total).toBe(1);
      expect(page.rows[0]).toEqual({
        id: page.rows[0]!.id,
        organization_id: s.organization.id,
        voter_id: s.ada.id,
        post_id: s.first.id,
        address: 'ada@example.com',
        error: '550 no such user',
        attempts: 2,
        failed_at: at(3),
      });
      await lease(3, 'me');
      await ctx.write((tx) =>
        tx.recordMailSend({ ...base, now: at(4), outcome: 'failed', error: 'second', address: 'ada@example.com' }),
      );
      const both = await ctx.read((tx) => tx.listMailFailures(s.organization.id, { limit: 1, offset: 0 }));
      expect(both.total).toBe(2);
      expect(both.rows.map((f) => [f.error, f.attempts])).toEqual([['second', 1]]);
      expect((await ctx.read((tx) => tx.listMailFailures(s.organization.id + 1, { limit: 10, offset: 0 }))).total).toBe(0);
    });

    ctx.test('an unsubscribe covers its post, or with post 0 every post of its board, and is kept once', async () => {
      const s = await ctx.write(seedMail);
      const unsubscribed = (address: string, postId: number) =>
        ctx.read((tx) => tx.isMailUnsubscribed(s.board.id, address, postId));
      await ctx.write((tx) =>
        tx.putMailUnsubscribe({ board_id: s.board.id, address: 'ada@example.com', post_id: s.first.id, created_at: at(0) }),
      );
      await ctx.write((tx) =>
        tx.putMailUnsubscribe({ board_id: s.board.id, address: 'ada@example.com', post_id: s.first.id, created_at: at(1) }),
      );
      expect(await unsubscribed('ada@example.com', s.first.id)).toBe(true);
      expect(await unsubscribed('ada@example.com', s.second.id)).toBe(false);
      expect(await unsubscribed('bob@example.com', s.first.id)).toBe(false);
      await ctx.write((tx) =>
        tx.putMailUnsubscribe({ board_id: s.board.id, address: 'bob@example.com', post_id: 0, created_at: at(0) }),
      );
      expect(await unsubscribed('bob@example.com', s.first.id)).toBe(true);
      expect(await unsubscribed('bob@example.com', s.second.id)).toBe(true);
      expect(await ctx.read((tx) => tx.isMailUnsubscribed(s.board.id + 1, 'bob@example.com', s.first.id))).toBe(false);
    });
  });
}
