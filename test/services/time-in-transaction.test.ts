/**
 * "Now" is read inside the write transaction: a write that waited for the lock is stamped with
 * the time it actually ran, so a claim never starts before the release it waited for, and its
 * TTL is not shortened by the wait.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import type { Storage } from '../../src/storage/contract.js';
import { T0, testClock } from '../helpers/harness.js';
import { memoryAndSqlite } from '../helpers/stores.js';

const WAIT_MS = 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(memoryAndSqlite)('time-stamped writes under lock contention (%s)', (_name, open) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  async function setup() {
    const { storage, done } = open();
    const clock = testClock();
    const board = createFeedbackBoard({ storage, clock, logger: { error: () => undefined } });
    cleanup = async () => {
      await board.close();
      done();
    };
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const write = await board.dashboard.apiKeys.create(org.id, { scope: 'write' });
    const agentA = await board.dashboard.apiKeys.create(org.id, { scope: 'propose' });
    const agentB = await board.dashboard.apiKeys.create(org.id, { scope: 'propose' });
    const admin = await board.api(write.key);
    await admin.boards.create({ slug: 'features', name: 'Features' });
    const post = await admin.posts.create('features', { title: 'Dark mode', status: 'planned' });
    return { board, storage, clock, admin, a: await board.api(agentA.key), b: await board.api(agentB.key), aId: agentA.info.id, post };
  }

  /**
   * Holds the write lock while `during` is called, then advances the clock by WAIT_MS and runs
   * `inside` in the holding transaction before letting go.
   */
  async function contended<T>(
    storage: Storage,
    clock: ReturnType<typeof testClock>,
    during: () => Promise<T>,
    inside: (tx: Parameters<Parameters<Storage['transaction']>[1]>[0]) => Promise<unknown> = async () => undefined,
  ): Promise<T> {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const holder = storage.transaction('write', async (tx) => {
      entered();
      await gate;
      clock.advance(WAIT_MS);
      await inside(tx);
    });
    await holding;
    const result = during();
    result.catch(() => undefined); // the caller sees the rejection; this only keeps it from being reported early
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    await holder;
    return result;
  }

  it('a claim that waited for the release starts at or after the release, with its full TTL', async () => {
    const { storage, clock, a, b, aId, post } = await setup();
    await a.agent.claim('features', post.id, { ttl_seconds: 600 });
    let releasedAt = 0;
    const claimed = await contended(
      storage,
      clock,
      () => b.agent.claim('features', post.id, { ttl_seconds: 600 }),
      async (tx) => {
        releasedAt = clock.now();
        expect(await tx.releaseClaim(post.id, aId, iso(releasedAt))).toBe('released');
      },
    );
    expect(claimed.created).toBe(true);
    expect(Date.parse(claimed.claim.claimed_at)).toBeGreaterThanOrEqual(releasedAt);
    expect(Date.parse(claimed.claim.expires_at) - Date.parse(claimed.claim.claimed_at)).toBe(600_000);
    expect(releasedAt).toBe(T0 + WAIT_MS);
  });

  it('every other time-stamped write is stamped when it runs, not when it was called', async () => {
    const { board, storage, clock, admin, a, post } = await setup();
    const voter = await board.voters.register(1, { email: 'v@example.com' });
    let expected = T0;
    const stampedAfterWait = async (write: () => Promise<string | null | undefined>) => {
      expected = clock.now() + WAIT_MS;
      const stamp = await contended(storage, clock, write);
      expect(stamp).toBe(iso(expected));
    };
    await stampedAfterWait(async () => (await admin.posts.create('features', { title: 'New', status: 'shipped' })).created_at);
    await stampedAfterWait(async () => (await admin.posts.create('features', { title: 'Shipped', status: 'shipped' })).shipped_at);
    await stampedAfterWait(async () => (await admin.boards.create({ slug: 'more', name: 'More' })).created_at);
    await stampedAfterWait(async () => (await a.comments.create('features', post.id, { body: 'Hi' })).created_at);
    await stampedAfterWait(async () => (await a.agent.addEvidence('features', post.id, { kind: 'commit', ref: 'abc123' })).implementation_evidence.at(-1)!.added_at);
    await stampedAfterWait(async () => (await a.agent.proposeStatus('features', post.id, { status: 'in_progress' })).proposal.proposed_at);
    await stampedAfterWait(async () => (await admin.posts.update('features', post.id, { status: 'shipped' })).shipped_at);
    await stampedAfterWait(async () => (await board.voters.comment(voter.id, post.id, { body: 'Me too' })).created_at);
    await stampedAfterWait(async () => (await board.dashboard.apiKeys.create(1, { scope: 'read' })).info.created_at);
    await stampedAfterWait(async () => (await board.dashboard.apiKeys.revoke(2)).revoked_at);
  });
});
